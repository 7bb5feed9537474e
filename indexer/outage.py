"""Whether a backend (the store, the search index) answers, as this process last saw it.

A backend that stops answering is said once, in one log line, and once more when it answers again; meanwhile a
thread of its own asks it again every PROBE_EVERY seconds, so that callers who must not wait (the web app's
requests) can fail at once, with a message that says what is down, instead of each waiting out its own timeouts.
One Outage per backend and process (`watch`), shared by every store or client of that backend in the process.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable

from indexer import metrics

PROBE_EVERY = 1.0  # seconds between two probes of a backend that is down

log = logging.getLogger("newsarchive.outage")


class Outage:
    """The state of one backend: `down` (and since when, and why) or answering."""

    def __init__(self, backend: str, name: str, probe: Callable[[], None], recovered: Callable[[], None] = lambda: None):
        """`backend` is "store" or "index"; `name` says which one in log lines (never with a password); `probe`
        raises when the backend still does not answer; `recovered` runs once it answers again."""
        self.backend, self.name = backend, name
        self._probe, self._recovered = probe, recovered
        self._lock = threading.Lock()
        self.since: float | None = None  # time.monotonic() when it stopped answering
        self.reason = ""

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, reason: str) -> None:
        """A call found the backend unreachable: the first one of an outage says so and starts the probe."""
        metrics.backend_error(self.backend)
        with self._lock:
            if self.since is not None:
                return
            self.since, self.reason = time.monotonic(), reason
        log.error("the %s %s does not answer (%s): what needs it fails at once until it answers again", self.backend,
                  self.name, reason, extra={"event": f"{self.backend}_unreachable", "backend": self.backend})
        threading.Thread(target=self._probing, name=f"newsarchive-probe-{self.backend}", daemon=True).start()

    def answered(self) -> None:
        """A call went through: an outage, if there was one, is over."""
        if self.since is None:
            return
        with self._lock:
            since, self.since = self.since, None
        if since is not None:
            self._recovered()
            log.warning("the %s %s answers again after %.0f s", self.backend, self.name, time.monotonic() - since,
                        extra={"event": f"{self.backend}_recovered", "backend": self.backend,
                               "outage_s": round(time.monotonic() - since, 1)})

    def seconds_down(self) -> float:
        since = self.since
        return 0.0 if since is None else time.monotonic() - since

    def _probing(self) -> None:
        while self.since is not None:
            time.sleep(PROBE_EVERY)
            metrics.backend_retry(self.backend)
            try:
                self._probe()
            except Exception as exc:  # noqa: BLE001 - still down, whatever the reason; the first line said why
                self.reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:300]
                continue
            self.answered()


_watched: dict[tuple[str, str, int], Outage] = {}
_watched_lock = threading.Lock()


def watch(backend: str, key: str, name: str, probe: Callable[[], None],
          recovered: Callable[[], None] = lambda: None) -> Outage:
    """The Outage of the backend `key` (a URL without its password) in this process, made on first use (a forked
    child makes its own: its parent's probe thread is not there)."""
    with _watched_lock:
        found = _watched.get((backend, key, os.getpid()))
        if found is None:
            found = _watched[(backend, key, os.getpid())] = Outage(backend, name, probe, recovered)
        return found


def watched() -> list[Outage]:
    """Every backend this process has used, for its metrics."""
    with _watched_lock:
        return [o for (_, _, pid), o in _watched.items() if pid == os.getpid()]
