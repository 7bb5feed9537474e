"""URL keys of entities ("wroclaw", "dmitry-peskov", "deutsche-bahn"): ASCII letters, digits and hyphens, readable,
given once per entity key and kept (`entity_links`), so that a link stays the same whatever the reader's language or
the spellings articles use later.

The words are the entity's canonical name where the gazetteer has one (Wrocław for Breslau and Вроцлав), else a
Latin-script spelling the article used, else the name transliterated (Катажина Вишневська → katazhyna-vyshnevska); a
name no transliteration reaches (Chinese, Japanese) is keyed by its type and a short hash. Two entities whose names
give one slug: the second gets its type after it, then a number.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from indexer.text.scripts import to_latin, word_script

MAX_WORDS_CHARS = 60
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def canonical_name(name: str, kind: str, spellings: list[str] = ()) -> str:
    """The name an entity's slug is made from: the gazetteer's, else a Latin-script spelling, else the name."""
    from indexer.annotate.entities.gazetteer import org_for, person_for, place_for
    from indexer.text.names import is_cyrillic

    if kind == "place":
        place = place_for(name, "uk" if is_cyrillic(name) else "en")
        if place:
            return place.name
    found = person_for(name) if kind == "person" else org_for(name) if kind == "organization" else None
    if found:
        return found
    if word_script(name) != "latin":
        latin = [s for s in spellings if word_script(s) == "latin" and not s.isupper()]
        if latin:
            return max(latin, key=len)
    return name


def words_of(name: str) -> str:
    """A name as slug words: "Frankfurt (Oder)" → frankfurt-oder, "Вроцлав" → vrotslav, "" when none is Latin."""
    latin = " ".join(to_latin(w) for w in unicodedata.normalize("NFKC", name).split())
    latin = unicodedata.normalize("NFKD", latin.replace("ł", "l").replace("ø", "o").replace("đ", "d"))
    latin = "".join(c for c in latin if not unicodedata.combining(c))
    slug = _NOT_SLUG.sub("-", latin.lower()).strip("-")
    if len(slug) > MAX_WORDS_CHARS:
        slug = slug[:MAX_WORDS_CHARS].rsplit("-", 1)[0]
    return slug


def base_slug(key: str, kind: str, name: str) -> str:
    """The slug words of an entity's canonical name, or its type and a hash of its key when none are Latin."""
    words = words_of(name)
    if not re.search(r"[a-z]", words):
        return f"{kind}-{hashlib.sha1(key.encode('utf-8')).hexdigest()[:8]}"
    return words


def candidates(base: str, kind: str):
    """The slugs to try, in order, for an entity whose words are `base`."""
    yield base
    if not base.startswith(f"{kind}-"):
        yield f"{base}-{kind}"
    n = 2
    while True:
        yield f"{base}-{kind}-{n}"
        n += 1


def looks_like_slug(text: str) -> bool:
    return bool(text) and len(text) <= 200 and bool(SLUG.match(text))
