"""PostgreSQL stopped under a running `newsarchive serve` (real processes: the server, the database, the ingest):
every request answers within 2 s — searches from the index alone, what needs the store a 503 that says the store is down and
names no address or user — one log line says the store went away and one that it is back, and the server serves
again as soon as the database does. A signed-in reader's searches go on too; their account pages wait for the store.
The password comes from a file, never a command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.parse

from conftest import ROOT
from pg_server import USER, private_postgres
from test_operations import PASSWORD, STORY, Client
from test_reliability import synthetic_pages
from web_server import newsarchive_serve, timed_get

from indexer.archive import Archive
from search_app.accounts import Accounts

FAST = 2.0  # seconds: every answer while the store is down (it hung ~60 s on the pool's wait before)


def test_a_stopped_store_fails_fast_searches_go_on_and_one_line_says_so(tmp_path):
    data = tmp_path / "data"
    synthetic_pages(tmp_path / "pages", 0, 3)
    (tmp_path / "pages" / "cranes.html").write_text(STORY, encoding="utf-8")  # (a quotation)
    with private_postgres() as pg:
        (tmp_path / "pg-password").write_text(pg.password + "\n")
        without_password = pg.url.replace(f":{pg.password}@", "@")
        env = {"NEWSARCHIVE_STORE": without_password, "NEWSARCHIVE_STORE_PASSWORD_FILE": str(tmp_path / "pg-password")}
        ingest = subprocess.run([sys.executable, "-m", "indexer.cli", "ingest", "--data", str(data),
                                 str(tmp_path / "pages")], cwd=ROOT, capture_output=True, text=True, timeout=300,
                                env={**os.environ, **env})
        assert ingest.returncode == 0, ingest.stderr
        with Archive(data, store=pg.url) as archive:
            Accounts(archive.store).add("editor", PASSWORD)
        with newsarchive_serve(data, "--log-format", "json", env=env) as server:
            status, body, _ = timed_get(server.url + "/api/search?q=council")
            assert status == 200 and json.loads(body)["total"] == 3
            article = f"/api/articles/{json.loads(body)['hits'][0]['id']}"
            editor = Client(server.url)
            editor.call("/archive/sign-in", urllib.parse.urlencode({
                "name": "editor", "password": PASSWORD, "csrf_token": editor.csrf("/archive/sign-in")}).encode())
            assert b"editor" in editor.call("/archive")[2], "signed in"
            pg.stop()
            answers = {path: timed_get(server.url + path) for path in
                       ("/api/search?q=council", article, "/api/stats", "/readyz",
                        "/search?q=council", "/api/search?q=council&language=en", "/api/quotes?q=quay")}
            signed_in = {}
            for path in ("/api/search?q=council", "/search?q=council", "/quotes?q=quay", "/archive"):
                started = time.monotonic()
                status, _, body = editor.call(path)
                signed_in[path] = status, body, time.monotonic() - started
            metrics = timed_get(server.url + "/metrics")[1].decode()
            time.sleep(3)  # psycopg's pool would say each failed reconnection meanwhile, every 0.5 to 4 s
            pg.start()
            deadline, back = time.monotonic() + 15, None
            while time.monotonic() < deadline and back != 200:
                back = timed_get(server.url + "/api/stats")[0]
                time.sleep(0.2)
            ready = timed_get(server.url + "/readyz")
            time.sleep(0.3)
    slow = {path: round(took, 2) for path, (_, _, took) in (answers | signed_in).items() if took > FAST}
    assert not slow, f"answers took longer than {FAST} s with the store down: {slow}"
    searched = json.loads(answers["/api/search?q=council"][1])
    assert answers["/api/search?q=council"][0] == 200 and searched["total"] == 3, "a search needs only the index"
    assert searched["degraded"] == ["store"] and searched["hits"][0]["copies"] is None
    assert answers["/search?q=council"][0] == 200, "the search page too"
    quoted = json.loads(answers["/api/quotes?q=quay"][1])
    assert quoted["total"] == 1 and quoted["degraded"] == ["store"] and quoted["quotes"][0]["url"] is None
    assert "Maren Holt" in quoted["quotes"][0]["speaker"], "quotations are searched from the index alone too"
    assert [signed_in[p][0] for p in ("/api/search?q=council", "/search?q=council", "/quotes?q=quay")] == [200] * 3, \
        "a signed-in reader searches too"
    assert json.loads(signed_in["/api/search?q=council"][1])["total"] == 3
    assert signed_in["/archive"][0] == 503, "the archive area needs the store: it says so"
    for path in (article, "/api/stats"):
        status, body, _ = answers[path]
        assert status == 503 and "store" in json.loads(body)["error"], (path, body)
    readiness = json.loads(answers["/readyz"][1])
    assert answers["/readyz"][0] == 503 and readiness["store"]["ok"] is False and readiness["index"]["ok"] is True
    refusals = b" ".join(body for status, body, _ in answers.values() if status != 200).decode()
    assert "127.0.0.1" not in refusals, "an error answer names the database's address"
    public = b" ".join(body for _, body, _ in (answers | signed_in).values()).decode()
    for private in (f":{pg.port}", USER, pg.password):
        assert private not in public, f"a public answer gave {private!r} away"
    assert 'newsarchive_backend_up{backend="store"} 0.0' in metrics
    assert back == 200, "the server serves again once the database is back"
    assert ready[0] == 200

    lines = [json.loads(line) for line in server.lines]
    events = [line["event"] for line in lines]
    assert events.count("store_unreachable") == 1 and events.count("store_recovered") == 1, events
    outage = [line for line in lines if line["event"] != "request"]
    assert all("psycopg" not in line.get("logger", "") for line in outage), outage
    assert pg.password not in "\n".join(server.lines)
