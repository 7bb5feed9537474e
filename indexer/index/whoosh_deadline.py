"""The search deadline inside Whoosh's matchers, not only around them.

A search checks its deadline as it collects matches (`whoosh_engine._DeadlineCollector`) and between the blocks of
posting lists it reads (`whoosh_matches`). Span matchers (proximity operators, phrases) and `atleastN(…)` also pass
over documents that do not match, comparing word positions or counting, without collecting anything: a chain of
proximity operators over common words looked at thousands of documents for many seconds between two checks, and
in ten long texts a chain of eight compared spans for minutes without leaving the first document. They count their
work here (documents looked at, spans compared), look at the clock every EVERY steps, and raise QueryTooBroad once
the search's deadline has passed (on the clock of `priority`, which gives way to cheap searches at each look).

The deadline travels with Whoosh's search context (`with_deadline`); a matcher made without one (a highlighter's)
gets SEARCH_DEADLINE from the moment it is made.
"""

from __future__ import annotations

from whoosh import matching, query
from whoosh.query import spans

from indexer.index.engine import SEARCH_DEADLINE, too_broad
from indexer.index.priority import past, search_clock

EVERY = 1024  # steps of work between two looks at the clock (a look costs about a microsecond)
DOCUMENT = 32  # steps a document examined counts for; comparing two spans is one
MAX_SPANS = 10_000  # spans of one proximity in one document (a chain of them over common words multiplies them)


class Clock:
    """Raises QueryTooBroad from `tick` once the deadline has passed (looking at the clock every EVERY steps)."""

    def __init__(self, deadline: float | None = None):
        self.deadline = search_clock() + SEARCH_DEADLINE if deadline is None else deadline
        self.left = EVERY

    def tick(self, steps: int = DOCUMENT) -> None:
        self.left -= steps
        if self.left <= 0:
            self.left = EVERY
            if past(self.deadline):
                raise too_broad()


def with_deadline(context, deadline: float):
    """Whoosh's search context, carrying the search's deadline to the matchers made with it."""
    return context.set(deadline=deadline)


def clock_of(context) -> Clock:
    """A clock for the deadline of the search context (or SEARCH_DEADLINE from now, when it has none)."""
    return Clock(getattr(context, "deadline", None))


class NearMatcher(spans.SpanNear.SpanNearMatcher):
    """Whoosh's SpanNear matcher, looking at the clock for each document whose positions it compares."""

    def __init__(self, a, b, slop=1, ordered=True, mindist=1, clock: Clock | None = None):
        self.clock = clock or Clock()
        super().__init__(a, b, slop=slop, ordered=ordered, mindist=mindist)

    def copy(self):
        return NearMatcher(self.a.copy(), self.b.copy(), self.slop, self.ordered, self.mindist, self.clock)

    def _get_spans(self):
        """The spans of side A and side B that stand at most `slop` positions apart and do not overlap (B after A
        when ordered), each joined into one span: what Whoosh's SpanNear finds, comparing every pair of spans. A
        chain of proximities over words that fill a long text multiplies the spans level by level: the clock is
        looked at as pairs are compared, and a document with more than MAX_SPANS is too broad to answer."""
        clock, slop, ordered, nearest = self.clock, self.slop, self.ordered, self.mindist
        clock.tick()
        joined = set()
        b_spans = self.b.spans()  # in order of their start
        for a in self.a.spans():
            for b in b_spans:
                if b.start > a.end + slop:
                    break  # this one and every later one start too far after A
                clock.tick(1)
                if b.end < a.start - slop or (ordered and b.start < a.start):
                    continue
                if nearest <= a.distance_to(b) <= slop:
                    joined.add(a.to(b))
            if len(joined) > MAX_SPANS:
                raise too_broad()
        return sorted(joined)


class _PhraseMatcher(spans.SpanNear2.SpanNear2Matcher):
    """Whoosh's phrase matcher (SpanNear2), looking at the clock for each document whose positions it compares."""

    def __init__(self, ms, slop=1, ordered=True, mindist=1, clock: Clock | None = None):
        self.clock = clock or Clock()
        super().__init__(ms, slop=slop, ordered=ordered, mindist=mindist)

    def copy(self):
        return _PhraseMatcher([m.copy() for m in self.ms], self.slop, self.ordered, self.mindist, self.clock)

    def _get_spans(self):
        self.clock.tick(DOCUMENT + sum(len(m.spans()) for m in self.ms))  # its work grows with the words' positions
        return super()._get_spans()


class TimedPhrase(query.Phrase):
    """A phrase whose matcher keeps the search's deadline (Whoosh's own phrase matcher, otherwise the same)."""

    def matcher(self, searcher, context=None):
        fieldname = self.fieldname
        field = searcher.schema[fieldname] if fieldname in searcher.schema else None
        if field is None or not field.format or not field.format.supports("positions"):
            return super().matcher(searcher, context)  # Whoosh's answer: nothing, or its error
        reader = searcher.reader()
        terms = []
        for word in self.words:
            try:
                word = field.to_bytes(word)
            except ValueError:
                return matching.NullMatcher()
            if (fieldname, word) not in reader:  # a word the field lacks: no document has the phrase
                return matching.NullMatcher()
            terms.append(query.Term(fieldname, word))
        m = _PhraseMatcher([t.matcher(searcher, context) for t in terms], slop=self.slop, clock=clock_of(context))
        return matching.WrappingMatcher(m, boost=self.boost) if self.boost != 1.0 else m


def timed_phrases(q: query.Query) -> query.Query:
    """The query with each phrase a TimedPhrase (for the searches that run Whoosh's own matchers)."""
    def timed(node: query.Query) -> query.Query:
        if type(node) is query.Phrase:
            return TimedPhrase(node.fieldname, node.words, slop=node.slop, boost=node.boost, char_ranges=node.char_ranges)
        return node

    return timed(q) if type(q) is query.Phrase else q.accept(timed)
