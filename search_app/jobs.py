"""Ingest jobs that archivists start from the web: queued in the archive's store (its `jobs` table), run one at a
time, each in a process of its own, with progress and the full report kept for the jobs page.

The web process only queues and watches: a job's process loads the annotation models (hundreds of MiB) and gives
them back to the system when it ends, so the server that answers searches stays small. Progress and cancelling go
through the jobs table, which both processes read and write; a cancel also reaches the job's process at once, as a
signal that ends the page in hand (indexer/interrupt.py), so a large page does not hold it.

Uploaded files are written to the data folder before the job is queued, so a restart loses nothing: a job that was
running when the process stopped is queued again (ingest is idempotent), and its files are removed only once the
job has finished and the pages are in the store.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from indexer import interrupt
from indexer.archive import Archive
from indexer.ingest.lifeline import end_with_parent
from indexer.jobs import Job, Jobs
from indexer.sources.fetch import Limits

if TYPE_CHECKING:
    from werkzeug.datastructures import FileStorage

UPLOADS = "uploads"


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
        return interrupt.requested() or jobs.cancelling(job.id)

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
    interrupt.listen()  # before the pid is known: the server's signal must find its handler
    with Archive(data_dir) as archive:
        jobs = Jobs(archive.store)
        jobs.running_in(job_id, os.getpid())
        job = jobs.get(job_id)
        if job is not None:
            run_job(archive, jobs, job, upload_dir, limits, alive=lambda: os.getppid() == parent)


CANCEL_POLL = 1.0  # seconds between two looks, while a job runs, at whether it was cancelled


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
                self._watch(jobs, job.id, process)
                if jobs.get(job.id).status in ("running", "cancelling"):  # it died without finishing the job
                    jobs.finish(job.id, None, f"the job's process stopped unexpectedly (exit code {process.exitcode})")

    @staticmethod
    def _watch(jobs: Jobs, job_id: int, process) -> None:
        """Wait for the job's process; when the job is cancelled, tell the process at once (SIGUSR1: it gives up the
        page in hand, keeps what it had done and ends; indexer.interrupt) instead of after its page. Only once the
        process has said it is running (its pid in the jobs table), so that the signal finds its handler."""
        told = not hasattr(signal, "SIGUSR1")
        while process.is_alive():
            process.join(CANCEL_POLL)
            if told or not process.is_alive():
                continue
            found = jobs.get(job_id)
            if found is not None and found.status == "cancelling" and found.pid == process.pid:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, signal.SIGUSR1)
                told = True
