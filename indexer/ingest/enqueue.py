"""The front of queued ingest (`ingest --queue`, and uploads on the web with a PostgreSQL store): the pages of some
inputs go into the store's work queue as one job, and the call returns; `newsarchive worker` processes
(indexer/ingest/worker.py) do the rest.

The raw bytes of every file and WARC capture go into the store at once, so nothing waits on a local disk: the worker
that takes a page may be on another machine. URLs are queued as they are, for the workers to fetch. Light on
purpose: the web process queues uploads without loading any annotation code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from indexer.queue import WorkQueue
from indexer.sources.fetch import is_url
from indexer.sources.files import expand, read_pages
from indexer.sources.origins import as_given
from indexer.store import Store

ADD_BATCH = 100  # items per store transaction while filling a job


@dataclass
class Enqueued:
    job_id: int
    queued: int = 0  # items for the workers
    settled: int = 0  # settled here: stored and handled before, or unreadable
    unchanged: list[str] = field(default_factory=list)  # the inputs stored and handled before, as given
    failed: list[tuple[str, str]] = field(default_factory=list)  # (input, reason)
    skipped: list[str] = field(default_factory=list)  # files in folders that are not pages
    passed_over: list[str] = field(default_factory=list)  # per WARC file: its records that are not HTML pages


def enqueue(store: Store, user: str, arguments: list[str], progress: Callable[[int], None] | None = None,
            hide: str = "", follow_links: bool = False) -> Enqueued:
    """One queued job for the inputs (files, folders, WARC files, page URLs): an item per page. `hide` is a folder
    left out of the names the job's report gives (the web's temporary upload folder)."""
    inputs = expand(arguments, follow_links)
    queue = WorkQueue(store)
    done = Enqueued(queue.create_job(user, arguments), skipped=inputs.skipped, failed=inputs.failed,
                    passed_over=inputs.passed_over)
    items: list[tuple[str, int | None, str | None]] = []
    settled: list[tuple[str, int | None, str, str | None]] = []
    told = 0  # failures already queued as settled items

    def name(label: str) -> str:
        label = as_given(label)
        return label.replace(hide, "", 1) if hide and label.startswith(hide) else label

    def flush() -> None:
        nonlocal told
        settled.extend((name(label), None, "failed", error) for label, error in done.failed[told:])
        told = len(done.failed)
        queue.add(done.job_id, items, settled)
        done.queued += len(items)
        done.settled += len(settled)
        if progress:
            progress(len(items) + len(settled))
        items.clear(), settled.clear()

    for path in inputs.files:
        if is_url(path):
            items.append((path, None, path))
        else:
            for label, page, _ in read_pages(path, done.failed, done.passed_over):
                receipt = store.receive(page)
                if receipt.new:
                    items.append((name(label), receipt.page_id, None))
                else:
                    settled.append((name(label), receipt.page_id, "unchanged", None))
                    done.unchanged.append(name(label))
                if len(items) + len(settled) >= ADD_BATCH:
                    flush()
        if len(items) + len(settled) >= ADD_BATCH:
            flush()
    flush()
    queue.close_job(done.job_id, {"skipped": [name(s) for s in done.skipped],
                                  "passed_over": [name(s) for s in done.passed_over]})
    return done
