"""The pictures of the web app in docs/, taken in headless Chromium from the bundled corpus.

    .venv/bin/python scripts/screenshots.py [--data FOLDER] [--out docs/screenshots]

Without --data it ingests corpus/ into a temporary folder first (about a minute), then a corrected second version of
the night-train wire story (for the picture of a diff). The server runs on 127.0.0.1 on a free port for as long as
the pictures take and is stopped afterwards.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESK, PHONE = {"width": 1280, "height": 800}, {"width": 375, "height": 740}
# name: (path, screen, interface language, whether the folded filters are opened first)
PICTURES = {
    "search-desk": ("/search?q=drought+OR+D%C3%BCrre+OR+sequ%C3%ADa", DESK, "en", False),
    "search-phone": ("/search?q=drought+OR+D%C3%BCrre+OR+sequ%C3%ADa", PHONE, "en", False),
    "search-phone-filters": ("/search?q=drought+OR+D%C3%BCrre+OR+sequ%C3%ADa", PHONE, "en", True),
    "search-desk-uk": ("/search?q=%D0%9A%D0%B8%D1%97%D0%B2", DESK, "uk", False),
    "quotes-phone-de": ("/quotes?q=Zug", PHONE, "de", False),
    "article-diff": ("/articles/d21a7a2869de8c50", DESK, "en", False),
    "quote-across-languages": ("/quotes/3c2660390084501f:0", DESK, "en", False),
}
WIRE_STORY = ROOT / "corpus/en/global-wire-daily-2026-04-24-kyiv-warsaw-night-train-launch.html"
CORRECTION = ("He said the gauge change had taken 24 minutes, not 22 as first reported, and that the second train of "
              "the day would run from June.")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", help="an archive folder to show (default: the bundled corpus, ingested afresh)")
    parser.add_argument("--out", default=str(ROOT / "docs/screenshots"), help="where the PNG files go")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        sys.exit("needs Debian's chromium: apt-get install chromium")
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from search_app import create_app

    with tempfile.TemporaryDirectory() as scratch:
        data = args.data
        if not data:
            data = str(Path(scratch) / "data")
            print("ingesting corpus/ …", file=sys.stderr)
            newsarchive = str(Path(sys.executable).with_name("newsarchive"))
            subprocess.run([newsarchive, "ingest", "--data", data, str(ROOT / "corpus")], check=False,
                           stdout=subprocess.DEVNULL)
            corrected = Path(scratch) / "corrected.html"
            html = WIRE_STORY.read_text(encoding="utf-8")
            corrected.write_text(re.sub(r"<p class=\"gw-para\">He said the gauge change had taken 22 minutes\.",
                                        f"<p class=\"gw-para\">{CORRECTION}", html), encoding="utf-8")
            subprocess.run([newsarchive, "ingest", "--data", data, str(corrected)], check=False,
                           stdout=subprocess.DEVNULL)
        server = make_server("127.0.0.1", 0, create_app(data), threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
                for name, (path, screen, language, unfold) in PICTURES.items():
                    context = browser.new_context(viewport=screen, locale=language,
                                                  extra_http_headers={"Accept-Language": language})
                    page = context.new_page()
                    page.goto(base + path)
                    if name == "article-diff":
                        page.locator(".changes").scroll_into_view_if_needed()
                    if unfold:
                        page.click("details.refine > summary")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{name}.png"))
                    print(out / f"{name}.png")
                    context.close()
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
