"""The archive's counts on every front page (`Store.summary`: articles, their languages and sources, quotations) are
kept by the writes that change them, not counted on each page: after new articles, new versions in another language
from another outlet with fewer quotations, re-annotation, a copy into PostgreSQL and the migration that brings them
to an older archive, they equal a fresh count. On the SQLite file and on PostgreSQL (`store_url`)."""

from __future__ import annotations

import sqlite3

from store_support import (
    fresh_database,
    store_url,  # noqa: F401 (the fixture)
    test_store_url,
)

from indexer import store_counts
from indexer.models import AnnotatedArticle, Article, Block, Quote, RawPage
from indexer.store import SCHEMA_VERSION, Store


def _article(n: int, language: str = "en", source: str | None = "Test Courier", quotes: int = 2,
             text: str = "The Oder rose overnight.") -> AnnotatedArticle:
    article = Article(title=f"Flood {n}", blocks=[Block(f"{text} Report {n}.")], published="2026-03-14T08:00:00+01:00",
                      source=source, url=f"https://x.example/{n}")
    return AnnotatedArticle(article, language, quotes=[Quote(f"We are ready {i},", "Katarzyna Wiśniewska")
                                                       for i in range(quotes)])


def _counted(store: Store) -> dict:
    """The summary as counting every article and quotation gives it."""
    found: dict[str, dict[str, int]] = {"articles": {}, "language": {}, "source": {}, "quotes": {}}
    for part, value, n in store.db.execute(store_counts.COUNTED):
        if n:
            found[part][value] = n
    return {"articles": found["articles"].get("", 0), "languages": found["language"],
            "sources": found["source"], "quotes": found["quotes"].get("", 0)}


def _stored(store: Store, n: int, annotated: AnnotatedArticle, article_id: str | None = None) -> str:
    page = store.receive(RawPage(f"page {n} {annotated.language} {annotated.article.source}".encode(), f"{n}.html"))
    return store.add_article(page.page_id, annotated, article_id).article_id


def test_the_counts_stay_equal_to_a_fresh_count_through_every_write(store_url):  # noqa: F811
    with Store(store_url) as store:
        assert store.summary() == {"articles": 0, "languages": {}, "sources": {}, "quotes": 0} == _counted(store)
        ids = [_stored(store, 1, _article(1)), _stored(store, 2, _article(2, "de", "Kurier", 3)),
               _stored(store, 3, _article(3, "pl", None, 0))]
        assert store.summary() == _counted(store)
        assert store.summary()["articles"] == 3 and store.summary()["quotes"] == 5
        assert store.summary()["sources"] == {"Kurier": 1, "Test Courier": 1, "": 1}
        _stored(store, 4, _article(1))  # the same article again: nothing new
        assert store.summary() == _counted(store)
        # a new version: another language and outlet, one quotation fewer (one deleted)
        _stored(store, 5, _article(2, "en", "Test Courier", 2, text="The Oder fell."), ids[1])
        assert store.summary() == _counted(store) and store.summary()["languages"] == {"en": 2, "pl": 1}
        assert store.summary()["quotes"] == 4
        # re-annotated (same version): the language found anew, its quotations all gone
        store.refresh_annotations(ids[0], _article(1, "de", quotes=0))
        assert store.summary() == _counted(store)
        assert store.summary()["languages"] == {"de": 1, "en": 1, "pl": 1} and store.summary()["quotes"] == 2
        assert store.stats()["articles"] == 3


def test_an_archive_from_before_kept_counts_counts_once_opened(store_url):  # noqa: F811
    with Store(store_url) as store:
        for n, language in enumerate(["en", "de", "de"]):
            _stored(store, n, _article(n, language, quotes=n))
        with store.transaction() as db:  # the store as schema 13 left it
            db.execute("DROP TABLE archive_counts")
            db.execute("UPDATE schema_version SET version = 13")
    with Store(store_url) as store:
        assert store.schema_version() == SCHEMA_VERSION
        assert store.summary() == _counted(store)
        assert store.summary()["languages"] == {"de": 2, "en": 1} and store.summary()["quotes"] == 3


def test_a_copy_into_postgresql_keeps_the_counts_of_what_it_copied(tmp_path):
    from indexer.store_copy import copy_store

    target = test_store_url()
    data = tmp_path / "data"
    data.mkdir()
    with Store(data / "archive.sqlite3") as source:
        ids = [_stored(source, n, _article(n, ["en", "de"][n % 2], quotes=n)) for n in range(4)]
    with fresh_database(target) as url:
        assert copy_store(data, url).verified
        with Store(data / "archive.sqlite3") as source:  # a newer version in the source, copied again over the old
            _stored(source, 9, _article(1, "pl", "Kurier", 0, text="The Oder fell."), ids[1])
            expected = _counted(source)
        assert copy_store(data, url).verified
        with Store(url) as copied:
            assert copied.summary() == _counted(copied) == expected
            assert copied.summary()["languages"] == {"de": 1, "en": 2, "pl": 1}
    with sqlite3.connect(data / "archive.sqlite3") as db:  # (the source's own counts, for comparison)
        assert db.execute("SELECT n FROM archive_counts WHERE part='quotes'").fetchone()[0] == expected["quotes"]
