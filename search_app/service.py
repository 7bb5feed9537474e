"""The search service: turns engine results into the JSON shapes of the outside contract.

It knows nothing of Flask, so the CLI (`search --json`, `quotes --json`, `stats --json`) and the HTTP API share one
implementation and cannot drift apart.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, replace
from datetime import date, timedelta

from indexer import metrics
from indexer.annotate.entities.keys import speaker_key
from indexer.archive import Archive
from indexer.explore.lookup import slugs_for
from indexer.index import priority
from indexer.index.dates import own_day
from indexer.index.engine import (
    FACETS,
    KEYED_FACETS,
    QUOTE_FACETS,
    SEARCH_DEADLINE,
    EngineUnavailable,
    Hit,
    QueryError,
    SearchResult,
    parse_date,
)
from indexer.index.histogram import bucket_end, histogram
from indexer.index.provenance import in_date_order, same_statement
from indexer.index.query_limits import check_query_text, costly
from indexer.index.translated import WITHIN_DAYS, article_names, translations
from indexer.sources.origins import public_origin
from indexer.store_db import StoreUnavailable
from indexer.text.names import keys_may_match, partial_person_key
from search_app.citation import cited, cited_quotes, dated
from search_app.diff import paragraph_changes
from search_app.explore import Explorer, keyed_filters, linked_article, with_speaker_keys
from search_app.folding import fold

FILTERS = ("person", "place", "organization", "speaker", "language", "source", "year", "author", "from", "to")
QUOTE_FILTERS = ("language", "source", "article", "from", "to")

__all__ = ["FILTERS", "QUOTE_FILTERS", "EngineUnavailable", "MissingVersion", "QueryError", "SearchBusy",
           "SearchService"]
QUOTE_BATCH = 500  # quotes per page read while exporting them

# Costly searches (`query_limits.costly`: wildcards, ranges, phrases, proximity operators, long queries) each run
# until they answer or reach the deadline; at most this many run at once in a process, so a few of them cannot take
# every serving thread (and the interpreter) from the cheap ones.
BROAD_AT_ONCE = 2
_broad_searches = threading.BoundedSemaphore(BROAD_AT_ONCE)


TRACED_REPORTS = 10  # same-language reports of a statement whose days are searched for it in other languages


class SearchBusy(QueryError):
    """Too many costly searches (wildcards, phrases, proximity…) are running: the caller may try again in a moment."""


class MissingVersion(LookupError):
    """The article exists but not in the version asked for; `versions` are the ones it has."""

    def __init__(self, article_id: str, version: int, versions: list[int]):
        self.article_id, self.version, self.versions = article_id, version, versions
        super().__init__(f"article {article_id!r} has no version {version}: it has versions "
                         f"{', '.join(map(str, versions))}")


class _BroadSlot:
    """Holds one of the BROAD_AT_ONCE slots for a costly query (nothing for a cheap one)."""

    def __init__(self, q: str | None):
        self.held = costly(q)
        if self.held:
            check_query_text(q)  # a query beyond the limits is refused at once, not after waiting for its turn
        self.priority = priority.costly() if self.held else priority.cheap()  # cheap searches go first

    def __enter__(self):
        self.priority.__enter__()  # (a costly search waiting for its turn is not cheap: nothing gives way to it)
        if self.held and not _broad_searches.acquire(timeout=SEARCH_DEADLINE):
            self.priority.__exit__(None, None, None)
            raise SearchBusy("%(running)s costly searches (wildcards, ranges, phrases, proximity operators, long "
                             "queries) are running already; try again in a moment, or search for a few plain "
                             "words.", running=BROAD_AT_ONCE)
        return self

    def __exit__(self, *exc):
        if self.held:
            _broad_searches.release()
        self.priority.__exit__(*exc)


class SearchService:
    def __init__(self, archive: Archive | Callable[[], Archive]):
        """The service of an archive, or of the one a function lends on first use (the web app's: a costly search
        waits for its place without holding one of the few open archives that cheap searches need)."""
        self.borrowed, self._lend = (archive, None) if isinstance(archive, Archive) else (None, archive)
        self.without_store = False  # an answer left out what only the store knows (it did not answer)

    @property
    def archive(self) -> Archive:
        if self.borrowed is None:
            self.borrowed = self._lend()
        return self.borrowed

    def search(self, q: str, filters: dict[str, str | None] | None = None, page: int = 1, limit: int = 10,
               sort: str = "relevance", facet_limit: int = 10, interval: str | None = None,
               base_url: str | None = None, collapse: bool = False, reader: str | None = None) -> dict:
        """Articles for a query; with filters and no words, every article the filters keep, newest first
        (browsing). The histogram counts every match by date (`interval`: year, month, week, day or automatic).
        Each hit has its `permalink` (on `base_url`, the archive's address) and `citation`. With `collapse`, the
        wire copies of a story are one result, shown as its earliest matching article (`folding`): `total`, the
        pages and the histogram count stories, each hit says how many matches it stands for (`folded`), and the
        facets still count every matching article (every outlet that ran a story is in the source facet). Entity
        facets are labelled in the spelling of the `reader`'s language where the archive has one."""
        started = time.monotonic()
        filters = _search_filters(filters)
        q = _browsed(q, filters)
        shown = filters  # an entity's URL key becomes its index key (while the store answers)
        filters = self._from_store(lambda: keyed_filters(self.archive, shown), shown)
        with _BroadSlot(q):
            # folded, this search gives only the facets (and did-you-mean): one hit, not a page of snippets
            result = self.archive.engine.search(q, filters, page=1 if collapse else page,
                                                limit=1 if collapse else limit, sort=sort,
                                                facet_limit=facet_limit, interval=interval)
            folded: dict[str, int] = {}
            if collapse:
                result, folded = self._folded(result, q, filters, page, limit, sort, interval)
        h = result.histogram
        hits = [dated(cited(asdict(h), h.id, h.version or None, base_url)) for h in result.hits]
        answer = {
            "query": q,
            "total": result.total,
            "page": result.page,
            "limit": result.limit,
            "filters": shown,
            "collapse": collapse,
            "hits": self._with_copies([h | {"folded": folded[h["id"]]} for h in hits] if collapse else hits),
            "facets": self._facets_json(result.facets, FACETS, reader),
            "histogram": {"interval": h.interval, "undated": h.undated,
                          "buckets": [{"start": start, "end": bucket_end(date.fromisoformat(start), h.interval)
                                       .isoformat(), "count": n} for start, n in h.buckets]},
            "did_you_mean": result.suggestion,
            "relaxed": result.relaxed,
            "sentence": result.sentence,
            "cut_short": result.cut_short,
        }
        metrics.search("articles", time.monotonic() - started)
        return self._degraded(answer)

    def _folded(self, result: SearchResult, q: str, filters: dict[str, str], page: int, limit: int, sort: str,
                interval: str | None) -> tuple[SearchResult, dict[str, int]]:
        """`result` (the unfolded search's facets) with one hit per story: every match is read in the search's
        order (the engine raises QueryTooBroad past SEARCH_DEADLINE), filed under its story, and the page's
        articles are searched again for their snippets."""
        engine = self.archive.engine
        ordered = list(engine.matching_ids(q, filters, sort=sort, deadline=SEARCH_DEADLINE))
        dates = self.archive.store.story_dates(ordered)
        published = {i: p for i, (_, p, _) in dates.items()}
        stories = {i: (story, _utc(p) or _utc(seen) or "") for i, (story, p, seen) in dates.items()}
        shown = fold(ordered, stories, by_rank=sort == "relevance" and q.strip() != "*")
        page, limit = max(1, int(page)), max(1, min(int(limit), 1000))
        on_page = shown[(page - 1) * limit:page * limit]
        hits: list[Hit] = []
        if on_page:
            found = engine.search(q, {**filters, "id": " ".join(f.article_id for f in on_page)}, page=1,
                                  limit=len(on_page), sort=sort, facet_limit=1)
            by_id = {h.id: h for h in found.hits}
            hits = [by_id[f.article_id] for f in on_page if f.article_id in by_id]
        days = Counter(day for f in shown if (day := own_day(published.get(f.article_id))))
        return replace(result, total=len(shown), hits=hits, page=page, limit=limit,
                       histogram=histogram(days, len(shown), interval)), {f.article_id: f.folded for f in on_page}

    def _with_copies(self, hits: list[dict]) -> list[dict]:
        """Each hit with `copies`: how many other articles of the archive are the same wire story; and `story`,
        the story across outlets and languages it belongs to (search_app.explore), with `story_reports` (None while
        the store does not answer: the search itself needs only the index)."""
        ids = [h["id"] for h in hits]
        copies = self._from_store(lambda: self.archive.store.copies(ids), None)
        stories = self._from_store(lambda: Explorer(self.archive).stories_of(ids), {})
        return [h | {"copies": None if copies is None else copies.get(h["id"], 0),
                     "story": (story := stories.get(h["id"], {})).get("id"),
                     "story_reports": {k: story[k] for k in ("articles", "languages")} if story else None}
                for h in hits]

    def _from_store(self, read: Callable, default):
        """What `read()` reads of the store, or `default` while the store does not answer (the answer then says
        `"degraded": ["store"]`): what a search shows beside its hits, which need only the index."""
        try:
            return read()
        except StoreUnavailable:
            self.without_store = True
            return default

    def _degraded(self, answer: dict) -> dict:
        if self.without_store:
            answer["degraded"] = ["store"]
        return answer

    def _facets_json(self, pairs_by_facet: dict[str, list[tuple[str, int]]], facets: tuple[str, ...],
                     reader: str | None = None) -> dict:
        """Facet values as the JSON shows them: keyed facets by the entity's name, with its key; the name is the
        spelling of the reader's language, else of the results' most frequent languages, else the most used."""
        out: dict[str, list[dict]] = {}
        languages = [reader] + [lang for lang, _ in pairs_by_facet.get("language", [])]
        keys = [v for f in facets if f in KEYED_FACETS for v, _ in pairs_by_facet.get(f, [])]
        slugs = self._from_store(lambda: slugs_for(self.archive.store.db, keys), {})  # (else the index keys)
        for facet in facets:
            pairs = pairs_by_facet.get(facet, [])
            names = self._display_names([v for v, _ in pairs], facet, languages, reader) if facet in KEYED_FACETS \
                else {}
            out[facet] = [{"value": names.get(v, v), "count": n} | (
                {"key": slugs.get(v, v)} | ({"partial": True} if partial_person_key(v) else {})
                if facet in KEYED_FACETS else {}) for v, n in pairs]
        return out

    def _display_names(self, keys: list[str], facet: str, languages: list[str | None],
                       reader: str | None = None) -> dict[str, str]:
        """Names for facet keys; a speaker known by surname alone ("Tkachenko said") counts for the one Tkachenko
        the archive knows, whose full name may appear only among the people named in articles (and vice versa).
        Places and organisations are named in the `reader`'s script where the archive knows a name in it."""
        store = self.archive.store

        def read() -> dict[str, str]:
            names = store.display_names(keys, facet, languages, reader)
            missing = [k for k in keys if k not in names]
            if missing and facet in ("person", "speaker"):
                names |= store.display_names(missing, "speaker" if facet == "person" else "person", languages)
            return names

        return self._from_store(read, {})  # (the facets keep their keys while the store does not answer)

    def quotes(self, q: str | None = None, speaker: str | None = None, limit: int = 20, page: int = 1,
               filters: dict[str, str | None] | None = None, fragments: bool = True, sort: str = "relevance",
               facet_limit: int = 10, base_url: str | None = None, reader: str | None = None) -> dict:
        """Quotes by words and speaker, narrowed by QUOTE_FILTERS (language, source, article, from, to); without
        `fragments`, only full statements (no scare quotes, titles or words quoted inside a sentence). `sort`:
        relevance (newest first without words), newest or oldest; facets count speakers, languages and sources.
        Each quote has the `permalink` and `citation` of its article."""
        narrowed = {("article_id" if k == "article" else k): v for k, v in (filters or {}).items()
                    if k in QUOTE_FILTERS and v}
        started = time.monotonic()
        speaker = self._from_store(lambda: keyed_filters(self.archive, {"speaker": speaker})["speaker"], speaker)
        with _BroadSlot(q):
            result = self.archive.engine.search_quotes(q, speaker=speaker, limit=limit, page=page, filters=narrowed,
                                                       include_fragments=fragments, sort=sort,
                                                       facet_limit=facet_limit)
        quotes = self._cited_quotes(result.quotes, base_url)
        answer = {"total": result.total,
                  "quotes": self._from_store(lambda: with_speaker_keys(self.archive, quotes), quotes),
                  "cut_short": result.cut_short, "facets": self._facets_json(result.facets, QUOTE_FACETS, reader)}
        metrics.search("quotes", time.monotonic() - started)
        return self._degraded(answer)

    def _cited_quotes(self, quotes: list, base_url: str | None) -> list[dict]:
        """Quote records with their article's permalink and citation; while the store does not answer, without
        them (the permalink then names no version, and `url` is null)."""
        heads = self._from_store(lambda: self.archive.store.article_heads(q.article_id for q in quotes), {})
        return cited_quotes(heads, quotes, base_url)

    def export_articles(self, q: str, filters: dict[str, str | None] | None = None, sort: str = "relevance",
                        base_url: str | None = None) -> Iterator[dict]:
        """Every article the search finds, in its order, as export rows (see search_app.export.ARTICLE_COLUMNS).
        The query runs before this returns (a bad one raises QueryError here, before a response has started);
        the rows are read from the store one at a time as they are iterated."""
        filters = _search_filters(filters)
        q = _browsed(q, filters)
        with _BroadSlot(q):
            ids = self.archive.engine.matching_ids(q, keyed_filters(self.archive, filters), sort)
        return self._article_rows(ids, base_url)

    def _article_rows(self, ids: Iterator[str], base_url: str | None) -> Iterator[dict]:
        store = self.archive.store
        for article_id in ids:
            found = store.current_article(article_id)
            if found is None:  # deleted since the search
                continue
            version, annotated = found
            a = annotated.article
            names = {kind: list(dict.fromkeys(e.name for e in annotated.entities if e.type == kind))
                     for kind in ("person", "place", "organization")}
            row = {"id": article_id, "title": a.title, "source": a.source, "author": a.byline,
                   "published": a.published, "language": annotated.language, "url": a.url, "version": version,
                   "people": names["person"], "places": names["place"], "organizations": names["organization"],
                   "speakers": list(dict.fromkeys(qt.speaker for qt in annotated.quotes if qt.speaker))}
            yield cited(row, article_id, version, base_url)

    def export_quotes(self, q: str | None = None, speaker: str | None = None,
                      filters: dict[str, str | None] | None = None, fragments: bool = True,
                      base_url: str | None = None) -> Iterator[dict]:
        """Every quote the quote search finds, in its order, as export rows (QUOTE_COLUMNS), QUOTE_BATCH at a
        time. The first batch is read before this returns, so a bad query raises here."""
        first = self.quotes(q, speaker=speaker, limit=QUOTE_BATCH, page=1, filters=filters, fragments=fragments,
                            base_url=base_url)
        return self._following_quotes(first, q, speaker, filters, fragments, base_url)

    def _following_quotes(self, batch: dict, q, speaker, filters, fragments, base_url) -> Iterator[dict]:
        page, seen = 1, set()
        while batch["quotes"]:
            for record in batch["quotes"]:
                if record["id"] not in seen:  # a write between two pages may shift a quote into the next one
                    seen.add(record["id"])
                    yield record
            if page * QUOTE_BATCH >= batch["total"]:
                return
            page += 1
            batch = self.quotes(q, speaker=speaker, limit=QUOTE_BATCH, page=page, filters=filters,
                                fragments=fragments, base_url=base_url)

    def quote(self, quote_id: str, base_url: str | None = None) -> dict | None:
        """One quotation with its provenance: every article that reported the same statement, earliest first."""
        engine = self.archive.engine
        quote = engine.quote(quote_id)
        if quote is None:
            return None
        key = speaker_key(quote.speaker)
        same = [c for c in engine.quote_candidates(quote.text, quote.language)
                if c.id == quote.id or (not c.fragment and same_statement(quote.text, c.text, key,
                                                                          _same_speaker(key, speaker_key(c.speaker))))]
        if all(c.id != quote.id for c in same):
            same.append(quote)
        found = [(c, False, None) for c in same]
        seen = {c.id for c in same}
        for report in in_date_order(same, lambda c: _utc(c.published))[:TRACED_REPORTS]:
            for c, score in self._translations(report):  # each report's own days: a later copy finds the first
                if c.id not in seen:
                    seen.add(c.id)
                    found.append((c, True, score))
        ordered = in_date_order(found, lambda f: _utc(f[0].published))
        record, *reported = with_speaker_keys(self.archive, self._cited_quotes([quote, *(c for c, _, _ in ordered)],
                                                                                base_url))
        for report, (_, translated, score) in zip(reported, ordered, strict=True):
            report["translated"] = translated
            if score is not None:
                report["evidence"] = round(score, 2)
        record["first_reported"] = reported[0]
        record["reported_by"] = reported
        record["outlets"] = list(dict.fromkeys(r["source"] for r in reported))
        record["languages"] = list(dict.fromkeys(r["language"] for r in reported))
        return record

    def _translations(self, quote) -> list:
        """The same statement reported in other languages (indexer.index.translated): the speaker's quotations
        within WITHIN_DAYS of this one, aligned with this article's by order, length, numbers and names."""
        day = own_day(quote.published)
        if not quote.speaker or day is None:
            return []
        when = date.fromisoformat(day)
        span = {"from": (when - timedelta(days=WITHIN_DAYS)).isoformat(),
                "to": (when + timedelta(days=WITHIN_DAYS)).isoformat()}
        nearby = self.archive.engine.search_quotes(None, speaker=quote.speaker, limit=200, filters=span).quotes
        store, names = self.archive.store, {}

        def names_of(article_id: str) -> dict[str, str]:
            if article_id not in names:
                names[article_id] = article_names(store.article(article_id))
            return names[article_id]

        return translations(quote, nearby, names_of)

    def stats(self) -> dict:
        return self.archive.store.stats()

    def summary(self) -> dict:
        return self.archive.store.summary()

    def article(self, article_id: str, version: int | None = None, base_url: str | None = None) -> dict | None:
        """The article record at a version (default the newest), with its versions, `permalink` and `citation`."""
        store = self.archive.store
        info = store.article_info(article_id)
        annotated = store.article(article_id, version)
        if info is None or annotated is None:
            return None
        record = annotated.to_json()
        record.pop("path", None)
        record["id"] = article_id
        record["version"] = version or info["current_version"]
        record["versions"] = [v | {"origin": public_origin(v["origin"])} for v in info["versions"]]
        record["first_seen"] = info["first_seen"]
        record["also_published"] = store.story_of(article_id)  # its wire copies, earliest first
        record["paragraphs"] = [{"kind": b.kind, "text": b.text} for b in annotated.article.blocks]
        if record["version"] == info["current_version"]:  # the quote index holds the current version's quotes
            for i, quote in enumerate(record["quotes"]):
                quote["id"] = f"{article_id}:{i}"
        return cited(linked_article(self.archive, record, annotated), article_id, record["version"], base_url)

    def diff(self, article_id: str, before: int | None = None, after: int | None = None) -> dict | None:
        """What changed from version `before` to `after` (defaults: the newest, and the one before it), paragraph
        by paragraph (search_app.diff). None when there is no such article; MissingVersion names the versions
        there are when one of the two is not among them."""
        store = self.archive.store
        info = store.article_info(article_id)
        if info is None:
            return None
        versions = [v["version"] for v in info["versions"]]
        after = info["current_version"] if after is None else after
        before = max(1, after - 1) if before is None else before
        texts = {}
        for number in (before, after):
            annotated = store.article(article_id, number) if number in versions else None
            if annotated is None:
                raise MissingVersion(article_id, number, versions)
            texts[number] = annotated.article.paragraphs
        changes = paragraph_changes(texts[before], texts[after])
        return {"id": article_id, "from": before, "to": after, "versions": versions, "changes": changes,
                "unchanged": len(texts[after]) - sum(1 for c in changes if c["to_position"] is not None)}


def _browsed(q: str | None, filters: dict[str, str]) -> str:
    """No words but a filter: browse every article the filters keep (`*`, newest first unless sorted)."""
    return "*" if not (q or "").strip() and filters else (q or "")


def _search_filters(filters: dict[str, str | None] | None) -> dict[str, str]:
    """The search filters given a value, with the year checked (the engine would read a bad one as no match)."""
    kept = {k: v for k, v in (filters or {}).items() if k in FILTERS and v}
    year = kept.get("year")
    if year and not (len(year) == 4 and year.isascii() and year.isdigit()):
        raise QueryError("year must be a year of four digits, like 2026 (not %(year)r); for a span of dates use "
                         "from and to (YYYY, YYYY-MM or YYYY-MM-DD)", year=year[:20])
    return kept


def _same_speaker(key: str | None, other: str | None) -> str | None:
    """The other outlet's speaker key, or ours when it may name the same person ("Carter" for "Ben Carter")."""
    return key if keys_may_match(key, other) else other


def _utc(iso: str | None) -> str | None:
    parsed = parse_date(iso)
    return parsed.isoformat() if parsed else None
