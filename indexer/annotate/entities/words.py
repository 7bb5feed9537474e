"""What a word is in a language, as the recogniser asks it: a common word, a word the lexicon lacks, an organisation's
word, a given name (in any case form), a place's name that is rather an ordinary word; and the base form of a name."""

from __future__ import annotations

from functools import lru_cache

from indexer.annotate.entities.core import _lexicon, _stopwords
from indexer.annotate.entities.gazetteer import MONTHS_DAYS, country_codes, first_names, place_for
from indexer.annotate.entities.inflection import agreed_nominative
from indexer.annotate.entities.lang import rules_for
from indexer.text.names import _morph, fold, is_cyrillic, lemma_candidates, lemma_for, readings


def _lexical_common(word: str, language: str) -> bool:
    return rules_for(language).lexical_common(word)


def _unknown_word(word: str, language: str) -> bool:
    return rules_for(language).unknown_word(word)


def _notable_place(words: str, language: str) -> bool:
    """A country, region or town of 100,000 people or more (not a hamlet that shares a word's spelling: "Human")."""
    place = place_for(words, language)
    return place is not None and (place.kind != "city" or place.population >= 100_000)


def _common_word(word: str, language: str, lower_vocab: set[str]) -> bool:
    return rules_for(language).common_word(word, lower_vocab)


def _org_word(words: list[str], language: str) -> bool:
    """An organisation word in the phrase; in German also as the last part of a compound ("Fußballverband")."""
    return rules_for(language).org_word(words)


def _not_this_place(word: str, place, language: str, sent_start: bool, lower_vocab: set[str]) -> bool:
    """A small place whose name is also an ordinary word ("Lage", "Dabei", "Para") or an acronym ("DAX")."""
    if word.isupper() and len(word) > 1:
        return place.population < 1_000_000 and place.kind == "city"
    if (verdict := rules_for(language).not_this_place(word, place, lower_vocab)) is not None:
        return verdict
    return (sent_start or place.population < 1_000_000) and _common_word(word, language, lower_vocab)


def _country_code(word: str) -> str | None:
    """The country a three-letter sports code in capitals names: "ESP", "GER"."""
    if len(word) != 3 or not word.isalpha() or not word.isupper():
        return None
    return country_codes().get(word)


def _top_tag(word: str, language: str) -> str:
    """The tag of the word's likeliest reading ("" without one)."""
    return next((tag for _l, tag in readings(word, language)), "")


def _part_of_speech(word: str, language: str) -> str:
    """The part of speech of the word's likeliest reading ("VERB", "NOUN"), the first grammeme of its tag."""
    return _top_tag(word, language).split(" ")[0].split(",")[0]


def _slavic_person(words: list[str], language: str) -> bool:
    """pymorphy reads a word of the run as a surname or patronymic, or as a given name it is sure of."""
    for w in words:
        for _lemma, tag in lemma_candidates(w, language)[:1]:
            if "Surn" in tag or "Patr" in tag or "Name" in tag:
                return True
    if len(words) in (2, 3) and any("Name" in tag for _l, tag in readings(words[0], language)) and any(
            "Surn" in tag for _l, tag in readings(words[-1], language)):
        return True  # "Марта Іваницька": a given name (also a common noun) before a surname
    return any(_given_name(w, language) for w in words)


def _is_given(word: str, language: str) -> bool:
    rules = rules_for(language)
    if (given := rules.given_name(word)) is not None:
        return given
    return _given_name(word, language) if rules.slavic_names else fold(word) in first_names()


def _inflected_given(word: str, language: str) -> bool:
    """A given name in a case form the lemmatiser knows ("Pavlem" → Pavel, "Jánovi" → Ján), in a language that
    inflects names in Latin script."""
    from indexer.text.lemmas import lemma

    base = lemma(word, language)
    return base != word and base[:1].isupper() and _is_given(base, language)


def _given_name(word: str, language: str) -> bool:
    """A known first name in any case form ("Владимира"), not a name-like reading of a place ("Києві" → Кий)."""
    names = first_names()
    if fold(word) in names:
        return True
    return any("Name" in tag and fold(lemma) in names for lemma, tag in lemma_candidates(word, language))


def _at_sentence_start(text: str, pos: int) -> bool:
    before = text[:pos].rstrip(" «\"„“(—–-")
    return not before or before[-1] in ".!?…:"


@lru_cache(maxsize=65_536)
def _common_slavic_word(word: str, language: str) -> bool:
    """A dictionary word with no proper-name reading ("Він", "Нагадаємо"): the tagger's usual false alarm."""
    if word.casefold() in _stopwords(language):
        return True
    morph = _morph(language)
    if morph is None or word.isupper():
        return False
    if not morph.word_is_known(word.lower()):
        return False
    return not any(t in tag for _l, tag in readings(word, language) for t in ("Name", "Surn", "Patr", "Geox", "Orgn",
                                                                               "Abbr"))




@lru_cache(maxsize=65_536)
def _lemma_name(surface: str, kind: str, language: str) -> str:
    """Nominative form of an inflected Slavic name; other languages are returned unchanged (cached: a name recurs
    within and across articles, and each word costs several dictionary look-ups)."""
    if not rules_for(language).slavic_names or not is_cyrillic(surface):
        return surface
    words = surface.split()
    if kind in ("organization", "place") and agreed_nominative(surface, language):
        return agreed_nominative(surface, language)  # "Запорізької облради" → "Запорізька облрада"
    if kind == "organization":
        return " ".join([lemma_for(words[0], language), *words[1:]])
    if kind == "place":
        return " ".join(lemma_for(w, language, "place") for w in words)
    last = len(words) - 1
    return " ".join(lemma_for(w, language, "person" if i == last else "given") for i, w in enumerate(words))


def _initials(name: str) -> str:
    return "".join(w[0] for w in name.split() if w[:1].isupper())


def _ordinary_word(surface: str, language: str) -> bool:
    """Every word is one the language's lexicon lists in lower case ("PARADISE", "ISLAND", "CAY")."""
    lex = _lexicon(language)
    return lex is not None and all(w.lower() in lex for w in surface.split())


@lru_cache(maxsize=1)
def _month_folds() -> frozenset[str]:
    return frozenset(fold(w) for w in MONTHS_DAYS)


def _month_name(name: str) -> bool:
    """Months and weekdays are never places nor organisations, whatever their lemma."""
    return fold(name) in _month_folds()
