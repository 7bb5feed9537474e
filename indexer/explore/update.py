"""Keeping the explorer up to date with the store, a batch of articles per transaction.

The store lists each article it stores or annotates again in `explore_pending` (in the same transaction as its
annotations). `catch_up` takes them in date order (of publication), takes back what each contributed before (`entities.unrecord`),
files it again (`entities.record`, then `stories.file`) and strikes it from the list, all in one write transaction
of the store: one writer at a time (SQLite's lock, PostgreSQL's advisory lock), so two processes catching up at once
never file one article twice nor start two stories for one event, and a crash loses nothing (the batch stays
pending). The archive runs it before each index commit (`Archive.sync_index`, `Archive.index_articles`): when
`ingest` returns, its articles are in their stories.
"""

from __future__ import annotations

from collections.abc import Callable

from indexer.explore import entities, facts, stories

BATCH = 200  # articles per transaction: other writers wait at most for one batch
# how many articles are filed: the count catch_up keeps (migration 13), else (none kept yet) counted
FILED = ("COALESCE((SELECT value FROM explore_totals WHERE name='explored'), "
         "(SELECT COUNT(*) FROM explored))")


def pending(store) -> int:
    return store.db.execute("SELECT COUNT(*) FROM explore_pending").fetchone()[0]


def catch_up(store, batch: int = BATCH, progress: Callable[[int], None] | None = None) -> int:
    """File every pending article; how many were filed."""
    done = 0
    while store.db.execute("SELECT 1 FROM explore_pending LIMIT 1").fetchone():  # (no writer's turn for nothing)
        with store.transaction() as db:
            ids = [r[0] for r in db.execute(
                "SELECT p.article_id FROM explore_pending p LEFT JOIN articles a ON a.id=p.article_id "
                "ORDER BY COALESCE(a.published, a.first_seen, ''), p.article_id LIMIT ?", (batch,))]
            if not ids:  # (another process took them meanwhile)
                break
            filed = db.execute(f"SELECT {FILED}").fetchone()[0]
            found = facts.read(db, ids)
            stored = {f.article_id for f in found}
            for article_id in ids:
                if article_id not in stored:  # no longer stored: take it out of everything
                    stories.leave(db, article_id)
                    if entities.unrecord(db, article_id) is not None:
                        filed -= 1
            weights = stories.Weights(db, filed)  # (the articles still filed, as stories weigh keys by them)
            for f in sorted(found, key=lambda f: (f.day, f.published or "", f.article_id)):
                old = stories.leave(db, f.article_id)
                if entities.unrecord(db, f.article_id) is None:
                    weights.total += 1
                    filed += 1
                entities.record(db, f)
                for key in f.names:  # (their counts just changed)
                    weights.known.pop(key, None)
                stories.file(db, f, weights, old)
            db.executemany("DELETE FROM explore_pending WHERE article_id=?", [(i,) for i in ids])
            db.execute("INSERT INTO explore_totals (name, value) VALUES ('explored', ?) ON CONFLICT (name) DO UPDATE "
                       "SET value=excluded.value", (filed,))
        done += len(ids)
        if progress:
            progress(len(ids))
    return done
