"""The search service: turns engine results into the JSON shapes of the outside contract.

It knows nothing of Flask, so the CLI (`search --json`, `quotes --json`, `stats --json`) and the HTTP API share one
implementation and cannot drift apart.
"""

from __future__ import annotations

import re
import threading
from dataclasses import asdict
from datetime import date

from indexer.annotate.entities.keys import speaker_key
from indexer.archive import Archive
from indexer.index.engine import (
    FACETS,
    KEYED_FACETS,
    QUOTE_FACETS,
    SEARCH_DEADLINE,
    EngineUnavailable,
    QueryError,
    parse_date,
)
from indexer.index.histogram import bucket_end
from indexer.index.provenance import in_date_order, same_statement
from indexer.sources.origins import public_origin
from indexer.text.names import keys_may_match

FILTERS = ("person", "place", "organization", "speaker", "language", "source", "year", "author", "from", "to")
QUOTE_FILTERS = ("language", "source", "article", "from", "to")

__all__ = ["FILTERS", "QUOTE_FILTERS", "EngineUnavailable", "QueryError", "SearchBusy", "SearchService"]

# Wildcards, prefixes and ranges expand into many words before any deadline applies; at most this many such
# searches run at once in a process, so a few of them cannot take every serving thread from the cheap ones.
BROAD_AT_ONCE = 2
_broad_searches = threading.BoundedSemaphore(BROAD_AT_ONCE)
_BROAD = re.compile(r"[*?\[{]")


class SearchBusy(QueryError):
    """Too many broad searches (wildcards, ranges) are running: the caller may try again in a moment."""


def _broad(q: str | None) -> bool:
    """A query with a wildcard, prefix or range (`*` alone is a plain list of every article)."""
    return bool(q) and q.strip() != "*" and bool(_BROAD.search(q))


class _BroadSlot:
    """Holds one of the BROAD_AT_ONCE slots for a broad query (nothing for a cheap one)."""

    def __init__(self, q: str | None):
        self.held = _broad(q)

    def __enter__(self):
        if self.held and not _broad_searches.acquire(timeout=SEARCH_DEADLINE):
            raise SearchBusy("%(running)s searches with wildcards or ranges are running already; try again in a "
                             "moment, or search without * ? or [ ].", running=BROAD_AT_ONCE)
        return self

    def __exit__(self, *exc):
        if self.held:
            _broad_searches.release()


class SearchService:
    def __init__(self, archive: Archive):
        self.archive = archive

    def search(self, q: str, filters: dict[str, str | None] | None = None, page: int = 1, limit: int = 10,
               sort: str = "relevance", facet_limit: int = 10, interval: str | None = None) -> dict:
        """Articles for a query; with filters and no words, every article the filters keep, newest first
        (browsing). The histogram counts every match by date (`interval`: year, month, week, day or automatic)."""
        filters = {k: v for k, v in (filters or {}).items() if k in FILTERS and v}
        if not (q or "").strip() and filters:
            q = "*"
        year = filters.get("year")
        if year and not (len(year) == 4 and year.isascii() and year.isdigit()):
            raise QueryError("year must be a year of four digits, like 2026 (not %(year)r); for a span of dates use "
                             "from and to (YYYY, YYYY-MM or YYYY-MM-DD)", year=year[:20])
        with _BroadSlot(q):
            result = self.archive.engine.search(q, filters, page=page, limit=limit, sort=sort,
                                                facet_limit=facet_limit, interval=interval)
        h = result.histogram
        return {
            "query": q,
            "total": result.total,
            "page": result.page,
            "limit": result.limit,
            "filters": filters,
            "hits": [asdict(h) for h in result.hits],
            "facets": self._facets_json(result.facets, FACETS),
            "histogram": {"interval": h.interval, "undated": h.undated,
                          "buckets": [{"start": start, "end": bucket_end(date.fromisoformat(start), h.interval)
                                       .isoformat(), "count": n} for start, n in h.buckets]},
            "did_you_mean": result.suggestion,
            "relaxed": result.relaxed,
            "cut_short": result.cut_short,
        }

    def _facets_json(self, pairs_by_facet: dict[str, list[tuple[str, int]]], facets: tuple[str, ...]) -> dict:
        """Facet values as the JSON shows them: keyed facets by the entity's name, with its key."""
        out: dict[str, list[dict]] = {}
        for facet in facets:
            pairs = pairs_by_facet.get(facet, [])
            names = self._display_names([v for v, _ in pairs], facet) if facet in KEYED_FACETS else {}
            out[facet] = [{"value": names.get(v, v), "count": n} | ({"key": v} if facet in KEYED_FACETS else {})
                          for v, n in pairs]
        return out

    def _display_names(self, keys: list[str], facet: str) -> dict[str, str]:
        """Names for facet keys; a speaker known by surname alone ("Tkachenko said") counts for the one Tkachenko
        the archive knows, whose full name may appear only among the people named in articles (and vice versa)."""
        store = self.archive.store
        names = store.display_names(keys, facet)
        missing = [k for k in keys if k not in names]
        if missing and facet in ("person", "speaker"):
            names |= store.display_names(missing, "speaker" if facet == "person" else "person")
        return names

    def quotes(self, q: str | None = None, speaker: str | None = None, limit: int = 20, page: int = 1,
               filters: dict[str, str | None] | None = None, fragments: bool = True, sort: str = "relevance",
               facet_limit: int = 10) -> dict:
        """Quotes by words and speaker, narrowed by QUOTE_FILTERS (language, source, article, from, to); without
        `fragments`, only full statements (no scare quotes, titles or words quoted inside a sentence). `sort`:
        relevance (newest first without words), newest or oldest; facets count speakers, languages and sources."""
        narrowed = {("article_id" if k == "article" else k): v for k, v in (filters or {}).items()
                    if k in QUOTE_FILTERS and v}
        with _BroadSlot(q):
            result = self.archive.engine.search_quotes(q, speaker=speaker, limit=limit, page=page, filters=narrowed,
                                                       include_fragments=fragments, sort=sort,
                                                       facet_limit=facet_limit)
        return {"total": result.total, "quotes": [asdict(h) for h in result.quotes], "cut_short": result.cut_short,
                "facets": self._facets_json(result.facets, QUOTE_FACETS)}

    def quote(self, quote_id: str) -> dict | None:
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
        ordered = in_date_order(same, lambda c: _utc(c.published))
        record = asdict(quote)
        record["first_reported"] = asdict(ordered[0])
        record["reported_by"] = [asdict(c) for c in ordered]
        record["outlets"] = list(dict.fromkeys(c.source for c in ordered))
        return record

    def stats(self) -> dict:
        return self.archive.store.stats()

    def article(self, article_id: str, version: int | None = None) -> dict | None:
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
        record["paragraphs"] = [{"kind": b.kind, "text": b.text} for b in annotated.article.blocks]
        if record["version"] == info["current_version"]:  # the quote index holds the current version's quotes
            for i, quote in enumerate(record["quotes"]):
                quote["id"] = f"{article_id}:{i}"
        return record


def _same_speaker(key: str | None, other: str | None) -> str | None:
    """The other outlet's speaker key, or ours when it may name the same person ("Carter" for "Ben Carter")."""
    return key if keys_may_match(key, other) else other


def _utc(iso: str | None) -> str | None:
    parsed = parse_date(iso)
    return parsed.isoformat() if parsed else None
