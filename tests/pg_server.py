"""A PostgreSQL server of a test's own, which the test may stop and start again (the session's shared one,
$NEWSARCHIVE_TEST_STORE, serves other tests at the same time and must not go away). Made as scripts/cluster makes
its own: initdb with a password, TCP on 127.0.0.1 only; run as the postgres user when the tests run as root. Always
stopped and removed on the way out."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _bin() -> Path:
    found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True).stdout.strip() \
        if shutil.which("pg_config") else ""
    for folder in (found, "/usr/local/bin", "/usr/lib/postgresql/15/bin"):
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


USER = "desk_db_owner"  # not a word of any message of ours: a public answer that names it gave the user name away


class PrivatePostgres:
    def __init__(self, home: Path, port: int, password: str):
        self.home, self.port, self.password = home, port, password
        self.bin = _bin()
        self.url = f"postgresql://{USER}:{password}@127.0.0.1:{port}/postgres"

    def _run(self, *command: str) -> subprocess.CompletedProcess:
        if os.geteuid() == 0:
            command = ("runuser", "-u", "postgres", "--", *command)
        return subprocess.run(command, capture_output=True, text=True, timeout=120, cwd="/")

    def init(self) -> None:
        secret = self.home / "pwfile"
        secret.write_text(self.password + "\n")
        done = self._run(str(self.bin / "initdb"), "-D", str(self.home / "data"), "-U", USER,
                         f"--pwfile={secret}", "-A", "scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8")
        secret.unlink()
        assert done.returncode == 0, done.stderr
        (self.home / "data" / "pg_hba.conf").write_text("host all all 127.0.0.1/32 scram-sha-256\n")
        with open(self.home / "data" / "postgresql.conf", "a") as conf:
            conf.write(f"listen_addresses = '127.0.0.1'\nport = {self.port}\nunix_socket_directories = ''\n"
                       "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nshared_buffers = 16MB\n"
                       "max_connections = 30\n")

    def start(self) -> None:
        done = self._run(str(self.bin / "pg_ctl"), "-D", str(self.home / "data"), "-l",
                         str(self.home / "postgresql.log"), "-w", "-t", "60", "-s", "start")
        assert done.returncode == 0, done.stderr + (self.home / "postgresql.log").read_text()[-2000:]

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.home / "data"), "-m", "fast", "-w", "-t", "60", "-s", "stop")


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    """A running server of the test's own (user USER, database postgres); stopped and removed after."""
    home = Path(tempfile.mkdtemp(prefix="newsarchive-pg-test."))
    server = PrivatePostgres(home, _free_port(), "pw-" + os.urandom(6).hex())
    if os.geteuid() == 0:
        shutil.chown(home, "postgres", "postgres")
    try:
        server.init()
        server.start()
        yield server
    finally:
        if (home / "data" / "postmaster.pid").exists():
            server.stop()
        shutil.rmtree(home, ignore_errors=True)
