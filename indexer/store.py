"""The article store: the archive's source of truth, a SQLite file in the data folder or a PostgreSQL database.

Every raw page is kept byte for byte with where and when it came from, before anything is done with it, so a crash or
a bug later in the pipeline never loses what a user gave us. Articles are keyed by canonical URL; a changed page
becomes a new version. The search index is derived from the store and can always be rebuilt from it.

Several processes may write at once: readers go on while one writer holds a short transaction (SQLite in WAL mode
with `BEGIN IMMEDIATE`; PostgreSQL with an advisory lock), and the others wait for their turn instead of failing.
The SQL is one text for both databases; indexer/store_db.py hides where they differ. The schema is versioned:
numbered migrations, applied when the store is opened, bring any older archive to the current schema.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from indexer import store_counts
from indexer.explore.schema import migrate as _migration_9
from indexer.explore.schema import migrate_written as _migration_11
from indexer.models import AnnotatedArticle, RawPage
from indexer.store_db import Read, StoreError, connect, is_remote
from indexer.text.display_names import native_name
from indexer.text.scripts import language_script, word_script

SCHEMA = """
CREATE TABLE IF NOT EXISTS pages (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    origin TEXT NOT NULL,
    url TEXT,
    content_type TEXT,
    received_at TEXT NOT NULL,
    size INTEGER NOT NULL,
    data BLOB NOT NULL,
    status TEXT NOT NULL DEFAULT 'received',   -- received | stored | failed | passed (not an article)
    error TEXT,
    article_id TEXT,
    kind TEXT                                  -- for a passed page: front, section, tag or gallery
);
CREATE TABLE IF NOT EXISTS articles (
    id TEXT PRIMARY KEY,
    url_key TEXT NOT NULL UNIQUE,
    current_version INTEGER NOT NULL,
    indexed_version INTEGER NOT NULL DEFAULT 0,
    first_seen TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    title TEXT,
    url TEXT,
    language TEXT,
    source TEXT,
    published TEXT
);
CREATE INDEX IF NOT EXISTS articles_pending ON articles(indexed_version, current_version);
CREATE TABLE IF NOT EXISTS versions (
    article_id TEXT NOT NULL REFERENCES articles(id),
    version INTEGER NOT NULL,
    page_id INTEGER NOT NULL REFERENCES pages(id),
    content_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (article_id, version)
);
CREATE TABLE IF NOT EXISTS entities (
    article_id TEXT NOT NULL REFERENCES articles(id),
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    mentions INTEGER NOT NULL,
    aliases TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS entities_article ON entities(article_id);
CREATE INDEX IF NOT EXISTS entities_key ON entities(key);
CREATE TABLE IF NOT EXISTS quotes (
    article_id TEXT NOT NULL REFERENCES articles(id),
    idx INTEGER NOT NULL,
    text TEXT NOT NULL,
    speaker TEXT,
    speaker_key TEXT,
    fragment INTEGER NOT NULL,
    language TEXT,
    PRIMARY KEY (article_id, idx)
);
CREATE INDEX IF NOT EXISTS quotes_speaker ON quotes(speaker_key);
-- the versions each further index (a SolrCloud, named by its index key) holds, while articles.indexed_version is the
-- data directory's own index. One store can so feed two indexes (a migration, a second cluster).
CREATE TABLE IF NOT EXISTS index_versions (
    index_key TEXT NOT NULL,
    article_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (index_key, article_id)
);
-- the web app's sign-ins: a row per session (the cookie holds only its token, the row its hash), so signing out, a
-- new password or a removed account ends them on the server. And wrong passwords per name and client address.
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    "user" TEXT NOT NULL COLLATE NOCASE,
    started REAL NOT NULL,                      -- Unix seconds
    seen REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions("user");
CREATE TABLE IF NOT EXISTS sign_in_failures (
    name TEXT NOT NULL COLLATE NOCASE,
    address TEXT NOT NULL,
    failures INTEGER NOT NULL,
    last REAL NOT NULL,                         -- Unix seconds
    PRIMARY KEY (name, address)
);
-- who may add to the archive (search_app/accounts.py)
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL,              -- admin | archivist
    created_at TEXT NOT NULL
);
-- ingest jobs started from the web (search_app/jobs.py)
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    "user" TEXT NOT NULL,
    inputs TEXT NOT NULL,            -- JSON list: saved upload paths and URLs
    upload_dir TEXT,                 -- removed once the job is done
    status TEXT NOT NULL,            -- queued | running | cancelling | done | failed | cancelled
    done INTEGER NOT NULL DEFAULT 0, -- progress, in bytes of input
    total INTEGER NOT NULL DEFAULT 0,
    started_at TEXT,
    finished_at TEXT,
    report TEXT,                     -- JSON, as `ingest --json` prints it
    error TEXT,
    restarts INTEGER NOT NULL DEFAULT 0, -- times a stopped process left it running and it was run again
    pid INTEGER                      -- the process that runs (or ran) it
);
-- values every process of the archive shares (the web app's cookie key, when the store is a shared database)
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
# columns that archives made by earlier versions (which added them when opened) may lack
LATE_COLUMNS = [("pages", "kind", "TEXT"), ("jobs", "restarts", "INTEGER NOT NULL DEFAULT 0"), ("jobs", "pid", "INTEGER")]


def _migration_1(db) -> None:
    """Any schema before versioning (fresh, or an archive that grew columns ad hoc) to the first recorded one."""
    for statement in db.preamble:
        db.execute(statement)
    for statement in _statements(SCHEMA):
        db.execute(db.ddl(statement))
    for table, column, kind in LATE_COLUMNS:
        if column not in db.columns(table):
            db.execute(db.ddl(f"ALTER TABLE {table} ADD COLUMN {column} {kind}"))


QUEUE_SCHEMA = """
-- queued work (indexer/queue.py): one item per page, taken by `newsarchive worker` processes under a lease
CREATE TABLE IF NOT EXISTS queue (
    id INTEGER PRIMARY KEY,
    job_id INTEGER NOT NULL REFERENCES jobs(id),
    label TEXT NOT NULL,                       -- the input as given: a file, a WARC record, a URL
    page_id INTEGER REFERENCES pages(id),      -- its raw page in the store (for a URL: once fetched)
    url TEXT,                                  -- a page to fetch
    status TEXT NOT NULL DEFAULT 'queued',     -- queued | taken | done | failed | cancelled
    attempts INTEGER NOT NULL DEFAULT 0,       -- leases taken on it
    lease_until REAL,                          -- Unix seconds: a taken item past it is taken again
    worker TEXT,                               -- host:pid of the worker that holds (or held) it
    outcome TEXT,                              -- added | updated | unchanged | not_article | failed
    detail TEXT                                -- the error, or the kind of page passed over and why
);
CREATE INDEX IF NOT EXISTS queue_status ON queue(status, id);
CREATE INDEX IF NOT EXISTS queue_job ON queue(job_id, status);
-- a large raw page's bytes, in order (its pages row holds an empty `data`): no single value of tens of MiB
CREATE TABLE IF NOT EXISTS page_chunks (
    page_id INTEGER NOT NULL REFERENCES pages(id),
    n INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (page_id, n)
);
-- when each host may next be asked for a page: shared by every process, so politeness holds across machines
CREATE TABLE IF NOT EXISTS host_slots (
    host TEXT PRIMARY KEY,
    next_at REAL NOT NULL                      -- Unix seconds
);
"""


def _migration_2(db) -> None:
    """The work queue of `ingest --queue` and `newsarchive worker`, and the crawl delays every process shares."""
    for statement in _statements(QUEUE_SCHEMA):
        db.execute(db.ddl(statement))
    # 'process': run by the web server's job process (files in the data folder, progress in bytes);
    # 'queue': queue items (pages in the store, progress in pages). `open` while items are still being added.
    db.execute(db.ddl("ALTER TABLE jobs ADD COLUMN kind TEXT NOT NULL DEFAULT 'process'"))
    db.execute(db.ddl("ALTER TABLE jobs ADD COLUMN open INTEGER NOT NULL DEFAULT 0"))


SAVED_SEARCHES_SCHEMA = """
-- a signed-in user's saved searches (search_app/saved.py): what to run again, when its list was last seen (what is
-- "new since"), and its Atom feed's key. The feed token itself is never stored: only its hash, as for sessions, and
-- the salt the web app derives it from with its secret key (so the list can link the feed again).
CREATE TABLE IF NOT EXISTS saved_searches (
    id INTEGER PRIMARY KEY,
    "user" TEXT NOT NULL COLLATE NOCASE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,                        -- articles | quotes
    query TEXT NOT NULL,                       -- JSON: {"q", "filters", and for quotes "speaker", "fragments"}
    created_at TEXT NOT NULL,
    last_visit TEXT NOT NULL,                  -- ISO UTC, as articles.first_seen: newer articles are "new"
    feed_salt TEXT NOT NULL,
    feed_token_hash TEXT NOT NULL UNIQUE
);
CREATE INDEX IF NOT EXISTS saved_searches_user ON saved_searches("user");
-- "what is new since": articles first seen after a moment
CREATE INDEX IF NOT EXISTS articles_first_seen ON articles(first_seen);
"""


def _migration_3(db) -> None:
    """Saved searches with their feeds, and an index to find the articles first seen since a visit."""
    for statement in _statements(SAVED_SEARCHES_SCHEMA):
        db.execute(db.ddl(statement))


STORIES_SCHEMA = """
-- wire copies (indexer/text/shingles.py): articles whose bodies are one text are one story, named by its first
-- article, and the LSH band keys of each article's body find the candidates without comparing with every article
CREATE TABLE IF NOT EXISTS story_bands (
    band INTEGER NOT NULL,
    article_id TEXT NOT NULL REFERENCES articles(id),
    PRIMARY KEY (band, article_id)
);
CREATE INDEX IF NOT EXISTS story_bands_article ON story_bands(article_id);
CREATE TABLE IF NOT EXISTS stories (
    article_id TEXT PRIMARY KEY REFERENCES articles(id),
    story TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS stories_story ON stories(story);
"""


def _migration_4(db) -> None:
    """Stories: the wire copies of one text. Archives made before it find their copies on `newsarchive
    reannotate` or as articles are stored again."""
    for statement in _statements(STORIES_SCHEMA):
        db.execute(db.ddl(statement))


STORY_SHINGLES_SCHEMA = """
-- each article's body as its shingles (`shingles.packed`): its candidate copies are checked against these, not
-- against their bodies read and cut up again (about 2 KB an article)
CREATE TABLE IF NOT EXISTS story_shingles (
    article_id TEXT PRIMARY KEY REFERENCES articles(id),
    grams BLOB NOT NULL
);
"""


def _migration_5(db) -> None:
    """Stored shingles. Articles stored before it are checked as copies from their bodies, as before."""
    for statement in _statements(STORY_SHINGLES_SCHEMA):
        db.execute(db.ddl(statement))


def _migration_6(db) -> None:
    """Each entity row carries its article's language, and an index answers a facet label (the spelling that
    articles of the reader's language use most) from the index alone: joining every row of a name in a third of
    a 100,000-article archive to its article took about 90 ms, the index about 10."""
    db.execute(db.ddl("ALTER TABLE entities ADD COLUMN language TEXT"))
    db.execute("UPDATE entities SET language = (SELECT language FROM articles WHERE articles.id = entities.article_id)")
    db.execute(db.ddl("CREATE INDEX IF NOT EXISTS entities_names ON entities(key, language, name, mentions)"))


def _migration_7(db) -> None:
    """Each article names the annotator that made its annotations (`indexer.annotate.release`), so `check` can
    say how many an upgrade left behind. Articles stored before it have none: they are behind."""
    db.execute(db.ddl("ALTER TABLE articles ADD COLUMN annotator TEXT"))


def _migration_8(db) -> None:
    """Worker heartbeats (indexer/queue.py): which `newsarchive worker` processes are alive, busy or not."""
    db.execute(db.ddl("CREATE TABLE IF NOT EXISTS workers (name TEXT PRIMARY KEY, started_at REAL NOT NULL, "
                      "beat_at REAL NOT NULL)"))


def _migration_10(db) -> None:
    """Indexes for what every front page asks: the explorer's filed articles by day (the latest quotations are
    those of the articles filed on the last days, `Explorer._latest_quotes`), the articles by language and source
    (`Store.summary`), and pages by status (`stats`' failed and passed pages: counting them read every raw page
    kept, about a second at 95,000 pages)."""
    for statement in ("CREATE INDEX IF NOT EXISTS explored_day ON explored(day)",
                      "CREATE INDEX IF NOT EXISTS articles_language ON articles(language)",
                      "CREATE INDEX IF NOT EXISTS articles_source ON articles(source)",
                      "CREATE INDEX IF NOT EXISTS pages_status ON pages(status)"):
        db.execute(db.ddl(statement))


def _migration_12(db) -> None:
    """An entity's name looked up by its first letters (`lookup.find`) reads an index on PostgreSQL too: its `LIKE
    'wroc%'` uses no ordinary index unless the database's collation is "C" (C.UTF-8 is not), so it read every
    spelling of the archive. SQLite's range over `entity_spellings_folded` needs nothing more."""
    if db.dialect == "postgresql":
        db.execute("CREATE INDEX IF NOT EXISTS entity_spellings_prefix ON entity_spellings (folded text_pattern_ops)")


def _migration_13(db) -> None:
    """The number of filed articles, kept by `update.catch_up` in the transaction that files them: every entity
    page's association measure needs it, and counting `explored` read 50,000 index entries a page (20 ms on
    PostgreSQL). No row until the next filing: readers count meanwhile (`update.FILED`)."""
    db.execute("CREATE TABLE IF NOT EXISTS explore_totals (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")


def _migration_14(db) -> None:
    """The front page's counts kept (indexer/store_counts.py): counted once here, then changed by every write."""
    store_counts.recount(db)


STORY_CANDIDATES = 50  # bodies checked a new article: the band keys' best candidates are few; this bounds the rest

# Migration n brings schema version n-1 to n. Append, never edit one that has shipped.
MIGRATIONS: list[Callable] = [_migration_1, _migration_2, _migration_3, _migration_4, _migration_5, _migration_6,
                              _migration_7, _migration_8, _migration_9,  # 9: the explorer's (indexer/explore/schema.py)
                              _migration_10, _migration_11,  # 11: the spellings articles write (explore/schema.py)
                              _migration_12, _migration_13, _migration_14]
SCHEMA_VERSION = len(MIGRATIONS)


class NewerSchema(StoreError):
    """The store was written by a newer newsarchive: this one must not touch it."""


# wrong passwords: rows kept at most, names counted apart per address, and the row for any further name
THROTTLE_ROWS, THROTTLE_NAMES, ANY_NAME = 10_000, 20, "*"
PAGE_CHUNK = 4 * 1024 * 1024  # a raw page larger than this is kept in chunks of this size (table page_chunks)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def article_id_for(url_key: str) -> str:
    """A short id that is stable for a canonical URL, so links to an article survive a rebuild."""
    return hashlib.sha1(url_key.encode("utf-8")).hexdigest()[:16]


def content_hash(annotated: AnnotatedArticle) -> str:
    """What makes two fetches of a page the same version: the words a reader sees, not the ads around them."""
    a = annotated.article
    basis = "\x1f".join([a.title, a.text, a.published or "", a.byline])
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class PageReceipt:
    """What the store did with a raw page: `new` is False when the exact bytes were already stored and handled."""

    page_id: int
    new: bool
    article_id: str | None = None


@dataclass(frozen=True)
class StoredArticle:
    """Outcome of storing an annotated article: added, updated (new version) or unchanged."""

    article_id: str
    outcome: str
    version: int


class Store:
    """Access to one archive's store: a SQLite file path, or a postgresql:// URL. Cheap to open; open one per
    process or thread (PostgreSQL stores of one URL share a connection pool per process)."""

    def __init__(self, target: Path | str):
        self.remote = is_remote(target)
        if not self.remote and "://" not in str(target):  # (another URL: connect explains what --store takes)
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            _owner_only(Path(target))
        self.db = connect(target)
        self._batch = threading.local()  # the transaction of this thread's batch(), which others join
        self.name = self.db.name  # where it is, for messages: a path, or the URL without its password
        try:
            self._migrate()
        except BaseException:
            self.db.close()
            raise

    def _migrate(self) -> None:
        """Bring the schema to SCHEMA_VERSION. Only a store that is behind takes the writer's turn; two processes
        starting at once both wait for it, and the second finds the work done."""
        if self.schema_version() == SCHEMA_VERSION:
            return
        with self.transaction() as db:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            found = self.schema_version()
            for migration in MIGRATIONS[found:]:
                migration(db)
            db.execute("DELETE FROM schema_version")
            db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))

    def schema_version(self) -> int:
        """The recorded schema version (0 before versioning); refuses a store newer than this code."""
        found = (self.db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] or 0
                 if self.db.has_table("schema_version") else 0)
        if found > SCHEMA_VERSION:
            raise NewerSchema(f"the store {self.name} has schema version {found}, but this newsarchive knows "
                              f"versions up to {SCHEMA_VERSION}: it was written by a newer newsarchive. Upgrade "
                              "newsarchive (or use the version that wrote it); nothing was changed.")
        return found

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self, turn: bool = True) -> Iterator:
        """A write transaction, one writer at a time, so concurrent writers queue instead of deadlock (`turn=False`:
        on PostgreSQL, beside the others, for a transaction that locks the rows it changes). Inside this thread's
        batch(), part of the batch's transaction."""
        joined = getattr(self._batch, "db", None)
        if joined is not None:
            yield joined
            return
        with self.db.transaction(turn) as db:
            yield db

    @contextmanager
    def batch(self) -> Iterator:
        """One transaction for many writes (a chunk of ingested pages): one commit, one wait for the disk, instead
        of one per page. Nothing of it is kept when it fails; what it wrote is on disk once it ends."""
        with self.transaction() as db:  # (inside another batch: part of it)
            outer, self._batch.db = getattr(self._batch, "db", None), db
            try:
                yield db
            finally:
                self._batch.db = outer

    def shared_secret(self, name: str) -> str:
        """A random secret every process of this store reads the same (made by the first to ask)."""
        row = self.db.execute("SELECT value FROM settings WHERE name=?", (name,)).fetchone()
        if row is None:
            with self.transaction() as db:
                db.execute("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                           (name, secrets.token_hex(32)))
                row = db.execute("SELECT value FROM settings WHERE name=?", (name,)).fetchone()
        return row[0]

    def claim_host(self, host: str, hold: float) -> float:
        """Claim `host` for one request: 0 when it is the caller's, who holds it until release_host (or for `hold`
        seconds, should the caller die mid-request), else the seconds to wait before claiming again. Every process
        of the store shares the claims, so workers on many machines are one polite visitor: one request to a host at
        a time, the pause counted from the end of the last one (not from a turn booked ahead, which a late or slow
        request would shorten)."""
        with self.transaction(turn=False) as db:
            # the row first, so that two first visits to a host wait for each other on its lock
            db.execute("INSERT INTO host_slots (host, next_at) VALUES (?, 0) ON CONFLICT (host) DO NOTHING", (host,))
            row = db.execute(f"SELECT next_at FROM host_slots WHERE host=?{db.for_update}", (host,)).fetchone()
            now = time.time()
            if now < row[0]:
                return row[0] - now
            db.execute("UPDATE host_slots SET next_at=? WHERE host=?", (now + hold, host))
            return 0.0

    def release_host(self, host: str, pause: float) -> None:
        """Give back a host claimed with claim_host once its request is over: the next may be asked `pause` seconds
        from now."""
        with self.transaction(turn=False) as db:
            db.execute("UPDATE host_slots SET next_at=? WHERE host=?", (time.time() + pause, host))

    # -- raw pages ---------------------------------------------------------------------------------------------
    def receive(self, page: RawPage) -> PageReceipt:
        """Keep the raw bytes durably before any processing; report whether they still need processing."""
        digest = page.sha256
        with self.transaction() as db:
            row = db.execute("SELECT id, status, article_id FROM pages WHERE sha256=?", (digest,)).fetchone()
            if row is not None:
                # bytes seen before: only pages that were fully handled count as done; a page whose processing was
                # interrupted (or failed with an older version of the code) is processed again
                return PageReceipt(row["id"], row["status"] != "stored", row["article_id"])
            data = bytes(page.data)
            chunked = len(data) > PAGE_CHUNK
            row = db.execute(
                "INSERT INTO pages (sha256, origin, url, content_type, received_at, size, data) VALUES (?,?,?,?,?,?,?) "
                "RETURNING id",
                (digest, page.origin, page.url, page.content_type, page.received_at or now(), len(data),
                 b"" if chunked else data),
            ).fetchone()
            if chunked:
                for n, start in enumerate(range(0, len(data), PAGE_CHUNK)):
                    db.execute("INSERT INTO page_chunks (page_id, n, data) VALUES (?,?,?)",
                               (row[0], n, data[start:start + PAGE_CHUNK]))
            return PageReceipt(row[0], True)

    def page_bytes(self, row) -> bytes:
        """A pages row's raw bytes (joined from its chunks for a large page)."""
        data = bytes(row["data"])
        if data or not row["size"]:
            return data
        return b"".join(bytes(c[0]) for c in self.db.execute(
            "SELECT data FROM page_chunks WHERE page_id=? ORDER BY n", (row["id"],)))

    def mark_failed(self, page_id: int, error: str) -> None:
        with self.transaction() as db:
            db.execute("UPDATE pages SET status='failed', error=? WHERE id=?", (error, page_id))

    def mark_passed(self, page_id: int, kind: str) -> None:
        """The page is kept, but it is not an article (a front, section, tag page or gallery): nothing to index."""
        with self.transaction() as db:
            db.execute("UPDATE pages SET status='passed', kind=?, error=NULL WHERE id=?", (kind, page_id))

    def version_made_by(self, article_id: str, page_id: int) -> int | None:
        """The version of the article this raw page made, if it made one (its first processing found a new story)."""
        row = self.db.execute("SELECT MIN(version) FROM versions WHERE article_id=? AND page_id=?",
                              (article_id, page_id)).fetchone()
        return row[0] if row else None

    def raw_page(self, page_id: int) -> RawPage:
        row = self.db.execute("SELECT * FROM pages WHERE id=?", (page_id,)).fetchone()
        if row is None:
            raise KeyError(page_id)
        return RawPage(self.page_bytes(row), row["origin"], row["url"], row["content_type"], row["received_at"])

    def failures(self) -> list[tuple[str, str]]:
        return [(r["origin"], r["error"]) for r in
                self.db.execute("SELECT origin, error FROM pages WHERE status='failed' ORDER BY id")]

    # -- articles ----------------------------------------------------------------------------------------------
    def add_article(self, page_id: int, annotated: AnnotatedArticle, article_id: str | None = None) -> StoredArticle:
        """Store an annotated article for a received page: a new article, a new version of one, or nothing new.

        `article_id` pins the article when its page is processed again (reannotate): a better extractor may find
        another canonical URL, or none, and the story must stay one article, reachable under the new URL too.
        """
        a = annotated.article
        digest = content_hash(annotated)
        url_key = a.url or f"sha256:{digest}"
        stamp = now()
        from indexer.text.shingles import shingles  # late: numpy, which reading the store does not need

        grams = shingles(a.text)  # outside the transaction: other writers wait only for the writes
        with self.transaction() as db:
            if article_id is None:
                article_id = article_id_for(url_key)
                owner = db.execute("SELECT id FROM articles WHERE url_key=?", (url_key,)).fetchone()
                if owner is not None:
                    article_id = owner["id"]
            elif a.url and not db.execute("SELECT 1 FROM articles WHERE url_key=?", (url_key,)).fetchone():
                db.execute("UPDATE articles SET url_key=? WHERE id=?", (url_key, article_id))
            row = db.execute("SELECT current_version, language, source FROM articles WHERE id=?",
                             (article_id,)).fetchone()
            if row is not None:
                current = db.execute(
                    "SELECT content_hash FROM versions WHERE article_id=? AND version=?",
                    (article_id, row["current_version"]),
                ).fetchone()
                if current is not None and current["content_hash"] == digest:
                    db.execute("UPDATE pages SET status='stored', error=NULL, article_id=? WHERE id=?",
                               (article_id, page_id))
                    return StoredArticle(article_id, "unchanged", row["current_version"])
                version, outcome = row["current_version"] + 1, "updated"
            else:
                version, outcome = 1, "added"
                db.execute(
                    "INSERT INTO articles (id, url_key, current_version, first_seen, updated_at) VALUES (?,?,?,?,?)",
                    (article_id, url_key, 0, stamp, stamp),
                )
            db.execute(
                "INSERT INTO versions (article_id, version, page_id, content_hash, created_at, record) "
                "VALUES (?,?,?,?,?,?)",
                (article_id, version, page_id, digest, stamp, json.dumps(annotated.to_record(), ensure_ascii=False)),
            )
            db.execute(
                "UPDATE articles SET current_version=?, updated_at=?, title=?, url=?, language=?, source=?, "
                "published=?, annotator=? WHERE id=?",
                (version, stamp, a.title, a.url, annotated.language, a.source, a.published,
                 annotated.annotator or None, article_id),
            )
            quoted = self._replace_annotations(db, article_id, annotated)
            store_counts.change(db, [(row["language"], row["source"])] if row is not None else [],
                                [(annotated.language, a.source)], quoted)
            self._join_story(db, article_id, grams)
            db.execute("UPDATE pages SET status='stored', error=NULL, article_id=? WHERE id=?", (article_id, page_id))
        return StoredArticle(article_id, outcome, version)

    def _join_story(self, db, article_id: str, grams: frozenset[int]) -> None:
        """File the article under the story of the stored articles whose body is the same text (its wire copies),
        or under a story of its own. Copies found in two stories join them into the older one."""
        from indexer.text.shingles import bands, packed, same_story, shingles, unpacked

        keys = bands(grams)
        db.execute("DELETE FROM story_bands WHERE article_id=?", (article_id,))
        db.executemany("INSERT INTO story_bands (band, article_id) VALUES (?,?)", [(k, article_id) for k in keys])
        db.execute("DELETE FROM story_shingles WHERE article_id=?", (article_id,))
        copies = []
        if keys:
            blob = packed(grams)
            db.execute("INSERT INTO story_shingles (article_id, grams) VALUES (?,?)", (article_id, blob))
            marks = ",".join("?" * len(keys))
            candidates = [r[0] for r in db.execute(
                f"SELECT DISTINCT article_id FROM story_bands WHERE band IN ({marks}) AND article_id<>?",
                (*keys, article_id))][:STORY_CANDIDATES]
            kept = {r[0]: unpacked(bytes(r[1])) for r in db.execute(
                f"SELECT article_id, grams FROM story_shingles WHERE article_id IN ({','.join('?' * len(candidates))})",
                candidates)} if candidates else {}
            mine = unpacked(blob)
            copies = [c for c in candidates if c in kept and same_story(mine, kept[c])]
            copies += [c for c in candidates if c not in kept and same_story(grams, shingles(self._body(db, c)))]
        stories = {r[0] for r in db.execute(
            f"SELECT story FROM stories WHERE article_id IN ({','.join('?' * len(copies))})", copies)} if copies else set()
        own = db.execute("SELECT story FROM stories WHERE article_id=?", (article_id,)).fetchone()
        story = min(stories | {own[0] if own else article_id}, key=lambda s: self._first(db, s))
        for other in stories - {story}:
            db.execute("UPDATE stories SET story=? WHERE story=?", (story, other))
        db.execute("DELETE FROM stories WHERE article_id=?", (article_id,))
        db.execute("INSERT INTO stories (article_id, story) VALUES (?,?)", (article_id, story))

    @staticmethod
    def _body(db, article_id: str) -> str:
        row = db.execute("SELECT v.record FROM articles a JOIN versions v ON v.article_id=a.id AND "
                         "v.version=a.current_version WHERE a.id=?", (article_id,)).fetchone()
        blocks = json.loads(row[0])["article"].get("blocks", []) if row else []
        return "\n\n".join(b["text"] if isinstance(b, dict) else b[1] for b in blocks)

    @staticmethod
    def _first(db, story: str) -> tuple:
        """A story's age: the publication (or first-seen) time of the article it is named by."""
        row = db.execute("SELECT published, first_seen FROM articles WHERE id=?", (story,)).fetchone()
        return (row[0] or row[1] or "", story) if row else ("", story)

    def copies(self, article_ids: Iterable[str]) -> dict[str, int]:
        """How many other articles each article's story holds (0 for one that has no copy)."""
        ids = list(article_ids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self.db.execute(
            f"SELECT s.article_id, (SELECT COUNT(*) FROM stories t WHERE t.story=s.story) - 1 FROM stories s "
            f"WHERE s.article_id IN ({marks})", ids)
        return {i: 0 for i in ids} | {r[0]: r[1] for r in rows}

    def story_dates(self, article_ids: Iterable[str]) -> dict[str, tuple[str, str | None, str]]:
        """Article id -> (its story, published, first seen), a few hundred ids per query: what folding wire copies
        needs (`search_app.folding`). An article filed under no story (an archive from before stories) is its own."""
        ids = list(dict.fromkeys(article_ids))
        found: dict[str, tuple[str, str | None, str]] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            for r in self.db.execute(
                    f"SELECT a.id, COALESCE(s.story, a.id), a.published, a.first_seen FROM articles a "
                    f"LEFT JOIN stories s ON s.article_id=a.id WHERE a.id IN ({','.join('?' * len(chunk))})", chunk):
                found[r[0]] = (r[1], r[2], r[3])
        return found

    def story_of(self, article_id: str) -> list[dict]:
        """The other articles of this article's story (its wire copies), earliest first: id, title, source, url,
        published."""
        rows = self.db.execute(
            "SELECT a.id, a.title, a.source, a.url, a.published, a.first_seen FROM stories s "
            "JOIN stories t ON t.story=s.story JOIN articles a ON a.id=t.article_id "
            "WHERE s.article_id=? AND t.article_id<>?", (article_id, article_id))
        found = [{"id": r[0], "title": r[1], "source": r[2], "url": r[3], "published": r[4]} | {"first_seen": r[5]}
                 for r in rows]
        return sorted(found, key=lambda c: (c["published"] or c["first_seen"] or "", c["id"]))

    def refresh_annotations(self, article_id: str, annotated: AnnotatedArticle) -> None:
        """Replace the derived annotations of the current version (same story, better annotators) and queue it
        for re-indexing; the raw page and the version history stay as they are."""
        with self.transaction() as db:
            version, language, source = db.execute("SELECT current_version, language, source FROM articles "
                                                   "WHERE id=?", (article_id,)).fetchone()
            db.execute("UPDATE versions SET record=? WHERE article_id=? AND version=?",
                       (json.dumps(annotated.to_record(), ensure_ascii=False), article_id, version))
            db.execute("UPDATE articles SET language=?, annotator=?, indexed_version=0 WHERE id=?",
                       (annotated.language, annotated.annotator or None, article_id))
            db.execute("DELETE FROM index_versions WHERE article_id=?", (article_id,))
            quoted = self._replace_annotations(db, article_id, annotated)
            store_counts.change(db, [(language, source)], [(annotated.language, source)], quoted)

    def current_pages(self) -> list[tuple[str, int]]:
        """(article id, raw page id) of every article's current version."""
        return [(r[0], r[1]) for r in self.db.execute(
            "SELECT a.id, v.page_id FROM articles a JOIN versions v "
            "ON v.article_id=a.id AND v.version=a.current_version ORDER BY a.first_seen, a.id")]

    @staticmethod
    def _replace_annotations(db, article_id: str, annotated: AnnotatedArticle) -> int:
        """Its entities and quotations those of `annotated`; the change in the number of quotations."""
        # late: the store itself needs no NLP unless annotations are written
        from indexer.annotate.entities.keys import entity_key, speaker_key

        db.execute("DELETE FROM entities WHERE article_id=?", (article_id,))
        gone = db.execute("DELETE FROM quotes WHERE article_id=?", (article_id,)).rowcount
        # the explorer files it again (indexer/explore/update.py): its entities' pages, its story
        db.execute("INSERT INTO explore_pending (article_id) VALUES (?) ON CONFLICT (article_id) DO NOTHING",
                   (article_id,))
        db.executemany(
            "INSERT INTO entities (article_id, key, name, type, mentions, aliases, language) VALUES (?,?,?,?,?,?,?)",
            [(article_id, e.key or entity_key(e.name, e.type), e.name, e.type, e.mentions,
              json.dumps(e.aliases, ensure_ascii=False), annotated.language) for e in annotated.entities],
        )
        db.executemany(
            "INSERT INTO quotes (article_id, idx, text, speaker, speaker_key, fragment, language) "
            "VALUES (?,?,?,?,?,?,?)",
            [(article_id, i, q.text, q.speaker, speaker_key(q.speaker),
              int(q.fragment), q.language or annotated.language) for i, q in enumerate(annotated.quotes)],
        )
        return len(annotated.quotes) - gone

    def article(self, article_id: str, version: int | None = None) -> AnnotatedArticle | None:
        row = self.db.execute(
            "SELECT v.record FROM versions v JOIN articles a ON a.id=v.article_id "
            "WHERE a.id=? AND v.version=COALESCE(?, a.current_version)",
            (article_id, version),
        ).fetchone()
        return AnnotatedArticle.from_record(json.loads(row["record"])) if row else None

    def articles(self, wanted: list[tuple[str, int]], per_query: int = 200) -> Iterator[
            tuple[str, int, AnnotatedArticle | None]]:
        """(article id, version, article) for each wanted (article id, version), in order, a few hundred per query:
        indexing reads thousands, and one round trip each cost a migration a quarter of its time on PostgreSQL."""
        for start in range(0, len(wanted), per_query):
            chunk = wanted[start:start + per_query]
            marks = ",".join("?" * len(chunk))
            found = {(r["article_id"], r["version"]): r["record"] for r in self.db.execute(
                f"SELECT article_id, version, record FROM versions WHERE article_id IN ({marks})",
                [i for i, _ in chunk]).fetchall()}
            for article_id, version in chunk:
                record = found.get((article_id, version))
                yield article_id, version, AnnotatedArticle.from_record(json.loads(record)) if record else None

    def current_article(self, article_id: str) -> tuple[int, AnnotatedArticle] | None:
        """The newest version's number and article in one read (an export reads thousands of them)."""
        row = self.db.execute(
            "SELECT v.version, v.record FROM versions v JOIN articles a ON a.id=v.article_id "
            "WHERE a.id=? AND v.version=a.current_version", (article_id,)).fetchone()
        return (row["version"], AnnotatedArticle.from_record(json.loads(row["record"]))) if row else None

    def article_heads(self, article_ids: Iterable[str]) -> dict[str, tuple[int, str | None]]:
        """Article id -> (current version, URL), a few hundred ids per statement, all in one round trip: what citing
        a page of quotes needs of their articles."""
        ids = list(dict.fromkeys(article_ids))
        reads = [self.heads_read(ids[start:start + 500]) for start in range(0, len(ids), 500)]
        return self.heads_of([r for rows in self.db.read_together(reads) for r in rows])

    @staticmethod
    def heads_read(article_ids: list[str]) -> Read | None:
        """The statement of `article_heads` for a few hundred ids at most (None for none); `heads_of` its rows."""
        return Read(f"SELECT id, current_version, url FROM articles WHERE id IN ({','.join('?' * len(article_ids))})",
                    article_ids) if article_ids else None

    @staticmethod
    def heads_of(rows: list) -> dict[str, tuple[int, str | None]]:
        return {r[0]: (r[1], r[2]) for r in rows}

    def current_version(self, article_id: str) -> int | None:
        row = self.db.execute("SELECT current_version FROM articles WHERE id=?", (article_id,)).fetchone()
        return row[0] if row else None

    def article_info(self, article_id: str) -> dict | None:
        row = self.db.execute("SELECT * FROM articles WHERE id=?", (article_id,)).fetchone()
        if row is None:
            return None
        info = dict(row)
        info["versions"] = [
            dict(r)
            for r in self.db.execute(
                "SELECT v.version, v.created_at, v.content_hash, p.origin, p.received_at, p.sha256 "
                "FROM versions v JOIN pages p ON p.id=v.page_id WHERE v.article_id=? ORDER BY v.version",
                (article_id,),
            )
        ]
        return info

    def current_versions(self) -> dict[str, int]:
        """Every article's current version number."""
        return {r[0]: r[1] for r in self.db.execute("SELECT id, current_version FROM articles")}

    def behind(self, annotator: str) -> int:
        """Articles whose annotations another annotator made (an older release, or one from before it was kept)."""
        return self.db.execute("SELECT count(*) FROM articles WHERE annotator IS NULL OR annotator <> ?",
                               (annotator,)).fetchone()[0]

    def recent_entities(self, entity_type: str, limit: int) -> list[tuple[str, str]]:
        """(name, key) of the last `limit` entities of a type stored (a sample for `check`)."""
        return [(r[0], r[1]) for r in self.db.execute(
            f"SELECT name, key FROM entities WHERE type=? ORDER BY {self.db.insertion_order} DESC LIMIT ?",
            (entity_type, limit))]

    def raw_pages(self, batch: int = 100) -> Iterator:
        """Every stored raw page with its article's canonical URL, a batch in memory at a time (for export)."""
        last = 0
        while True:
            rows = self.db.execute(
                "SELECT p.id, p.data, p.size, p.origin, p.url, p.received_at, p.content_type, a.url AS canonical "
                "FROM pages p LEFT JOIN articles a ON a.id = p.article_id WHERE p.id > ? ORDER BY p.id LIMIT ?",
                (last, batch)).fetchall()
            if not rows:
                return
            yield from rows
            last = rows[-1]["id"]

    def article_ids(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM articles ORDER BY first_seen, id")]

    # Index bookkeeping: `index` None is the data directory's own index (articles.indexed_version), else the key
    # of another index (`index_versions`).
    def pending(self, limit: int = 200, index: str | None = None) -> list[tuple[str, int]]:
        """Articles whose newest version is not yet in the index: (id, version)."""
        if index is None:
            return [(r[0], r[1]) for r in self.db.execute(
                "SELECT id, current_version FROM articles WHERE indexed_version != current_version "
                "ORDER BY updated_at, id LIMIT ?", (limit,))]
        return [(r[0], r[1]) for r in self.db.execute(
            "SELECT a.id, a.current_version FROM articles a LEFT JOIN index_versions v "
            "ON v.index_key=? AND v.article_id=a.id WHERE COALESCE(v.version, 0) != a.current_version "
            "ORDER BY a.updated_at, a.id LIMIT ?", (index, limit))]

    def indexed_count(self, index: str) -> int:
        """How many articles the store recorded writing into the index `index`."""
        return self.db.execute("SELECT COUNT(*) FROM index_versions WHERE index_key=?", (index,)).fetchone()[0]

    def pending_count(self, index: str | None = None) -> int:
        if index is None:
            return self.db.execute("SELECT COUNT(*) FROM articles WHERE indexed_version != current_version").fetchone()[0]
        return self.db.execute(
            "SELECT COUNT(*) FROM articles a LEFT JOIN index_versions v ON v.index_key=? AND v.article_id=a.id "
            "WHERE COALESCE(v.version, 0) != a.current_version", (index,)).fetchone()[0]

    def mark_indexed(self, done: Iterable[tuple[str, int]], index: str | None = None) -> None:
        with self.transaction() as db:
            if index is None:
                db.executemany("UPDATE articles SET indexed_version=? WHERE id=?", [(v, i) for i, v in done])
            else:
                db.executemany("INSERT INTO index_versions (index_key, article_id, version) VALUES (?, ?, ?) "
                               "ON CONFLICT (index_key, article_id) DO UPDATE SET version=excluded.version",
                               [(index, i, v) for i, v in done])

    def mark_unindexed(self, article_ids: Iterable[str], index: str | None = None) -> None:
        """Queue these articles for the index again."""
        with self.transaction() as db:
            if index is None:
                db.executemany("UPDATE articles SET indexed_version=0 WHERE id=?", [(i,) for i in article_ids])
            else:
                db.executemany("DELETE FROM index_versions WHERE index_key=? AND article_id=?",
                               [(index, i) for i in article_ids])

    def mark_all_unindexed(self, index: str | None = None) -> None:
        with self.transaction() as db:
            if index is None:
                db.execute("UPDATE articles SET indexed_version=0")
            else:
                db.execute("DELETE FROM index_versions WHERE index_key=?", (index,))

    # -- web sign-ins: sessions and wrong passwords --------------------------------------------------------------
    def start_session(self, user: str, absolute: float) -> str:
        """A new session for `user`; its token goes into the cookie, only the token's hash into this file. Sessions
        older than `absolute` seconds are dropped on the way."""
        token, stamp = secrets.token_urlsafe(32), time.time()
        with self.transaction() as db:
            db.execute("DELETE FROM sessions WHERE started < ?", (stamp - absolute,))
            db.execute('INSERT INTO sessions (token_hash, "user", started, seen) VALUES (?,?,?,?)',
                       (_token_hash(token), user, stamp, stamp))
        return token

    def session_user(self, token: str, idle: float, absolute: float) -> str | None:
        """The user of a live session, or None: unknown, ended, idle for `idle` seconds or older than `absolute`.
        Its last use is written at most once a minute, so reading pages costs no write each time."""
        stamp = time.time()
        row = self.db.execute('SELECT "user", started, seen FROM sessions WHERE token_hash=?',
                              (_token_hash(token),)).fetchone()
        if row is None:
            return None
        if stamp - row["seen"] > idle or stamp - row["started"] > absolute:
            self.end_session(token)
            return None
        if stamp - row["seen"] > 60:
            with self.transaction() as db:
                db.execute("UPDATE sessions SET seen=? WHERE token_hash=?", (stamp, _token_hash(token)))
        return row["user"]

    def end_session(self, token: str) -> None:
        with self.transaction() as db:
            db.execute("DELETE FROM sessions WHERE token_hash=?", (_token_hash(token),))

    def end_sessions(self, user: str) -> int:
        """End every session of `user` (new password, account removed); also forgets its wrong passwords."""
        with self.transaction() as db:
            db.execute("DELETE FROM sign_in_failures WHERE name=?", (user,))
            return db.execute('DELETE FROM sessions WHERE "user"=?', (user,)).rowcount

    def sign_in_attempt(self, name: str, address: str, backoff: Callable[[int], float]) -> float:
        """Count a sign-in attempt for `name` from `address` before its password is checked, and return 0; or, when
        `backoff(attempts in a row)` seconds have not passed since the last, count nothing and return the seconds
        left. One writer at a time: of guesses sent at the same moment, only as many go on as the wait allows.

        The rows are bounded: an address with wrong passwords for THROTTLE_NAMES names already counts any further
        name under one row of its own (guessing ever new names from one machine is slowed as one name is), and
        beyond THROTTLE_ROWS rows the oldest go."""
        stamp = time.time()
        with self.transaction() as db:
            row = db.execute("SELECT failures, last FROM sign_in_failures WHERE name=? AND address=?",
                             (name, address)).fetchone()
            if row is None and db.execute("SELECT COUNT(*) FROM sign_in_failures WHERE address=? AND name<>?",
                                          (address, ANY_NAME)).fetchone()[0] >= THROTTLE_NAMES:
                name = ANY_NAME
                row = db.execute("SELECT failures, last FROM sign_in_failures WHERE name=? AND address=?",
                                 (name, address)).fetchone()
            failures, last = (row[0], row[1]) if row else (0, 0.0)
            remaining = backoff(failures) - (stamp - last)
            if remaining > 0:
                return remaining
            db.execute("INSERT INTO sign_in_failures (name, address, failures, last) VALUES (?,?,1,?) "
                       "ON CONFLICT (name, address) DO UPDATE SET failures=sign_in_failures.failures+1, last=excluded.last",
                       (name, address, stamp))
            if row is None:
                db.execute("DELETE FROM sign_in_failures WHERE last <= (SELECT last FROM sign_in_failures "
                           "ORDER BY last DESC LIMIT 1 OFFSET ?)", (THROTTLE_ROWS,))
        return 0.0

    def sign_in_failed(self, name: str, address: str) -> None:
        """The password of a counted attempt was wrong: the wait runs from now, the end of the check (a slow check
        does not shorten it)."""
        with self.transaction() as db:
            for key in (name, ANY_NAME):  # its own row, or the address's row for any further name
                if db.execute("UPDATE sign_in_failures SET last=? WHERE name=? AND address=?",
                              (time.time(), key, address)).rowcount:
                    return

    def sign_in_succeeded(self, name: str, address: str) -> None:
        with self.transaction() as db:
            db.execute("DELETE FROM sign_in_failures WHERE name=? AND address=?", (name, address))

    # -- saved searches ----------------------------------------------------------------------------------------
    def save_search(self, user: str, name: str, kind: str, query: dict, feed_salt: str, feed_token: str) -> int:
        """A new saved search of `user`; its last visit is now, so only what comes later counts as new. Only the
        feed token's hash is kept."""
        stamp = now()
        with self.transaction() as db:
            return db.execute(
                'INSERT INTO saved_searches ("user", name, kind, query, created_at, last_visit, feed_salt, '
                "feed_token_hash) VALUES (?,?,?,?,?,?,?,?) RETURNING id",
                (user, name, kind, json.dumps(query, ensure_ascii=False), stamp, stamp, feed_salt,
                 _token_hash(feed_token))).fetchone()[0]

    def saved_searches(self, user: str) -> list[dict]:
        """The saved searches of `user`, oldest first."""
        return [_saved(r) for r in self.db.execute(
            'SELECT * FROM saved_searches WHERE "user"=? ORDER BY id', (user,))]

    def delete_saved_search(self, search_id: int, user: str) -> bool:
        """Delete one of `user`'s saved searches; False when they have none of that id (someone else's included)."""
        with self.transaction() as db:
            return db.execute('DELETE FROM saved_searches WHERE id=? AND "user"=?', (search_id, user)).rowcount > 0

    def visit_saved_searches(self, user: str) -> None:
        """`user` has seen the list: from now on only later articles are new."""
        with self.transaction() as db:
            db.execute('UPDATE saved_searches SET last_visit=? WHERE "user"=?', (now(), user))

    def saved_search_by_feed(self, feed_token: str) -> dict | None:
        """The saved search whose feed the token opens, or None."""
        row = self.db.execute("SELECT * FROM saved_searches WHERE feed_token_hash=?",
                              (_token_hash(feed_token),)).fetchone()
        return _saved(row) if row else None

    def first_seen_since(self, stamp: str, limit: int) -> list[str]:
        """Ids of the articles first seen after `stamp` (ISO UTC), newest first, at most `limit`."""
        return [r[0] for r in self.db.execute(
            "SELECT id FROM articles WHERE first_seen > ? ORDER BY first_seen DESC, id LIMIT ?", (stamp, limit))]

    def seen_dates(self, article_ids: Iterable[str]) -> dict[str, tuple[str, str]]:
        """(first seen, last updated) of each of these articles."""
        ids = list(article_ids)
        if not ids:
            return {}
        return {r[0]: (r[1], r[2]) for r in self.db.execute(
            f"SELECT id, first_seen, updated_at FROM articles WHERE id IN ({','.join('?' * len(ids))})", ids)}

    # -- summaries ---------------------------------------------------------------------------------------------
    def summary(self) -> dict:
        """What the front page and the search page say of the archive: its articles, their languages and sources
        (each with its count, most first) and its quotations; counts kept by the writes (indexer/store_counts.py)."""
        return self.summary_of(self.db.execute(*self.summary_read()).fetchall())

    @staticmethod
    def summary_read() -> Read:
        """The statement of `summary`, to send with others (`read_together`); `summary_of` its rows."""
        return Read(store_counts.KEPT)

    @staticmethod
    def summary_of(rows: list) -> dict:
        found: dict[str, dict[str, int]] = {"articles": {"": 0}, "language": {}, "source": {}, "quotes": {"": 0}}
        for part, value, n in rows:
            found[part][value] = n
        ranked = {part: dict(sorted(found[part].items(), key=lambda kv: (-kv[1], kv[0]))) for part in ("language", "source")}
        return {"articles": found["articles"][""], "languages": ranked["language"], "sources": ranked["source"],
                "quotes": found["quotes"][""]}

    def stats(self) -> dict:
        """The summary, with the entities, the pages received (failed ones, ones passed as no article) and the
        versions kept."""
        db = self.db
        return self.summary() | {
            "entities": db.execute("SELECT COUNT(DISTINCT key) FROM entities").fetchone()[0],
            "pages": db.execute("SELECT COUNT(*) FROM pages").fetchone()[0],
            "failed_pages": db.execute("SELECT COUNT(*) FROM pages WHERE status='failed'").fetchone()[0],
            "passed_pages": db.execute("SELECT COUNT(*) FROM pages WHERE status='passed'").fetchone()[0],
            "versions": db.execute("SELECT COUNT(*) FROM versions").fetchone()[0],
        }

    def display_names(self, keys: Iterable[str], kind: str, languages: Iterable[str] = (),
                      reader: str | None = None) -> dict[str, str]:
        """A spelling for each entity or speaker key, for showing facet values: the one articles in the first of
        `languages` use most (the reader's language, then the results' languages), else the most used of all.
        An English reader sees "Oleksandr Hrytsenko", not the Cyrillic of the Ukrainian articles that name him
        more often; Ukrainian-only results show the Ukrainian spelling, not a German one that happens to be
        counted more. Places and organisations, which the gazetteer names in English, are named in the `reader`'s
        script where the archive knows a name in it (`_native_names`)."""
        read = self.names_read(list(keys), kind)
        return self.names_of(self.db.execute(*read).fetchall() if read else [], kind, languages, reader)

    @staticmethod
    def names_read(keys: list[str], kind: str) -> Read | None:
        """The statement `display_names` reads (None for no keys), to send with others (`read_together`); its rows
        go to `names_of`. A speaker who is also a named entity is named as in the person and organisation facets;
        one no article names (quoted only) by the quotations' spellings."""
        if not keys:
            return None
        marks = ",".join("?" * len(keys))
        sql = (f"SELECT key, name, language, SUM(mentions) AS n FROM entities WHERE key IN ({marks}) "
               f"GROUP BY key, name, language")
        if kind != "speaker":
            return Read(sql, keys)
        return Read(f"{sql} UNION ALL SELECT speaker_key, speaker, language, COUNT(*) FROM quotes WHERE speaker_key IN "
                    f"(SELECT k FROM ({' UNION ALL '.join(['SELECT ? AS k'] * len(keys))}) AS asked WHERE NOT EXISTS "
                    f"(SELECT 1 FROM entities e WHERE e.key=asked.k)) GROUP BY speaker_key, speaker, language",
                    [*keys, *keys])

    def names_of(self, rows: list, kind: str, languages: Iterable[str] = (), reader: str | None = None) -> dict[str, str]:
        """`display_names` from the rows of its statement (`names_read`)."""
        names = self._best_names(rows, list(dict.fromkeys(lang for lang in languages if lang)))
        if kind in ("place", "organization") and reader:
            names |= self._native_names(names, reader)
        return names

    def _native_names(self, names: dict[str, str], language: str) -> dict[str, str]:
        """The names among `names` written in another script than `language`'s, in its script where the entity's
        articles list a spelling in it (indexer/text/display_names.py): Київ for a Ukrainian reader, not Kyiv."""
        script = language_script(language)
        keys = [k for k, name in names.items() if word_script(name) != script]
        if not keys:
            return {}
        own: dict[str, list[tuple[list[str], int]]] = defaultdict(list)
        listed: dict[str, set[str]] = defaultdict(set)
        for r in self.db.execute(f"SELECT key, language, aliases, COUNT(*) AS n FROM entities WHERE key IN "
                                 f"({','.join('?' * len(keys))}) GROUP BY key, language, aliases", keys):
            spellings = json.loads(r["aliases"] or "[]")
            if r["language"] == language:
                own[r["key"]].append((spellings, r["n"]))
            elif language_script(r["language"]) != script:
                listed[r["key"]].update(spellings)
        return {k: native_name(names[k], language, own[k], listed[k]) for k in keys if own[k]}

    @staticmethod
    def _best_names(rows: list, order: list[str]) -> dict[str, str]:
        """Per key: the most used name in the first language of `order` that has one, else in all languages (rows
        of key, name, language, uses)."""
        place = {lang: i for i, lang in enumerate(order)}
        counts: dict[str, dict[str, list[int]]] = defaultdict(dict)  # key -> name -> uses per preferred language + all
        for key, name, language, n in rows:
            uses = counts[key].setdefault(name, [0] * (len(order) + 1))
            uses[-1] += n
            if language in place:
                uses[place[language]] += n
        best: dict[str, str] = {}
        for key, by_name in counts.items():
            column = next((i for i in range(len(order)) if any(u[i] for u in by_name.values())), len(order))
            best[key] = max(by_name, key=lambda name: (by_name[name][column], by_name[name][-1], len(name), name))
        return best


def _saved(row) -> dict:
    saved = dict(row)
    saved["query"] = json.loads(saved["query"])
    return saved


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _owner_only(path: Path) -> None:
    """The file holds password hashes and unpublished pages: readable by its owner only, whatever the umask. SQLite
    gives its -wal and -shm files the database file's mode, so creating this one 0600 covers them.

    Only a file that does not exist yet is opened here (O_EXCL): closing any descriptor of a file drops every POSIX
    lock this process holds on it, so opening and closing a store that another connection of this process has open
    took away that connection's shared lock. Another process closing its last connection then found the file
    unlocked, checkpointed and deleted the -wal and -shm files under this one, which lost what it wrote after that
    and answered "disk I/O error" to its next new connection (the web server, after an upload job's process ended)."""
    try:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:  # made before (maybe open in this process): its mode is fixed below, never opened
            pass
        for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            if file.exists() and file.stat().st_mode & 0o077:  # an archive made before this rule
                os.chmod(file, 0o600)
    except PermissionError:  # another user's archive, opened to read: theirs to keep
        pass


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
