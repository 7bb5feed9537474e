"""Every response carries the security headers, and odd input gets a clear 400 or 404, never a 5xx: the API
answers JSON, the pages the site's own error page that says what to do."""

from __future__ import annotations

import html as markup
import re

import pytest
from test_app import data_dir  # noqa: F401  (the same small archive as the API tests)

from indexer.archive import Archive
from search_app import create_app
from search_app.accounts import Accounts

PASSWORD = "tram-line-to-the-airport"
SECURITY_HEADERS = ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy")


def _fault():
    raise RuntimeError("a bug in a view")


@pytest.fixture(scope="module")
def app(data_dir):  # noqa: F811
    with Archive(data_dir) as archive:
        Accounts(archive.store).add("editor", PASSWORD)
    app = create_app(data_dir)
    # Two views with a bug, to see what a 500 looks like from outside (the server must not show its traceback).
    app.add_url_rule("/api/fault", "api_fault", _fault)
    app.add_url_rule("/fault", "page_fault", _fault)
    return app


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def signed_in(app):
    client = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/archive/sign-in").get_data(as_text=True))
    client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD, "csrf_token": token.group(1)})
    assert client.get("/api/jobs").status_code == 200
    return client


@pytest.fixture(scope="module")
def article_id(data_dir):  # noqa: F811
    with Archive(data_dir) as archive:
        return archive.store.article_ids()[0]


@pytest.mark.parametrize("method, path", [
    ("GET", "/search?q=Oder"), ("GET", "/api/search?q=Oder"), ("GET", "/api/openapi.json"),
    ("GET", "/static/style.css"), ("GET", "/"), ("GET", "/archive"), ("GET", "/api/jobs"),
    ("GET", "/no-such-page"), ("GET", "/api/no-such-endpoint"), ("POST", "/api/search"), ("GET", "/fault"),
    ("GET", "/api/fault"), ("POST", "/archive/sign-in")])
def test_every_response_carries_the_security_headers(client, method, path):
    r = client.open(path, method=method)
    missing = [h for h in SECURITY_HEADERS if h not in r.headers]
    assert not missing, f"{method} {path} ({r.status_code}) lacks {missing}"
    policy = r.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy and "'unsafe-inline'" not in policy
    assert "script-src 'self'" in policy and r.headers["X-Frame-Options"] == "DENY"
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_no_page_holds_inline_script_or_style(client, signed_in, article_id):
    pages = [client.get(p) for p in ("/search?q=Oder", f"/articles/{article_id}", "/quotes?q=lifeline", "/api/",
                                     "/archive/sign-in", "/no-such-page")] + [signed_in.get("/archive")]
    for r in pages:
        html = r.get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=", html), r.request.path


@pytest.mark.parametrize("path, status, says", [
    ("/api/articles/{id}?version=99999999999999999999", 400, "'version' must be between 1 and"),
    ("/api/articles/{id}?version=abc", 400, "'version' must be a whole number, got 'abc'"),
    ("/api/articles/{id}?version=0", 400, "'version' must be between 1 and"),
    ("/api/articles/{id}?version=7", 404, "has no version 7: it has versions 1 to 1"),
    ("/api/articles/no-such-article?version=1", 404, "no article with id 'no-such-article'"),
    ("/api/search?q=Oder&page=99999999999999999999", 400, "'page' must be between 1 and 10000"),
    ("/api/search?q=Oder&page=-1", 400, "'page' must be between 1 and 10000"),
    ("/api/search?q=Oder&limit=1e3", 400, "'limit' must be a whole number"),
    ("/api/search?q=Oder&year=abcd", 400, "year must be a year of four digits, like 2026 (not 'abcd')"),
    ("/api/quotes?q=lifeline&limit=0", 400, "'limit' must be between 1 and 100"),
    ("/api/quotes/nothing:99999999999999999999", 404, "no quotation with id"),
    ("/api/no-such-endpoint", 404, "see /api/openapi.json"),
    ("/api/fault", 500, "nothing you sent was lost"),
])
def test_the_api_answers_odd_input_in_json_with_what_to_change(client, article_id, path, status, says):
    r = client.get(path.format(id=article_id))
    assert r.status_code == status and r.is_json, (r.status_code, r.get_data(as_text=True)[:200])
    assert says in r.get_json()["error"]
    assert "Traceback" not in r.get_data(as_text=True) and "a bug in a view" not in r.get_data(as_text=True)


def test_the_api_answers_a_wrong_method_in_json_naming_the_right_one(client):
    r = client.delete("/api/search?q=Oder")
    assert r.status_code == 405 and r.is_json and "use GET" in r.get_json()["error"]
    assert "GET" in r.headers["Allow"]


@pytest.mark.parametrize("path, status, says", [
    ("/search?q=Oder&page=abc", 400, "'page' must be a whole number, got 'abc'"),
    ("/search?q=Oder&page=99999999999999999999", 400, "'page' must be between 1 and 10000"),
    ("/quotes?q=lifeline&page=0", 400, "'page' must be between 1 and 10000"),
    ("/articles/no-such-article", 404, "There is nothing at this address"),
    ("/quotes/nothing:99999999999999999999", 404, "There is nothing at this address"),
    ("/no-such-page", 404, "search the archive from the box above"),
    ("/fault", 500, "nothing you sent was lost"),
])
def test_the_pages_answer_odd_input_with_the_sites_error_page(client, path, status, says):
    r = client.get(path)
    html = markup.unescape(r.get_data(as_text=True))
    assert r.status_code == status and r.mimetype == "text/html"
    assert 'class="narrow error-page"' in html and 'class="brand"' in html, "the site's own page, with its header"
    assert says in html and "a bug in a view" not in html


@pytest.mark.parametrize("path, kind", [("/api/jobs/9223372036854775808", "json"), ("/api/jobs/1", "json"),
                                        ("/archive/jobs/99999999999999999999", "html")])
def test_job_ids_beyond_any_stored_are_not_found(signed_in, path, kind):
    r = signed_in.get(path)
    assert r.status_code == 404
    assert (r.is_json and "there is no job" in r.get_json()["error"]) if kind == "json" else "error-page" in r.text


def test_cancelling_a_job_beyond_any_stored_is_not_found(signed_in):
    token = re.search(r'name="csrf_token" value="([^"]+)"', signed_in.get("/archive").get_data(as_text=True))
    r = signed_in.post("/archive/jobs/99999999999999999999/cancel", data={"csrf_token": token.group(1)})
    assert r.status_code == 404 and "error-page" in r.get_data(as_text=True)


def test_a_form_without_its_token_gets_a_page_that_says_to_reload(client):
    r = client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD})
    html = r.get_data(as_text=True)
    assert r.status_code == 400 and "error-page" in html and "reload the page and try again" in html


def test_signed_in_pages_are_not_kept_in_caches(signed_in):
    assert signed_in.get("/archive").headers["Cache-Control"] == "no-store"
