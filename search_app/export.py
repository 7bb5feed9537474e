"""Result sets written out whole, as CSV (for a spreadsheet) or JSON Lines (for a script): the rows come from the
search service one at a time, so an export of the whole archive streams without holding it in memory.

CSV starts with a UTF-8 byte order mark: Excel reads a CSV without one in the machine's legacy code page, and
names in Cyrillic or Polish would come out garbled. Lists (people, places, …) are joined with "; " in CSV and stay
arrays in JSON Lines.

A CSV cell that a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage return: the
OWASP rule for CSV injection) gets a leading apostrophe, so a planted headline such as `=HYPERLINK("http://…")` is
shown as the text it is and never run. JSON Lines carry the text unchanged: no spreadsheet reads them.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator
from datetime import date

from indexer.index.engine import QueryError

FORMATS = {"csv": "text/csv; charset=utf-8", "jsonl": "application/x-ndjson; charset=utf-8"}
ARTICLE_COLUMNS = ("id", "title", "source", "author", "published", "language", "url", "version", "permalink",
                   "citation", "people", "places", "organizations", "speakers")
QUOTE_COLUMNS = ("id", "text", "speaker", "fragment", "article_id", "title", "source", "published", "language",
                 "permalink", "citation")
BOM = "\ufeff"
LIST_JOINER = "; "
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def checked_format(fmt: str | None) -> str:
    """The export format asked for, or a QueryError (a 400 on the web) that names the two there are."""
    if fmt not in FORMATS:
        raise QueryError("format must be csv or jsonl, not '%(format)s'", format=(fmt or "")[:20])
    return fmt


def lines(rows: Iterable[dict], columns: tuple[str, ...], fmt: str) -> Iterator[str]:
    """The rows as text, a line at a time: CSV with a header row (even when there are no rows), or JSON Lines."""
    if fmt == "jsonl":
        for row in rows:
            yield json.dumps({c: row.get(c) for c in columns}, ensure_ascii=False) + "\n"
        return
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(columns)
    yield BOM + _taken(buffer)
    for row in rows:
        writer.writerow([_cell(row.get(c)) for c in columns])
        yield _taken(buffer)


def filename(q: str | None, fmt: str, kind: str = "", today: date | None = None) -> str:
    """`newsarchive-<query>-<date>.<fmt>` (`newsarchive-quotes-…` for quotes), the query cut to ASCII letters,
    digits and dashes: a name every browser and shell takes as it is, with nothing to escape in the header."""
    words = re.sub(r"[^0-9A-Za-z]+", "-", q or "").strip("-")[:40].strip("-")
    return f"newsarchive-{kind + '-' if kind else ''}{words or 'all'}-{(today or date.today()).isoformat()}.{fmt}"


def _cell(value) -> str:
    if isinstance(value, list | tuple):
        return _inert(LIST_JOINER.join(str(v) for v in value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else _inert(str(value))


def _inert(text: str) -> str:
    """The text of a CSV cell as a spreadsheet shows it and never runs it: an apostrophe before a formula's start."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _taken(buffer: io.StringIO) -> str:
    text = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    return text
