"""The explorer in a real browser (Debian's chromium, headless) against a real server on 127.0.0.1: from the front
page to a story and on to a person's page with the keyboard alone; every facet value, entity and speaker of the
search, article and quote pages one click from its entity's page, while the facet link still narrows the search;
touch targets of 24 px on a phone; the pages in the interface's language. (axe-core and the 375 px width are checked
for these pages with every other page in tests/test_web_for_everyone.py.)"""

from __future__ import annotations

import threading
from urllib.parse import parse_qs, quote, urlparse

import pytest
from conftest import CHROMIUM
from test_web_for_everyone import DESK, PHONE, _context, _translation, small_archive
from werkzeug.serving import make_server

from search_app import create_app

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed (apt-get install chromium)")
FOCUSABLE_TRIES = 120


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    data = small_archive(tmp_path_factory.mktemp("explorer"))
    srv = make_server("127.0.0.1", 0, create_app(data), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


def _tab_to(page, selector: str) -> None:
    """Press Tab until the focus is on an element matching `selector` (or fail)."""
    for _ in range(FOCUSABLE_TRIES):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            style = page.evaluate("getComputedStyle(document.activeElement)")
            assert style["outlineStyle"] != "none" and style["outlineWidth"] != "0px", "the focus is visible"
            return
    raise AssertionError(f"the keyboard never reached {selector}")


def test_the_keyboard_alone_goes_from_the_front_page_to_a_story_and_a_person(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site + "/")
    assert page.inner_text("h1") == "What is in the news"
    _tab_to(page, ".front-stories .story-list a")
    title = page.evaluate("document.activeElement.textContent")
    page.keyboard.press("Enter")
    page.wait_for_url("**/stories/**")
    assert page.inner_text("h1") == title
    assert "3 reports in 2 languages from 1 outlet" in page.inner_text(".profile-head .meta")
    _tab_to(page, ".profile-side .entity-list a")
    name = page.evaluate("document.activeElement.textContent")
    page.keyboard.press("Enter")
    page.wait_for_url("**/entities/**")
    assert page.inner_text("h1") == name
    _tab_to(page, ".filter-links a")
    page.keyboard.press("Enter")
    page.wait_for_url("**language=**")
    assert page.locator(".filter-links [aria-current]").count() == 1
    context.close()


def test_a_facet_value_is_one_click_from_its_page_and_still_narrows_the_search(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site + "/search?q=Oder")
    person = page.locator("section[data-facet=person] li").filter(has_text="Katarzyna Wiśniewska")
    person.locator(".profile-link").click()
    page.wait_for_url("**/entities/**")
    assert page.inner_text("h1") == "Katarzyna Wiśniewska"
    assert "named in 2 articles" in page.inner_text(".profile-head")
    page.go_back()
    total = page.inner_text("#total")
    person.locator("a").first.click()
    page.wait_for_selector(".chip")
    assert page.inner_text("#total") != total and "People: Katarzyna Wiśniewska" in page.inner_text(".chips")
    for facet in ("place", "organization", "speaker"):
        links = page.locator(f"section[data-facet={facet}] .profile-link")
        assert links.count() >= 1, facet
        href = links.first.get_attribute("href")
        assert page.request.get(site + href).status == 200, href
    context.close()


def test_entities_and_speakers_of_articles_and_quotations_lead_to_their_pages(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site + "/search?q=Oder")
    page.click(".hit .title:text('Oder flood forces evacuations in Wrocław')")
    page.wait_for_selector("article.article h1")
    page.click("section.entities a:text('Wrocław')")
    page.wait_for_url("**/entities/wroclaw")
    assert page.inner_text("h1") == "Wrocław"
    page.go_back()
    page.click("section.quotes a:text('Katarzyna Wiśniewska')")
    page.wait_for_url("**/entities/**")
    assert page.inner_text("h1") == "Katarzyna Wiśniewska"
    page.goto(site + "/quotes?speaker=" + quote("Wiśniewska"))
    page.click(".quote-hits li >> nth=0 >> a:text('Katarzyna Wiśniewska')")
    page.wait_for_url("**/entities/**")
    page.go_back()
    page.click(".quote-hits li >> nth=0 >> a.quote")
    page.wait_for_selector(".quote-view")
    page.click(".speaker a:text('Katarzyna Wiśniewska')")
    page.wait_for_url("**/entities/**")
    assert "In its own words" in page.inner_text("main")
    context.close()


def test_an_article_of_a_story_offers_its_reports_in_other_languages(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site + "/search?q=Oder")
    link = page.locator(".hit .story-link").first
    assert link.inner_text() == "3 reports in 2 languages"
    link.click()
    page.wait_for_url("**/stories/**")
    languages = page.inner_text(".profile-side")
    assert "English" in languages and "German" in languages
    context.close()


def test_on_a_phone_the_explorer_s_controls_are_24_pixels_and_nothing_scrolls_sideways(site, browser):
    context = _context(browser, PHONE)
    page = context.new_page()
    page.goto(site + "/api/search?q=Oder")
    story = page.evaluate("JSON.parse(document.body.innerText).hits[0].story")
    small = []
    for path in ("/", f"/stories/{story}", "/entities/wroclaw", "/stories?all=yes", "/search?q=Oder"):
        page.goto(site + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        small += page.evaluate("""() => [...document.querySelectorAll(
                '.entity-list a, .news-list a, .story-list a, .filter-links a, .profile-link, .story-link, .chip, '
                + '.pager a, .profile-head a, summary, button')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
            .filter(([, r]) => r.height < 24 || r.width < 24).map(([html]) => html)""")
    assert small == []
    context.close()


@pytest.mark.parametrize("language", ["de", "uk", "es", "pl"])
def test_the_explorer_speaks_the_interface_language(site, browser, language):
    context = _context(browser, PHONE, language)
    page = context.new_page()
    page.goto(site + "/")
    assert page.inner_text("h1") == _translation(language, "What is in the news")
    assert _translation(language, "Latest stories") in page.inner_text(".front-stories h2")
    page.goto(site + "/entities/wroclaw")
    assert _translation(language, "Articles, newest first") in page.inner_text("#articles-heading")
    assert page.get_attribute("html", "lang") == language
    context.close()


def test_dragging_across_the_entity_s_chart_narrows_its_search_to_those_days(site, browser):
    context = _context(browser, DESK)
    page = context.new_page()
    page.goto(site + "/entities/wroclaw")
    bars = page.locator(".bars li")
    assert bars.count() >= 2
    first, last = bars.first.bounding_box(), bars.last.bounding_box()
    page.mouse.move(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    page.mouse.down()
    page.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2, steps=5)
    page.mouse.up()
    page.wait_for_url("**/search?**")
    args = parse_qs(urlparse(page.url).query)
    assert args["place"] == ["wroclaw"] and args["from"] and args["to"]
    assert int(page.inner_text("#total")) >= 2
    context.close()
