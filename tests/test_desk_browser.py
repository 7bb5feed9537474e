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


def test_dragging_across_the_date_chart_narrows_the_search_to_those_bars(desk, page):
    page.goto(desk.url + "/search?q=*&interval=day")
    bars = page.locator(".bars li")
    assert bars.count() >= 3, "the archive's articles span several days"
    assert page.locator(".interval [aria-current]").inner_text() == "day", "the interval asked for is shown"
    first, last = bars.nth(0), bars.nth(bars.count() - 2)
    start, end = first.get_attribute("data-start"), last.get_attribute("data-end")
    a, b = first.bounding_box(), last.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    assert page.locator(".bars li.brushed").count() == bars.count() - 1, "the bars dragged over are marked"
    with page.expect_navigation():
        page.mouse.up()
    assert f"from={start}" in page.url and f"to={end}" in page.url and "interval=day" in page.url
    assert page.locator(".chip").count() == 2, "the dates are filters now, each one chip"
    # a plain click on one bar still narrows to that bar alone
    page.goto(desk.url + "/search?q=*&interval=day")
    with page.expect_navigation():
        page.locator(".bars li a").first.click()
    one = page.locator(".bars li a").first
    assert "from=" in page.url and page.url.split("from=")[1][:10] == page.url.split("to=")[1][:10]
    assert one.count() == 1


def test_folding_wire_copies_is_one_click_and_one_back(wire, page):
    page.goto(wire.url + "/search?q=Brezno")
    assert page.locator("#total").inner_text() == "3"
    page.click("text=One result per story")
    assert page.locator("#total").inner_text() == "2" and "stories match" in page.inner_text("h1")
    assert page.locator(".hit .meta", has_text="Central Agency").locator(".folded").inner_text() \
        == "stands for 1 more copy in these results"
    assert "Valley Courier" not in " ".join(page.locator(".hit .meta").all_inner_texts())
    page.click("text=Show every copy")
    assert page.locator("#total").inner_text() == "3"


@pytest.fixture(scope="module")
def wire(tmp_path_factory):
    """An agency story, a regional paper's later copy of it and another outlet's own story, served on 127.0.0.1."""
    from test_wire_copies import AGENCY, OWN_STORY, archive_of

    root = tmp_path_factory.mktemp("wire-browser")
    archive_of(root, [("agency", "Central Agency", "The pass", AGENCY, "2026-05-04T07:10:00+02:00"),
                      ("valley", "Valley Courier", "The pass", AGENCY[:4], "2026-05-04T09:30:00+02:00"),
                      ("capital", "Capital Evening", "The pass", OWN_STORY, "2026-05-05T18:00:00+02:00")])
    srv = make_server("127.0.0.1", 0, create_app(root / "data"), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield SimpleNamespace(url=f"http://127.0.0.1:{srv.server_port}")
    srv.shutdown()
