"""Copy an archive's index into another index (a SolrCloud) from the stored annotations, with several writers.

Building the documents (the project's own analysis, in Python) takes more CPU per article than Solr's indexing,
so one writer process leaves cores idle: the pending articles are dealt out to `writers` processes, each of which
writes its share in batches and records after each commit what that index now holds. A stopped migration goes on
where it stopped (what was recorded is not copied again); articles stored meanwhile are caught up at the end.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
from collections.abc import Callable
from pathlib import Path

from indexer.archive import Archive
from indexer.ingest.lifeline import end_with_parent


class MigrationFailed(RuntimeError):
    """A writer process stopped on an error; what the writers committed is recorded (the message says why)."""


class MigrationRefused(MigrationFailed):
    """The target index holds another archive's documents: nothing was copied (the message says what to do)."""


def check_target(archive: Archive) -> None:
    """Refuse an index that holds documents of another archive, before anything is copied into it. The store never
    forgets an article, so a document whose id the store lacks is not this archive's; copying beside it would mix
    two archives, and the `check --repair` a count mismatch then calls for would delete the other one's documents
    (as `migrate --to-store` refuses a database that holds another archive)."""
    held = archive.engine.stats().articles
    if not held or held == archive.store.indexed_count(archive.index_key):
        return  # empty, or holding as many as the store recorded writing there: reading every id can wait
    foreign = set(archive.engine.indexed_versions()) - set(archive.store.current_versions())
    if foreign:
        n = len(foreign)
        raise MigrationRefused(
            f"the index {archive.index_key} holds {n:,} document{'' if n == 1 else 's'} that {'is' if n == 1 else 'are'}"
            f" not articles of this archive (for example {min(foreign)}): it is another archive's index. Nothing was "
            "copied. Give migrate an empty collection (docs/operations.md, 'Collections and aliases', makes one), or "
            "the index this archive was copied into before; do not run `check --repair` on it with this archive, "
            "which would delete the other archive's documents.")


def copy_index(archive: Archive, batch: int = 1000, writers: int = 2,
               progress: Callable[[int], None] | None = None) -> int:
    """Index every article `archive.engine` lacks; returns how many were written. An index holding another
    archive's documents is refused first (MigrationRefused)."""
    check_target(archive)
    todo = archive.store.pending(10**12, archive.index_key)
    parts = [todo[k::writers] for k in range(writers)] if writers > 1 and len(todo) > batch else []
    done = 0
    if parts:
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of this process is inherited
        counts = context.Queue()
        procs = [context.Process(target=_write_part, args=(str(archive.root), archive.index_url, archive.store_url,
                                                            part, batch, os.getpid(), counts), daemon=True)
                 for part in parts]
        for p in procs:
            p.start()
        errors: list[str] = []
        try:
            while any(p.is_alive() for p in procs) or not counts.empty():
                try:
                    n = counts.get(timeout=0.5)
                except queue.Empty:
                    continue
                if isinstance(n, str):
                    errors.append(n)
                    continue
                done += n
                if progress:
                    progress(n)
        finally:
            for p in procs:
                p.join(timeout=60)
                if p.is_alive():
                    p.kill()
        failed = [p.exitcode for p in procs if p.exitcode]
        if failed:
            why = errors[0] if errors else f"exit status {failed[0]}"
            raise MigrationFailed(f"{len(failed)} of {len(procs)} writers stopped ({why}); what they committed is "
                                  "recorded: run the migration again to go on")
    return done + archive.sync_index(batch=batch, progress=progress)  # one writer's share, or all; and latecomers


def _write_part(root: str, url: str | None, store: str | None, items: list[tuple[str, int]], batch: int,
                parent: int, counts) -> None:
    end_with_parent(parent)
    try:
        with Archive(Path(root), create=False, index=url, store=store) as archive:
            for start in range(0, len(items), batch):
                chunk = items[start:start + batch]
                archive.engine.write_articles(archive.store.articles(chunk))
                archive.store.mark_indexed(chunk, archive.index_key)
                counts.put(len(chunk))
    except Exception as exc:  # the reason goes to the parent, which says it in one line (messages carry no password)
        counts.put(str(exc) or type(exc).__name__)
        raise SystemExit(1) from None
