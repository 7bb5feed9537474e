"""What an operator watches: `/healthz` (the process answers), `/readyz` (the store and the index answer),
`/metrics` (Prometheus), a request id on every answer and one log line per request.

The log line and the request metrics are written when the last byte of the answer has gone (a streamed export
included), under the route's template (`/api/articles/<id>`), never its path; the path is logged without its query
string, where search words and feed tokens are.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import re
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as Late

from flask import Blueprint, Flask, Response, current_app, g, jsonify, request
from werkzeug.wsgi import ClosingIterator

from indexer import metrics, outage
from indexer.archive import Archive
from indexer.queue import WorkQueue

READY_WITHIN = 1.5  # seconds each backend has to answer /readyz (and /metrics' queue figures)
REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")  # one a proxy sent, kept when it looks like an id

operations = Blueprint("operations", __name__)
access = logging.getLogger("newsarchive.access")
_checks = ThreadPoolExecutor(max_workers=8, thread_name_prefix="newsarchive-ready")


class Watched:
    """The archive /readyz and /metrics ask, opened at start-up beside those lent to requests; its store and its
    index are each asked by one check at a time (a check still waiting for a backend keeps the next one out, and
    that one says so within READY_WITHIN)."""

    def __init__(self, archive: Archive):
        self.archive = archive
        self.locks = {"store": threading.Lock(), "index": threading.Lock()}

    def ask(self, questions: dict) -> dict[str, tuple[bool, object]]:
        """Each backend's question (a function of the archive), asked at once: backend -> (True, answer) or
        (False, why), within READY_WITHIN seconds."""
        futures = {backend: _checks.submit(self._asked, backend, question) for backend, question in questions.items()}
        deadline = time.monotonic() + READY_WITHIN
        answers = {}
        for backend, future in futures.items():
            try:
                answers[backend] = True, future.result(timeout=max(0.0, deadline - time.monotonic()))
            except Late:
                answers[backend] = False, f"no answer within {READY_WITHIN:g} s"
            except Exception as exc:  # noqa: BLE001 - whatever it was, the backend did not answer; the logs say more
                answers[backend] = False, _public_reason(backend, exc)
        return answers

    def _asked(self, backend: str, question):
        lock = self.locks[backend]
        if not lock.acquire(timeout=READY_WITHIN):
            raise TimeoutError("an earlier check is still waiting for it")
        try:
            return question(self.archive)
        finally:
            lock.release()


def _public_reason(backend: str, exc: Exception) -> str:
    """Why a backend is not ready, without its addresses or user names (the operator's logs have those)."""
    if isinstance(exc, TimeoutError):
        return str(exc)
    return {"store": "the store's database does not answer", "index": "the search index does not answer"}[backend]


def install(app: Flask, watched: Watched) -> None:
    app.extensions["newsarchive.watched"] = watched
    app.register_blueprint(operations)

    @app.teardown_request
    def note(exc) -> None:  # for the log line, written once the answer is sent
        request.environ["newsarchive.endpoint"] = request.url_rule.rule if request.url_rule else None
        user = g.get("user")
        request.environ["newsarchive.user"] = user.name if user else None

    app.wsgi_app = _observed(app.wsgi_app)


def _observed(wsgi_app):
    """The app with a request id on every answer (X-Request-ID), and a log line and metrics once it is sent."""

    def app(environ, start_response):
        started = time.monotonic()
        given = environ.get("HTTP_X_REQUEST_ID", "")
        request_id = given if REQUEST_ID.match(given) else uuid.uuid4().hex
        environ["newsarchive.request_id"] = request_id
        status = [500]

        def start(line: str, headers: list, exc_info=None):
            status[0] = int(line.split(" ", 1)[0])
            headers.append(("X-Request-ID", request_id))
            return start_response(line, headers, exc_info)

        def done() -> None:
            seconds = time.monotonic() - started
            endpoint = environ.get("newsarchive.endpoint") or "unmatched"
            metrics.request(endpoint, environ.get("REQUEST_METHOD", ""), status[0], seconds)
            fields = {"event": "request", "method": environ.get("REQUEST_METHOD", ""),
                      "path": environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", ""), "status": status[0],
                      "duration_ms": round(seconds * 1000, 1), "request_id": request_id}
            if environ.get("newsarchive.user"):
                fields["user"] = environ["newsarchive.user"]
            access.info("%s %s %s %.0f ms id=%s%s", fields["method"], fields["path"], status[0],
                        fields["duration_ms"], request_id, f" user={fields['user']}" if "user" in fields else "",
                        extra=fields)

        return ClosingIterator(wsgi_app(environ, start), [done])

    return app


@operations.get("/healthz")
def healthz():
    """The process answers: nothing else is asked."""
    return _unstored(jsonify({"status": "ok"}))


@operations.get("/readyz")
def readyz():
    """Whether the store and the index answer, each within READY_WITHIN seconds (asked at once): 200, or 503 with
    what is down."""
    watched: Watched = current_app.extensions["newsarchive.watched"]
    answers = watched.ask({"store": lambda a: a.store.db.execute("SELECT 1").fetchone(),
                           "index": lambda a: a.engine.articles()})
    body: dict = {}
    for backend, (ok, answer) in answers.items():
        body[backend] = {"ok": ok, "kind": _kind(watched.archive, backend)}
        if ok and backend == "index":
            body[backend]["articles"] = answer
        elif not ok:
            body[backend]["error"] = answer
    ready = all(part["ok"] for part in body.values())
    body["status"] = "ready" if ready else "unavailable: " + ", ".join(b for b in answers if not body[b]["ok"])
    return _unstored(jsonify(body)), 200 if ready else 503


def _kind(archive: Archive, backend: str) -> str:
    if backend == "store":
        return "postgresql" if archive.store.remote else "sqlite"
    return "solrcloud" if archive.index_url else "whoosh"


@operations.get("/metrics")
def prometheus():
    """Prometheus' text format, for this machine's clients, or others that send the token of
    `serve --metrics-token`."""
    token = current_app.config.get("METRICS_TOKEN") or ""
    sent = request.headers.get("Authorization", "")
    if not _loopback(request.remote_addr) and not (token and hmac.compare_digest(sent.encode(),
                                                                                 f"Bearer {token}".encode())):
        return _unstored(jsonify({"error": "the metrics are answered to this machine only, or with the token of "
                                           "`serve --metrics-token` (Authorization: Bearer TOKEN)"})), 403
    body, content_type = metrics.exposition(_ArchiveFigures(current_app.extensions["newsarchive.watched"]))
    return _unstored(Response(body, content_type=content_type))


def _loopback(address: str | None) -> bool:
    try:
        return ipaddress.ip_address(address or "").is_loopback
    except ValueError:
        return False


def _unstored(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


class _ArchiveFigures:
    """What the store knows, read at each scrape: the backends' state in this process, the queue, the workers'
    heartbeats and the unfinished jobs' progress."""

    def __init__(self, watched: Watched):
        self.watched = watched

    def collect(self):
        from prometheus_client.core import GaugeMetricFamily

        up = GaugeMetricFamily(f"{metrics.PREFIX}_backend_up", "1 when the backend answers, as this web server "
                               "last found it; 0 during an outage", labels=["backend"])
        down = GaugeMetricFamily(f"{metrics.PREFIX}_backend_down_seconds", "How long the backend has not answered "
                                 "(0 when it answers)", labels=["backend"])
        watched = outage.watched()
        for backend in ("store", "index"):
            seconds = max((o.seconds_down() for o in watched if o.backend == backend), default=0.0)
            up.add_metric([backend], 0 if seconds else 1)
            down.add_metric([backend], seconds)
        yield up
        yield down
        if any(o.down for o in watched if o.backend == "store"):
            return  # the queue is in the store
        ok, figures = self.watched.ask({"store": lambda a: WorkQueue(a.store).figures()})["store"]
        if not ok:
            return
        yield from _queue_families(figures)


def _queue_families(figures):
    from prometheus_client.core import GaugeMetricFamily

    queue = GaugeMetricFamily(f"{metrics.PREFIX}_queue_pages", "Pages in the work queue: queued (waiting for a "
                              "worker) or taken (a worker has them)", labels=["status"])
    queue.add_metric(["queued"], figures.queued)
    queue.add_metric(["taken"], figures.taken)
    yield queue
    yield GaugeMetricFamily(f"{metrics.PREFIX}_queue_oldest_age_seconds", "Age of the oldest queued page (since its "
                            "job was queued); 0 when none waits", value=figures.oldest_age)
    yield GaugeMetricFamily(f"{metrics.PREFIX}_workers_alive", "Worker processes whose heartbeat (every third of a "
                            "lease) is recent, busy or idle", value=figures.workers)
    done = GaugeMetricFamily(f"{metrics.PREFIX}_job_done", "Pages (queued jobs) or bytes (uploads) done of each "
                             "unfinished job", labels=["job"])
    total = GaugeMetricFamily(f"{metrics.PREFIX}_job_total", "Pages (queued jobs) or bytes (uploads) of each "
                              "unfinished job, as far as known", labels=["job"])
    for job, (n, of) in sorted(figures.jobs.items()):
        done.add_metric([str(job)], n)
        total.add_metric([str(job)], of)
    yield done
    yield total
