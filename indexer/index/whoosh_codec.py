"""Whoosh's codec (whoosh3), with each block of postings keeping its documents and weights apart from its
positions, so that finding the documents of a word does not decode where in them the word stands.

Whoosh writes a block of up to 128 postings as one compressed pickle of (document numbers, weights, values), and a
value of a field with positions is a small pickle of its own, one per posting. To read the documents of a block a
search decompresses and unpickles all of it: for a word of the body text about 85% of that time was the values
(one bytes object per posting), which only a phrase, a proximity query or a block of highlights ever reads. At
100,000 articles `council vote` spent 120 of its 210 ms reading blocks so.

Here a block is two pickles, the documents with their weights first and the values after, and the values are
decompressed and unpickled only when asked for. A part shorter than 128 bytes is not compressed: starting zlib's
compressor costs about 50 µs, which Whoosh paid for every word of every segment, most of them in one document.

A word found in one document of a segment (most words of a segment: names, numbers, rare words) has its posting
kept in its entry of the terms file, which whoosh3 reads but never wrote (its writer calls a method that does not
exist, so it was switched off by default): no block, no second file to seek into. With both, merging 4,000
synthetic articles took 13.6 s of CPU instead of 20.8, and writing them 7.0 ms an article instead of 7.5.

Everything else is Whoosh's: the terms file, the block headers (skipping by document number and by quality works
as before), the values' encoding, the per-document files and the term vectors. Segments written before this codec
keep Whoosh's own (a segment names its codec) and are read as before; a merge writes them anew in this one.
"""

from __future__ import annotations

import zlib
from itertools import accumulate
from pickle import dumps, loads

from whoosh.codec.whoosh3 import WHOOSH3_HEADER_MAGIC, W3Codec, W3LeafMatcher, W3PostingsWriter
from whoosh.matching.mcore import ListMatcher
from whoosh.util.numeric import length_to_byte

_HEAD = 4  # bytes of the length of the documents' part, at the start of a block's data
_COMPRESS_FROM = 128  # bytes of a pickled part
_PICKLE = b"\x80"  # what a pickle starts with (the protocol); zlib's stream starts with 0x78


class Codec(W3Codec):
    """whoosh3 with split posting blocks, and the postings of a word in one document of the segment kept in its
    entry of the terms file (see the module's description)."""

    def __init__(self, blocklimit=128, compression=3, inlinelimit=2):
        super().__init__(blocklimit=blocklimit, compression=compression, inlinelimit=inlinelimit)

    def postings_writer(self, dbfile, byteids=False):
        return _PostingsWriter(dbfile, blocklimit=self._blocklimit, byteids=byteids,
                               compression=self._compression, inlinelimit=self._inlinelimit)

    def postings_reader(self, dbfile, terminfo, format_, term=None, scorer=None):
        if terminfo.is_inlined():
            ids, weights, values = terminfo.inlined_postings()
            return _InlineMatcher(ids, weights, values, format_, scorer=scorer, term=term, terminfo=terminfo)
        offset, length = terminfo.extent()
        return LeafMatcher(dbfile, offset, length, format_, term=term, scorer=scorer)


class _PostingsWriter(W3PostingsWriter):
    def _write_block(self, last=False):
        if not self._blockcount:
            self._postfile.write(WHOOSH3_HEADER_MAGIC)
        self._terminfo.add_block(self)
        level = self._compression or 0
        head = _packed(dumps((self._mini_ids(), self._mini_weights()), 2), level)
        tail = _packed(dumps(self._mini_values(), 2), level)
        databytes = len(head).to_bytes(_HEAD, "big") + head + tail
        ids = self._ids
        infobytes = dumps((len(ids), ids[-1], self._maxweight, level, length_to_byte(self._minlength),
                           length_to_byte(self._maxlength)), 2)
        blocklength = len(infobytes) + len(databytes)
        self._postfile.write_int(-blocklength if last else blocklength)
        self._postfile.write(infobytes)
        self._postfile.write(databytes)
        self._blockcount += 1
        self._new_block()

    def finish_postings(self):
        """Whoosh's, with a term of fewer than `inlinelimit` postings kept in its entry of the terms file (whoosh3
        has the reading side, but its writer calls a method its term info does not have)."""
        if not self.written() and len(self) < self._inlinelimit:
            terminfo = self._terminfo
            terminfo.add_block(self)
            terminfo.set_inlined(self._ids, self._weights, self._values)
            self._terminfo = None
            return terminfo
        return super().finish_postings()


def _packed(pickled: bytes, level: int) -> bytes:
    """A part of a block as written: compressed, unless it is too short to gain from it (most words are in one or
    two documents, and starting a compressor costs more than writing their postings)."""
    if level and len(pickled) >= _COMPRESS_FROM:
        return zlib.compress(pickled, level)
    return pickled


def _unpacked(part: bytes) -> bytes:
    return part if part[:1] == _PICKLE else zlib.decompress(part)


class _InlineMatcher(ListMatcher):
    """Whoosh's matcher of postings kept in the terms file; a posting without a value (a field that keeps none)
    has the empty bytes as its value, as in a block, where Whoosh's gives the empty string."""

    def value(self):
        return super().value() if self._values else b""

    def copy(self):
        return self.__class__(self._ids, self._weights, self._values, self._format, self._scorer, self._i,
                              self._all_weights, self._term, self._terminfo)


class LeafMatcher(W3LeafMatcher):
    """Whoosh's reader of a posting list on disk, reading a block's values only when they are asked for."""

    def _read_data(self):
        raw = self._postfile.get(self._dataoffset, self._nextoffset - self._dataoffset)
        split = _HEAD + int.from_bytes(raw[:_HEAD], "big")
        ids, weights = loads(_unpacked(raw[_HEAD:split]))
        self._data = (ids, weights, None)
        self._tail = raw[split:]  # the values, still compressed

    def _read_ids(self):
        if self._data is None:
            self._read_data()
        ids = self._data[0]
        self._ids = ids if self._byteids else tuple(accumulate(ids))  # whoosh delta_decode, in C

    def _read_values(self):
        if self._data is None:
            self._read_data()
        if self._tail is not None:
            self._data = (self._data[0], self._data[1], loads(_unpacked(self._tail)))
            self._tail = None
        super()._read_values()
