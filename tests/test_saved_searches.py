"""Saved searches, the journalist's desk: save a search (with its filters) or a quotation search, see on
/saved-searches what is new in each since the last visit, and follow each in a feed reader through its Atom feed,
fetched over real HTTP without a session; a wrong token, another user or a hostile form gets a clear 4xx, never a
5xx, and nothing they sent is silently dropped."""

from __future__ import annotations

import re
import threading
import time
import urllib.error
import urllib.request
from html import unescape
from xml.etree import ElementTree

import pytest
from conftest import page_html
from test_app import data_dir  # noqa: F401
from werkzeug.serving import make_server

from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from search_app import create_app
from search_app.accounts import Accounts

ATOM = "{http://www.w3.org/2005/Atom}"
PASSWORD = "tram-line-to-the-airport"
NEW_STORY = ("Oder steigt in Frankfurt weiter", [
    "Die Oder ist in Frankfurt (Oder) am Montag weiter gestiegen.",
    "„Wir bleiben die ganze Nacht wachsam“, sagte der Hydrologe Jonas Albrecht am Montag."], "de",
    "2026-03-16T08:00:00+01:00")


@pytest.fixture(scope="module")
def data(data_dir):  # noqa: F811 (the API tests' small archive, this module's own copy)
    with Archive(data_dir) as archive:
        for name in ("editor", "rival", "desk"):
            Accounts(archive.store).add(name, PASSWORD)
    return data_dir


@pytest.fixture(scope="module")
def app(data):
    return create_app(data, TESTING=True)


def _token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def _signed_in(app, name: str = "editor"):
    client = app.test_client()
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    assert client.post("/archive/sign-in", data={"name": name, "password": PASSWORD,
                                                 "csrf_token": token}).status_code == 302
    return client


def _save(client, **fields):
    token = _token(client.get("/saved-searches").get_data(as_text=True))
    return client.post("/saved-searches", data={"csrf_token": token, **fields})


def _text(html: str) -> str:
    """Text as a browser shows it (a <q> between quotation marks)."""
    html = html.replace("<q>", "“").replace("</q>", "”")
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))).strip()


def _saved(client) -> list[dict]:
    """The list as a reader sees it: per saved search its name, what it searches, what is new, and its links."""
    html = client.get("/saved-searches").get_data(as_text=True)
    found = []
    for block in re.findall(r'<li class="saved">(.*?)</ul>\s*</li>', html, re.S):
        found.append({
            "name": unescape(re.search(r"<h2[^>]*>(.*?)</h2>", block).group(1)),
            "words": _text(re.search(r'<p class="meta">(.*?)</p>', block, re.S).group(1)),
            "new": unescape(re.sub(r"<[^>]+>", "", m.group(1))).strip()
            if (m := re.search(r'<p class="new[^"]*">(.*?)</p>', block, re.S)) else None,
            "run": unescape(re.search(r'<a href="([^"]+)">Run this search', block).group(1)),
            "feed": unescape(re.search(r'<a href="([^"]+)" type="application/atom\+xml">', block).group(1)),
            "delete": re.search(r'action="(/saved-searches/\d+/delete)"', block).group(1),
        })
    return found


def test_saving_an_article_search_keeps_every_filter_and_runs_it_again(app):
    client = _signed_in(app)
    page = client.get("/search", query_string={"q": "Oder", "language": "de", "from": "2026-03-01"})
    html = page.get_data(as_text=True)
    assert "Save this search" in html and 'name="name" value="Oder"' in html, "offered, named after the query"
    assert 'href="/saved-searches"' in html, "the header leads to the saved searches"
    r = client.post("/saved-searches", data={"csrf_token": _token(html), "kind": "articles", "q": "Oder",
                                             "language": "de", "from": "2026-03-01", "name": "Oder in German"})
    assert r.status_code == 303 and r.headers["Location"].endswith("/saved-searches")
    [saved] = [s for s in _saved(client) if s["name"] == "Oder in German"]
    assert saved["words"] == "Articles: Words: “Oder” · Language: “German” · From: “2026-03-01”"
    assert saved["new"].startswith("0 new since your last visit")
    rerun = client.get(saved["run"]).get_data(as_text=True)
    assert "Hochwasser erreicht Frankfurt (Oder)" in rerun and "Oder flood forces" not in rerun


def test_saving_a_quotation_search(app):
    client = _signed_in(app)
    html = client.get("/quotes", query_string={"speaker": "Jonas Albrecht", "fragments": "no"}).get_data(as_text=True)
    assert 'name="kind" value="quotes"' in html and 'name="fragments" value="no"' in html
    assert _save(client, kind="quotes", speaker="Jonas Albrecht", fragments="no",
                 name="What Albrecht says").status_code == 303
    [saved] = [s for s in _saved(client) if s["name"] == "What Albrecht says"]
    assert saved["words"] == "Quotations: Speaker: “Jonas Albrecht” · Quotations: “only full statements”"
    rerun = client.get(saved["run"]).get_data(as_text=True)
    assert "Die Lage ist ernst, aber unter Kontrolle" in rerun


def test_signed_out_there_is_no_save_form_and_no_list(app):
    client = app.test_client()
    assert "Save this search" not in client.get("/search?q=Oder").get_data(as_text=True)
    r = client.get("/saved-searches")
    assert r.status_code == 302 and "/archive/sign-in" in r.headers["Location"]


def test_what_is_new_since_the_last_visit_goes_up_when_an_article_comes_in(app, data, tmp_path):
    client = _signed_in(app, "desk")
    assert _save(client, q="Oder", language="de", name="Oder in German").status_code == 303
    assert _save(client, kind="quotes", speaker="Jonas Albrecht", name="Albrecht").status_code == 303
    assert _save(client, q="sleeper", name="Trains").status_code == 303
    assert [s["new"].split(" (")[0] for s in _saved(client)] == ["0 new since your last visit"] * 3
    time.sleep(1.1)  # the store counts in whole seconds: the story comes in after the visit
    title, paras, lang, date = NEW_STORY
    (tmp_path / "later.html").write_text(page_html(title, paras, lang=lang, published=date,
                                                   url="https://www.test-courier.example/later/"), encoding="utf-8")
    with Archive(data) as archive:
        assert len(ingest(archive, [str(tmp_path)]).added) == 1
    news = {s["name"]: s["new"].split(" (")[0] for s in _saved(client)}
    assert news == {"Oder in German": "1 new since your last visit", "Albrecht": "1 new since your last visit",
                    "Trains": "0 new since your last visit"}
    assert {s["new"].split(" (")[0] for s in _saved(client)} == {"0 new since your last visit"}, \
        "seen on the last visit: no longer new"


@pytest.fixture(scope="module")
def server(app):
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    app.config["BASE_URL"] = f"http://127.0.0.1:{srv.server_port}"  # as `newsarchive serve` names its address
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield app.config["BASE_URL"]
    srv.shutdown()


def _fetch(url: str) -> tuple[int, str, bytes]:
    """What a feed reader gets: no cookies, no session."""
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers["Content-Type"], r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read()


def test_a_feed_reader_gets_the_matches_as_atom_without_a_session(app, server):
    client = _signed_in(app)
    _save(client, q="Oder", name="Oder everywhere")
    _save(client, kind="quotes", speaker="Katarzyna Wiśniewska", name="Wiśniewska")
    saved = {s["name"]: s for s in _saved(client)}
    status, kind, body = _fetch(server + saved["Oder everywhere"]["feed"])
    assert (status, kind) == (200, "application/atom+xml; charset=utf-8")
    feed = ElementTree.fromstring(body)
    assert feed.tag == f"{ATOM}feed" and feed.findtext(f"{ATOM}title") == "Oder everywhere"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)", feed.findtext(f"{ATOM}updated"))
    entries = feed.findall(f"{ATOM}entry")
    expected = {h["title"] for h in client.get("/api/search?q=Oder").get_json()["hits"]}
    assert {e.findtext(f"{ATOM}title") for e in entries} == expected
    flood = next(e for e in entries if e.findtext(f"{ATOM}title").startswith("Oder flood"))
    link = flood.find(f"{ATOM}link").get("href")
    assert link.startswith(server + "/articles/") and _fetch(link)[0] == 200, "an absolute link to the article page"
    assert flood.findtext(f"{ATOM}published") == "2026-03-14T09:00:00+01:00", "the date with its offset"
    assert flood.findtext(f"{ATOM}author/{ATOM}name") == "Test Courier"
    assert "Wrocław" in flood.findtext(f"{ATOM}summary")
    quotes = ElementTree.fromstring(_fetch(server + saved["Wiśniewska"]["feed"])[2]).findall(f"{ATOM}entry")
    assert quotes and all("/quotes/" in q.find(f"{ATOM}link").get("href") for q in quotes)
    assert "four hundred families" in quotes[0].findtext(f"{ATOM}title")


def test_a_wrong_or_missing_token_is_not_found(app, server):
    client = _signed_in(app)
    _save(client, q="train", name="Trains for the feed test")
    feed = next(s["feed"] for s in _saved(client) if s["name"] == "Trains for the feed test")
    path, token = feed.split("?token=")
    other = re.sub(r"/\d+/", "/99999/", path)
    for url in (path, f"{path}?token=", f"{path}?token={token[:-1]}x", f"{other}?token={token}",
                f"{path}?token={'a' * 5000}", "/saved-searches/99999999999999999999999/feed.atom?token=x"):
        assert _fetch(server + url)[0] == 404, url


def test_another_user_can_neither_see_nor_delete_a_saved_search(app):
    editor, rival = _signed_in(app), _signed_in(app, "rival")
    _save(editor, q="Warsaw", name="The editor's Warsaw")
    mine = next(s for s in _saved(editor) if s["name"] == "The editor's Warsaw")
    assert all(s["name"] != "The editor's Warsaw" for s in _saved(rival))
    token = _token(rival.get("/saved-searches").get_data(as_text=True))
    assert rival.post(mine["delete"], data={"csrf_token": token}).status_code == 404
    assert any(s["name"] == "The editor's Warsaw" for s in _saved(editor)), "still there"
    token = _token(editor.get("/saved-searches").get_data(as_text=True))
    r = editor.post(mine["delete"], data={"csrf_token": token})
    assert r.status_code == 303 and all(s["name"] != "The editor's Warsaw" for s in _saved(editor))
    assert editor.get(mine["feed"]).status_code == 404, "its feed ends with it"


def test_a_form_without_the_csrf_token_is_refused(app):
    client = _signed_in(app)
    assert client.post("/saved-searches", data={"q": "Oder", "name": "forged"}).status_code == 400
    _save(client, q="budget", name="Budget")
    budget = next(s for s in _saved(client) if s["name"] == "Budget")
    assert client.post(budget["delete"]).status_code == 400
    assert any(s["name"] == "Budget" for s in _saved(client))
    assert all(s["name"] != "forged" for s in _saved(client))


@pytest.mark.parametrize(("fields", "says"), [
    ({"q": "Oder", "name": ""}, "Give the saved search a name"),
    ({"q": "Oder", "name": "   "}, "Give the saved search a name"),
    ({"q": "Oder", "name": "x" * 5000}, "longer than 200 characters"),
    ({"q": "Oder", "name": "Oder\x00\x1b[31m"}, "control characters"),
    ({"q": "Oder\nflood", "name": "two lines"}, "control characters"),
    ({"q": "Oder " * 500, "name": "long query"}, "longer than 1000 characters"),
    ({"name": "nothing"}, "There is nothing to save"),
    ({"kind": "everything", "q": "Oder", "name": "x"}, "kind must be articles or quotes"),
    ({"q": '"unclosed', "name": "broken"}, "double quote"),
    ({"q": "Oder", "year": "last year", "name": "bad year"}, "year must be a year of four digits"),
    ({"kind": "quotes", "speaker": "Albrecht", "fragments": "maybe", "name": "x"}, "fragments may only be no"),
])
def test_a_form_that_cannot_be_saved_says_what_to_change(app, fields, says):
    client = _signed_in(app)
    before = len(_saved(client))
    r = _save(client, **fields)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert says in unescape(html)
    assert 'name="name"' in html and "Save this search" in html, "the form comes back to be corrected"
    assert len(_saved(client)) == before, "nothing was saved"


def test_an_unknown_field_is_named_back_not_kept(app):
    client = _signed_in(app)
    r = _save(client, q="Oder", place="Wrocław", bogus="<script>alert(1)</script>", name="<b>Oder</b> & Wrocław")
    assert r.status_code == 303
    notice = unescape(client.get("/saved-searches").get_data(as_text=True))
    assert "Not saved with it: bogus (not arguments of this search)." in notice
    html = client.get("/saved-searches").get_data(as_text=True)
    assert "<b>Oder</b>" not in html and "&lt;b&gt;Oder&lt;/b&gt; &amp; Wrocław" in html, "the name is text, not HTML"
    [saved] = [s for s in _saved(client) if s["name"] == "<b>Oder</b> & Wrocław"]
    assert saved["words"] == "Articles: Words: “Oder” · Places: “Wrocław”"


def test_a_huge_id_is_not_found(app):
    client = _signed_in(app)
    token = _token(client.get("/saved-searches").get_data(as_text=True))
    assert client.post("/saved-searches/99999999999999999999999/delete", data={"csrf_token": token}).status_code == 404
