"""The web app for everyone, in a real browser (Debian's chromium, headless) against a real server on 127.0.0.1:
0 axe-core violations on every page a journalist or archivist sees, at a desk and on a phone, in the interface's
languages; no sideways scrolling at 375 px, the first result on the first screen with the filters folded, touch
targets of at least 24 px; the keyboard alone reaches the results; a screen reader hears how many were found; a
right-to-left interface lays out from the right."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest
from conftest import CHROMIUM, page_html
from test_app import PAGES
from werkzeug.serving import make_server

from search_app import create_app

ROOT = Path(__file__).resolve().parent.parent
AXE = Path(os.environ.get("NEWSARCHIVE_AXE", ROOT / ".cache/axe/node_modules/axe-core/axe.min.js"))
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
DESK, PHONE = {"width": 1280, "height": 800}, {"width": 375, "height": 740}
ARCHIVIST = ("editor", "tram-line-to-the-airport")
SCREENSHOTS = os.environ.get("NEWSARCHIVE_SCREENSHOTS")  # a folder: the pictures in docs/ are taken from these runs

pytestmark = [
    pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed (apt-get install chromium)"),
    pytest.mark.skipif(not AXE.exists(), reason=f"axe-core is not at {AXE} (scripts/test installs it with npm)"),
]

# The same statement run by a second outlet (provenance on the quote page), and a story that changed after it ran
# (two versions on the article page).
SECOND_OUTLET = ("Wrocław evacuates riverside districts", [
    "Firefighters in Wrocław moved residents away from the Oder embankments overnight.",
    "“We have moved four hundred families to higher ground,” said Katarzyna Wiśniewska of the regional crisis "
    "office."], "en", "2026-03-14T11:30:00+01:00")
TRAIN_UPDATED = ("Night train links Kyiv and Warsaw", [
    "The first direct sleeper train from Kyiv arrived in Warsaw on Friday morning after a journey of 15 hours.",
    "“This is a line people have waited for,” said Tomasz Zieliński, the Polish deputy minister.",
    "A second daily departure will be added in June, the operator said on Saturday."], "en",
    "2026-04-17T07:00:00+02:00")


def _write(folder: Path, name: str, story: tuple, outlet: str = "test-courier") -> None:
    title, paras, lang, date = story
    url = f"https://www.{outlet}.example/{name.removesuffix('.html')}/"
    (folder / name).write_text(page_html(title, paras, lang=lang, published=date, url=url), encoding="utf-8")


def small_archive(root: Path) -> Path:
    """The data folder of a small archive (two languages, a statement reported twice, an article in two versions:
    the pages ingested, then the changed page at the same URL)."""
    from indexer.archive import Archive
    from indexer.ingest.pipeline import ingest

    first, second = root / "first", root / "second"
    first.mkdir()
    second.mkdir()
    for name, story in PAGES.items():
        _write(first, name, story)
    _write(first, "riverside.html", SECOND_OUTLET, outlet="river-herald")
    _write(second, "train.html", TRAIN_UPDATED)
    with Archive(root / "data") as archive:
        ingest(archive, [str(first)])
        ingest(archive, [str(second)])
    return root / "data"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The small archive with one archivist, served on 127.0.0.1."""
    from indexer.archive import Archive
    from search_app.accounts import Accounts

    root = tmp_path_factory.mktemp("everyone")
    with Archive(small_archive(root)) as archive:
        Accounts(archive.store).add(*ARCHIVIST)
    srv = make_server("127.0.0.1", 0, create_app(root / "data"), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield SimpleNamespace(url=f"http://127.0.0.1:{srv.server_port}", data=root / "data")
    srv.shutdown()


def _context(browser, viewport: dict, language: str = "en"):
    # bypass_csp lets the test put axe-core into the page; the pages' own policy is tested in test_browser.py
    return browser.new_context(viewport=viewport, locale=language, bypass_csp=True,
                               extra_http_headers={"Accept-Language": language})


def _sign_in(page, site: str) -> None:
    page.goto(site + "/archive/sign-in")
    page.fill("input[name=name]", ARCHIVIST[0])
    page.fill("input[name=password]", ARCHIVIST[1])
    page.click("form.stack button[type=submit]")
    page.wait_for_selector("input[type=file]")


@pytest.fixture(scope="module")
def pages(site, browser, tmp_path_factory):
    """Every page a journalist or archivist sees, by endpoint (with and without results, filtered, every version,
    errors). The job page is of a real upload, run to its end."""
    site = site.url
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site + "/api/search?q=Oder")
    hits = page.evaluate("JSON.parse(document.body.innerText).hits")
    flood = next(h["id"] for h in hits if h["title"].startswith("Oder flood"))
    page.goto(site + "/api/search?q=sleeper")
    train = page.evaluate("JSON.parse(document.body.innerText).hits[0].id")
    page.goto(site + f"/api/articles/{flood}")
    quote_id = page.evaluate("JSON.parse(document.body.innerText).quotes[0].id")
    story = next(h["story"] for h in hits if h["title"].startswith("Oder flood"))
    page.goto(site + "/api/entities?q=" + quote("Wiśniewska"))
    person = page.evaluate("JSON.parse(document.body.innerText).entities[0].key")
    _sign_in(page, site)
    story = tmp_path_factory.mktemp("upload") / "tram.html"
    story.write_text(page_html("City council approves new tram line",
                               ["The council voted on Tuesday to build a tram line to the airport."],
                               url="https://www.test-courier.example/tram/"), encoding="utf-8")
    page.set_input_files("input[type=file]", str(story))
    page.click("form.stack button[type=submit]")
    page.wait_for_selector("#job[data-status=done]", timeout=120_000)
    job = page.url.removeprefix(site)
    page.goto(site + "/search?q=Oder&language=de")  # a saved search, saved with the page's own form
    page.click("details.save-search > summary")
    page.fill("details.save-search input[name=name]", "Oder in German")
    page.click("details.save-search button[type=submit]")
    page.wait_for_selector("li.saved")
    context.close()
    return {
        "pages.search": ["/search", "/search?q=Oder", "/search?q=Oder&language=de", "/search?q=zzqxvv",
                         "/search?place=" + quote("Wrocław"), "/search?q=%22unclosed", "/search?q=*",
                         "/search?q=Oder&from=2026-03-01&to=2026-03-31", "/search?q=*&collapse=yes&interval=day"],
        "pages.article": [f"/articles/{flood}", f"/articles/{train}", f"/articles/{train}?version=1",
                          f"/articles/{train}?version=1&diff=2"],  # the newest shows its changes from version 1
        "pages.quotes": ["/quotes", "/quotes?speaker=" + quote("Katarzyna Wiśniewska"), "/quotes?q=zzqxvv",
                         "/quotes?language=en&sort=oldest&from=2026-01-01&to=2026-12-31"],
        "pages.quote": [f"/quotes/{quote_id}"],
        "api.index": ["/api/"],
        "explore.front": ["/"],
        "explore.entity": [f"/entities/{person}", f"/entities/{person}?language=en", "/entities/wroclaw"],
        "explore.story": [f"/stories/{story}"],
        "explore.stories": ["/stories", "/stories?all=yes&q=Oder"],
        "auth.sign_in": ["/archive/sign-in"],
        "archive.dashboard": ["/archive"],
        "archive.job": [job],
        "saved.index": ["/saved-searches"],
        "errors": ["/no-such-page", f"/articles/{train}?version=7", "/articles/nope", "/search?page=two",
                   f"/articles/{train}?diff=9", "/entities/nobody-at-all", "/stories/no-such-story"],
    }


SIGNED_IN = {"archive.dashboard", "archive.job", "saved.index"}
REDIRECTS = {"ui.switch", "static", "saved.feed"}  # answer with a redirect or a file, never a page
PROBES = {"operations.healthz", "operations.readyz", "operations.prometheus"}  # JSON and text for machines


def _audited(context):
    """The context with axe-core put into each page it opens, before the page's own scripts (cheaper than adding it
    to each page after it has loaded)."""
    context.add_init_script(path=AXE)
    return context


def _axe(page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    found = page.evaluate("tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
                          ".then(r => r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' '))"
                          ".slice(0, 3).join(', ')))", TAGS)
    return found


def _audit(browser, site: str, pages: dict, viewport: dict, language: str, only: set[str] | None = None) -> dict:
    context = _audited(_context(browser, viewport, language))
    page = context.new_page()
    problems: dict[str, list[str]] = {}
    for signed_in in (False, True):
        if signed_in:
            _sign_in(page, site)
        for endpoint, paths in pages.items():
            if (endpoint in SIGNED_IN) != signed_in or (only and endpoint not in only):
                continue
            for path in paths:
                page.goto(site + path)
                found = _axe(page)
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > viewport["width"]:
                    found.append(f"scrolls sideways: {width} px wide at {viewport['width']} px")
                if found:
                    problems[path] = found
    context.close()
    return problems


def test_every_page_the_site_serves_is_audited(site, pages):
    """A new page is audited as soon as it is added: every GET endpoint that answers HTML is in the list above."""
    app = create_app(site.data, TESTING=True)
    html = {r.endpoint for r in app.url_map.iter_rules()
            if "GET" in r.methods and (not r.rule.startswith("/api/") or r.endpoint == "api.index")}
    assert html - REDIRECTS - PROBES - set(pages) == set(), "add the new page to the `pages` fixture"


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
def test_no_axe_violation_on_any_page(site, browser, pages, viewport):
    assert _audit(browser, site.url, pages, viewport, "en") == {}


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
def test_the_save_this_search_form_is_for_everyone(site, browser, pages, viewport):
    """Signed in, the search and quotes pages offer "Save this search": audited unfolded, reached by the keyboard."""
    context = _audited(_context(browser, viewport))
    page = context.new_page()
    _sign_in(page, site.url)
    problems = {}
    for path in ("/search?q=Oder&language=de", "/quotes?speaker=" + quote("Katarzyna Wiśniewska")):
        page.goto(site.url + path)
        page.focus("details.save-search > summary")
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.name") == "name", "the name field follows the summary"
        found = _axe(page)
        if page.evaluate("document.documentElement.scrollWidth") > viewport["width"]:
            found.append("scrolls sideways")
        if found:
            problems[path] = found
    assert problems == {}
    context.close()


@pytest.mark.parametrize("language", ["de", "uk", "es", "pl"])
def test_no_axe_violation_in_the_other_interface_languages(site, browser, pages, language):
    assert _audit(browser, site.url, pages, PHONE, language,
                  only={"pages.search", "pages.article", "pages.quote", "errors", "explore.front",
                        "explore.entity", "explore.story", "explore.stories"}) == {}


def test_on_a_phone_the_first_result_is_on_the_first_screen_and_the_filters_fold(site, browser):
    context = _context(browser, PHONE)
    page = context.new_page()
    page.goto(site.url + "/search?q=Oder")
    first = page.locator(".hit .title").first.bounding_box()
    assert first["y"] + first["height"] <= PHONE["height"], "the first result is visible without scrolling"
    refine = page.locator("details.refine")
    assert refine.get_attribute("open") is None, "the filters are folded on a phone"
    summary = page.inner_text("details.refine > summary")
    assert all(label in summary for label in ("People", "Places", "Language", "Source")), summary
    page.click("details.refine > summary")
    page.click("section[data-facet=language] a:text('German')")
    assert page.inner_text("#total") == "1" and "1 filter on" in page.inner_text("details.refine > summary")
    _picture(page, "search-phone")
    context.close()


def test_touch_targets_are_at_least_24_pixels(site, browser):
    """Every control that is not a link inside running text: facet values, chips, sort, pages, buttons, the
    language switch (WCAG 2.5.8)."""
    context = _context(browser, PHONE)
    page = context.new_page()
    small = []
    for path in ("/search?q=Oder&language=en", "/quotes", "/archive/sign-in"):
        page.goto(site.url + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        small += page.evaluate("""() => [...document.querySelectorAll(
                'button, summary, input, .facet a, .chip, .sort a, .pager a, .foot a, .site a, .versions a')]
            .filter(e => e.offsetParent !== null && !(e.type === 'hidden'))
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 24 || r.width < 24).map(([html]) => html)""")
    assert small == []
    context.close()


def test_the_keyboard_alone_skips_to_the_results_with_a_visible_focus(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site.url + "/search?q=Oder")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    assert page.evaluate("document.activeElement.textContent") == "Skip to the results"
    assert page.locator(".skip").bounding_box()["y"] >= 0, "the skip link shows itself when it has the focus"
    page.keyboard.press("Enter")
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.hit .title')"):
            break
    assert page.evaluate("document.activeElement.textContent") == "Oder flood forces evacuations in Wrocław"
    style = page.evaluate("getComputedStyle(document.activeElement)")
    assert style["outlineStyle"] != "none" and style["outlineWidth"] != "0px", "the focus is visible"
    for _ in range(80):  # on through the filters to the language switch at the foot: no trap on the way
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.foot a[lang=uk]')"):
            break
    assert page.evaluate("document.activeElement.matches('.foot a[lang=uk]')")
    page.goto(site.url + '/search?q=%22unclosed')
    assert page.get_attribute("#q", "aria-invalid") == "true", "the error is tied to the search box"
    assert "double quote" in page.inner_text("#" + page.get_attribute("#q", "aria-describedby"))
    # the folded filters of a phone open and close with the keyboard
    context.close()
    context = _context(browser, PHONE)
    page = context.new_page()
    page.goto(site.url + "/search?q=Oder")
    page.focus("details.refine > summary")
    page.keyboard.press("Enter")
    assert page.get_attribute("details.refine", "open") is not None
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('.facet') !== null")
    context.close()


def test_a_screen_reader_hears_how_many_articles_were_found(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site.url + "/search?q=Oder")
    status = page.locator("[role=status]").first
    page.wait_for_function("document.querySelector('[role=status]').textContent.length > 0")
    assert status.inner_text() == "3 articles match Oder"
    page.goto(site.url + "/quotes?speaker=" + quote("Katarzyna Wiśniewska"))
    page.wait_for_function("document.querySelector('[role=status]').textContent.length > 0")
    assert page.inner_text("[role=status]") == "2 quotations"
    context.close()


def test_the_interface_switches_language_and_remembers_it(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site.url + "/search?q=Oder")
    page.click(".foot a[lang=de]")
    assert page.url == site.url + "/search?q=Oder", "the switch comes back to the same search"
    assert page.get_attribute("html", "lang") == "de"
    assert page.inner_text(".searchbox button") == _translation("de", "Search") != "Search"
    page.goto(site.url + "/quotes")
    assert page.get_attribute("html", "lang") == "de", "remembered from page to page"
    assert page.get_attribute(".foot a[lang=de]", "aria-current") == "true"
    _picture(page, "quotes-de")
    context.close()


def test_a_right_to_left_interface_lays_out_from_the_right(site, browser, tmp_path):
    """The day an Arabic catalog is added, the pages turn: the brand on the right, the results' text aligned right."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    folder = tmp_path / "translations"
    shutil.copytree(ROOT / "search_app/translations", folder)
    catalog = Catalog(locale="ar")
    catalog.add("Search", "بحث")
    (folder / "ar/LC_MESSAGES").mkdir(parents=True)
    with open(folder / "ar/LC_MESSAGES/messages.mo", "wb") as out:
        write_mo(out, catalog)
    srv = make_server("127.0.0.1", 0, create_app(site.data, BABEL_TRANSLATION_DIRECTORIES=str(folder)), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        context = _context(browser, DESK, "ar")
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{srv.server_port}/search?q=Oder")
        assert (page.get_attribute("html", "dir"), page.get_attribute("html", "lang")) == ("rtl", "ar")
        assert page.inner_text(".searchbox button") == "بحث"
        brand, box = page.locator(".brand").bounding_box(), page.locator(".searchbox").bounding_box()
        assert brand["x"] > box["x"], "the brand stands to the right of the search box"
        facets, results = page.locator(".refine").bounding_box(), page.locator(".results").bounding_box()
        assert facets["x"] > results["x"], "the filters are on the right, the results on their left"
        assert _axe(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= DESK["width"]
        context.close()
    finally:
        srv.shutdown()


def _translation(language: str, message: str) -> str:
    from babel.messages.pofile import read_po

    with open(ROOT / f"search_app/translations/{language}/LC_MESSAGES/messages.po", "rb") as po:
        return read_po(po)[message].string


def _picture(page, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / f"{name}.png"))


def test_at_a_desk_the_results_start_beside_the_chart_not_below_the_filters(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site.url + "/search?q=Oder")
    first = page.locator(".hit .title").first.bounding_box()
    refine = page.locator(".refine").bounding_box()
    assert first["x"] > refine["x"] + 200, "beside the filter column"
    chart = page.locator(".timeline").bounding_box()
    assert first["y"] < chart["y"] + chart["height"] + 150, "right below the chart (the sort links between)"
    context.close()
