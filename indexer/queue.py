"""The work queue in the store: one item per page of a queued job, taken by `newsarchive worker` processes.

A worker takes an item under a lease (LEASE seconds, renewed by its heartbeat). On PostgreSQL the take is a
`SELECT … FOR UPDATE SKIP LOCKED`, so any number of workers on any number of machines take items at once without
waiting for each other or taking the same one. An item is finished only once its page is stored *and* indexed: a
worker killed at any point leaves its item to be taken again when the lease expires, and since storing and indexing
are idempotent (the same bytes give the same article version; the index replaces a document by its id), every page
ends up stored and indexed exactly once. An item whose lease expired MAX_ATTEMPTS times is failed, with the reason.

A job's `done` and `total` count its items; the worker that finishes a job's last item writes the job's report.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass

from indexer.store import Store, now

LEASE = 30.0  # seconds a taken item stays a worker's without a heartbeat
MAX_ATTEMPTS = 3  # leases that may expire on one item before it is failed
FINISHED = ("done", "failed", "cancelled")


@dataclass(frozen=True)
class Item:
    """One page of a queued job: stored already (`page_id`), or a URL the worker fetches first."""

    id: int
    job_id: int
    label: str
    page_id: int | None
    url: str | None
    attempts: int


class WorkQueue:
    def __init__(self, store: Store):
        self.store = store

    # -- the front: filling a job ----------------------------------------------------------------------------
    def create_job(self, user: str, inputs: list[str]) -> int:
        """A queued job, open while its items are added: workers may start on them, but it cannot finish yet."""
        with self.store.transaction() as db:
            row = db.execute('INSERT INTO jobs (created_at, "user", inputs, status, kind, open) '
                             "VALUES (?,?,?,'queued','queue',1) RETURNING id",
                             (now(), user, json.dumps(inputs, ensure_ascii=False))).fetchone()
            return int(row[0])

    def add(self, job_id: int, items: list[tuple[str, int | None, str | None]],
            finished: list[tuple[str, int | None, str, str | None]] = ()) -> None:
        """Queue (label, page_id, url) items; `finished` are (label, page_id, outcome, detail) the front settled
        itself (bytes stored and handled before: unchanged; an input that could not be read: failed)."""
        with self.store.transaction() as db:
            if items:
                db.executemany("INSERT INTO queue (job_id, label, page_id, url) VALUES (?,?,?,?)",
                               [(job_id, label, page_id, url) for label, page_id, url in items])
            if finished:
                db.executemany("INSERT INTO queue (job_id, label, page_id, status, outcome, detail) "
                               "VALUES (?,?,?,?,?,?)",
                               [(job_id, label, page_id, "failed" if outcome == "failed" else "done", outcome, detail)
                                for label, page_id, outcome, detail in finished])
            db.execute("UPDATE jobs SET total=total+?, done=done+? WHERE id=?",
                       (len(items) + len(finished), len(finished), job_id))

    def close_job(self, job_id: int, notes: dict | None = None) -> None:
        """Every item is in: the job may finish (at once, when nothing was left to do). `notes` (files skipped,
        WARC records passed over) go into its report."""
        with self.store.transaction(turn=False) as db:
            db.execute(f"SELECT id FROM jobs WHERE id=?{db.for_update}", (job_id,))
            db.execute("UPDATE jobs SET open=0, report=? WHERE id=?",
                       (json.dumps(notes or {}, ensure_ascii=False), job_id))
            self._roll_up(db, job_id)

    # -- the back: workers ------------------------------------------------------------------------------------
    def take(self, worker: str, lease: float = LEASE) -> Item | None:
        """The oldest item free to take (queued, or its lease expired), now leased to `worker`."""
        while True:
            with self.store.transaction(turn=False) as db:
                clock = time.time()
                row = db.execute(
                    "SELECT id, job_id, label, page_id, url, attempts, status FROM queue WHERE status='queued' "
                    f"OR (status='taken' AND lease_until < ?) ORDER BY id LIMIT 1{db.skip_locked}", (clock,)).fetchone()
                if row is None:
                    return None
                if row["status"] == "taken" and row["attempts"] >= MAX_ATTEMPTS:
                    self._settle(db, row["id"], row["job_id"], "failed",
                                 f"taken {row['attempts']} times, each time by a worker that stopped before finishing "
                                 "it (killed, or out of memory on this page?); its raw page, if fetched, is kept")
                    continue
                db.execute("UPDATE queue SET status='taken', attempts=attempts+1, lease_until=?, worker=? WHERE id=?",
                           (clock + lease, worker, row["id"]))
                db.execute("UPDATE jobs SET status='running', started_at=? WHERE id=? AND status='queued'",
                           (now(), row["job_id"]))
                return Item(row["id"], row["job_id"], row["label"], row["page_id"], row["url"], row["attempts"] + 1)

    def renew(self, item_ids: list[int], worker: str, lease: float = LEASE) -> int:
        """The heartbeat: extend the leases `worker` still holds; how many it still holds."""
        if not item_ids:
            return 0
        marks = ",".join("?" * len(item_ids))
        with self.store.transaction(turn=False) as db:
            return db.execute(f"UPDATE queue SET lease_until=? WHERE id IN ({marks}) AND worker=? AND status='taken'",
                              (time.time() + lease, *item_ids, worker)).rowcount

    def fetched(self, item_id: int, page_id: int) -> None:
        """A URL item's page is in the store: a worker that takes it again reads it from there."""
        with self.store.transaction(turn=False) as db:
            db.execute("UPDATE queue SET page_id=? WHERE id=?", (page_id, item_id))

    def finish(self, item_id: int, worker: str, outcome: str, detail: str | None = None) -> bool:
        """Settle an item `worker` holds (False if its lease went to another worker meanwhile)."""
        with self.store.transaction(turn=False) as db:
            row = db.execute(f"SELECT job_id FROM queue WHERE id=? AND status='taken' AND worker=?{db.for_update}",
                             (item_id, worker)).fetchone()
            if row is None:
                return False
            self._settle(db, item_id, row["job_id"], outcome, detail)
            return True

    def _settle(self, db, item_id: int, job_id: int, outcome: str, detail: str | None) -> None:
        db.execute(f"SELECT id FROM jobs WHERE id=?{db.for_update}", (job_id,))  # one settler of a job at a time
        db.execute("UPDATE queue SET status=?, outcome=?, detail=?, lease_until=NULL WHERE id=?",
                   ("failed" if outcome == "failed" else "done", outcome, detail, item_id))
        db.execute("UPDATE jobs SET done=done+1 WHERE id=?", (job_id,))
        self._roll_up(db, job_id)

    def cancel(self, job_id: int) -> None:
        """Items not yet taken are cancelled; those being worked on finish (their pages are kept and indexed)."""
        with self.store.transaction(turn=False) as db:
            # the queue's rows before the job's, in the order takers and finishers lock them (no deadlock)
            db.execute(f"SELECT id FROM queue WHERE job_id=? AND status='queued'{db.for_update}", (job_id,))
            db.execute(f"SELECT id FROM jobs WHERE id=?{db.for_update}", (job_id,))
            n = db.execute("UPDATE queue SET status='cancelled' WHERE job_id=? AND status='queued'", (job_id,)).rowcount
            db.execute("UPDATE jobs SET done=done+?, status='cancelling' WHERE id=? AND status IN ('queued', 'running')",
                       (n, job_id))
            self._roll_up(db, job_id)

    def _roll_up(self, db, job_id: int) -> None:
        """Called holding the job's row: when no item is left to do, the job ends with its report."""
        job = db.execute("SELECT status, open, report FROM jobs WHERE id=?", (job_id,)).fetchone()
        if job is None or job["open"] or job["status"] in FINISHED:
            return
        left = db.execute("SELECT COUNT(*) FROM queue WHERE job_id=? AND status IN ('queued', 'taken')",
                          (job_id,)).fetchone()[0]
        if left:
            return
        report = _report(db.execute("SELECT label, status, outcome, detail FROM queue WHERE job_id=? ORDER BY id",
                                    (job_id,)).fetchall(), json.loads(job["report"] or "{}"))
        status = "cancelled" if job["status"] == "cancelling" else "done"
        db.execute("UPDATE jobs SET status=?, finished_at=?, report=? WHERE id=?",
                   (status, now(), json.dumps(report, ensure_ascii=False), job_id))

    def open_items(self) -> int:
        """Items queued or taken, over every job."""
        return self.store.db.execute("SELECT COUNT(*) FROM queue WHERE status IN ('queued', 'taken')").fetchone()[0]


def _report(rows, notes: dict) -> dict:
    """The job's report in the shape `ingest --json` prints, from its items."""
    outcomes = Counter(r["outcome"] for r in rows if r["status"] == "done")
    not_articles = []
    for r in rows:
        if r["outcome"] == "not_article":
            kind, _, why = (r["detail"] or "").partition(": ")
            not_articles.append({"path": r["label"], "kind": kind, "why": why})
    passed_over = list(notes.get("passed_over", []))
    cancelled = sum(1 for r in rows if r["status"] == "cancelled")
    if cancelled:
        passed_over.append(f"cancelled: {cancelled} page{'' if cancelled == 1 else 's'} not yet taken were left; "
                           "the pages done before the cancel are kept and indexed")
    named = {f"{outcome}_paths": [r["label"] for r in rows if r["status"] == "done" and r["outcome"] == outcome]
             for outcome in ("added", "updated", "unchanged")}
    return {"added": outcomes["added"], "updated": outcomes["updated"], "unchanged": outcomes["unchanged"], **named,
            "failed": [{"path": r["label"], "error": r["detail"]} for r in rows if r["status"] == "failed"],
            "skipped": notes.get("skipped", []), "passed_over": passed_over, "not_articles": not_articles,
            "not_articles_by_kind": dict(Counter(n["kind"] for n in not_articles).most_common()),
            "indexed": outcomes["added"] + outcomes["updated"], "stopped": bool(cancelled), "index_error": None}
