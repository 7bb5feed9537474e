"""Named people, places and organisations in an article, merged per entity and keyed across articles.

Recognition is rule-based over capitalised word runs (with gazetteers and cue words deciding the type and ruling
out sentence starts, months, demonyms and titles). For Russian the natasha/slovnet tagger (a small model shipped
inside its PyPI wheel) finds the spans instead when it is installed; for Ukrainian, where that Russian-trained model
is weaker than the rules, only its organisation spans (which run on in lower case) are added. Han, kana and Arabic
text has no capitals, so there names come from the gazetteers alone. Everything after
recognition — merging "Pavlo Kyrylenko" with "Kyrylenko", "Security Service of Ukraine (SSU)" with "SSU",
lemmatising inflected Slavic forms and building cross-article keys — is shared by all languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from indexer.annotate.entities.core import (
    _DESCRIBED_BY_PLACE,
    _FACILITIES,
    _HAN,
    _HIRAGANA,
    _LOWERCASE_ORG_HEADS,
    _NAME_PARTICLES,
    _NO_CASE_SCRIPT,
    _ORG_ADJECTIVE,
    _ORG_ADJECTIVE_BEFORE,
    _PLACE_HEADS,
    _PLACE_PREPS,
    _PLACE_TAILS,
    _QUOTES,
    _SPEECH_VERBS,
    CONNECTORS,
    CONNECTORS_BY_LANG,
    Guess,
    Mention,
    _hyphen_title,
    _is_cap,
    _is_title,
    _lexicon,
    _stopwords,
    _Tok,
)
from indexer.annotate.entities.evidence import has_evidence, repeated
from indexer.annotate.entities.gazetteer import (
    EVENTS,
    IRREGULAR_DEMONYMS,
    MONTHS_DAYS,
    NEVER_ALONE,
    NEVER_NAMES,
    ORG_WORDS,
    PERSON_TITLES,
    common_first_names,
    company_for,
    country_codes,
    first_names,
    has_org_word,
    is_demonym,
    known_variants,
    looks_like_acronym,
    org_for,
    person_for,
    place_for,
    place_index,
    script_index,
    short_name,
)
from indexer.annotate.entities.inflection import (
    agreed_nominative,
)
from indexer.annotate.entities.keys import (  # (speaker_key: also for the callers that import it from here)
    _unrelated_small_town,
    _unspaced_name,
    entity_key,
    speaker_key,  # noqa: F401
)
from indexer.annotate.entities.lang import ar as arabic_names
from indexer.annotate.entities.lang import ja, rules_for, zh
from indexer.annotate.entities.lang.place_adjectives import adjective_mentions
from indexer.annotate.entities.lang.slavic import (
    country_after,
    descriptor_start,
    extend_org_end,
    merge_phrase_orgs,
    split_bracketed_acronym,
)
from indexer.models import ENTITY_TYPES, Entity
from indexer.text.names import (
    _morph,
    fold,
    is_cyrillic,
    lemma_candidates,
    lemma_for,
    readings,
    resolve_partial_keys,
    skeleton,
)

_TOKEN = re.compile(r"\b[A-ZА-ЯІЇЄҐ]\.(?=\s?[A-ZА-ЯІЇЄҐ][a-zа-яіїєґ])|\b(?:[LlDdJjMmnSsTtCc]|N(?!['’][A-Z])|[Qq]u)['’](?=\w)|\b(?:[DdNnSs]?[Aa]ll|[Dd]ell|[Dd]egl|[Nn]ell|[Ss]ull|[Cc]oll)['’](?=\w)|(?:[^\W\d_]\.){2,}|[^\W\d_][\w]*(?:['’\-][\w]+)*|\d+(?:[.,]\d+)*|\S", re.UNICODE)
_SENT_END = {".", "!", "?", "…", ":", ";"}
_OPENERS = set("\"'«»“”„‘’([{–—-•*")
_PURPOSE_LINKS = {"en": {"on"}, "es": {"para", "por", "contra"}, "pt": {"para", "por", "contra"}, "it": {"per", "contro"},
                  "fr": {"pour", "contre"}}
_ABBREVIATIONS = {
    "тов", "пп", "пат", "прат", "дп", "го", "ат", "ват", "зат", "ооо", "оао", "зао", "пао", "ип", "змі", "сми",
    "пдв", "ндс", "ато", "оос", "фоп", "кп", "ку", "куа", "снд", "снг", "ссср", "срср",
}
_ROMAN = re.compile(r"^[IVXLCDM]+$")


@dataclass
class _Cluster:
    type: str
    mentions: list[Mention] = field(default_factory=list)
    canonical: str | None = None
    extra_aliases: list[str] = field(default_factory=list)


def _lexical_common(word: str, language: str) -> bool:
    return rules_for(language).lexical_common(word)


def _unknown_word(word: str, language: str) -> bool:
    return rules_for(language).unknown_word(word)


# ---------------------------------------------------------------- tokenising


def _tokens(paragraph: str, offset: int) -> list[_Tok]:
    toks: list[_Tok] = []
    at_start, end = True, 0
    for m in _TOKEN.finditer(paragraph):
        text = m.group()
        if "\n" in paragraph[end:m.start()]:
            at_start = True  # a line break ends a name: a list of names, one a line ("Elliot Ackerman<br>Saladin Ambar")
        end = m.end()
        toks.append(_Tok(text, at_start, offset + m.start(), len(toks)))
        if text in _SENT_END:
            at_start = True
        elif at_start and (text in _OPENERS or text.isdigit()):
            at_start = True
        else:
            at_start = False
    return toks


def _is_all_caps(toks: list[_Tok]) -> bool:
    words = [t.text for t in toks if len(t.text) > 1 and t.text.isalpha()]
    return len(words) >= 2 and sum(w.isupper() for w in words) / len(words) > 0.6


# ---------------------------------------------------------------- rule-based recognition


def _runs(toks: list[_Tok], language: str) -> list[tuple[int, int]]:
    """Maximal stretches of capitalised tokens, bridged by connectors that are followed by one more."""
    rules = rules_for(language)
    connectors = CONNECTORS_BY_LANG.get(language, _NAME_PARTICLES)
    runs = []
    i = 0
    n = len(toks)
    while i < n:
        if not _is_cap(toks[i].text):
            i += 1
            continue
        j = i + 1
        while j < n and not rules.closes_run(toks[j - 1].text):
            if _is_cap(toks[j].text) and not toks[j].sent_start and not rules.breaks_run(toks, j):
                j += 1
                continue
            # connector(s) then a capitalised word: "Security Service of Ukraine", "Banco de España"
            k = j
            while k < n and k - j < 2 and (toks[k].text.casefold() in connectors or k == j and (
                    toks[k].text in _PURPOSE_LINKS.get(language, ())) and _org_word([t.text for t in toks[i:j]], language)
                    and not (k + 1 < n and toks[k + 1].text.casefold() in MONTHS_DAYS)):
                k += 1  # ("Ministerio para la Transición Ecológica": after an organisation's head, "para" too)
            k = rules.link_end(toks, j, k)
            if k == j and k < n and toks[k].text.casefold() == "für" and has_org_word([toks[j - 1].text]):
                k += 1  # "Institut für Flussforschung Leipzig", whatever the article's language
            k = rules.link_after(toks, j, k)
            if (across := _across_and(toks, i, j, k, language)) > j:
                j = across
                continue
            if k > j and k < n and _is_cap(toks[k].text):
                j = k + 1
                continue
            if (across := _place_across(toks, i, j)) > j:
                j = across
                continue
            break
        i = rules.run_start(toks, i)
        runs.append((i, j))
        i = j
    return rules.split_runs(toks, runs)


_AND = {"and", "und", "et", "y", "e", "en", "i", "og", "och", "és"}
_COMPLEMENT_LINKS = {"of", "for", "on", "für", "von", "de", "des", "du", "pour", "para", "per", "di", "voor", "dla"}


def _across_and(toks: list[_Tok], start: int, end: int, k: int, language: str) -> int:
    """Where an organisation's or a facility's name goes on across "and" (else `end`): its complement may be two
    things ("Center for Health and Human Rights", "Kommission von ARD und ZDF", "Ministry of Trade and Industry"),
    and its head may close two ("Spay and Neuter Clinic")."""
    n = len(toks)
    before = [t.text for t in toks[start:end]]
    if k > end and k + 2 < n and toks[end].text.casefold() in _COMPLEMENT_LINKS and _is_cap(toks[k].text) and (
            toks[k + 1].text in _AND and _is_cap(toks[k + 2].text) and not toks[k + 2].sent_start) and _org_word(
            before, language) and not (_notable_place(toks[k].text, language) or _notable_place(toks[k + 2].text, language)):
        return k + 3  # (but "the Council of Europe and NATO" are two)
    linked = next((x for x in range(1, len(before)) if before[x].casefold() in _COMPLEMENT_LINKS), 0)
    if k == end and end + 1 < n and toks[end].text in _AND and _is_cap(toks[end + 1].text) and not (
            toks[end + 1].sent_start) and linked and _org_word(before[:linked], language) and not any(
                _notable_place(w, language) or org_for(w) for w in (" ".join(before[linked + 1:]), toks[end + 1].text)):
        return end + 2  # ("The Bahamas Alliance For Animal Rights and Kindness")
    if k == end and end + 1 < n and toks[end].text in _AND and _is_cap(toks[end + 1].text) and not (
            rules_for(language).capitalises_nouns):  # (German capitals mark nouns: "Hass-Postings und Fake News")
        stop = end + 1
        while stop < n and _is_cap(toks[stop].text) and not toks[stop].sent_start:
            stop += 1
        last = toks[stop - 1].text.casefold()
        inner = [t.text.casefold() for t in toks[start:stop - 1]]
        if stop - end >= 3 and (last in ORG_WORDS or last in _PLACE_TAILS) and not _org_word(before, language) and not (
                place_for(" ".join(before), language) or person_for(" ".join(before))) and not any(
                w in ORG_WORDS or w in _PLACE_TAILS for w in inner):
            return stop  # (not a list: "Al-Najjar Hospital and Kendall Hospital")
    return end


def _notable_place(words: str, language: str) -> bool:
    """A country, region or town of 100,000 people or more (not a hamlet that shares a word's spelling: "Human")."""
    place = place_for(words, language)
    return place is not None and (place.kind != "city" or place.population >= 100_000)


def _place_across(toks: list[_Tok], start: int, end: int) -> int:
    """Where the run toks[start:end] goes on, through one or two lowercase words, into a place whose whole name the
    gazetteer knows: "Bosnia and Herzegovina", "Trinidad y Tobago", "Rio Grande do Sul", "Castilla y León" are one
    name in any language's text, whatever words that language's runs take in (else `end`)."""
    n, index, found = len(toks), place_index(), end
    firsts = (start, start + 1) if toks[start].sent_start and end - start > 1 else (start,)  # ("In Trinidad …")
    for gap in (1, 2):
        if end + gap >= n or not all(t.text.isalpha() and t.text.islower() for t in toks[end:end + gap]):
            break
        for stop in range(end + gap + 1, min(n, end + gap + 3) + 1):
            if not _is_cap(toks[stop - 1].text) or toks[stop - 1].sent_start:
                break
            if any(fold(" ".join(t.text for t in toks[first:stop])) in index for first in firsts):
                found = stop
    return found


def _joined_place(words: list[_Tok], language: str) -> str | None:
    """The gazetteer's name of a country or region whose run holds a lowercase word that the language's runs do not
    take in (`_place_across` joined it, or a language's own link rule: "Neufahrn bei Freising"), else None."""
    connectors = CONNECTORS_BY_LANG.get(language, _NAME_PARTICLES)
    if len(words) < 3 or not any(w.text.isalpha() and w.text.islower() and w.text not in connectors for w in words):
        return None
    place = place_for(" ".join(w.text for w in words), language)
    return place.name if place and place.kind != "city" else None  # (a town's name also names its club: "el Vasco da Gama")


def _common_word(word: str, language: str, lower_vocab: set[str]) -> bool:
    return rules_for(language).common_word(word, lower_vocab)


def _leading_common(first: _Tok, run_len: int, language: str, lower_vocab: set[str]) -> bool:
    """A run's first word that is an ordinary word: stop words anywhere, lexicon words at sentence start."""
    low, rules = first.text.casefold(), rules_for(language)
    if run_len > 1 and fold(first.text) in common_first_names() and low not in _stopwords(language) and not (
            rules.capitalised_non_noun(first.text)):
        return False  # "Christian Rijavec", "Frank Walter" opening a sentence: a given name, not an adjective
    if not first.sent_start and rules.capitalised_non_noun(first.text):
        return low in _stopwords(language)  # mid-sentence capitals mark a noun or a name: "Trainer Butch Harmon"
    if first.sent_start or rules.capitalises_nouns:
        return _common_word(first.text, language, lower_vocab)
    return run_len > 1 and (low in _stopwords(language) or low in MONTHS_DAYS or low in NEVER_NAMES)


def _known_whole(words: list[_Tok], language: str) -> bool:
    """Whether the words, more than one, are the whole name of an organisation or place the gazetteer knows."""
    text = " ".join(w.text for w in words)
    return len(words) > 1 and bool(org_for(text) or company_for(text) or place_for(text, language))


def _trim(words: list[_Tok], language: str, lower_vocab: set[str]) -> tuple[list[_Tok], bool]:
    """Strip titles, months, demonyms and sentence-initial common words from the edges of a run."""
    cue, rules = False, rules_for(language)
    words = rules.trim_article(words)
    if _known_whole(words, language):
        return words, cue  # "De Morgen", "The Guardian": the article belongs to the name
    if len(words) > 1 and rules.kind_noun_before_name(words[-2].text, words[-1].text):
        return words[-1:], cue  # "die Stadt Emden", "das Großherzogtum Baden": the noun says what the name is
    while words:
        if _known_whole(words, language) or rules.whole_name(words):
            break  # "Die Deutsche Bahn": the demonym belongs to the organisation's name
        first = words[0]
        low = first.text.casefold().strip(".")
        if low in PERSON_TITLES or _hyphen_title(low) or len(words) > 1 and rules.title_before_name(low):
            cue = True
            words = words[1:]
            if len(words) > 1 and words[0].text.casefold() in CONNECTORS and (
                    _known_whole(words[1:], language) or len(words) <= 3 and not _particle_surname(
                        words, language) and not any(fold(w.text) in first_names() for w in words[1:])):
                return words[1:], False  # "Alcalde de Tortosa", "Mayor of New York City": the office's domain
        elif low in CONNECTORS and _particle_surname(words, language):
            break  # "Di Rupo", "De Gucht", "Van Rompuy": the capitalised particle belongs to the surname
        elif first.text == "Al" and len(words) > 1 and not rules.al_is_article:
            break  # "Al Aqsa Martyrs Hospital", "Al Jazeera": the Arabic article opens the name
        elif rules.given_name_not_month([w.text for w in words]):
            break  # "Jan Temmerman": the given name, not the month "jan"
        elif low in MONTHS_DAYS or low in NEVER_NAMES or low in CONNECTORS:
            words = words[1:]
        elif _leading_common(first, len(words), language, lower_vocab) and not (
            org_for(first.text) or _lead_place(first, language, lower_vocab)
        ) and not rules.keeps_first_word(words, cue) or _sentence_stopword(first, language):
            words = words[1:]
        elif is_demonym(first.text) and not (len(words) > 1 and (_org_word([w.text for w in words[1:]], language) or (
                words[-1].text.casefold() in _PLACE_TAILS))) and (
                not (len(words) > 1 and (_given_not_demonym(first.text) or rules.given_not_demonym(first.text)))) and (
                not rules.demonym_in_name(words)):
            words = words[1:]
        else:
            break
    while words and not _known_whole(words, language):  # ("Landkreis Pfaffenhofen an der Ilm": the town whole)
        low = words[-1].text.casefold().strip(".")
        if low in PERSON_TITLES and len(words) > 2 and words[-2].text.casefold() in CONNECTORS and _org_word(
                [w.text for w in words[:-2]], language):
            break  # "Ministerio del Interior": the portfolio closes the ministry's name
        if low in PERSON_TITLES and len(words) == 2 and fold(words[0].text) in common_first_names() and (
                not words[-1].text.endswith(".")) and not rules_for(language).capitalises_nouns:
            break  # "Wayne King", "Stephen King", "Mark Pope": after a given name a title word is a surname
        if low in CONNECTORS or low in MONTHS_DAYS or low in NEVER_NAMES or low in PERSON_TITLES or (
            is_demonym(words[-1].text) and len(words) == 1 and not rules.genitive_place(words[-1].text)
        ) or rules.trailing_noun(words):
            words = words[:-1]
        else:
            break
    return words, cue


def _portfolio(toks: list[_Tok], start: int, texts: list[str], language: str, lower_vocab: set[str]) -> bool:
    """"el concejal de Medio Ambiente", "le ministre des Transports", "Professor of Business Policy": after an
    office and "of", ordinary words name a portfolio or a field, not a person or an organisation, unless they hold
    an organisation's word ("Sprecher der Deutschen Bank", "head of the Home Office"). (Not in Spanish and Dutch,
    where "presidente del Gobierno" and "minister van Onderwijs" name an organisation, as the CoNLL annotation has
    it.)"""
    if rules_for(language).portfolios_are_organisations or start < 2 or toks[start - 1].text.casefold() not in CONNECTORS or (
            toks[start - 2].text.casefold().strip(".") not in PERSON_TITLES) or _org_word(texts, language):
        return False
    return all(_common_word(t, language, lower_vocab) or t.casefold() in CONNECTORS for t in texts)


def _given_not_demonym(word: str) -> bool:
    """"Jordi Ferrer", "Dani Carvajal": a common given name that only the suffix rule takes for a demonym."""
    return word.casefold() not in IRREGULAR_DEMONYMS and fold(word) in common_first_names()


def _lead_place(first: _Tok, language: str, lower_vocab: set[str]) -> bool:
    """A run's first word names a place, unless (in German) it is a noun that a small town shares ("Namen" for
    Namur, "Ende", "Bank"): "unter dem Namen Drina"."""
    place = place_for(first.text, language)
    return place is not None and not (
        rules_for(language).capitalises_nouns and _not_this_place(first.text, place, language, first.sent_start, lower_vocab))


def _org_word(words: list[str], language: str) -> bool:
    """An organisation word in the phrase; in German also as the last part of a compound ("Fußballverband")."""
    return rules_for(language).org_word(words)


def _particle_surname(words: list[_Tok], language: str) -> bool:
    """A capitalised name particle mid-sentence before one word the lexicon lacks is a Dutch, Flemish or Italian
    surname ("Di Rupo", "De Gucht"), not an article before a name."""
    first = words[0]
    return (len(words) == 2 and not first.sent_start and first.text[:1].isupper() and first.text.casefold() in
            _NAME_PARTICLES and _unknown_word(words[1].text, language) and not words[1].text.isupper())


def _sentence_stopword(first: _Tok, language: str) -> bool:
    """"Auch Rösler", "Dabei": a stop word opening a sentence, even one that is also a town's name (Auch, Gers)."""
    return first.sent_start and not first.text.isupper() and first.text.casefold() in _stopwords(language)


def _not_this_place(word: str, place, language: str, sent_start: bool, lower_vocab: set[str]) -> bool:
    """A small place whose name is also an ordinary word ("Lage", "Dabei", "Para") or an acronym ("DAX")."""
    if word.isupper() and len(word) > 1:
        return place.population < 1_000_000 and place.kind == "city"
    if (verdict := rules_for(language).not_this_place(word, place, lower_vocab)) is not None:
        return verdict
    return (sent_start or place.population < 1_000_000) and _common_word(word, language, lower_vocab)


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
    org = org_for(surface)
    if org and len(words) == 1 and rules.common_noun_not_org(surface, prev, nxt):
        return "", None  # "ein faires Bild": the common noun, not the paper
    if not org and len(words) >= 2 and rules.event_name(words):
        return "", None  # "Copa del Mundo", "UEFA Cup", "Premio de Ecología": an event or award, no entity
    if not org and len(words) >= 2 and rules.site_name(words):
        return "place", None  # "Palacio de Benacazón", "Teatro Real": a building or site
    if org:
        return "organization", org
    if len(words) == 1 and _named_for_country(words[0], language):
        return "organization", None  # "Météo-France", "Radio-Canada", "Ouest-France": a national service or paper
    if len(words) == 1 and prev not in ("#", "@") and _inner_capital(words[0]):
        return "organization", None  # "TotalEnergies", "BlackRock", "PayPal": a company's name, written as one word
    if len(words) == 1 and (words[0].casefold() in _stopwords(language) and not (
            rules.institution_after_article(prev, words))  # "el Estado": the State
                            or words[0].casefold() in _ABBREVIATIONS or _ROMAN.match(words[0])):
        return "", None
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
    if place and not (first_is_name and len(words) > 1 and place.kind == "city" and place.population < 500_000 and (
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
        return "place", None  # "in Watkins Glen", "nach Supan Buri"
    if len(words) >= 2:
        if any(looks_like_acronym(w) for w in words):
            return "organization", None  # "PKP Intercity", "BBC World Service"
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
        return "place", None
    if nxt.casefold() in _SPEECH_VERBS and not _common_word(word, language, lower_vocab - {word.casefold()}):
        return "person", None  # "Müller sagte", "Gonzalez said": a bare name that speaks is a person
    if (verdict := rules.type_bare_word(word, prev, nxt)) is not None:
        return verdict
    return None, None  # untyped single word: typed later by coreference, else dropped unless repeated


def _named_for_country(word: str, language: str) -> bool:
    """A common word joined to a country's name by a hyphen names a body of that country (its weather service,
    broadcaster, newspaper), not the country and not a person."""
    head, _, tail = word.rpartition("-")
    if not head or "-" in head or head.casefold() in _PLACE_HEADS or place_for(word, language):
        return False  # ("Île-de-France" is a region, "Nieuw-Guinea" and "Bas-Canada" are places)
    country = place_for(tail, language)
    return country is not None and country.kind == "country" and _lexical_common(head, language)


def _place_after_title(surface: str, language: str) -> bool:
    """"die reichste Frau Frankreichs", "Präsident Frankreichs": a country after a title is where, not who."""
    place = place_for(surface, language)
    return place is not None and place.kind in ("country", "region", "continent") and fold(surface) not in first_names()


_ATTRIBUTION = {"de": "so", "nl": "aldus", "es": "según", "fr": "selon", "it": "secondo"}


def _country_code(word: str) -> str | None:
    """The country a three-letter sports code in capitals names: "ESP", "GER"."""
    if len(word) != 3 or not word.isalpha() or not word.isupper():
        return None
    return country_codes().get(word)


def _capitals_line_start(texts: list[str], toks: list[_Tok], end: int, language: str) -> tuple[str, str | None] | None:
    """A place in capitals opening a paragraph, where capitals would otherwise mean an acronym: the dateline of
    the story, as agency copy opens ("BERLIN (dpa) -", "WASHINGTON (AP) —", "HOBART, Australia"), is a place."""
    surface = " ".join(texts)
    if not surface.isupper() or end >= len(toks):
        return None
    place = place_for(surface, language)
    if place is None:
        return None
    nxt = toks[end].text
    if nxt in (",", "(", "-", "–", "—", ":"):
        return "place", place.name
    return None


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


def _caps_words(toks: list[_Tok], a: int, b: int, language: str) -> list[tuple[int, int]]:
    """A headline in capitals runs names and ordinary words together ("LARA ENDURES ANOTHER MISERABLE DAY"):
    keep the stretches between the words the lexicon knows in lower case, unless the whole run is a known name."""
    lex = _lexicon(language)
    text = " ".join(t.text for t in toks[a:b])
    if lex is None or b - a < 2 or _known_name(text, language):
        return [(a, b)]
    out, start, i = [], a, a
    while i < b:
        known = next((j for j in range(min(b, i + 4), i + 1, -1) if _known_name(
            " ".join(t.text for t in toks[i:j]), language)), None)
        if known:  # "NEW JERSEY AT BOSTON": the known name stays whole
            if start < i:
                out.append((start, i))
            out.append((i, known))
            start = i = known
            continue
        word = toks[i].text
        low = word.lower()
        if low in lex and low not in CONNECTORS and not (_known_name(word, language) or fold(word) in first_names()):
            if start < i:
                out.append((start, i))
            start = i + 1
        i += 1
    if start < b:
        out.append((start, b))
    return out


def _known_name(text: str, language: str) -> bool:
    if text.lower() in _stopwords(language):
        return False  # Spanish "UN" in capitals is the article, not the United Nations
    return bool(place_for(text, language) or org_for(text) or person_for(text))


# Title words that also qualify nouns ("Defense Wing", "Foreign Affairs"): a cut may not start at them.
_MODIFIER_TITLES = {"foreign", "defence", "defense", "interior", "finance", "economy", "general", "head", "chief",
                    "saint", "st", "father", "officer", "leader", "prime", "lady", "lord", "justice", "rep"}


def _split_at_title(toks: list[_Tok], a: int, b: int) -> list[tuple[int, int]]:
    """Cut a run before a title that introduces a person: "Northern Water Board | Chief Executive Marta
    Lindqvist", "Bank of England | Governor Eddie George" (but not "Jaime Mayor Oreja", whose "Mayor" is a surname)."""
    words = [t.text for t in toks[a:b]]
    if _is_title(words[0]):
        return [(a, b)]  # "Foreign Affairs Minister Alexander Downer": all of it introduces the person
    for k in range(1, len(words) - 1):
        if not _is_title(words[k]) or _is_title(words[k - 1]) or words[k - 1].casefold() in CONNECTORS or (
                words[k].casefold() in _MODIFIER_TITLES):
            continue
        rest = k
        while rest < len(words) and _is_title(words[rest]):
            rest += 1
        if rest < len(words) and fold(words[rest]) in first_names() and fold(words[0]) not in first_names() and (
                not org_for(" ".join(words))):
            return [(a, a + k), (a + k, b)]
    return [(a, b)]


_QUALIFIER_WORDS = {("an", "der"), ("am",), ("nad",), ("pod",), ("upon",)}


def _with_qualifier(texts: list[str], toks: list[_Tok], end: int, language: str):
    """A place name's qualifier must not be dropped: "Frankfurt (Oder)", "Frankfurt an der Oder", "Frankfurcie
    nad Odrą" name another city than "Frankfurt". Returns (words, end, place) with place None when no
    qualified name is known."""
    cands = []
    if end + 2 < len(toks) and toks[end].text == "(" and toks[end + 2].text == ")" and _is_cap(toks[end + 1].text):
        cands.append(([*texts, f"({toks[end + 1].text})"], end + 3))
    for quals in _QUALIFIER_WORDS:
        k = end + len(quals)
        if k < len(toks) and tuple(t.text.casefold() for t in toks[end:k]) == quals and _is_cap(toks[k].text):
            cands.append(([*texts, *(t.text for t in toks[end:k]), toks[k].text], k + 1))
    for words, new_end in cands:
        place = place_for(" ".join(words), language)
        if place and fold(place.name)[:6] == fold(texts[0])[:6]:
            return words, new_end, place
    return texts, end, None


_SPLIT_CONNECTORS = {"vom", "von", "van", "of", "from", "de", "du", "z", "ze", "з", "із", "из"}


def _split_glued(words: list[_Tok], toks: list[_Tok], language: str, lower_vocab: set[str], headline: bool,
                 mentions: list[Mention]) -> list[_Tok]:
    """Split what a run of capitals glued to a person: a leading place, organisation or common word ("Wrocławiu
    Katarzyna Wiśniewska", "Укрзалізниці Олександр Гриценко", "Stadtkämmerin Birgit Lenz") and a trailing
    affiliation ("Jonas Albrecht vom Institut"). Split-off names are added to mentions."""
    given = [w.text[:1].isupper() and w.text.casefold() not in CONNECTORS and _is_given(w.text, language)
             for w in words]
    if len(words) >= 3 and not given[0] and True in given[1:-1] and not any(
            looks_like_acronym(w.text) or has_org_word([w.text]) or w.text.casefold() in _FACILITIES
            for w in words[given.index(True):]):
        # (not "Asheville Tea PAC", "Oregon State University": what follows is no person's name)
        i = given.index(True)
        head, rest = words[:i], words[i:]
        text = " ".join(w.text for w in head)
        org = org_for(text) or org_for(_lemma_name(text, "organization", language))
        place = None if org else place_for(text, language)
        plain_name = len(rest) <= 3 and not any(w.text.casefold() in CONNECTORS for w in rest)
        if org or place:
            mentions.append(Mention(text, "organization" if org else "place", head[0].index,
                                    org or place.name, weak=headline))
            words, given = rest, given[i:]
        elif plain_name and not has_org_word([w.text for w in head]) and not _lexical_common(rest[0].text, language) \
                and not any(w.text.casefold() in CONNECTORS | NEVER_ALONE | _PLACE_HEADS for w in head) and not (
                    len(head) == 1 and rules_for(language).foreign_given(head[0].text)):  # "Mélida Anaya Montes"
            words, given = rest, given[i:]  # "Stadtkämmerin Birgit Lenz", "Pruszcza Gdańskiego Jacek Nowak"
    if given and given[0]:
        for k in range(2, len(words) - 1):
            if words[k].text.casefold() in _SPLIT_CONNECTORS and not (
                    rules_for(language).connector_inside_name([w.text for w in words], k)):
                tail = words[k + 1:]
                while len(tail) > 1 and tail[0].text.casefold() in CONNECTORS:
                    tail = tail[1:]  # "Jonas Pfeil von der Kieler Fachhochschule"
                text = " ".join(w.text for w in tail)
                nxt = toks[tail[-1].pos + 1].text if tail[-1].pos + 1 < len(toks) else ""
                kind, canonical = _type_run([w.text for w in tail], language, False, words[k].text, False,
                                            lower_vocab, nxt)
                if kind:
                    mentions.append(Mention(text, kind, tail[0].index, canonical, weak=headline))
                return words[:k]
    return words


def _rule_mentions(paragraphs: list[str], language: str, weak_first: bool) -> list[Mention]:
    rules = rules_for(language)
    all_toks: list[list[_Tok]] = []
    offset = 0
    for p in paragraphs:
        toks = _tokens(p, offset)
        toks = rules.tokens(toks, p, offset)
        offset += len(p) + 2  # character offsets over the paragraphs joined by blank lines, as elsewhere
        all_toks.append(toks)
    lower_vocab = {t.text.casefold() for toks in all_toks for t in toks if t.text[:1].islower()}
    mentions: list[Mention] = []
    guessed: set[int] = set()  # persons typed by default only, open to the type of their list neighbours
    for pi, toks in enumerate(all_toks):
        headline = (weak_first and pi == 0) or _is_all_caps(toks)
        for t in toks:
            if t.text.islower() and len(t.text) <= 4 and org_for(t.text):
                mentions.append(Mention(t.text, "organization", t.index, org_for(t.text), weak=headline))  # "dpa"
        mentions.extend(Mention(road, "place", at, weak=headline) for road, at in rules.roads(toks))
        qualified_until = 0  # "Frankfurcie nad Odrą", "Frankfurt (Oder)": the qualifier is no name of its own
        runs = _runs(toks, language)
        if rules.team_names:
            runs = [part for a, b in runs for part in _split_at_title(toks, a, b)]
            if _is_all_caps(toks):  # wire copy sets headlines and slugs in capitals: "SOCCER - ..."
                runs = [part for a, b in runs for part in _caps_words(toks, a, b, language)]
        runs = rules.join_runs(toks, runs)
        for a, b in runs:
            if a < qualified_until:
                continue
            words, cue = _trim(toks[a:b], language, lower_vocab)
            if (place := _joined_place(words, language)) is not None:
                mentions.append(Mention(" ".join(w.text for w in words), "place", words[0].index, place, weak=headline))
                continue  # "Îles Gilbert et Ellice": no later step may take a word off a name the gazetteer knows whole
            if not words:
                words = _acronym_named_run(toks, a, b, language)
            if not words and b - a == 2 and toks[a].text.casefold() in _stopwords(language) and (
                    kind := rules.listed_name(toks, a + 1)):
                mentions.append(Mention(toks[a + 1].text, kind, toks[a + 1].index, weak=headline))
                continue  # "Das Bundeskriminalamt warnt": the article opening the sentence is no part of the name
            if not words:
                lone = toks[a].text
                kind = rules.listed_name(toks, a) if b - a == 1 else None
                if rules.team_names and b - a == 1 and _agency_dateline(toks, b):
                    kind = "place"  # "Alcañiz, 3 mar (EFE)": the town the story was filed from, though also a word
                if kind:  # "sagte Merkel", "Chemiekonzern Bayer"
                    mentions.append(Mention(lone if b - a == 1 else " ".join(t.text for t in toks[a:b]), kind,
                                            toks[a].index, weak=headline))
                    continue
                if b - a == 1 and lone.casefold() not in _stopwords(language) and lone.casefold() not in (
                        MONTHS_DAYS | NEVER_NAMES | NEVER_ALONE | PERSON_TITLES) and not is_demonym(lone):
                    # A sentence-initial word that may still be a surname named earlier ("Scholz sagte").
                    mentions.append(Mention(lone, None, toks[a].index, weak=headline))
                continue
            words = rules.split_portfolio(words, toks, mentions, headline)  # "Financiën Didier Reynders"
            words = _split_glued(words, toks, language, lower_vocab, headline, mentions)
            if rules.apposition_head([w.text for w in words]):
                words = words[1:]  # "Nachrichtenagentur Xinhua", "Softwareanbieter SAF AG": the noun says what it is
            words = rules.split_institution(words, mentions, headline)
            words = rules.split_leading_place(words, mentions, headline)
            if not words:
                continue
            start = words[0].pos
            prev = toks[start - 1].text if start > 0 else ""
            if prev in _QUOTES and start > 1 and rules.apposition_noun(toks[start - 2].text):
                prev = toks[start - 2].text  # the noun before a quoted name: "der Zeitschrift « Super Illu »"
            if cue is False and start > 0 and (toks[start - 1].text.casefold().strip(".") in PERSON_TITLES
                                               or _hyphen_title(toks[start - 1].text.casefold())):
                cue = True
            texts = [re.sub(r"['’]s$", "", w.text) for w in words]
            end = words[-1].pos + 1
            texts, end, qualified = _with_qualifier(texts, toks, end, language)
            if qualified:
                qualified_until = end
            nxt = toks[end].text if end < len(toks) else ""
            kind, canonical = _type_run(texts, language, cue, prev, words[0].sent_start or headline, lower_vocab, nxt)
            kind, canonical = rules.retype_in_sentence(toks, start, kind, canonical, words, texts)
            if qualified:
                kind, canonical = "place", qualified.name
            if not kind and start == 0:
                kind, canonical = _capitals_line_start(texts, toks, end, language) or (kind, canonical)
            if rules.team_names and kind in (None, "place") and _after_person_bracket(toks, start, end, mentions):
                place = place_for(" ".join(texts), language)
                if (place and place.kind == "city" or not place and not any(
                        _common_word(t, language, lower_vocab) for t in texts)) and not _country_code(texts[0]):
                    # squad lists and match reports give a player's club in brackets: "Tom Barlow (Fiorentina)";
                    # not "Otto Geßler (Acting)"
                    kind, canonical = "organization", None  # (but "Ernie Els ( South Africa )" is where he is from)
            if rules.team_names and kind != "place" and not org_for(" ".join(texts)) and _agency_dateline(
                    toks, end):  # "Tudela (Navarra), 3 mar (EFE)": where the story was filed
                kind, canonical = "place", None
            if len(words) <= 3 and rules.portfolio_after_office(toks, start, [w.text for w in words]):
                kind, canonical = "organization", None  # "minister van Financiën", "ministerio de Fomento"
            kind, canonical = rules.retype(texts, kind, canonical, toks, start, prev, cue)
            if kind is None and start >= 2 and prev.casefold() in ("l'", "l’") and (
                    toks[start - 2].text.casefold() == _ATTRIBUTION.get(language)):
                kind = "organization"  # "Secondo l'Arpae", "Selon l'Insee": a source with an article is no person
            surface = re.sub(r"(?<=\w['’]) ", "", " ".join(texts))  # "Ministero dell'Interno", "Musée d'Orsay"
            if kind == "" and len(texts) >= 2 and _named_by_acronym(texts, toks, end):
                kind = "organization"  # "der Leipziger Verkehrsbetriebe (LVB)": a noun phrase its bearer abbreviates
            if kind == "" or kind != "place" and _portfolio(toks, start, texts, language, lower_vocab):
                continue
            mentions.append(Mention(surface, kind, words[0].index, canonical, weak=headline, person_cue=cue))
            if kind is None and rules.team_names:
                mentions[-1].fallback = _fallback_type(texts, prev, nxt, words[0].sent_start or headline, language)
            if kind == "person" and not (canonical or cue or fold(texts[0]) in first_names() or (
                    rules.given_name(texts[0]))
                                         or nxt.casefold() in _SPEECH_VERBS):
                guessed.add(id(mentions[-1]))
            # "Security Service of Ukraine (SSU)": the bracketed acronym is another name for the run.
            if end + 2 < len(toks) and toks[end].text == "(" and toks[end + 2].text == ")" and looks_like_acronym(
                toks[end + 1].text
            ):
                code = toks[end + 1].text
                if kind == "person" or org_for(code) or kind == "place" and _initials(surface) != code:
                    # "Francisco León ( PSOE )", "Iva Majoli ( CRO )", "Madrid (EFE)": a party, a country or the
                    # agency credit of a dateline, not another name of the run
                    country = None if org_for(code) else country_codes().get(code)
                    mentions.append(Mention(code, "place" if country else "organization", toks[end + 1].index,
                                            country or org_for(code), weak=headline))
                    continue
                mentions[-1].lemma = ""
                mentions.append(Mention(toks[end + 1].text, kind or "organization", toks[end + 1].index,
                                        canonical, weak=headline))
                mentions[-1].lemma = "@acronym-of:" + surface
    _coordinated_types(mentions, guessed, "\n\n".join(paragraphs), language)
    if rules.team_names:
        _coordinated_untyped(mentions, "\n\n".join(paragraphs), language)
    # one word found twice as one kind, as a run and as the party or acronym after a name ("Jung (SPD)"), counts once
    first = {}
    for m in mentions:
        first.setdefault((m.start, m.surface, m.type), m)
    return [m for m in mentions if first[(m.start, m.surface, m.type)] is m]


def _acronym_named_run(toks: list[_Tok], a: int, b: int, language: str) -> list[_Tok]:
    """Words of ordinary nouns that the text abbreviates right after them name something: "der Leipziger
    Verkehrsbetriebe (LVB)". Empty when no such acronym follows (or the run is one word)."""
    while a < b and toks[a].text.casefold() in _stopwords(language):
        a += 1
    return toks[a:b] if b - a >= 2 and _named_by_acronym([t.text for t in toks[a:b]], toks, b) else []


def _named_by_acronym(texts: list[str], toks: list[_Tok], end: int) -> bool:
    """The run is followed by an acronym in brackets made from it: its first letter, at least a letter a word."""
    if end + 2 >= len(toks) or toks[end].text != "(" or toks[end + 2].text != ")":
        return False
    code = toks[end + 1].text
    return looks_like_acronym(code) and code[:1] == texts[0][:1].upper() and len(texts) <= len(code) <= 8


def _fallback_type(texts: list[str], prev: str, nxt: str, sent_start: bool, language: str) -> str | None:
    """The likeliest type of a lone capitalised word the lexicon lacks, when nothing else types it: a name alone in
    brackets ("( Socceroos )") or, in Spanish, after an article ("el Insalud") names an organisation, since people
    take no article there and places are mostly in the gazetteer."""
    word = texts[0] if len(texts) == 1 else ""
    if not word or sent_start or word.isupper() or "-" in word or not _unknown_word(word, language) or (
            is_demonym(word)):
        return None
    if prev == "(" and nxt == ")":
        return "organization"
    if prev.casefold() in _ARTICLES.get(language, ()):
        return "organization"
    return None


_ARTICLES = {"es": {"el", "la", "los", "las", "del", "al"}}  # (English "the Marne", "the Aisne" are rivers)


def _coordinated_untyped(mentions: list[Mention], text: str, language: str) -> None:
    """An untyped name listed with typed ones takes their type: "Repsol , Cepsa y BP", "Putin y Lukashenko"."""
    conj = _COORDINATION[language]
    separator = re.compile(rf"\s*(?:,\s*)?(?:(?:{conj})\s+)?")
    if rules_for(language).coordination_needs_conjunction:  # (not a bare comma, which also adds a place)
        separator = re.compile(rf"\s*(?:,\s*)?(?:{conj})\s+")
    ordered = sorted(mentions, key=lambda m: m.start)
    for _ in range(2):
        for a, b in [*zip(ordered, ordered[1:], strict=False), *zip(ordered[1:], ordered, strict=False)]:
            first, second = (a, b) if a.start < b.start else (b, a)
            between = text[first.start + len(first.surface) : second.start]
            kind = a.type or a.fallback
            if b.type is None and kind and between.strip() and separator.fullmatch(between) and (
                    _unknown_word(b.surface, language) and "-" not in b.surface or b.fallback) and (
                    kind != "place" or a is first):  # (not "( Fiorentina , Italy )": a club and its country)
                b.fallback = kind


_OF = {"de", "del", "of", "van", "der", "des", "du", "di", "della", "do", "da"}


def _office_holder(org: Mention, m: Mention, text: str, conj: str) -> bool:
    """"el president de la Generalitat, Juanfran Pérez Llorca, en una rueda de prensa": a name set off by commas
    after "… of <organisation>" and followed by the sentence going on in lower case names the office holder just
    described, no item of a list."""
    before = [w.casefold() for w in text[max(0, org.start - 12) : org.start].split()[-2:]]
    after = re.match(r"\s*,\s*([^\W\d_]+)", text[m.start + len(m.surface) :])
    return bool(_OF.intersection(before)) and bool(after) and after[1][:1].islower() and not re.fullmatch(conj, after[1])


_COORDINATION = {"de": r"und|oder|sowie", "en": r"and|or", "es": r"y|e|o", "nl": r"en|of", "fr": r"et|ou",
                 "it": r"e|ed|o", "pt": r"e|ou"}


def _coordinated_types(mentions: list[Mention], guessed: set[int], text: str, language: str) -> None:
    """Names in one list are of one kind: "Degussa, Steag und RAG", "Boesby, Holzdorf und Söby". A name typed as a
    person only by default takes the type of a place or organisation it is listed with."""
    conj = _COORDINATION.get(language)
    if not guessed or not conj:
        return
    separator = re.compile(rf"\s*(?:,\s*)?(?:(?:{conj})\s+)?")
    ordered = sorted((m for m in mentions if m.type), key=lambda m: m.start)
    for _ in range(2):  # a type travels along the list in both directions
        for a, b in [*zip(ordered, ordered[1:], strict=False), *zip(ordered[1:], ordered, strict=False)]:
            first, second = (a, b) if a.start < b.start else (b, a)
            between = text[first.start + len(first.surface) : second.start]
            if not between.strip() or not separator.fullmatch(between):
                continue
            if id(b) in guessed and id(a) not in guessed and a.type in ("place", "organization") and not (
                    a is first and _office_holder(a, b, text, conj)):
                b.type = a.type
                guessed.discard(id(b))


# ---------------------------------------------------------------- scripts without capitals (zh, ja, ar)

_ARABIC_LETTER = re.compile(r"[\u0620-\u064a]")


def _script_mentions(paragraphs: list[str], weak_first: bool) -> list[Mention]:
    """Gazetteer names in Han, kana and Arabic text, longest match first (no capitals to go by there)."""
    index = script_index()
    longest = 20  # "الولايات المتحدة" is 16 characters
    out: list[Mention] = []
    base = 0
    whole = "\n\n".join(paragraphs)
    for pi, para in enumerate(paragraphs):
        if not _NO_CASE_SCRIPT.search(para):
            base += len(para) + 2
            continue
        i = 0
        found: list[Mention] = []
        while i < len(para):
            hit = None
            for length in range(min(longest, len(para) - i), 1, -1):
                sub = para[i : i + length]
                if sub in index and _arabic_bounded(para, i, i + length):
                    hit = sub
                    break
            if hit:
                kind, canonical = index[hit]
                if kind == "place" and _in_number(para, i, hit):
                    i += 1  # "十四日" (the 14th) is no "四日" (Yokkaichi)
                    continue
                org = _org_around_place(para, i, hit) if kind == "place" else None
                if org:  # "JR東日本", "中国国家铁路集团", "شركة مصر للطيران": the place is part of the name
                    found.append(Mention(org[1], "organization", base + org[0], weak=weak_first and pi == 0))
                    i = org[0] + len(org[1])
                    continue
                if not (kind == "place" and hit in _AR_COMMON_WORDS):
                    found.append(Mention(hit, kind, base + i, canonical if kind != "person" else None,
                                         weak=weak_first and pi == 0))
                i += len(hit)
            else:
                i += 1
        people = _script_people(para, base, weak_first and pi == 0) + _arabic_names(para, base, whole,
                                                                                   weak_first and pi == 0) + (
            _han_organisations(para, base, weak_first and pi == 0))
        for m in people:
            a, b = m.start, m.start + len(m.surface)
            clash = [x for x in found if x.start < b and a < x.start + len(x.surface)]
            if any(x.type != "place" for x in clash):
                continue
            found = [x for x in found if x not in clash]  # "德里" inside "伊德里西", "川口" inside "川口淳"
            found.append(m)
        out.extend(found)
        base += len(para) + 2
    return out + _unclaimed_hits(out, whole, _arabic_repeats(out) + _han_repeats(out))


# A company or body in Han text: two to four characters of name, then what it is ("澜岸智能", "深蓝资本", "海辺書房",
# "環境省"), right after a boundary, "企业" (company) or "由" (by) — not inside a phrase like "农业科技领域".
_HAN_ORG = re.compile(r"(?:^|(?<=[，。、：；！？“”「」（）()\s由据據])|(?<=企业|企業|公司))"
                      r"(?![由据據])([\u4e00-\u9fff\u30a0-\u30ff]{2,4}(?:智能|资本|資本|科技|控股|证券|証券|基金|传媒|書房|书房|出版社"
                      r"|研究院|研究所|実行委員会|委员会|委員会|省|庁))(?=[\u4e00-\u9fff\u3040-\u309f0-9０-９，。、（(「“]|$)")


def _han_organisations(para: str, base: int, weak: bool) -> list[Mention]:
    return [Mention(m.group(1), "organization", base + m.start(1), m.group(1), weak=weak)
            for m in _HAN_ORG.finditer(para) if not _HAN_NOT_NAME & set(m.group(1)[:2])]


_HAN_AFTER_SURNAME = re.compile("氏|さん|様|首相|大臣|社長|会長|教授|知事|市長|団長|特使|委員長|部長|局長|董事長|董事长|"
                                "先生|女士|表示|说|說|指出|认为|認為|强调|強調|は|が|も")


def _han_repeats(mentions: list[Mention]) -> list[tuple]:
    """"佐藤氏", "陈先生" after "佐藤遥", "陈思远": the surname with an honorific or a verb is the person named before;
    a company found by its kind ("深蓝资本") is that company wherever else the text names it."""
    forms: list[tuple] = [(re.escape(name), name, "organization", name, "", _anywhere) for name in sorted(
        {m.surface for m in mentions if m.type == "organization" and _HAN_ORG.fullmatch(m.surface)})]
    for m in mentions:
        parts = _unspaced_name(m.surface) if m.type == "person" else None
        if parts and len(parts) == 2:
            forms.append((re.escape(parts[1]) + f"(?=(?:{_HAN_AFTER_SURNAME.pattern}))", parts[1], "person", None,
                          m.surface, _not_inside_han))
    return forms


def _not_inside_han(text: str, a: int, b: int) -> bool:
    return not re.match(r"[\u3400-\u9fff]", text[a - 1 : a])


def _anywhere(text: str, a: int, b: int) -> bool:
    return True


def _unclaimed_hits(mentions: list[Mention], text: str, forms: list[tuple]) -> list[Mention]:
    """Later mentions of names found once, where no mention stands yet: each form is (pattern, surface, type,
    canonical, lemma, accept(text, start, end))."""
    taken = [(m.start, m.start + len(m.surface)) for m in mentions]
    out = []
    for pattern, surface, kind, canonical, lemma, accept in forms:
        for hit in re.finditer(pattern, text):
            a, b = hit.span()
            if accept(text, a, b) and not any(c < b and a < d for c, d in taken):
                out.append(Mention(surface, kind, a, canonical, lemma=lemma))
                taken.append((a, b))
    return out


def _arabic_names(para: str, base: int, whole: str, weak: bool) -> list[Mention]:
    if not _ARABIC_LETTER.search(para):
        return []
    return [Mention(n.text, n.type, base + n.start, n.text if n.type == "organization" else None, weak=weak)
            for n in arabic_names.find_names(para, whole)]


def _arabic_repeats(mentions: list[Mention]) -> list[tuple]:
    """Later bare mentions of an Arabic surname ("قال التازي") join the person named in full before."""
    families = {arabic_names.surname(m.surface) for m in mentions if m.type == "person"} - {None}
    return [(re.escape(f), f, "person", None, f, _arabic_bounded) for f in sorted(families)]


_HAN_NUMERALS = set("〇零一二三四五六七八九十百千万两0123456789０１２３４５６７８９")


def _in_number(para: str, start: int, hit: str) -> bool:
    """A Han place name whose first character is a numeral inside a number or date ("十四日")."""
    if hit[0] not in _HAN_NUMERALS:
        return False
    return (start > 0 and para[start - 1] in _HAN_NUMERALS) or hit[-1] in "日月年時"


_HAN_ORG_SUFFIX = re.compile("(?:集团|集團|公司|银行|銀行|航空|铁路|鐵路|鉄道|大学|大學|协会|協会|委员会|委員会|电视台|新闻社"
                             "|通信社|株式会社|電力|电力|汽车|自動車|日报|日報|新聞社)+")
_HAN_NAME_RUN = re.compile(r"[^\W\d_的和与及或在是对向从为]{0,10}")  # a name runs on to its suffix, not across 的/和


def _org_around_place(para: str, start: int, hit: str) -> tuple[int, str] | None:
    """(start, name) of an organisation whose name contains the place: Latin capitals glued before it ("JR東日本"),
    a company word after it in Han text ("中国国家铁路集团"), or an Arabic company word before it ("شركة مصر")."""
    end = start + len(hit)
    if _ARABIC_LETTER.match(hit[0]):
        words = para[:start].split()
        if not words or words[-1] not in arabic_names.COMPANY_WORDS:
            return None
        head_at = para.rfind(words[-1], 0, start)
        after = para[end:].split()
        word = after[0].rstrip("،,.:;") if after else ""
        tail = " " + word if word.startswith(("لل", "ال")) and para[end:end + 1] == " " else ""  # not its comma
        return head_at, para[head_at:end] + tail
    lead = re.search(rf"[A-Za-zＡ-Ｚ]+[{_HAN}]?$", para[max(0, start - 6) : start])
    if lead:
        return start - len(lead.group()), para[start - len(lead.group()) : end]
    run = _HAN_NAME_RUN.match(para, end).group()
    suffix = _HAN_ORG_SUFFIX.search(run)
    if suffix:
        return start, para[start : end + suffix.end()]
    return None


# Arabic words that are also place names in the gazetteer: "المدينة" (the city, Medina), "رياض" (a riad).
_AR_COMMON_WORDS = {"المدينة", "مدينة", "رياض", "الرياض"}
_KANA_NAME = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}(?:[・·][\u30a1-\u30fa\u30fc]{1,})+")
_HAN_DOT_NAME = re.compile(rf"[{_HAN}]{{2,6}}(?:·[{_HAN}]{{1,6}})+")
# Characters that end a title or start a predicate, never part of a transliterated name.
_HAN_NOT_NAME = set("的和与在是了对向由使臣家长员表席理裁授者国说称指认强会人为将从提则呼希宣发告透补问也都")


def _script_people(para: str, base: int, weak: bool) -> list[Mention]:
    """People in Han and kana text where the text makes them clear: transliterated foreign names written with
    a middle dot ("阿米娜·伊德里西", "アミナ・エル・イドリシ"), a Chinese surname before a verb of saying or an
    honorific ("李文军表示"), a Japanese name before an honorific or a title ("川口淳さん", "北原健二社長")."""
    out: list[Mention] = []
    index = script_index()
    for m in _KANA_NAME.finditer(para):
        if not any(part in index and index[part][0] != "person" for part in re.split("[・·]", m.group())):
            out.append(Mention(m.group(), "person", base + m.start(), weak=weak))  # not "モロッコ・マラケシュ"
    for m in _HAN_DOT_NAME.finditer(para):
        parts = m.group().split("·")
        stops = [i for i, ch in enumerate(parts[0]) if ch in _HAN_NOT_NAME]
        head = parts[0][stops[-1] + 1 if stops else 0 :][-4:]  # "水利专家哈桑" → "哈桑"
        tail = parts[-1]
        cut = next((i for i, ch in enumerate(tail) if ch in _HAN_NOT_NAME and i > 0), len(tail))
        if head and cut:
            name = "·".join([head, *parts[1:-1], tail[:cut]])
            out.append(Mention(name, "person", base + m.start() + len(parts[0]) - len(head), weak=weak))
    kana = _HIRAGANA.search(para) is not None
    for m in [] if kana else zh.AFTER_NAME.finditer(para):
        before = para[max(0, m.start() - 3) : m.start()]
        for n in (3, 2):
            cand = before[-n:]
            if len(cand) == n and cand[0] in zh.ZH_SURNAMES and all("\u4e00" <= ch <= "\u9fff" for ch in cand):
                out.append(Mention(cand, "person", base + m.start() - n, weak=weak))
                break
    for m in ja.NAME_BEFORE_TITLE.finditer(para) if kana else []:
        out.append(Mention(m.group(), "person", base + m.start(), weak=weak))
    taken: set[int] = set()
    unique = []
    for m in sorted(out, key=lambda x: (x.start, -len(x.surface))):
        span = set(range(m.start, m.start + len(m.surface)))
        if not span & taken:
            taken |= span
            unique.append(m)
    return unique


def _arabic_bounded(text: str, start: int, end: int) -> bool:
    """Arabic names must not sit inside a longer word (a one-letter proclitic و ب ل ف before is allowed)."""
    if not _ARABIC_LETTER.match(text[start]):
        return True
    after_ok = end >= len(text) or not _ARABIC_LETTER.match(text[end])
    before = text[start - 1] if start > 0 else " "
    before_ok = not _ARABIC_LETTER.match(before) or (
        before in "وبلف" and (start < 2 or not _ARABIC_LETTER.match(text[start - 2]))
    )
    return after_ok and before_ok


# ---------------------------------------------------------------- natasha (ru, uk)


@lru_cache(maxsize=1)
def _natasha():
    """natasha's Russian and Ukrainian tagger with its embedding, kept in the tables cache under the versions of the
    packages it comes from: loading it took 0.57 s of a one-page ingest (reading navec's archive and computing
    similarity tables the tagger never reads). Its vocabulary of 250,000 words is kept as one string: unpickled as
    250,000 strings and a dict of them it took 0.12 s, split and indexed again 0.07 s."""
    from importlib.metadata import PackageNotFoundError, version

    from indexer.text.cache import stored_table

    try:
        installed = [f"{name}={version(name)}" for name in ("natasha", "slovnet", "navec")]
    except PackageNotFoundError:
        return None
    tagger, words = stored_table("natasha-ner", [*installed, "vocabulary as one string"], _load_natasha)
    vocab = tagger.infer.encoder.words_vocab
    if words is not None:
        vocab.items = words.split(_VOCABULARY_SEPARATOR)
        vocab.item_ids = dict(zip(vocab.items, range(len(vocab.items)), strict=True))
    return tagger


_VOCABULARY_SEPARATOR = "\0"


def _load_natasha():
    """(the tagger with an empty vocabulary, its words joined by NUL), or (the tagger, None) when a word holds a
    NUL."""
    from natasha import NewsEmbedding, NewsNERTagger

    tagger = NewsNERTagger(NewsEmbedding())
    vocab = tagger.infer.encoder.words_vocab
    if any(_VOCABULARY_SEPARATOR in w for w in vocab.items) or dict(
            zip(vocab.items, range(len(vocab.items)), strict=True)) != vocab.item_ids:
        return tagger, None
    words = _VOCABULARY_SEPARATOR.join(vocab.items)
    vocab.items, vocab.item_ids = [], {}
    return tagger, words


def _natasha_spans(tagger, text: str) -> list[tuple]:
    """(span, its tokens) for each name the tagger finds: what natasha's Doc.segment and Doc.tag_ner give, with the
    text split into tokens once (they split it three times: tokens, sentences nobody here reads, and the tagger's
    own tokens), a third of the tagger's time."""
    from natasha.span import envelop_spans
    from razdel import tokenize
    from slovnet.markup import BIOMarkup

    if not text.strip():
        return []
    tokens = list(tokenize(text))
    words = [t.text for t in tokens]
    infer = tagger.infer  # slovnet's NERInfer.__call__, given the words
    transitions = infer.model.head.crf.transitions.array
    tags = next(infer.decoder(ids for batch in infer.encoder([words]) for ids in _crf_decode(
        infer.model(batch.word_id, batch.shape_id, batch.pad_mask), ~batch.pad_mask, transitions)))
    spans = BIOMarkup.from_tuples(zip(words, tags, strict=True)).to_span(text).spans
    return list(zip(spans, envelop_spans(tokens, spans), strict=True))


def _crf_decode(emissions, mask, transitions) -> list:
    """The tagger's best tag ids per sequence (Viterbi over its CRF): slovnet's CRF.decode with the same sums in the
    same order, so the same tags, in five array operations a token instead of nine (its decoding was half of the
    tagger's time on a news page)."""
    import numpy as np

    batch_size, seq_len, _ = emissions.shape
    steps = emissions.swapaxes(1, 0)
    keep = mask.swapaxes(1, 0)[:, :, None]
    score = steps[0]
    history = []
    for i in range(1, seq_len):
        step = score[:, :, None] + transitions + steps[i][:, None, :]  # batch x previous tag x tag
        history.append(step.argmax(-2))
        score = np.where(keep[i], step.max(-2), score)
    sizes = mask.sum(1) - 1
    decoded = []
    for b in range(batch_size):
        tag = score[b].argmax()
        tags = [tag]
        for best in reversed(history[: sizes[b]]):
            tag = best[b][tag]
            tags.append(tag)
        tags.reverse()
        decoded.append(np.array(tags))
    return decoded


_NATASHA_TYPES = {"PER": "person", "LOC": "place", "ORG": "organization"}


def _natasha_mentions(paragraphs: list[str], language: str, weak_first: bool) -> list[Mention] | None:
    tagger = _natasha()
    if tagger is None:
        return None
    text = "\n\n".join(paragraphs)
    title_end = len(paragraphs[0]) if weak_first and paragraphs else -1
    mentions: list[Mention] = []
    covered: set[int] = set()
    for span, span_tokens in _natasha_spans(tagger, text):  # one call: per-paragraph calls are ~20x slower
        kind = _NATASHA_TYPES.get(span.type)
        toks = [t for t in span_tokens if t.text not in "()«»\"„“”"]
        if not kind or not toks or (len(toks) == 1 and _common_slavic_word(toks[0].text, language) and (
            kind == "person" or not (place_for(toks[0].text, language) or org_for(toks[0].text))
        )) or (kind == "person" and len(toks) == 1 and _sentence_initial_noun(toks[0].text, text, toks[0].start,
                                                                              language)):
            continue
        covered.update(range(span.start, span.stop))
        mentions.extend(_fix_natasha_span(toks, text, kind, language, span.start < title_end))
    base = 0
    for pi, para in enumerate(paragraphs):
        shifted = {i - base for i in covered if base <= i < base + len(para)}
        mentions.extend(_slavic_gazetteer_mentions(para, language, base, shifted, weak_first and pi == 0))
        base += len(para) + 2
    if rules_for(language).tagger_spans:
        return merge_phrase_orgs(mentions, paragraphs, language, lambda surface, start, kind="organization",
                                 canonical=None: Mention(surface, kind, start, canonical,
                                                         weak=weak_first and start < len(paragraphs[0])))
    return mentions


_SEA = re.compile(r"\b[А-ЯІЇЄҐ][а-яіїєґ'’]+\s+мор(?:е|і|я|ем|ю|ях)\b")
_REGION = re.compile(  # "Донецької області", "Волинської та Львівської областей"
    r"\b([А-ЯІЇЄҐ][а-яіїєґ'’]+(?:ськ|цьк|зьк|ск|цк)[а-яіїєґ]*)"
    r"(?:\s+(?:та|і|й)\s+[А-ЯІЇЄҐ][а-яіїєґ'’]+(?:ськ|цьк|зьк|ск|цк)[а-яіїєґ]*)?\s+(област[а-яіїєґ]*|обл\.|район[а-яіїєґ]*|"
    r"кра[йяюе][а-яіїєґ]*)"
)
_LEGAL_FORMS = ("ТОВ", "ПАТ", "ПрАТ", "ПП", "ДП", "ГО", "КП", "АТ", "ВАТ", "ЗАТ", "ТзОВ", "ООО", "ОАО", "ЗАО",
                "ПАО", "АО", "ФГУП", "МУП", "LLC", "ГК", "НАК", "АК", "ДК")
# A legal form or any short acronym, optionally a kind ("Виробнича компанія"), then the quoted name: "ТОВ «Пакт-3»",
# "ДТГО «Південно-Західна залізниця»", "ТОВ Виробнича компанія «Промтехбуд»".
_QUOTED_ORG = re.compile(r"\b(?:" + "|".join(_LEGAL_FORMS) + r"|(?!США|РФ|ЄС|ООН|НАТО|СРСР|СССР|УРСР)[А-ЯІЇЄҐ]{2,6})(?:\s+[А-ЯІЇЄҐ][а-яіїєґ'’]+\s+[а-яіїєґ'’]+)?"
                         r"\s*[«\"„“]\s*[^»\"“”\n]{1,90}?\s*[»\"“”]")
_CYR_WORD = re.compile(r"[А-ЯІЇЄҐЁ][а-яіїєґё'’\-]+")


def _slavic_gazetteer_mentions(para: str, language: str, base: int, covered: set[int],
                               weak: bool) -> list[Mention]:
    """Places the tagger missed: gazetteer cities/countries in any case form, and "<adjective> oblast"."""
    out = []
    for m in _REGION.finditer(para):
        if not any(i in covered for i in range(m.start(), m.end())):
            covered.update(range(m.start(), m.end()))
            out.append(Mention(m.group(0), "place", base + m.start(), None, weak=weak))
    for m in _CYR_WORD.finditer(para):
        if any(i in covered for i in range(m.start(), m.end())) or _at_sentence_start(para, m.start()):
            continue
        place = place_for(m.group(0), language)
        if place and place.population >= 50_000 and not _common_slavic_word(m.group(0), language):
            out.append(Mention(m.group(0), "place", base + m.start(), place.name, weak=weak))
    return out


def _cut_at_verb(words: list[str], language: str) -> list[str]:
    """The tagger sometimes runs an organisation on into its predicate ("Служба безпеки України розпочала")."""
    if _morph(language) is None:
        return words
    for i, w in enumerate(words[1:], start=1):
        if w[:1].islower() and _part_of_speech(w, language) in ("VERB", "INFN", "GRND", "PRTF", "PRTS", "ADVB"):
            return words[:i]
        if w[:1].islower() and _part_of_speech(w, language) != "NOUN" and any(
                tag.startswith("VERB") for _l, tag in readings(w, language)):
            return words[:i]  # "в Харкові зросла": Ukrainian lists the past tense's participle reading first
    return words


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


def _sentence_initial_noun(word: str, text: str, start: int, language: str) -> bool:
    """"Роман Хабибуллиной рассказывает…": a lone word opening a sentence whose likeliest reading is a common noun
    (the novel), though it can also be a given name, is that noun."""
    morph = _morph(language)
    opening = text[:start].rstrip(" «\"„“(—–-").endswith("\n") or not text[:start].strip()
    if morph is None or not (opening or _at_sentence_start(text, start)):
        return False
    top = _top_tag(word, language)
    return "NOUN" in top and not any(t in top for t in ("Name", "Surn", "Patr", "Geox", "Orgn", "anim"))


def _fix_natasha_span(toks: list, text: str, kind: str, language: str, weak: bool) -> list[Mention]:
    """Split off a leading place the tagger glued to a person ("України Володимир Зеленський"), strip titles,
    cut organisations that run on into their verb, and look the result up in the gazetteers."""
    out = []
    while kind == "person" and len(toks) >= 2 and place_for(toks[0].text, language) and not _given_name(
        toks[0].text, language
    ) and not rules_for(language).glued_place_doubtful(toks[0].text):
        place = place_for(toks[0].text, language)
        out.append(Mention(toks[0].text, "place", toks[0].start, place.name if place else None, weak=weak))
        toks = toks[1:]
    while toks and (toks[0].text.casefold() in PERSON_TITLES or is_demonym(toks[0].text)):
        toks = toks[1:]
    toks = toks[: len(_cut_at_verb([t.text for t in toks], language))]
    if not toks or (len(toks) == 1 and toks[0].text.casefold() in _ABBREVIATIONS):
        return out  # "СМИ", "ЗМІ", "НДС": common abbreviations, not names
    surface = text[toks[0].start : toks[-1].stop]
    if kind == "organization" and split_bracketed_acronym(surface):
        name, acronym = split_bracketed_acronym(surface)  # "Федеральной службы по тарифам (ФСТ"
        out.append(Mention(acronym, kind, toks[-1].start + 1, weak=weak, lemma="@acronym-of:" + name))
        toks, surface = [t for t in toks if t.stop <= toks[0].start + len(name)], name
    if kind == "organization" and len(toks) <= 3 and country_after(text, toks[-1].stop, language):
        surface = text[toks[0].start : country_after(text, toks[-1].stop, language)]  # "МИД России"
    elif kind == "organization":
        surface = text[toks[0].start : extend_org_end(text, toks[0].start, toks[-1].stop, language)]
    words = [t.text for t in toks]
    canonical = None
    if kind == "person" and len(words) == 1 and not _given_name(words[0], language):
        place = place_for(words[0], language)
        if place and place.population >= 100_000 and not rules_for(language).not_a_place(words[0]):
            kind = "place"
    if kind in ("place", "organization"):
        org = org_for(surface) or org_for(_lemma_name(surface, "organization", language))
        place = place_for(surface, language)
        if org:
            kind, canonical = "organization", org
        elif place and kind == "place":
            canonical = place.name
    out.append(Mention(surface, kind, toks[0].start + 1, canonical, weak=weak))
    described = descriptor_start(text, toks[0].start, language, kind) if kind != "person" else None
    if described is not None:  # "компании «Вымпелком»", "замке Эльмау": a second name of the same entity
        lemma = canonical or _lemma_name(surface, kind, language)
        out.append(Mention(text[described : toks[-1].stop], kind, described + 1, canonical, weak=weak, lemma=lemma))
    return out


# ---------------------------------------------------------------- merging


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


def _person_key_word(name: str) -> str:
    return skeleton(name.split()[-1]) if name.split() else ""


def _initials(name: str) -> str:
    return "".join(w[0] for w in name.split() if w[:1].isupper())


def _cluster(mentions: list[Mention], language: str) -> list[_Cluster]:
    clusters: dict[str, _Cluster] = {}
    typed = [m for m in mentions if m.type]
    untyped = [m for m in mentions if not m.type]

    # Full person names first so that bare surnames can attach to them.
    typed.sort(key=lambda m: (m.type != "person", -len(m.surface.split()), m.start))
    persons: list[tuple[str, _Cluster, list[str]]] = []
    for m in typed:
        if not m.lemma:
            m.lemma = m.canonical or _lemma_name(m.surface, m.type, language)
        key = _mention_key(m, language, persons)
        cl = clusters.setdefault(key, _Cluster(m.type, canonical=m.canonical))
        cl.mentions.append(m)
        if m.type == "person" and len(m.lemma.split()) >= 2:
            persons.append((key, cl, [skeleton(w) for w in m.lemma.split()]))
    for m in untyped:
        m.lemma = _lemma_name(m.surface, "person", language)
        sk = skeleton(m.lemma)
        for _key, cl, parts in persons:
            if sk in parts:
                m.type = "person"
                cl.mentions.append(m)
                break
        else:
            if m.fallback:  # "el Insalud", "( Socceroos )": no person's name, so the context's type
                m.type = m.fallback
                clusters.setdefault(f"{m.type}:{sk}", _Cluster(m.type)).mentions.append(m)
    # Bracketed acronyms and acronyms equal to the initials of a named organisation join it.
    for key in list(clusters):
        cl = clusters[key]
        if not all(looks_like_acronym(x.surface) for x in cl.mentions) or cl.canonical:
            continue
        target = _acronym_target(cl, clusters, key)
        if target:
            target.mentions.extend(cl.mentions)
            del clusters[key]
    _join_partial_people(clusters)
    return list(clusters.values())


def _join_partial_people(clusters: dict[str, _Cluster]) -> None:
    """"Tkachenko" or "M. Tkachenko" left apart from "Mykola Tkachenko" in one article (a form the clustering did
    not link) joins that person when the article names no other Tkachenko it could be."""
    people = {key: entity_key(_cluster_name(cl), "person") for key, cl in clusters.items() if cl.type == "person"}
    resolved = resolve_partial_keys(people.values())
    if not resolved:
        return
    home: dict[str, str] = {}
    for key, ent_key in people.items():
        home.setdefault(ent_key, key)
    for key, ent_key in people.items():
        target = resolved.get(ent_key)
        if target and target in home and home[target] != key:
            clusters[home[target]].mentions.extend(clusters.pop(key).mentions)


def _acronym_target(cl: _Cluster, clusters: dict[str, _Cluster], own_key: str) -> _Cluster | None:
    acro = re.sub(r"[.\-&]", "", cl.mentions[0].surface)
    for m in cl.mentions:
        if m.lemma.startswith("@acronym-of:"):
            long_form = m.lemma.split(":", 1)[1]
            for key, other in clusters.items():
                if key != own_key and any(x.surface == long_form for x in other.mentions):
                    return other
    for key, other in clusters.items():
        if key != own_key and other.type == "organization":
            if any(_initials(x.surface) == acro and len(x.surface.split()) > 1 for x in other.mentions):
                return other
    return None


def _mention_key(m: Mention, language: str, persons: list) -> str:
    if m.type == "person":
        words = m.lemma.split()
        if len(words) == 1:
            sk = skeleton(words[0])
            for key, _cl, parts in persons:
                if sk in parts:
                    return key
            # "Киселёва" after "Артём Киселёв": the lemmatiser took a genitive for a feminine nominative
            others = {skeleton(lemma) for lemma, tag in lemma_candidates(m.surface, language) if "Surn" in tag}
            for key, _cl, parts in persons:
                if others & set(parts):
                    return key
        return "person:" + " ".join(skeleton(w) for w in words)
    if m.canonical:
        return f"{m.type}:{fold(m.canonical)}"
    return f"{m.type}:{' '.join(skeleton(w) for w in m.lemma.split())}"


def _cluster_name(cl: _Cluster) -> str:
    """The canonical name, else the fullest dictionary form (else surface form) the article used."""
    if cl.canonical:
        return cl.canonical
    lemmas = [m.lemma for m in cl.mentions if m.lemma and not m.lemma.startswith("@")]
    candidates = lemmas or list(dict.fromkeys(m.surface for m in sorted(cl.mentions, key=lambda x: x.start)))
    return max(candidates, key=lambda s: (len(s.split()), len(s), -candidates.index(s)))


def _to_entity(cl: _Cluster) -> Entity:
    surfaces = list(dict.fromkeys(m.surface for m in sorted(cl.mentions, key=lambda x: x.start) if not m.adjective))
    lemmas = [m.lemma for m in cl.mentions if m.lemma and not m.lemma.startswith("@")]
    name = _cluster_name(cl)
    aliases = list(dict.fromkeys([*surfaces, *[x for x in lemmas if x != name]]))
    if name in aliases:
        aliases.remove(name)
    aliases = [name, *aliases] if name in surfaces else aliases
    aliases = list(dict.fromkeys([*aliases, *known_variants(name, cl.type)]))
    key = entity_key(name, cl.type)
    return Entity(name=name, type=cl.type, mentions=len(cl.mentions), aliases=aliases, key=key)


def _with_tagger_orgs(mentions: list[Mention], texts: list[str], language: str, weak_first: bool) -> list[Mention]:
    """Add the tagger's organisations (they run on in lower case, which rules cannot follow) to rule mentions."""
    tagged = _natasha_mentions(texts, language, weak_first) or []
    people = [m.surface for m in mentions if m.type == "person"]
    orgs = [m for m in tagged if m.type == "organization" and len(m.surface.split()) > 1
            and not any(p in m.surface for p in people)]
    regions = []
    base = 0
    for pi, para in enumerate(texts):
        for m in _REGION.finditer(para):
            regions.append(Mention(m.group(0), "place", base + m.start(), weak=weak_first and pi == 0))
        for m in _SEA.finditer(para):  # "у Чорному морі": the noun stays in lower case
            if sea := place_for(m.group(0), language):
                regions.append(Mention(m.group(0), "place", base + m.start(), sea.name, weak=weak_first and pi == 0))
        base += len(para) + 2
    base = 0
    for pi, para in enumerate(texts):
        for m in _QUOTED_ORG.finditer(para):
            orgs.append(Mention(m.group(0), "organization", base + m.start(), weak=weak_first and pi == 0))
        base += len(para) + 2
    covered = " | ".join(m.surface for m in orgs + regions)
    kept = [m for m in mentions if not (m.type != "person" and m.surface in covered)]
    return merge_phrase_orgs(kept + orgs + regions, texts, language, lambda surface, start, kind="organization",
                             canonical=None: Mention(surface, kind, start, canonical,
                                                     weak=weak_first and start < len(texts[0])))


def extract_entities(paragraphs: list[str], language: str, title: str = "") -> list[Entity]:
    """People, places and organisations named in an article, most mentioned first."""
    language = (language or "und").split("-")[0].lower()
    texts = [t for t in paragraphs if t and t.strip()]
    # Title mentions count, but a name seen only in the title must be confirmed by a gazetteer: titles are
    # often in headline case, where capitals mean nothing.
    weak_first = bool(title and title.strip())
    if weak_first:
        texts = [title, *texts]
    text = "\n\n".join(texts)  # (character offsets of mentions count over the paragraphs joined so)
    mentions, rules = None, rules_for(language)
    if rules.tagger_spans:
        mentions = _natasha_mentions(texts, language, weak_first)
    if mentions is None:
        mentions = _rule_mentions(texts, language, weak_first)
        if rules.tagger_orgs:
            mentions = _with_tagger_orgs(mentions, texts, language, weak_first)
    mentions += _script_mentions(texts, weak_first)
    mentions += ja.surnames(texts, mentions)
    if language in _SURNAME_ENDINGS:
        mentions = _inflected_surnames(mentions, text, language, len(title) if weak_first else -1)
    if weak_first and _headline_case(title, language):
        mentions = _confirmed_title_mentions(mentions, title, language)
    _join_script_people(mentions)
    _follow_qualified_places(mentions)
    _polish_base_forms(mentions, language, text)
    _link_bracketed_names(mentions, text, language)
    _surnames_not_towns(mentions, text)
    # a word in lower case in a script with capitals is no name, unless the gazetteer knows it: "dpa", "taz", and
    # a state's adjective before an institution ("российские власти": Russia's)
    mentions = [m for m in mentions if not (m.surface == m.surface.lower() and m.surface != m.surface.upper()) or (
        m.canonical or org_for(m.surface))]
    if rules.quotes_mark_titles:  # (elsewhere quotation marks also set off company and newspaper names: «Исеть Девелопмент»)
        mentions = _not_titles(mentions, text)
    mentions = rules.filter_mentions(mentions, text)
    for m in mentions:
        if _DESCRIBED_BY_PLACE.search(m.surface):
            m.surface, m.lemma = m.surface[: m.surface.rfind("-")], ""  # "Tokyo-based" names Tokyo
    if language in _LOWERCASE_ORG_HEADS:
        _lowercase_org_names(mentions, text, language)
        mentions = [m for m in mentions if m.type != "gone"]
    for m in mentions:
        if m.type == "place" and m.canonical and _unrelated_small_town(m.surface, place_for(m.canonical, "en")):
            m.canonical = None
    mentions += adjective_mentions(texts, language, mentions)  # "харківська компанія" names Kharkiv
    _mark_caseless(mentions, texts)
    clusters = _cluster(mentions, language)
    entities = []
    first_seen = {}
    evidenced: set[int] = set()  # (ids of) the entities a facet may show: evidence.has_evidence
    for cl in clusters:
        if cl.type not in ENTITY_TYPES:
            continue
        if all(m.weak for m in cl.mentions) and (not cl.canonical or all(
                m.caseless and _ordinary_word(m.surface, language) and not _country_named(m.surface, cl.canonical)
                for m in cl.mentions)):  # ("TURKEY", "CHINA" name their countries; "ISLAND" is no "Ísland")
            continue  # (a line in capitals names a place only by a word that is no ordinary word: "ISLAND" is no Ísland)
        ent = _to_entity(cl)
        if ent.type == "organization" and fold(ent.name) in _BARE_INSTITUTIONS.get(language, ()):
            continue  # "il Governo", "le Gouvernement": the word alone does not say which
        if ent.type == "place" and _month_name(ent.name):
            continue  # "W Marcu", "В Марте": an inflected month read as a place (an organisation may be so named)
        first_seen[id(ent)] = min(m.start for m in cl.mentions)
        if has_evidence(cl.type, ent.name, cl.mentions, text, language):
            evidenced.add(id(ent))
        entities.append(ent)
    entities = _merge_short_forms(_merge_same_key(entities, first_seen, evidenced), evidenced)
    entities = [e for e in entities if id(e) in evidenced or repeated(e, language)]
    entities.sort(key=lambda e: (-e.mentions, first_seen[id(e)]))
    return entities


_PL_CASE_ENDINGS = ("a", "owi", "em", "iem", "u", "ie", "y", "ą", "ego", "emu", "m", "owie", "ów", "om")
# Endings a surname takes in running text, per language ("Reiters Plan", "z Nowakiem"); "" is the bare surname.
_SURNAME_ENDINGS = {"de": ("s",), "nl": (), "pl": _PL_CASE_ENDINGS, "cs": ("a", "ovi", "em", "e", "u"),
                    "sk": ("a", "ovi", "om", "e", "u")}
_DETERMINERS = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "het",
                "een", "dieser", "diese", "dieses", "jenes"}


def _ordinary_word(surface: str, language: str) -> bool:
    """Every word is one the language's lexicon lists in lower case ("PARADISE", "ISLAND", "CAY")."""
    lex = _lexicon(language)
    return lex is not None and all(w.lower() in lex for w in surface.split())


def _country_named(surface: str, canonical: str) -> bool:
    """The surface is a country's or a region's own English name, letter for letter ("TURKEY", "CHINA")."""
    place = place_for(canonical, "en")
    return place is not None and place.kind in ("country", "region") and fold(surface) == fold(place.name)


def _mark_caseless(mentions: list[Mention], texts: list[str]) -> None:
    """Mentions in a line set in capitals ("ATLANTIS PARADISE ISLAND AND DOLPHIN CAY DONATES …"): their words may
    be any words, so they count only where the article names them again in ordinary case."""
    spans, base = [], 0
    for para in texts:
        if _is_all_caps(_tokens(para, 0)):
            spans.append((base, base + len(para)))
        base += len(para) + 2
    for m in mentions:
        if any(a <= m.start < b for a, b in spans):
            m.caseless = m.weak = True


def _surname_phrase(full: str) -> str:
    """"Anke Reiter" → "Reiter"; "Sanne de Vries" → "de Vries" (the particle belongs to the surname)."""
    words = full.split()
    for i, w in enumerate(words[1:], start=1):
        if w.islower() and w in _NAME_PARTICLES | CONNECTORS_BY_LANG["nl"] | CONNECTORS_BY_LANG["de"]:
            return " ".join(words[i:])
    return words[-1]


def _inflected_surnames(mentions: list[Mention], text: str, language: str, title_end: int) -> list[Mention]:
    """Later mentions of a person named in full: "Reiters Plan", "Frau Reiter", "z Nowakiem", "aldus De Vries".
    They become person mentions that join the full name, in place of whatever the rules took them for (a place
    "Nowak", an organisation "Selenskyjs Rede")."""
    people = [m for m in mentions if m.type == "person" and len(m.surface.split()) >= 2
              and fold(m.surface.split()[0]) in first_names()]
    taken = [(m.start, m.start + len(m.surface)) for m in mentions if m.type == "person"]
    out = list(mentions)
    for full in {_surname_phrase(m.surface) for m in people}:
        last = full.split()[-1]
        if len(last) < 3 or not last[:1].isupper():
            continue
        endings = "|".join(re.escape(e) for e in _SURNAME_ENDINGS[language])
        # a particle may open a sentence ("De Vries" for "de Vries"); a capitalised surname is never written small
        first = f"[{full[0].upper()}{full[0].lower()}]" if full[0].islower() else re.escape(full[0])
        pattern = rf"(?<![\w\-]){first}{re.escape(full[1:])}(?:{endings})?['’]?(?![\w\-])"
        for hit in re.finditer(pattern if endings else pattern.replace("(?:)?", ""), text):
            a, b = hit.span()
            word = hit.group()
            if any(c <= a < d for c, d in taken):
                continue
            before = text[max(0, a - 12) : a].split()
            if before and before[-1].casefold() in _DETERMINERS:
                continue  # "die Reiter", "des Reiters": the common noun, not the person
            base = full.split()[-1] if word.rstrip("'’") != full else full
            clash = [m for m in out if m.start < b and a < m.start + len(m.surface)]
            if any(m.type == "person" for m in clash):
                continue
            bare = word.casefold() == full.casefold()
            if bare and (any(m.canonical for m in clash) or before and before[-1].casefold() in _PLACE_PREPS or (
                    _lexical_common(last, language) and not (before and before[-1].casefold() in PERSON_TITLES))):
                continue  # "König von Shu", "seinen Platz": the bare word names something else here
            if any(len(m.surface) > len(word) and m.start < a for m in clash):
                continue  # inside a longer name: "Nowak Foundation" after the word stays the organisation's
            out = [m for m in out if m not in clash]
            out.append(Mention(word.rstrip("'’"), "person", a, weak=a < title_end, lemma=base))
            taken.append((a, b))
    if rules_for(language).latin_cases:
        _inflected_given_names(out, {w for m in people for w in m.surface.split()}, language)
    return out


def _inflected_given_names(mentions: list[Mention], names: set[str], language: str) -> None:
    """"Marka" after "Marek Wójcik" is his genitive, not the Somali town: a lone word whose dictionary form is a
    word of a person's full name in the article is that person."""
    from indexer.text.lemmas import lemma

    for m in mentions:
        if m.type in (None, "place") and " " not in m.surface and m.surface not in names and (
                lemma(m.surface, language) in names):
            m.type, m.canonical, m.lemma = "person", None, lemma(m.surface, language) or ""


_TITLE_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def _headline_case(title: str, language: str) -> bool:
    """A title with most words capitalised ("New Ferry Timetable Starts In March", "Un Nouveau Bac Sur La
    Saône"), where capitals say nothing about names. German capitalises its nouns, so it never counts."""
    if rules_for(language).capitalises_nouns:
        return False
    words = _TITLE_WORD.findall(title)[1:]
    stop = _stopwords(language)
    if any(w[:1].isupper() and not w.isupper() and w.casefold() in stop for w in words):
        return True  # "In", "As", "Sur", "La" capitalised mid-title
    content = [w for w in words if w.casefold() not in stop]
    return len(content) >= 3 and sum(w[:1].isupper() for w in content) / len(content) >= 0.8


def _confirmed_title_mentions(mentions: list[Mention], title: str, language: str) -> list[Mention]:
    """In a headline-case title only names a gazetteer knows, or that the body names the same way, count: a run
    such as "Marta Quiroga Opens New Bridge In Lisbon" keeps "Marta Quiroga" (named so below) and "Lisbon"."""
    body = {m.surface: m for m in mentions if m.start >= len(title) and m.type}
    out = []
    for m in mentions:
        if not (m.weak and m.start < len(title)) or m.canonical or person_for(m.surface) or org_for(m.surface):
            out.append(m)
            continue
        words = m.surface.split()
        i = 0
        while i < len(words):
            for j in range(len(words), i, -1):
                phrase = " ".join(words[i:j])
                found = _title_phrase(phrase, body, language)
                if found:
                    at = title.find(phrase, m.start)
                    out.append(Mention(phrase, found[0], at if at >= 0 else m.start, found[1], weak=True))
                    i = j
                    break
            else:
                i += 1
    return out


def _title_phrase(phrase: str, body: dict[str, Mention], language: str) -> tuple[str, str | None] | None:
    """(type, canonical) of a stretch of a headline-case title that names something on its own."""
    if phrase.casefold() in _stopwords(language) or phrase.casefold() in MONTHS_DAYS:
        return None
    if phrase in body:
        return body[phrase].type, body[phrase].canonical
    if (org := org_for(phrase)) is not None:
        return "organization", org
    if person_for(phrase):
        return "person", None
    place = place_for(phrase, language)
    return ("place", place.name) if place else None


# Institutions named by their kind alone. (Not Spanish: there "el Gobierno" is annotated as an organisation in
# CoNLL-2002, and dropping it costs 1.5 points of F1 on that set.)
_BARE_INSTITUTIONS = {"it": {"governo", "comune", "ministero", "consiglio comunale", "giunta"},
                      "es": {"gobierno", "estado", "ayuntamiento"},
                      "fr": {"gouvernement", "mairie", "ministere", "conseil municipal"},
                      "pt": {"governo", "ministerio", "camara municipal"}}

_NAME_LINKS = {"de", "des", "du", "d", "la", "l", "di", "dei", "degli", "delle", "del", "della", "dello", "da", "do",
               "dos", "das", "per", "pour", "para"}
_CAPITALISED_WORD = re.compile(r"\s+[A-ZÀ-ÖØ-Þ][\w\-]+")
_LOWER_WORD = re.compile(r"(?:\s+|(?<=['’]))([a-zà-öø-ÿ]+)(?:['’](?=[a-zà-öø-ÿ]))?")  # ("de l'homme")


def _lowercase_org_names(mentions: list[Mention], text: str, language: str) -> None:
    """Extend a head word ("Fédération", "Haute Autorité") by the lower-case rest of its name: the adjectives after
    it ("nationale", "européenne"), and after a linking "de"/"des"/"della" a noun with its own adjectives ("de la
    santé", "d'exploitants agricoles") or a capitalised name that closes it ("… hydrographique du Guadalquivir").
    Only an adjective follows a word of the name directly, so a verb, an adverb or a weekday there ends it: "la Cour
    des comptes publie", "l'Assemblée nationale jeudi", "il Consiglio ieri"."""
    stop, adjective = _stopwords(language), _ORG_ADJECTIVE[language]
    taken = {m.start: m for m in mentions}
    for m in mentions:
        if m.type not in ("organization", None) or m.surface.split()[-1].casefold() not in _LOWERCASE_ORG_HEADS[
                language]:
            continue
        at = end = m.start + len(m.surface)
        linked, words = False, 0
        while words < 8:
            w = _LOWER_WORD.match(text, at)
            if not w and linked and (name := _CAPITALISED_WORD.match(text, at)):
                end = name.end()
                swallowed = taken.get(name.start() + (len(name.group()) - len(name.group().lstrip())))
                if swallowed is not None:  # (the whole of the name it closes: "de Côte d'Ivoire", "du Conseil de l'Europe")
                    swallowed.type = "gone"
                    end = max(end, swallowed.start + len(swallowed.surface))
                break
            if not w:
                break
            word = w.group(1)
            if word in _NAME_LINKS or linked and word in _ORG_ADJECTIVE_BEFORE[language]:
                linked = True
            elif word in stop or word in MONTHS_DAYS or not linked and (
                    _looks_like_verb_form(word) or not adjective.fullmatch(word)):
                break  # (after a link, a noun: "de la santé", "de la sécurité")
            else:
                linked, end = False, w.end()
            at, words = w.end(), words + 1
        if end > m.start + len(m.surface):
            m.surface, m.lemma, m.type = text[m.start : end], "", "organization"
            m.canonical = org_for(m.surface) or m.canonical


def _looks_like_verb_form(word: str) -> bool:
    """Past participles and finite verbs end a name: "annoncé", "ha detto", "anunciou"."""
    return word.endswith(("é", "ée", "és", "ées", "ato", "ata", "ito", "ita", "ou", "iu", "ado", "ada")) and len(word) > 4


@lru_cache(maxsize=1)
def _month_folds() -> frozenset[str]:
    return frozenset(fold(w) for w in MONTHS_DAYS)


def _month_name(name: str) -> bool:
    """Months and weekdays are never places nor organisations, whatever their lemma."""
    return fold(name) in _month_folds()


def _join_script_people(mentions: list[Mention]) -> None:
    """In Han and kana text a later mention is often part of the full name ("エル・イドリシ", "森川さん" after
    "森川紗季"): it takes the full name as its lemma, so both land in one entity."""
    people = [m for m in mentions if m.type == "person" and _NO_CASE_SCRIPT.search(m.surface)]
    for m in people:
        short = m.surface.replace("・", "").replace("·", "")
        for full in people:
            long = full.surface.replace("・", "").replace("·", "")
            if len(long) > len(short) and short in long:
                m.lemma = full.surface
                break


_OPEN_MARKS, _CLOSE_MARKS = "“„«‘‚\"'「『", "”“»’‘\"'」』"


def _not_titles(mentions: list[Mention], text: str) -> list[Mention]:
    """A name the article only ever writes inside quotation marks ("“Slack Water,” a novel") is the title of a work,
    not an organisation or a person; known names (a paper quoted as «Ранковий Вісник») stay."""
    def quoted(m: Mention) -> bool:
        before, after = text[m.start - 1 : m.start], text[m.start + len(m.surface) : m.start + len(m.surface) + 2]
        return before != "" and before in _OPEN_MARKS and after[:1] in _CLOSE_MARKS or after[:1] in ",." and (
            after[1:2] in _CLOSE_MARKS and after[1:2] != "" and before in _OPEN_MARKS)

    by_name: dict[str, list[Mention]] = {}
    for m in mentions:
        by_name.setdefault(fold(m.surface), []).append(m)
    titles = {name for name, ms in by_name.items() if all(quoted(m) for m in ms) and not any(
        m.canonical or m.type == "place" or org_for(m.surface) or person_for(m.surface) for m in ms)
        and len(name.split()) >= 2}
    return [m for m in mentions if fold(m.surface) not in titles]


_REGION_WORDS = {"prefecture", "province", "oblast", "county", "region", "district", "state", "governorate"}


def _follow_qualified_places(mentions: list[Mention]) -> None:
    """After "Frankfurt (Oder)", a bare "Frankfurt" in the same article is that city, not Frankfurt am Main."""
    qualified = {}
    for m in mentions:
        if m.type == "place" and m.canonical and fold(m.canonical).split()[-1] in _REGION_WORDS:
            continue  # "Osaka Prefecture", "Lviv Oblast": the region, while a bare "Osaka" stays the city
        if m.type == "place" and m.canonical and len(m.surface.split()) > 1 and "-" not in m.canonical:
            qualified.setdefault(fold(m.canonical).split()[0], m.canonical)
        elif m.type == "place" and m.canonical and "-на-" in m.surface:
            qualified.setdefault(fold(m.canonical).split()[0], m.canonical)
    for m in mentions:
        if m.type == "place" and m.canonical and len(m.surface.split()) == 1 and "-" not in m.surface:
            target = qualified.get(fold(m.canonical).split()[0])
            if target and target != m.canonical:
                m.canonical = target


def _polish_base_forms(mentions: list[Mention], language: str, text: str = "") -> None:
    """Inflected person names in Latin-script Slavic text ("Katarzynie Wiśniewskiej", "Ołeksandra Hrycenki") take
    the dictionary form when the lemmatiser knows it, else the shortest form of the same stem in the article."""
    rules = rules_for(language)
    rules.base_forms(mentions, text)
    if not rules.latin_cases:
        return
    from indexer.text.lemmas import lemma

    people = sorted((m for m in mentions if m.type == "person"), key=lambda m: m.start)
    first_seen: dict[str, int] = {}
    for m in people:
        for w in m.surface.split():
            first_seen.setdefault(w, m.start)
    named = {w for m in people if any(_is_given(lemma(x, language) or x, language) for x in m.surface.split())
             for w in m.surface.split()}
    for m in people:
        if not any(_is_given(lemma(w, language) or w, language) or any(
                f != w and len(f) >= 4 and _same_stem(f, w) for f in named) for w in m.surface.split()):
            continue  # a name with no given name, nor the stem of one ("Ołeksandra" after "Ołeksandr"): leave it
        words = m.surface.split()
        case = _given_name_case(words[0], language)
        out = []
        for i, w in enumerate(words):
            agreed = rules.surname_in_case(case, w) if i and case else None
            base = rules.person_word_base(w) or lemma(w, language) or w
            if agreed and not (base[:1].isupper() and base.startswith(agreed[:-1]) and len(base) <= len(agreed) + 1):
                base = w  # the lemmatiser read the surname as another word ("Dvořákovi" → the possessive Dvořákův)
            if base == w or not base[:1].isupper():
                mates = [f for f in first_seen if len(f) >= 4 and _same_stem(f, w)]
                base = min(mates, key=lambda f: (len(f), first_seen[f])) if mates else w
                base = agreed if base == w and agreed else base  # the article's own nominative first
            out.append(base)
        if len(words) >= 2 and out[1:] == words[1:] and _is_given(words[0], language) and (
                fold(words[0]) == words[0].casefold()):
            out[0] = words[0]  # a surname in the nominative: "Petra Kvitová", "Ivana Horvat" are women, not Petr's
        m.lemma = " ".join(out)


def _given_name_case(word: str, language: str) -> str:
    """The case ending of a man's given name in a case form ("Pavlem" → "em", "Jána" → "a"), which the surname after
    it shares; "" where the word is no such form, or is a given name itself as well ("Ivana", "Jana": a woman's
    name, or a man's in the genitive; "Jána" is only Ján's, as the folded name list cannot tell)."""
    from indexer.text.lemmas import lemma

    rules = rules_for(language)
    base = lemma(word, language)
    if base == word or not base[:1].isupper() or not _is_given(base, language) or (
            _is_given(word, language) and fold(word) == word.casefold()):
        return ""
    return next((e for e in sorted(rules.name_cases, key=len, reverse=True)
                 if word.endswith(e) and not base.endswith(e)), "")


def _same_stem(a: str, b: str) -> bool:
    n = 0
    for x, y in zip(a.casefold(), b.casefold(), strict=False):
        if x != y:
            break
        n += 1
    return n >= 4 and n >= max(len(a), len(b)) - 3


def _surnames_not_towns(mentions: list[Mention], text: str) -> None:
    """"Carmona avanzó…" after "Antonio Carmona": a lone word that is both a small town and the surname of a person
    named in full in the same article is that person; so is a larger place's name that speaks ("Brazil said" after
    "Julian Brazil"), and a listed company's that is a surname too ("Suzuki" after "Akira Suzuki")."""
    people = [n.split() for n in {m.surface for m in mentions if m.type == "person" and len(m.surface.split()) >= 2}]
    surnames = {skeleton(words[-1]) for words in people}
    # "Ann mit 80 Jahren" after "Ann Kiessling": a given name alone that opens one person's name is that person
    given = {skeleton(words[0]) for words in people}
    if len(given) == len(people):
        surnames |= given
    for m in mentions:
        if m.type == "organization" and " " not in m.surface and skeleton(m.surface) in surnames and (
                company_for(m.surface)) and not org_for(m.surface):
            m.type, m.canonical, m.lemma = "person", None, ""
        if m.type != "place" or " " in m.surface or skeleton(m.surface) not in surnames:
            continue
        place = place_for(m.canonical or m.surface, "en")
        speaks = text[m.start + len(m.surface) :].split()[:1]
        if place is None or (place.kind == "city" and place.population < 500_000) or (
                speaks and speaks[0].casefold() in _SPEECH_VERBS):
            m.type, m.canonical, m.lemma = "person", None, ""


_BRACKET_GAP = re.compile(r"\s*(?:[^\W\d_]+\s+[^\W\d_]+\s*)?\(\s*")


def _link_bracketed_names(mentions: list[Mention], text: str, language: str) -> None:
    """"Instytutu Badań Rzecznych w Lipsku (Institut für Flussforschung Leipzig)": an organisation followed by its
    name in another language in brackets is one organisation, known across the archive by the bracketed name."""
    orgs = [m for m in mentions if m.type == "organization" and not m.canonical]
    for b in orgs:
        if looks_like_acronym(b.surface) or b.lemma.startswith("@") or len(b.surface.split()) < 2:
            continue  # "(SSU)" is an acronym: the long form stays the name
        at = text.find(b.surface, max(0, b.start - 2))
        if at < 1 or at > b.start + 2 or text[at - 1 : at].strip() not in ("(", "") or text[
                at + len(b.surface) : at + len(b.surface) + 1] != ")":
            continue
        for a in orgs:
            a_at = text.find(a.surface, max(0, a.start - 2))
            if a is b or a_at < 0 or a_at >= at or not _BRACKET_GAP.fullmatch(text[a_at + len(a.surface) : at]):
                continue
            if not a.lemma:
                a.lemma = _lemma_name(a.surface, "organization", language)
            a.canonical = b.surface
            break


def _merge_short_forms(entities: list[Entity], evidenced: set[int]) -> list[Entity]:
    """"Unión Agraria" after "Unión Agraria del Sur" in one article: an organisation named by the first words of
    exactly one longer organisation's name is that organisation; "Pérez Llorca" after "Juanfran Pérez Llorca", a
    person named by the last two words or more of exactly one longer person's name, is that person."""
    orgs = [e for e in entities if e.type == "organization"]
    gone: set[int] = set()
    people = [e for e in entities if e.type == "person"]
    for short in people:
        words = fold(short.name).split()
        longer = [e for e in people if e is not short and id(e) not in gone and len(words) >= 2 and len(
            fold(e.name).split()) > len(words) and fold(e.name).split()[-len(words):] == words]
        if len(longer) == 1:
            _absorb(longer[0], short, evidenced)
            gone.add(id(short))
    for short in orgs:
        words = fold(short.name).split()
        longer = [e for e in orgs if e is not short and id(e) not in gone and len(fold(e.name).split()) > len(words)
                  and (fold(e.name).split()[: len(words)] == words or len(words) >= 2 and (has_org_word(
                      e.name.split()[:1]) or fold(e.name.split()[0]) in first_names()) and fold(
                      e.name).split()[-len(words):] == words)]  # ("Peabody Library", "George Peabody Library")  # ("la ministra para la
        # Transición Ecológica" after "el Ministerio para la Transición Ecológica": the portfolio is the ministry)
        if len(longer) != 1 or org_for(short.name):
            continue
        _absorb(longer[0], short, evidenced)
        gone.add(id(short))
    return [e for e in entities if id(e) not in gone]


def _absorb(target: Entity, short: Entity, evidenced: set[int]) -> None:
    """The short form's mentions, names and evidence join the entity it names."""
    if id(short) in evidenced:
        evidenced.add(id(target))
    target.mentions += short.mentions
    target.aliases = list(dict.fromkeys([*target.aliases, short.name, *short.aliases]))


def _merge_same_key(entities: list[Entity], first_seen: dict[int, int], evidenced: set[int]) -> list[Entity]:
    by_key: dict[str, Entity] = {}
    for ent in sorted(entities, key=lambda e: first_seen[id(e)]):
        old = by_key.get(ent.key)
        if old is None:
            by_key[ent.key] = ent
            continue
        if id(ent) in evidenced:
            evidenced.add(id(old))
        old.mentions += ent.mentions
        if len(ent.name.split()) > len(old.name.split()) and ent.type == "person":
            old.aliases = [old.name, *old.aliases]
            old.name = ent.name
        old.aliases = list(dict.fromkeys([*old.aliases, *ent.aliases, ent.name]))
    return list(by_key.values())
