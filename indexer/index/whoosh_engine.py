"""The Whoosh implementation of `engine.SearchEngine`: schema, writer, searcher, query parsing, snippets, facets.

Whoosh is pure Python and unmaintained upstream, so nothing else in the project imports it (apart from the analyzers
handed to this module, `analysis`): callers see only the interface in `engine`, and another backend implements it.

Design notes
- Text is indexed into one field pair per analysis profile (`title_<p>`, `body_<p>`) so each language gets its own
  stemmer, plus a cross-script pair (`title_latn`, `body_latn`) that lets Latin queries find Cyrillic/Greek words.
  Users never see these names: `title:` and `text:` in a query expand to every profile.
- Facet fields hold entity *keys* (one key per entity across spellings and scripts); the store knows how to show them.
  Person keys carry the given name ("person:carter|ben"); a surname-only or initial key ("Carter", "B. Carter")
  counts for, and is matched with, the one person of the archive it can mean (names.resolve_partial_keys), and a
  surname typed as a filter matches every person of that surname.
- Facet counts are computed from a per-reader map docnum -> facet values, built once from the posting lists when
  a new index generation is opened, so a search only walks its own hits (not Whoosh's slow `groupedby`).
- Writers take Whoosh's single write lock with a wait, never fail on it; readers are never blocked by writers.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import html
import os
import re
import shutil
import subprocess
import threading
import time
import weakref
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

import numpy as np
from whoosh import collectors, columns, fields, index, qparser, query, scoring, sorting
from whoosh.analysis import CompositeAnalyzer, Filter, StandardAnalyzer, Token, Tokenizer
from whoosh.highlight import ContextFragmenter
from whoosh.index import EmptyIndexError
from whoosh.qparser.dateparse import DateParserPlugin
from whoosh.reading import ReaderClosed
from whoosh.searching import Results, ResultsPage, Searcher
from whoosh.writing import CLEAR

from indexer.annotate.entities.keys import entity_key, speaker_key
from indexer.index import facet_codes, newsroom
from indexer.index.analysis import (
    PROFILES,
    TextField,
    analyzer_for,
    is_stop_word,
    profile_for,
    translit_analyzer,
)
from indexer.index.dates import (
    DATE_FIELDS,
    INSTANT,
    NEWEST_FIRST,
    OLDEST_FIRST,
    OWN_CLOCK,
    UNDATED_KEY,
    date_fields,
    date_ranges,
)
from indexer.index.engine import (
    EXPORT_DEADLINE,
    FACETS,
    KEYED_FACETS,
    MAX_EXPANSION,
    MIN_PATTERN_LETTERS,
    QUOTE_FACETS,
    SEARCH_DEADLINE,
    Hit,
    IndexBusy,
    IndexStats,
    QueryError,
    QuoteHit,
    QuoteResult,
    SearchResult,
    too_broad,
)
from indexer.index.histogram import check_interval, histogram
from indexer.index.priority import give_way, past, search_clock
from indexer.index.query_limits import OPERATORS, check_query_text
from indexer.index.whoosh_deadline import timed_phrases, with_deadline
from indexer.index.whoosh_facet_tables import FACET_TABLES, stored_facets
from indexer.index.whoosh_matches import Matches, skippable
from indexer.index.whoosh_merge import (
    MERGE_LOCK,
    large_merge_due,
    merge_failures,
    start_large_merge,
    tiered_merge,
)
from indexer.index.whoosh_parsing import (
    _FieldGroupsPlugin,
    _iso_dates_for_whoosh,
    _KnownNamesPlugin,
    _StopWordsPlugin,
)
from indexer.index.whoosh_postings import length_bytes
from indexer.index.whoosh_snippets import (
    FirstOnTies,
    _alias_key,
    _lead,
    _MarkFormatter,
    _snippet_pair,
    name_snippet,
    query_terms,
)
from indexer.index.whoosh_writer import SegmentWriter
from indexer.models import AnnotatedArticle
from indexer.text.names import (
    partial_person_key,
    person_filter_keys,
    resolve_partial_keys,
    split_person_key,
)

ARTICLES, QUOTES = "articles", "quotes"
ALIAS_OF = "\x1e"  # joins a spelling's key to its entity's key in the <facet>_aka fields
PERSON_FIELDS = ("person", "speaker")  # keyed by person: a surname alone or an initial may resolve to a full name
USER_FIELDS = ("title", "text", "person", "place", "organization", "speaker", "language", "source", "year",
               "published", "url", "names", "author")
DAY = "day"  # publication day (YYYY-MM-DD) of an article: read per document like a facet, for the histogram
QUOTE_FIELDS = ("text", "speaker", "language", "source", "published", "article_id")  # what a quote query may name
# Whoosh 2.7's block-quality skipping (optimize=True) can loop forever in skip_to_quality on some segment layouts
# (seen after concurrent writers committed many small segments): score every matching document instead.
NO_BLOCK_SKIPPING = False
_PLAIN_WORDS = re.compile(r"[^\"():*?\[\]{}^]+")  # no operators of the query syntax but the words
# plain words, not fields, wildcards or proximity operators (near/5)
_QUERY_WORD = re.compile(r"(?<![\w:*?\\])[^\W\d_]{3,}(?![\w:*?]|/\d)")
TITLE_BOOST = 3.0
NAME_MATCH_BOOST = 0.3  # an entity's other spelling, beside the words as written (see _KnownNamesPlugin)
# BM25's term-frequency saturation: news articles are long and name their subject again and again, so a word's
# tenth mention still says more than its second. k1 = 2.0 (the top of the usual 1.2-2.0 range; Lucene's default is
# 1.2) raised MAP on both halves of the TIME queries (benchmarks/ranking.py). Length normalisation b = 0.8 (the usual
# 0.75 a little stronger): a long article (a digest, a round-up of the week's news) matches more query words by
# chance than a short story about the query's subject; b from 0.8 to 0.9 raised MAP and nDCG@10 on both halves.
# The Solr configset uses the same k1 and b.
class _ByFieldBM25F(scoring.BM25F):
    """BM25F with a field's average length taken over the documents that have the field, as Lucene takes it.

    Whoosh divides a field's total length by every document of the index, and every language has fields of its
    own: in the bundled corpus (45 articles, 6 of them English) an English headline was read as seven times the
    average length, while the cross-script fields (Cyrillic found through Latin letters), filled for 19 articles,
    were judged near their real average; so `Kyiv` ranked the Ukrainian article that writes Київ above the English
    one that writes Kyiv, and a language's articles were marked down the smaller its share of the archive."""

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        return _ByFieldScorer(searcher, fieldname, text, self._field_B.get(fieldname, self.B), self.K1, qf=qf)


class _ByFieldScorer(scoring.BM25FScorer):
    def __init__(self, searcher, fieldname, text, B, K1, qf=1):  # noqa: N803 - Whoosh's names
        # BM25FScorer.__init__ with the average above (calling it would set up twice: the term's best score, which
        # skipping relies on, depends on the average)
        parent = searcher.get_parent()
        self.idf = parent.idf(fieldname, text)
        self.avgfl = _average_length(parent, fieldname) or parent.avg_field_length(fieldname) or 1
        self.B, self.K1, self.qf = B, K1, qf
        self.setup(searcher, fieldname, text)


_DOCS_WITH: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # searcher -> {field: documents that have it}


def _average_length(searcher: Searcher, fieldname: str) -> float | None:
    """The field's total length over the documents that have it (None when their number cannot be read)."""
    counts = _DOCS_WITH.setdefault(searcher, {})
    if fieldname not in counts:
        counts[fieldname] = _documents_with(searcher.reader(), fieldname)
    documents = counts[fieldname]
    return searcher.field_length(fieldname) / documents if documents else None


def _documents_with(reader, fieldname: str) -> int | None:
    """How many documents (deleted ones too, as Whoosh's totals count them) have the field: those whose length
    byte is not 0, in every segment."""
    found = 0
    for segment, _ in reader.leaf_readers():
        perdoc = getattr(segment, "_perdoc", None)
        lengths = length_bytes(perdoc, fieldname) if perdoc is not None else None
        if lengths is None:
            if segment.field_length(fieldname):
                return None  # lengths kept some other way: Whoosh's own average
            continue
        found += len(lengths) - lengths.count(0)
    return found


WEIGHTING = _ByFieldBM25F(B=0.8, K1=2.0)


# -- analyzers for keyed facet fields ------------------------------------------------------------------------
class _WholeValueTokenizer(Tokenizer):
    """Index a facet value (a name, possibly with commas in it) as one token."""

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for i, part in enumerate(value.split("\x1f") if tokenize else [value]):
            part = part.strip()
            if not part:
                continue
            t.original = t.text = part
            t.boost = 1.0
            if positions:
                t.pos = start_pos + i
            if chars:
                t.startchar, t.endchar = start_char, start_char + len(part)
            yield t


KEY_MARK = "\ue000"  # prefixes a value that is already an entity key, so it is indexed as it is


class _EntityKeyFilter(Filter):
    """Turn any spelling of a name into the entity's key (at query time, and for names given when indexing)."""

    def __init__(self, kind: str):
        self.kind = kind

    def __eq__(self, other):
        return isinstance(other, _EntityKeyFilter) and other.kind == self.kind

    def __call__(self, tokens):
        for t in tokens:
            if t.text.startswith(KEY_MARK):
                t.text = t.text[1:]
            else:  # a speaker may be a body ("Deutsche Bahn") or a role, which has no key
                t.text = (speaker_key(t.text) or "") if self.kind == "speaker" else entity_key(t.text, self.kind)
            if t.text:
                yield t


def _name_field() -> fields.FieldType:
    """A facet of names as written (bylines): each name one term, matched exactly."""
    return fields.KEYWORD(analyzer=_WholeValueTokenizer(), scorable=False, stored=False)


def _key_field(kind: str) -> fields.FieldType:
    analyzer = CompositeAnalyzer(_WholeValueTokenizer(), _EntityKeyFilter(kind))
    return fields.KEYWORD(analyzer=analyzer, scorable=False, stored=False)


def _key_kinds(schema: fields.Schema) -> dict[str, str]:
    """How each keyed field turns a name into a key (an index keyed another way must be rebuilt)."""
    kinds = {}
    for name, ftype in schema.items():
        for part in getattr(getattr(ftype, "analyzer", None), "items", []):
            if isinstance(part, _EntityKeyFilter):
                kinds[name] = part.kind
    return kinds


def _text_fields(prefix: str, boost: float = 1.0) -> dict[str, fields.FieldType]:
    # unspaced scripts become several bigram tokens per query word: they must match side by side, as a phrase
    made = {f"{prefix}_{p}": TextField(analyzer=analyzer_for(p), field_boost=boost,
                                         multitoken_query="phrase" if p == "cjk" else "default") for p in PROFILES}
    made[f"{prefix}_latn"] = TextField(analyzer=translit_analyzer(), field_boost=boost * 0.5)
    return made


def _date_schema() -> dict[str, fields.FieldType]:
    """The date fields of articles and quotes (see `dates`): the own clock and the moment for ranges, and the two
    sort keys as columns only."""
    return {OWN_CLOCK: fields.DATETIME(), INSTANT: fields.DATETIME(),
            **{key: fields.COLUMN(columns.NumericColumn("q", default=UNDATED_KEY)) for key in (NEWEST_FIRST,
                                                                                               OLDEST_FIRST)}}


def article_schema() -> fields.Schema:
    schema = fields.Schema(
        id=fields.ID(stored=True, unique=True),
        version=fields.STORED(),
        url=fields.ID(stored=True),
        headline=fields.STORED(),
        content=fields.STORED(),
        **_date_schema(),
        published_iso=fields.STORED(),
        language=fields.ID(stored=True),
        source=fields.ID(stored=True),
        year=fields.ID(stored=True),
        day=fields.ID(),
        author=_name_field(),  # the byline's names, for the author facet and filter
        author_words=TextField(analyzer=StandardAnalyzer(stoplist=None, minsize=1)),  # what `author:` searches
        is_article=fields.BOOLEAN(stored=True),
        names=TextField(analyzer=translit_analyzer(), field_boost=1.5),
        spell=TextField(analyzer=StandardAnalyzer(stoplist=None, minsize=3), phrase=False),  # "did you mean"
        person=_key_field("person"),
        place=_key_field("place"),
        organization=_key_field("organization"),
        speaker=_key_field("speaker"),
        # the keys of every other spelling an article used ("Instytut Badań Rzecznych" for the Institut für
        # Flussforschung): filters match them too, facets never count them
        person_aka=_key_field("person"),
        place_aka=_key_field("place"),
        organization_aka=_key_field("organization"),
    )
    for name, ftype in (_text_fields("title", TITLE_BOOST) | _text_fields("body")).items():
        schema.add(name, ftype)
    return schema


def quote_schema() -> fields.Schema:
    schema = fields.Schema(
        id=fields.ID(stored=True, unique=True),
        article_id=fields.ID(stored=True),
        quote_text=fields.STORED(),
        speaker_name=fields.STORED(),
        speaker_description=fields.STORED(),  # "a spokesman": who spoke when the article names nobody
        fragment=fields.BOOLEAN(stored=True),
        speaker=_key_field("speaker"),
        language=fields.ID(stored=True),
        source=fields.ID(stored=True),
        headline=fields.STORED(),
        **_date_schema(),
        published_iso=fields.STORED(),
    )
    for name, ftype in _text_fields("text").items():
        schema.add(name, ftype)
    return schema


def mostly_latin(text: str, sample: int = 2000) -> bool:
    """True when most letters of the text are Latin script (so it needs no transliterated copy)."""
    letters = {c: n for c, n in Counter(text[:sample]).items() if c.isalpha()}  # (each character looked at once)
    if not letters:
        return True
    latin = sum(n for c, n in letters.items() if c < "\u0250" or "\u1e00" <= c <= "\u1eff")
    return latin >= 0.6 * sum(letters.values())


def _joined(values: Iterable[str]) -> str:
    return "\x1f".join(v for v in values if v)


def article_document(article_id: str, version: int, annotated: AnnotatedArticle) -> dict:
    a = annotated.article
    profile = profile_for(annotated.language)
    by_type: dict[str, list[str]] = defaultdict(list)
    aka: dict[str, set[str]] = defaultdict(set)
    alias_words: list[str] = []
    for e in annotated.entities:
        own = e.key or entity_key(e.name, e.type)
        by_type[e.type].append(KEY_MARK + own)
        # "spelling's key → the entity's key": a filter by any spelling finds the entity in every article
        aka[e.type].update(f"{KEY_MARK}{k}{ALIAS_OF}{own}" for a in e.aliases if (k := _alias_key(a, e.type)) != own)
        alias_words.extend([e.name, *e.aliases])
    doc = {
        "id": article_id,
        "version": version,
        "url": a.url or "",
        "headline": a.title,
        "content": a.text,
        "published_iso": a.published,
        "language": annotated.language,
        "source": a.source,
        "is_article": a.is_article,
        "names": " ".join(dict.fromkeys(alias_words)),
        "author": _joined(" ".join(name.split()) for name in a.authors),
        "author_words": " ".join(a.authors),
        "spell": "\n".join([a.title, *a.title_extras, a.text]),
        "person": _joined(by_type["person"]),
        "place": _joined(by_type["place"]),
        "organization": _joined(by_type["organization"]),
        **{f"{kind}_aka": _joined(sorted(keys)) for kind, keys in aka.items()},
        # keyed here, once: roles ("the mayor") have no key and are no facet value
        "speaker": _joined({KEY_MARK + k for q in annotated.quotes if (k := speaker_key(q.speaker))}),
        # the kicker and other headline lines are searched as title words, never shown as the headline
        f"title_{profile}": "\n".join([a.title, *a.title_extras]),
        f"body_{profile}": a.text,
    }
    if not mostly_latin(a.text or a.title):
        # the cross-script copy: lets a Latin query ("Kyiv") find Київ; Latin-script text needs no copy
        doc |= {"title_latn": doc[f"title_{profile}"], "body_latn": a.text}
    doc |= date_fields(a.published)
    return {k: v for k, v in doc.items() if v not in (None, "")}


def quote_documents(article_id: str, annotated: AnnotatedArticle) -> Iterator[dict]:
    a = annotated.article
    dated = {k: v for k, v in date_fields(a.published).items() if k in DATE_FIELDS}  # a quote has no day or year
    for i, q in enumerate(annotated.quotes):
        lang = q.language or annotated.language
        doc = {
            "id": f"{article_id}:{i}",
            "article_id": article_id,
            "quote_text": q.text,
            "speaker_name": q.speaker or "",
            "speaker_description": q.speaker_description or "",
            "speaker": KEY_MARK + key if (key := speaker_key(q.speaker)) else "",
            "fragment": q.fragment,
            "language": lang,
            "source": a.source,
            "headline": a.title,
            "published_iso": a.published,
            f"text_{profile_for(lang)}": q.text,
        }
        if not mostly_latin(q.text):
            doc["text_latn"] = q.text
        yield {k: v for k, v in doc.items() if v not in (None, "")} | dated


COMPOUND = False


def _segment_key(name: str, reader) -> str:
    """What the per-segment caches of the index `name` key a segment's reader by (segments never change)."""
    segment = reader.segment()
    return f"{name}/" + (segment.segment_id() if segment is not None else f"unnamed-{id(reader)}")


def _facet_fields(name: str, schema: fields.Schema) -> list[str]:
    """The fields of an index's facet tables: the articles' facets and publication day, or the quotes' facets."""
    return [f for f in ((*FACETS, DAY) if name == ARTICLES else QUOTE_FACETS) if f in schema.names()]


@dataclass
class _People:
    """The person keys of one index generation, grouped by surname, and the partial keys that resolve."""

    by_surname: dict[str, list[str]]
    resolved: dict[str, str]  # surname-only or initial key -> the one full key it stands for


class _PeopleTracker:
    """The people of successive index generations: a new generation resolves again only the surnames whose keys
    changed (resolving every person of a 100,000-article archive took most of the first search after a commit)."""

    def __init__(self):
        self.keys: set[str] = set()
        self.people = _People({}, {})

    def update(self, keys: set[str]) -> _People:
        """The people of a generation whose documents name these person keys (live documents only: a deleted
        article's names must not make a surname ambiguous)."""
        added, removed = keys - self.keys, self.keys - keys
        if not added and not removed:
            return self.people
        by_surname, resolved = dict(self.people.by_surname), dict(self.people.resolved)
        changed: dict[str, set[str]] = defaultdict(set)
        for k in added | removed:
            changed[split_person_key(k)[0]].add(k)
        for surname, keys_changed in changed.items():
            old = by_surname.get(surname, [])
            for k in old:
                resolved.pop(k, None)
            group = sorted((set(old) | (keys_changed & added)) - removed)
            if group:
                by_surname[surname] = group
                resolved.update(resolve_partial_keys(group))
            else:
                by_surname.pop(surname, None)
        self.keys, self.people = keys, _People(by_surname, resolved)
        return self.people


def _resolved(values: tuple[str, ...], resolved: dict[str, str]) -> tuple[str, ...]:
    if not any(v in resolved for v in values):
        return values
    return tuple(dict.fromkeys(resolved.get(v, v) for v in values))


def _date_order(sort: str, has_text: bool) -> sorting.FieldFacet | None:
    """A search's order: by score (None) for relevance with words, else by date, newest first unless `oldest`: by
    each publication's own calendar day, then by moment, undated last either way (`dates`)."""
    if sort not in ("relevance", "newest", "oldest"):
        raise QueryError("Unknown sort '%(sort)s': use relevance, newest or oldest.", sort=sort)
    if sort == "relevance" and has_text:
        return None
    return sorting.FieldFacet(OLDEST_FIRST if sort == "oldest" else NEWEST_FIRST)


def relaxable(text: str) -> bool:
    """Whether a query that matched nothing may fall back to any-word ranking: several plain words, no operators
    (AND, w/5 …), quotes, fields or wildcards. Brackets of a sentence's aside are words too: "the party (founded
    in 1947) won" was typed as a sentence, so it ranks like one."""
    plain = text.replace("(", " ").replace(")", " ")
    words = plain.split()
    return len(words) > 1 and bool(_PLAIN_WORDS.fullmatch(plain)) and not OPERATORS & set(words) and \
        not newsroom.has_proximity(words)


SENTENCE_WORDS = 5


def sentence(text: str, languages: Iterable[str]) -> bool:
    """Whether a query was typed as a sentence, not as keywords: SENTENCE_WORDS plain words or more, stop words
    among them ("what did the minister say about the ferry contract"). A sentence describes what the reader is
    looking for, and the articles about it seldom repeat every one of its words, so it is ranked by its words from
    the start (articles with more of them first), as any plain query is when no article has all its words.
    Keywords ("sleeper train to Warsaw", "Kramatorsk station") must all be there."""
    words = text.replace("(", " ").replace(")", " ").split()
    return len(words) >= SENTENCE_WORDS and relaxable(text) and any(
        is_stop_word(w, lang) for w in words for lang in languages)


def _has_words(q: query.Query) -> bool:
    """Whether a query has words of text to rank by (not only facet values, dates or '*')."""
    return any(leaf.field() and leaf.field().startswith(("title_", "body_", "text_", "names"))
               and not isinstance(leaf, query.Every) for leaf in q.leaves())


def _first_error(q: query.Query) -> str | None:
    """Whoosh marks parts it could not read with an `error` attribute and drops them on normalize: find them."""
    error = getattr(q, "error", None)
    if error:
        return str(error)
    for child in q.children():
        found = _first_error(child)
        if found:
            return found
    return None


_PATTERNS = (query.Prefix, query.Wildcard, query.TermRange)


def _pattern_text(node: query.Query) -> str:
    """A wildcard, prefix or range as the user typed it (without the field)."""
    if isinstance(node, query.Prefix):
        return f"{node.text}*"
    if isinstance(node, query.TermRange):
        return f"[{node.start or ''} TO {node.end or ''}]"
    return node.text


def _refuse_unbounded_patterns(q: query.Query) -> None:
    """A wildcard with fewer than MIN_PATTERN_LETTERS letters before its first * or ? would scan every word of the
    archive (seconds to minutes on a large one): refuse it, as Lucene refuses leading wildcards."""
    for node in q.leaves():
        if isinstance(node, (query.Prefix, query.Wildcard)):
            literal = re.split(r"[*?]", node.text, maxsplit=1)[0] if isinstance(node, query.Wildcard) else node.text
            if len(literal) < MIN_PATTERN_LETTERS:
                raise QueryError(
                    "The wildcard '%(pattern)s' needs at least %(letters)s letters before its first * or ? (e.g. "
                    "fest* or bri?ge); to list every article, type * alone.", pattern=_pattern_text(node),
                    letters=MIN_PATTERN_LETTERS)


class _Expanded(query.MultiTerm):
    """A wildcard, prefix or range, expanded once to a fixed list of words (Whoosh would expand it again for
    counting, ranking and highlighting, and without a limit)."""

    def __init__(self, original: query.MultiTerm, words: list[bytes]):
        self.fieldname = original.fieldname
        self.text = _pattern_text(original)
        self.boost = original.boost
        self.constantscore = original.constantscore
        self.words = words

    def __eq__(self, other):
        return type(other) is type(self) and (self.fieldname, self.words, self.boost) == (
            other.fieldname, other.words, other.boost)

    def __hash__(self):
        return hash((self.fieldname, tuple(self.words), self.boost))

    def __repr__(self):
        return f"_Expanded({self.fieldname!r}, {self.text!r}, {len(self.words)} words)"

    def _btexts(self, ixreader):
        return iter(self.words)


def _bounded(q: query.Query, reader) -> tuple[query.Query, list[str]]:
    """The query with each wildcard, prefix and range expanded to at most MAX_EXPANSION words per field, and the
    patterns that matched more words than that (in the order the user typed them). QueryError when its proximity
    operators would then compare too many words (`newsroom.check_span_words`)."""
    cut: dict[str, None] = {}

    def expand(node: query.Query) -> query.Query:
        if not isinstance(node, _PATTERNS) or isinstance(node, query.DateRange) or node.fieldname not in reader.schema:
            return node
        words = list(islice(node._btexts(reader), MAX_EXPANSION + 1))
        if len(words) > MAX_EXPANSION:
            cut[_pattern_text(node)] = None
            words = words[:MAX_EXPANSION]
        return _Expanded(node, words)

    bounded = expand(q) if isinstance(q, _PATTERNS) else q.accept(expand)
    newsroom.check_span_words(bounded)
    return bounded, list(cut)


def _page_within(s: Searcher, q: query.Query, deadline: float, page: int, pagelen: int,
                 filter: query.Query | None = None, sortedby=None, terms: bool = False,  # noqa: A002
                 sort_keys: dict | None = None, relevance: bool = False) -> tuple[ResultsPage, list[int]]:
    """Searcher.search_page, and every matching document number (for the total and the facets), counted from the
    posting lists apart from ranking (see whoosh_matches); given up with QueryTooBroad past the deadline. With
    `relevance`, a page sorted by date gives each hit its relevance as its score (Whoosh gives the sort key)."""
    if sortedby is None and not skippable(q):
        return _page_in_one_pass(s, q, deadline, page, pagelen, filter=filter, sortedby=sortedby, terms=terms)
    found = Matches(s, q, filter, deadline, needs_current=terms)
    limit = page * pagelen
    if sortedby is not None:
        top_n = found.top_sorted(sortedby, limit, {} if sort_keys is None else sort_keys)
        if relevance:  # the page's hits in date order, each with its relevance, as Solr gives them
            # (filters alone rank nothing: every hit scores 1, and scoring them would walk every document)
            scores = found.scores_of([docnum for _, docnum in top_n[(page - 1) * pagelen:]]) if _has_words(q) else {}
            top_n = [(scores.get(docnum, 1.0), docnum) for _, docnum in top_n]
    else:
        top_n = found.top_scored(limit)
    docnums = found.docnums()
    results = Results(s, q, top_n, docset=None)
    results._total = len(docnums)
    if terms:  # the terms that matched some document: what the snippets mark (as Whoosh's TermsCollector had it)
        results.termdocs, results.docterms = found.page_terms([docnum for _, docnum in top_n])
    return ResultsPage(results, page, pagelen), docnums


def _page_in_one_pass(s: Searcher, q: query.Query, deadline: float, page: int, pagelen: int,
                      filter: query.Query | None = None, **kwargs) -> tuple[ResultsPage, list[int]]:  # noqa: A002
    """Searcher.search_page, and every matching document number (for the total and the facets), from one pass
    over the matches, every match scored; given up with QueryTooBroad when collecting passes the deadline. For
    the queries whose scores whoosh_matches cannot bound (NOT, date ranges, proximity operators)."""
    terms = kwargs.pop("terms", False)
    top = s.collector(limit=page * pagelen, optimize=NO_BLOCK_SKIPPING, **kwargs)
    if isinstance(top, collectors.ScoredCollector):
        _visit_every_match(top)
    deadlined = _DeadlineCollector(collectors.TermsCollector(top) if terms else top, deadline)
    collector = deadlined
    if filter is not None:  # above the deadline: Whoosh's filter collector collects its child's documents itself
        collector = collectors.FilterCollector(collector, filter)
    # the matchers keep the deadline too: span matchers look at many documents between two that they collect
    s.search_with_collector(timed_phrases(q), collector, context=with_deadline(s.context(), deadline))
    return ResultsPage(collector.results(), page, pagelen), deadlined.found


def _visit_every_match(top: collectors.ScoredCollector) -> None:
    """Whoosh replaces a scored collector's matcher as the page fills up, by one without the sub-queries whose best
    score can no longer reach the page: those documents are then never visited, and the total and facets would
    miss them. Replaced once per segment with a minimum score of 0 instead, which drops only what matches nothing
    (most of the per-language fields of a query)."""
    top.replace = 0
    set_subsearcher = top.set_subsearcher

    def pruned(subsearcher, offset) -> None:
        set_subsearcher(subsearcher, offset)
        top.matcher = top.matcher.replace(0)

    top.set_subsearcher = pruned


class _DeadlineCollector(collectors.WrappingCollector):
    """Raises QueryTooBroad once collecting has passed the deadline (Whoosh's TimeLimitCollector would bypass a
    filter collector, and starts a timer thread per search), and keeps the number of every document collected:
    without block skipping (NO_BLOCK_SKIPPING) and matcher replacement that is every match, so the total and the facets need no second
    pass over the matches (at 100,000 articles that pass took 150-300 ms of a broad query)."""

    def __init__(self, child, deadline: float):
        super().__init__(child)
        self.deadline = deadline
        self.found: list[int] = []

    def collect(self, sub_docnum):
        self.found.append(self.offset + sub_docnum)
        if not len(self.found) & 1023 and past(self.deadline):
            raise too_broad()
        return self.child.collect(sub_docnum)


CURRENT = "CURRENT"  # names the index generation in use (see WhooshEngine)
LAYOUT_LOCK, REBUILD_LOCK = "layout.lock", "rebuild.lock"
REBUILD_BATCH = 500  # articles per commit while building a new generation
OPEN_ATTEMPTS = 5


def _generation_name(number: int) -> str:
    return f"g{number:06d}"


def _made(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def _write_current(folder: Path, generation: str) -> None:
    """Point CURRENT at a generation atomically (readers see the old name or the new one, never half a file)."""
    tmp = folder / f"{CURRENT}.{os.getpid()}.tmp"
    tmp.write_text(generation + "\n", encoding="utf-8")
    os.replace(tmp, folder / CURRENT)


@contextlib.contextmanager
def _file_lock(path: Path):
    """An exclusive lock between processes, held while the block runs (released if the process dies)."""
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


# What a read meets when another process's commit deleted files it was opening: the file gone, or (Whoosh retries a
# refresh itself, with the readers its failed first try had already closed) a closed reader.
_REPLACED = (FileNotFoundError, EmptyIndexError, ReaderClosed)


def _retrying(method):
    """Read again from the newest generation when another process's commit or rebuild deleted files this read was
    about to open (readers must never fail because a writer finished)."""

    @functools.wraps(method)
    def read(self, *args, **kwargs):
        for attempt in range(OPEN_ATTEMPTS):
            try:
                return method(self, *args, **kwargs)
            except _REPLACED:
                if attempt == OPEN_ATTEMPTS - 1:
                    raise
                self._reset_searchers()
                time.sleep(0.02 * (attempt + 1))
        raise AssertionError("unreachable")

    return read


class WhooshEngine:
    """The search index of one archive: two Whoosh indexes (articles, quotes) under one folder (see `SearchEngine`
    for what each public method promises).

    A new archive has both indexes directly in the folder (`articles`, `quotes`). `rebuild` writes a generation
    beside them (`g000001/articles`, `g000001/quotes`) and names it in a CURRENT file, replaced atomically. Readers re-read CURRENT on
    every refresh; writers re-read it once they hold the write lock, so a writer that waited for a rebuild writes
    into the new generation.
    """

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
        self.replaced_layout = False
        self._lock = threading.RLock()
        self._searchers: dict[str, Searcher] = {}
        self._facet_maps: dict[int, dict[str, list[tuple[str, ...]]]] = {}
        self._all_counts: dict[tuple[int, int], tuple[dict, dict]] = {}  # (searcher id, facet limit) -> counts
        self._facet_codes: dict[int, list] = {}  # searcher id -> per segment: base, size, facet -> coded column
        self._segment_codes: dict[tuple[str, str], tuple] = {}  # (segment id, facet) -> (column, starts, codes)
        self._vocabularies: dict[tuple[str, str], facet_codes.Vocabulary] = {}
        self._people: dict[int, _People] = {}  # per generation: person keys by surname, partial keys resolved
        self._languages: dict[int, list[str]] = {}  # per generation: the articles' languages
        self._segment_facets: dict[str, dict[str, list[tuple[str, ...]]]] = {}
        self._sort_keys: dict = {}  # (sort field, reverse), segment id -> each document's sort key
        self._segment_people: dict[str, tuple[int, set[str]]] = {}  # segment -> (live documents, person keys)
        self._segment_resolved: dict[str, tuple] = {}  # segment -> (partial keys, their resolution, columns)
        self._segment_aliases: dict[str, dict[tuple[str, str], list[str]]] = {}  # segment -> (field, key) -> keys
        self._people_tracker = _PeopleTracker()
        self._merges: dict[Path, subprocess.Popen] = {}  # index folder -> its background merge (see whoosh_merge)
        self.folder.mkdir(parents=True, exist_ok=True)
        with _file_lock(self.folder / LAYOUT_LOCK):  # two processes opening a new archive must not both create it
            self._generation = self._current_generation() or "."
            self._indexes = self._open_generation(self._generation)

    # -- generations -----------------------------------------------------------------------------------------
    def _current_generation(self) -> str | None:
        """The generation in use: CURRENT's folder, "." for indexes directly in the folder, None for a new one."""
        try:
            return (self.folder / CURRENT).read_text(encoding="utf-8").strip() or None
        except FileNotFoundError:
            return "." if (self.folder / ARTICLES).is_dir() else None

    def _open_generation(self, generation: str) -> dict[str, index.Index]:
        return {name: self._open(self.folder / generation / name, schema()) for name, schema in
                ((ARTICLES, article_schema), (QUOTES, quote_schema))}

    def _follow_current(self) -> bool:
        """Switch to the generation CURRENT names when another process has replaced it; True when it did."""
        with self._lock:
            generation = self._current_generation()
            if generation in (None, self._generation):
                return False
            indexes = {name: index.open_dir(self.folder / generation / name) for name in (ARTICLES, QUOTES)}
            self._reset_searchers()
            self._indexes, self._generation = indexes, generation
            return True

    def _open(self, path: Path, schema: fields.Schema) -> index.Index:
        path.mkdir(parents=True, exist_ok=True)
        if any(path.glob("*.toc")):
            try:
                ix = index.open_dir(path)
            except Exception:  # noqa: BLE001 - its schema names classes that an older version had
                ix = None
            if ix is not None and set(ix.schema.names()) == set(schema.names()) and \
                    _key_kinds(ix.schema) == _key_kinds(schema):
                return ix
            self.replaced_layout = True  # built by another version: the archive refills it from the store
        return index.create_in(path, schema)

    def clear(self) -> None:
        """Empty both indexes (for a rebuild from the store)."""
        self.write_articles([], clear=True)

    def rebuild(self, items: Iterable[tuple[str, int, AnnotatedArticle | None]],
                catch_up: Callable[[dict[str, int]], Iterable[tuple[str, int, AnnotatedArticle | None]]],
                timeout: float = 900.0) -> int:
        """Build a new generation beside the current one from `items`, then switch to it atomically.

        Readers keep answering from the current generation meanwhile. Before the switch, holding the current
        generation's write locks (so no other process commits in between), `catch_up(written)` is given the
        versions written (article id -> version) and yields what changed meanwhile; those are written too. The old
        generation is removed after the switch: open readers keep their files, later ones follow CURRENT.
        Returns how many articles the new generation holds.
        """
        with _file_lock(self.folder / REBUILD_LOCK):  # one rebuild at a time; unfinished ones are garbage now
            current = self._current_generation() or "."
            taken = {p.name for p in self.folder.glob("g[0-9]*")} - {current}
            for stale in taken:
                shutil.rmtree(self.folder / stale, ignore_errors=True)
            numbers = [int(g[1:]) for g in (taken | {current}) if g[1:].isdigit()]
            new = _generation_name(max(numbers, default=0) + 1)
            fresh = {name: index.create_in(_made(self.folder / new / name), schema()) for name, schema in
                     ((ARTICLES, article_schema), (QUOTES, quote_schema))}
            written: dict[str, int] = {}
            items = iter(items)
            while True:
                batch = list(islice(items, REBUILD_BATCH))
                if not batch:
                    break
                self._write_into(fresh, batch, timeout, written)
            while True:  # hold the current generation still while catching up, then switch
                self._follow_current()
                aw, qw = self._writers(self._indexes, timeout)
                if self._current_generation() in (None, self._generation):
                    break
                aw.cancel()
                qw.cancel()
            try:
                self._write_into(fresh, catch_up(dict(written)), timeout, written)
                _write_current(self.folder, new)
            finally:
                aw.cancel()
                qw.cancel()
            old = self._generation
            self._follow_current()
            root = self.folder if old == "." else self.folder / old
            # a background merge of the old generation ends first: its swap would write into a folder being removed
            with _file_lock(root / ARTICLES / MERGE_LOCK), _file_lock(root / QUOTES / MERGE_LOCK):
                for name in (ARTICLES, QUOTES, FACET_TABLES) if old == "." else (old,):
                    shutil.rmtree(self.folder / name, ignore_errors=True)
            return sum(1 for v in written.values() if v is not None)

    # -- writing ---------------------------------------------------------------------------------------------
    def _writer(self, ix: index.Index, timeout: float):
        """Whoosh's single writer, waiting for another process's writer to finish rather than failing."""
        from whoosh.index import LockError

        try:
            return SegmentWriter(ix, timeout=timeout, delay=0.25, compound=COMPOUND)
        except LockError as exc:
            raise IndexBusy(
                f"The search index in {self.folder} stayed locked by another process for {timeout:.0f} s. "
                "Your articles are safely stored; run `newsarchive check --repair` when the other process ends."
            ) from exc

    def _writers(self, indexes: dict[str, index.Index], timeout: float):
        aw = self._writer(indexes[ARTICLES], timeout)
        try:
            return aw, self._writer(indexes[QUOTES], timeout)
        except BaseException:
            aw.cancel()
            raise

    def write_articles(self, items: Iterable[tuple[str, int, AnnotatedArticle | None]], timeout: float = 900.0,
                       clear: bool = False) -> int:
        """Add or replace articles (None deletes one) in both indexes, holding both write locks.

        `items` is consumed only once the locks are held, so a caller can read what to index at that moment.
        Nothing is committed when there was nothing to write (no new index generation for readers to reload).
        """
        while True:
            self._follow_current()
            try:
                writers = self._writers(self._indexes, timeout)
            except FileNotFoundError:  # a rebuild removed the generation while we waited for its lock
                continue
            if self._current_generation() in (None, self._generation):
                break
            for w in writers:  # a rebuild switched generations while we waited: write into the new one
                w.cancel()
        return self._write_into(self._indexes, items, timeout, clear=clear, writers=writers)

    def _write_into(self, indexes: dict[str, index.Index], items: Iterable[tuple[str, int, AnnotatedArticle | None]],
                    timeout: float, written: dict[str, int | None] | None = None, clear: bool = False,
                    writers=None) -> int:
        aw, qw = writers or self._writers(indexes, timeout)
        count = 0
        try:
            # the last item of an id wins; one searcher per index for every delete (a searcher per delete opened
            # every segment again: half the time of a batch at 3,000 articles)
            latest = {article_id: (version, annotated) for article_id, version, annotated in items}
            with aw.searcher() as old_articles, qw.searcher() as old_quotes:
                for article_id, (version, annotated) in latest.items():
                    count += 1
                    aw.delete_by_term("id", article_id, searcher=old_articles)
                    qw.delete_by_term("article_id", article_id, searcher=old_quotes)
                    if written is not None:
                        written[article_id] = version if annotated is not None else None
                    if annotated is None:
                        continue
                    aw.add_document(**article_document(article_id, version, annotated))
                    for doc in quote_documents(article_id, annotated):
                        qw.add_document(**doc)
        except BaseException:
            aw.cancel()
            qw.cancel()
            raise
        if count or clear:
            # quotes first: a crash between the two commits leaves quotes of an article the store still has
            # pending, which the next sync rewrites
            qw.commit(mergetype=CLEAR if clear else tiered_merge)
            aw.commit(mergetype=CLEAR if clear else tiered_merge)
            self._reset_searchers()
            self._start_large_merges(indexes)
        else:
            qw.cancel()
            aw.cancel()
        return count

    def _start_large_merges(self, indexes: dict[str, index.Index]) -> None:
        """Start the background merge of each index whose large segments are due (see whoosh_merge), unless one
        runs already."""
        for name, ix in indexes.items():
            folder = Path(ix.storage.folder)
            running = self._merges.get(folder)
            if (running is None or running.poll() is not None) and large_merge_due(ix._segments()):
                with contextlib.suppress(OSError):  # no process today: the next commit tries again; nothing is lost
                    self._merges[folder] = start_large_merge(folder, name, _facet_fields(name, ix.schema),
                                                             folder.parent / FACET_TABLES)

    def wait_for_merges(self, timeout: float | None = None) -> None:
        """Wait for the background merges this engine started (a benchmark, a test)."""
        for process in self._merges.values():
            process.wait(timeout)

    def _reset_searchers(self) -> None:
        with self._lock:
            for s in self._searchers.values():
                with contextlib.suppress(ReaderClosed):  # readers a failed refresh closed (see _REPLACED)
                    s.close()
            self._searchers.clear()
            self._facet_maps.clear()  # per-segment facet tables stay: segments never change their documents
            self._facet_codes.clear()
            self._all_counts.clear()
            self._people.clear()
            self._languages.clear()

    # -- reading ---------------------------------------------------------------------------------------------
    def searcher(self, name: str = ARTICLES) -> Searcher:
        """A searcher on the newest committed generation (refreshed when another process has committed).

        A commit in another process deletes the files of the generations it replaces, and a rebuild a whole
        folder: a searcher about to open them opens the newest ones instead."""
        with self._lock:
            for attempt in range(OPEN_ATTEMPTS):
                try:
                    self._follow_current()
                    current = self._searchers.get(name)
                    if current is None:
                        current = self._indexes[name].searcher(weighting=WEIGHTING)
                    else:
                        fresh = current.refresh()
                        if fresh is not current:
                            for cache in (self._facet_maps, self._facet_codes, self._people, self._languages):
                                cache.pop(id(current), None)
                            for key in [k for k in self._all_counts if k[0] == id(current)]:
                                del self._all_counts[key]
                            current = fresh
                    self._searchers[name] = current
                    return current
                except _REPLACED:
                    if attempt == OPEN_ATTEMPTS - 1:
                        raise
                    self._searchers.pop(name, None)  # half closed by the failed refresh: opened anew
                    time.sleep(0.02 * (attempt + 1))
        raise AssertionError("unreachable")

    @_retrying
    def indexed_versions(self) -> dict[str, int]:
        """Article id -> version as the index holds it (for comparing index and store)."""
        s = self.searcher(ARTICLES)
        return {doc["id"]: doc.get("version", 0) for doc in s.all_stored_fields()}

    @_retrying
    def languages(self) -> list[str]:
        """The languages of the indexed articles (read once per generation: a search asks three times)."""
        s = self.searcher(ARTICLES)
        known = self._languages.get(id(s))
        if known is None:
            known = self._languages[id(s)] = sorted(t.decode("utf-8") if isinstance(t, bytes) else t
                                                    for t in s.reader().lexicon("language"))
        return list(known)

    @_retrying
    def articles(self) -> int:
        return self.searcher(ARTICLES).doc_count()

    @_retrying
    def stats(self) -> IndexStats:
        return IndexStats(articles=self.searcher(ARTICLES).doc_count(), quotes=self.searcher(QUOTES).doc_count(),
                          languages=self.languages(),
                          warnings=[w for name, ix in self._indexes.items()
                                    for w in merge_failures(Path(ix.storage.folder), name)])

    def close(self) -> None:
        self._reset_searchers()

    def one_view(self) -> contextlib.nullcontext:
        return contextlib.nullcontext()  # (each search checks its searcher against the index at no cost)

    def _text_fieldnames(self, prefix: str, languages: Iterable[str]) -> list[str]:
        profiles = dict.fromkeys(profile_for(lang) for lang in languages)
        return [f"{prefix}_{p}" for p in profiles] + [f"{prefix}_latn"]

    def parse(self, text: str, name: str = ARTICLES, languages: Iterable[str] | None = None,
              any_word: bool = False) -> query.Query:
        """Parse Whoosh query syntax over every language the index holds (or the ones asked for).

        Words must all match, unless `any_word`: then articles with more of the words rank higher. A word or phrase
        that names a known entity also matches its other spellings.
        """
        text = check_query_text(text)
        langs = list(languages) if languages else (self.languages() or ["und"])
        schema = self._indexes[name].schema
        if name == ARTICLES:
            groups = {"title": self._text_fieldnames("title", langs), "text": self._text_fieldnames("body", langs)}
            groups["body"] = groups["text"]
            default = groups["title"] + groups["text"] + ["names"]
        else:
            groups = {"text": self._text_fieldnames("text", langs)}
            groups["quote"] = groups["text"]
            default = groups["text"]
        if name == ARTICLES and "author_words" in schema.names():
            groups["author"] = ["author_words"]  # `author:` searches the byline's words; the facet is exact
        parse_schema = schema.copy()
        for alias in groups:
            if alias not in parse_schema.names():
                parse_schema.add(alias, fields.TEXT())
        group = qparser.OrGroup.factory(0.9) if any_word else qparser.AndGroup
        parser = qparser.MultifieldParser(default, parse_schema, group=group)
        parser.replace_plugin(qparser.FieldsPlugin(remove_unknown=False))
        parser.add_plugin(_FieldGroupsPlugin(groups, set(schema.names()), USER_FIELDS if name == ARTICLES else QUOTE_FIELDS))
        parser.add_plugin(DateParserPlugin(free=False))
        parser.add_plugin(qparser.GtLtPlugin())
        parser.add_plugin(newsroom.ProximityPlugin())
        if name == ARTICLES:
            parser.add_plugin(_KnownNamesPlugin(NAME_MATCH_BOOST))
        if not any_word:
            body = "body" if name == ARTICLES else "text"
            parser.add_plugin(_StopWordsPlugin(
                lambda lang: schema[f] if (f := f"{body}_{profile_for(lang)}") in schema.names() else None, langs))
        give_way()  # parsing a long query takes a while: a costly one lets cheap searches go first
        try:
            parsed = parser.parse(_iso_dates_for_whoosh(text), normalize=False)
        except QueryError:
            raise
        except Exception as exc:  # Whoosh's parser raises assorted errors on odd input
            raise QueryError("The query could not be read (%(problem)s); check its operators and field names.",
                             problem=str(exc)) from exc
        problem = _first_error(parsed)
        if problem:
            raise QueryError("Part of the query could not be read: %(problem)s. Dates look like 2026-03-14, "
                             "ranges like published:[2026-03-01 to 2026-04-30].", problem=problem)
        # "*" alone means every document; per field, Whoosh would union every term's postings of ~30 text fields
        # (seconds on a few thousand articles). A document-level Every is a plain list of document numbers.
        give_way()
        parsed = parsed.normalize().accept(lambda q: query.Every() if isinstance(q, query.Every) else q).normalize()
        parsed = self._widen_entities(parsed, schema)
        if isinstance(parsed, query.Every):
            return parsed
        _refuse_unbounded_patterns(parsed)
        if parsed is query.NullQuery or not list(parsed.leaves()):
            raise QueryError("The query has no words to search for (only operators or stop words). Add a word.")
        return parsed

    def _filter(self, name: str, filters: dict[str, str | None]) -> query.Query | None:
        """Facet filters: exact values for language/source/year, any alias for entity facets, date bounds."""
        schema = self._indexes[name].schema
        parts: list[query.Query] = []
        for facet, value in filters.items():
            if not value or facet in ("from", "to"):
                continue
            if facet not in schema.names():
                continue
            if facet == "id":  # internal: the articles of a folded page (`SearchService`), ids apart by spaces
                parts.append(query.Or([query.Term("id", i) for i in value.split()]))
                continue
            if facet in KEYED_FACETS:
                exact = value.startswith(("person:", "place:", "organization:"))  # a clicked facet value's own key
                key = value if exact else ((speaker_key(value) or "") if facet == "speaker" else entity_key(
                    value, KEYED_FACETS[facet]))
                parts.append(self._entity_terms(facet, key, schema, exact))
                continue
            parts.append(query.Term(facet, value))
        parts += [query.DateRange(field, first, last) for field, first, last in
                  date_ranges(filters.get("from"), filters.get("to"))]
        return query.And(parts) if parts else None

    def _facet_map(self, searcher: Searcher, name: str = ARTICLES) -> dict[str, list[tuple[str, ...]]]:
        """docnum -> values for every facet field (and the publication day, for the histogram), for the
        searcher's generation of the articles or the quotes (`name`).

        Built per segment and kept per segment id: segments never change their documents, so after an ingest only
        the new small segment is read (a whole 5,000-article index takes seconds; its posting lists are read one
        facet value at a time). Segments that a merge removed are dropped from the cache. Quotes count a
        surname-only speaker for the one person the articles resolve it to, as the article facets do.
        """
        key = id(searcher)
        cached = self._facet_maps.get(key)
        if cached is not None:
            return cached
        facets = _facet_fields(name, searcher.schema)
        leaves = []
        for sub, base in searcher.reader().leaf_readers():
            seg_id = _segment_key(name, sub)
            local = self._segment_facets.get(seg_id)
            if local is None:
                local = self._segment_facets[seg_id] = stored_facets(sub, name, facets)
            leaves.append((sub, base, seg_id, local))
        live = {seg_id for _, _, seg_id, _ in leaves}
        for cache in (self._segment_facets, self._segment_people, self._segment_resolved, self._segment_aliases):
            for seg_id in [k for k in cache if k.startswith(f"{name}/") and k not in live]:
                cache.pop(seg_id, None)
        if name == ARTICLES:
            people = self._people_tracker.update(set().union(*(self._live_people(sub, seg_id, local)
                                                               for sub, _, seg_id, local in leaves)))
        else:
            articles = self.searcher(ARTICLES)
            self._facet_map(articles)
            people = self._people.get(id(articles)) or _People({}, {})
        built: dict[str, list[tuple[str, ...]]] = {f: [] for f in facets}
        coded: list[tuple[int, int, dict[str, tuple]]] = []
        for sub, base, seg_id, local in leaves:
            columns = self._resolved_columns(seg_id, local, people.resolved)
            mine = {}
            for facet in facets:
                column = built[facet]
                column.extend([()] * (base - len(column)))  # keep global docnums aligned
                values = columns.get(facet, local[facet])
                column.extend(values)
                known = self._segment_codes.get((seg_id, facet))
                if known is None or known[0] is not values:  # new segment, or its people resolved otherwise
                    vocabulary = self._vocabularies.setdefault((name, facet), facet_codes.Vocabulary())
                    known = self._segment_codes[(seg_id, facet)] = (values, *facet_codes.encode(values, vocabulary))
                mine[facet] = known[1:]
            coded.append((base, sub.doc_count_all(), mine))
        for stale in [k for k in self._segment_codes if k[0].startswith(f"{name}/") and k[0] not in live]:
            del self._segment_codes[stale]
        self._people[key] = people
        self._facet_codes[key] = coded
        self._facet_maps[key] = built
        return built

    def _count_facets(self, s: Searcher, name: str, docnums: list[int], facets: Iterable[str],
                      facet_limit: int) -> tuple[dict[str, list[tuple[str, int]]], dict[str, int]]:
        """The `facet_limit` most frequent values of each facet over the matching documents (in the order of
        Counter.most_common), and for the articles every publication day with its count."""
        self._facet_map(s, name)
        docs = np.asarray(docnums, dtype=np.int64)
        segments = []
        for base, size, mine in self._facet_codes[id(s)]:
            lo, hi = np.searchsorted(docs, [base, base + size])
            segments.append((docs[lo:hi] - base, mine))

        def sequence(facet: str):
            if not segments or facet not in segments[0][1]:
                return None
            return facet_codes.gather([(*mine[facet], local) for local, mine in segments])

        out = {}
        for facet in facets:
            seq = sequence(facet)
            out[facet] = [] if seq is None else facet_codes.most_common(seq, self._vocabularies[(name, facet)],
                                                                          facet_limit)
        days = sequence(DAY) if name == ARTICLES else None
        return out, {} if days is None else facet_codes.all_counts(days, self._vocabularies[(name, DAY)])

    def _live_people(self, sub, seg_id: str, local: dict[str, list[tuple[str, ...]]]) -> set[str]:
        """Person keys of a segment's live documents, kept while its deletions stay the same."""
        live_count = sub.doc_count()
        cached = self._segment_people.get(seg_id)
        if cached is None or cached[0] != live_count:
            columns = [local[f] for f in PERSON_FIELDS if f in local]
            keys: set[str] = set()
            for docnum in sub.all_doc_ids() if sub.has_deletions() else range(sub.doc_count_all()):
                for column in columns:
                    keys.update(column[docnum])
            cached = self._segment_people[seg_id] = (live_count, keys)
        return cached[1]

    def _resolved_columns(self, seg_id: str, local: dict[str, list[tuple[str, ...]]],
                          resolved: dict[str, str]) -> dict[str, list[tuple[str, ...]]]:
        """A segment's person columns with partial keys resolved ("Carter" counts for the one Carter the archive
        knows), rebuilt only when the resolution of one of the segment's own partial keys changed."""
        if not resolved:
            return {}
        cached = self._segment_resolved.get(seg_id)
        if cached is None:
            partial = {v for f in PERSON_FIELDS if f in local for values in local[f] for v in values if v in resolved
                       or partial_person_key(v)}
            cached = (partial, None, {})
        partial, mine, columns = cached
        now = {k: resolved[k] for k in partial if k in resolved}
        if now != mine:
            columns = {f: [_resolved(values, now) for values in local[f]] if now else local[f]
                       for f in PERSON_FIELDS if f in local}
        self._segment_resolved[seg_id] = (partial, now, columns)
        return columns

    def _person_keys(self, key: str, exact: bool = False) -> list[str]:
        """The indexed person keys a person filter matches (see names.person_filter_keys)."""
        s = self.searcher(ARTICLES)
        self._facet_map(s)
        people = self._people.get(id(s)) or _People({}, {})
        group = people.by_surname.get(split_person_key(key)[0], [])
        return person_filter_keys(key, group, exact, people.resolved)

    def _entity_terms(self, facet: str, key: str, schema: fields.Schema, exact: bool = False,
                      boost: float = 1.0) -> query.Query:
        """What an entity filter matches: the key (for a person, also the surname-only and initial keys that stand
        for them, or every person of a surname typed alone), and the entities that some article wrote with this
        spelling (`<facet>_aka`: "Instytut Badań Rzecznych" finds the Institut für Flussforschung everywhere)."""
        keys = [key]
        if not exact and f"{facet}_aka" in schema.names():
            keys += self._aliases(f"{facet}_aka", key)
        if facet in PERSON_FIELDS and key.startswith("person:"):
            keys = list(dict.fromkeys(k2 for k in keys for k2 in self._person_keys(k, exact)))
        terms = [query.Term(facet, k) for k in keys]
        return terms[0] if len(terms) == 1 and boost == 1.0 else query.Or(terms, boost=boost)

    def _aliases(self, field: str, key: str) -> list[str]:
        """The entity keys that some article wrote with the spelling `key` (terms `key` ALIAS_OF entity key in the
        `<facet>_aka` field `field`), from a table of each segment's alias terms read once: looking each word of a
        query up in the terms files of every segment took 16 ms of a two-word query at 100,000 articles."""
        found: set[str] = set()
        for sub, _ in self.searcher(ARTICLES).reader().leaf_readers():
            seg_id = _segment_key(ARTICLES, sub)
            table = self._segment_aliases.get(seg_id)
            if table is None:
                table = self._segment_aliases[seg_id] = {}
                for aka in (f for f in sub.schema.names() if f.endswith("_aka")):
                    for term in sub.lexicon(aka):
                        spelling, _, entity = term.decode("utf-8").partition(ALIAS_OF)
                        table.setdefault((aka, spelling), []).append(entity)
            found.update(table.get((field, key), ()))
        return sorted(found)

    def _widen_entities(self, q: query.Query, schema: fields.Schema) -> query.Query:
        """`person:Carter` typed in a query matches every Carter, `person:"Ben Carter"` also his "Carter" mentions,
        `place:Breslau` every article whose Wrocław was written so."""
        def widen(node: query.Query) -> query.Query:
            if isinstance(node, query.Term) and node.fieldname in KEYED_FACETS and isinstance(node.text, str) and (
                    node.text.startswith(("person:", "place:", "organization:"))):
                return self._entity_terms(node.fieldname, node.text, schema, boost=node.boost)
            return node

        return q.accept(widen)

    @_retrying
    def search(self, text: str, filters: dict[str, str | None] | None = None, page: int = 1, limit: int = 10,
               sort: str = "relevance", facet_limit: int = 10, interval: str | None = None) -> SearchResult:
        filters = filters or {}
        interval = check_interval(interval)
        langs = [filters["language"]] if filters.get("language") else None
        described = sentence(text, langs or self.languages())
        q = self.parse(text, ARTICLES, langs, any_word=described)
        flt = self._filter(ARTICLES, filters)
        s = self.searcher(ARTICLES)
        page, limit = max(1, int(page)), max(1, min(int(limit), 1000))
        deadline = search_clock() + SEARCH_DEADLINE
        q, cut = _bounded(q, s.reader())
        sortedby = _date_order(sort, _has_words(q))  # nothing to rank by: newest first
        results, docnums = _page_within(s, q, deadline, page, limit, filter=flt, sortedby=sortedby, relevance=True,
                                        terms=True, sort_keys=self._sort_keys)
        relaxed = False
        if not docnums and not described and relaxable(text):
            # no article has every word of a plain multi-word query: rank those with most of them instead
            q = self.parse(text, ARTICLES, langs, any_word=True)
            results, docnums = _page_within(s, q, deadline, page, limit, filter=flt, sortedby=sortedby,
                                            relevance=True, terms=True, sort_keys=self._sort_keys)
            relaxed = bool(docnums)
        facets, by_day = self._counts(s, docnums, facet_limit)
        results.results.fragmenter = ContextFragmenter(maxchars=260, surround=70)
        results.results.formatter = _MarkFormatter()
        results.results.scorer = FirstOnTies()
        marked = _has_words(q)  # no words, no highlights: analysing each hit's text again would be wasted
        terms = query_terms(q) if marked else {}
        hits = [self._hit(h, marked, terms) for h in results] if (page - 1) * limit < len(docnums) else []
        return SearchResult(total=len(docnums), hits=hits, facets=facets, page=page, limit=limit,
                            languages_searched=langs or self.languages(),
                            suggestion=None if docnums else self.suggest(text), relaxed=relaxed, cut_short=cut,
                            histogram=histogram(by_day, len(docnums), interval), sentence=described and bool(docnums))

    def _counts(self, s: Searcher, docnums: list[int], facet_limit: int) -> tuple[dict, dict]:
        """The facet counts and the documents per day of these matches; those of every document (`*`, a year
        alone...) kept per searcher: counting 100,000 articles' values took longer than finding them."""
        everything = len(docnums) == s.doc_count()
        key = (id(s), facet_limit)
        if everything and key in self._all_counts:
            facets, days = self._all_counts[key]
            return {f: list(v) for f, v in facets.items()}, dict(days)
        counts = self._count_facets(s, ARTICLES, docnums, FACETS, facet_limit)
        if everything:
            self._all_counts[key] = counts
        return {f: list(v) for f, v in counts[0].items()}, dict(counts[1])

    @_retrying
    def matching_ids(self, text: str, filters: dict[str, str | None] | None = None,
                     sort: str = "relevance", deadline: float | None = None) -> Iterator[str]:
        """Every match in `search`'s order: one collecting pass (the same fallback to any-word ranking, no facets
        or snippets), and the ids read out of the stored fields at once (ids are small; the rows are not)."""
        filters = filters or {}
        langs = [filters["language"]] if filters.get("language") else None
        if sort not in ("relevance", "newest", "oldest"):
            raise QueryError("Unknown sort '%(sort)s': use relevance, newest or oldest.", sort=sort)
        described = sentence(text, langs or self.languages())
        q = self.parse(text, ARTICLES, langs, any_word=described)
        flt = self._filter(ARTICLES, filters)
        s = self.searcher(ARTICLES)
        q, _ = _bounded(q, s.reader())
        sortedby = _date_order(sort, _has_words(q))
        everything = max(1, s.doc_count_all())
        deadline = search_clock() + (EXPORT_DEADLINE if deadline is None else deadline)
        results, docnums = _page_within(s, q, deadline, 1, everything, filter=flt, sortedby=sortedby,
                                            sort_keys=self._sort_keys)
        if not docnums and not described and relaxable(text):
            q = self.parse(text, ARTICLES, langs, any_word=True)
            results, docnums = _page_within(s, q, deadline, 1, everything, filter=flt, sortedby=sortedby,
                                            sort_keys=self._sort_keys)
        # read out now: a later commit may close this searcher while the caller is still iterating
        return iter([s.stored_fields(docnum)["id"] for _, docnum in results.results.top_n])

    @_retrying
    def suggest(self, text: str) -> str | None:
        """The query with each word the archive does not contain replaced by the closest word it does."""
        s = self.searcher(ARTICLES)
        reader, corrector = s.reader(), s.corrector("spell")
        changed = False

        def fix(match: re.Match) -> str:
            nonlocal changed
            word = match.group(0)
            low = word.lower()
            if word in OPERATORS or reader.frequency("spell", low) > 0:
                return word
            # prefix=1: typos seldom hit the first letter, and scanning only that letter's words is ~15x faster
            options = corrector.suggest(low, limit=1, maxdist=1 if len(low) < 6 else 2, prefix=1)
            if not options:
                return word
            changed = True
            return options[0]

        fixed = _QUERY_WORD.sub(fix, text)
        return fixed if changed else None

    @staticmethod
    def _hit(h, highlight: bool = True, terms: dict[str, frozenset[str]] | None = None) -> Hit:
        give_way()  # a costly search's snippets read long texts again: cheap searches first
        content = h.get("content", "")
        marked = ""
        lang = h.get("language", "und")
        for fieldname in (f"body_{profile_for(lang)}", "body_latn") if highlight else ():
            try:
                marked = h.highlights(fieldname, text=content, top=2)
            except Exception:  # a snippet is a nicety: never fail a search over it
                marked = ""
            if marked:
                break
        if not marked and terms:
            marked = name_snippet(content, terms, lang)  # found by another spelling of a name: mark the one it writes
        plain, marked_html = _snippet_pair(marked) if marked else (_lead(content), html.escape(_lead(content)))
        return Hit(id=h["id"], title=h.get("headline", ""), url=h.get("url", ""), published=h.get("published_iso"),
                   language=lang, source=h.get("source", ""), snippet=plain, snippet_html=marked_html,
                   score=round(float(h.score or 0.0), 4), version=int(h.get("version") or 0))

    @_retrying
    def search_quotes(self, text: str | None = None, speaker: str | None = None, limit: int = 20, page: int = 1,
                      include_fragments: bool = True, filters: dict[str, str | None] | None = None,
                      sort: str = "relevance", facet_limit: int = 10) -> QuoteResult:
        """Quotes by words and speaker; `filters` narrows by language, source, article_id and from/to dates."""
        s = self.searcher(QUOTES)
        has_text = bool(text and text.strip())
        q = self.parse(text, QUOTES) if has_text else query.Every()
        flt = self._filter(QUOTES, {**(filters or {}), "speaker": speaker})
        if not include_fragments:
            flt = query.And([flt, query.Term("fragment", False)]) if flt else query.Term("fragment", False)
        sortedby = _date_order(sort, has_text)
        q, cut = _bounded(q, s.reader())
        results, docnums = _page_within(s, q, search_clock() + SEARCH_DEADLINE, max(1, page),
                                        max(1, min(limit, 1000)), filter=flt, sortedby=sortedby,
                                        sort_keys=self._sort_keys)
        quotes = [self._quote_hit(h) for h in results]
        facets, _ = self._count_facets(s, QUOTES, docnums, QUOTE_FACETS, facet_limit)
        return QuoteResult(total=len(docnums), quotes=quotes, cut_short=cut, facets=facets)

    def _quote_hit(self, h) -> QuoteHit:
        return QuoteHit(id=h["id"], text=h["quote_text"], speaker=h.get("speaker_name") or None,
                        fragment=bool(h.get("fragment")), article_id=h["article_id"], title=h.get("headline", ""),
                        published=h.get("published_iso"), language=h.get("language", "und"),
                        source=h.get("source", ""), speaker_description=h.get("speaker_description") or None)

    @_retrying
    def quote(self, quote_id: str) -> QuoteHit | None:
        s = self.searcher(QUOTES)
        docnum = s.document_number(id=quote_id)
        return None if docnum is None else self._quote_hit(s.stored_fields(docnum) | {"id": quote_id})

    @_retrying
    def quote_candidates(self, text: str, language: str, limit: int = 50) -> list[QuoteHit]:
        """Quotes in the same language sharing many words with `text` (to be confirmed by provenance)."""
        from indexer.index.provenance import candidate_query

        terms = candidate_query(text)
        if not terms:
            return []
        s = self.searcher(QUOTES)
        q = self.parse(terms, QUOTES, [language], any_word=True)
        hits = s.search(q, limit=limit, filter=query.Term("language", language), optimize=NO_BLOCK_SKIPPING)
        return [self._quote_hit(h) for h in hits]
