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

Postings go to the field writer a term at a time, in blocks, instead of one call per posting through four
generators and the postings writer's checks: the same blocks with the same statistics. Merging 4,000 synthetic
articles: 20.8 s of CPU before the two changes of this release (this one and the codec's inlined postings),
18.4-19.8 s with this one alone, 13.6 s with both.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Iterator
from itertools import chain, groupby
from operator import itemgetter
from pickle import dumps

from whoosh import fields, writing
from whoosh.codec.whoosh3 import W3TermInfo
from whoosh.filedb.filetables import _lengths as _ENTRY_LENGTHS
from whoosh.reading import SegmentReader
from whoosh.system import pack_ushort
from whoosh.util.numeric import byte_to_length, length_to_byte

from indexer.index.analysis import TextField
from indexer.index.whoosh_codec import Codec
from indexer.index.whoosh_postings import length_bytes, term_postings

_TERM_INFO = W3TermInfo._struct

# What Whoosh's doc_field_length gives for each stored byte: None for 0 (the document has no such field).
_LENGTH_OF_BYTE = [None] + [byte_to_length(b) for b in range(1, 256)]


class _SegmentLengths:
    """A segment's per-document reader, with each field's lengths decoded once into a list."""

    def __init__(self, perdoc):
        self._perdoc = perdoc
        self._lengths: dict[str, list | None] = {}

    def doc_field_length(self, docnum: int, fieldname: str, default=0):
        lengths = self.of_field(fieldname)
        return default if lengths is None else lengths[docnum]

    def of_field(self, fieldname: str) -> list | None:
        """Each document's length of the field (None: the document has no such field), None if it keeps none."""
        try:
            return self._lengths[fieldname]
        except KeyError:
            lengths = self._lengths[fieldname] = self._read(fieldname)
            return lengths

    def _read(self, fieldname: str) -> list | None:
        raw = length_bytes(self._perdoc, fieldname)
        return None if raw is None else [_LENGTH_OF_BYTE[b] for b in raw]

    def close(self) -> None:
        self._perdoc.close()

    def __getattr__(self, name):
        return getattr(self._perdoc, name)


def _pool_terms(postings) -> Iterator[tuple[str, bytes, list, list, list]]:
    """The pool's (fieldname, term bytes, docnum, weight, value) postings, in term and document order, as one
    (fieldname, term bytes, docnums, weights, values) per term."""
    for (fieldname, btext), group in groupby(postings, key=itemgetter(0, 1)):
        ids, weights, values = [], [], []
        for _, _, docnum, weight, value in group:
            ids.append(docnum)
            weights.append(weight)
            values.append(value)
        yield fieldname, btext, ids, weights, values


def _renumbered(reader: SegmentReader, schema, startdoc: int, docmap) -> Iterator[tuple[str, bytes, list, list, list]]:
    """A merged segment's terms with their documents numbered as in the new segment (Whoosh's _process_posts)."""
    for fieldname, btext, ids, weights, values in term_postings(reader):
        if fieldname in schema:
            yield fieldname, btext, [docmap[d] for d in ids] if docmap is not None else [startdoc + d for d in ids], \
                weights, values


def _add_term(postwriter, ids: list, weights: list, values: list, lengths: list | None) -> None:
    """One term's postings into Whoosh's postings writer a block at a time: the blocks and statistics that its
    add_posting builds one posting at a time (weights kept as 32-bit floats, the block's greatest weight and its
    shortest and longest document from the postings as given, empty values left out)."""
    limit = postwriter._blocklimit
    for start in range(0, len(ids), limit):
        if start:
            postwriter._write_block()  # add_posting writes a full block when the next posting comes
        chunk = slice(start, start + limit)
        block_ids, block_weights = ids[chunk], weights[chunk]
        postwriter._ids = array("I", block_ids)
        postwriter._weights = array("f", block_weights)
        postwriter._maxweight = max(0, max(block_weights))
        postwriter._values = [v for v in values[chunk] if v]
        known = [n for n in map(lengths.__getitem__, block_ids) if n] if lengths is not None else []
        postwriter._minlength = min(known) if known else None
        postwriter._maxlength = max(0, *known) if known else 0


def _write_terms(fieldwriter, schema, lengths: _SegmentLengths | None, terms) -> None:
    """Whoosh's FieldWriter.add_postings for postings grouped by term: the same calls in the same order, a term's
    postings added in blocks (_add_term) instead of one call each, and a term whose postings go into its entry of
    the terms file (most terms of a segment) written as one entry (_inline_entry)."""
    field = None
    tindex = fieldwriter._tindex
    for (fieldname, btext), parts in groupby(terms, key=itemgetter(0, 1)):
        if fieldname != field:
            if field is not None:
                fieldwriter.finish_field()
            fieldwriter.start_field(fieldname, schema[fieldname])
            field = fieldname
            field_key = pack_ushort(fieldwriter._fieldid)
            postwriter = fieldwriter._postwriter
            field_lengths = lengths.of_field(fieldname) if lengths is not None else None
        parts = list(parts)
        if len(parts) == 1:
            ids, weights, values = parts[0][2:]
        else:
            ids, weights, values = (list(chain.from_iterable(p[i] for p in parts)) for i in (2, 3, 4))
        if len(ids) < postwriter._inlinelimit:
            _add_entry(tindex, field_key + btext, _inline_entry(ids, weights, values, field_lengths))
            continue
        fieldwriter.start_term(btext)
        _add_term(postwriter, ids, weights, [b"" if v is None else v for v in values], field_lengths)
        fieldwriter.finish_term()
    if field is not None:
        fieldwriter.finish_field()


def _inline_entry(ids: list, weights: list, values: list, lengths: list | None) -> bytes:
    """The terms-file entry of a term with its postings inlined, as W3TermInfo.to_bytes writes it after
    start_term, _add_term and finish_postings (weights as 32-bit floats, empty values left out)."""
    weights32 = array("f", weights)
    known = [n for n in map(lengths.__getitem__, ids) if n] if lengths is not None else []
    inlined = (tuple(ids), tuple(weights32), tuple(v for v in values if v))
    return _TERM_INFO.pack(1, sum(weights32), len(ids), length_to_byte(min(known)) if known else 0,
                           length_to_byte(max(0, *known) if known else 0), max(0, max(weights)), ids[0],
                           ids[-1]) + dumps(inlined, 2)


def _add_entry(tindex, key: bytes, value: bytes) -> None:
    """OrderedHashWriter.add (the terms file): the entry, its position in the ordered index and in its hash
    bucket."""
    if key <= tindex.lastkey:
        raise ValueError(f"Keys must increase: {tindex.lastkey!r}..{key!r}")
    dbfile = tindex.dbfile
    pos = dbfile.tell()
    tindex.index.append(pos)
    dbfile.write(_ENTRY_LENGTHS.pack(len(key), len(value)) + key + value)
    h = tindex.hashfn(key)
    tindex.buckets[h & 255].append((h, pos))
    tindex.lastkey = key


class SegmentWriter(writing.SegmentWriter):
    """Whoosh's writer of one new segment (and the merges its policy picks), reading lengths as above, in the
    engine's codec (whoosh_codec)."""

    def __init__(self, ix, **kwargs):
        kwargs.setdefault("codec", Codec())
        super().__init__(ix, **kwargs)
        for name in self.schema.names():  # an index made before TextField: its text fields analysed in one pass too
            if type(self.schema[name]) is fields.TEXT:
                self.schema[name].__class__ = TextField
        self._merged: list = []  # (a reader of our own, its postings as numbered here), closed after the flush
        self.numbering: dict[str, tuple[int, dict | None]] = {}  # merged segment -> (first docnum, docnum map)

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
        # a reader of our own (the merge policy closes its reader), from where the segment is (a background merge
        # writes elsewhere)
        own = SegmentReader(getattr(reader, "_storage", self.storage), self.schema, reader.segment())
        self._merged.append((own, _renumbered(own, self.schema, startdoc, docmap)))
        self.numbering[reader.segment().segment_id()] = (startdoc, docmap)
        return None

    def per_document_reader(self):
        return _SegmentLengths(super().per_document_reader())

    def _flush_segment(self):
        try:
            self.perdocwriter.close()
            lengths = self.per_document_reader() if self.codec.length_stats else None
            # heapq.merge keeps the order of its inputs among equal terms: the pool's documents come first, then
            # each merged segment's in the order they were added, as they are numbered
            terms = heapq.merge(_pool_terms(self.pool.iter_postings()), *(stream for _, stream in self._merged),
                                key=itemgetter(0, 1))
            _write_terms(self.fieldwriter, self.schema, lengths, terms)
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
