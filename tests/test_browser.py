"""The search page in a real browser (Debian's chromium, headless) against a real server on 127.0.0.1."""

from __future__ import annotations

import shutil
import threading

import pytest
from test_app import data_dir  # noqa: F401  (the same small archive as the API tests)
from werkzeug.serving import make_server

from search_app import create_app

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(not CHROMIUM, reason="Debian's chromium is not installed (apt-get install chromium)")


@pytest.fixture(scope="module")
def server(data_dir):  # noqa: F811
    srv = make_server("127.0.0.1", 0, create_app(data_dir), threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


def test_search_then_narrow_by_a_facet(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.fill("input[name=q]", "Oder")
    page.keyboard.press("Enter")
    page.wait_for_selector(".hit")
    assert page.inner_text("#total") == "2"
    assert page.locator(".hit .title").count() == 2
    assert page.locator(".snippet mark").count() >= 1
    page.click("section[data-facet=language] a:text('de')")
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
