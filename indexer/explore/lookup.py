"""Finding an entity by any spelling, and what the explorer's tables hold of it.

A name is looked for in four ways, best first: the key the recogniser would give it as a person, a place or an
organisation (the gazetteer's names in every script and their inflections: Breslau, Вроцлаві and Wroclaw are
Wrocław's key; Песков is Dmitry Peskov's); a spelling some article used for it (case, accents and punctuation aside);
the same spelling in another script (each word's skeleton: Вишневська for Wiśniewska); and the start of a spelling
("Wrocł"). A surname alone finds every person of that surname the archive knows, the one its surname-only mentions
stand for first.

URL keys (`slugs`) are resolved here too: a slug whose entity no longer has articles (annotating again gave it another
key) leads, through the name it was made for, to the entity that has them now.
"""

from __future__ import annotations

from dataclasses import dataclass

from indexer.explore.entities import look_forms
from indexer.models import ENTITY_TYPES
from indexer.store_db import Read
from indexer.text.names import partial_person_key, resolve_partial_keys, split_person_key

EXACT, SAME_SOUND, PREFIX = 3, 2, 1
MIN_PREFIX = 3  # letters typed before a spelling's start is looked for


@dataclass
class Found:
    key: str  # the entity key
    type: str
    articles: int
    match: int  # EXACT, SAME_SOUND or PREFIX
    slug: str = ""


@dataclass
class Resolved:
    key: str  # the entity key the slug stands for now
    slug: str  # its own slug: different from the one asked for when that one moved
    type: str
    name: str  # the name the slug was made from


def _in(values) -> str:
    return ",".join("?" * len(values))


def slugs_for(db, keys) -> dict[str, str]:
    """{entity key: its slug} for the keys that have one (a few hundred keys a statement, all in one round trip)."""
    keys = list(dict.fromkeys(k for k in keys if k))
    return {r[0]: r[1] for rows in db.read_together([slugs_read(keys[start:start + 400])
                                                       for start in range(0, len(keys), 400)]) for r in rows}


def slugs_read(keys: list[str]) -> Read | None:
    """The statement of `slugs_for` for a few hundred keys at most (None for none): rows of key and slug."""
    keys = list(dict.fromkeys(k for k in keys if k))
    return Read(f"SELECT key, slug FROM entity_links WHERE key IN ({_in(keys)})", keys) if keys else None


def keys_for_slugs(db, slugs) -> dict[str, tuple[str, str]]:
    """{slug: (entity key, type)} for the slugs given out."""
    slugs = list(dict.fromkeys(slugs))
    if not slugs:
        return {}
    return {r[0]: (r[1], r[2]) for r in db.execute(
        f"SELECT slug, key, type FROM entity_links WHERE slug IN ({_in(slugs)})", slugs)}


def resolve(db, value: str) -> Resolved | None:
    """The entity a URL key stands for: its own, or (when it names nothing any more) the one its name finds now; an
    entity key ("person:peskov|dmitro") is taken as its slug. None for a key never given out."""
    linked = ("SELECT l.slug, l.key, l.type, l.name, COALESCE(s.articles, 0) FROM entity_links l "
              "LEFT JOIN entity_stats s ON s.key=l.key WHERE l.{}=?")
    row = db.execute(linked.format("slug"), (value,)).fetchone()
    if row is None and ":" in value:
        row = db.execute(linked.format("key"), (value,)).fetchone()
    if row is None:
        return None
    slug, key, kind, name = row[0], row[1], row[2], row[3]
    if row[4] > 0:
        return Resolved(key, slug, kind, name)
    again = [f for f in find(db, name, kind) if f.key != key and f.match >= SAME_SOUND]
    if again:
        return Resolved(again[0].key, again[0].slug, again[0].type, name)
    return Resolved(key, slug, kind, name)  # nothing names it now: its page says so


def group(db, key: str) -> list[str]:
    """The keys one entity's articles are filed under: its own, and for a person with a given name the surname-only
    and initial keys that stand for them (the archive knows no other person of that surname they could mean)."""
    if not key.startswith("person:") or partial_person_key(key):
        return [key]
    surname = split_person_key(key)[0]
    same = [r[0] for r in db.execute("SELECT key FROM entity_stats WHERE surname=? AND articles>0", (surname,))]
    resolved = resolve_partial_keys([key, *same])
    return [key, *(k for k, target in resolved.items() if target == key and k != key)]


def find(db, text: str, kind: str | None = None, limit: int = 10) -> list[Found]:
    """The entities a name may mean, best match first (then the most named)."""
    from indexer.annotate.entities.keys import entity_key

    text = " ".join(text.split())[:200]
    if not text or kind not in (None, *ENTITY_TYPES):
        return []
    kinds = [kind] if kind else list(ENTITY_TYPES)
    keyed = sorted({entity_key(text, k) for k in kinds})
    # "Peskov": every Peskov; "Dmitry Peskov": also his "Peskov" mentions
    surnames = sorted({split_person_key(k)[0] for k in keyed if k.startswith("person:")})
    folded, sound = look_forms(text)
    ways = [(f"SELECT key, {EXACT} AS quality FROM entity_stats WHERE key IN ({_in(keyed)})", keyed)]
    if surnames:
        ways.append((f"SELECT key, {SAME_SOUND} FROM entity_stats WHERE surname IN ({_in(surnames)}) AND articles>0",
                     surnames))
    if folded:
        ways.append((f"SELECT key, {EXACT} FROM entity_spellings WHERE folded=?", [folded]))
    if sound and sound != folded:
        ways.append((f"SELECT key, {SAME_SOUND} FROM entity_spellings WHERE sound=?", [sound]))
    if len(folded) >= MIN_PREFIX:
        ways.append((f"SELECT key, {PREFIX} FROM ({_prefix_sql(db)}) AS started", [*_prefix(db, folded), limit * 5]))
    # every way of looking in one statement, with what ranking needs and the slug: one round trip to the store
    rows = db.execute(
        f"SELECT s.key, s.type, s.articles, MAX(m.quality), l.slug FROM ({' UNION ALL '.join(w for w, _ in ways)}) "
        f"AS m JOIN entity_stats s ON s.key=m.key LEFT JOIN entity_links l ON l.key=s.key WHERE s.articles>0 "
        f"GROUP BY s.key, s.type, s.articles, l.slug", [p for _, params in ways for p in params]).fetchall()
    stats = {r[0]: (r[1], r[2], r[3], r[4] or "") for r in rows if r[1] in kinds}
    # a surname-only or initial key stands for the one person it resolves to, who takes its match
    resolved = resolve_partial_keys([k for k in stats if k.startswith("person:")])
    merged: dict[str, Found] = {}
    for key, (_, _, quality, _) in stats.items():
        target = resolved.get(key, key)
        if target not in stats:
            target = key
        if target == key and partial_person_key(key):
            quality = min(quality, SAME_SOUND)  # "Carter" when the archive knows several: no exact answer
        kind_of, articles, _, slug = stats[target]
        found = merged.setdefault(target, Found(target, kind_of, articles, 0, slug))
        found.match = max(found.match, quality)
    ranked = sorted(merged.values(), key=lambda f: (-f.match, -f.articles, f.key))[:limit]
    return [f for f in ranked if f.slug]


def _prefix_sql(db) -> str:
    if db.dialect == "sqlite":  # (a range uses the index; SQLite's LIKE would not, being case-blind)
        return "SELECT DISTINCT key FROM entity_spellings WHERE folded >= ? AND folded < ? LIMIT ?"
    return "SELECT DISTINCT key FROM entity_spellings WHERE folded LIKE ? LIMIT ?"


def _prefix(db, folded: str) -> tuple[str, ...]:
    if db.dialect == "sqlite":
        return folded, folded + "\U0010ffff"
    return (folded.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%",)


def names_read(keys: list[str]) -> Read:
    """The statement of an entity's names (`names_of` reads its rows): every spelling its articles write, under any
    of its keys."""
    return Read(f"SELECT form, written, named FROM entity_spellings WHERE key IN ({_in(keys)}) AND written>0", keys)


def names_of(rows: list, limit: int = 50) -> list[dict]:
    """Every spelling the entity's articles write (under any of its keys), most written first: [{"name", "count"}],
    the count being the articles that write it (of equals, the one more articles name it by first). A spelling
    no article writes is left out, even the entity's own name (Wrocław, when only "Вроцлаві" was written): its
    annotation and the gazetteer know it, and look-ups find the entity by it, but a count of articles that write
    it would be 0, and a search for it would find none of them."""
    totals: dict[str, list[int]] = {}
    for form, written, named in rows:
        counted = totals.setdefault(form, [0, 0])
        counted[0] += written
        counted[1] += named
    ranked = sorted(totals.items(), key=lambda x: (-x[1][0], -x[1][1], x[0]))  # ties: the one used as the name
    return [{"name": n, "count": c[0]} for n, c in ranked[:limit]]
