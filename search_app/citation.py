"""Permalinks and one-line citations of archived articles: what a journalist pastes into a story or a footnote.

A permalink is pinned to a version, so what it shows never changes when the outlet edits the story again. It is
absolute: on the web from the request's own address, for the CLI from NEWSARCHIVE_BASE_URL (the address the archive
is served at), so a citation written from the shell points at the same pages.
"""

from __future__ import annotations

import os
from dataclasses import asdict
from urllib.parse import quote

from indexer.index.dates import own_day
from indexer.sources.origins import web_url

DEFAULT_BASE_URL = "http://127.0.0.1:5000"


def base_url() -> str:
    """Where the archive's pages are served, for records made outside a request (the CLI)."""
    return (os.environ.get("NEWSARCHIVE_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")


def permalink(base: str | None, article_id: str, version: int | None) -> str:
    """The absolute address of an article's page at one version (the newest page when the version is unknown)."""
    link = f"{(base or base_url()).rstrip('/')}/articles/{quote(article_id, safe='')}"
    return f"{link}?version={version}" if version else link


def citation(source: str | None, title: str | None, published: str | None, url: str | None, link: str) -> str:
    """`Outlet, "Headline", 2026-03-14, original URL; archived at <permalink>`: the day is the publication's own (the
    list's), missing parts are left out, and the line never breaks (a headline with a newline would split a CSV row
    in a spreadsheet)."""
    parts = [p for p in (source, f'"{title}"' if title else None, own_day(published), url) if p]
    line = ", ".join(parts)
    return " ".join(f"{line}; archived at {link}".split()) if line else f"archived at {link}"


def cited(record: dict, article_id: str, version: int | None, base: str | None) -> dict:
    """The record with its `permalink` and `citation` (a hit, an article or a quote record: they share the names
    title, source, published and url). Its `url` is kept only when it is http(s): what reaches a link, an export or
    a citation from here is never a `javascript:` or `data:` address (stored before the cleaner refused them)."""
    link, url = permalink(base, article_id, version), web_url(record.get("url"))
    return record | {"url": url, "permalink": link,
                     "citation": citation(record.get("source"), record.get("title"), record.get("published"), url, link)}


def dated(record: dict) -> dict:
    """A hit or quote with `undated`: true when its article has no publication date (listed after every dated one
    when the results are sorted by date)."""
    return record | {"undated": own_day(record.get("published")) is None}


def cited_quotes(heads: dict, quotes: list, base_url: str | None) -> list[dict]:
    """Quote records (the engine's QuoteHits) with their article's URL, permalink and citation (the quote index holds
    no version or URL: `heads`, the store's `article_heads` of their articles, gives the current version and URL)."""
    records = []
    for q in quotes:
        version, url = heads.get(q.article_id, (None, None))
        records.append(dated(cited(asdict(q) | {"url": url}, q.article_id, version, base_url)))
    return records
