"""The journalist's desk clicked through in a real browser (Debian's chromium) against a real server on 127.0.0.1:
browsing by a facet alone, an article's versions and what changed, citing it, downloading a result set, saving a
search and reading its feed, and a statement traced into another language."""

from __future__ import annotations

import csv
import io
import threading
from types import SimpleNamespace

import pytest
from conftest import CHROMIUM
from test_provenance import _ferry_reports
from test_web_for_everyone import ARCHIVIST, DESK, _context, _sign_in, small_archive
from werkzeug.serving import make_server

from search_app import create_app

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed (apt-get install chromium)")


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    """The small archive of the accessibility tests (an article in two versions), the ferry reports in English and
    German (one statement in two languages) and an archivist, served on 127.0.0.1."""
    from indexer.archive import Archive
    from indexer.ingest.pipeline import ingest
    from search_app.accounts import Accounts

    root = tmp_path_factory.mktemp("desk-browser")
    data = small_archive(root)
    with Archive(data) as archive:
        ingest(archive, [str(_ferry_reports(root))])
        Accounts(archive.store).add(*ARCHIVIST)
    srv = make_server("127.0.0.1", 0, create_app(data), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield SimpleNamespace(url=f"http://127.0.0.1:{srv.server_port}", data=data)
    srv.shutdown()


@pytest.fixture
def page(browser):
    context = _context(browser, DESK)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    yield context.new_page()
    context.close()


def test_a_facet_alone_browses_newest_first(desk, page):
    page.goto(desk.url + "/search?source=Ostsee-Kurier")
    titles = page.locator(".hit .title").all_inner_texts()
    assert titles == ["Bornholm-Fähre zieht Bilanz", "Fähre nach Bornholm fährt wieder"]
    assert page.input_value("#q") == "", "no words were typed"


def test_an_article_shows_what_changed_and_each_version(desk, page):
    page.goto(desk.url + "/search?q=sleeper")
    page.click(".hit .title")
    assert "version 2 of 2" in page.inner_text("article .meta")
    assert "second daily departure" in page.inner_text("ins")
    page.click("nav.versions a:text('version 1')")
    assert "version=1" in page.url and "version 1 of 2" in page.inner_text("article .meta")
    assert "second daily departure" not in page.inner_text("article .body")


def test_the_cite_button_copies_the_citation(desk, page):
    page.goto(desk.url + "/search?q=sleeper")
    page.click(".hit .title")
    page.click("#cite")
    page.wait_for_function("document.getElementById('cite-status').textContent.length > 0")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Test Courier, \"Night train links Kyiv and Warsaw\"") and "archived at http" in copied
    assert page.inner_text("#cite-status") == "Citation copied"


def test_a_result_set_downloads_as_csv_with_every_match(desk, page):
    page.goto(desk.url + "/search?q=Bornholm")
    total = int(page.inner_text("#total"))
    with page.expect_download() as download:
        page.click("a:text('Download CSV')")
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text(encoding="utf-8-sig"))))
    assert len(rows) == total == 3 and {r["source"] for r in rows} == {"Baltic Wire", "Ostsee-Kurier"}


def test_a_saved_search_is_listed_and_its_feed_reads_without_a_session(desk, page, browser):
    _sign_in(page, desk.url)
    page.goto(desk.url + "/search?q=Bornholm&language=de")
    page.click("details.save-search > summary")
    page.fill("details.save-search input[name=name]", "Bornholm ferry, German press")
    page.click("details.save-search button[type=submit]")
    page.goto(desk.url + "/saved-searches")
    assert "Bornholm ferry, German press" in page.inner_text("main")
    feed = page.get_attribute("a[href*='feed.atom']", "href")
    stranger = browser.new_context()  # a feed reader: no cookies
    answer = stranger.request.get(desk.url + feed if feed.startswith("/") else feed)
    assert answer.status == 200 and "Fähre nach Bornholm fährt wieder" in answer.text()
    stranger.close()


def test_a_statement_is_traced_into_another_language(desk, page):
    page.goto(desk.url + "/quotes?speaker=Marta+Kowalska")
    page.locator("a.quote:text('Seit vierzig Jahren')").first.click()  # the newest: the same words a month later
    page.wait_for_selector(".statement")
    first = page.inner_text("p.first")
    assert "Baltic Wire" in first and "in English" in first, "the English wire ran it first, a month before"
    assert page.locator(".appearances .translated").count() == 1
    assert page.locator(".appearances li").count() == 3
