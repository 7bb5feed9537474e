"""Ingest → search on the seed article and on the bundled corpus, through the real command."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS, SEED, SEED_GOLD, cli_json, run_cli

SEED_HEADLINE = "Rocket strike on Kramatorsk railway station kills more than 30 civilians"


def test_seed_is_found_first_with_its_headline_and_language(seed_data):
    result = cli_json("search", "--json", "Kramatorsk", data=seed_data)
    assert result["total"] >= 1
    first = result["hits"][0]
    assert first["title"] == SEED_HEADLINE
    assert first["language"] == "en"
    assert first["source"] == "Example Daily"
    assert first["published"].startswith("2022-04-08")
    assert "Kramatorsk" in first["snippet"]


def test_seed_search_expectations_from_the_gold(seed_data):
    gold = json.loads(SEED_GOLD.read_text(encoding="utf-8"))
    for expectation in gold["search_expectations"]:
        if expectation.get("must_match"):
            assert cli_json("search", "--json", expectation["query"], data=seed_data)["total"] == 1, expectation
    peskov = cli_json("quotes", "--json", "--speaker", "Dmitry Peskov", data=seed_data)
    assert peskov["total"] >= 3
    facets = cli_json("search", "--json", "Bucha", data=seed_data)["facets"]
    assert "Dmitry Peskov" in [v["value"] for v in facets["speaker"]]
    assert "Volodymyr Zelensky" in [v["value"] for v in facets["person"]]
    assert "Kramatorsk" in [v["value"] for v in facets["place"]]


def test_seed_annotation(tmp_path):
    if not SEED.exists():
        pytest.skip("../shared/seeds is not here")
    record = json.loads(run_cli("annotate", "--json", str(SEED), check=True).stdout)
    assert record["title"] == SEED_HEADLINE
    assert record["byline"] == "Staff Reporter"
    assert record["published"] == "2022-04-08T09:14:00-04:00"
    expected = SEED.with_suffix(".txt").read_text(encoding="utf-8")
    assert record["text"].split() == expected.split()
    gold = json.loads(SEED_GOLD.read_text(encoding="utf-8"))["quotes"]
    for g in gold:  # the annotation keeps the comma of "“…,” he said"; quotes are shown without it
        g["text"] = g["text"].rstrip().rstrip(",;").rstrip()
    found = {q["text"]: q for q in record["quotes"]}
    hits = [g for g in gold if g["text"] in found]
    assert len(hits) == len(gold) == 13 and len(record["quotes"]) == 13, "every gold quote, as printed, no extra"
    # a source the article does not name ("a Russian commander") is its speaker_description, with speaker null
    said = {t: q["speaker"] or q.get("speaker_description") for t, q in found.items()}
    wrong = [(g["text"][:40], said[g["text"]], g["speaker"]) for g in hits if said[g["text"]] != g["speaker"]]
    assert wrong == [], "speakers as the annotation names them (Putin's spokesman is Peskov, named later)"
    unnamed = [q for q in record["quotes"] if q.get("speaker_description")]
    assert [(q["speaker"], q["speaker_description"]) for q in unnamed] == [(None, "a Russian commander")]
    assert all(found[g["text"]]["fragment"] == g["fragment"] for g in hits)


@pytest.fixture(scope="module")
def corpus_stats(corpus_data):
    return cli_json("stats", "--json", data=corpus_data)


def test_corpus_fills_an_archive_of_many_languages(corpus_stats):
    assert corpus_stats["articles"] >= 40
    assert len([lang for lang in corpus_stats["languages"] if lang != "und"]) >= 10
    for lang in ("en", "uk", "ru", "de", "fr", "es", "pl", "ar", "zh", "ja"):
        assert corpus_stats["languages"].get(lang, 0) >= 3, (lang, corpus_stats["languages"])
    assert len(corpus_stats["sources"]) >= 10
    assert corpus_stats["quotes"] >= 100 and corpus_stats["entities"] >= 100


def test_every_corpus_page_is_stored(corpus_data):
    pages = [p for p in CORPUS.rglob("*") if p.name.endswith((".html", ".htm", ".html.gz"))]
    summary = cli_json("ingest", "--json", str(CORPUS), data=corpus_data)
    assert summary["unchanged"] == len(pages), "the corpus ingested again adds nothing"
    assert summary["failed"] == []


def test_a_story_reported_in_several_languages(corpus_data):
    """The Oder flood: Wrocław appears in Polish, German, English and Ukrainian reports."""
    result = cli_json("search", "--json", "--limit", "50", "Wrocław OR Breslau OR Вроцлав", data=corpus_data)
    languages = {h["language"] for h in result["hits"]}
    assert {"pl", "de", "en", "uk"} <= languages, languages


def test_corpus_metadata_is_complete(corpus_data):
    for lang in ("en", "de", "ja", "ar"):
        result = cli_json("search", "--json", "--limit", "50", f"language:{lang}", data=corpus_data)
        assert result["total"] >= 1
        for hit in result["hits"]:
            assert hit["title"] and hit["source"] and hit["published"], hit


@pytest.mark.parametrize("reader, expected", [("en", "Olena Marchuk"), ("de", "Olena Martschuk"),
                                              ("uk", "Олена Марчук")])
def test_facet_labels_are_spelled_for_the_reader(corpus_data, reader, expected):
    from search_app import create_app

    client = create_app(corpus_data, TESTING=True).test_client()
    facets = client.get("/api/search", query_string={"q": "Marchuk"},
                        headers={"Accept-Language": f"{reader};q=0.9"}).get_json()["facets"]
    assert {"value": expected, "key": "olena-marchuk"} in [
        {"value": f["value"], "key": f["key"]} for f in facets["person"]]


def test_results_in_one_language_are_labelled_in_it(corpus_data):
    from search_app import create_app

    client = create_app(corpus_data, TESTING=True).test_client()
    facets = client.get("/api/search", query_string={"q": "Marchuk", "language": "uk"}).get_json()["facets"]
    names = {f["key"]: f["value"] for f in facets["person"]}
    assert names["olena-marchuk"] == "Олена Марчук", "Ukrainian results, no reader language: not German"
    assert names["oleksandr-hrytsenko"] == "Олександр Гриценко"


def test_an_ingest_s_progress_moves_before_its_pages_are_kept_and_ends_at_the_whole(tmp_path):
    """The progress bar counts bytes of input: half of a chunk once its raw pages are stored, the rest once its
    articles are kept. With pages read ahead into the workers, it moves from the start, and ends at exactly the
    size of the input."""
    from indexer.archive import Archive
    from indexer.ingest.pipeline import ingest

    pages = tmp_path / "pages"
    pages.mkdir()
    for n in range(60):
        (pages / f"p{n:02d}.html").write_text(
            f"<html><head><title>Harbour report {n}</title></head><body><article><h1>Harbour report {n}</h1>"
            f"<p>The ferry to the northern islands left {n} minutes late on the morning of the storm, and the harbour "
            f"master said the crossing stayed calm.</p></article></body></html>", encoding="utf-8")
    with Archive(tmp_path / "data") as archive:
        total, seen = [], []

        def progress(n):
            seen.append(((seen[-1][0] if seen else 0) + n, archive.store.stats()["articles"]))

        report = ingest(archive, [str(pages)], progress=progress, on_total=total.append)
        assert len(report.added) == 60 and sum(total) == seen[-1][0]
        assert max(done for done, kept in seen if kept == 0) >= 0.4 * sum(total), seen[:4]
