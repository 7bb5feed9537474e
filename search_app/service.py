"""The search service: turns engine results into the JSON shapes of the outside contract.

It knows nothing of Flask, so the CLI (`search --json`, `quotes --json`, `stats --json`) and the HTTP API share one
implementation and cannot drift apart.
"""

from __future__ import annotations

import re
import threading
from dataclasses import asdict
from datetime import timedelta

from indexer.annotate.entities.keys import speaker_key
from indexer.archive import Archive
from indexer.index.engine import (
    FACETS,
    KEYED_FACETS,
    SEARCH_DEADLINE,
    EngineUnavailable,
    QueryError,
    parse_date,
)
from indexer.index.provenance import in_date_order, same_statement
from indexer.index.translated import WITHIN_DAYS, article_names, translations
from indexer.sources.origins import public_origin
from indexer.text.names import keys_may_match

FILTERS = ("person", "place", "organization", "speaker", "language", "source", "year", "from", "to")
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
               sort: str = "relevance", facet_limit: int = 10) -> dict:
        filters = {k: v for k, v in (filters or {}).items() if k in FILTERS and v}
        year = filters.get("year")
        if year and not (len(year) == 4 and year.isascii() and year.isdigit()):
            raise QueryError("year must be a year of four digits, like 2026 (not %(year)r); for a span of dates use "
                             "from and to (YYYY, YYYY-MM or YYYY-MM-DD)", year=year[:20])
        with _BroadSlot(q):
            result = self.archive.engine.search(q, filters, page=page, limit=limit, sort=sort,
                                                facet_limit=facet_limit)
        facets: dict[str, list[dict]] = {}
        for facet in FACETS:
            pairs = result.facets.get(facet, [])
            names = self._display_names([v for v, _ in pairs], facet) if facet in KEYED_FACETS else {}
            facets[facet] = [{"value": names.get(v, v), "count": n} | ({"key": v} if facet in KEYED_FACETS else {})
                             for v, n in pairs]
        return {
            "query": q,
            "total": result.total,
            "page": result.page,
            "limit": result.limit,
            "filters": filters,
            "hits": self._with_copies([asdict(h) for h in result.hits]),
            "facets": facets,
            "did_you_mean": result.suggestion,
            "relaxed": result.relaxed,
            "cut_short": result.cut_short,
        }

    def _with_copies(self, hits: list[dict]) -> list[dict]:
        """Each hit with `copies`: how many other articles of the archive are the same wire story."""
        copies = self.archive.store.copies(h["id"] for h in hits)
        return [h | {"copies": copies.get(h["id"], 0)} for h in hits]

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
               filters: dict[str, str | None] | None = None, fragments: bool = True) -> dict:
        """Quotes by words and speaker, narrowed by QUOTE_FILTERS (language, source, article, from, to); without
        `fragments`, only full statements (no scare quotes, titles or words quoted inside a sentence)."""
        narrowed = {("article_id" if k == "article" else k): v for k, v in (filters or {}).items()
                    if k in QUOTE_FILTERS and v}
        with _BroadSlot(q):
            result = self.archive.engine.search_quotes(q, speaker=speaker, limit=limit, page=page, filters=narrowed,
                                                       include_fragments=fragments)
        return {"total": result.total, "quotes": [asdict(h) for h in result.quotes], "cut_short": result.cut_short}

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
        reports = [asdict(c) | {"translated": False} for c in same]
        seen = {c.id for c in same}
        reports += [asdict(c) | {"translated": True, "evidence": round(score, 2)}
                    for c, score in self._translations(quote) if c.id not in seen]
        ordered = in_date_order(reports, lambda r: _utc(r["published"]))
        record = asdict(quote)
        record["first_reported"] = ordered[0]
        record["reported_by"] = ordered
        record["outlets"] = list(dict.fromkeys(r["source"] for r in ordered))
        record["languages"] = list(dict.fromkeys(r["language"] for r in ordered))
        return record

    def _translations(self, quote) -> list:
        """The same statement reported in other languages (indexer.index.translated): the speaker's quotations
        within WITHIN_DAYS of this one, aligned with this article's by order, length, numbers and names."""
        when = parse_date(quote.published)
        if not quote.speaker or when is None:
            return []
        span = {"from": (when - timedelta(days=WITHIN_DAYS)).date().isoformat(),
                "to": (when + timedelta(days=WITHIN_DAYS)).date().isoformat()}
        nearby = self.archive.engine.search_quotes(None, speaker=quote.speaker, limit=200, filters=span).quotes
        store, names = self.archive.store, {}

        def names_of(article_id: str) -> dict[str, str]:
            if article_id not in names:
                names[article_id] = article_names(store.article(article_id))
            return names[article_id]

        return translations(quote, nearby, names_of)

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
        record["also_published"] = store.story_of(article_id)  # its wire copies, earliest first
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
