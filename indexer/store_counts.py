"""The archive's counts that every front page and search page shows (`Store.summary`: its articles, their languages
and sources, its quotations), kept rather than counted.

Counting them read every article and every quotation on each front page (75 ms at 50,000 articles on PostgreSQL,
growing with the archive). They are kept in `archive_counts` instead, changed by whatever changes them in the same
transaction (`Store.add_article`, `Store.refresh_annotations`, the copy into PostgreSQL, the benchmarks' bulk
writes), as filing keeps the number of filed articles (`explore_totals`). A row per counted thing: `part` is
articles, quotes, language or source, `value` the language or source ('' for none and for the two totals).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

TABLE = ("CREATE TABLE IF NOT EXISTS archive_counts (part TEXT NOT NULL, value TEXT NOT NULL, n INTEGER NOT NULL, "
         "PRIMARY KEY (part, value))")
COUNTED = ("SELECT 'articles', '', COUNT(*) FROM articles UNION ALL "
           "SELECT 'language', COALESCE(language, ''), COUNT(*) FROM articles GROUP BY COALESCE(language, '') "
           "UNION ALL SELECT 'source', COALESCE(source, ''), COUNT(*) FROM articles GROUP BY COALESCE(source, '') "
           "UNION ALL SELECT 'quotes', '', COUNT(*) FROM quotes")
KEPT = "SELECT part, value, n FROM archive_counts WHERE n <> 0"


def recount(db) -> None:
    """Count everything again (the migration that brings the table to an archive that had none)."""
    db.execute(db.ddl(TABLE))
    db.execute("DELETE FROM archive_counts")
    db.execute(f"INSERT INTO archive_counts (part, value, n) {COUNTED}")


def change(db, left: Iterable[tuple[str | None, str | None]] = (), joined: Iterable[tuple[str | None, str | None]] = (),
           quotes: int = 0) -> None:
    """Inside the transaction that writes them: articles (their language and source) that `left` the counts (an
    older version's) and that `joined` them, and the change in the number of quotations."""
    delta: Counter = Counter({("quotes", ""): quotes})
    for sign, articles in ((-1, left), (1, joined)):
        for language, source in articles:
            for part, value in (("articles", ""), ("language", language or ""), ("source", source or "")):
                delta[part, value] += sign
    rows = [(part, value, n) for (part, value), n in delta.items() if n]
    if rows:
        db.executemany("INSERT INTO archive_counts (part, value, n) VALUES (?,?,?) ON CONFLICT (part, value) "
                       "DO UPDATE SET n=archive_counts.n+excluded.n", rows)
