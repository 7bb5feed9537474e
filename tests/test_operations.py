"""What an operator sees of a running `newsarchive serve` (the real command, on an embedded archive): /healthz,
/readyz, /metrics in Prometheus' text format (by route template; to this machine, or to others with the token, which
comes from a file), and JSON log lines on stderr, one per request, without query strings, with the request id the
answer carries and the signed-in user. An upload's pages, ingested in a process of its own, count in the server's
metrics (prometheus_client's multiprocess mode)."""

from __future__ import annotations

import http.cookiejar
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from conftest import ROOT, page_html
from web_server import newsarchive_serve, stop

from indexer.archive import Archive
from search_app.accounts import Accounts

PASSWORD = "a-long-password-for-the-desk"
TOKEN = "metrics-token-7f3a9c"
STORY = page_html("Harbour cranes return to the north quay", [
    "The port authority said on Monday that four cranes would work the north quay again from March.",
    "“The quay was closed for two winters,” said Maren Holt, the harbour master."],
    url="https://www.test-courier.example/harbour/cranes/")


class Client:
    """A browser of the test: cookies kept, errors returned as answers."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
                                                  _NoRedirect())

    def call(self, path: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, object, bytes]:
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {})
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers, exc.read()

    def csrf(self, path: str) -> str:
        return re.search(r'name="csrf_token" value="([^"]+)"', self.call(path)[2].decode()).group(1)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


def _multipart(fields: dict[str, str], name: str, filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
             for k, v in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                 "Content-Type: text/html\r\n\r\n".encode() + content + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def _samples(text: str) -> dict[str, float]:
    """Prometheus text format: 'name{labels}' -> value."""
    return {line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
            if line and not line.startswith("#")}


def test_health_readiness_metrics_and_one_json_line_per_request(tmp_path):
    data = tmp_path / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("editor", PASSWORD)
    (tmp_path / "token").write_text(TOKEN + "\n")
    env = {"NEWSARCHIVE_METRICS_TOKEN_FILE": str(tmp_path / "token")}
    with newsarchive_serve(data, "--log-format", "json", "--behind-proxy", env=env) as server:
        web = Client(server.url)
        status, _, body = web.call("/healthz")
        assert (status, json.loads(body)) == (200, {"status": "ok"})
        status, _, body = web.call("/readyz")
        ready = json.loads(body)
        assert status == 200 and ready["store"]["ok"] and ready["index"]["ok"], ready

        # an archivist signs in and uploads a page: it is ingested in a process of the server's own
        web.call("/archive/sign-in", urllib.parse.urlencode({"name": "editor", "password": PASSWORD,
                                                             "csrf_token": web.csrf("/archive/sign-in")}).encode())
        form, kind = _multipart({"csrf_token": web.csrf("/archive")}, "files", "cranes.html", STORY.encode())
        status, headers, _ = web.call("/archive/add", form, {"Content-Type": kind})
        assert status in (302, 303), status
        job_id = headers["Location"].rsplit("/", 1)[1]
        deadline = time.monotonic() + 240
        while json.loads(web.call(f"/api/jobs/{job_id}")[2])["status"] not in ("done", "failed"):
            assert time.monotonic() < deadline, "the upload was not ingested in time"
            time.sleep(0.2)

        # a journalist searches (the words and a feed's token are in query strings), reads an article, mistypes
        reader = Client(server.url)
        status, headers, body = reader.call("/api/search?q=cranes+zanzibarword&limit=1",
                                            headers={"X-Request-ID": "desk-check-1"})
        assert status == 200 and headers["X-Request-ID"] == "desk-check-1"
        status, headers, body = reader.call("/api/search?q=cranes")
        article_id = json.loads(body)["hits"][0]["id"]
        searched_id = headers["X-Request-ID"]
        assert re.fullmatch(r"[0-9a-f]{32}", searched_id), "a request without an id gets one"
        assert reader.call(f"/api/articles/{article_id}")[0] == 200
        assert reader.call("/saved-searches/1/feed.atom?token=feedtokensecret42")[0] in (403, 404)
        assert reader.call("/no/such/page")[0] == 404
        assert reader.call("/api/search?q=%22unclosed")[0] in (200, 400)

        # /metrics: to this machine; to another only with the token
        status, headers, body = reader.call("/metrics")
        assert status == 200 and headers["Content-Type"].startswith("text/plain")
        outside = {"X-Forwarded-For": "203.0.113.9"}  # (the trusted proxy says who asked)
        assert reader.call("/metrics", headers=outside)[0] == 403
        assert reader.call("/metrics", headers=outside | {"Authorization": "Bearer wrong"})[0] == 403
        status, _, scraped = reader.call("/metrics", headers=outside | {"Authorization": f"Bearer {TOKEN}"})
        assert status == 200
        time.sleep(0.3)  # the last answers' log lines and counts are written once their last byte has gone
        samples = _samples(reader.call("/metrics")[2].decode())
    text = scraped.decode()
    assert article_id not in text, "labels are route templates, never paths"
    assert samples['newsarchive_http_requests_total{endpoint="/api/articles/<article_id>",method="GET",status="200"}'] == 1
    assert samples['newsarchive_http_requests_total{endpoint="/api/search",method="GET",status="200"}'] >= 2
    assert samples['newsarchive_http_requests_total{endpoint="unmatched",method="GET",status="404"}'] >= 1
    assert samples['newsarchive_http_requests_total{endpoint="/metrics",method="GET",status="403"}'] == 2
    assert samples['newsarchive_http_request_duration_seconds_count{endpoint="/api/search"}'] >= 2
    assert samples['newsarchive_search_duration_seconds_count{kind="articles"}'] >= 2
    assert samples['newsarchive_ingest_pages_total{outcome="added"}'] == 1, "the upload's process counts here too"
    assert samples['newsarchive_backend_up{backend="store"}'] == 1
    assert samples['newsarchive_queue_pages{status="queued"}'] == 0

    lines = [json.loads(line) for line in server.lines]  # every line is one JSON object
    assert all({"time", "level", "event"} <= set(line) for line in lines)
    requests = [line for line in lines if line["event"] == "request"]
    by_id = {line["request_id"]: line for line in requests}
    assert by_id["desk-check-1"]["path"] == "/api/search" and by_id["desk-check-1"]["status"] == 200
    assert by_id[searched_id]["method"] == "GET" and by_id[searched_id]["duration_ms"] >= 0
    uploaded = [line for line in requests if line["path"] == "/archive/add"]
    assert uploaded and uploaded[0]["user"] == "editor", "a signed-in user's requests name the user"
    assert "user" not in by_id[searched_id]
    logged = "\n".join(server.lines)
    for secret in ("zanzibarword", "feedtokensecret42", TOKEN, PASSWORD, "q=cranes"):
        assert secret not in logged, f"{secret!r} was logged"


def test_a_worker_serves_its_metrics_and_the_web_app_counts_it_alive(tmp_path):
    """`worker --metrics-port`: its own counters at its port; its heartbeat in the store makes it count in the web
    server's `newsarchive_workers_alive`, idle or not, until it stops."""
    data = tmp_path / "data"
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "cranes.html").write_text(STORY, encoding="utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    queued = subprocess.run([sys.executable, "-m", "indexer.cli", "ingest", "--queue", "--data", str(data),
                             str(tmp_path / "pages")], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert queued.returncode == 0, queued.stderr
    with newsarchive_serve(data) as server:
        before = _samples(Client(server.url).call("/metrics")[2].decode())
        worker = subprocess.Popen([sys.executable, "-m", "indexer.cli", "worker", "--data", str(data), "--metrics-port",
                                   str(port), "--log-format", "json"], cwd=ROOT, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, text=True)
        try:
            deadline, own = time.monotonic() + 240, {}
            while own.get('newsarchive_ingest_pages_total{outcome="added"}') != 1:
                assert time.monotonic() < deadline and worker.poll() is None, "the worker did not take the page"
                time.sleep(0.3)
                try:
                    own = _samples(Client(f"http://127.0.0.1:{port}").call("/metrics")[2].decode())
                except OSError:  # not listening yet
                    pass
            alive = _samples(Client(server.url).call("/metrics")[2].decode())
        finally:
            stop(worker)
            err = worker.stderr.read()
            worker.stderr.close()
        after = _samples(Client(server.url).call("/metrics")[2].decode())
    assert before["newsarchive_queue_pages{status=\"queued\"}"] == 1 and before["newsarchive_workers_alive"] == 0
    assert before["newsarchive_queue_oldest_age_seconds"] >= 0
    assert alive["newsarchive_workers_alive"] == 1 and alive['newsarchive_queue_pages{status="queued"}'] == 0
    assert after["newsarchive_workers_alive"] == 0, "a stopped worker is gone from the count at once"
    events = [json.loads(line)["event"] for line in err.splitlines()]
    assert "worker_started" in events and "worker_stopped" in events, err


def test_the_first_requests_of_a_server_count_when_they_come_at_once():
    """A server's first requests come several at once, each counting in metrics made on first use: made once (a
    metric registered twice is an error, and was a 500 to one reader of a busy new server)."""
    code = """
import sys, threading
from indexer import metrics
start, errors = threading.Barrier(16), []
def count():
    start.wait()
    try:
        metrics.request("/api/search", "GET", 200, 0.01)
    except Exception as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=count) for _ in range(16)]
for t in threads: t.start()
for t in threads: t.join()
print(errors or "ok")
"""
    for _ in range(5):  # (each run a new process, whose metrics are not made yet)
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.stdout.strip() == "ok", done.stdout + done.stderr
