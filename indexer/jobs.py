"""Ingest jobs, kept in the store's `jobs` table: who started them, with what, their status, progress and report.

Two kinds share the table. A web upload on a SQLite store is a 'process' job: the web server runs it in a process of
its own (search_app/jobs.py), with progress in bytes of input. Queued work (`ingest --queue`, and web uploads on a
PostgreSQL store) is a 'queue' job: one queue item per page (indexer/queue.py), taken by `newsarchive worker`
processes, with progress in pages.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from indexer.sources.origins import public_origin
from indexer.store import Store, now


@dataclass
class Job:
    id: int
    created_at: str
    user: str
    inputs: list[str]
    status: str
    done: int
    total: int
    started_at: str | None
    finished_at: str | None
    report: dict | None
    error: str | None
    restarts: int = 0
    pid: int | None = None
    kind: str = "process"  # or "queue": pages taken by workers, progress in pages

    @property
    def input_names(self) -> list[str]:
        """URLs as given, uploads by their file names (the server's folders are nobody's business)."""
        return [public_origin(i, numbered=True) for i in self.inputs]

    @property
    def unit(self) -> str:
        """What `done` and `total` count."""
        return "pages" if self.kind == "queue" else "bytes"

    def as_dict(self) -> dict:
        return {"id": self.id, "created_at": self.created_at, "user": self.user, "inputs": self.input_names,
                "status": self.status, "done": self.done, "total": self.total, "unit": self.unit,
                "progress": {"done": self.done, "total": self.total}, "kind": self.kind,
                "started_at": self.started_at, "finished_at": self.finished_at, "report": self.report,
                "error": self.error, "restarts": self.restarts}


class Jobs:
    """The jobs table of the store."""

    def __init__(self, store: Store):
        self.store = store  # its schema (the store's migrations) holds the jobs table

    def submit(self, user: str, inputs: list[str], upload_dir: Path | None = None) -> int:
        with self.store.transaction() as db:
            row = db.execute('INSERT INTO jobs (created_at, "user", inputs, upload_dir, status) VALUES (?,?,?,?,?) '
                             "RETURNING id", (now(), user, json.dumps(inputs, ensure_ascii=False),
                                              str(upload_dir) if upload_dir else None, "queued")).fetchone()
            return int(row[0])

    def get(self, job_id: int) -> Job | None:
        if not 0 < job_id < 2**63:  # beyond SQLite's integers: no such job (not an OverflowError)
            return None
        row = self.store.db.execute("SELECT * FROM jobs WHERE id=?", (job_id,)).fetchone()
        return _job(row) if row else None

    def recent(self, limit: int = 20, user: str | None = None) -> list[Job]:
        """The newest jobs: everyone's, or those `user` started."""
        if user is None:
            rows = self.store.db.execute("SELECT * FROM jobs ORDER BY id DESC LIMIT ?", (limit,))
        else:
            rows = self.store.db.execute('SELECT * FROM jobs WHERE "user"=? ORDER BY id DESC LIMIT ?', (user, limit))
        return [_job(r) for r in rows]

    def claim(self) -> tuple[Job, str | None] | None:
        """The oldest queued job, now marked running, and its upload folder."""
        with self.store.transaction() as db:
            row = db.execute("SELECT * FROM jobs WHERE status='queued' AND kind='process' ORDER BY id LIMIT 1"
                             ).fetchone()
            if row is None:
                return None
            db.execute("UPDATE jobs SET status='running', started_at=?, done=0, total=0, pid=NULL WHERE id=?",
                       (now(), row["id"]))
        return self.get(row["id"]), row["upload_dir"]

    def requeue_interrupted(self) -> int:
        """Jobs left 'running' by a process that stopped: run them again (ingest skips what was finished).
        One that was being cancelled stays cancelled."""
        with self.store.transaction() as db:
            db.execute("UPDATE jobs SET status='cancelled', finished_at=? WHERE status='cancelling' AND kind='process'",
                       (now(),))
            return db.execute("UPDATE jobs SET status='queued', restarts=restarts+1 WHERE status='running' "
                              "AND kind='process'").rowcount

    def cancel(self, job_id: int) -> Job | None:
        """A queued job is cancelled at once and its uploads removed; a running one stops within about a second, in
        the middle of a page if need be (search_app/jobs.py signals its process): what it processed before is kept
        and indexed."""
        found = self.get(job_id)
        if found is None:
            return None
        if found.kind == "queue":
            from indexer.queue import WorkQueue

            WorkQueue(self.store).cancel(job_id)
            return self.get(job_id)
        with self.store.transaction() as db:
            row = db.execute("SELECT status, upload_dir FROM jobs WHERE id=?", (job_id,)).fetchone()
            if row is None:
                return None
            if row["status"] == "queued":
                db.execute("UPDATE jobs SET status='cancelled', finished_at=? WHERE id=?", (now(), job_id))
                if row["upload_dir"]:
                    shutil.rmtree(row["upload_dir"], ignore_errors=True)
            elif row["status"] == "running":
                db.execute("UPDATE jobs SET status='cancelling' WHERE id=?", (job_id,))
        return self.get(job_id)

    def running_in(self, job_id: int, pid: int) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE jobs SET pid=? WHERE id=?", (pid, job_id))

    def cancelling(self, job_id: int) -> bool:
        row = self.store.db.execute("SELECT status FROM jobs WHERE id=?", (job_id,)).fetchone()
        return row is not None and row["status"] == "cancelling"

    def progress(self, job_id: int, done: int | None = None, add_total: int = 0) -> None:
        with self.store.transaction() as db:
            if done is not None:
                db.execute("UPDATE jobs SET done=done+? WHERE id=?", (done, job_id))
            if add_total:
                db.execute("UPDATE jobs SET total=total+? WHERE id=?", (add_total, job_id))

    def finish(self, job_id: int, report: dict | None, error: str | None = None) -> None:
        status = "failed" if error else "cancelled" if report and report.get("stopped") else "done"
        with self.store.transaction() as db:
            db.execute("UPDATE jobs SET status=?, finished_at=?, report=?, error=? WHERE id=?",
                       (status, now(), json.dumps(report, ensure_ascii=False) if report else None, error, job_id))


def _job(row) -> Job:
    return Job(row["id"], row["created_at"], row["user"], json.loads(row["inputs"]), row["status"], row["done"],
               row["total"], row["started_at"], row["finished_at"],
               json.loads(row["report"]) if row["report"] else None, row["error"], row["restarts"], row["pid"],
               row["kind"])
