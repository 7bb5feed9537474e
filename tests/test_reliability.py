"""Concurrent writers, killed processes and hostile input: nothing accepted is lost, nothing breaks."""

from __future__ import annotations

import codecs
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, cli_json, page_html, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from indexer.archive import Archive
from indexer.index.backends import open_engine
from indexer.index.engine import QueryError
from indexer.models import AnnotatedArticle, Article, Block, InputError, RawPage

WORDS = ("harbour council budget river bridge school museum tram ferry market library festival hospital "
         "station stadium theatre").split()


def synthetic_pages(folder: Path, start: int, count: int) -> None:
    """Distinct small article pages (own canonical URL and wording) for load and crash tests."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(start, start + count):
        a, b = WORDS[i % len(WORDS)], WORDS[(i * 7) % len(WORDS)]
        paragraphs = [f"The {a} project number {i} was discussed by the city council on Monday evening.",
                      f"Residents asked whether the {b} would stay open during the works, code item{i:04d}.",
                      "Officials said a decision would be taken before the end of the month."]
        html = page_html(f"Council debates {a} plan {i}", paragraphs,
                         url=f"https://www.test-courier.example/local/{i}/")
        (folder / f"page-{i:04d}.html").write_text(html, encoding="utf-8")


def newsarchive(*args: str) -> list[str]:
    return [sys.executable, "-m", "indexer.cli", *args]


def searchable_total(data: Path) -> int:
    return cli_json("search", "--json", "--limit", "1", "council", data=data)["total"]


def test_four_concurrent_ingests_while_searching(tmp_path):
    data = tmp_path / "data"
    for n in range(4):
        synthetic_pages(tmp_path / f"batch{n}", n * 30, 30)
    Archive(data).close()  # the archive exists, so the searches below have something to open
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    writers = [subprocess.Popen(newsarchive("ingest", "--data", str(data), str(tmp_path / f"batch{n}")),
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for n in range(4)]
    searches = 0
    while any(w.poll() is None for w in writers):
        proc = run_cli("search", "--json", "council", data=data)
        assert proc.returncode == 0, proc.stderr
        searches += 1
    outputs = [w.communicate() for w in writers]
    for w, (out, err) in zip(writers, outputs, strict=True):
        assert w.returncode == 0, err
        assert "Traceback" not in err and "Lock" not in err
        assert "added 30" in out
    assert searches >= 1
    assert searchable_total(data) == 120
    assert cli_json("stats", "--json", data=data)["articles"] == 120
    assert run_cli("check", data=data).returncode == 0


def test_ingest_killed_with_sigkill_then_run_again(tmp_path):
    data = tmp_path / "data"
    synthetic_pages(tmp_path / "pages", 0, 120)
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    proc = subprocess.Popen(newsarchive("ingest", "--data", str(data), str(tmp_path / "pages")), cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    # kill once some articles are stored but well before the end
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.5)
        if (data / "archive.sqlite3").exists():
            import sqlite3

            with sqlite3.connect(data / "archive.sqlite3", timeout=30) as db:
                try:
                    stored = db.execute("SELECT COUNT(*) FROM articles").fetchone()[0]
                except sqlite3.OperationalError:
                    stored = 0
            if stored >= 10:
                break
    assert proc.poll() is None, "the ingest finished before it could be killed; make the batch bigger"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    again = run_cli("ingest", "--json", str(tmp_path / "pages"), data=data, check=True)
    summary = json.loads(again.stdout)
    assert summary["failed"] == []
    assert searchable_total(data) == 120
    assert cli_json("stats", "--json", data=data)["articles"] == 120
    assert run_cli("check", data=data).returncode == 0


def _hostile_inputs(folder: Path) -> dict[str, bytes]:
    body = "<p>Der Stadtrat von Köln hat am Donnerstag über den Haushalt für Schulen und Bäder beraten.</p>" * 3
    ru = ("<html><head><meta charset='windows-1251'><title>Новости</title></head><body><article><h1>Бюджет "
          "Новосибирска</h1><p>Депутаты городского совета утвердили бюджет на следующий год после долгих "
          "споров о ремонте школ и дорог.</p></article></body></html>")
    return {
        "binary.html": os.urandom(4096),
        "empty.html": b"",
        "report.html": b"%PDF-1.7\n1 0 obj <<>> endobj\n" + os.urandom(2000),
        "image.html": b"\x89PNG\r\n\x1a\n" + os.urandom(2000),
        "legacy-cp1251.html": ru.encode("cp1251"),
        "utf16.html": codecs.BOM_UTF16_LE + f"<html><body><article><h1>Köln</h1>{body}</article></body></html>"
        .encode("utf-16-le"),
        "huge.html": b"<html><body><article><h1>Huge</h1>" + b"<p>word " * 6_000_000 + b"</article></body></html>",
        "deep.html": b"<html><body>" + b"<div>" * 300_000 + b"<p>deep text</p>" + b"</div>" * 300_000
        + b"</body></html>",
        "injection.html": (f"<html><head><title>&lt;script&gt;alert(1)&lt;/script&gt; Title</title></head><body>"
                           f"<article><h1><script>alert('x')</script>Schulen <img src=x onerror=alert(1)></h1>{body}"
                           f"</article></body></html>").encode(),
        "good.html": page_html("Oder flood forces evacuations in Wrocław", [
            "Emergency crews in Wrocław worked through the night as the Oder rose above its banks."]).encode(),
    }


def test_hostile_inputs_in_one_annotate_batch(tmp_path):
    folder = tmp_path / "hostile"
    folder.mkdir()
    paths = []
    for name, data in _hostile_inputs(folder).items():
        (folder / name).write_bytes(data)
        paths.append(str(folder / name))
    proc = run_cli("annotate", "--json", *paths, timeout=600)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    records = {Path(r["path"]).name: r for r in map(json.loads, proc.stdout.splitlines())}
    assert list(records) == [Path(p).name for p in paths], "one line per input, in input order"
    for name in ("binary.html", "empty.html", "report.html", "image.html", "huge.html"):
        assert set(records[name]) == {"path", "error"}, name
        assert len(records[name]["error"].splitlines()) == 1 and len(records[name]["error"]) < 300
    assert "Депутаты городского совета утвердили бюджет" in records["legacy-cp1251.html"]["text"]
    assert "Köln" in records["utf16.html"]["text"] or records["utf16.html"]["title"] == "Köln"
    assert "alert('x')" not in records["injection.html"]["title"]
    assert "alert('x')" not in records["injection.html"]["text"]
    assert records["good.html"]["title"] == "Oder flood forces evacuations in Wrocław"
    deep = records["deep.html"]
    assert "error" in deep or "deep text" in deep["text"]


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    eng = open_engine(tmp_path_factory.mktemp("prop-data"))
    eng.write_articles([("a", 1, AnnotatedArticle(Article(title="Flood in Wrocław", blocks=[Block(
        "The Oder rose overnight (officials said) — “we are ready”.")]), "en"))])
    return eng


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80)
       | st.lists(st.sampled_from(['"', "(", ")", "AND", "OR", "NOT", ":", "*", "title:", "person:", "[", "]", "to",
                                   "Oder", "Wrocław", "^2", "~", "-", "+", "\x00", "published:", "'", "{", "}"]),
                  max_size=12).map(" ".join))
def test_any_query_gives_results_or_a_clear_error(engine, text):
    try:
        result = engine.search(text)
    except QueryError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert result.total >= 0


@settings(max_examples=120, deadline=None)
@given(st.lists(st.sampled_from(["<div>", "</div>", "<p>", "</p>", "<script>", "</script>", "<article>", "<h1>",
                                 "</h1>", "<!--", "-->", "<meta charset='utf-16'>", "&amp;", "&#0;", "<", ">",
                                 "text", "«quote»", "\x00", "é", "<br/>", "<table><tr><td>", "<![CDATA[", "]]>"]),
                max_size=60).map("".join) | st.binary(max_size=300).map(lambda b: b.decode("latin-1")))
def test_cleaner_never_crashes(markup):
    from indexer.clean.extract import clean

    try:
        article = clean(RawPage(markup.encode("utf-8", "surrogatepass"), "prop.html"))
    except InputError as exc:
        assert str(exc)
    else:
        assert isinstance(article.title, str) and all(isinstance(b.text, str) for b in article.blocks)
