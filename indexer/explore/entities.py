"""Filing an article's entities: how often and on which days each is named, every spelling its annotation knows for
it (each counted apart in the articles that write it: what its page lists), the quotations by others that name it,
and its URL key (`slugs`). `unrecord` takes back exactly what `record` added, so an article stored again or annotated
again is counted once."""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import chain, islice

from indexer.explore import slugs
from indexer.explore.facts import CAMEL_FREE, Facts
from indexer.text.names import skeleton, split_person_key
from indexer.text.scripts import fold_lookup

FIRST_TRIED = 3  # slugs of a new entity asked about at once (its words; with its type; with its type and 2)
MIN_FORM = 3  # shorter spellings ("EU" aside) are too often other words to say a quotation names the entity


@lru_cache(maxsize=65536)
def look_forms(text: str) -> tuple[str, str]:
    """(folded, sound) of a name: case, accents and punctuation away; and each word's cross-script skeleton, so that
    Wrocław, Wroclaw and Вроцлав, or Wiśniewska and Вишневська, are found by one another."""
    folded = fold_lookup(text)
    return folded, " ".join(skeleton(w) for w in folded.split())


def record(db, facts: Facts) -> None:
    """Count the article for its entities (and named speakers), by day and spelling (every spelling its annotation
    knows, for look-ups; apart, those it writes); note the quotations that name them; give every entity seen for the
    first time its URL key."""
    names, written = facts.names, facts.written
    db.executemany("INSERT INTO entity_mentions (key, day, article_id) VALUES (?,?,?) ON CONFLICT DO NOTHING",
                   [(key, facts.day, facts.article_id) for key in names])
    db.executemany("INSERT INTO entity_stats (key, type, articles, surname) VALUES (?,?,1,?) ON CONFLICT (key) "
                   "DO UPDATE SET articles=entity_stats.articles+1",
                   [(key, kind, split_person_key(key)[0] if kind == "person" else None)
                    for key, (kind, _) in names.items()])
    db.executemany("INSERT INTO entity_spellings (key, form, folded, sound, articles, named, written) "
                   "VALUES (?,?,?,?,1,?,?) ON CONFLICT (key, form) DO UPDATE SET "
                   "articles=entity_spellings.articles+1, named=entity_spellings.named+excluded.named, "
                   "written=entity_spellings.written+excluded.written",
                   [(key, form, *look_forms(form), int(i == 0), int(form in written.get(key, ())))
                    for key, (_, forms) in names.items() for i, form in enumerate(forms)])
    db.executemany("INSERT INTO quotes_about (key, article_id, idx, day) VALUES (?,?,?,?) ON CONFLICT DO NOTHING",
                   [(key, facts.article_id, idx, facts.day) for key, idx in quoted_about(facts)])
    db.execute("INSERT INTO explored (article_id, day, keys, figures, written) VALUES (?,?,?,?,?) "
               "ON CONFLICT (article_id) DO UPDATE SET day=excluded.day, keys=excluded.keys, "
               "figures=excluded.figures, written=excluded.written",
               (facts.article_id, facts.day,
                json.dumps({key: forms for key, (_, forms) in names.items()}, ensure_ascii=False),
                json.dumps(facts.figures), json.dumps(written, ensure_ascii=False)))
    _give_slugs(db, names)


def unrecord(db, article_id: str) -> str | None:
    """Take back what `record` counted for the article; the day it was filed under (None if it was not)."""
    row = db.execute("SELECT day, keys, written FROM explored WHERE article_id=?", (article_id,)).fetchone()
    if row is None:
        return None
    keys: dict[str, list[str]] = json.loads(row[1])
    written = {(k, form) for k, forms in json.loads(row[2] or "{}").items() for form in forms}
    db.executemany("UPDATE entity_stats SET articles=articles-1 WHERE key=?", [(k,) for k in keys])
    db.executemany("UPDATE entity_spellings SET articles=articles-1, named=named-?, written=written-? "
                   "WHERE key=? AND form=?",
                   [(int(i == 0), int((k, form) in written), k, form) for k, forms in keys.items()
                    for i, form in enumerate(forms)])
    db.executemany("DELETE FROM entity_spellings WHERE key=? AND form=? AND articles<=0",
                   [(k, form) for k, forms in keys.items() for form in forms])
    for table in ("entity_mentions", "quotes_about", "explored"):
        db.execute(f"DELETE FROM {table} WHERE article_id=?", (article_id,))
    return row[0]


def quoted_about(facts: Facts) -> list[tuple[str, int]]:
    """(entity key, quotation index) for each quotation that names one of the article's entities by a spelling the
    article used for it, when someone else said it ("Wrocław will hold", said the mayor: about Wrocław)."""
    found = []
    for quote in facts.quotes:
        text = f" {fold_lookup(quote.text)} "
        for key in facts.entity_keys:
            if key == quote.speaker:
                continue
            for form in facts.names[key][1]:
                folded = look_forms(form)[0]
                if CAMEL_FREE.search(folded):
                    hit = len(folded) >= 2 and folded in text
                else:
                    hit = (len(folded) >= MIN_FORM or form.isupper()) and f" {folded} " in text
                if hit:
                    found.append((key, quote.idx))
                    break
    return found


def _give_slugs(db, names: dict[str, tuple[str, list[str]]]) -> None:
    keys = list(names)
    if not keys:
        return
    known = {r[0] for r in db.execute(f"SELECT key FROM entity_links WHERE key IN ({','.join('?' * len(keys))})",
                                      keys)}
    new = []
    for key in keys:
        if key not in known:
            kind, forms = names[key]
            name = slugs.canonical_name(forms[0] if forms else key, kind, forms)
            new.append((key, kind, name, slugs.candidates(slugs.base_slug(key, kind, name), kind)))
    if not new:
        return
    # the first few slugs each new entity may take, asked about in one statement (two round trips an entity were a
    # third of filing on PostgreSQL); a slug given just now to another of them is taken too
    tried = {key: list(islice(candidates, FIRST_TRIED)) for key, _, _, candidates in new}
    wanted = list(dict.fromkeys(slug for listed in tried.values() for slug in listed))
    taken = {r[0] for r in db.execute(f"SELECT slug FROM entity_links WHERE slug IN ({','.join('?' * len(wanted))})",
                                      wanted)}
    asked = set(wanted)
    given = []
    for key, kind, name, candidates in new:
        for slug in chain(tried[key], candidates):
            if slug not in taken and (slug in asked or db.execute(
                    "SELECT 1 FROM entity_links WHERE slug=?", (slug,)).fetchone() is None):
                taken.add(slug)
                given.append((slug, key, kind, name))
                break
    db.executemany("INSERT INTO entity_links (slug, key, type, name) VALUES (?,?,?,?)", given)
