"""Newsroom query operators for the Whoosh query parser: `Kyiv w/5 train`, `Kyiv pre/3 Warsaw`, `atleast3(drought)`.

Journalists come from newsroom databases (Factiva, Nexis), where these are the usual way to ask for words near each
other or for a word that an article is really about. They are read here, inside the shared Whoosh parser, so both
backends get the same query tree: the Whoosh engine runs it, the Solr engine translates it (`solr.mapping`).

- `A w/N B`, `A near/N B`: A and B at most N words apart, in either order; `A pre/N B`: B at most N words after A.
  Stop words are not counted (the analysis drops them). N is 1..MAX_OPERATOR_NUMBER. A and B are words, "phrases",
  wildcards, field-qualified words (title:kyiv) or (x OR y); the operator binds tighter than AND / OR, and a chain
  (a w/5 b w/3 c) is read left to right (c near the span of a … b).
- `atleastN(word)`: the word occurs at least N times in the body text (one field of one language).

A text word is several fields (one per language profile, plus the cross-script one): the words must be near each
other in the same field, so the proximity is built per field and those are OR-ed.

Anything that only looks like an operator stays a word: `w/5` at the start or end of the query or of a group, `w/x`,
`near`, `atleast3` without parentheses; an operator inside a URL or a quoted phrase is not one (no space around it).
"""

from __future__ import annotations

import re

from whoosh import query
from whoosh.matching import WrappingMatcher
from whoosh.qparser import syntax
from whoosh.qparser.plugins import Plugin, RegexTagger
from whoosh.query import spans

from indexer.index.engine import MAX_EXPANSION, MAX_OPERATOR_NUMBER, QueryError
from indexer.index.whoosh_deadline import Clock, NearMatcher, clock_of

PROXIMITY_WORD = re.compile(r"(?i)(w|near|pre)/(\d+)")  # the operator as a whole word (see `_ProximityOp`)
TEXT_FIELDS = ("title_", "body_", "text_")  # prefixes of fields with positions (names: is a bag of aliases)


def _number(operator: str, digits: str, example: str) -> int:
    n = int(digits)
    if not 1 <= n <= MAX_OPERATOR_NUMBER:
        raise QueryError("The number in '%(operator)s' must be a whole number from 1 to %(most)s: type e.g. "
                         "%(example)s.", operator=operator, most=MAX_OPERATOR_NUMBER, example=example)
    return n


def _sides_error(operator: str) -> QueryError:
    """A proximity with something on one side that has no words at positions (the catalogs extract this call)."""
    return QueryError("'%(operator)s' needs a word or phrase of the text on each side (not an operator, a stop word "
                      "or a field such as person:): type e.g. Kyiv %(operator)s train.", operator=operator)


def has_proximity(words: list[str]) -> bool:
    """Whether a whitespace-split query has a proximity operator where the parser reads one (not first or last)."""
    return any(PROXIMITY_WORD.fullmatch(w) for w in words[1:-1])


# -- query objects -------------------------------------------------------------------------------------------
class Near(spans.SpanNear):
    """SpanNear of two queries on one field that a query tree can walk: Whoosh's SpanNear hides its sub-queries
    from children()/leaves(), so highlighting, "has words" checks and the pattern bounding would not see them."""

    boost = 1.0  # what Whoosh's Or asks of every sub-query when it flattens

    def children(self):
        return iter([self.a, self.b])

    def field(self):
        return self.a.field()

    def estimate_size(self, ixreader):
        return min(self.a.estimate_size(ixreader), self.b.estimate_size(ixreader))

    def normalize(self):
        a, b = self.a.normalize(), self.b.normalize()
        if a is query.NullQuery or b is query.NullQuery:
            return query.NullQuery
        return self.__class__(a, b, slop=self.slop, ordered=self.ordered, mindist=self.mindist)

    def matcher(self, searcher, context=None):
        a, b = (_spannable(q, searcher.reader()) for q in (self.a, self.b))
        return NearMatcher(a.matcher(searcher, context), b.matcher(searcher, context), slop=self.slop,
                           ordered=self.ordered, mindist=self.mindist, clock=clock_of(context))


class AnyOf(spans.SpanOr):
    """SpanOr (the positions of whichever sub-query matches) whose sub-queries the tree walks, as for `Near`."""

    boost = 1.0

    def children(self):
        return iter(self.subqs)

    def field(self):
        return self.subqs[0].field()

    def estimate_size(self, ixreader):
        return sum(q.estimate_size(ixreader) for q in self.subqs)

    def normalize(self):
        subqs = [q for q in (s.normalize() for s in self.subqs) if q is not query.NullQuery]
        return self.__class__(subqs) if len(subqs) > 1 else subqs[0] if subqs else query.NullQuery


def _spannable(q: query.Query, reader) -> query.Query:
    """A wildcard's words as a span query (Whoosh ORs a pattern's words with a matcher that has no positions)."""
    if isinstance(q, query.MultiTerm):
        words = [query.Term(q.fieldname, w) for w in q._btexts(reader)]
        return AnyOf(words) if len(words) > 1 else words[0] if words else query.NullQuery
    return q


class AtLeast(query.WrappingQuery):
    """The documents where `child` (a word in one field) occurs at least `minimum` times."""

    def __init__(self, child: query.Query, minimum: int):
        super().__init__(child)
        self.minimum = minimum

    def __repr__(self):
        return f"AtLeast({self.child!r}, {self.minimum})"

    def __eq__(self, other):
        return type(other) is type(self) and (self.child, self.minimum) == (other.child, other.minimum)

    def __hash__(self):
        return hash((self.child, self.minimum))

    @property
    def boost(self) -> float:  # Whoosh's Or reads it of every sub-query; with_boost passes it to the child
        return self.child.boost

    def _rewrap(self, child):
        return AtLeast(child, self.minimum)

    def normalize(self):
        child = self.child.normalize()
        return query.NullQuery if child is query.NullQuery else AtLeast(child, self.minimum)

    def matcher(self, searcher, context=None):
        return _AtLeastMatcher(self.child.matcher(searcher, context), self.minimum, clock_of(context))


class _AtLeastMatcher(WrappingMatcher):
    """Skips the documents where the word occurs fewer times than asked; raises QueryTooBroad past the deadline
    (the documents skipped here never reach the search's collector, which is what checks the deadline)."""

    def __init__(self, child, minimum: int, clock: Clock):
        super().__init__(child)
        self.minimum, self.clock = minimum, clock
        self._settle()

    def _replacement(self, newchild):
        return _AtLeastMatcher(newchild, self.minimum, self.clock)

    def copy(self):
        return _AtLeastMatcher(self.child.copy(), self.minimum, self.clock)

    def _count(self) -> int:
        child = self.child
        return child.value_as("frequency") if child.supports("frequency") else len(child.spans())

    def _settle(self) -> None:
        while self.child.is_active() and self._count() < self.minimum:
            self.child.next()
            self.clock.tick()

    def next(self):
        self.child.next()
        self._settle()

    def skip_to(self, id):  # noqa: A002 - Whoosh's name
        self.child.skip_to(id)
        self._settle()

    def all_ids(self):
        while self.is_active():
            yield self.id()
            self.next()

    def supports_block_quality(self):
        return False


# -- cost ----------------------------------------------------------------------------------------------------
MAX_SPAN_WORDS = 128  # words whose positions the proximities of one query compare, in one field


def _span_words(q: query.Query) -> int:
    """How many words' positions a proximity's matcher reads: a word once, a phrase each of its words, a wildcard
    every word it was expanded to (MAX_EXPANSION when it was not expanded yet)."""
    if isinstance(q, query.Term):
        return 1
    if isinstance(q, query.Phrase):
        return len(q.words)
    if isinstance(q, query.MultiTerm):
        expanded = getattr(q, "words", None)  # the Whoosh engine's expanded pattern (whoosh_engine._Expanded)
        return len(expanded) if isinstance(expanded, list) else MAX_EXPANSION
    return sum(_span_words(child) for child in q.children())


def check_span_words(q: query.Query) -> None:
    """Refuse, before it runs, a query whose proximity operators would compare the positions of more than
    MAX_SPAN_WORDS words in a field, once its wildcards are expanded (each engine expands them its own way; a
    wildcard stands for up to MAX_EXPANSION words): the time span matching takes grows with them."""
    per_field: dict[str, int] = {}

    def visit(node: query.Query) -> None:
        if isinstance(node, Near):
            per_field[node.field()] = per_field.get(node.field(), 0) + _span_words(node)
            return  # the proximities inside it are counted with it
        for child in node.children():
            visit(child)

    visit(q)
    most = max(per_field.values(), default=0)
    if most > MAX_SPAN_WORDS:
        raise QueryError("The proximity operators of the query would compare the positions of %(count)s words once "
                         "its wildcards are expanded; at most %(most)s fit in one search: use longer wildcard "
                         "prefixes (tram* rather than tr*), or fewer wildcards beside w/N, near/N and pre/N.",
                         count=most, most=MAX_SPAN_WORDS)


# -- parsing -------------------------------------------------------------------------------------------------
def _by_field(q: query.Query, operator: str) -> dict[str, query.Query]:
    """One side of a proximity, split by field: field -> what to look for there (a side is a word in several
    fields, an OR of such, or already a proximity). Raises QueryError for what has no place in a proximity."""
    if q is query.NullQuery:
        return {}
    if isinstance(q, query.CompoundQuery) and len(q.subqueries) == 1:  # a group of one: (train OR bus)
        return _by_field(q.subqueries[0], operator)
    if isinstance(q, (query.Or, AnyOf)):
        grouped: dict[str, list[query.Query]] = {}
        for sub in q.subqueries if isinstance(q, query.Or) else q.subqs:
            for fieldname, part in _by_field(sub, operator).items():
                grouped.setdefault(fieldname, []).append(part)
        return {f: parts[0] if len(parts) == 1 else AnyOf(parts) for f, parts in grouped.items()}
    if isinstance(q, query.And) and all(isinstance(s, query.Term) for s in q.subqueries) and \
            len({s.fieldname for s in q.subqueries}) == 1:
        # one word the analysis split ("COVID-19"): its parts side by side, as a phrase would match them
        terms = q.subqueries
        return {terms[0].fieldname: query.Phrase(terms[0].fieldname, [t.text for t in terms])}
    if isinstance(q, (query.Term, query.Phrase, query.MultiTerm, Near)) and not isinstance(q, query.DateRange):
        fieldname = q.field()
        return {fieldname: q} if fieldname and fieldname.startswith(TEXT_FIELDS) else {}
    raise _sides_error(operator)


def proximity(a: query.Query, b: query.Query, distance: int, ordered: bool, operator: str) -> query.Query:
    """A and B at most `distance` words apart (B after A when `ordered`), in any one text field both are in."""
    left, right = _by_field(a, operator), _by_field(b, operator)
    near = [Near(left[f], right[f], slop=distance, ordered=ordered) for f in left if f in right]
    if not near:
        raise _sides_error(operator)
    return near[0] if len(near) == 1 else query.Or(near)


class _NearGroup(syntax.GroupNode):
    """The two sides of one proximity operator, as the parser hands them over (each already expanded to fields)."""

    def __init__(self, nodes, operator: str, distance: int, ordered: bool):
        super().__init__(nodes)
        self.operator, self.distance, self.ordered = operator, distance, ordered

    def query(self, parser):
        a, b = (node.query(parser) for node in self.nodes)
        return proximity(a, b, self.distance, self.ordered, self.operator)


class _ProximityOp(syntax.SyntaxNode):
    """`w/N`, `near/N` or `pre/N` with spaces on both sides, as the tagger found it (joined by `ProximityPlugin`)."""

    def __init__(self, text: str):
        self.text = text
        kind, digits = PROXIMITY_WORD.fullmatch(text).groups()
        self.ordered = kind.lower() == "pre"
        self.distance = _number(text, digits, f"Kyiv {kind.lower()}/5 train")

    def r(self):
        return f"PROXIMITY {self.text!r}"


class _AtLeastNode(syntax.WordNode):
    """`atleastN(word)`: the word in the body text (the `text` field group), N times or more."""

    def __init__(self, word: str, minimum: int):
        super().__init__(word)
        self.fieldname = "text"
        self.minimum = minimum

    def query(self, parser):
        q = super().query(parser)
        # a word the analysis splits (or an unspaced script's bigrams) has no one term frequency to compare
        return AtLeast(q, self.minimum) if isinstance(q, query.Term) else query.NullQuery


def is_operator(node: syntax.SyntaxNode) -> bool:
    """Whether a parsed node is one of these operators (before `ProximityPlugin` joins its sides)."""
    return isinstance(node, _ProximityOp)


class _Tagger(RegexTagger):
    """A regex tagger whose node is made from the match by a function."""

    def __init__(self, expr: str, make):
        super().__init__(expr)
        self.make = make

    def create(self, parser, match):
        return self.make(match)


class ProximityPlugin(Plugin):
    """Tags the newsroom operators and builds their groups, before AND / OR / NOT are applied (so they bind
    tighter) and after the field groups and default fields expanded each word (so each side knows its fields)."""

    _OPERATOR = r"(?<=\s)(?i:w|near|pre)/\d+(?=\s)"
    _ATLEAST = r"(?<![\w:])(?i:atleast)(?P<n>\d+)\((?P<word>[^()]*)\)"

    def taggers(self, parser):
        return [(_Tagger(self._OPERATOR, lambda match: _ProximityOp(match.group(0))), -10),
                (_Tagger(self._ATLEAST, self._atleast), -10)]

    @staticmethod
    def _atleast(match: re.Match) -> syntax.SyntaxNode:
        operator = match.group(0)
        minimum = _number(operator, match.group("n"), "atleast3(drought)")
        word = match.group("word").strip()
        if not word or re.search(r"[\s\"*?:]", word):
            raise QueryError("'%(operator)s' counts one word: type e.g. atleast3(drought).", operator=operator)
        return _AtLeastNode(word, minimum)

    def filters(self, parser):
        return [(self.join, 590)]

    def join(self, parser, group):
        """Replace each operator and its two neighbours by a `_NearGroup`, left to right; an operator without a
        neighbour (first or last in a group) is the word it looks like."""
        i = 0
        while i < len(group):
            node = group[i]
            if isinstance(node, syntax.GroupNode):
                group[i] = self.join(parser, node)
            elif isinstance(node, _ProximityOp):
                if 0 < i < len(group) - 1:
                    left, right = group[i - 1], group[i + 1]
                    if isinstance(left, syntax.Operator) or isinstance(right, (syntax.Operator, _ProximityOp)):
                        raise _sides_error(node.text)
                    if isinstance(right, syntax.GroupNode):
                        right = self.join(parser, right)
                    group[i - 1:i + 2] = [_NearGroup([left, right], node.text, node.distance, node.ordered)]
                    continue  # the new group stands at i - 1; look at what follows it
                group[i] = syntax.WordNode(node.text)
            i += 1
        return group
