"""The explorer's tables in the store (migration 9, and the written spellings of migration 11): derived from the articles, entities and quotes the store holds,
kept up to date as articles arrive (`update.catch_up`), never edited by hand.

Not to be confused with the wire-copy tables of migration 4 (`stories`, `story_bands`, `story_shingles`): there a
"story" is one text run by several outlets; here a story (`story_heads`, `story_members`) is one event reported in any
number of texts and languages, of which a group of wire copies is only a part.
"""

from __future__ import annotations

import json
from collections import Counter

from indexer.explore import facts

EXPLORER_SCHEMA = """
-- articles stored or annotated again since the explorer last filed them (Store._replace_annotations adds them)
CREATE TABLE IF NOT EXISTS explore_pending (
    article_id TEXT PRIMARY KEY
);
-- what each filed article contributed, so that filing it again first takes exactly that away
CREATE TABLE IF NOT EXISTS explored (
    article_id TEXT PRIMARY KEY,
    day TEXT NOT NULL,                         -- the publication's own calendar day (else the day first seen)
    keys TEXT NOT NULL,                        -- JSON {entity key: [the spellings the article used]}
    figures TEXT NOT NULL DEFAULT '[]'         -- JSON: the numbers its text writes in digits (`facts.figures`)
);
-- every URL key (`slugs`) ever given to an entity, with the entity key and name it was made for: a link keeps
-- working when annotating again gives the entity another key (its name finds the entity again)
CREATE TABLE IF NOT EXISTS entity_links (
    slug TEXT PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    name TEXT NOT NULL
);
-- per entity key: its type and in how many articles it is named (or quoted), and a person's surname skeleton, so that
-- "Peskov" alone finds every Peskov the archive knows
CREATE TABLE IF NOT EXISTS entity_stats (
    key TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    articles INTEGER NOT NULL,
    surname TEXT
);
CREATE INDEX IF NOT EXISTS entity_stats_surname ON entity_stats(surname);
-- every spelling of an entity, in how many articles, with its look-up forms: `folded` (case, accents and
-- punctuation away) and `sound` (each word's cross-script skeleton: Wrocław, Wroclaw and Вроцлав are one)
CREATE TABLE IF NOT EXISTS entity_spellings (
    key TEXT NOT NULL,
    form TEXT NOT NULL,
    folded TEXT NOT NULL,
    sound TEXT NOT NULL,
    articles INTEGER NOT NULL,
    named INTEGER NOT NULL DEFAULT 0,          -- ... of which use it as the entity's name (not as a variant)
    PRIMARY KEY (key, form)
);
CREATE INDEX IF NOT EXISTS entity_spellings_folded ON entity_spellings(folded);
CREATE INDEX IF NOT EXISTS entity_spellings_sound ON entity_spellings(sound);
-- which articles name which entity on which day: the candidates of a story, and who is in the news
CREATE TABLE IF NOT EXISTS entity_mentions (
    key TEXT NOT NULL,
    day TEXT NOT NULL,
    article_id TEXT NOT NULL,
    PRIMARY KEY (key, day, article_id)
);
CREATE INDEX IF NOT EXISTS entity_mentions_day ON entity_mentions(day, key);
CREATE INDEX IF NOT EXISTS entity_mentions_article ON entity_mentions(article_id);
-- quotations that name an entity (said by someone else): the "quotes about" of its page
CREATE TABLE IF NOT EXISTS quotes_about (
    key TEXT NOT NULL,
    article_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    day TEXT NOT NULL,
    PRIMARY KEY (key, article_id, idx)
);
CREATE INDEX IF NOT EXISTS quotes_about_key_day ON quotes_about(key, day);
CREATE INDEX IF NOT EXISTS quotes_about_article ON quotes_about(article_id);
-- stories across outlets and languages: one row per story ever made (a story merged into another keeps its row,
-- with `merged_into`, so that its address leads to the other)
CREATE TABLE IF NOT EXISTS story_heads (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL DEFAULT '',            -- its earliest article's headline
    lead TEXT,                                 -- that article's id
    first TEXT,                                -- the earliest and latest publication times (ISO 8601)
    last TEXT,
    first_day TEXT,                            -- ... as the publications' own calendar days
    last_day TEXT,
    articles INTEGER NOT NULL DEFAULT 0,
    languages TEXT NOT NULL DEFAULT '[]',      -- JSON: codes, most articles first
    sources TEXT NOT NULL DEFAULT '[]',        -- JSON: outlets, most articles first
    merged_into TEXT
);
CREATE INDEX IF NOT EXISTS story_heads_last ON story_heads(last_day);
CREATE TABLE IF NOT EXISTS story_members (
    article_id TEXT PRIMARY KEY,
    story TEXT NOT NULL,
    day TEXT NOT NULL,
    language TEXT
);
CREATE INDEX IF NOT EXISTS story_members_story ON story_members(story);
CREATE INDEX IF NOT EXISTS story_members_language ON story_members(language, story);
-- a story's entities (and figures, as "#" and the number), with how many of its articles name each: what a new
-- article is compared with
CREATE TABLE IF NOT EXISTS story_keys (
    story TEXT NOT NULL,
    key TEXT NOT NULL,
    articles INTEGER NOT NULL,
    PRIMARY KEY (story, key)
)
"""


def migrate(db) -> None:
    """Migration 8: the explorer's tables, with every article stored so far waiting to be filed (the next ingest,
    `reindex`, `check --repair` or the web app's start files them)."""
    script = "\n".join(line.split("--", 1)[0] for line in EXPLORER_SCHEMA.splitlines())  # (comments may hold ";")
    for statement in (s.strip() for s in script.split(";")):
        if statement:
            db.execute(db.ddl(statement))
    db.execute("INSERT INTO explore_pending (article_id) SELECT id FROM articles")


def migrate_written(db) -> None:
    """Migration 11: which spellings the articles write, apart from those their annotation only knows.

    `entity_spellings.written` counts the articles whose title or text writes the spelling (an entity's page lists
    these, `lookup.names`), `articles` still every article whose annotation knows it (the dictionary form of an
    inflected name, the gazetteer's names in other scripts: what look-ups find it by); `explored.written` is JSON
    {entity key: the spellings the article writes}, so that filing it again takes back exactly those. Both are
    derived here for the articles filed so far, from the spellings each was filed with and its current text (read
    once: 0.34 ms an article, a tenth of filing it, on a loaded two-core machine), so an upgraded archive's pages
    count right at once."""
    for table, kind in (("entity_spellings", "INTEGER NOT NULL DEFAULT 0"), ("explored", "TEXT")):
        if "written" not in db.columns(table):  # (a store set back to an older version by hand may have it)
            db.execute(db.ddl(f"ALTER TABLE {table} ADD COLUMN written {kind}"))
    db.execute("UPDATE entity_spellings SET written=0")
    ids = [r[0] for r in db.execute("SELECT article_id FROM explored")]
    counted: Counter[tuple[str, str]] = Counter()
    for start in range(0, len(ids), facts.BATCH):
        chunk = ids[start:start + facts.BATCH]
        text_of = facts.texts(db, chunk)
        rows = db.execute(f"SELECT article_id, keys FROM explored WHERE article_id IN ({','.join('?' * len(chunk))})",
                          chunk).fetchall()
        done = []
        for article_id, keys in rows:
            written = facts.written(json.loads(keys), text_of.get(article_id, ""))
            counted.update((key, form) for key, forms in written.items() for form in forms)
            done.append((json.dumps(written, ensure_ascii=False), article_id))
        db.executemany("UPDATE explored SET written=? WHERE article_id=?", done)
    db.executemany("UPDATE entity_spellings SET written=? WHERE key=? AND form=?",
                   [(n, key, form) for (key, form), n in counted.items()])
