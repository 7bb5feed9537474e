"""The explorer's tables behave the same on the SQLite file and on PostgreSQL (`store_url` runs each test on both):
articles filed into their entities and stories as they are stored, filed again without being counted twice, and two
processes filing at once file each article once (one writer at a time, on both databases)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

from indexer.annotate.entities import extract_entities
from indexer.explore.update import catch_up, pending
from indexer.models import AnnotatedArticle, Article, Block, Quote, RawPage
from indexer.store import Store

FLOOD = [
    ("en", "2026-03-14T10:00:00+01:00", "Oder floods Wrocław", [
        "Floodwater from the Oder poured into Wrocław on Saturday, said Katarzyna Wiśniewska of the crisis office.",
        "Deutsche Bahn suspended its trains between Berlin and Wrocław."],
     [("We have moved four hundred families to higher ground.", "Katarzyna Wiśniewska")]),
    ("de", "2026-03-14T12:00:00+01:00", "Oder überflutet Breslau", [
        "Das Hochwasser der Oder hat Breslau erreicht, sagte Katarzyna Wiśniewska vom Krisenstab.",
        "Die Deutsche Bahn stellte die Züge zwischen Berlin und Breslau ein."],
     [("Wir haben vierhundert Familien in Sicherheit gebracht.", "Katarzyna Wiśniewska")]),
    ("en", "2026-03-15T10:00:00+01:00", "Harbour pier reopens in Baltimore", [
        "Ben Carter, the harbour master of Baltimore, reopened the pier on Sunday."], []),
]


def _article(i: int, lang: str, published: str, title: str, paragraphs: list[str], quotes) -> AnnotatedArticle:
    article = Article(title=title, blocks=[Block(p) for p in paragraphs], source=f"Outlet {lang}", published=published,
                      url=f"https://news.example/{i}")
    return AnnotatedArticle(article, lang, [Quote(t, s) for t, s in quotes], extract_entities(paragraphs, lang))


def _stored(store: Store, items) -> list[str]:
    ids = []
    for i, item in enumerate(items):
        page = store.receive(RawPage(f"page {i} {item[2]}".encode(), f"test://{i}"))
        ids.append(store.add_article(page.page_id, _article(i, *item)).article_id)
    return ids


def test_an_article_stored_again_or_annotated_again_is_counted_once(store_url):
    store = Store(store_url)
    ids = _stored(store, FLOOD)
    catch_up(store)

    def counts():
        db = store.db
        return (db.execute("SELECT key, articles FROM entity_stats ORDER BY key").fetchall(),
                db.execute("SELECT key, form, articles FROM entity_spellings ORDER BY key, form").fetchall(),
                db.execute("SELECT story, key, articles FROM story_keys ORDER BY story, key").fetchall(),
                db.execute("SELECT id, articles FROM story_heads ORDER BY id").fetchall())

    before = counts()
    store.refresh_annotations(ids[1], store.article(ids[1]))  # what `reindex --reannotate` does
    assert pending(store) == 1
    catch_up(store)
    assert counts() == before
    # the number of filed articles entity pages read is kept in the same transactions (migration 13), exactly
    kept = "SELECT value FROM explore_totals WHERE name='explored'"
    assert store.db.execute(kept).fetchone()[0] == len(ids) == store.db.execute(
        "SELECT COUNT(*) FROM explored").fetchone()[0]
    store.close()


def test_two_processes_filing_at_once_file_each_article_once(store_url):
    store = Store(store_url)
    items = [(lang, published.replace("2026-03-1", f"2026-0{1 + n % 8}-1"), f"{title} ({n})", paragraphs, quotes)
             for n in range(6) for lang, published, title, paragraphs, quotes in FLOOD]
    _stored(store, items)
    code = ("import sys; from indexer.store import Store; from indexer.explore.update import catch_up; "
            "s = Store(sys.argv[1]); catch_up(s, batch=2); s.close()")
    workers = [subprocess.Popen([sys.executable, "-c", code, str(store_url)], cwd=ROOT) for _ in range(2)]
    try:
        assert [w.wait(timeout=300) for w in workers] == [0, 0]
    finally:
        for w in workers:
            if w.poll() is None:
                w.kill()
    db = store.db
    assert pending(store) == 0
    assert db.execute("SELECT COUNT(*) FROM explored").fetchone()[0] == len(items)
    assert db.execute("SELECT COUNT(*) FROM story_members").fetchone()[0] == len(items)
    mentioned = dict(db.execute("SELECT key, COUNT(*) FROM entity_mentions GROUP BY key").fetchall())
    counted = dict(db.execute("SELECT key, articles FROM entity_stats WHERE articles > 0").fetchall())
    assert mentioned == counted
    members = dict(db.execute("SELECT story, COUNT(*) FROM story_members GROUP BY story").fetchall())
    heads = dict(db.execute("SELECT id, articles FROM story_heads WHERE articles > 0").fetchall())
    assert members == heads
    store.close()
