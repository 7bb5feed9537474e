"""Which of an entity's spellings to show a reader, when the recogniser's name for it is in another script.

Places and organisations are named by the gazetteer's (English) name in every language, people by the name their
article writes: a reader of the Ukrainian interface saw people in Cyrillic and places in Latin letters. The
archive knows a place's name in the reader's language when one of its spellings in that script is a listed name,
not an inflected form: listed by the articles of a language written in another script (a German article's Kyiv
lists Київ and Киев among its spellings; it cannot have written them), or after the first spelling in another
script in an article of the reader's language (the recogniser puts the words an article wrote first, then the
spellings it knows). A name the reader's articles write as it is stays (Deutsche Bahn). Of those, the reader's language's own letters rule out another language's spelling (Київ,
not Киев, for Ukrainian), and the one most articles list, earliest, wins."""

from __future__ import annotations

from collections.abc import Iterable

from indexer.text.scripts import cyrillic_variant, language_script, word_script

_TOLD_BY_LETTERS = ("uk", "ru")  # Cyrillic languages whose own letters `cyrillic_variant` tells apart


def native_name(name: str, language: str, aliases: Iterable[tuple[list[str], int]], listed: set[str]) -> str:
    """`name`, or the spelling of it in `language`'s script that its articles list. `aliases`: the alias lists of
    the entity in articles of `language`, each with how many articles hold it; `listed`: its aliases in articles of
    languages written in another script."""
    script = language_script(language)
    aliases = list(aliases)
    if word_script(name) == script or any(name in spellings for spellings, _ in aliases):
        return name  # (a Ukrainian article that writes Deutsche Bahn in Latin letters)
    rows, places = {}, {}  # spelling -> articles that list it, and the sum of its places in their lists
    for spellings, articles in aliases:
        foreign = next((i for i, s in enumerate(spellings) if word_script(s) != script), len(spellings))
        for i, spelling in enumerate(spellings):
            if word_script(spelling) != script or not (spelling in listed or i > foreign) or _other_language(
                    spelling, language):
                continue
            rows[spelling] = rows.get(spelling, 0) + articles
            places[spelling] = places.get(spelling, 0) + i * articles
    if not rows:
        return name
    return min(rows, key=lambda s: (-rows[s], places[s] / rows[s], s))


def _other_language(spelling: str, language: str) -> bool:
    return language in _TOLD_BY_LETTERS and cyrillic_variant(spelling, language) != language
