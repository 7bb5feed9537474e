"""The search engine's interface: what the archive, the search service and the CLI may ask of an index.

Everything here is plain Python: no backend type (a Whoosh searcher or query, a Solr client) appears in a signature,
so a second backend can implement `SearchEngine` and run the same contract tests (tests/test_engine_contract.py).
`open_engine` picks the backend: Whoosh in the data directory (`whoosh_engine`), or a SolrCloud (`solr`).

The query syntax is the user's contract, whatever the backend: words (all must match; a plain multi-word query with
no match falls back to any-word ranking), "phrases", AND / OR / NOT, wildcards (Kramat*), fields (title:, text:,
person:, place:, organization:, speaker:, language:, source:, year:, url:, names:, published:, author:) and date ranges
(published:[2026-03-01 to 2026-04-30], published:<2026-01-01: each article's own calendar days); `*` alone is every
article, newest first.
Lucene's phrase slop ("night train"~3: the words in order, up to 3 positions apart) and the newsroom operators
(`newsroom`): `Kyiv w/5 train` and `Kyiv near/5 train` (at most 5 words apart, either order), `Kyiv pre/3 Warsaw`
(Warsaw at most 3 words after Kyiv), `atleast3(drought)` (the word at least 3 times in the body text); their number
is 1..MAX_OPERATOR_NUMBER (QueryError otherwise), stop words are not counted, and a word that only looks like an
operator (`w/5` first or last, `w/x`, `atleast3` without parentheses) is a word. A query with an operator never falls
back to any-word ranking.

Every query is bounded, whatever the archive's size: a wildcard needs MIN_PATTERN_LETTERS letters before its first
`*` or `?` (QueryError otherwise), each wildcard, prefix or range searches at most MAX_EXPANSION words per field
(`cut_short` lists the ones that matched more), and a search that cannot finish within SEARCH_DEADLINE seconds
raises QueryTooBroad.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from indexer.models import AnnotatedArticle

FACETS = ("person", "place", "organization", "speaker", "language", "source", "year", "author")
QUOTE_FACETS = ("speaker", "language", "source")
KEYED_FACETS = {"person": "person", "place": "place", "organization": "organization", "speaker": "person"}
MIN_PATTERN_LETTERS = 2
MAX_EXPANSION = 64
SEARCH_DEADLINE = 2.0  # seconds
EXPORT_DEADLINE = 60.0  # seconds to find every match of an export (reading them out afterwards is not timed)
MAX_OPERATOR_NUMBER = 50  # the largest N of w/N, near/N, pre/N and atleastN(…)
INDEX_DIR = "index"  # the Whoosh index's folder inside a data directory


class QueryError(ValueError):
    """A query the user must change; the message says what is wrong and what to do.

    The message is a template with named %-style parameters, kept apart (`template`, `params`) so that the web pages
    can show it in the reader's language: the templates are in the interface's catalogs (scripts/translations)."""

    def __init__(self, template: str, **params):
        self.template, self.params = template, params
        super().__init__(template % params if params else template)


class QueryTooBroad(QueryError):
    """A query that would take longer than the search deadline to answer; the message says how to narrow it."""


def too_broad() -> QueryTooBroad:
    """The error for a search that passed SEARCH_DEADLINE, saying how to narrow it."""
    return QueryTooBroad("The query matched too much to answer within %(seconds)s s: narrow it with more words, a "
                         "phrase in double quotes, a filter (language, source, year, dates) or longer wildcard "
                         "prefixes.", seconds=round(SEARCH_DEADLINE))


class IndexBusy(RuntimeError):
    """Another process held the index write lock for longer than we were willing to wait."""


class EngineRefused(RuntimeError):
    """The backend answered and refused what was asked (its set-up does not allow it); the message says what to do."""


class EngineUnavailable(RuntimeError):
    """The search backend cannot be reached (a server down or refusing us); the message says which and where."""


# -- results -------------------------------------------------------------------------------------------------
@dataclass
class Hit:
    id: str
    title: str
    url: str
    published: str | None
    language: str
    source: str
    snippet: str
    snippet_html: str
    score: float
    version: int = 0  # the article's version the index holds (what a permalink pins)


@dataclass
class Histogram:
    """Matches per publication date (see `histogram`): buckets plus `undated` add up to the search's total."""

    interval: str  # year, month, week or day
    buckets: list[tuple[str, int]] = field(default_factory=list)  # (start YYYY-MM-DD, count), in date order
    undated: int = 0  # matches without a publication date


@dataclass
class SearchResult:
    total: int
    hits: list[Hit]
    facets: dict[str, list[tuple[str, int]]]  # facet -> [(indexed value or key, count)], most frequent first
    page: int = 1
    limit: int = 10
    languages_searched: list[str] = field(default_factory=list)
    suggestion: str | None = None  # "did you mean", offered when nothing matched
    relaxed: bool = False  # no article had every word: these have some of them
    sentence: bool = False  # typed as a sentence, so ranked by its words with none required (`SENTENCE_WORDS`)
    cut_short: list[str] = field(default_factory=list)  # wildcards and ranges that matched more words than searched
    histogram: Histogram = field(default_factory=lambda: Histogram("day"))  # of every match, not only this page


@dataclass
class QuoteHit:
    id: str
    text: str
    speaker: str | None
    fragment: bool
    article_id: str
    title: str
    published: str | None
    language: str
    source: str
    speaker_description: str | None = None  # who spoke, as the article describes an unnamed source


@dataclass
class QuoteResult:
    total: int
    quotes: list[QuoteHit]
    cut_short: list[str] = field(default_factory=list)
    facets: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # QUOTE_FACETS of every match


@dataclass
class IndexStats:
    articles: int  # articles searchable now
    quotes: int
    languages: list[str]  # language codes of the indexed articles, sorted
    warnings: list[str] = field(default_factory=list)  # what needs an archivist's attention (a failed merge)


def parse_date(value: str | None) -> datetime | None:
    """An ISO 8601 date as a naive UTC datetime: the moment of publication (a time without an offset read as UTC).
    What a reader sees and filters by is the publication's own calendar day instead: `dates`."""
    if not value:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(UTC).replace(tzinfo=None)
    return parsed


# -- the interface -------------------------------------------------------------------------------------------
@runtime_checkable
class SearchEngine(Protocol):
    """The search index of one archive: articles and their quotations, derived from the store.

    Every method may raise `EngineUnavailable` when the backend cannot be reached. Readers see the newest committed
    state, including what other processes committed.
    """

    replaced_layout: bool
    """True when opening found an index written by another version of the program and started it empty: the caller
    (the archive) refills it from the store."""

    def write_articles(self, items: Iterable[tuple[str, int, AnnotatedArticle | None]],
                       timeout: float = 900.0) -> int:
        """Add or replace articles, each with its quotations (quote ids are "<article id>:<n>"); `None` for the
        article deletes it and its quotes. Items are (article id, version, annotated article or None).

        `items` is consumed only once the engine may write (holds the write lock), so a caller can read what to
        index at that moment; nothing is committed when it is empty. Returns how many items were written.
        Raises IndexBusy when another writer kept the index for longer than `timeout` seconds.
        """
        ...

    def clear(self) -> None:
        """Empty the index (articles and quotes), for a rebuild from the store. Raises IndexBusy like a write."""
        ...

    def rebuild(self, items: Iterable[tuple[str, int, AnnotatedArticle | None]],
                catch_up: Callable[[dict[str, int | None]], Iterable[tuple[str, int, AnnotatedArticle | None]]],
                timeout: float = 900.0) -> int:
        """Build a new index from `items` beside the one in use, and switch to it atomically: readers keep
        answering from the old index until then, and never see a partial one.

        Other processes may write meanwhile (into the old index). Just before the switch, with writers held off,
        `catch_up` is given what was written (article id -> version, None for a deleted one) and yields what
        changed since, which is written too; writers that waited write into the new index. Returns how many
        articles the new index holds. Raises IndexBusy like a write.
        """
        ...

    def indexed_versions(self) -> dict[str, int]:
        """Article id -> the version the index holds (for comparing index and store)."""
        ...

    def languages(self) -> list[str]:
        """Language codes of the indexed articles, sorted."""
        ...

    def stats(self) -> IndexStats:
        """How many articles and quotes are searchable, and in which languages."""
        ...

    def articles(self) -> int:
        """How many articles are searchable: the cheapest question that needs the whole index to answer (a
        readiness check's)."""
        ...

    def search(self, text: str, filters: dict[str, str | None] | None = None, page: int = 1, limit: int = 10,
               sort: str = "relevance", facet_limit: int = 10, interval: str | None = None) -> SearchResult:
        """Articles matching the query `text` (the syntax in this module's docstring), one page of them.

        `filters` narrow by facet (person, place, organization, speaker: any spelling of a name, or a facet value's
        own key; language, source, year: exact values) and by date (`from`, `to`, both included: a day, month or
        year on each article's own calendar, a time on its own clock, or a moment with an offset: `dates`).
        `sort` is relevance, newest or oldest (by own day, then moment; undated articles last either way); a query
        with no words to rank by lists newest first. `cut_short` lists the wildcards and ranges that matched more words than were searched.
        `total` counts every match; facets count the values of every match (keys for KEYED_FACETS),
        `facet_limit` per facet, most frequent first. A page past the end has no hits. When nothing matched,
        `suggestion` offers the query spelt as the archive spells it. `histogram` counts every match by publication
        date, by `interval` (year, month, week, day; None chooses by the span: `histogram.auto_interval`).
        Raises QueryError for a query or filter that cannot be read, `from` after `to`, or an unknown sort or
        interval, and
        QueryTooBroad for one that cannot be answered within SEARCH_DEADLINE seconds.
        """
        ...

    def matching_ids(self, text: str, filters: dict[str, str | None] | None = None,
                     sort: str = "relevance", deadline: float | None = None) -> Iterator[str]:
        """The id of every article `search` would find for the same arguments, in its order, with no page cap
        (for exports, and for folding wire copies). The query is read and run before this returns, so QueryError
        is raised by the call; the ids then come a batch at a time. QueryTooBroad comes when finding the matches
        takes longer than `deadline` seconds: from the call for a backend that collects first (None: within
        EXPORT_DEADLINE), while iterating for one that pages (None: no limit)."""
        ...

    def suggest(self, text: str) -> str | None:
        """The query with each word the archive does not contain replaced by the closest word it does (None when
        there is nothing to change)."""
        ...

    def search_quotes(self, text: str | None = None, speaker: str | None = None, limit: int = 20, page: int = 1,
                      include_fragments: bool = True, filters: dict[str, str | None] | None = None,
                      sort: str = "relevance", facet_limit: int = 10) -> QuoteResult:
        """Quotations by words (`text`, the query syntax; None or blank for all, newest first) and `speaker` (any
        spelling of the name). `filters` narrow by language, source, article_id and from/to dates (as `search`);
        without `include_fragments`, only full statements. `sort` is relevance (newest first without words), newest
        or oldest (undated quotes last); `facets` count QUOTE_FACETS over every match (speaker keys), `facet_limit` per facet.
        Raises QueryError for a query that cannot be read, or an unknown sort."""
        ...

    def quote(self, quote_id: str) -> QuoteHit | None:
        """One quotation by id, or None when the index has no such quote."""
        ...

    def one_view(self) -> AbstractContextManager[None]:
        """Within it, this thread's searches share what the engine reads of the index once per commit (Solr's people
        table, checked against the index by the first search): the searches of one page cost one round trip less
        each. Nothing for an engine that needs no such check."""
        ...

    def quote_candidates(self, text: str, language: str, limit: int = 50) -> list[QuoteHit]:
        """Quotations in `language` sharing many words with `text`, best first: the candidates that provenance
        (`provenance.same_statement`) then confirms or rejects. Empty when `text` has no words."""
        ...

    def close(self) -> None:
        """Release what the engine holds open (searchers, connections); it may not be used afterwards."""
        ...


def index_key(url: str | None) -> str | None:
    """The name under which the store keeps what the index at `url` holds: the URL without its credentials, its
    nodes sorted (None for the data directory's own index). Changing a password or the order of nodes keeps it."""
    if not url:
        return None
    scheme, _, rest = url.partition("://")
    scheme = {"solrs": "solr"}.get(scheme.lower(), scheme.lower())  # the same index, over HTTPS or not
    location = rest.rpartition("@")[2]
    hosts, _, path = location.partition("/")
    return f"{scheme}://{','.join(sorted(h.strip() for h in hosts.split(',') if h.strip()))}/{path}"

