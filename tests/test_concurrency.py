"""Real processes at once: a server answering journalists while archivists ingest and reindex in other processes.

Readers must never fail (no 5xx) and never see a partial archive (during a reindex, the totals never drop).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

from conftest import ROOT, cli_json, run_cli
from test_reliability import newsarchive, searchable_total, synthetic_pages


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, {}


class Clients:
    """A few threads asking for searches, article pages and quotes until stopped; what they got is kept."""

    def __init__(self, base: str, article_id: str, threads: int = 4):
        self.base, self.article_id = base, article_id
        self.statuses: Counter[int] = Counter()
        self.totals: list[list[tuple[float, int]]] = [[] for _ in range(threads)]  # per thread: (time, total)
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._run, args=(n,), daemon=True) for n in range(threads)]

    def _run(self, n: int) -> None:
        urls = ["/api/search?q=council&limit=3", f"/api/articles/{self.article_id}", "/api/quotes?limit=3",
                "/api/search?q=*&facets=5", "/api/search?q=harbour+OR+museum"]
        i = n
        while not self.stop.is_set():
            path = urls[i % len(urls)]
            i += 1
            status, body = _get(self.base + path)
            self.statuses[status] += 1
            if path.startswith("/api/search?q=council") and status == 200:
                self.totals[n].append((time.monotonic(), body["total"]))

    def __enter__(self) -> Clients:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=60)


def _wait_for(base: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            _get(base + "/api/stats")
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError("the server did not answer")


def test_readers_never_fail_while_ingests_and_a_reindex_run(tmp_path):
    data = tmp_path / "data"
    synthetic_pages(tmp_path / "first", 0, 20)
    for n in range(3):
        synthetic_pages(tmp_path / f"batch{n}", 100 + n * 15, 15)
    run_cli("ingest", str(tmp_path / "first"), data=data, check=True)
    article_id = cli_json("search", "--json", "--limit", "1", "council", data=data)["hits"][0]["id"]
    port = _free_port()
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    # --log-level warning: no line per request; stderr is read at the end only, and a full pipe would stop the
    # server
    server = subprocess.Popen(newsarchive("serve", "--data", str(data), "--port", str(port),
                                          "--log-level", "warning"), cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    try:
        _wait_for(base, server)
        with Clients(base, article_id) as clients:
            # two ingests at once, then a reindex with a third ingest running beside it
            ingests = [subprocess.Popen(newsarchive("ingest", "--data", str(data), str(tmp_path / f"batch{n}")),
                                        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                       for n in range(2)]
            for p in ingests:
                assert p.wait(timeout=120) == 0, p.stderr.read()
            before_reindex = time.monotonic()
            reindex = subprocess.Popen(newsarchive("reindex", "--data", str(data)), cwd=ROOT, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(0.5)
            late = subprocess.Popen(newsarchive("ingest", "--data", str(data), str(tmp_path / "batch2")), cwd=ROOT,
                                    env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for p in (reindex, late):
                out, err = p.communicate(timeout=120)
                assert p.returncode == 0, err
                assert "Traceback" not in err
            time.sleep(1.0)  # the clients see the last commit
    finally:
        server.terminate()
        _, server_err = server.communicate(timeout=30)
    print(f"requests by status: {dict(clients.statuses)} in {time.monotonic() - started:.0f} s")
    assert sum(n for status, n in clients.statuses.items() if status >= 500) == 0, server_err[-3000:]
    assert set(clients.statuses) == {200}, clients.statuses
    assert "Traceback" not in server_err
    during = [[t for at, t in thread if at >= before_reindex] for thread in clients.totals]
    assert sum(map(len, during)) >= 4, "the clients must have searched while the reindex ran"
    for totals in during:  # each client's totals only grow: no partial archive, no step back to an older one
        assert totals == sorted(totals), totals
        assert totals[0] >= 50
    assert max(t for thread in clients.totals for _, t in thread) == 65
    assert searchable_total(data) == 65
    assert run_cli("check", data=data).returncode == 0
    index = data / "index"
    assert (index / "CURRENT").is_file() and not (index / "articles").exists(), "the old index is removed"
    assert [p.name for p in index.iterdir() if p.is_dir()] == [(index / "CURRENT").read_text().strip()]


def test_a_writer_that_waited_for_a_reindex_writes_into_the_new_index(tmp_path):
    """An engine opened before the reindex follows CURRENT once it holds the lock: nothing it writes is lost."""
    from indexer.archive import Archive

    data = tmp_path / "data"
    synthetic_pages(tmp_path / "first", 0, 5)
    run_cli("ingest", str(tmp_path / "first"), data=data, check=True)
    with Archive(data) as before:
        assert before.engine.stats().articles == 5
        run_cli("reindex", data=data, check=True)
        synthetic_pages(tmp_path / "more", 50, 3)
        from indexer.ingest.pipeline import ingest

        ingest(before, [str(tmp_path / "more")])
        assert before.engine.stats().articles == 8
    assert searchable_total(data) == 8
    assert run_cli("check", data=data).returncode == 0
    assert not (Path(data) / "index" / "articles").exists()


def test_broad_searches_wait_their_turn_and_cheap_ones_keep_answering(tmp_path):
    """While BROAD_AT_ONCE wildcard searches run, another one is turned away with a 429 (after waiting its turn a
    moment); plain searches answer meanwhile. Refused and over-broad patterns get a 400 that says what to type."""
    from search_app import create_app
    from search_app import service as service_module

    synthetic_pages(tmp_path / "pages", 0, 3)
    run_cli("ingest", str(tmp_path / "pages"), data=tmp_path / "data", check=True)
    client = create_app(tmp_path / "data", TESTING=True).test_client()
    held = [service_module._broad_searches.acquire(timeout=5) for _ in range(service_module.BROAD_AT_ONCE)]
    try:
        assert all(held)
        assert client.get("/api/search?q=council").get_json()["total"] == 3
        busy = client.get("/api/search?q=counc*")
        assert busy.status_code == 429 and "try again" in busy.get_json()["error"]
    finally:
        for _ in held:
            service_module._broad_searches.release()
    answered = client.get("/api/search?q=counc*").get_json()
    assert answered["total"] == 3 and answered["cut_short"] == []
    refused = client.get("/api/search?q=*ouncil")
    assert refused.status_code == 400 and "type * alone" in refused.get_json()["error"]
