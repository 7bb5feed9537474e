"""One archive: the store (source of truth; the SQLite file in the data directory, or a PostgreSQL database) and the
search index derived from it (in the data directory, or a SolrCloud)."""

from __future__ import annotations

import os
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

from indexer import credentials
from indexer.index.backends import INDEX_DIR, open_engine
from indexer.index.engine import SearchEngine, index_key
from indexer.store import Store
from indexer.store_db import STORE_ENV, is_remote

DEFAULT_DATA = "newsarchive-data"
STORE_FILE = "archive.sqlite3"
INDEX_ENV = "NEWSARCHIVE_INDEX"  # the index URL (a SolrCloud) when not the data directory's own index


def default_data_dir() -> Path:
    return Path(os.environ.get("NEWSARCHIVE_DATA") or DEFAULT_DATA)


class NoArchive(FileNotFoundError):
    """A command that only reads was pointed at a folder that holds no archive."""


@dataclass
class Drift:
    """Differences between the store and the index, as `check` reports them."""

    missing: list[str] = field(default_factory=list)  # stored, not searchable
    stale: list[str] = field(default_factory=list)  # index holds an older version
    orphaned: list[str] = field(default_factory=list)  # in the index, not in the store

    @property
    def clean(self) -> bool:
        return not (self.missing or self.stale or self.orphaned)


def store_target(root: Path, store: str | None, create: bool = True) -> str | Path:
    """Where the store of the data folder `root` is: the URL `store`, else the SQLite file in `root`. With `create`
    false (a command that only reads), NoArchive when there is no such file; nothing is created."""
    if root.exists() and not root.is_dir():
        raise NotADirectoryError(f"{root} is a file; --data must name a directory (new or existing).")
    if store:
        return store
    if not create and not (root / STORE_FILE).exists():
        where = str(root) if root.is_absolute() else f"{root} ({root.absolute()})"
        raise NoArchive(f"There is no archive in {where}: check --data (or $NEWSARCHIVE_DATA), or start one "
                        f"with `newsarchive ingest --data {root} PATH` (or `newsarchive serve --demo --data {root}`, "
                        "which fills a new archive with the bundled sample articles). Nothing was created.")
    return root / STORE_FILE


class Archive:
    """Opens (creating when needed) the store and index of a data directory."""

    def __init__(self, root: Path | str | None = None, create: bool = True, index: str | None = None,
                 store: str | None = None):
        """`index` is the search index's URL (default $NEWSARCHIVE_INDEX; none: the Whoosh index in `root`), `store`
        the store's (default $NEWSARCHIVE_STORE; none: the SQLite file in `root`); their passwords may come from files
        (indexer/credentials.py). With both remote, nothing of the
        archive is kept in `root`, and it is not created."""
        self.root = Path(root) if root else default_data_dir()
        self.explorer_seconds = self.explorer_cpu = 0.0  # wall and CPU seconds spent filing articles into entities
        # and stories (benchmarks/throughput.py)
        self.store_url = credentials.url(store, STORE_ENV)
        self.index_url = credentials.url(index, INDEX_ENV)
        self.store = Store(store_target(self.root, self.store_url, create))
        if not (is_remote(self.store_url) and self.index_url):
            self.root.mkdir(parents=True, exist_ok=True)
        self.index_key = index_key(self.index_url)  # what the store calls this index's bookkeeping
        if self.index_key is None and is_remote(self.store_url):
            # a shared store, but this folder's own Whoosh index: other machines' folders have theirs, so it keeps
            # its bookkeeping under a name of its own (the store's own-index column belongs to the SQLite file's)
            self.index_key = f"whoosh://{socket.gethostname()}{(self.root / INDEX_DIR).resolve()}"
        try:
            self.engine: SearchEngine = open_engine(self.root, self.index_url)
        except BaseException:
            self.store.close()
            raise
        if self.engine.replaced_layout and not self.is_empty():
            # an index written by another version of the program: rebuild it from the store, which keeps everything
            self.store.mark_all_unindexed(self.index_key)
            self.sync_index()

    def close(self) -> None:
        self.engine.close()
        self.store.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def is_empty(self) -> bool:
        return not self.store.article_ids()

    def sync_index(self, batch: int = 100, progress=None) -> int:
        """Bring the index up to date with the store; safe to run from many processes at once.

        Each round takes the index write lock (waiting for other writers), reads what is pending at that moment
        (other processes' articles included), commits, and only then marks those versions indexed: a crash at any
        point leaves them pending for the next run rather than lost.
        """
        self.update_explorer()
        done = 0
        while True:
            taken: list[tuple[str, int]] = []
            self.engine.write_articles(self._pending_articles(batch, taken))
            if not taken:
                return done
            self.store.mark_indexed(taken, self.index_key)
            done += len(taken)
            if progress:
                progress(len(taken))

    def index_articles(self, article_ids: list[str]) -> int:
        """Index these articles' current versions (a worker's own batch: two workers do not index each other's)."""
        self.update_explorer()
        taken: list[tuple[str, int]] = []

        def current():  # read under the index write lock, like _pending_articles
            for article_id in dict.fromkeys(article_ids):
                version = self.store.current_version(article_id)
                if version:
                    taken.append((article_id, version))
                    yield article_id, version, self.store.article(article_id, version)

        self.engine.write_articles(current())
        self.store.mark_indexed(taken, self.index_key)
        return len(taken)

    def update_explorer(self, progress=None) -> int:
        """File the articles stored or annotated again since the last time into their entities' pages and their
        stories (indexer/explore/update.py): in the store, whatever the index; before each index commit, so that
        what a search finds is in its story."""
        from indexer.explore.update import catch_up

        started, cpu = time.perf_counter(), time.process_time()
        try:
            return catch_up(self.store, progress=progress)
        finally:
            self.explorer_seconds += time.perf_counter() - started
            self.explorer_cpu += time.process_time() - cpu

    def _pending_articles(self, batch: int, taken: list[tuple[str, int]]):
        """Read under the index write lock (the engine consumes this generator only once it holds the lock)."""
        taken.extend(self.store.pending(batch, self.index_key))
        yield from self.store.articles(taken)

    def _stored_versions(self) -> dict[str, int]:
        return self.store.current_versions()

    def drift(self) -> Drift:
        stored = self._stored_versions()
        indexed = self.engine.indexed_versions()
        return Drift(
            missing=sorted(set(stored) - set(indexed)),
            stale=sorted(i for i in set(stored) & set(indexed) if indexed[i] != stored[i]),
            orphaned=sorted(set(indexed) - set(stored)),
        )

    def repair(self, drift: Drift) -> int:
        """Re-queue what the index lacks, drop what it should not have, then catch up."""
        self.store.mark_unindexed(drift.missing + drift.stale, self.index_key)
        if drift.orphaned:
            self.engine.write_articles((i, 0, None) for i in drift.orphaned)
        return self.sync_index()

    def rebuild_index(self, **options) -> int:
        """Rebuild the index from the store beside the one in use, then switch: searches keep answering from the
        old index meanwhile, and articles other processes store during the rebuild are caught up before the switch.
        `options` go to the engine's rebuild (SolrCloud: `configset`, for a schema change).
        """
        snapshot: dict[str, int] = {}

        def everything():
            for article_id, version in self._stored_versions().items():
                yield article_id, version, self.store.article(article_id, version)

        def changed(written: dict[str, int | None]):
            snapshot.update(self._stored_versions())  # read while other writers are held off
            for article_id, version in snapshot.items():
                if written.get(article_id) != version:
                    yield article_id, version, self.store.article(article_id, version)
            for article_id in set(written) - set(snapshot):
                yield article_id, 0, None

        n = self.engine.rebuild(everything(), changed, **options)
        self.store.mark_indexed(snapshot.items(), self.index_key)
        self.sync_index()  # what was stored after the catch-up, should a writer have missed it
        return n
