"""The web app served by waitress in a process of its own on 127.0.0.1, as `newsarchive serve` runs it, for tests
that talk to it over HTTP (cookies, headers, the whole API)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from conftest import ROOT

# Port 0: the system picks a free one, which the process prints before it serves.
SERVE = """
import sys
from waitress import create_server
from search_app import create_app

server = create_server(create_app(sys.argv[1]), host="127.0.0.1", port=0, threads=4, ident="newsarchive")
print(server.effective_port, flush=True)
server.run()
"""


@contextlib.contextmanager
def served(data: Path) -> Iterator[str]:
    """The base URL of a server for the archive in `data`; the process is stopped on the way out, also when the
    test fails."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PYTHONWARNINGS="ignore")
    proc = subprocess.Popen([sys.executable, "-c", SERVE, str(data)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env=env)
    try:
        port = proc.stdout.readline().strip()
        if not port.isdigit():
            raise AssertionError(f"the server did not start: {proc.stderr.read() if proc.poll() is not None else ''}")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)
        proc.stdout.close()
        proc.stderr.close()


def stop(proc: subprocess.Popen) -> None:
    """Stop a server process: asked first, killed after 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Serving:
    """A running `newsarchive serve`: its base URL, process and what it has written to stderr so far."""

    def __init__(self, proc: subprocess.Popen):
        self.proc = proc
        self.lines: list[str] = []
        self.url = ""

    @property
    def err(self) -> str:
        return "".join(self.lines)


@contextlib.contextmanager
def newsarchive_serve(data: Path, *options: str, env: dict | None = None, timeout: float = 120) -> Iterator[Serving]:
    """The real command, `newsarchive serve --data DATA --port 0 OPTIONS`, in a process of its own; yields once it
    has said where it serves. Its stderr is read all along (a full pipe would stop it); the process is stopped on the
    way out, also when the test fails."""
    import re
    import threading

    proc = subprocess.Popen([sys.executable, "-m", "indexer.cli", "serve", "--data", str(data), "--port", "0",
                             *options], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONWARNINGS": "ignore", **(env or {})})
    serving = Serving(proc)
    started = threading.Event()

    def read() -> None:
        for line in proc.stderr:
            serving.lines.append(line)
            found = re.search(r"serving .* on (http://\S+) with", line)
            if found:
                serving.url = found.group(1)
                started.set()
        started.set()  # the process ended

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        started.wait(timeout)
        if not serving.url:
            raise AssertionError(f"the server did not start: {serving.err}")
        yield serving
    finally:
        stop(proc)
        reader.join(timeout=10)
        proc.stderr.close()
