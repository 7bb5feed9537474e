"""Articles, not section pages: fronts, sections, tag pages and galleries (tests/page_kinds/<kind>/, pages written
for this in seven languages) are kept as raw pages but not stored or indexed as articles, and the summary says how
many were passed over and why. Articles must never be lost to this: neither the bundled corpus nor the article
pages of the extraction sets in ../shared/eval."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from conftest import CORPUS, ROOT, SHARED, cli_json, run_cli

from indexer.clean.extract import clean
from indexer.clean.page_kind import page_kind
from indexer.models import RawPage
from indexer.sources.files import read_file

KINDS_DIR = Path(__file__).parent / "page_kinds"
HOLDOUT_DIR = Path(__file__).parent / "page_kinds_holdout"  # written after the rules, in other templates
PAGES = sorted(KINDS_DIR.glob("*/*.html"))
KNOWN_MISSES = {"en-two-paragraphs-and-latest-list": "two short paragraphs, then a plain box of eight headlines: "
                                                      "read as a section page (docs/evaluation.md, Page kinds)"}


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(reason=KNOWN_MISSES[p.stem], strict=True)) if p.stem in KNOWN_MISSES
    else p for p in PAGES + sorted(HOLDOUT_DIR.glob("*/*.html"))], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_written_page_is_told_for_what_it_is(path):
    page = read_file(str(path))
    found = page_kind(page, clean(page))
    assert found.kind == path.parent.name, f"{found.reason}: {found.signals}"


def test_ingest_keeps_non_articles_as_raw_pages_and_counts_them(tmp_path):
    data = tmp_path / "data"
    summary = cli_json("ingest", "--json", str(KINDS_DIR), data=data)
    articles = len(list(KINDS_DIR.glob("article/*.html")))
    assert summary["added"] == articles and summary["failed"] == []
    assert summary["not_articles_by_kind"] == {"front": 5, "section": 5, "gallery": 4, "tag": 4}
    assert {(Path(p["path"]).parent.name, p["kind"]) for p in summary["not_articles"]} == {
        (k, k) for k in ("front", "section", "gallery", "tag")}
    assert all(p["why"] for p in summary["not_articles"]), "each says why"
    stats = cli_json("stats", "--json", data=data)
    assert stats["articles"] == articles
    assert stats["pages"] == len(PAGES) and stats["passed_pages"] == len(PAGES) - articles, "every raw page is kept"
    # a headline that both an article and the section pages show finds the article alone
    hits = cli_json("search", "--json", "Neue Fähre Auendorf", data=data)["hits"]
    assert [h["title"] for h in hits] == ["Neue Fähre zwischen Auendorf und Kellheim in Betrieb"]
    assert cli_json("search", "--json", "lantern parade", data=data)["total"] == 0, "a gallery is not indexed"
    again = run_cli("ingest", str(KINDS_DIR), data=data, check=True).stdout
    assert f"added 0, updated 0, unchanged {articles}, failed 0" in again
    assert "18 passed over as not articles: 5 front pages, 5 section pages, 4 photo galleries, 4 tag pages" in again
    assert run_cli("check", data=data).returncode == 0, "store and index agree"


def test_no_article_of_the_bundled_corpus_is_passed_over(corpus_data):
    stats = cli_json("stats", "--json", data=corpus_data)
    assert stats["passed_pages"] == 0
    pages = [p for p in CORPUS.rglob("*") if p.name.endswith((".html", ".htm", ".html.gz"))]
    for path in pages:
        page = read_file(str(path))
        found = page_kind(page, clean(page))
        assert found.is_article, f"{path.relative_to(CORPUS)}: {found.kind} ({found.reason})"


def _extraction_sets():
    spec = importlib.util.spec_from_file_location("extraction_bench", ROOT / "benchmarks" / "extraction.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


@pytest.mark.skipif(not (SHARED / "eval" / "extraction_aeb").exists(), reason="../shared/eval is not here")
def test_article_pages_of_the_extraction_sets_stay_articles():
    """Every page of the AEB and trafilatura sets is an article page, and so is each page the readability set calls
    readerable: none may be passed over."""
    bench = _extraction_sets()
    lost = []
    for name in bench.SETS:
        for item in bench.load_set(name):
            if item["gold"].get("readerable") is False:
                continue
            page = RawPage(item["data"], item["id"], url=item["url"])
            found = page_kind(page, clean(page))
            if not found.is_article:
                lost.append(f"{name}/{item['id']}: {found.kind} ({found.reason})")
    assert lost == []


def test_a_short_page_without_metadata_is_still_an_article():
    """Nothing speaks for a list: a brief with one sentence and a link home is kept, not passed over."""
    page = RawPage(b"<html><body><a href='/'>Home</a><p>The bridge on Mill Lane reopens on Monday after repairs."
                   b"</p></body></html>", "brief.html")
    found = page_kind(page, clean(page))
    assert found.is_article, found
