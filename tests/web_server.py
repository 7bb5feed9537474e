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
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
