"""The type of a trimmed run of capitals: person, place, organisation, nothing, or left open (typed later by the
article, else dropped); and what a word is in a language (common, unknown to the lexicon, an organisation's word, a
given name in any case form), which the runs ask too."""

from __future__ import annotations

import re
from functools import lru_cache

from indexer.annotate.entities.core import (
    _DESCRIBED_BY_PLACE,
    _FACILITIES,
    _PLACE_HEADS,
    _PLACE_PREPS,
    _PLACE_TAILS,
    _SPEECH_VERBS,
    CONNECTORS,
    Guess,
    Inferred,
    Mention,
    _lexicon,
    _stopwords,
    _Tok,
)
from indexer.annotate.entities.gazetteer import (
    EVENTS,
    NEVER_ALONE,
    NEVER_NAMES,
    company_for,
    country_codes,
    first_names,
    has_org_word,
    is_demonym,
    looks_like_acronym,
    org_for,
    person_for,
    place_for,
    short_name,
)
from indexer.annotate.entities.inflection import agreed_nominative
from indexer.annotate.entities.lang import rules_for
from indexer.text.lemmas import lemma
from indexer.text.names import _morph, fold, is_cyrillic, lemma_candidates, lemma_for, readings

_ABBREVIATIONS = {
    "тов", "пп", "пат", "прат", "дп", "го", "ат", "ват", "зат", "ооо", "оао", "зао", "пао", "ип", "змі", "сми",
    "пдв", "ндс", "ато", "оос", "фоп", "кп", "ку", "куа", "снд", "снг", "ссср", "срср",
}
_ROMAN = re.compile(r"^[IVXLCDM]+$")
_NUMERAL = re.compile(r"^X{0,3}(?:IX|IV|V?I{0,3})$")  # I to XXXIX, not "ID" or "CD"


_INNER_CAPITAL = re.compile(r"(?P<head>[A-Z][a-z]+)(?:[A-Z][a-z]+){1,2}")
# prefixes of surnames and given names written with a capital after them: McKenzie, MacArthur, FitzGerald,
# DiCaprio, DeSantis, LeBron, VanDyke, DaQuan, JaVale
_CAPITALISED_PREFIXES = frozenset("mc mac fitz di de del della da dal le la van von du des ja st".split())


def _inner_capital(word: str) -> bool:
    """A word of Latin letters with one or two capitals inside it, as companies and brands write their names
    ("GlaxoSmithKline"), unless what comes before the first is a prefix of a surname or a given name ("KevinColeman"
    is somebody's handle; a longer run of capitals, "JetFuelCantMelt…", a hashtag's words)."""
    found = _INNER_CAPITAL.fullmatch(word)
    return bool(found) and found["head"].casefold() not in _CAPITALISED_PREFIXES and fold(found["head"]) not in (
        first_names()) and not word.endswith(("In", "Innen"))  # (German "MigrantInnen": women and men alike)


def _type_run(words: list[str], language: str, cue: bool, prev: str, sent_start: bool,
              lower_vocab: set[str], nxt: str = "") -> tuple[str | None, str | None]:
    """(type, canonical) of a trimmed run; type None means drop it."""
    rules = rules_for(language)
    if len(words) == 1 and rules.saint_name(words[0]):
        return "place", None  # "St. Malo", "St. Anna": a town or a church named after the saint
    if len(words) == 1 and "/" in words[0] and rules.typed_by_parts:
        kinds = [_type_run([part], language, cue, prev, sent_start, lower_vocab, nxt)[0] for part in words[0].split("/")]
        return next((kind for kind in kinds if kind), None), None  # "CDU/CSU": what its parts are
    if fold(" ".join(words)) in EVENTS or len(words) == 1 and (rules.no_name_word(words[0]) or looks_like_acronym(
            words[0]) and rules.unit_after_figure(prev) or words[0].casefold() in NEVER_NAMES):
        return "", None  # "Rosaceae", a family of plants; "(R-Texas)", a congressman's party and state; "200 PS",
        # "690 MW", "15 Uhr MEZ": a unit after a figure, not an organisation; "HIV", "CSS"; the "Champions League"
    if len(words) >= 2 and all(w.isupper() and len(w) >= 3 for w in words) and _ordinary_word(" ".join(words),
                                                                                              language):
        return "", None  # "UNA HORA ANTES", "AVISO IMPORTANTE": words set in capitals for emphasis
    surface = " ".join(words)
    # (in a language that inflects names in Latin script, a known name's case form too: "o Manchesteru City")
    org = org_for(surface) or rules.latin_cases and len(words) > 1 and org_for(" ".join(lemma(w, language) for w in words))
    if org and len(words) == 1 and rules.common_noun_not_org(surface, prev, nxt):
        return "", None  # "ein faires Bild": the common noun, not the paper
    if not org and len(words) >= 2 and rules.event_name(words):
        return "", None  # "Copa del Mundo", "UEFA Cup", "Premio de Ecología": an event or award, no entity
    if not org and len(words) >= 2 and rules.site_name(words):
        return "place", None  # "Palacio de Benacazón", "Teatro Real": a building or site
    if org:
        return "organization", org
    if len(words) >= 2 and is_demonym(surface):
        return "", None  # "New Yorker", "Sri Lankan": a town's or a country's people, or its adjective
    if len(words) == 1 and prev not in ("#", "@") and _inner_capital(words[0]):
        return "organization", None  # "TotalEnergies", "BlackRock", "PayPal": a company's name, written as one word
    if len(words) == 1 and (words[0].casefold() in _stopwords(language) or words[0].casefold() in _ABBREVIATIONS
                            or _ROMAN.match(words[0]) or words[0].rsplit("-", 1)[-1].islower() and not (
                                _DESCRIBED_BY_PLACE.search(words[0]))):
        return "", None  # (a compound that ends in a small word is an adjective: "AMP-first", "SPD-geführte")
    known = person_for(surface) or rules.known_person_form(surface)
    if known:  # (German genitive: "Merkels Zusage")
        return "person", None
    names = first_names()
    first_is_name = (fold(words[0]) in names and words[0].casefold() not in _PLACE_HEADS and not (
        rules.kind_noun(words[0]))) or rules.hyphenated_given(words[0]) or rules.given_name_not_month(words) or (
        rules.slavic_names and _given_name(words[0], language)) or (  # "San Sebastián" is no person
        rules.latin_cases and len(words) >= 2 and _inflected_given(words[0], language))  # "s Pavlem Kovářem"
    slavic_person = rules.slavic_names and _slavic_person(words, language)
    if cue and not has_org_word(words) and not _place_after_title(surface, language):
        return "person", None
    if (company := company_for(surface)) and not (len(words) == 1 and nxt.casefold() in _SPEECH_VERBS):
        return "organization", company  # "las acciones de Inditex", "Stellantis"; but "Pearson said" is a person
    place = place_for(surface, language)
    if place and len(words) == 1 and _not_this_place(words[0], place, language, sent_start, lower_vocab):
        place = None
    if prev.casefold() in _SPEECH_VERBS and not (place and (place.kind != "city" or place.population >= 1_000_000)) \
            and not _org_word(words, language) \
            and not any(_common_word(w, language, lower_vocab) for w in words if w.casefold() not in CONNECTORS):
        return "person", None  # "zegt Michielssens", "sagte Müller", "said Smith": who speaks is a person
    if place and len(words) == 1 and place.kind == "city" and place.population < 1_000_000 and (
            nxt.casefold() in _SPEECH_VERBS):
        return "person", None  # "Gil recordó", "Torres said": a town's name that speaks is a surname
    if (verdict := rules.type_before_place(words, place, prev)) is not None:
        return verdict
    if place and not (first_is_name and fold(words[0]) not in CONNECTORS and len(words) > 1 and place.kind == "city" and place.population < 500_000 and (
            short_name(place.name) == place.name or fold(surface) != fold(place.name))) and not (
            slavic_person and place.population < 1_000_000):  # ("Bingen am Rhein": a town's full name, no person's)
        return "place", place.name
    if (verdict := rules.type_after_place(words, place)) is not None:
        return verdict
    if _org_word(words, language) and len(words) > 1:
        return "organization", None
    if len(words) == 1 and prev == "(" and nxt in (")", ",", "/", "-") and _country_code(words[0]):
        # sports reports give an athlete's country as its three-letter IOC code: "Lucía Ferrán (ESP, 5)"
        return "place", _country_code(words[0])
    if len(words) == 1 and looks_like_acronym(words[0]) and (not sent_start or (
            len(words[0]) >= 3 and nxt[:1].islower() and _unknown_word(words[0], language)
            and _lexicon(language) is not None)):
        return Guess("organization"), None  # (an unknown acronym opening a sentence too: "KRONVEX bought a stake")
    if len(words) >= 2 and not cue and rules.club_with_city(words):
        return "organization", None  # "Steaua Bucharest", "Buffalo Sabres": a club named with its city
    if first_is_name and rules.foreign_name_tail(words):
        return "organization", None  # "Tokio Hotel", "Royal Ulster Constabulary": a band, a firm
    if len(words) >= 2 and words[-1].casefold() in _FACILITIES:
        return "place", None
    if (first_is_name and len(words) >= 2) or slavic_person:
        return "person", None
    if len(words) >= 2 and (words[0].casefold().strip(".") in _PLACE_HEADS or words[-1].casefold() in _PLACE_TAILS):
        return "place", None
    if len(words) >= 2 and (verdict := rules.type_by_apposition(words, prev, first_is_name)) is not None:
        return verdict  # "Burg Waldeck", "der Zeitschrift « Super Illu »"
    if len(words) >= 2 and prev.casefold() in _PLACE_PREPS and not first_is_name and rules.places_after_prepositions \
            and not any(_common_word(w, language, lower_vocab) for w in words if w.casefold() not in CONNECTORS):
        return Inferred("place"), None  # "in Watkins Glen", "nach Supan Buri"
    if len(words) >= 2:
        if any(looks_like_acronym(w) for w in words):  # "PKP Intercity", "BBC World Service", "Roda JC Kerkrade";
            # an acronym only at the end, after other words, is as often a product's model ("Face ID", "Gaming PC")
            model = not any(looks_like_acronym(w) for w in words[:-1]) and words[-1].isascii() and not (
                _NUMERAL.match(words[-1]) or org_for(words[-1]) or words[-2].casefold() in CONNECTORS)
            # (not "Austria III", a team; "Київська ОДА"; "Escola de Belas Artes da UFMG")
            return (Guess("organization") if model else "organization"), None
        if (verdict := rules.type_phrase(words, sent_start, lower_vocab)) is not None:
            return verdict  # "Heilige Synode"; "Versuchter Aufbruch": a German noun phrase, not a name
        if any(_common_word(w, language, lower_vocab) for w in words if w.casefold() not in CONNECTORS):
            return Guess("organization"), None
        if rules.foreign_phrase(words, prev, nxt):
            return Guess("organization"), None  # „Tokio Hotel“, "Deep Purple": a band, a journal, a firm
        return Guess("person" if len(words) <= 3 else "organization"), None
    word = words[0]
    if word.casefold() in NEVER_ALONE or word.casefold() in _ABBREVIATIONS or _ROMAN.match(word):
        return "", None
    if sent_start and rules.slavic_names and _common_word(word, language, lower_vocab):
        return None, None
    if has_org_word(words):
        # "el Gobierno", "la Policía": a capitalised institution word mid-sentence names that institution.
        return ("organization", None) if not sent_start and rules.bare_institution(word) else ("", None)
    if rules.hyphenated_given(word):
        return "person", None  # "Lea-Sophie", "Hans-Jürgen": no compound of nouns
    if len(word) > 6 and word.endswith("shire") and word[:1].isupper():
        return "place", None  # "Lincolnshire", "Oxfordshire": an English county, in any language's text
    if sent_start and _common_word(word, language, lower_vocab):
        return "", None
    if (verdict := rules.type_word(word, prev)) is not None:
        return verdict
    if prev.casefold() == _ATTRIBUTION.get(language) and nxt in (".", ",", ";", ")") and _unknown_word(word, language):
        return "person", None  # "« Das war knapp » , so Brenner .", "aldus Vermeulen", "según Olmedo"
    if (verdict := rules.type_word_in_context(word, prev, nxt)) is not None:
        return verdict
    if prev.casefold() in _PLACE_PREPS and not _common_word(word, language, lower_vocab) and (
            not rules.capitalises_nouns or _unknown_word(word, language)) and (
            prev.casefold() not in rules.article_prepositions):
        return Inferred("place"), None
    if nxt.casefold() in _SPEECH_VERBS and not _common_word(word, language, lower_vocab - {word.casefold()}):
        return "person", None  # "Müller sagte", "Gonzalez said": a bare name that speaks is a person
    if (verdict := rules.type_bare_word(word, prev, nxt)) is not None:
        return verdict
    return None, None  # untyped single word: typed later by coreference, else dropped unless repeated


def _place_after_title(surface: str, language: str) -> bool:
    """"die reichste Frau Frankreichs", "Präsident Frankreichs": a country after a title is where, not who."""
    place = place_for(surface, language)
    return place is not None and place.kind in ("country", "region", "continent") and fold(surface) not in first_names()


_ATTRIBUTION = {"de": "so", "nl": "aldus", "es": "según", "fr": "selon", "it": "secondo"}


def _capitals_line_start(texts: list[str], toks: list[_Tok], end: int, language: str) -> tuple[str, str | None] | None:
    """A place in capitals opening a paragraph, where capitals would otherwise mean an acronym: the dateline of
    the story, as agency copy opens ("BERLIN (dpa) -", "WASHINGTON (AP) —", "HOBART, Australia"), is a place."""
    surface = " ".join(texts)
    if not surface.isupper() or end >= len(toks):
        return None
    place = place_for(surface, language)
    return ("place", place.name) if place is not None and toks[end].text in (",", "(", "-", "–", "—", ":") else None


_DATELINE = re.compile(r"(?:\( [A-ZÁÉÍÓÚÑ][^()]{0,40} \) )?, \d{1,2} [a-záéíóú]{3,10}\.? (?:\d{4} )?\( [A-Z][A-Za-z]+ \)")


def _agency_dateline(toks: list[_Tok], end: int) -> bool:
    """The run opens the dateline Spanish agency copy starts with, town, date and agency credit: "Alcañiz, 3 mar
    (EFE)", "Tudela (Navarra), 3 mar (EFE)" (tokens joined by spaces, so the pattern spells them spaced)."""
    return _DATELINE.match(" ".join(t.text for t in toks[end : end + 14])) is not None


def _after_person_bracket(toks: list[_Tok], start: int, end: int, mentions: list[Mention]) -> bool:
    """The run stands alone in brackets right after a person's name: the club, party or company they are with."""
    if start < 2 or toks[start - 1].text != "(" or end >= len(toks) or toks[end].text not in (")", ","):
        return False
    last = toks[start - 2]
    return bool(mentions) and mentions[-1].type == "person" and (
        mentions[-1].start + len(mentions[-1].surface) == last.index + len(last.text))


def _fallback_type(texts: list[str], prev: str, nxt: str, sent_start: bool, language: str) -> str | None:
    """The likeliest type of a lone capitalised word the lexicon lacks, when nothing else types it: a name alone in
    brackets ("( Socceroos )") or, in Spanish, after an article ("el Insalud") names an organisation, since people
    take no article there and places are mostly in the gazetteer."""
    word = texts[0] if len(texts) == 1 else ""
    if not word or sent_start or word.isupper() or "-" in word or not _unknown_word(word, language) or (
            is_demonym(word)):
        return None
    return "organization" if prev == "(" and nxt == ")" or prev.casefold() in _ARTICLES.get(language, ()) else None


_ARTICLES = {"es": {"el", "la", "los", "las", "del", "al"}}  # (English "the Marne", "the Aisne" are rivers)

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
