"""The search page in a real browser (Debian's chromium, headless) against a real server on 127.0.0.1."""

from __future__ import annotations

import threading

import pytest
from conftest import CHROMIUM
from test_app import data_dir  # noqa: F401  (the same small archive as the API tests)
from werkzeug.serving import make_server

from search_app import create_app

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed (apt-get install chromium)")


@pytest.fixture(scope="module")
def server(data_dir):  # noqa: F811
    srv = make_server("127.0.0.1", 0, create_app(data_dir), threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


def test_search_then_narrow_by_a_facet(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.fill("input[name=q]", "Oder")
    page.keyboard.press("Enter")
    page.wait_for_selector(".hit")
    assert page.inner_text("#total") == "2"
    assert page.locator(".hit .title").count() == 2
    assert page.locator(".snippet mark").count() >= 1
    page.click("section[data-facet=language] a:text('German')")
    page.wait_for_selector(".chip")
    assert page.inner_text("#total") == "1"
    assert page.inner_text(".hit .title") == "Hochwasser erreicht Frankfurt (Oder)"
    page.click(".hit .title")
    page.wait_for_selector("article.article h1")
    assert "Jonas Albrecht" in page.inner_text("section.quotes")
    page.close()


def test_query_error_is_shown_not_a_crash(server, browser):
    page = browser.new_page()
    response = page.goto(server + '/search?q=%22unclosed')
    assert response.status == 400
    assert "double quote" in page.inner_text(".error")
    page.close()


@pytest.fixture(scope="module")
def archive_server(tmp_path_factory):
    """An archive with one archivist, served for the sign-in and upload flow."""
    from indexer.archive import Archive
    from search_app.accounts import Accounts

    data = tmp_path_factory.mktemp("archive-area") / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("editor", "tram-line-to-the-airport")
    srv = make_server("127.0.0.1", 0, create_app(data), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


def test_archivist_signs_in_uploads_a_page_and_watches_the_job(archive_server, browser, tmp_path):
    from conftest import page_html

    story = tmp_path / "tram.html"
    story.write_text(page_html("City council approves new tram line",
                               ["The council voted on Tuesday to build a tram line to the airport."],
                               url="https://www.test-courier.example/tram/"), encoding="utf-8")
    page = browser.new_page()
    refused = _violations(page)
    page.goto(archive_server + "/search")
    page.click("text=Add articles")
    page.wait_for_selector("input[name=password]")
    page.fill("input[name=name]", "editor")
    page.fill("input[name=password]", "tram-line-to-the-airport")
    page.click("button:text('Sign in')")
    page.wait_for_selector("input[type=file]")
    page.set_input_files("input[type=file]", str(story))
    page.click("button:text('Add to the archive')")
    page.wait_for_selector("#job[data-status=done]", timeout=120_000)
    assert "1 added" in page.inner_text(".result")
    page.click("text=See the newest articles")
    page.wait_for_selector(".hit")
    assert "City council approves new tram line" in page.inner_text(".hits")
    assert refused == [], "the job page refreshes itself without inline script"
    page.close()


def _violations(page) -> list[str]:
    """Collects what the Content-Security-Policy refused on this page, as the browser reports it."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                         "console.error('Content Security Policy refused ' + e.violatedDirective + ' ' + e.blockedURI))")
    return seen


def test_the_main_pages_load_without_a_content_security_policy_violation(server, browser):
    page = browser.new_page()
    refused = _violations(page)
    page.goto(server + "/search?q=Oder")
    page.click(".hit .title")
    page.wait_for_selector("article.article h1")
    page.click("section.quotes a.quote")
    page.wait_for_selector(".statement")
    for path in ("/search", "/quotes?q=lifeline", "/api/", "/archive/sign-in", "/no-such-page"):
        page.goto(server + path)
        assert page.locator("link[rel=stylesheet]").count() == 1
        assert page.evaluate("getComputedStyle(document.querySelector('.top')).display") == "flex", "style.css applies"
    assert refused == []
    page.close()


def test_an_injected_inline_script_would_not_run(server, browser):
    """The policy is enforced, not only sent: inline code put into one of the pages is refused."""
    page = browser.new_page()
    refused = _violations(page)
    page.goto(server + "/search")
    ran = page.evaluate("""() => { const s = document.createElement('script'); s.textContent = 'window.pwned = 1';
                                   document.body.appendChild(s); return window.pwned === 1; }""")
    assert not ran and any("script-src" in line for line in refused)
    page.close()


def test_the_archive_area_loads_without_a_content_security_policy_violation(archive_server, browser):
    page = browser.new_page()
    refused = _violations(page)
    page.goto(archive_server + "/archive/sign-in")
    page.fill("input[name=name]", "editor")
    page.fill("input[name=password]", "tram-line-to-the-airport")
    page.click("button:text('Sign in')")
    page.wait_for_selector("input[type=file]")
    page.fill("textarea[name=urls]", "not a url")
    page.click("button:text('Add to the archive')")
    page.wait_for_selector(".error")
    page.goto(archive_server + "/archive/jobs/99999999999999999999")
    assert page.inner_text("h1") == "Not found"
    assert refused == []
    page.close()
