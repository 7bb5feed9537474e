"""Where a name begins and ends: the article's tokens, the runs of capitals bridged by connectors, and the trimming of
titles, months, demonyms and sentence-initial common words off a run's edges."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import (
    _NAME_PARTICLES,
    _PLACE_TAILS,
    CONNECTORS,
    CONNECTORS_BY_LANG,
    _hyphen_title,
    _is_cap,
    _is_title,
    _lexicon,
    _stopwords,
    _Tok,
)
from indexer.annotate.entities.gazetteer import (
    IRREGULAR_DEMONYMS,
    MONTHS_DAYS,
    NEVER_NAMES,
    ORG_WORDS,
    PERSON_TITLES,
    common_first_names,
    company_for,
    first_names,
    has_org_word,
    is_demonym,
    org_for,
    person_for,
    place_for,
    place_index,
)
from indexer.annotate.entities.lang import rules_for
from indexer.annotate.entities.words import (
    _common_word,
    _not_this_place,
    _notable_place,
    _org_word,
    _unknown_word,
)
from indexer.text.names import fold

_TOKEN = re.compile(r"\b[A-ZА-ЯІЇЄҐ]\.(?=\s?[A-ZА-ЯІЇЄҐ][a-zа-яіїєґ])|\b(?:[LlDdJjMmnSsTtCc]|N(?!['’][A-Z])|[Qq]u)['’](?=\w)|\b(?:[DdNnSs]?[Aa]ll|[Dd]ell|[Dd]egl|[Nn]ell|[Ss]ull|[Cc]oll)['’](?=\w)|(?:[^\W\d_]\.){2,}|[^\W\d_][\w]*(?:['’\-][\w]+)*|\d+(?:[.,]\d+)*|\S", re.UNICODE)
_SENT_END = {".", "!", "?", "…", ":", ";"}
_OPENERS = set("\"'«»“”„‘’([{–—-•*")
_PURPOSE_LINKS = {"en": {"on"}, "es": {"para", "por", "contra"}, "pt": {"para", "por", "contra"}, "it": {"per", "contro"},
                  "fr": {"pour", "contre"}}




def _tokens(paragraph: str, offset: int) -> list[_Tok]:
    toks: list[_Tok] = []
    at_start = True
    for m in _TOKEN.finditer(paragraph):
        text = m.group()
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


def _given_not_demonym(word: str) -> bool:
    """"Jordi Ferrer", "Dani Carvajal": a common given name that only the suffix rule takes for a demonym."""
    return word.casefold() not in IRREGULAR_DEMONYMS and fold(word) in common_first_names()


def _lead_place(first: _Tok, language: str, lower_vocab: set[str]) -> bool:
    """A run's first word names a place, unless (in German) it is a noun that a small town shares ("Namen" for
    Namur, "Ende", "Bank"): "unter dem Namen Drina"."""
    place = place_for(first.text, language)
    return place is not None and not (
        rules_for(language).capitalises_nouns and _not_this_place(first.text, place, language, first.sent_start, lower_vocab))


def _particle_surname(words: list[_Tok], language: str) -> bool:
    """A capitalised name particle mid-sentence before one word the lexicon lacks is a Dutch, Flemish or Italian
    surname ("Di Rupo", "De Gucht"), not an article before a name."""
    first = words[0]
    return (len(words) == 2 and not first.sent_start and first.text[:1].isupper() and first.text.casefold() in
            _NAME_PARTICLES and _unknown_word(words[1].text, language) and not words[1].text.isupper())


def _sentence_stopword(first: _Tok, language: str) -> bool:
    """"Auch Rösler", "Dabei": a stop word opening a sentence, even one that is also a town's name (Auch, Gers)."""
    return first.sent_start and not first.text.isupper() and first.text.casefold() in _stopwords(language)


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
