"""What only the Whoosh backend has: its query objects, its write lock and the layout of indexes on disk."""

from __future__ import annotations

import pytest
from whoosh import query

from indexer.index.engine import IndexBusy, open_engine
from indexer.index.whoosh_engine import ARTICLES, WhooshEngine
from indexer.models import AnnotatedArticle, Article, Block


def article(text: str) -> AnnotatedArticle:
    return AnnotatedArticle(Article(title=text, blocks=[Block(text)], published="2026-03-14T10:00:00+00:00"), "en")


def test_the_data_directory_holds_a_whoosh_index(tmp_path):
    engine = open_engine(tmp_path)
    assert isinstance(engine, WhooshEngine) and engine.folder == tmp_path / "index"


def test_star_is_one_document_level_query(tmp_path):
    """Per field, `*` would union every term's postings of ~30 text fields (16 s on 1,000 articles)."""
    assert WhooshEngine(tmp_path).parse("*") == query.Every()


def test_a_writer_waits_for_the_lock_then_reports_the_index_busy(tmp_path):
    engine = WhooshEngine(tmp_path)
    held = engine._indexes[ARTICLES].writer()
    try:
        with pytest.raises(IndexBusy, match="check --repair"):
            engine.write_articles([("a", 1, article("Ferry strike"))], timeout=0.5)
    finally:
        held.cancel()
    assert engine.write_articles([("a", 1, article("Ferry strike"))]) == 1
    assert engine.indexed_versions() == {"a": 1}
