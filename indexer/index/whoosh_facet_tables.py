"""Each index segment's facet table (local document number -> its values of every facet), read in one pass over
the segment's postings and kept in a file beside the index, since a segment never changes its documents.

The tables live in `facet-tables/` beside a generation's indexes, one pickle per segment of the newest commit
(`articles-<segment id>.pickle`, `quotes-…`); a background merge writes the table of the segment it makes before the
segment goes live. Safe to delete: a missing or damaged table is read again from the postings.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import threading
from pathlib import Path

from whoosh import index

from indexer.index.whoosh_postings import term_postings

FACET_TABLES = "facet-tables"  # beside a generation's indexes


def stored_facets(reader, name: str, facets: list[str]) -> dict[str, list[tuple[str, ...]]]:
    """A segment's facet table (`read_facets`), kept in a file beside its index and read from there by every later
    process: a segment never changes its documents, and reading the tables from the posting lists took seconds of
    the first search at 100,000 articles. Deletions only grow, so a table kept from earlier holds every live
    document (the matches, not the table, leave deleted documents out). Only segments of the index's newest commit
    are kept; files of segments that merges removed are deleted as new ones are written; a file that cannot be read
    or written is read again from the posting lists."""
    segment, folder = reader.segment(), getattr(getattr(reader, "_storage", None), "folder", None)
    if segment is None or folder is None:
        return read_facets(reader, facets)
    tables = Path(folder).parent / FACET_TABLES
    path = tables / f"{name}-{segment.segment_id()}.pickle"
    size = reader.doc_count_all()
    try:
        with path.open("rb") as handle:
            kept = pickle.load(handle)
        if kept["facets"] == facets and kept["size"] == size:
            return kept["table"]
    except (OSError, EOFError, pickle.UnpicklingError, KeyError, TypeError, ValueError, AttributeError):
        pass
    table = read_facets(reader, facets)
    live = index_segments(Path(folder))
    if segment.segment_id() not in live:  # merged away, or its generation replaced by a reindex: keep nothing
        return table
    keep_table(tables, name, segment.segment_id(), facets, size, table)
    with contextlib.suppress(OSError):
        for other in tables.glob(f"{name}-*.pickle"):
            if other.name.removeprefix(f"{name}-").removesuffix(".pickle") not in live:
                other.unlink(missing_ok=True)
    return table


def keep_table(tables: Path, name: str, segment_id: str, facets: list[str], size: int, table: dict) -> None:
    """Write a segment's facet table into the folder `tables` (atomically; nothing if the disk refuses)."""
    path = tables / f"{name}-{segment_id}.pickle"
    with contextlib.suppress(OSError):
        tables.mkdir(exist_ok=True)
        tmp = tables / f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp"
        with tmp.open("wb") as handle:
            pickle.dump({"facets": facets, "size": size, "table": table}, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)


def index_segments(folder: Path) -> set[str]:
    """The segment ids of the newest commit of the index in `folder` (none if it cannot be read now)."""
    try:
        return {s.segment_id() for s in index.open_dir(folder)._segments()}
    except Exception:  # noqa: BLE001 - a commit in between: nothing is pruned this time
        return set()


def read_facets(reader, facets: list[str]) -> dict[str, list[tuple[str, ...]]]:
    """Local docnum -> facet values of one segment, from its posting lists."""
    size = reader.doc_count_all()
    out: dict[str, list[tuple[str, ...]]] = {}
    for facet in facets:
        per_doc: list[tuple[str, ...]] = [()] * size
        for _, raw, docnums, _, _ in term_postings(reader, facet):
            value = raw.decode("utf-8")
            for docnum in docnums:
                per_doc[docnum] = (*per_doc[docnum], value)
        out[facet] = per_doc
    return out
