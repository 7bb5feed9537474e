"""One `newsarchive worker` process: takes pages from the store's work queue (filled by indexer/ingest/enqueue.py),
fetches the URLs among them, cleans, annotates, stores and indexes them. URLs are fetched politely, with the pause
per host claimed in the store, so that all workers together are one visitor to a site.

A worker holds the items it took under leases (indexer/queue.py) that a heartbeat thread renews, processes them
one at a time, and finishes them only after their articles are in the index: a batch of pages, or what it has
after a short wait, goes to the index in one commit. SIGTERM (or Ctrl-C) lets it finish the page in hand, index
what it holds, and stop.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass

from indexer import metrics
from indexer.archive import Archive
from indexer.index.engine import EngineUnavailable
from indexer.ingest.pipeline import keep, process_page
from indexer.models import InputError, RawPage
from indexer.queue import LEASE, Item, WorkQueue
from indexer.sources.fetch import Fetcher, Limits
from indexer.store_db import StoreUnavailable

log = logging.getLogger("newsarchive.worker")

INDEX_BATCH = 100  # pages a worker indexes in one commit (fewer, larger commits cost SolrCloud less CPU)
INDEX_WAIT = 10.0  # seconds a processed page may wait for more before its batch is indexed
POLL = 1.0  # seconds between looks at an empty queue


@dataclass
class Held:
    item: Item
    outcome: str
    detail: str | None
    article_id: str | None = None


@dataclass
class Timing:
    """Where a worker's time went, in seconds, for its closing line and the benchmark."""

    fetch: float = 0.0
    process: float = 0.0  # clean and annotate
    store: float = 0.0  # the queue and the store: taking items, reading and writing pages and articles
    index: float = 0.0
    idle: float = 0.0
    pages: int = 0

    def line(self) -> str:
        busy = self.fetch + self.process + self.store + self.index
        if not self.pages or not busy:
            return "no pages"
        share = ", ".join(f"{name} {100 * getattr(self, name) / busy:.0f}%"
                          for name in ("process", "store", "index", "fetch"))
        return f"{self.pages} pages, {self.pages / busy:.2f} pages/s of busy time ({share}); {self.idle:.0f} s idle"


class Worker:
    """One worker process's loop. `until_idle` ends it when no page is left queued or taken by anyone (for scripts
    and tests: a page a killed worker held is waited for until its lease expires, and taken)."""

    def __init__(self, archive: Archive, limits: Limits | None = None, lease: float = LEASE, until_idle: bool = False):
        self.archive = archive
        self.queue = WorkQueue(archive.store)
        self.fetcher = Fetcher(limits or Limits(), turns=archive.store)
        self.lease = lease
        self.until_idle = until_idle
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        self.stopping = threading.Event()
        self.held: list[Held] = []
        self.current: Item | None = None
        self.timing = Timing()
        self.outcomes: Counter = Counter()
        self._lock = threading.Lock()  # held items, between the loop and the heartbeat
        self._first_held = 0.0
        self._started = time.time()

    def stop(self, *_) -> None:
        self.stopping.set()

    def run(self) -> Timing:
        previous = {s: signal.signal(s, self.stop) for s in (signal.SIGTERM, signal.SIGINT)}
        self._beat()
        heartbeat = threading.Thread(target=self._heartbeat, name="newsarchive-heartbeat", daemon=True)
        heartbeat.start()
        try:
            self._loop()
            self._flush(final=True)
        finally:
            self.stopping.set()
            for s, handler in previous.items():
                signal.signal(s, handler)
            try:
                self.queue.gone(self.name)
            except StoreUnavailable:  # its heartbeat stops: it counts as gone once a lease has passed
                pass
        return self.timing

    def _loop(self) -> None:
        while not self.stopping.is_set():
            try:
                self._step()
            except StoreUnavailable:  # the page in hand is taken again once its lease expires
                with self._lock:
                    self.current = None
                metrics.backend_retry("store")  # (the store's Outage said it once; it says when it answers again)
                self.stopping.wait(5)

    def _step(self) -> None:
        clock = time.monotonic()
        item = self.queue.take(self.name, self.lease)
        self.timing.store += time.monotonic() - clock
        if item is None:
            self._flush()
            if not self.queue.open_items():  # nothing queued, and nothing another worker (alive or not) still holds
                self._catch_up()
                if self.until_idle:
                    self.stopping.set()
                    return
            clock = time.monotonic()
            self.stopping.wait(POLL)
            self.timing.idle += time.monotonic() - clock
            return
        with self._lock:
            self.current = item
        held = self._work(item)
        clock = time.monotonic()
        self.queue.stored(item.id, self.name, held.outcome, held.detail)
        self.timing.store += time.monotonic() - clock
        with self._lock:
            self.held.append(held)
            self.current = None
        if len(self.held) == 1:
            self._first_held = time.monotonic()
        if len(self.held) >= INDEX_BATCH or time.monotonic() - self._first_held > INDEX_WAIT:
            self._flush()

    def _work(self, item: Item) -> Held:
        """Fetch (a URL not fetched yet), clean, annotate and store one item's page; its outcome."""
        store = self.archive.store
        page_id = item.page_id
        if page_id is None:
            clock = time.monotonic()
            try:
                page = self.fetcher.fetch_page(item.url)
            except InputError as exc:
                self.timing.fetch += time.monotonic() - clock
                return Held(item, "failed", str(exc))
            self.timing.fetch += time.monotonic() - clock
            clock = time.monotonic()
            receipt = store.receive(page)
            self.queue.fetched(item.id, receipt.page_id)
            self.timing.store += time.monotonic() - clock
            if not receipt.new:
                return Held(item, self._again(item, receipt.page_id, "unchanged", receipt.article_id), None,
                            receipt.article_id)
            page_id = receipt.page_id
        else:
            clock = time.monotonic()
            page: RawPage = store.raw_page(page_id)
            self.timing.store += time.monotonic() - clock
        clock = time.monotonic()
        result = process_page(page)
        self.timing.process += time.monotonic() - clock
        clock = time.monotonic()
        outcome, article_id = keep(store, page_id, result)
        outcome = self._again(item, page_id, outcome, article_id)
        self.timing.store += time.monotonic() - clock
        self.timing.pages += 1
        if outcome == "failed":
            return Held(item, outcome, result)
        if outcome == "not_article":
            return Held(item, outcome, f"{result.kind}: {result.reason}")
        return Held(item, outcome, None, article_id)

    def _again(self, item: Item, page_id: int, outcome: str, article_id: str | None) -> str:
        """An item taken again after its worker stopped: its page may have been stored then, so that storing it now
        changes nothing. What that worker's storing did is this item's outcome (not 'unchanged')."""
        if outcome != "unchanged" or item.attempts == 1 or article_id is None:
            return outcome
        version = self.archive.store.version_made_by(article_id, page_id)
        return outcome if version is None else "added" if version == 1 else "updated"

    def _flush(self, final: bool = False) -> None:
        """Index the articles of the items held, then finish the items: finished means stored and indexed."""
        if not self.held:
            return
        while True:
            clock = time.monotonic()
            try:
                self.archive.index_articles([h.article_id for h in self.held if h.article_id])
                break
            except EngineUnavailable as exc:
                if self.stopping.is_set():
                    if final:
                        log.warning("stopping with %d page(s) stored but not indexed (%s): their leases expire and "
                                    "another worker takes them again", len(self.held), exc)
                    return
                log.warning("the index cannot be written (%s); the pages are stored, trying again in 10 s", exc,
                            extra={"event": "index_write_retry"})
                metrics.backend_retry("index")
                self.stopping.wait(10)
            finally:
                self.timing.index += time.monotonic() - clock
        clock = time.monotonic()
        with self._lock:
            held, self.held = self.held, []
        finished = [h for h in held if self.queue.finish(h.item.id, self.name, h.outcome, h.detail)]
        self.outcomes.update(h.outcome for h in finished)
        for h in finished:
            metrics.page(h.outcome)
        self.timing.store += time.monotonic() - clock
        if len(finished) < len(held):
            log.warning("%d item(s) had been taken by another worker (this one was too slow to renew its lease): "
                        "theirs is the result that counts", len(held) - len(finished))
        jobs = sorted({h.item.job_id for h in held})
        log.info("%s: %d page(s) stored and indexed (jobs %s)", self.name, len(finished), ", ".join(map(str, jobs)))

    def _catch_up(self) -> None:
        """With nothing to take, and nothing held by any worker: index what the store still has pending (a page of
        an item that then failed, another command's leftovers). Not while others hold pages: they index their own,
        and indexing them here too cost two workers a tenth of their CPU at the end of a job."""
        clock = time.monotonic()
        try:
            self.archive.sync_index()
        except EngineUnavailable as exc:
            log.warning("the index cannot be written (%s); pending articles wait for the next try", exc)
        self.timing.index += time.monotonic() - clock

    def _beat(self) -> None:
        try:
            self.queue.beat(self.name, self._started)
        except StoreUnavailable:  # the store is away: the loop waits for it
            pass

    def _heartbeat(self) -> None:
        """Say this worker is alive, and renew the leases of the items in hand (a third of the lease between beats)."""
        while not self.stopping.wait(self.lease / 3):
            self._beat()
            with self._lock:
                ids = [h.item.id for h in self.held] + ([self.current.id] if self.current else [])
            try:
                kept = self.queue.renew(ids, self.name, self.lease)
            except StoreUnavailable:  # the store is away: its Outage says so once; the beat goes on
                continue
            except Exception as exc:  # noqa: BLE001 - the beat goes on whatever happened
                log.warning("could not renew leases: %s", exc)
                continue
            if kept < len(ids):
                log.warning("%d lease(s) had expired before the heartbeat renewed them", len(ids) - kept)
