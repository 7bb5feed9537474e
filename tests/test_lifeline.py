"""Child processes end with their parent, however it ends: real processes, the parent killed with SIGKILL (which it
cannot catch), and /proc read to see who is left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT
from test_reliability import newsarchive, synthetic_pages

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


def _alive(pid: int) -> bool:
    """Running, not just a zombie left for a parent that does not reap."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def _wait_for_children(proc: subprocess.Popen, least: int, timeout: float = 120) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the process ended first: {proc.stderr.read()}"
        found = _children(proc.pid)
        if len(found) >= least:
            return found
        time.sleep(0.1)
    raise AssertionError(f"fewer than {least} child processes appeared")


def _kill_parent_and_wait(proc: subprocess.Popen, children: list[int], within: float = 5.0) -> list[int]:
    """SIGKILL the parent; the children still running `within` seconds later."""
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(map(_alive, children)):
        time.sleep(0.1)
    return [pid for pid in children if _alive(pid)]


def _stop_everything(proc: subprocess.Popen, children: list[int]) -> None:
    """Whatever the test found, nothing it started outlives it."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    for pid in children:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_a_killed_ingest_takes_its_worker_processes_with_it(tmp_path):
    synthetic_pages(tmp_path / "pages", 0, 400)
    proc = subprocess.Popen(newsarchive("ingest", "--data", str(tmp_path / "data"), str(tmp_path / "pages")),
                            cwd=ROOT, env=dict(os.environ, PYTHONWARNINGS="ignore"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    workers: list[int] = []
    try:
        workers = _wait_for_children(proc, least=1)
        time.sleep(0.5)  # the whole pool has started
        workers = _children(proc.pid)
        left = _kill_parent_and_wait(proc, workers)
        assert left == [], f"worker processes {left} outlived the killed ingest"
    finally:
        _stop_everything(proc, workers)


JOB_SERVER = """
import sys, time
from indexer.archive import Archive
from indexer.sources.fetch import Limits
from search_app.jobs import Jobs, Worker

data, url = sys.argv[1], sys.argv[2]
with Archive(data) as archive:
    Jobs(archive.store).submit("editor", [url])
Worker(data, Limits(allow_private=True, delay=0)).start()
time.sleep(600)
"""


def test_a_killed_web_server_takes_its_running_job_process_with_it(tmp_path, site):
    """The job's process is waiting for a slow page (so it reports no progress that could notice on its own)."""
    site.add("/robots.txt", "", Content_Type="text/plain")
    site.add("/slow", "<html><body><p>late</p></body></html>", pause=60)
    proc = subprocess.Popen([sys.executable, "-c", JOB_SERVER, str(tmp_path / "data"), f"{site.base}/slow"],
                            cwd=ROOT, env=dict(os.environ, PYTHONWARNINGS="ignore"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    children: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while "/slow" not in site.paths() and time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read()
            time.sleep(0.1)
        assert "/slow" in site.paths(), "the job never fetched its page"
        children = _children(proc.pid)
        assert children, "the job runs in a process of its own"
        left = _kill_parent_and_wait(proc, children)
        assert left == [], f"the job's process {left} outlived the killed server"
    finally:
        _stop_everything(proc, children)
