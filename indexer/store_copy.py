"""Copy an embedded archive's store (the SQLite file in a data folder) into a PostgreSQL store, ids and raw bytes
as they are, then compare counts.

The source is only read (no writes, one snapshot), so it stays as it was even while its archive is in use. Every
table of the source's schema is copied (read from the file, so tables of later migrations come along too), except
`schema_version`, which the target keeps for itself, and the index bookkeeping (below). Sessions and wrong-password
counts are copied with the web app's cookie key, so sign-ins and lock-outs go on as they were. Rows go in batches, each batch one transaction of the
target's writer; raw pages are streamed (a batch is bounded by rows and by bytes). An article goes in the same
transaction as its versions, entities and quotes, so a copy that was stopped half-way and run again ends complete
with nothing doubled, and a second run copies only what the first did not (or what the source got since: an
article with a newer version in the source is brought up to date). The target records which archive it is a copy
of (`settings`), and a target that holds another archive is refused.

Index bookkeeping stays truthful: the new store vouches only for what was indexed from it. `articles.indexed_version`
(the SQLite file's own index) is 0 in the copy and `index_versions` (what a SolrCloud was sent from the SQLite
store) is not copied, so every article is pending for any index of the new store; `migrate --to-index` then fills
one from the new store and records it there (documents already in that index are overwritten with the same).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from indexer import store_counts
from indexer.store import SCHEMA_VERSION, Store
from indexer.store_db import StoreError, is_remote, redact

BATCH = 500  # rows (articles with their versions, entities and quotes) per transaction
PAGE_BYTES = 32 * 1024 * 1024  # raw pages held in memory at once, at most (one page more than this if it is bigger)
MARKER = "copied_from"  # the settings row naming the archive a store is a copy of
SECRET_SETTING = "web_secret_key"  # the web app's cookie key in a shared store (search_app/__init__.py)
SECRET_FILE = "secret_key"  # ... and in a data folder (search_app/auth.py)
FAMILY = ("versions", "entities", "quotes")  # rows that belong to one article, copied with it
NOT_COPIED = ("schema_version", "index_versions", "archive_counts")  # (the counts: kept by the copy's writes)
VERIFIED = ("articles", "versions", "quotes", "entities", "users", "jobs", "pages")


class CopyRefused(StoreError):
    """The copy cannot be made into this target (another archive, a newer schema); the message says what to do."""


@dataclass
class CopyResult:
    copied: dict[str, int] = field(default_factory=dict)  # rows written per table in this run
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # table → (source rows, target rows)
    secret: str = "none"  # the web app's key: carried | kept (the target's own) | none (the source has none)

    @property
    def verified(self) -> bool:
        return all(s == t for s, t in self.counts.values())


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class _Source:
    """The SQLite file, read-only, in one read transaction (a consistent snapshot of every table)."""

    def __init__(self, path: Path):
        if not path.is_file():
            raise CopyRefused(f"There is no archive in {path.parent} (no {path.name}): check --data; migrate --to-store "
                              "copies the store of an embedded archive. Nothing was changed.")
        try:
            # read-write, but no writes: a read-only connection could not remove the -wal and -shm files it makes
            self.db = sqlite3.connect(path, timeout=60, isolation_level=None)
            self.db.execute("PRAGMA query_only=ON")
            self.db.execute("BEGIN")
            self.tables = [r[0] for r in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
        except sqlite3.DatabaseError as exc:
            raise CopyRefused(f"{path} cannot be read as an archive's store ({exc}); nothing was changed.") from None
        self.info = {t: list(self.db.execute(f"PRAGMA table_info({_q(t)})")) for t in self.tables}
        version = (self.db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] or 0
                   if "schema_version" in self.tables else 0)
        if version > SCHEMA_VERSION:
            raise CopyRefused(f"the store {path} has schema version {version}, but this newsarchive knows versions up "
                              f"to {SCHEMA_VERSION}: upgrade newsarchive before copying it. Nothing was changed.")

    def columns(self, table: str) -> list[str]:
        return [r[1] for r in self.info[table]]

    def key(self, table: str) -> list[str]:
        return [r[1] for r in sorted(self.info[table], key=lambda r: r[5]) if r[5]]

    def count(self, table: str) -> int:
        return self.db.execute(f"SELECT COUNT(*) FROM {_q(table)}").fetchone()[0]

    def identity(self, path: Path) -> str:
        """What names this archive wherever its folder is: its first raw page, and when that came."""
        row = (self.db.execute("SELECT sha256, received_at FROM pages ORDER BY id LIMIT 1").fetchone()
               if "pages" in self.tables else None)
        basis = f"{row[0]}|{row[1]}" if row else f"empty:{path.resolve()}"
        return hashlib.sha256(basis.encode("utf-8")).hexdigest()[:32]

    def close(self) -> None:
        self.db.close()  # a read transaction only: nothing to commit


def copy_store(data: Path, target: str, progress: Callable[[str], None] | None = None,
               batch: int = BATCH) -> CopyResult:
    """Copy the store of the archive in `data` into the PostgreSQL store `target`; counts compared at the end."""
    if not is_remote(target):
        raise CopyRefused(f"--to-store takes postgresql://USER:PASSWORD@HOST:PORT/DATABASE, not {redact(target)!r}: "
                          "an embedded archive is copied into a PostgreSQL database.")
    say = progress or (lambda line: None)
    source = _Source(Path(data) / "archive.sqlite3")
    try:
        store = Store(target)  # creates or brings up to date the target's schema
        try:
            return _Copy(source, store, Path(data), say, batch).run()
        finally:
            store.close()
    except ImportError as exc:  # pragma: no cover - psycopg is a dependency
        raise StoreError(f"the PostgreSQL driver is missing ({exc}): pip install newsarchive again") from None
    finally:
        source.close()


class _Copy:
    def __init__(self, source: _Source, store: Store, data: Path, say: Callable[[str], None], batch: int):
        self.src, self.store, self.db, self.data, self.say, self.batch = source, store, store.db, data, say, batch
        self.result = CopyResult()

    def run(self) -> CopyResult:
        import psycopg

        try:
            self._check_schema()
            self._claim()
            self.say(f"migrating the store of {self.data} to {self.store.name}")
            if "pages" in self.src.tables:
                self._pages()
            if "articles" in self.src.tables:
                self._articles()
            self._secret()
            for table in self.src.tables:
                if table not in (*NOT_COPIED, "pages", "articles", *FAMILY):
                    self._table(table)
            self._advance_identities()
            for table in VERIFIED:
                if table in self.src.tables:
                    target = self.db.execute(f"SELECT COUNT(*) FROM {_q(table)}").fetchone()[0]
                    self.result.counts[table] = (self.src.count(table), target)
        except psycopg.Error as exc:
            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise StoreError(f"the copy into {self.store.name} stopped ({reason}); what was committed is kept: run "
                             "the migration again to go on.") from None
        return self.result

    # -- before anything is written ------------------------------------------------------------------------------
    def _check_schema(self) -> None:
        for table in self.src.tables:
            if table in NOT_COPIED:
                continue
            missing = set(self.src.columns(table)) - self.db.columns(table)
            if not self.db.has_table(table) or missing:
                what = f"table {table}" if not self.db.has_table(table) else f"{table}.{sorted(missing)[0]}"
                raise CopyRefused(f"the source has {what}, which the target store {self.store.name} lacks: upgrade "
                                  "newsarchive (the store's schema comes with it) and run the migration again.")

    def _claim(self) -> None:
        """Record in the target which archive it is a copy of; refuse one that holds another."""
        ident = self.src.identity(self.data)
        with self.store.transaction() as db:
            row = db.execute("SELECT value FROM settings WHERE name=?", (MARKER,)).fetchone()
            if row is not None:
                theirs = json.loads(row[0])
                if theirs.get("archive") != ident:
                    raise CopyRefused(f"the target store {self.store.name} holds a copy of another archive (from "
                                      f"{theirs.get('from')}): give an empty PostgreSQL database to copy {self.data} "
                                      "into. Nothing was changed.")
                return
            used = [t for t in ("articles", "pages", "users", "jobs")
                    if db.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone() is not None]
            if used:
                raise CopyRefused(f"the target store {self.store.name} already holds an archive ({used[0]} that were "
                                  f"not copied from {self.data}): give an empty PostgreSQL database (createdb NAME). "
                                  "Nothing was changed.")
            db.execute("INSERT INTO settings (name, value) VALUES (?, ?)",
                       (MARKER, json.dumps({"archive": ident, "from": str(self.data.resolve())})))

    # -- raw pages -----------------------------------------------------------------------------------------------
    def _pages(self) -> None:
        """Read (id, sha256, size) in order; a batch is bounded by rows and bytes, and only the pages the target lacks
        are read in full."""
        columns = self.src.columns("pages")
        total, done, copied = self.src.count("pages"), 0, 0
        cursor = self.src.db.execute("SELECT id, sha256, size FROM pages ORDER BY id")
        rows: list[tuple] = []
        size = 0
        while True:
            more = cursor.fetchmany(100)
            for row in more:
                rows.append(row)
                size += row[2] or 0
            if rows and (not more or len(rows) >= self.batch or size >= PAGE_BYTES):
                copied += self._page_batch(columns, rows)
                done += len(rows)
                self.say(f"  pages: {done}/{total} read, {copied} copied")
                rows, size = [], 0
            if not more:
                break
        self.result.copied["pages"] = copied

    def _page_batch(self, columns: list[str], rows: list[tuple]) -> int:
        with self.store.transaction() as db:
            there = {r[0]: r[1] for r in db.execute("SELECT id, sha256 FROM pages WHERE id = ANY(?)",
                                                    ([r[0] for r in rows],))}
            for page_id, sha, _ in rows:
                if page_id in there and there[page_id] != sha:
                    raise CopyRefused(f"page {page_id} of the target store {self.store.name} is not the source's: "
                                      "the target was written to since the first copy. Copy into an empty "
                                      "PostgreSQL database.")
            new = [r[0] for r in rows if r[0] not in there]
            if new:
                full = self.src.db.execute(f"SELECT {', '.join(map(_q, columns))} FROM pages WHERE id IN "
                                           f"({','.join('?' * len(new))})", new)
                db.executemany(self._insert("pages", columns), full)
        return len(new)

    # -- articles, each with its versions, entities and quotes ---------------------------------------------------
    def _articles(self) -> None:
        columns = self.src.columns("articles")
        family = {t: self.src.columns(t) for t in FAMILY if t in self.src.tables}
        at_version, at_language, at_source = (columns.index(c) for c in ("current_version", "language", "source"))
        if "indexed_version" in columns:  # the SQLite file's own index: the new store has none
            at_indexed = columns.index("indexed_version")
        total, done, copied, last = self.src.count("articles"), 0, 0, ""
        while True:
            rows = self.src.db.execute(f"SELECT {', '.join(map(_q, columns))} FROM articles WHERE id > ? ORDER BY id "
                                       "LIMIT ?", (last, self.batch)).fetchall()
            if not rows:
                break
            last = rows[-1][0]
            if "indexed_version" in columns:
                rows = [r[:at_indexed] + (0,) + r[at_indexed + 1:] for r in rows]
            with self.store.transaction() as db:
                there = {r[0]: r for r in db.execute("SELECT id, current_version, language, source FROM articles "
                                                     "WHERE id = ANY(?)", ([r[0] for r in rows],))}
                todo = [r for r in rows if r[0] not in there or there[r[0]][1] < r[at_version]]
                if todo:
                    ids = [r[0] for r in todo]
                    stale = [i for i in ids if i in there]  # an older version here: its annotations are replaced
                    gone = {table: db.execute(f"DELETE FROM {table} WHERE article_id = ANY(?)", (stale,)).rowcount
                            for table in ("entities", "quotes") if stale and table in family}
                    quoted = -gone.get("quotes", 0)
                    update = ", ".join(f"{_q(c)}=excluded.{_q(c)}" for c in columns if c != "id")
                    db.executemany(self._insert("articles", columns) + f" ON CONFLICT (id) DO UPDATE SET {update}",
                                   todo)
                    marks = ",".join("?" * len(ids))
                    for table, cols in family.items():
                        children = self.src.db.execute(f"SELECT {', '.join(map(_q, cols))} FROM {table} "
                                                       f"WHERE article_id IN ({marks})", ids).fetchall()
                        conflict = " ON CONFLICT DO NOTHING" if table == "versions" else ""
                        db.executemany(self._insert(table, cols) + conflict, children)
                        quoted += len(children) if table == "quotes" else 0
                    store_counts.change(db, [there[i][2:] for i in stale],
                                        [(r[at_language], r[at_source]) for r in todo], quoted)
            copied += len(todo)
            done += len(rows)
            self.say(f"  articles: {done}/{total} read, {copied} copied with their versions, entities and quotes")
        self.result.copied["articles"] = copied

    # -- everything else -----------------------------------------------------------------------------------------
    def _table(self, table: str) -> None:
        """Rows keyed by a primary key: those the target lacks. A table without one: copied whole into an empty
        table of the target, in one transaction."""
        columns, key = self.src.columns(table), self.src.key(table)
        total, copied = self.src.count(table), 0
        if not key:
            if self.db.execute(f"SELECT 1 FROM {_q(table)} LIMIT 1").fetchone() is None and total:
                with self.store.transaction() as db:
                    cursor = self.src.db.execute(f"SELECT {', '.join(map(_q, columns))} FROM {_q(table)}")
                    while rows := cursor.fetchmany(self.batch):
                        db.executemany(self._insert(table, columns), rows)
                        copied += len(rows)
                self.say(f"  {table}: {copied}/{total} copied")
            self.result.copied[table] = copied
            return
        cursor = self.src.db.execute(f"SELECT {', '.join(map(_q, columns))} FROM {_q(table)}")
        done = 0
        while rows := cursor.fetchmany(self.batch):
            with self.store.transaction() as db:
                before = db.execute(f"SELECT COUNT(*) FROM {_q(table)}").fetchone()[0]
                db.executemany(self._insert(table, columns) + " ON CONFLICT DO NOTHING", rows)
                copied += db.execute(f"SELECT COUNT(*) FROM {_q(table)}").fetchone()[0] - before
            done += len(rows)
            self.say(f"  {table}: {done}/{total} read, {copied} copied")
        self.result.copied[table] = copied

    def _secret(self) -> None:
        """The web app's cookie key: in the data folder for an embedded archive, in `settings` for a shared store.
        Carried over, the cookies of signed-in users (and their sessions, copied too) stay valid after the switch."""
        path = self.data / SECRET_FILE
        if not path.is_file():
            return
        with self.store.transaction() as db:
            db.execute("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                       (SECRET_SETTING, path.read_text().strip()))
            value = db.execute("SELECT value FROM settings WHERE name=?", (SECRET_SETTING,)).fetchone()[0]
        self.result.secret = "carried" if value == path.read_text().strip() else "kept"

    def _advance_identities(self) -> None:
        """Ids were copied as they were: each identity's next value goes past the largest, or the next insert
        (a new page, a new job) would collide with a copied row."""
        found = self.db.execute("SELECT table_name, column_name FROM information_schema.columns "
                                "WHERE table_schema=current_schema() AND is_identity='YES'").fetchall()
        with self.store.transaction() as db:
            for table, column in found:
                db.execute(f"SELECT setval(pg_get_serial_sequence(?, ?), COALESCE((SELECT MAX({_q(column)}) "
                           f"FROM {_q(table)}), 0) + 1, false)", (_q(table), column))

    @staticmethod
    def _insert(table: str, columns: list[str]) -> str:
        return (f"INSERT INTO {_q(table)} ({', '.join(map(_q, columns))}) "
                f"VALUES ({', '.join('?' * len(columns))})")
