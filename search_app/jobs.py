"""Ingest jobs that archivists start from the web: queued in the archive's store (its `jobs` table), run one at a
time, each in a process of its own, with progress and the full report kept for the jobs page.

The web process only queues and watches: a job's process loads the annotation models (hundreds of MiB) and gives
them back to the system when it ends, so the server that answers searches stays small. Progress and cancelling go
through the jobs table, which both processes read and write.

Uploaded files are written to the data folder before the job is queued, so a restart loses nothing: a job that was
running when the process stopped is queued again (ingest is idempotent), and its files are removed only once the
job has finished and the pages are in the store.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from indexer.archive import Archive
from indexer.ingest.lifeline import end_with_parent
from indexer.sources.fetch import Limits
from indexer.store import Store, now
from search_app.origins import public_origin

if TYPE_CHECKING:
    from werkzeug.datastructures import FileStorage

UPLOADS = "uploads"


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

    @property
    def input_names(self) -> list[str]:
        """URLs as given, uploads by their file names (the server's folders are nobody's business)."""
        return [public_origin(i, numbered=True) for i in self.inputs]

    def as_dict(self) -> dict:
        return {"id": self.id, "created_at": self.created_at, "user": self.user, "inputs": self.input_names,
                "status": self.status, "progress": {"done": self.done, "total": self.total},
                "started_at": self.started_at, "finished_at": self.finished_at, "report": self.report,
                "error": self.error, "restarts": self.restarts}


class Jobs:
    """The queue, kept in the store's database."""

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

    def recent(self, limit: int = 20) -> list[Job]:
        return [_job(r) for r in self.store.db.execute("SELECT * FROM jobs ORDER BY id DESC LIMIT ?", (limit,))]

    def claim(self) -> tuple[Job, str | None] | None:
        """The oldest queued job, now marked running, and its upload folder."""
        with self.store.transaction() as db:
            row = db.execute("SELECT * FROM jobs WHERE status='queued' ORDER BY id LIMIT 1").fetchone()
            if row is None:
                return None
            db.execute("UPDATE jobs SET status='running', started_at=?, done=0, total=0, pid=NULL WHERE id=?",
                       (now(), row["id"]))
        return self.get(row["id"]), row["upload_dir"]

    def requeue_interrupted(self) -> int:
        """Jobs left 'running' by a process that stopped: run them again (ingest skips what was finished).
        One that was being cancelled stays cancelled."""
        with self.store.transaction() as db:
            db.execute("UPDATE jobs SET status='cancelled', finished_at=? WHERE status='cancelling'", (now(),))
            return db.execute("UPDATE jobs SET status='queued', restarts=restarts+1 WHERE status='running'").rowcount

    def cancel(self, job_id: int) -> Job | None:
        """A queued job is cancelled at once and its uploads removed; a running one stops after the pages it is
        reading now, which are kept and indexed."""
        if self.get(job_id) is None:
            return None
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
               json.loads(row["report"]) if row["report"] else None, row["error"], row["restarts"], row["pid"])


def upload_folder(data_dir: Path | str) -> Path:
    """A new folder for one job's uploaded files, inside the data folder (same disk, kept across restarts); like the
    files in it, open to the server's own user only, whatever the umask."""
    base = Path(data_dir) / UPLOADS
    base.mkdir(mode=0o700, parents=True, exist_ok=True)
    if base.stat().st_mode & 0o077:  # made before this rule
        base.chmod(0o700)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        folder = base / f"{stamp}-{n}"
        try:
            folder.mkdir(mode=0o700)
            return folder
        except FileExistsError:
            continue
    raise RuntimeError(f"cannot create an upload folder in {base}")


def save_upload(upload: FileStorage, path: Path) -> None:
    """Write an uploaded file where the job will read it, readable by the server's own user only."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as out:
        upload.save(out)


def run_job(archive: Archive, jobs: Jobs, job: Job, upload_dir: str | None, limits: Limits,
            alive: Callable[[], bool] = lambda: True) -> None:
    """Ingest the job's inputs; the report names uploads by their file names, not their folder on the server.

    When `alive()` turns false (the web server that started the job is gone) the job stops where it is and stays
    'running', so the next server start runs it again."""
    from indexer.ingest.pipeline import ingest  # here, not at import: the web process never loads the models

    def check() -> None:
        if not alive():
            raise SystemExit(f"job {job.id}: the web server that started it has stopped")

    def progress(n: int) -> None:
        check()
        jobs.progress(job.id, done=n)

    def stop() -> bool:
        check()
        return jobs.cancelling(job.id)

    try:
        report = ingest(archive, job.inputs, progress=progress, on_total=lambda n: jobs.progress(job.id, add_total=n),
                        limits=limits, stop=stop,
                        workers=0,  # one core for the job, the others for searches (and a daemon has no children)
                        ).as_dict()
    except Exception as exc:  # a bug must end the job visibly, not kill the worker; the uploads stay for a retry
        error = f"the job stopped: {type(exc).__name__}: {exc}"
        jobs.finish(job.id, None, error.replace(upload_dir.rstrip("/") + "/", "") if upload_dir else error)
        return
    if upload_dir:
        report = json.loads(json.dumps(report, ensure_ascii=False).replace(upload_dir.rstrip("/") + "/", ""))
        shutil.rmtree(upload_dir, ignore_errors=True)
    jobs.finish(job.id, report)


def _job_process(data_dir: str, job_id: int, upload_dir: str | None, limits: Limits, parent: int) -> None:
    """Entry point of a job's own process (spawned: a fresh interpreter, nothing inherited from the server).

    Ctrl-C at the server's terminal reaches this process too: it is ignored here, and the job stops when it sees
    that the server is gone, as a job in a thread stopped with its server (and runs again at the next start)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(parent)  # a server killed outright takes its job with it; the next start runs the job again
    with Archive(data_dir) as archive:
        jobs = Jobs(archive.store)
        jobs.running_in(job_id, os.getpid())
        job = jobs.get(job_id)
        if job is not None:
            run_job(archive, jobs, job, upload_dir, limits, alive=lambda: os.getppid() == parent)


class Worker(threading.Thread):
    """Runs queued jobs one after another, each in a process of its own; `wake()` after a submit starts it at once."""

    def __init__(self, data_dir: Path | str, limits: Limits):
        super().__init__(name="newsarchive-jobs", daemon=True)
        self.data_dir = data_dir
        self.limits = limits
        self._wake = threading.Event()

    def wake(self) -> None:
        self._wake.set()

    def run(self) -> None:
        spawn = multiprocessing.get_context("spawn")  # no fork of a threaded server
        with Archive(self.data_dir) as archive:
            jobs = Jobs(archive.store)
            jobs.requeue_interrupted()
            while True:
                claimed = jobs.claim()
                if claimed is None:
                    self._wake.wait(timeout=5)
                    self._wake.clear()
                    continue
                job, upload_dir = claimed
                process = spawn.Process(target=_job_process, name=f"newsarchive-job-{job.id}", daemon=True,
                                        args=(str(self.data_dir), job.id, upload_dir, self.limits, os.getpid()))
                process.start()
                process.join()
                if jobs.get(job.id).status in ("running", "cancelling"):  # it died without finishing the job
                    jobs.finish(job.id, None, f"the job's process stopped unexpectedly (exit code {process.exitcode})")
