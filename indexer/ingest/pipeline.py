"""Runs the stages for a batch of inputs: read (files, WARC captures) → store raw → clean+annotate (worker processes) → store → index.

The raw bytes are committed to the store before any processing, and the index is brought up to date after every
chunk, so an interrupted ingest loses nothing: running it again reprocesses only what was not finished.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice

from indexer.annotate.stage import annotate, warm_up
from indexer.archive import Archive
from indexer.clean.extract import clean
from indexer.clean.page_kind import PageKind, counted, page_kind
from indexer.index.engine import EngineUnavailable
from indexer.ingest.lifeline import end_with_parent
from indexer.interrupt import Interrupted, interruptible
from indexer.models import AnnotatedArticle, InputError, RawPage
from indexer.sources.fetch import Fetcher, Limits, is_url
from indexer.sources.files import Inputs, expand, read_pages
from indexer.sources.origins import as_given
from indexer.store import Store

CHUNK = 24  # pages per round of store → process; bounds the work lost to a crash and the memory held
INDEX_EVERY = 480  # pages stored between two index commits (each writes a segment and may merge: most of the
INDEX_PAUSE = 10.0  # main process's CPU); and seconds at most between them, so a slow crawl is searchable as it goes
WORKER_NICENESS = 5  # (see _start_worker)
AHEAD_PAGES = 192  # pages read from disk may be in the workers' hands before the oldest are kept: enough to keep
AHEAD_BYTES = 64 << 20  # them busy while this process commits to the index (about 1.5 s), bounded in memory


@dataclass
class IngestReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (input, reason)
    skipped: list[str] = field(default_factory=list)  # files in folders that are not pages
    passed_over: list[str] = field(default_factory=list)  # per WARC file: its records that are not HTML pages
    not_articles: list[tuple[str, str, str]] = field(default_factory=list)  # (input, kind, why): kept, not indexed
    indexed: int = 0
    stopped: bool = False  # cancelled before every input was read
    unindexed: str | None = None  # why the index could not be written (the articles are stored, not searchable)

    def sum_up_not_articles(self) -> None:
        """The last line of the summary: "12 passed over as not articles: 9 section pages, 3 tag pages"."""
        if self.not_articles:
            kinds = Counter(kind for _, kind, _ in self.not_articles)
            self.passed_over.append(f"{len(self.not_articles)} passed over as not articles: "
                                    + ", ".join(counted(kind, n) for kind, n in kinds.most_common())
                                    + " (their raw pages are kept; they are not indexed)")

    def as_dict(self) -> dict:
        """The summary as `--json` prints it: counts, and every input named by its path as the user gave it."""
        return {
            "added": len(self.added),
            "updated": len(self.updated),
            "unchanged": len(self.unchanged),
            "added_paths": [as_given(p) for p in self.added],
            "updated_paths": [as_given(p) for p in self.updated],
            "unchanged_paths": [as_given(p) for p in self.unchanged],
            "failed": [{"path": as_given(p), "error": e} for p, e in self.failed],
            "skipped": [as_given(p) for p in self.skipped],
            "passed_over": self.passed_over,
            "not_articles": [{"path": as_given(p), "kind": k, "why": w} for p, k, w in self.not_articles],
            "not_articles_by_kind": dict(Counter(k for _, k, _ in self.not_articles).most_common()),
            "indexed": self.indexed,
            "stopped": self.stopped,
            "index_error": self.unindexed,
        }


def process_page(page: RawPage, sort: bool = True) -> AnnotatedArticle | PageKind | str:
    """Worker entry point: an error becomes a message, so one bad page never stops the batch.

    With `sort`, a page that is not an article (a front, section, tag page or gallery) comes back as its PageKind,
    before the costly annotation. A job's cancel ends it at once (indexer.interrupt)."""
    try:
        with interruptible():
            article = clean(page)
            if sort:
                kind = page_kind(page, article)
                if not kind.is_article:
                    return kind
            return annotate(article)
    except InputError as exc:
        return str(exc)
    except RecursionError:
        return "the page's markup is nested too deeply to read"
    except Exception as exc:  # a bug in a stage must not lose the rest of the batch; the raw page is kept
        return f"could not be processed ({type(exc).__name__}: {exc}); the raw page is kept in the archive"


def _worker_count(pages: int) -> int:
    """Worker processes pay off only for batches; each costs a fork and its own copies of the models."""
    if pages < 8:
        return 0
    return max(1, min(os.cpu_count() or 1, 4))


def _start_worker(parent: int) -> None:
    """A worker yields the CPU to its parent: the parent stores and indexes what every worker annotates, so when it
    waits for a core, all of them soon wait for it (and a web server beside the ingest keeps answering)."""
    end_with_parent(parent)
    with contextlib.suppress(OSError, AttributeError):  # (no nice() on Windows)
        os.nice(WORKER_NICENESS)


@contextmanager
def _pool(workers: int) -> Iterator[ProcessPoolExecutor | None]:
    if workers <= 0:
        yield None
        return
    if hasattr(os, "fork"):
        warm_up()
    ctx = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_start_worker,
                             initargs=(os.getpid(),)) as pool:
        yield pool


def _process_all(pool: ProcessPoolExecutor | None, pages: list[RawPage],
                 sort: bool = True) -> Iterator[AnnotatedArticle | PageKind | str]:
    """Annotated article, page kind or error message per page, in order; in the workers when there is more than one
    page."""
    work = functools.partial(process_page, sort=sort)
    return pool.map(work, pages) if pool and len(pages) > 1 else map(work, pages)


def _received(inputs: Inputs, report: IngestReport, fetcher: Fetcher,
              on_total: Callable[[int], None] | None) -> Iterator[tuple[str, RawPage, int]]:
    """(label, page, bytes read) for every page in the inputs: files, HTML captures of WARC files, fetched URLs.

    What cannot be read, or is not a page, goes into the report here, so nothing given is passed over silently.
    """
    for path in inputs.files:
        if not is_url(path):
            yield from read_pages(path, report.failed, report.passed_over)
            continue
        try:
            page = fetcher.fetch_page(path)
        except InputError as exc:
            report.failed.append((path, str(exc)))
            continue
        except Interrupted:  # cancelled while downloading: the pages before are kept
            _cancelled(report, in_hand=True)
            return
        if on_total:
            on_total(len(page.data))
        yield path, page, len(page.data)


def _chunks(items: Iterator, size: int) -> Iterator[list]:
    while chunk := list(islice(items, size)):
        yield chunk


def ingest(archive: Archive, arguments: list[str], progress: Callable[[int], None] | None = None,
           on_total: Callable[[int], None] | None = None, limits: Limits | None = None,
           workers: int | None = None, stop: Callable[[], bool] | None = None,
           follow_links: bool = False) -> IngestReport:
    """Ingest files, folders, WARC files and page URLs into the archive; returns what happened to each input.

    Progress is counted in bytes of input, so one large WARC file moves the bar as steadily as many small pages.
    URLs are fetched politely (`limits`: public addresses only unless allowed, robots.txt, a pause per host).
    `workers=0` processes in this process (a threaded web server must not fork); by default batches use a pool.
    `stop` is asked after each chunk: when it says yes, what was read so far is kept and indexed, the rest is left.
    Folders are read as files (sources.files.expand): links that lead out of them only with `follow_links`.
    """
    inputs = expand(arguments, follow_links)
    report = IngestReport(skipped=inputs.skipped, failed=inputs.failed, passed_over=inputs.passed_over)
    if on_total:
        on_total(sum(_size(path) for path in inputs.files))
    # the turns per host are claimed in the store, so that ingests, crawls and workers of one archive are one visitor
    pages = _received(inputs, report, Fetcher(limits or Limits(), turns=archive.store), on_total)
    workers = _worker_count(len(inputs.files)) if workers is None else workers
    # pages read from disk overlap; fetched ones do not (a fetch waits for the host, the pages would wait with it)
    store_pages(archive, pages, report, workers, progress, stop, overlap=not any(map(is_url, inputs.files)))
    report.sum_up_not_articles()
    return report


def store_pages(archive: Archive, pages: Iterator[tuple[str, RawPage, int]], report: IngestReport, workers: int,
                progress: Callable[[int], None] | None = None,
                stop: Callable[[], bool] | None = None, overlap: bool = False) -> IngestReport:
    """The shared back half of ingest and crawl: (label, page, progress weight) → store raw → process → index.

    Pages are taken in chunks, so a source that produces them slowly (a crawl) is stored and indexed as it goes.
    The index catches up from the store every INDEX_EVERY pages or INDEX_PAUSE seconds, and at the end: what a crash
    leaves unindexed is pending in the store, for the next run. With `overlap` (pages read from disk, not fetched)
    the next chunks are read and handed to the worker processes (up to AHEAD_PAGES pages or AHEAD_BYTES) before
    the oldest one's articles are stored and indexed, so the workers annotate while this process writes.
    """
    stored, last = 0, time.monotonic()

    def settle(chunk: list, todo: list, results: Iterator) -> None:
        nonlocal stored, last
        _keep_chunk(archive, report, todo, results)
        stored += len(todo)
        if stored >= INDEX_EVERY or time.monotonic() - last >= INDEX_PAUSE:
            _index(archive, report)
            stored, last = 0, time.monotonic()
        if progress:  # the other half of the chunk's weight: its pages are kept (see below)
            weight = sum(w for _, _, w in chunk)
            progress(weight - weight // 2)

    with _pool(workers) as pool:
        ahead: deque[tuple[list, list, Iterator]] = deque()  # chunks in the workers' hands, not yet kept
        try:
            for chunk in _chunks(pages, CHUNK):
                todo = _receive(archive, chunk, report)
                if progress:  # half of the chunk's weight once its raw pages are stored, so the bar moves from the
                    progress(sum(w for _, _, w in chunk) // 2)  # start though the pages ahead are kept later
                ahead.append((chunk, todo, _process_all(pool, [p for _, _, p in todo])))  # with a pool: under way
                while ahead and (not overlap or pool is None or _too_far_ahead(ahead)):
                    settle(*ahead.popleft())
                if stop and stop():
                    _cancelled(report)
                    break
        except Interrupted:  # cancelled in the middle of a page: what was processed before it is kept (see
            _cancelled(report, in_hand=True)  # _keep_chunk); chunks not yet processed here are left received
            if pool is None:
                ahead.clear()
        if stored and ahead and pool is not None:  # the input is read: index what is kept while the workers
            _index(archive, report)  # finish the last pages, so that the last commit after them is small
            stored, last = 0, time.monotonic()
        while ahead:  # the chunks read (before a cancel too): their pages are kept and indexed below
            settle(*ahead.popleft())
    report.unindexed = None  # (tried once more at the end: the index may be back)
    _index(archive, report)
    return report


def _too_far_ahead(ahead: deque) -> bool:
    pages = sum(len(todo) for _, todo, _ in ahead)
    return pages > AHEAD_PAGES or sum(len(p.data) for _, todo, _ in ahead for _, _, p in todo) > AHEAD_BYTES


def _cancelled(report: IngestReport, in_hand: bool = False) -> None:
    if report.stopped:
        return
    report.stopped = True
    report.passed_over.append(
        "cancelled in the middle of a page: the pages processed before it are kept and indexed; that page and the "
        "rest of its batch are stored as received, not processed (ingesting the same inputs again finishes them), "
        "and the rest of the inputs were not read" if in_hand else
        "cancelled: the pages read before the cancel are kept and indexed; the rest of the inputs were not read")


def _receive(archive: Archive, chunk: list, report: IngestReport) -> list[tuple[str, int, RawPage]]:
    """Keep a chunk's raw pages; those that still need processing."""
    todo = []
    with archive.store.batch():  # one commit for the chunk: the raw pages are on disk before any is processed
        for label, page, _ in chunk:
            receipt = archive.store.receive(page)
            if receipt.new:
                todo.append((label, receipt.page_id, page))
            else:
                report.unchanged.append(label)
    return todo


def _keep_chunk(archive: Archive, report: IngestReport, todo: list, results: Iterator) -> None:
    """Store what processing gave for each page of a chunk (in one transaction), and say so in the report. When a
    cancel interrupts the processing, what was done before it is stored, and Interrupted goes on."""
    done, interrupted = [], None
    try:
        for result in results:  # (the workers' answers, before the store's write lock is taken)
            done.append(result)
    except Interrupted as exc:
        interrupted, todo = exc, todo[:len(done)]
    results = done
    with archive.store.batch():
        outcomes = [keep(archive.store, page_id, result)[0] for (_, page_id, _), result in zip(todo, results, strict=True)]
    for (label, _, _), result, outcome in zip(todo, results, outcomes, strict=True):
        if outcome == "failed":
            report.failed.append((label, result))
        elif outcome == "not_article":
            report.not_articles.append((label, result.kind, result.reason))
        else:
            getattr(report, outcome).append(label)
    if interrupted:
        raise interrupted


def keep(store: Store, page_id: int, result: AnnotatedArticle | PageKind | str) -> tuple[str, str | None]:
    """Store what processing a received page gave; its outcome (added, updated, unchanged, not_article or failed)
    and the article's id."""
    if isinstance(result, str):
        store.mark_failed(page_id, result)
        return "failed", None
    if isinstance(result, PageKind):
        store.mark_passed(page_id, result.kind)
        return "not_article", None
    stored = store.add_article(page_id, result)
    return stored.outcome, stored.article_id


def _index(archive: Archive, report: IngestReport) -> None:
    """Index what the store holds that the index lacks. When the index cannot be written (a shard with no live
    replica, every retry spent), the articles stay stored and pending: storing goes on without indexing, and the
    report says so (`check --repair` catches up once the index is back)."""
    if report.unindexed:
        return
    try:
        report.indexed += archive.sync_index(batch=INDEX_EVERY)
    except EngineUnavailable as exc:
        report.unindexed = str(exc)


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def reannotate(archive: Archive, progress: Callable[[int], None] | None = None) -> IngestReport:
    """Run clean and annotate again on every article's stored raw page (after the extractors improved).

    A changed story becomes a new version as in ingest; the same story with new annotations (entities, quotes,
    language) is updated in place. Then the index catches up.
    """
    report = IngestReport()
    todo = archive.store.current_pages()
    since, last = 0, time.monotonic()  # pages since the last index commit
    with _pool(_worker_count(len(todo))) as pool:
        for start in range(0, len(todo), CHUNK):
            chunk = todo[start:start + CHUNK]
            pages = [archive.store.raw_page(page_id) for _, page_id in chunk]
            results = _process_all(pool, pages, sort=False)  # stored articles stay articles
            for (article_id, page_id), page, result in zip(chunk, pages, results, strict=True):
                if isinstance(result, str):
                    report.failed.append((page.origin, result))
                    continue
                stored = archive.store.add_article(page_id, result, article_id)
                if stored.outcome == "unchanged":
                    archive.store.refresh_annotations(stored.article_id, result)
                getattr(report, "updated" if stored.outcome != "unchanged" else "unchanged").append(page.origin)
            since += len(chunk)
            if since >= INDEX_EVERY or time.monotonic() - last >= INDEX_PAUSE:
                report.indexed += archive.sync_index(batch=INDEX_EVERY)
                since, last = 0, time.monotonic()
            if progress:
                progress(len(chunk))
    report.indexed += archive.sync_index(batch=INDEX_EVERY)
    return report
