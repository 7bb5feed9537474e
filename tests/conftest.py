"""Shared fixtures: page builders, throwaway archives, the bundled corpus ingested once per test run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared"
SEED = SHARED / "seeds" / "000_5b693613544c8dd9.html"
SEED_GOLD = SHARED / "seeds" / "000_5b693613544c8dd9.gold.json"


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


def run_cli(*args: str, data: Path | None = None, check: bool = False, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run the real `newsarchive` command in a subprocess, as a user would."""
    cmd = [sys.executable, "-m", "indexer.cli", *args]
    if data is not None:
        cmd[4:4] = ["--data", str(data)]  # after the subcommand name
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)
    if check and proc.returncode != 0:
        raise AssertionError(f"{cmd} exited {proc.returncode}\nstdout:{proc.stdout}\nstderr:{proc.stderr}")
    return proc


def cli_json(*args: str, data: Path | None = None) -> dict:
    proc = run_cli(*args, data=data, check=True)
    return json.loads(proc.stdout)


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
