"""Whoosh's segment writer, reading each field's document lengths once per segment instead of once per posting.

When a segment is flushed (every commit, and every merge), Whoosh writes each posting with its document's field
length, for the shortest and longest document of every posting block (what its block-quality bounds use); a merge
also copies every document's length of every field. Its per-document reader decodes that length from the column
file at each call, and for a field that keeps no lengths (ids, keywords, dates) it looks for the column's file on
disk again, a `stat`, at each call. Here each field's lengths are decoded once per segment into a list; the
lengths, and so the index written, are the same.

A merge also poured every posting of the merged segments into the writer's pool, which sorted them all again
(pickled into temporary runs on disk and merged back), though each segment's postings are in order already and
its documents follow the new ones. Here each merged segment's postings stay a stream, merged by term with the
pool's (the new documents') at the flush: the same postings in the same order, read as `whoosh_postings` reads
them.
"""

from __future__ import annotations

import heapq
from operator import itemgetter

from whoosh import writing
from whoosh.reading import SegmentReader
from whoosh.util.numeric import byte_to_length

from indexer.index.whoosh_codec import Codec
from indexer.index.whoosh_postings import length_bytes, term_postings

# What Whoosh's doc_field_length gives for each stored byte: None for 0 (the document has no such field).
_LENGTH_OF_BYTE = [None] + [byte_to_length(b) for b in range(1, 256)]


class _SegmentLengths:
    """A segment's per-document reader, with each field's lengths decoded once into a list."""

    def __init__(self, perdoc):
        self._perdoc = perdoc
        self._lengths: dict[str, list | None] = {}

    def doc_field_length(self, docnum: int, fieldname: str, default=0):
        try:
            lengths = self._lengths[fieldname]
        except KeyError:
            lengths = self._lengths[fieldname] = self._read(fieldname)
        return default if lengths is None else lengths[docnum]

    def _read(self, fieldname: str) -> list | None:
        raw = length_bytes(self._perdoc, fieldname)
        return None if raw is None else [_LENGTH_OF_BYTE[b] for b in raw]

    def close(self) -> None:
        self._perdoc.close()

    def __getattr__(self, name):
        return getattr(self._perdoc, name)


def _postings(reader: SegmentReader):
    """What reader.iter_postings() yields: (fieldname, term bytes, docnum, weight, value) in term and document
    order, without deleted documents."""
    for fieldname, btext, ids, weights, values in term_postings(reader):
        for posting in zip(ids, weights, values, strict=True):
            yield fieldname, btext, *posting


class SegmentWriter(writing.SegmentWriter):
    """Whoosh's writer of one new segment (and the merges its policy picks), reading lengths as above, in the
    engine's codec (whoosh_codec)."""

    def __init__(self, ix, **kwargs):
        kwargs.setdefault("codec", Codec())
        super().__init__(ix, **kwargs)
        self._merged: list = []  # (a reader of our own, its postings as numbered here), closed after the flush

    def add_reader(self, reader):
        """Merge a segment's reader into this one: its documents' lengths are read once per field (a reader of
        another kind, without Whoosh's per-document reader, is merged as it is)."""
        perdoc = getattr(reader, "_perdoc", None)
        if perdoc is not None and hasattr(perdoc, "_cached_reader"):
            reader._perdoc = _SegmentLengths(perdoc)
        super().add_reader(reader)

    def add_postings_to_pool(self, reader, startdoc, docmap):
        if not isinstance(reader, SegmentReader):
            return super().add_postings_to_pool(reader, startdoc, docmap)
        own = SegmentReader(self.storage, self.schema, reader.segment())  # the merge policy closes its reader
        self._merged.append((own, self._process_posts(_postings(own), startdoc, docmap)))
        return None

    def per_document_reader(self):
        return _SegmentLengths(super().per_document_reader())

    def _flush_segment(self):
        try:
            self.perdocwriter.close()
            lengths = self.per_document_reader() if self.codec.length_stats else None
            # heapq.merge keeps the order of its inputs among equal terms: the pool's documents come first, then
            # each merged segment's in the order they were added, as they are numbered
            postings = heapq.merge(self.pool.iter_postings(), *(stream for _, stream in self._merged),
                                   key=itemgetter(0, 1))
            self.fieldwriter.add_postings(self.schema, lengths, postings)
            self.fieldwriter.close()
            if lengths is not None:
                lengths.close()
        finally:
            self._close_merged()

    def cancel(self):
        try:
            super().cancel()
        finally:
            self._close_merged()

    def _close_merged(self) -> None:
        for reader, _ in self._merged:
            reader.close()
        self._merged = []
