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


def copy_index(archive: Archive, batch: int = 1000, writers: int = 2,
               progress: Callable[[int], None] | None = None) -> int:
    """Index every article `archive.engine` lacks; returns how many were written."""
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
                archive.engine.write_articles((i, v, archive.store.article(i, v)) for i, v in chunk)
                archive.store.mark_indexed(chunk, archive.index_key)
                counts.put(len(chunk))
    except Exception as exc:  # the reason goes to the parent, which says it in one line (messages carry no password)
        counts.put(str(exc) or type(exc).__name__)
        raise SystemExit(1) from None
