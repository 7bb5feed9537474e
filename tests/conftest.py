"""Shared fixtures: page builders, throwaway archives, the bundled corpus ingested once per test run."""

from __future__ import annotations

import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared"
SEED = SHARED / "seeds" / "000_5b693613544c8dd9.html"
SEED_GOLD = SHARED / "seeds" / "000_5b693613544c8dd9.gold.json"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def page_html(title: str, paragraphs: list[str], *, lang: str = "en", url: str | None = None,
              published: str | None = "2026-03-14T10:00:00+01:00", source: str = "Test Courier",
              author: str = "Ada Reporter") -> str:
    """A small but realistic article page: metadata in the head, boilerplate around the story."""
    canonical = f'<link rel="canonical" href="{url}">' if url else ""
    date_meta = f'<meta property="article:published_time" content="{published}">' if published else ""
    body = "\n".join(f"<p>{p}</p>" for p in paragraphs)
    return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<title>{title} | {source}</title>{canonical}
<meta property="og:title" content="{title}"><meta property="og:site_name" content="{source}">{date_meta}
<meta name="author" content="{author}">
<script>var tracking = "do not index me";</script><style>.ad{{color:red}}</style></head>
<body><header><nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav></header>
<div class="ad">Advertisement: buy the premium plan today</div>
<main><article><h1>{title}</h1><p class="byline">By {author}</p>
{body}
<div class="share">Share on Facebook · Share on X · Email</div></article>
<aside class="related"><h3>Read next</h3><ul><li><a href="/x">Another story entirely</a></li>
<li><a href="/y">Weekend weather outlook</a></li></ul></aside></main>
<footer>© 2026 {source}. All rights reserved. <a href="/privacy">Privacy</a></footer></body></html>"""


@pytest.fixture
def write_page(tmp_path):
    """Write a page file and return its path."""
    folder = tmp_path / "pages"
    folder.mkdir(exist_ok=True)

    def write(name: str, title: str, paragraphs: list[str], **kwargs) -> Path:
        path = folder / name
        path.write_text(page_html(title, paragraphs, **kwargs), encoding="utf-8")
        return path

    return write


def run_cli(*args: str, data: Path | None = None, check: bool = False, timeout: float = 300,
            input_text: str | None = None, memory: int | None = None,
            preexec_fn=None) -> subprocess.CompletedProcess:
    """Run the real `newsarchive` command in a subprocess, as a user would; `memory` caps its address space (bytes:
    beyond it, allocations fail with MemoryError), `preexec_fn` runs in the child before the command."""
    cmd = [sys.executable, "-m", "indexer.cli", *args]
    if data is not None:
        cmd[4:4] = ["--data", str(data)]  # after the subcommand name
    env = dict(os.environ, PYTHONWARNINGS="ignore")

    def before() -> None:
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        if preexec_fn:
            preexec_fn()

    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env, input=input_text,
                          preexec_fn=before if memory or preexec_fn else None)
    if check and proc.returncode != 0:
        raise AssertionError(f"{cmd} exited {proc.returncode}\nstdout:{proc.stdout}\nstderr:{proc.stderr}")
    return proc


def cli_json(*args: str, data: Path | None = None) -> dict:
    proc = run_cli(*args, data=data, check=True)
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, headless, driven by Playwright (one per test module)."""
    if not CHROMIUM:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@pytest.fixture(scope="session")
def corpus_data(tmp_path_factory) -> Path:
    """A data directory holding the whole bundled corpus, ingested once through the real CLI."""
    data = tmp_path_factory.mktemp("corpus-archive")
    proc = run_cli("ingest", str(CORPUS), data=data)
    assert proc.returncode in (0, 1), proc.stderr
    return data


@pytest.fixture(scope="session")
def seed_data(tmp_path_factory) -> Path:
    if not SEED.exists():
        pytest.skip("../shared/seeds is not here (it is only beside the repository in CI and development)")
    data = tmp_path_factory.mktemp("seed-archive")
    run_cli("ingest", str(SEED), data=data, check=True)
    return data


class LocalSite:
    """A tiny web site: routes of path → (status, headers, body, pause), and a log of every request received."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.routes: dict[str, tuple[int, dict[str, str], bytes, float]] = {}
        self.log: list[tuple[float, str, str]] = []  # (time, path, user agent)
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                site.log.append((time.monotonic(), self.path, self.headers.get("User-Agent", "")))
                status, headers, body, pause, drip = site.routes.get(self.path, (404, {}, b"not found", 0.0, 0.0))
                time.sleep(pause)
                self.send_response(status)
                for k, v in {"Content-Type": "text/html; charset=utf-8", **headers}.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    if drip:
                        for i in range(len(body)):
                            self.wfile.write(body[i:i + 1])
                            self.wfile.flush()
                            time.sleep(drip)
                    else:
                        self.wfile.write(body)
                except OSError:
                    pass

            def log_message(self, *args) -> None:
                pass

        server = type("Server", (ThreadingHTTPServer,), {"address_family": socket.AF_INET6}) if ":" in host \
            else ThreadingHTTPServer  # (an IPv6 literal: a server on that address)
        self.server = server((host, 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://{f'[{host}]' if ':' in host else host}:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def add(self, path: str, body: bytes | str = b"", status: int = 200, pause: float = 0.0, drip: float = 0.0,
            **headers: str):
        """Serve body at path; `pause` before answering, `drip` seconds between single bytes of the body."""
        self.routes[path] = (status, {k.replace("_", "-"): v for k, v in headers.items()},
                             body.encode() if isinstance(body, str) else body, pause, drip)

    def paths(self) -> list[str]:
        return [p for _, p, _ in self.log]


def _served(host: str):
    try:
        s = LocalSite(host)
    except OSError as exc:  # (no IPv6, or no other loopback address than 127.0.0.1)
        pytest.skip(f"cannot serve on {host}: {exc}")
    yield s
    s.server.shutdown()
    s.server.server_close()


@pytest.fixture
def site():
    """A web site served on 127.0.0.1 for the fetcher and crawler tests."""
    yield from _served("127.0.0.1")


@pytest.fixture
def other_site():
    """A second web site, on another loopback address: another host to the fetcher."""
    yield from _served("127.0.0.2")


@pytest.fixture
def site6():
    """The web site on the IPv6 loopback address, [::1]."""
    yield from _served("::1")


from solr_support import solr_cluster  # noqa: E402,F401 - the session's SolrCloud (tests/solr_support.py)
from store_support import store_url  # noqa: E402,F401 - the store each store test runs on (tests/store_support.py)


def archive_of_pages(root: Path, pages: dict[str, str]):
    """An archive in root/data holding the given pages (file name → HTML), ingested through the real pipeline."""
    from indexer.archive import Archive
    from indexer.ingest.pipeline import ingest

    folder = root / "pages"
    folder.mkdir(exist_ok=True)
    for name, html in pages.items():
        (folder / name).write_text(html, encoding="utf-8")
    archive = Archive(root / "data")
    report = ingest(archive, [str(folder)])
    assert len(report.added) == len(pages), report.failed
    return archive


# Modules whose module-scoped fixtures take many seconds to build (a wheel installed into a new virtualenv, the
# corpus copied into PostgreSQL, an archive served and walked through in Chromium, an index of many versions): xdist
# would hand their tests to both workers and each would build the fixture again, so they stay on one.
ONE_WORKER_MODULES = {"test_packaging.py", "test_store_end_to_end.py", "test_migrate_store.py",
                      "test_web_for_everyone.py", "test_whoosh_matches.py"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the marks
def pytest_collection_modifyitems(config, items):
    """With pytest-xdist (`scripts/test` runs two workers, `--dist loadgroup`), every test of the shared SolrCloud
    runs on one worker, one after another: some kill and restart its nodes, which would fail the Solr tests another
    worker runs meanwhile. A test is of the shared SolrCloud when it takes the `solr_cluster` fixture, runs with the
    "solr" backend of a parametrized engine (tests/test_engine_contract.py takes the fixture inside its own), or is
    marked `solrcloud` (a test that asks for the fixture, or reads $NEWSARCHIVE_TEST_SOLR, in its body). Tests that
    start a cluster of their own (tests/test_cluster.py) go with them, so that two sets of JVMs never start at once
    on a small machine. The other tests of a module in ONE_WORKER_MODULES go to one worker too (a group of their
    own; an item has one group at most, as xdist joins the names of several into a new one)."""
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if "solr_cluster" in getattr(item, "fixturenames", ()) or item.path.name == "test_cluster.py" \
                or params.get("backend") == "solr" or item.get_closest_marker("solrcloud"):
            item.add_marker(pytest.mark.xdist_group("solrcloud"))
        elif item.path.name in ONE_WORKER_MODULES:
            item.add_marker(pytest.mark.xdist_group(item.path.stem))


def pytest_collection_finish(session):
    """Refuse to run when the grouping above did not take (pytest-xdist renames a grouped test "…@group"; a pytest
    or xdist that no longer does would spread the SolrCloud tests over both workers and fail them by chance)."""
    config = session.config
    if not hasattr(config, "workerinput") or not config.getvalue("loadgroup"):
        return
    loose = [item.nodeid for item in session.items if (mark := item.get_closest_marker("xdist_group"))
             and not item.nodeid.endswith("@" + mark.args[0])]
    if loose:
        raise pytest.UsageError(f"{len(loose)} grouped tests are not grouped on one worker (first: {loose[0]}); "
                                "check the pytest and pytest-xdist versions in setup.cfg, or run with -n 0")
