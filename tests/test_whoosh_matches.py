"""The Whoosh search counts its matches apart from ranking and scores only the documents that can reach the page
(whoosh_matches): totals, facet counts and pages must be what scoring every match gives."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from itertools import chain

import pytest
from conftest import ROOT

from indexer.index.whoosh_engine import ARTICLES, FACETS, WhooshEngine, _bounded, relaxable

QUERIES = ["bridge", '"decision before winter"', "drought OR sequía OR sécheresse", "flood NOT budget",
           "title:museum", "petition", "council vote", "Bibliothek Markt", "festival*", "council ANDMAYBE vote",
           "river OR flood OR budget", "petition NOT council", "bri?ge", "Hoch*", "council vote petition library",
           "\"council vote\"~3", "\"before winter\" petition", "\"the the\"", "\"winter decision\"~4"]


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """Three hundred invented articles in six languages, written in batches (several segments), a tenth of them
    rewritten afterwards (deleted documents in the older segments)."""
    spec = importlib.util.spec_from_file_location("synthetic_articles", ROOT / "benchmarks" / "synthetic.py")
    synthetic = sys.modules["synthetic_articles"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(synthetic)
    engine = WhooshEngine(tmp_path_factory.mktemp("archive") / "index")
    written = list(synthetic.articles(300))
    for start in range(0, len(written), 60):
        engine.write_articles([(a.id, 1, a.annotated) for a in written[start:start + 60]])
    engine.write_articles([(a.id, 2, a.annotated) for a in written[::10]])
    person = written[0].annotated.entities[0].name
    return engine, person


def every_match(engine: WhooshEngine, text: str, filters: dict) -> tuple[list[tuple[str, float]], dict, int]:
    """Whoosh's own search scoring every match: the ranked ids and scores, the facet counts over every match."""
    s = engine.searcher(ARTICLES)
    flt = engine._filter(ARTICLES, filters)
    q, _ = _bounded(engine.parse(text, ARTICLES), s.reader())
    results = s.search(q, limit=None, filter=flt, optimize=False)
    if not len(results) and relaxable(text):  # as the search does: rank the articles with most of the words
        q, _ = _bounded(engine.parse(text, ARTICLES, any_word=True), s.reader())
        results = s.search(q, limit=None, filter=flt, optimize=False)
    ranked = [(hit["id"], round(float(hit.score), 4)) for hit in results]
    facet_map = engine._facet_map(s)
    docnums = [hit.docnum for hit in results]
    facets = {f: Counter(chain.from_iterable(facet_map[f][d] for d in docnums)) for f in FACETS}
    return ranked, facets, len(results)


@pytest.mark.parametrize("text", QUERIES)
def test_totals_facets_and_pages_are_those_of_scoring_every_match(archive, text):
    engine, person = archive
    for filters in ({}, {"person": person}, {"language": "de"}):
        ranked, facets, total = every_match(engine, text, filters)
        for page in (1, 2):
            result = engine.search(text, filters, page=page)
            assert result.total == total, (text, filters)
            assert [(h.id, h.score) for h in result.hits] == ranked[(page - 1) * 10:page * 10], (text, filters, page)
            for facet, values in result.facets.items():
                counts = facets[facet]
                assert all(counts[value] == n for value, n in values), (text, filters, facet)
                assert [n for _, n in values] == sorted(counts.values(), reverse=True)[:len(values)]


def test_a_page_of_an_every_document_query_is_newest_first_over_every_document(archive):
    engine, _ = archive
    s = engine.searcher(ARTICLES)
    newest = sorted((doc["published_iso"] for doc in s.all_stored_fields()), reverse=True)
    result = engine.search("*", limit=20)
    assert result.total == s.doc_count() == 300
    assert [h.published for h in result.hits] == newest[:20]
    oldest = engine.search("petition", limit=20, sort="oldest")
    assert [h.published for h in oldest.hits] == sorted(h.published for h in engine.search(
        "petition", limit=1000).hits)[:20]


def test_snippets_mark_the_words_that_matched(archive):
    engine, _ = archive
    result = engine.search("petition")
    assert result.hits and all("<mark>" in h.snippet_html for h in result.hits)


def test_phrases_and_their_slop_match_what_whoosh_phrase_matcher_matches(tmp_path):
    """Phrases are checked from the words' positions (whoosh_matches._phrase), not by Whoosh's span matcher: in
    order, each word 1 to `slop` positions after the one before, repeated words included."""
    from indexer.models import AnnotatedArticle, Article, Block

    texts = {"adjacent": "harbour strike today", "one-between": "harbour dock strike", "reversed": "strike harbour",
             "two-between": "harbour old dock strike", "twice": "harbour harbour strike", "apart": "harbour " +
             "calm " * 8 + "strike", "echo": "strike harbour strike harbour"}
    engine = WhooshEngine(tmp_path / "index")
    engine.write_articles([(key, 1, AnnotatedArticle(Article(title="", blocks=[Block(text)]), "en"))
                           for key, text in texts.items()])
    s = engine.searcher(ARTICLES)
    expected = {'"harbour strike"': {"adjacent", "twice", "echo"},
                '"harbour strike"~2': {"adjacent", "twice", "echo", "one-between"},
                '"harbour strike"~3': {"adjacent", "twice", "echo", "one-between", "two-between"},
                '"harbour harbour"': {"twice"}, '"strike harbour strike"': {"echo"},
                '"harbour harbour"~3': {"twice", "echo"}}
    for text, ids in expected.items():
        whoosh_own = {hit["id"] for hit in s.search(engine.parse(text, ARTICLES), limit=None)}
        result = engine.search(text, limit=50)
        assert {h.id for h in result.hits} == whoosh_own == ids and result.total == len(ids), text
