"""What this process counts for Prometheus (prometheus_client), and how a process exposes it.

prometheus_client chooses, when it is first imported, whether values live in this process's memory or in files
shared by several processes (multiprocess mode, $PROMETHEUS_MULTIPROC_DIR). `newsarchive serve` runs uploads in
processes of their own, whose pages must count in the server's /metrics: it sets the folder (`share_between_processes`)
before anything imports prometheus_client, so the metrics here are made on first use, never at import.

Labels are few and bounded: route templates, never paths; outcomes and backends from fixed lists.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from types import SimpleNamespace

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
PREFIX = "newsarchive"
# seconds: a search or a page answered from memory takes milliseconds, a broad one up to the search deadline
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


_made_lock = threading.Lock()
_metrics: SimpleNamespace | None = None


def _made() -> SimpleNamespace:
    """The metrics, made by the first call of the process (under a lock: the first requests of a server come
    several at once, and a metric registered twice is an error)."""
    global _metrics
    if _metrics is None:
        with _made_lock:
            if _metrics is None:
                _metrics = _make()
    return _metrics


def _make() -> SimpleNamespace:
    from prometheus_client import Counter, Histogram

    return SimpleNamespace(
        requests=Counter(f"{PREFIX}_http_requests", "HTTP requests answered, by route template, method and status",
                         ["endpoint", "method", "status"]),
        latency=Histogram(f"{PREFIX}_http_request_duration_seconds", "Time to answer an HTTP request, by route "
                          "template (until the last byte of a streamed answer)", ["endpoint"],
                          buckets=LATENCY_BUCKETS),
        searches=Histogram(f"{PREFIX}_search_duration_seconds", "Time the search service took: kind=articles "
                           "(searches) or quotes", ["kind"], buckets=LATENCY_BUCKETS),
        errors=Counter(f"{PREFIX}_backend_errors", "Calls that found the store or the index unreachable",
                       ["backend"]),
        retries=Counter(f"{PREFIX}_backend_retries", "Calls tried again: on another Solr node, after a pause, or a "
                        "probe of a backend that is down", ["backend"]),
        pages=Counter(f"{PREFIX}_ingest_pages", "Pages ingested by this process (or the web server's upload "
                      "processes), by outcome: added, updated, unchanged, not_article, failed", ["outcome"]),
    )


def request(endpoint: str, method: str, status: int, seconds: float) -> None:
    m = _made()
    m.requests.labels(endpoint, method, str(status)).inc()
    m.latency.labels(endpoint).observe(seconds)


def search(kind: str, seconds: float) -> None:
    _made().searches.labels(kind).observe(seconds)


def backend_error(backend: str) -> None:
    _made().errors.labels(backend).inc()


def backend_retry(backend: str) -> None:
    _made().retries.labels(backend).inc()


def page(outcome: str) -> None:
    _made().pages.labels(outcome).inc()


# -- exposing them ------------------------------------------------------------------------------------------------
def share_between_processes() -> str | None:
    """Before anything imports prometheus_client: make this process and those it starts count in one folder (a new
    one, removed at exit; or $PROMETHEUS_MULTIPROC_DIR as given, emptied of an earlier run's files). The folder, or
    None when prometheus_client was imported already (then this process counts alone)."""
    import atexit
    import sys

    if "prometheus_client" in sys.modules:
        return os.environ.get(MULTIPROC_ENV)
    given = os.environ.get(MULTIPROC_ENV)
    if given:
        os.makedirs(given, exist_ok=True)
        for name in os.listdir(given):
            if name.endswith(".db"):  # the files of an earlier run, as prometheus_client asks
                os.remove(os.path.join(given, name))
        return given
    folder = tempfile.mkdtemp(prefix="newsarchive-metrics-")
    os.environ[MULTIPROC_ENV] = folder
    atexit.register(shutil.rmtree, folder, True)
    return folder


def exposition(*collectors) -> tuple[bytes, str]:
    """This process's metrics (with those of the processes sharing its folder) and `collectors`' (read now), in
    Prometheus' text format; and its content type."""
    from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest

    _made()  # every metric is listed from the first scrape on, at 0
    now = CollectorRegistry(auto_describe=False)
    for collector in collectors:
        now.register(collector)
    if os.environ.get(MULTIPROC_ENV):
        from prometheus_client.multiprocess import MultiProcessCollector

        MultiProcessCollector(now)
        return generate_latest(now), CONTENT_TYPE_LATEST
    return generate_latest(REGISTRY) + generate_latest(now), CONTENT_TYPE_LATEST


def serve_on_port(port: int, host: str) -> None:
    """Expose this process's metrics at http://HOST:PORT/metrics from a thread of its own (a worker's). OSError when the
    port cannot be had."""
    from prometheus_client import start_http_server

    _made()
    start_http_server(port, addr=host)
