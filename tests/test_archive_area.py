"""The archivists' area: sign in, add pages (uploads and URLs), watch the job, find the articles in search."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar

import pytest
from conftest import page_html, run_cli
from werkzeug.serving import make_server

from indexer.archive import Archive
from search_app import create_app
from search_app.accounts import AccountError, Accounts
from search_app.jobs import Jobs

PASSWORD = "tram-line-to-the-airport"
STORY = page_html("City council approves new tram line",
                  ["The council voted on Tuesday to build a tram line to the airport.",
                   "“It will carry twelve thousand people a day,” said Ilse Vandenberghe, the transport alderman."],
                  url="https://www.test-courier.example/tram/")


@pytest.fixture
def data(tmp_path):
    data = tmp_path / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("editor", PASSWORD)
    return data


def _token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def _signed_in(app):
    client = app.test_client()
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    r = client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD, "csrf_token": token})
    assert r.status_code == 302
    return client


def _wait(client, job_id: int, timeout: float = 120) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        job = client.get(f"/api/jobs/{job_id}").get_json()
        if job["status"] in ("done", "failed", "cancelled"):
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} did not finish in {timeout} s")


def test_adding_needs_a_signed_in_user(data):
    client = create_app(data, TESTING=True).test_client()
    r = client.get("/archive")
    assert r.status_code == 302 and "/archive/sign-in" in r.headers["Location"]
    assert client.get("/api/jobs").status_code == 401
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    wrong = client.post("/archive/sign-in", data={"name": "editor", "password": "not it at all", "csrf_token": token})
    assert wrong.status_code == 401 and "Wrong name or password" in wrong.get_data(as_text=True)
    forged = client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD})
    assert forged.status_code == 400, "a form without the session's CSRF token is refused"


def test_upload_pages_and_watch_the_job(data):
    client = _signed_in(create_app(data, TESTING=True))
    files = [(io.BytesIO(STORY.encode()), "tram line.html"),
             (io.BytesIO(b"%PDF-1.7 binary report"), "report.pdf")]
    r = client.post("/archive/add", data={"files": files, "urls": "", "csrf_token": _token(
        client.get("/archive").get_data(as_text=True))}, content_type="multipart/form-data")
    assert r.status_code == 302
    job_id = int(r.headers["Location"].rsplit("/", 1)[1])
    job = _wait(client, job_id)
    assert job["status"] == "done" and job["user"] == "editor"
    assert job["report"]["added"] == 1
    [failure] = job["report"]["failed"]
    assert failure["path"] == "002-report.pdf" and "PDF" in failure["error"], "named as uploaded, with the reason"
    page = client.get(f"/archive/jobs/{job_id}").get_data(as_text=True)
    assert "1 added" in page and "002-report.pdf" in page
    hits = client.get("/api/search", query_string={"q": "tram airport"}).get_json()["hits"]
    assert [h["title"] for h in hits] == ["City council approves new tram line"]
    assert not any((data / "uploads").iterdir()), "uploads are removed once their pages are in the store"


def _browser(base: str):
    """A urllib opener that keeps its cookies, signed in as the editor (a real client of a real server)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    with opener.open(base + "/archive/sign-in", timeout=30) as r:
        token = _token(r.read().decode())
    form = urllib.parse.urlencode({"name": "editor", "password": PASSWORD, "csrf_token": token}).encode()
    with opener.open(base + "/archive/sign-in", form, timeout=30) as r:
        assert r.url.endswith("/archive"), "signed in"
    return opener


def test_the_server_keeps_its_store_after_a_job_process_ends(data):
    """The web server opens more stores of its archive while some are open (the job worker's, the pool's for
    concurrent requests). That must not take away the shared lock its open connections hold on the file: without
    it, the job's process, closing the last connection it saw, deleted the -wal and -shm files under the server,
    whose next sign-in was written where no other process reads it and whose new connections answered "disk I/O
    error" (500) to every request, static files too."""
    srv = make_server("127.0.0.1", 0, create_app(data), threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_port}"
    try:
        editor = _browser(base)
        with editor.open(base + "/archive", timeout=30) as r:
            token = _token(r.read().decode())
        body = (f'--b\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
                '--b\r\nContent-Disposition: form-data; name="files"; filename="tram.html"\r\n'
                f"Content-Type: text/html\r\n\r\n{STORY}\r\n--b--\r\n").encode()
        upload = urllib.request.Request(base + "/archive/add", body, {"Content-Type": "multipart/form-data; boundary=b"})
        with editor.open(upload, timeout=30) as r:
            job_id = int(r.url.rsplit("/", 1)[1])
        end = time.monotonic() + 60
        while (status := _json(editor, f"{base}/api/jobs/{job_id}")["status"]) not in ("done", "failed"):
            assert time.monotonic() < end, "the job did not finish in 60 s"
            time.sleep(0.2)
        assert status == "done"  # …and the job's process has closed its store

        later = _browser(base)  # a write after the job: a new session

        def ask(path: str) -> int:
            try:
                with later.open(base + path, timeout=30) as r:
                    return r.status
            except urllib.error.HTTPError as exc:
                return exc.code

        with ThreadPoolExecutor(6) as clients:  # more at once than the server has stores open: it opens more
            statuses = list(clients.map(ask, ["/archive", "/api/jobs", "/static/style.css"] * 8))
        assert statuses == [200] * len(statuses)
        assert ask("/api/jobs") == 200, "still signed in"
    finally:
        srv.shutdown()
    sessions = subprocess.run([sys.executable, "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("
                               "'SELECT COUNT(*) FROM sessions').fetchone()[0])", str(data / "archive.sqlite3")],
                              capture_output=True, text=True, check=True).stdout.strip()
    assert sessions == "2", "another process reads both sign-ins from the file"


def _json(opener, url: str) -> dict:
    with opener.open(url, timeout=30) as r:
        return json.loads(r.read())


def test_an_upload_over_the_limit_is_refused_with_advice(data):
    client = _signed_in(create_app(data, TESTING=True, MAX_CONTENT_LENGTH=4096))
    token = _token(client.get("/archive").get_data(as_text=True))
    r = client.post("/archive/add", data={"files": [(io.BytesIO(b"<html>" + b"x" * 8192), "big.html")],
                                          "csrf_token": token}, content_type="multipart/form-data")
    assert r.status_code == 413 and "ingest them on the server with `newsarchive ingest`" in r.get_data(as_text=True)


@pytest.mark.parametrize("target", ["//evil.example/", "/\t/evil.example", "/%0d%0aX-Injected:%201",
                                    "https://evil.example/", "/\\evil.example"])
def test_sign_in_never_redirects_to_another_site(data, target):
    client = create_app(data, TESTING=True).test_client()
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    r = client.post(f"/archive/sign-in?next={target}", data={"name": "editor", "password": PASSWORD,
                                                            "csrf_token": token})
    assert r.status_code == 302 and r.headers["Location"] == "/archive"


def test_sign_in_with_an_empty_token_is_refused(data):
    """Without a session there is no token to match: an empty one must not pass (login CSRF)."""
    client = create_app(data, TESTING=True).test_client()
    r = client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD, "csrf_token": ""})
    assert r.status_code == 400


def test_uploads_keep_their_names_in_any_script(data):
    from test_warc import _crawl_warc

    client = _signed_in(create_app(data, TESTING=True))
    warc = data.parent / "crawl.warc.gz"
    _crawl_warc(warc)
    files = [(io.BytesIO(warc.read_bytes()), "новини порту.warc.gz"), (io.BytesIO(STORY.encode()), "../статья.html")]
    r = client.post("/archive/add", data={"files": files, "csrf_token": _token(
        client.get("/archive").get_data(as_text=True))}, content_type="multipart/form-data")
    job = _wait(client, int(r.headers["Location"].rsplit("/", 1)[1]))
    assert job["inputs"] == ["001-новини-порту.warc.gz", "002-статья.html"]
    assert job["report"]["added"] == 3 and job["report"]["failed"] == []
    assert job["report"]["passed_over"][0].startswith("001-новини-порту.warc.gz: passed over")


def test_bad_url_lines_send_the_form_back_and_queue_nothing(data):
    client = _signed_in(create_app(data, TESTING=True))
    token = _token(client.get("/archive").get_data(as_text=True))
    r = client.post("/archive/add", data={"urls": "https://news.example/a\nnot a url\nfile:///etc/passwd",
                                          "csrf_token": token})
    assert r.status_code == 400
    body = r.get_data(as_text=True)
    assert "not http(s) URLs: not a url, file:///etc/passwd" in body and "https://news.example/a" in body
    with Archive(data) as archive:
        assert Jobs(archive.store).recent() == []


def test_web_urls_never_reach_private_addresses(data):
    client = _signed_in(create_app(data, TESTING=True))
    token = _token(client.get("/archive").get_data(as_text=True))
    r = client.post("/archive/add", data={"urls": "http://169.254.169.254/latest/meta-data/", "csrf_token": token})
    job = _wait(client, int(r.headers["Location"].rsplit("/", 1)[1]))
    [failure] = job["report"]["failed"]
    assert "not a public internet address (link-local)" in failure["error"]


def test_interrupted_job_runs_again_when_the_app_starts(data, tmp_path):
    page = tmp_path / "kept.html"
    page.write_text(STORY, encoding="utf-8")
    with Archive(data) as archive:
        jobs = Jobs(archive.store)
        job_id = jobs.submit("editor", [str(page)])
        jobs.claim()  # the process that claimed it died
    client = _signed_in(create_app(data, TESTING=True))
    job = _wait(client, job_id)
    assert job["report"]["added"] == 1 and job["restarts"] == 1
    assert "The server stopped while this job ran" in client.get(f"/archive/jobs/{job_id}").get_data(as_text=True)


def test_user_add_on_the_command_line(tmp_path):
    data = tmp_path / "data"
    Archive(data).close()  # `user add` works on an existing archive only (tests/test_no_archive.py)
    first = run_cli("user", "add", "--data", str(data), "chief", "--role", "archivist", "--password-stdin",
                    input_text=f"{PASSWORD}\n")
    assert first.returncode == 0 and "created admin 'chief'" in first.stdout, "the first user is the admin"
    short = run_cli("user", "add", "--data", str(data), "intern", "--password-stdin", input_text="short\n")
    assert short.returncode == 2 and "at least 10 characters" in short.stderr
    with Archive(data) as archive:
        accounts = Accounts(archive.store)
        assert accounts.verify("CHIEF", PASSWORD).is_admin
        assert accounts.verify("chief", "wrong password!") is None
        with pytest.raises(AccountError, match="already a user"):
            accounts.add("Chief", "another good password")


def test_a_new_password_ends_the_sessions_signed_in_with_the_old_one(data):
    client = _signed_in(create_app(data, TESTING=True))
    assert client.get("/archive").status_code == 200
    with Archive(data) as archive:
        Accounts(archive.store).set_password("editor", "an entirely new passphrase")
    r = client.get("/archive")
    assert r.status_code == 302 and "/archive/sign-in" in r.headers["Location"]


def test_repeated_wrong_passwords_make_sign_in_wait(data):
    client = create_app(data, TESTING=True).test_client()
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    for _ in range(5):
        r = client.post("/archive/sign-in", data={"name": "editor", "password": "guess guess guess",
                                                  "csrf_token": token})
        assert r.status_code == 401
    r = client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD, "csrf_token": token})
    assert r.status_code == 429 and "Too many wrong passwords" in r.get_data(as_text=True)


def test_user_passwd_and_remove_on_the_command_line(tmp_path):
    data = tmp_path / "data"
    Archive(data).close()
    for name in ("chief", "intern"):
        run_cli("user", "add", "--data", str(data), name, "--password-stdin", input_text=f"{PASSWORD}\n")
    changed = run_cli("user", "passwd", "--data", str(data), "intern", "--password-stdin",
                      input_text="a brand new passphrase\n")
    assert changed.returncode == 0 and "sessions signed in with the old one have ended" in changed.stdout
    last_admin = run_cli("user", "remove", "--data", str(data), "chief")
    assert last_admin.returncode == 2 and "only admin" in last_admin.stderr
    assert run_cli("user", "remove", "--data", str(data), "intern").returncode == 0
    with Archive(data) as archive:
        assert [u.name for u in Accounts(archive.store).all()] == ["chief"]


def test_a_queued_job_is_cancelled_and_its_uploads_removed(data, tmp_path):
    client = _signed_in(create_app(data, TESTING=True))  # no job yet, so no worker runs
    folder = tmp_path / "upload"
    folder.mkdir()
    (folder / "001-story.html").write_text(STORY, encoding="utf-8")
    with Archive(data) as archive:
        job_id = Jobs(archive.store).submit("editor", [str(folder / "001-story.html")], folder)
    page = client.get(f"/archive/jobs/{job_id}").get_data(as_text=True)
    assert "Cancel this job" in page and "uploaded files are removed" in page
    r = client.post(f"/archive/jobs/{job_id}/cancel", data={"csrf_token": _token(page)})
    assert r.status_code == 302
    job = client.get(f"/api/jobs/{job_id}").get_json()
    assert job["status"] == "cancelled" and job["report"] is None
    assert not folder.exists()
    assert "Cancel this job" not in client.get(f"/archive/jobs/{job_id}").get_data(as_text=True)


def test_a_running_job_stops_at_once_and_keeps_what_it_processed(data, site):
    """(The cancel ends the page in hand, a download too: tests/test_job_cancel.py.)"""
    site.add("/robots.txt", "", Content_Type="text/plain")
    urls = []
    for n in range(40):
        site.add(f"/story-{n}.html", page_html(f"Harbour report number {n}", [f"Dockers unloaded {n} ships today."]),
                 pause=0.15, Content_Type="text/html; charset=utf-8")
        urls.append(f"{site.base}/story-{n}.html")
    client = _signed_in(create_app(data, TESTING=True, FETCH_ALLOW_PRIVATE=True, FETCH_DELAY=0))
    token = _token(client.get("/archive").get_data(as_text=True))
    job_id = int(client.post("/archive/add", data={"urls": "\n".join(urls), "csrf_token": token})
                 .headers["Location"].rsplit("/", 1)[1])
    while client.get(f"/api/jobs/{job_id}").get_json()["status"] == "queued":
        time.sleep(0.05)
    client.post(f"/archive/jobs/{job_id}/cancel", data={"csrf_token": token})
    job = _wait(client, job_id)
    assert job["status"] == "cancelled" and job["report"]["stopped"]
    kept = job["report"]["added"]
    fetched = len([p for p in site.paths() if p.startswith("/story-")])
    assert kept <= fetched < 40, "the rest never fetched"
    found = client.get("/api/search?q=harbour report").get_json()
    assert found.get("total") == kept, f"what was processed before the cancel is indexed: {found}"
    with Archive(data) as archive:
        stored = archive.store.db.execute("SELECT COUNT(*) FROM pages WHERE url LIKE '%/story-%'").fetchone()[0]
    assert stored == fetched, "every page fetched is in the store (those not processed as they came)"


def test_only_the_starter_or_an_admin_may_cancel(data, tmp_path):
    with Archive(data) as archive:
        Accounts(archive.store).add("intern", PASSWORD)
        job_id = Jobs(archive.store).submit("editor", [str(tmp_path / "missing.html")])
    client = create_app(data, TESTING=True).test_client()
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    client.post("/archive/sign-in", data={"name": "intern", "password": PASSWORD, "csrf_token": token})
    token = _token(client.get("/archive").get_data(as_text=True))
    r = client.post(f"/archive/jobs/{job_id}/cancel", data={"csrf_token": token})
    assert r.status_code == 404 and f"There is no job {job_id} that you started" in r.get_data(as_text=True), \
        "another archivist's job is not theirs to see, nor to cancel"


def test_a_sign_in_lasts_a_working_day(data):
    client = _signed_in(create_app(data, TESTING=True))
    assert client.get("/archive").status_code == 200
    with Archive(data) as archive, archive.store.transaction() as db:
        db.execute("UPDATE sessions SET started = started - ?", (13 * 3600,))
    r = client.get("/archive")
    assert r.status_code == 302 and "/archive/sign-in" in r.headers["Location"]
