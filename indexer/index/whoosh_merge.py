"""How an index's segments are merged: small segments inside the commit that fills their size tier, large ones in
a process of their own, beside the writers.

Whoosh's default policy (MERGE_SMALL) merges every small segment on almost every commit, so a document was
rewritten many times while the index grew and commits slowed with its size. Here a segment of n live documents is
in tier log8(n); MERGE_FACTOR segments of one tier merge into one, so each document is rewritten about
log8(size / batch) times and the index keeps at most MERGE_FACTOR - 1 segments per tier. A segment that lost most
of its documents to updates joins the next merge of its kind.

A tier of large segments (LARGE_TIER: 4,096 documents or more each) is not merged inside the commit that fills it:
merging eight segments into one of 36,500 articles took one and a half to two minutes, all of it holding the
index's write lock, so every other ingest waited, and a 100,000-article build ran at 40 articles/s through the
blocks that held one. Instead that commit starts `python -m indexer.index.whoosh_merge` on the index, which

1. reads the newest commit without the lock and picks the segments (one such merge per index at a time);
2. writes the merged segment into a hidden folder of the index (Whoosh's clean-up of old files skips dot files),
   then the new segment's facet table beside the index (a table no commit lists is removed by a later one);
3. takes the write lock only to swap: if every merged segment is still in the newest commit, the documents deleted
   in them meanwhile (articles replaced or removed) are deleted in the new segment too, its files move in, and a
   new commit lists it in place of the merged ones; otherwise (a reindex, an update that emptied a segment) the
   work is dropped.

Searches read the old segments until the swap, then the new one. A merge process that dies leaves the index as it
was, and the next one removes its folder; one that fails says when and why in `.merge-failed`, which `newsarchive
check` reports until a merge ends well (`merge_failures`). The process outlives a short command (an ingest that filled the tier ends
and the merge finishes alone, as `git gc --auto` does); `WhooshEngine.wait_for_merges` waits for it.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import os
import shutil
import subprocess
import sys
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path

from whoosh import index
from whoosh.filedb.filestore import FileStorage
from whoosh.index import TOC, clean_files
from whoosh.reading import SegmentReader
from whoosh.util.filelock import try_for

from indexer.index.whoosh_facet_tables import keep_table, read_facets
from indexer.index.whoosh_writer import SegmentWriter

MERGE_FACTOR = 8
LARGE_TIER = 4  # segments of MERGE_FACTOR ** LARGE_TIER documents or more are merged in a process of their own
_WORK = ".merge-"  # the hidden folder a merge writes into (with its process id)
MERGE_LOCK = ".merge-lock"  # one background merge per index at a time (and a reindex waits for it: whoosh_engine)
_LOG = ".merge-log"  # what a background merge printed when it failed
_FAILED = ".merge-failed"  # when and why the last background merge failed (removed by the next that ends well)
_SWAP_TIMEOUT = 3600.0  # seconds to wait for the write lock before dropping the work


def _tier(segment) -> int:
    return int(math.log(max(1, segment.doc_count()), MERGE_FACTOR))


def _picked(segments: list, large: bool, large_tier: int | None = None) -> list:
    """The segments to merge next, of the large tiers or of the small ones: the first full tier, and the segments of
    that kind that lost most of their documents."""
    large_tier = LARGE_TIER if large_tier is None else large_tier
    tiers: dict[int, list] = defaultdict(list)
    for seg in segments:
        tiers[_tier(seg)].append(seg)
    full = next((tiers[t] for t in sorted(tiers) if (t >= large_tier) == large and len(tiers[t]) >= MERGE_FACTOR),
                [])
    size = MERGE_FACTOR ** large_tier
    return full + [seg for seg in segments if seg not in full and (seg.doc_count_all() >= size) == large
                   and seg.deleted_count() * 2 > seg.doc_count_all()]


def tiered_merge(writer, segments: list) -> list:
    """Whoosh merge policy: the small segments due (see the module's description) are merged into the segment this
    commit writes; the other segments stay."""
    merging = _picked(segments, large=False)
    for seg in merging:
        reader = SegmentReader(writer.storage, writer.schema, seg)
        writer.add_reader(reader)
        reader.close()
    return [seg for seg in segments if seg not in merging]


def large_merge_due(segments: list) -> bool:
    return bool(_picked(segments, large=True))


def start_large_merge(folder: Path, name: str, facets: list[str], tables: Path) -> subprocess.Popen:
    """Start the background merge of the index in `folder` (`name`: articles or quotes, whose `facets` it tables
    into the folder `tables`)."""
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)}
    with (folder / _LOG).open("ab") as log:
        return subprocess.Popen([sys.executable, "-m", "indexer.index.whoosh_merge", str(folder), "--name", name,
                                 "--facets", ",".join(facets), "--tables", str(tables), "--large-tier",
                                 str(LARGE_TIER)], stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env)


def merge_large(folder: Path, name: str, facets: list[str], tables: Path, large_tier: int | None = None) -> str | None:
    """Merge the large segments due in the index in `folder` (see the module's description); the new segment's id,
    or None when there was nothing to merge, another merge runs, or the index changed under it."""
    folder = Path(folder)
    with (folder / MERGE_LOCK).open("a+") as held:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return None
        for stale in folder.glob(_WORK + "*"):
            if stale.is_dir():
                shutil.rmtree(stale, ignore_errors=True)
        ix = index.open_dir(str(folder))
        toc = ix._read_toc()
        merging = _picked(toc.segments, large=True, large_tier=large_tier)
        if not merging:
            return None
        work = folder / f"{_WORK}{os.getpid()}"
        work.mkdir()
        try:
            return _merge_and_swap(ix, toc, merging, work, name, facets, tables)
        finally:
            shutil.rmtree(work, ignore_errors=True)


def _merge_and_swap(ix, toc, merging: list, work: Path, name: str, facets: list[str], tables: Path) -> str | None:
    storage = FileStorage(str(work))
    writer = SegmentWriter(_Into(ix, storage), _lk=False, compound=False)
    for seg in merging:
        reader = SegmentReader(ix.storage, toc.schema, seg)
        writer.add_reader(reader)
        reader.close()
    numbering = writer.numbering
    new = writer._finalize_segment()
    writer._finish()
    reader = SegmentReader(storage, toc.schema, new)
    keep_table(tables, name, new.segment_id(), facets, new.doc_count_all(), read_facets(reader, facets))
    reader.close()

    lock = ix.lock("WRITELOCK")
    if not try_for(lock.acquire, timeout=_SWAP_TIMEOUT, delay=0.25):
        return None
    try:
        now = ix._read_toc()
        live = {seg.segment_id(): seg for seg in now.segments}
        if any(seg.segment_id() not in live for seg in merging):
            return None
        for seg in merging:  # documents deleted since the merge read them
            start, docmap = numbering[seg.segment_id()]
            for docnum in set(live[seg.segment_id()].deleted_docs()) - set(seg.deleted_docs()):
                new.delete_document(docmap[docnum] if docmap is not None else start + docnum)
        for path in work.iterdir():
            os.replace(path, Path(ix.storage.folder) / path.name)
        merged = {seg.segment_id() for seg in merging}
        segments = [seg for seg in now.segments if seg.segment_id() not in merged] + [new]
        TOC(now.schema, segments, now.generation + 1).write(ix.storage, ix.indexname)
        clean_files(ix.storage, ix.indexname, now.generation + 1, segments)
        return new.segment_id()
    finally:
        lock.release()


class _Into:
    """An index as the segment writer sees it, with the new segment's files written into `storage`."""

    def __init__(self, ix, storage):
        self._ix, self.storage, self.indexname = ix, storage, ix.indexname

    def _read_toc(self):
        return self._ix._read_toc()


def main() -> None:
    parser = argparse.ArgumentParser(description="Merge the large segments due in one Whoosh index of an archive "
                                     "(started by the engine after a commit; see indexer/index/whoosh_merge.py).")
    parser.add_argument("folder", type=Path, help="the index folder (…/index/articles or …/index/quotes)")
    parser.add_argument("--name", required=True, help="articles or quotes")
    parser.add_argument("--facets", default="", help="the facet fields to table, comma-separated")
    parser.add_argument("--tables", type=Path, required=True, help="the folder of facet tables")
    parser.add_argument("--large-tier", type=int, default=LARGE_TIER)
    args = parser.parse_args()
    failed = args.folder / _FAILED
    try:
        merge_large(args.folder, args.name, [f for f in args.facets.split(",") if f], args.tables, args.large_tier)
    except Exception as exc:
        failed.write_text(json.dumps({"at": datetime.now(UTC).isoformat(timespec="seconds"),
                                      "error": f"{type(exc).__name__}: {exc}"}), encoding="utf-8")
        raise  # (the traceback goes to the log)
    failed.unlink(missing_ok=True)


def merge_failures(folder: Path, name: str) -> list[str]:
    """What a user should know about the last background merge of the index in `folder`, if it failed."""
    try:
        failed = json.loads((Path(folder) / _FAILED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [f"the last background merge of the {name} index failed at {failed.get('at')} "
            f"({failed.get('error')}): searches are not affected and nothing is lost, but its large segments stay "
            f"unmerged until a merge succeeds. The details are in {Path(folder) / _LOG}; if the next ingest does not "
            "clear this, run `newsarchive reindex`."]


if __name__ == "__main__":
    main()
