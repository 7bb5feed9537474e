"""A town named by its adjective: "харківська компанія", "львівського трамвая", "томскому времени", "port
gdański", "pražský magistrát" are about Kharkiv, Lviv, Tomsk, Gdańsk and Prague, though the noun never appears.

Slavic languages derive a place's adjective with -sk-/-ck- (uk -ськ-/-цьк-/-зьк-, ru -ск-/-цк-) and case endings.
The suffix and ending are cut off and the stem's likely noun forms are looked up in the gazetteer; only a town
or region it knows with 100,000 people or more counts (as elsewhere for a lone, unconfirmed place word), so
"міський" (municipal) or a surname such as "Зелінський" cannot become a place. Each language gives its pattern
and the endings a noun may take on the stem (lang/<code>.py, `place_adjective`).

What is not counted, and why:
- country and nation adjectives ("українські банки", "polski rząd", "русская литература"): they are the
  language's demonyms, which name a people, a language or a cuisine as often as a state, and the English, German
  or Spanish rules do not count "Ukrainian" or "Polish" as places either, so the facet means the same everywhere
  (the Russian rule for "российские власти" — a state acting through its institutions — stays as it is);
- an adjective before a word for a region ("Харківської області", "województwo pomorskie") names the region,
  not the town;
- an adjective inside a person's name ("Марта Іваницька") or inside a place name already found ("Pruszcz
  Gdański", "Нижньосілезьке воєводство").
Irregular adjectives ("brněnský" of Brno, "łódzki" of Łódź, "запорізький" of Запоріжжя) are left out.

Such a mention counts for the place (its facet, its search fields, its mention count) but is no alias of it: the
adjective is not a spelling of the name, and the NER gold sets do not tag it.
"""

from __future__ import annotations

import re

from indexer.annotate.entities.core import Mention
from indexer.annotate.entities.gazetteer import _has_latin_diacritic, accented_place, place_index
from indexer.annotate.entities.lang import rules_for
from indexer.text.names import _morph, fold, readings

MIN_POPULATION = 100_000
_KINDS = ("city", "region")
_WORD = re.compile(r"[^\W\d_][^\W\d_'’ʼ]*(?:-[^\W\d_]+)*")  # "нью-йоркский" is New York's, not York's
# What a region is called after its adjective: "Харківська область", "Московской области", "powiat krakowski".
_REGION_WORDS = re.compile(r"(?:облас|област|район|округ|губерн|край|краю|województw|powiat|oblast|kraj\b|kraje|kraji)",
                           re.IGNORECASE)


def place_of_adjective(word: str, language: str):
    """The gazetteer place (a town or region of 100,000 people or more) that the adjective is derived from, or
    None: "харківською" → Kharkiv, "московский" → Moscow, "krakowskiego" → Kraków, "pražský" → Prague."""
    rules = rules_for(language)
    pattern = rules.place_adjective
    if pattern is None or word.isupper():
        return None
    m = pattern.match(word.lower())
    if not m:
        return None
    stem, suffix = m.group("stem"), m.group("suffix")
    index = place_index()
    stems = rules.adjective_stems(stem, suffix)
    if _of_a_person(stems, language):
        return None
    for cand in stems:
        place = accented_place(cand) if _has_latin_diacritic(cand) else index.get(fold(cand))
        if place and place.kind in _KINDS and place.population >= MIN_POPULATION and _a_place_noun(cand, language):
            return place
    return None


def _of_a_person(stems: list[str], language: str) -> bool:
    """The adjective may come from a person or a being: "королевский" (of a queen, "королева", not of the town
    Korolyov), "сталінський" (of Stalin, not of Stalino, Donetsk's old name)."""
    morph = _morph(language)
    return morph is not None and any(
        morph.word_is_known(w) and "nomn" in tag and any(x in tag for x in ("Surn", "Name", "anim"))
        for w in stems for _l, tag in readings(w, language)[:1])


def _a_place_noun(word: str, language: str) -> bool:
    """Where pymorphy reads the language, the stem's form must be a noun in the nominative it knows, and in
    Russian, whose dictionary marks them, a geographic name: "мирской" must not become "Мири" (a verb form, and a
    town in Borneo), nor "американский" the Brazilian town Americana."""
    morph = _morph(language)
    if morph is None:
        return True
    need = ("NOUN", "nomn", "Geox") if language == "ru" else ("NOUN", "nomn")
    return morph.word_is_known(word) and any(all(x in tag for x in need) for _l, tag in readings(word, language))


def adjective_mentions(texts: list[str], language: str, mentions: list[Mention]) -> list[Mention]:
    """Place mentions for the place adjectives of the article (texts joined by blank lines, as the mentions'
    offsets are), outside people's names and places already found."""
    if rules_for(language).place_adjective is None:
        return []
    text = "\n\n".join(texts)
    taken = bytearray(len(text) + 1)  # 1 where a person or place already found stands
    for m in mentions:
        if m.type in ("person", "place") and m.surface:
            taken[m.start : m.start + len(m.surface)] = b"\x01" * len(m.surface)
    out = []
    for m in _WORD.finditer(text):
        if 1 in taken[m.start() : m.end()]:
            continue
        place = place_of_adjective(m.group(), language)
        if place is None:
            continue
        after = text[m.end() : m.end() + 30].split()
        if after and _REGION_WORDS.match(after[0]):
            continue
        out.append(Mention(m.group(), "place", m.start(), place.name, adjective=True))
    return out
