"""The documents a Whoosh query matches, counted apart from ranking, and the top of them by score or by a sort key,
without scoring every match.

Whoosh's collectors score each match in Python (about 10 µs each): a word in half of a 100,000-article archive cost
half a second before any page was shown. Here the total, the facets and the snippets' matched terms come from the
posting lists read block by block into arrays (a flag per document and segment), and only the documents that can
reach the page are scored by Whoosh. Each term's BM25F score is computed for all its documents at once with numpy
(the same float operations as Whoosh's scorer, from the posting weights and the byte-coded field lengths), a
document's bound is the sum over the terms it contains, and only the documents whose bound reaches the page's
lowest score are then scored by Whoosh's own matcher (skipping to each), so the page, its order and its scores
are Whoosh's, reached with a few dozen scores instead of every match. Queries whose scores cannot be bounded so
(NOT, date ranges, proximity operators) are left to the one pass that scores every match. Whoosh's own
block-quality skipping is not exact (a union skips a block of one term by the other term's current block only)
and can loop forever on rounding.
"""

from __future__ import annotations

import heapq
import math
from bisect import bisect_left
from collections.abc import Iterator
from itertools import accumulate
from pickle import loads

import numpy as np
from whoosh import formats, query
from whoosh.matching import wrappers
from whoosh.scoring import BM25FScorer, WeightScorer
from whoosh.util.numeric import byte_to_length

from indexer.index.engine import too_broad
from indexer.index.priority import past
from indexer.index.whoosh_deadline import with_deadline
from indexer.index.whoosh_postings import length_bytes

# A bound is only trusted within this relative margin (sums of floats in another order).
_MARGIN = 1e-9
# Query types whose matcher scores a document whatever the other documents are: a page may be scored by skipping
# from candidate to candidate. Anything else (Not, minimum-match or coordinated Or, proximity operators) is scored
# in one pass over its matches, as Whoosh's collector would.
_SKIPPABLE = (query.Term, query.And, query.Or, query.AndNot, query.Phrase, query.MultiTerm)


class _Segment:
    """One segment's searcher and what was worked out about each query node in it."""

    def __init__(self, subsearcher, context, deadline: float):
        self.searcher = subsearcher
        self.reader = subsearcher.reader()
        self.size = self.reader.doc_count_all()
        self.context = context
        self.deadline = deadline
        self.nodes: dict[object, tuple] = {}
        live = np.ones(self.size, dtype=bool)
        if self.reader.has_deletions():
            perdoc = getattr(self.reader, "_perdoc", None)
            deleted = perdoc.deleted_docs() if perdoc is not None else (
                d for d in range(self.size) if self.reader.is_deleted(d))
            live[np.fromiter(deleted, dtype=np.int64)] = False
        self.live = live

    def check(self) -> None:
        if past(self.deadline):
            raise too_broad()


def _ids_array(ids) -> np.ndarray:
    return np.fromiter(ids, dtype=np.int64)


_LENGTH_OF_BYTE = np.array([1.0] + [float(byte_to_length(b)) for b in range(1, 256)])  # 0: Whoosh's default 1


def _field_lengths(seg: _Segment, fieldname: str) -> np.ndarray | None:
    """Each document's length of a field as BM25F reads it (byte-coded lengths), or None if not readable."""
    key = ("lengths", fieldname)
    if key not in seg.nodes:
        lengths = None
        perdoc = getattr(seg.reader, "_perdoc", None)
        raw = length_bytes(perdoc, fieldname) if perdoc is not None else None
        if raw is not None:
            lengths = _LENGTH_OF_BYTE[np.frombuffer(raw, dtype=np.uint8)]
        seg.nodes[key] = (None, lengths)
    return seg.nodes[key][1]


def _leaf_scores(m, seg: _Segment, ids: np.ndarray, fieldname: str) -> np.ndarray | float:
    """The scores of the current block's documents as Whoosh's scorer computes them (the same float operations),
    or, for another scorer, the block's bound."""
    scorer = m.scorer
    if isinstance(scorer, BM25FScorer):  # (and its subclass in whoosh_engine: the same formula)
        lengths = _field_lengths(seg, fieldname)
        if lengths is not None:
            if m._weights is None:
                m._read_weights()
            tf = np.asarray(m._weights, dtype=np.float64)[m._i:]
            fl = lengths[ids]
            k1, b = scorer.K1, scorer.B
            return scorer.idf * ((tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * fl / scorer.avgfl)))
    if type(scorer) is WeightScorer:
        if m._weights is None:
            m._read_weights()
        return np.asarray(m._weights, dtype=np.float64)[m._i:]
    return m.block_quality()


def _leaf(node: query.Query, seg: _Segment) -> tuple[np.ndarray, np.ndarray]:
    """A term's documents and, per document, a bound of its score: the score itself as Whoosh's scorer computes it
    (BM25F), else the best score of its posting block, infinite if unscored."""
    match, bound = np.zeros(seg.size, dtype=bool), np.zeros(seg.size)
    m = node.matcher(seg.searcher, seg.context)
    if isinstance(m, wrappers.FilterMatcher) and m._exclude:  # deleted documents: the live mask takes them out
        m = m.child
    if not hasattr(m, "_read_ids"):  # not an on-disk posting list
        ids = _ids_array(m.all_ids()) if m.is_active() else _ids_array(())
        match[ids], bound[ids] = True, math.inf
        return match, bound
    scored = getattr(m, "scorer", None) is not None and m.supports_block_quality()
    while m.is_active():
        if m._ids is None:
            m._read_ids()
        ids = _ids_array(m._ids[m._i:])
        match[ids] = True
        bound[ids] = _leaf_scores(m, seg, ids, node.fieldname) if scored else math.inf
        m._next_block()
    return match, bound


def _standing_on(m, docs: list[int], seg: _Segment) -> Iterator[int]:
    """Each of `docs` (ascending) that the matcher matches, skipping to each; the matcher stands on it."""
    for i, d in enumerate(docs):
        if not m.is_active():
            return
        if m.id() < d:
            m.skip_to(d)
            if not m.is_active():
                return
        if m.id() == d:
            yield d
        if not i & 255:
            seg.check()


def _fallback(node: query.Query, seg: _Segment, within: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Any other query: its matcher's documents (only those `within`, if given), each with an unknown bound."""
    match, bound = np.zeros(seg.size, dtype=bool), np.zeros(seg.size)
    m = node.matcher(seg.searcher, seg.context)
    allowed = within
    found = []
    count = 0
    if allowed is not None and not allowed.any():
        return match, bound
    targets = np.flatnonzero(allowed) if allowed is not None else None
    if targets is not None and len(targets) * 8 < seg.size and hasattr(m, "skip_to"):
        found = list(_standing_on(m, targets.tolist(), seg))  # a phrase checks the positions of these alone
    else:  # most documents are candidates: walking the matcher costs less than skipping to each
        for d in m.all_ids():
            if allowed is not None and not allowed[d]:
                continue
            found.append(d)
            count += 1
            if not count & 1023:
                seg.check()
    ids = _ids_array(found)
    match[ids], bound[ids] = True, math.inf
    return match, bound


def _phrase(node: query.Phrase, seg: _Segment, candidates: np.ndarray, fmt) -> np.ndarray:
    """The candidates (documents with every word of the phrase) in which the words stand in order, each at most
    `slop` positions after the one before: Whoosh's phrase matcher (SpanNear2, ordered, mindist 1), which builds and
    compares span objects document by document, in a fraction of its time. Each word's positions are read for the
    candidates alone, a block at a time, and decoded only as far as a document stays a match."""
    match = np.zeros(seg.size, dtype=bool)
    docs = np.flatnonzero(candidates)
    if not len(docs):
        return match
    values = [_values_of(query.Term(node.fieldname, w), seg, docs) for w in node.words]
    decode = _decode_positions if type(fmt) is formats.Positions else fmt.decode_positions
    slop = node.slop
    for n, d in enumerate(docs.tolist()):
        ends = decode(values[0][d])
        for word in values[1:]:
            # a position continues the phrase if some end of it so far stands 1 to `slop` positions before it
            ends = [p for p in decode(word[d]) if (j := bisect_left(ends, p - slop)) < len(ends) and ends[j] < p]
            if not ends:
                break
        match[d] = bool(ends)
        if not n & 1023:
            seg.check()
    return match


def _decode_positions(value: bytes) -> list[int]:
    """formats.Positions.decode_positions: a count, then the pickled gaps between positions."""
    return list(accumulate(loads(value[4:] if value.endswith(b".") else value[4:] + b".")))


def _values_of(term: query.Term, seg: _Segment, docs: np.ndarray) -> dict[int, bytes]:
    """The term's posting value (its encoded positions) in each of `docs` (ascending, all of them postings of the
    term), reading only the blocks that hold one of them."""
    m = term.matcher(seg.searcher)
    if isinstance(m, wrappers.FilterMatcher) and m._exclude:  # deleted documents are not among `docs`
        m = m.child
    out: dict[int, bytes] = {}
    if not hasattr(m, "_read_ids"):  # postings kept inline in the term's entry
        wanted = set(docs.tolist())
        while m.is_active():
            if m.id() in wanted:
                out[m.id()] = m.value()
            m.next()
        return out
    k = 0
    while m.is_active() and k < len(docs):
        if m.block_max_id() >= docs[k]:
            if m._ids is None:
                m._read_ids()
            ids = np.asarray(m._ids[m._i:], dtype=np.int64)
            hit = np.flatnonzero(np.isin(ids, docs[k:np.searchsorted(docs, ids[-1], side="right")]))
            if len(hit):
                m._read_values()
                block = m._values[m._i:]
                for i in hit.tolist():
                    out[int(ids[i])] = block[i]
            k = int(np.searchsorted(docs, m.block_max_id(), side="right"))
            seg.check()
        m._next_block()
    return out


def _evaluate(node: query.Query, seg: _Segment, within: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(documents matching `node`, an upper bound of each one's score) in one segment; `within`, if given, is a
    superset of the documents of interest, used only to check fewer phrase candidates."""
    key = _key(node)
    done = seg.nodes.get(key)
    if done is not None:
        return done[1], done[2]
    seg.check()  # a query of many words reads many posting lists
    match, bound = _evaluate_new(node, seg, within)
    seg.nodes[key] = (node, match, bound)
    return match, bound


def _key(node: query.Query):
    # terms by their text (phrases and patterns make their own Term objects); other nodes by identity, the node
    # kept beside its result so that its id is not reused by another
    return ("term", node.fieldname, node.text) if isinstance(node, query.Term) else id(node)


def _release_bound(node: query.Query, seg: _Segment) -> None:
    entry = seg.nodes.get(_key(node))
    if entry is not None:
        seg.nodes[_key(node)] = (entry[0], entry[1], None)


def _full(node: query.Query, seg: _Segment, within: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """_evaluate, with the bounds evaluated again if they were released (a term that is in the query twice)."""
    match, bound = _evaluate(node, seg, within)
    if bound is None:
        seg.nodes.pop(_key(node))
        match, bound = _evaluate(node, seg, within)
    return match, bound


def _bound(node: query.Query, seg: _Segment) -> np.ndarray:
    return _full(node, seg)[1]


def _combined(ufunc, arrays: list[np.ndarray]) -> np.ndarray:
    """ufunc over the arrays one after another into a new array (reducing a list would stack them first: a
    query of 70 terms would hold 70 more copies of a segment's arrays)."""
    out = arrays[0].copy()
    for other in arrays[1:]:
        ufunc(out, other, out=out)
    return out


def _evaluate_new(node, seg, within):
    if isinstance(node, query.Term):
        return _leaf(node, seg)
    if isinstance(node, query.Every) and not node.fieldname:
        return np.ones(seg.size, dtype=bool), np.full(seg.size, math.inf)
    if node is query.NullQuery or isinstance(node, type(query.NullQuery)):
        return np.zeros(seg.size, dtype=bool), np.zeros(seg.size)
    if type(node) in (query.Or, query.And) and not getattr(node, "minmatch", 0) and not getattr(node, "scale", None):
        subs = node.subqueries
        if not subs:
            return np.zeros(seg.size, dtype=bool), np.zeros(seg.size)
        parts = []
        if isinstance(node, query.And):
            for sub in subs:  # each part narrows the candidates of the next one's phrases
                parts.append(_full(sub, seg, within))
                within = parts[-1][0] if within is None else within & parts[-1][0]
            match = _combined(np.logical_and, [p[0] for p in parts])
        else:
            parts = [_full(sub, seg, within) for sub in subs]
            match = _combined(np.logical_or, [p[0] for p in parts])
        bound = _combined(np.add, [p[1] for p in parts])
        for sub in subs:  # the parts' bounds are in this one now: let them go (a segment's array per term)
            _release_bound(sub, seg)
        if len(subs) > 1 and node.boost != 1.0:  # Whoosh ignores the boost of a compound of one query
            bound *= node.boost
        bound[~match] = 0.0
        return match, bound
    if type(node) is query.AndNot:
        a_match, a_bound = _full(node.a, seg, within)
        b_match, _ = _evaluate(node.b, seg, a_match if within is None else a_match & within)
        match = a_match & ~b_match
        return match, np.where(match, a_bound * (node.boost if node.boost != 1.0 else 1.0), 0.0)
    if type(node) is query.Not:
        inner, _ = _evaluate(node.query, seg, within)
        match = ~inner
        return match, np.where(match, math.inf, 0.0)
    if isinstance(node, query.Phrase):
        terms = [query.Term(node.fieldname, w) for w in node.words]
        candidates = _combined(np.logical_and, [_evaluate(t, seg)[0] for t in terms]) if terms else None
        if candidates is not None and within is not None:
            candidates &= within
        field = seg.searcher.schema[node.fieldname] if node.fieldname in seg.searcher.schema else None
        if terms and field is not None and field.format and field.format.supports("positions"):
            match = _phrase(node, seg, candidates, field.format)
            bound = np.where(match, math.inf, 0.0)
        else:
            match, bound = _fallback(node, seg, candidates)
        if terms and node.boost == 1.0:  # a phrase scores the sum of its words' scores (at most)
            bound = np.where(match, _combined(np.add, [_bound(t, seg) for t in terms]), 0.0)
        return match, bound
    if isinstance(node, query.MultiTerm):
        words = [w for w in node._btexts(seg.reader) if w]
        parts = [_full(query.Term(node.fieldname, w), seg) for w in words]  # cached per word, for the terms
        match = _combined(np.logical_or, [p[0] for p in parts]) if parts else np.zeros(seg.size, dtype=bool)
        node._words_seen = words
        if len(words) == 1:  # Whoosh searches a pattern of one word as that word's term (scored as such)
            return match, parts[0][1]
        return match, np.where(match, math.inf, 0.0)
    # anything else, date ranges among them (an Or of thousands of terms, which their matcher walks faster)
    return _fallback(node, seg, within)


def skippable(q: query.Query) -> bool:
    """Whether every node of the query scores a document alone (see _SKIPPABLE)."""
    if not isinstance(q, _SKIPPABLE) or getattr(q, "minmatch", 0) or getattr(q, "scale", None):
        return False
    return all(skippable(sub) for sub in q.children())


def _term_bytes(seg: _Segment, fieldname: str, text) -> tuple[str, bytes]:
    field = seg.searcher.schema[fieldname] if fieldname in seg.searcher.schema else None
    return fieldname, field.to_bytes(text) if field is not None and isinstance(text, str) else text


def _terms_over(node: query.Query, seg: _Segment, docs: np.ndarray, out: list) -> None:
    """The (field, term bytes) that Whoosh's TermsCollector would record over `docs` (local docnums, matches of
    `node`): a term counts where its matcher stands on one of them (not under a NOT; a date range's terms are
    never marked in a snippet and are left out)."""
    if not len(docs):
        return
    if isinstance(node, query.Term):
        if _evaluate(node, seg)[0][docs].any():
            out.append(_term_bytes(seg, node.fieldname, node.text))
    elif isinstance(node, query.MultiTerm) and hasattr(node, "_words_seen"):
        out.extend((node.fieldname, w) for w in node._words_seen
                   if _evaluate(query.Term(node.fieldname, w), seg)[0][docs].any())
    elif isinstance(node, query.Phrase):
        for w in node.words:
            _terms_over(query.Term(node.fieldname, w), seg, docs, out)
    elif type(node) is query.And:
        for sub in node.subqueries:
            _terms_over(sub, seg, docs, out)
    elif type(node) is query.AndNot:
        _terms_over(node.a, seg, docs, out)
    elif not isinstance(node, query.Not) and not hasattr(node, "_compile_query"):
        parts = node.subqueries if type(node) is query.Or else [leaf for leaf in node.leaves() if leaf is not node]
        for sub in parts:
            _terms_over(sub, seg, docs[_evaluate(sub, seg)[0][docs]], out)


def _matcher(q: query.Query, seg: _Segment):
    """The query's matcher in a segment without the parts that match nothing there, as the collector had it
    (replaced once with a minimum score of 0: the same tree, so the same sums)."""
    return q.matcher(seg.searcher, seg.context).replace(0)


# struct type codes of Whoosh's numeric columns whose size numpy reads the same (not "l", "L": C longs)
_NUMPY_CODES = set("bBhHiIqQfd")


def _sort_keys(categorizer, size: int) -> list:
    """Each document's sort key in one segment (the categorizer set on it), as categorizer.key_for gives them. A
    numeric column (dates) is read in one piece instead of a file read per document (0.5 s for 100,000 quotes)."""
    from whoosh import columns, sorting

    reader = getattr(categorizer, "_creader", None)
    if type(categorizer) is sorting.ColumnCategorizer and type(reader) is columns.NumericColumn.Reader \
            and reader._typecode in _NUMPY_CODES:
        count = min(reader._count, size)
        raw = reader._dbfile.get(reader._basepos, count * reader._fixedlen) if count else b""
        keys = np.frombuffer(raw, dtype=np.dtype(">" + reader._typecode)).tolist()
        keys += [reader._unpack(reader._defaultbytes)[0]] * (size - count)
        return [0 - k for k in keys] if reader._reverse else keys
    return [categorizer.key_for(None, d) for d in range(size)]


class Matches:
    """Every document a query (with a filter) matches, per segment, and the top of them."""

    def __init__(self, searcher, q: query.Query, filter: query.Query | None, deadline: float,  # noqa: A002
                 needs_current: bool = False):
        self.searcher = searcher
        self.q = q
        self.deadline = deadline
        # the context Whoosh's collector would give the matchers (with TermsCollector: needs_current), for the
        # same matcher trees and so the same sums
        context = with_deadline(searcher.context(needs_current=needs_current), deadline)
        self.segments: list[tuple[_Segment, int, np.ndarray]] = []
        for sub, offset in searcher.leaf_searchers():
            seg = _Segment(sub, context, deadline)
            within = seg.live
            if filter is not None:
                within = within & _evaluate(filter, seg)[0]  # (its date ranges walk their matcher)
                seg.nodes.clear()  # the filter's nodes are not the query's (and are not scored)
            match = _evaluate(q, seg, within)[0] & within
            self.segments.append((seg, offset, match))
            seg.check()

    def docnums(self) -> list[int]:
        """The global document numbers of every match, in order."""
        return np.concatenate([np.flatnonzero(m) + off for _, off, m in self.segments]
                              or [np.zeros(0, dtype=np.int64)]).tolist()

    def matched_terms(self) -> set:
        out: list = []
        for seg, _, match in self.segments:
            _terms_over(self.q, seg, np.flatnonzero(match), out)
        return set(out)

    def page_terms(self, docnums: list[int]) -> tuple[dict, dict]:
        """Whoosh's TermsCollector record for these matches (the page): (term -> the ones it matched, and every
        term that matched any match; docnum -> its terms), which the highlighter reads."""
        termdocs: dict = {term: [] for term in self.matched_terms()}
        docterms: dict = {}
        for docnum in docnums:
            seg, off, _ = next(item for item in reversed(self.segments) if item[1] <= docnum)
            terms: list = []
            _terms_over(self.q, seg, np.array([docnum - off]), terms)
            docterms[docnum] = terms
            for term in terms:
                termdocs.setdefault(term, []).append(docnum)
        return termdocs, docterms

    def top_scored(self, limit: int) -> list[tuple[float, int]]:
        """The `limit` best (score, global docnum), as Whoosh's TopCollector orders them (higher score first, lower
        docnum first among equal scores)."""
        scored: dict[int, float] = {}
        bounds = [(seg, off, match, _bound(self.q, seg)) for seg, off, match in self.segments]
        total = sum(int(m.sum()) for _, _, m, _ in bounds)
        if total <= limit and total * 8 > sum(seg.size for seg, _, _ in self.segments):
            return self._score_all(limit)  # every match wanted (an export): one walk of the matcher
        if total <= limit:
            theta = 0.0  # few enough to score them all (skipping to each)
        else:
            finite = np.concatenate([b[m & np.isfinite(b)] for _, _, m, b in bounds])
            # start from the limit-th best bound: at least `limit` documents reach it, and with BM25F the bounds are
            # the scores up to the order of their sums; documents of unknown bound (inf) are always scored
            theta = float(np.partition(finite, -limit)[-limit]) if len(finite) >= limit else 0.0
        while True:
            for seg, off, match, bound in bounds:
                keep = match if theta <= 0 else match & (bound >= theta * (1 - _MARGIN))
                todo = [d for d in np.flatnonzero(keep).tolist() if d + off not in scored]
                if todo:
                    self._score(seg, off, todo, scored)
            best = sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:limit]
            if theta <= 0 or len(best) == limit and best[-1][1] >= theta:
                return [(score, docnum) for docnum, score in best]
            # every document that could score above the limit-th score found so far must be scored too
            theta = best[-1][1] if len(best) == limit and best[-1][1] > 0 else (theta / 4 if theta > 1e-6 else 0)

    def scores_of(self, docnums: list[int]) -> dict[int, float]:
        """Each matching document's score as Whoosh's matcher gives it (for a page sorted by date, whose hits are
        still shown with their relevance)."""
        out: dict[int, float] = {}
        for seg, off, _ in self.segments:
            mine = sorted(d - off for d in docnums if off <= d < off + seg.size)
            if mine:
                self._score(seg, off, mine, out)
        return out

    def _score(self, seg: _Segment, offset: int, docs: list[int], out: dict[int, float]) -> None:
        m = _matcher(self.q, seg)
        count = 0
        for d in _standing_on(m, docs, seg):
            out[offset + d] = m.score()
            count += 1
        if count != len(docs):  # cannot happen (they are matches): never show a page that misses one
            raise AssertionError("the matcher passed over a match")

    def _score_all(self, limit: int) -> list[tuple[float, int]]:
        """Every match scored in one walk of the query's matcher."""
        scored: dict[int, float] = {}
        for seg, off, match in self.segments:
            m = _matcher(self.q, seg)
            count = 0
            while m.is_active():
                d = m.id()
                if d < seg.size and match[d]:
                    scored[off + d] = m.score()
                m.next()
                count += 1
                if not count & 1023:
                    seg.check()
        best = sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:limit]
        return [(score, docnum) for docnum, score in best]

    def top_sorted(self, sortedby, limit: int, cache: dict) -> list[tuple[object, int]]:
        """The `limit` first (sort key, global docnum) in Whoosh's SortingCollector order (key, then docnum).
        Keys per segment are read once and kept in `cache` (segments never change their documents)."""
        from whoosh import sorting

        facet = sorting.MultiFacet.from_sortedby(sortedby)
        categorizer = facet.categorizer(self.searcher)
        if categorizer.needs_current:
            raise ValueError("a sort by score-dependent keys")
        if not isinstance(sortedby, sorting.FieldFacet):
            cache = {}  # only a field's keys are known to depend on the document alone
        facet_key = (getattr(sortedby, "fieldname", None), getattr(sortedby, "reverse", None))
        picked: list[tuple[object, int]] = []
        live = set()
        for seg, off, match in self.segments:
            segment = seg.reader.segment()
            key = (facet_key, segment.segment_id() if segment is not None else id(seg.reader))
            live.add(key)
            keys = cache.get(key)
            if keys is None:
                categorizer.set_searcher(seg.searcher, off)
                keys = cache[key] = _sort_keys(categorizer, seg.size)
                seg.check()
            docs = np.flatnonzero(match).tolist()
            picked.extend(zip(map(keys.__getitem__, docs), (d + off for d in docs), strict=True))
        for stale in [k for k in cache if k[0] == facet_key and k not in live]:
            del cache[stale]
        return heapq.nsmallest(limit, picked) if limit < len(picked) else sorted(picked)
