"""The store's database: the SQLite file in the data folder, or a PostgreSQL database shared by many processes.

The store keeps one text of SQL for both. This module hides what differs: placeholders (`?` here, `%s` for
psycopg), column types in DDL, how a table's columns are listed, and how writers take turns. Rows are addressable
by name and by position on both, and `transaction()` is one writer at a time on both (SQLite's `BEGIN IMMEDIATE`;
a transaction-scoped advisory lock on PostgreSQL), so the store's read-then-write transactions mean the same thing.
`read_together()` reads several independent statements: one after the other on SQLite (a function call each), in one
round trip to the server on PostgreSQL (psycopg's pipeline mode), where each round trip waits for the server's turn.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from indexer import outage

STORE_ENV = "NEWSARCHIVE_STORE"  # the store URL (PostgreSQL) when not the SQLite file in the data folder
POOL_ENV = "NEWSARCHIVE_STORE_POOL"  # connections per process (default 4)
CONNECT_TIMEOUT = 10  # seconds to reach the server
WAIT_TIMEOUT = 60  # seconds to wait for a pooled connection or for the writer's turn, as SQLite's busy timeout
FAST_WAIT = 1.5  # seconds the web app's requests wait for a pooled connection (`fail_fast`)
POOL_CONNECT_TIMEOUT = 3  # seconds the pool gives one new connection (libpq counts 2 at least)
RECONNECT_TIMEOUT = 1.0  # seconds the pool keeps trying to replace a lost connection before it says so
SLICE = 0.25  # seconds between looks at the store's state while waiting for a connection
# a connection whose packets go unanswered this long is dead (a server machine gone, not a slow query)
LIVENESS = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 2, "keepalives_count": 3,
            "tcp_user_timeout": 1500}
_WRITER_LOCK = 0x6E657773  # the advisory lock writers take turns on ("news")


log = logging.getLogger("newsarchive.store")
# the pool says every failed reconnection, every 0.5 to 4 s, in several lines: the store's Outage says it once
logging.getLogger("psycopg.pool").setLevel(logging.ERROR)
_patience = float(WAIT_TIMEOUT)


def fail_fast() -> None:
    """This process answers people (the web app): while the store is down its calls fail at once, and a pooled
    connection is waited for FAST_WAIT seconds at most, instead of WAIT_TIMEOUT."""
    global _patience
    _patience = FAST_WAIT


def _free_connections(conn) -> int:
    """Connections the server still accepts from ordinary users (this probe's own counts as free: it closes)."""
    row = conn.execute("SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_"
                       "connections')::int - (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client "
                       "backend') + 1").fetchone()
    return int(row[0])


class Read(NamedTuple):
    """One read statement and its parameters, for `read_together`."""

    sql: str
    params: Sequence = ()


class StoreError(RuntimeError):
    """The store cannot be used as given; the message says what to do (and never holds a password)."""


class StoreUnavailable(StoreError):
    """The database server cannot be reached, or refused the connection."""


def is_remote(target: str | Path | None) -> bool:
    return isinstance(target, str) and target.split("://", 1)[0].lower() in ("postgresql", "postgres")


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"^(\w+://[^:/@]*):[^@/]*@", r"\1:***@", str(url))


def connect(target: str | Path) -> SQLiteDatabase | PostgresDatabase:
    """A database for a SQLite path or a postgresql:// URL."""
    if is_remote(target):
        return PostgresDatabase(str(target))
    if isinstance(target, str) and "://" in target:
        raise StoreError(f"--store takes postgresql://USER:PASSWORD@HOST:PORT/DATABASE, not {redact(target)!r}; "
                         "leave it out to keep the store in the data folder (archive.sqlite3).")
    return SQLiteDatabase(Path(target))


class SQLiteDatabase:
    dialect = "sqlite"
    insertion_order = "rowid"
    # row locks for queue takers; SQLite has none (its writers take turns on the whole file anyway)
    for_update = ""
    skip_locked = ""
    preamble: tuple[str, ...] = ()  # what the schema needs before its tables

    def __init__(self, path: Path):
        self.name = str(path)
        self.db = sqlite3.connect(path, timeout=WAIT_TIMEOUT, isolation_level=None, check_same_thread=False)
        self.db.row_factory = sqlite3.Row
        self._write_ahead_log()
        self.db.execute("PRAGMA synchronous=FULL")  # accepted means on disk, even if the machine loses power
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute(f"PRAGMA busy_timeout={WAIT_TIMEOUT * 1000}")

    def _write_ahead_log(self) -> None:
        """Switch a new file to WAL. Two processes creating the store at once: SQLite answers one of them "database
        is locked" at once, without waiting its busy timeout, so that one tries again."""
        deadline = time.monotonic() + WAIT_TIMEOUT
        while True:
            try:
                self.db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def execute(self, sql: str, params: Iterable = ()) -> sqlite3.Cursor:
        return self.db.execute(sql, tuple(params))

    def executemany(self, sql: str, rows: Iterable[Iterable]) -> None:
        self.db.executemany(sql, rows)

    def read_together(self, reads: Sequence[Read | None]) -> list[list]:
        """The rows of each statement, in order ([] for None): here one after the other, in the same process."""
        return [self.db.execute(r.sql, tuple(r.params)).fetchall() if r else [] for r in reads]

    @contextmanager
    def transaction(self, turn: bool = True) -> Iterator[SQLiteDatabase]:
        """Takes the write lock at once, so concurrent writers queue instead of deadlock (`turn` is for
        PostgreSQL: SQLite's writers always take turns)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def has_table(self, name: str) -> bool:
        return self.db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)).fetchone() is not None

    def columns(self, table: str) -> set[str]:
        return {r[1] for r in self.db.execute(f"PRAGMA table_info({table})")}

    def ddl(self, statement: str) -> str:
        return statement

    def close(self) -> None:
        self.db.close()


class Row(tuple):
    """A result row by position or by column name, like sqlite3.Row (and `dict(row)` works the same)."""

    def __new__(cls, values, names: dict[str, int]):
        row = super().__new__(cls, values)
        row._names = names
        return row

    def __getitem__(self, key):
        return super().__getitem__(self._names[key] if isinstance(key, str) else key)

    def keys(self) -> list[str]:
        return list(self._names)


def _row_factory(cursor):
    names = {c.name: i for i, c in enumerate(cursor.description or ())}
    return lambda values: Row(values, names)


class _Result:
    """Rows read in full, so the connection goes back to the pool at once."""

    def __init__(self, cursor):
        self.rows = cursor.fetchall() if cursor.description else []
        self.rowcount = cursor.rowcount

    def fetchone(self):
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list:
        return self.rows

    def __iter__(self):
        return iter(self.rows)


@lru_cache(maxsize=512)
def _pg_sql(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


_PG_TYPES = [(re.compile(r"\bINTEGER PRIMARY KEY\b"), "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
             (re.compile(r"\bINTEGER\b"), "BIGINT"), (re.compile(r"\bBLOB\b"), "BYTEA"),
             (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"), (re.compile(r"\bCOLLATE NOCASE\b"), "COLLATE nocase")]

_pools: dict[tuple[str, int], list] = {}  # (url, pid) → [pool, users]; a forked or spawned child makes its own
_pools_lock = threading.Lock()


class PostgresDatabase:
    dialect = "postgresql"
    insertion_order = "ctid"
    for_update = " FOR UPDATE"
    skip_locked = " FOR UPDATE SKIP LOCKED"  # queue takers pass over the items another one is taking
    # SQLite's NOCASE for user names: "Ada" and "ada" are one account
    preamble = ("CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', "
                "deterministic = false)",)

    def __init__(self, url: str):
        self.url, self.name = url, redact(url)
        self._local = threading.local()  # the connection of the transaction this thread is in, if any
        self._key = (url, os.getpid())
        self.outage = outage.watch("store", url, self.name, self._probe, self._refill)
        with _pools_lock:
            entry = _pools.get(self._key)
            if entry is None:
                entry = _pools[self._key] = [self._open_pool(), 0]
            entry[1] += 1
        self.pool = entry[0]

    def _probe(self) -> None:
        import psycopg

        psycopg.connect(self.url, connect_timeout=2, **LIVENESS).close()

    def _refill(self) -> None:
        """The server is back: drop the pool's dead connections and open new ones now, not at the end of the
        pool's own backoff."""
        with _pools_lock:
            entry = _pools.get(self._key)
        if entry is not None:
            entry[0].check()

    def _open_pool(self):
        import psycopg
        from psycopg_pool import ConnectionPool

        try:  # once directly: a pool that cannot connect only says it timed out, this says why
            with psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT) as probe:
                free = _free_connections(probe)
        except psycopg.Error as exc:
            reason = _first_line(exc)
            password = re.match(r"^\w+://[^:/@]*:([^@/]*)@", self.url)
            if password and password.group(1):
                reason = reason.replace(password.group(1), "***")
            raise StoreUnavailable(f"the store {self.name} cannot be reached ({reason}): check --store (or "
                                   f"${STORE_ENV}) and that the PostgreSQL server runs and lets this user in. "
                                   "Nothing was changed.") from None
        size = max(1, int(os.environ.get(POOL_ENV) or 4))
        if size > free:
            # every process's pool together must stay within the server's max_connections: this one takes what is left
            log.warning("the store %s has %d free connection%s (max_connections less those in use and reserved); "
                        "this process's pool takes %d instead of %d. Run fewer processes, lower $%s, or raise "
                        "max_connections in postgresql.conf.", self.name, free, "" if free == 1 else "s",
                        max(1, free), size, POOL_ENV)
            size = max(1, free)
        down = self.outage.failed
        return ConnectionPool(self.url, min_size=1, max_size=size, timeout=WAIT_TIMEOUT, open=True,
                              kwargs={"autocommit": True, "row_factory": _row_factory,
                                      "connect_timeout": POOL_CONNECT_TIMEOUT, **LIVENESS},
                              reconnect_timeout=RECONNECT_TIMEOUT, name="newsarchive-store",
                              reconnect_failed=lambda pool: down("the server refuses new connections"))

    @contextmanager
    def _connection(self):
        current = getattr(self._local, "conn", None)
        if current is not None:
            yield current
        else:
            with self._answering(), self._pooled() as conn:
                yield conn

    @contextmanager
    def _pooled(self):
        """A connection of the pool, waited for in slices: a store found down meanwhile ends the wait at once in
        the web app (`fail_fast`); elsewhere it is waited for up to WAIT_TIMEOUT (a server restarting)."""
        from psycopg_pool import PoolTimeout

        deadline = time.monotonic() + _patience
        while True:
            if self.outage.down and _patience < WAIT_TIMEOUT:
                raise _unavailable(self.name, self.outage.reason)
            try:
                conn = self.pool.getconn(timeout=max(0.01, min(SLICE, deadline - time.monotonic())))
                break
            except PoolTimeout:
                if time.monotonic() >= deadline:
                    raise
        try:
            with conn:  # (as the pool's own connection(): a transaction left open is rolled back)
                yield conn
        finally:
            self.pool.putconn(conn)

    @contextmanager
    def _answering(self):
        """A server that went away mid-work (or a pool with no free connection in time) is StoreUnavailable: a
        clear message for the command line, a 503 for the web; the pool reconnects once the server is back."""
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            yield
        except psycopg.OperationalError as exc:
            reason = _first_line(exc)
            self.outage.failed(reason)
            raise _unavailable(self.name, reason) from None
        except PoolTimeout as exc:
            raise _unavailable(self.name, self.outage.reason if self.outage.down else _first_line(exc)) from None
        self.outage.answered()

    def execute(self, sql: str, params: Iterable = ()) -> _Result:
        with self._connection() as conn:
            return _Result(conn.execute(_pg_sql(sql), tuple(params)))

    def executemany(self, sql: str, rows: Iterable[Iterable]) -> None:
        rows = [tuple(r) for r in rows]
        if rows:
            with self._connection() as conn, conn.cursor() as cur:
                cur.executemany(_pg_sql(sql), rows)

    def read_together(self, reads: Sequence[Read | None]) -> list[list]:
        """The rows of each statement, in order ([] for None), all sent before any answer is read: one round trip
        to the server (psycopg's pipeline mode; the server runs them in turn, up to one synchronisation point)."""
        wanted = [r for r in reads if r]
        if not wanted:
            return [[] for _ in reads]
        with self._connection() as conn:
            with conn.pipeline():
                cursors = [conn.execute(_pg_sql(r.sql), tuple(r.params)) for r in wanted]
            answers = iter([_Result(c).rows for c in cursors])
        return [next(answers) if r else [] for r in reads]

    @contextmanager
    def transaction(self, turn: bool = True) -> Iterator[PostgresDatabase]:
        """One writer at a time, as on SQLite: the store's transactions read, then write what they read. Without
        `turn`, a transaction that locks the rows it changes (the queue's) runs beside the others."""
        if getattr(self._local, "conn", None) is not None:
            raise RuntimeError("store transactions do not nest")
        with self._answering(), self._pooled() as conn, conn.transaction():
            conn.execute(f"SET LOCAL lock_timeout = '{WAIT_TIMEOUT}s'")
            if turn:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (_WRITER_LOCK,))
            self._local.conn = conn
            try:
                yield self
            finally:
                self._local.conn = None

    def has_table(self, name: str) -> bool:
        return self.execute("SELECT to_regclass(?)", (name,)).fetchone()[0] is not None

    def columns(self, table: str) -> set[str]:
        return {r[0] for r in self.execute("SELECT column_name FROM information_schema.columns "
                                           "WHERE table_schema=current_schema() AND table_name=?", (table,))}

    def ddl(self, statement: str) -> str:
        for pattern, replacement in _PG_TYPES:
            statement = pattern.sub(replacement, statement)
        return statement

    def close(self) -> None:
        with _pools_lock:
            entry = _pools.get(self._key)
            if entry is None or self.pool is None:
                return
            self.pool = None
            entry[1] -= 1
            if entry[1] <= 0:
                del _pools[self._key]
                entry[0].close()


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _unavailable(name: str, reason: str) -> StoreUnavailable:
    return StoreUnavailable(f"the store {name} did not answer ({reason}); what was written before is kept: try "
                            "again once the PostgreSQL server runs.")


def release(url: str) -> None:
    """Close this process's pool for `url` even if stores on it were left open (its database is about to go)."""
    with _pools_lock:
        entry = _pools.pop((url, os.getpid()), None)
    if entry is not None:
        entry[0].close()
