"""Where a name begins and ends, and the mentions the rules find: the article's tokens, the runs of capitals bridged by
connectors, titles, months, demonyms and sentence-initial common words trimmed off a run's edges; then each run
typed (run_types.py), names a run glued together split, bracketed acronyms, and the type a name takes from a list."""

from __future__ import annotations

import re
from functools import cache

from indexer.annotate.entities.core import (
    _EXTRA_STOP,
    _FACILITIES,
    _NAME_PARTICLES,
    _PLACE_HEADS,
    _PLACE_TAILS,
    _QUOTES,
    _SPEECH_VERBS,
    CONNECTORS,
    CONNECTORS_BY_LANG,
    Inferred,
    Mention,
    _hyphen_title,
    _is_cap,
    _is_title,
    _lexicon,
    _stopwords,
    _Tok,
    paragraph_offsets,
)
from indexer.annotate.entities.gazetteer import (
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
    looks_like_acronym,
    org_for,
    person_for,
    place_for,
    place_index,
)
from indexer.annotate.entities.lang import rules_for
from indexer.annotate.entities.run_types import (
    _after_person_bracket,
    _agency_dateline,
    _capitals_line_start,
    _common_word,
    _country_code,
    _fallback_type,
    _initials,
    _is_given,
    _lemma_name,
    _lexical_common,
    _not_this_place,
    _notable_place,
    _ordinary_word,
    _org_word,
    _type_run,
    _unknown_word,
)
from indexer.text.names import fold

_TOKEN = re.compile(r"\b[A-ZА-ЯІЇЄҐ]\.(?=\s?[A-ZА-ЯІЇЄҐ][a-zа-яіїєґ])|\b(?:[LlDdJjMmnSsTtCc]|N(?!['’][A-Z])|[Qq]u)['’](?=\w)|\b(?:[DdNnSs]?[Aa]ll|[Dd]ell|[Dd]egl|[Nn]ell|[Ss]ull|[Cc]oll)['’](?=\w)|(?:[^\W\d_]\.){2,}|[^\W\d_][\w]*(?:['’\-][\w]+)*|\d+(?:[.,]\d+)*|\S", re.UNICODE)
# Han and kana text glues a Latin name to the characters around it ("公司DeepMind开发"): there a word ends where the
# script changes (a second pattern, so that text without Han pays nothing for it)
_HAN_KANA = "\u3040-\u30ff\u3400-\u9fff"
_HAN_TEXT = re.compile(f"[{_HAN_KANA}]")
_HAN_TOKEN = re.compile(_TOKEN.pattern.replace(r"[^\W\d_][\w]*(?:['’\-][\w]+)*", rf"[{_HAN_KANA}]+|[^\W\d_{_HAN_KANA}]"
                                               rf"[^\W{_HAN_KANA}]*(?:['’\-][^\W{_HAN_KANA}]+)*"))
_SENT_END = {".", "!", "?", "…", ":", ";"}
_OPENERS = set("\"'«»“”„‘’([{–—-•*")
_PURPOSE_LINKS = {"en": {"on"}, "es": {"para", "por", "contra"}, "pt": {"para", "por", "contra"}, "it": {"per", "contro"},
                  "fr": {"pour", "contre"}}


def _tokens(paragraph: str, offset: int) -> list[_Tok]:
    toks: list[_Tok] = []
    at_start, end, lines = True, 0, "\n" in paragraph
    for m in (_HAN_TOKEN if _HAN_TEXT.search(paragraph) else _TOKEN).finditer(paragraph):
        text = m.group()
        if lines and paragraph.find("\n", end, m.start()) >= 0:
            at_start = True  # a line break ends a name: a list of names, one a line ("Elliot Ackerman<br>Saladin Ambar")
        end = m.end()
        toks.append(_Tok(text, at_start, offset + m.start(), len(toks)))
        at_start = text in _SENT_END or at_start and (text in _OPENERS or text.isdigit())
    return toks


def _is_all_caps(words: list[str]) -> bool:
    words = [w for w in words if len(w) > 1 and w.isalpha()]
    return len(words) >= 2 and sum(w.isupper() for w in words) / len(words) > 0.6


def _runs(toks: list[_Tok], language: str) -> list[tuple[int, int]]:
    """Maximal stretches of capitalised tokens, bridged by connectors that are followed by one more."""
    rules = rules_for(language)
    connectors = CONNECTORS_BY_LANG.get(language, _NAME_PARTICLES)
    runs, i, n = [], 0, len(toks)
    while i < n:
        if not _is_cap(toks[i].text):
            i += 1
            continue
        j = i + 1
        while j < n and not rules.closes_run(toks, j):
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
        j += _lower_head(toks, i, j, language)
        i = rules.run_start(toks, i)
        runs.append((i, j))
        i = j
    return rules.split_runs(toks, runs)


# The head nouns of organisations and facilities that English writes in lower case after a name.
_LOWER_HEADS = {"en": {"police", "hospital", "council", "constabulary", "infirmary"}}


def _lower_head(toks: list[_Tok], start: int, end: int, language: str) -> int:
    """1 when the run toks[start:end] and the lower-case head noun after it are one name ("West Mercia police",
    "Royal Shrewsbury hospital"), else 0: not when the name is one of its own, a place, a people, a body or a person
    ("Tokyo police", "Israeli police": the noun only says which of its institutions), nor when a noun follows the
    head ("Broadcastify police scanner")."""
    if end >= len(toks) or toks[end].text not in _LOWER_HEADS.get(language, ()) or (
            toks[start].sent_start and end - start == 1):
        return 0
    text, after = " ".join(t.text for t in toks[start:end]), toks[end + 1].text if end + 1 < len(toks) else "."
    return int(not (_known_name(text, language) or is_demonym(text)) and (not after.isalpha() or (
        after.casefold() in _stopwords(language) | _SPEECH_VERBS)))


_AND = {"and", "und", "et", "y", "e", "en", "i", "og", "och", "és"}
_COMPLEMENT_LINKS = {"of", "for", "on", "für", "von", "de", "des", "du", "pour", "para", "per", "di", "voor", "dla"}


def _across_and(toks: list[_Tok], start: int, end: int, k: int, language: str) -> int:
    """Where an organisation's or a facility's name goes on across "and" (else `end`): its complement may be two
    things ("Center for Health and Human Rights", "Kommission von ARD und ZDF", "Ministry of Trade and Industry"),
    and its head may close two ("Spay and Neuter Clinic") or open them ("Asociación Bienestar y Desarrollo")."""
    n = len(toks)
    before = [t.text for t in toks[start:end]]
    if k > end and k + 2 < n and toks[end].text.casefold() in _COMPLEMENT_LINKS and _is_cap(toks[k].text) and (
            toks[k + 1].text in _AND and _is_cap(toks[k + 2].text) and not toks[k + 2].sent_start) and _org_word(
            before, language) and not (_names_place(toks[k].text, language) or _names_place(toks[k + 2].text, language)):
        return k + 3  # (but "the Council of Europe and NATO" are two)
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
        after, head = " ".join(t.text for t in toks[end + 1:stop]), [w for w in before if w.casefold() not in (
            _stopwords(language))]
        if len(head) >= 2 and stop - end == 2 and has_org_word(head[:1]) and all(map(_is_cap, head)) and not (
                has_org_word(after.split()) or _names_place(after, language) or org_for(after) or company_for(after) or (
                    person_for(after)) or " " in after and (
                    fold(after.split()[0]) in first_names())):  # (but "the Foundation Trust and Google", "… and Mark Carney")
            return stop  # a body named for two things: "Asociación Bienestar y Desarrollo", "Fundación Ayuda y Esperanza"
    return end


def _names_place(word: str, language: str) -> bool:
    """A notable place, unless it is an ordinary word of the language that names the place only by another of its
    names ("Drug", an old name of Durg, in "Centre for Drugs and Drug Addiction")."""
    place = place_for(word, language)
    return _notable_place(word, language) and not (
        place is not None and _ordinary_word(word, language) and fold(word)[:3] != fold(place.name)[:3])


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
            org_for(first.text) or _lead_place(first, language, lower_vocab) or _opens_organisation(words, language)
        ) and not rules.keeps_first_word(words, cue) or _sentence_stopword(first, language):
            words = words[1:]
        elif len(words) > 1 and looks_like_acronym(words[-1].text) and org_for(words[-1].text) and all(
                _lexical_common(w.text, language) for w in words[:-1]):
            words = words[-1:]  # "the 11th District GOP": a known acronym after ordinary words is the name
        elif is_demonym(first.text) and not (len(words) > 1 and (_org_word([w.text for w in words[1:]], language) or (
                words[-1].text.casefold() in _PLACE_TAILS))) and (
                not (len(words) > 1 and (_given_not_demonym(first.text) or rules.given_not_demonym(first.text)))) and (
                not rules.demonym_in_name(words)):
            words = words[1:]
        else:
            break
    while words and not _known_whole(words, language):  # ("Landkreis Pfaffenhofen an der Ilm": the town whole)
        low = words[-1].text.casefold().strip(".")
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


def _opens_organisation(words: list[_Tok], language: str) -> bool:
    """A capitalised word mid-sentence that opens a run ending in an organisation's word or acronym is the first
    word of that organisation's name ("director of Right Women PAC", "Common Cause Party"), not an adverb or
    adjective before it; only the language's function words ("the", "in") stay outside. (Where every noun takes a
    capital, as in German, the capital says nothing of the name.)"""
    first, last = words[0], words[-1].text
    if len(words) > 1 and last in _LOWER_HEADS.get(language, ()):
        return first.text.casefold() not in _EXTRA_STOP  # "West Mercia police" opening a sentence too
    return len(words) > 1 and not first.sent_start and first.text.casefold() not in _EXTRA_STOP and not (
        rules_for(language).capitalises_nouns) and (
        _org_word([last], language) or looks_like_acronym(last))


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
        if (low in lex or low in _stopwords(language)) and low not in CONNECTORS and not (
                _known_name(word, language) or fold(word) in first_names()):
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
        if org or place or len(head) == 1 and text.isalpha() and looks_like_acronym(text) and fold(
                rest[0].text) in common_first_names():  # an acronym before a given name: "przewodnicząca KE Ursula …"
            mentions.append(Mention(text, "place" if place else "organization", head[0].index,
                                    org or place and place.name, weak=headline))
            words, given = rest, given[i:]
        elif plain_name and not has_org_word([w.text for w in head]) and not _lexical_common(rest[0].text, language) \
                and not any(w.text.casefold() in CONNECTORS | NEVER_ALONE | _PLACE_HEADS for w in head):
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
    all_toks = [rules.tokens(_tokens(p, offset), p, offset) for offset, p in paragraph_offsets(paragraphs)]
    lower_vocab = {t.text.casefold() for toks in all_toks for t in toks if t.text[:1].islower()}
    mentions: list[Mention] = []
    guessed: set[int] = set()  # persons typed by default only, open to the type of their list neighbours
    for pi, toks in enumerate(all_toks):
        in_capitals = _is_all_caps([t.text for t in toks])
        headline = (weak_first and pi == 0) or in_capitals
        for t in toks:
            if t.text.islower() and len(t.text) <= 4 and org_for(t.text):
                mentions.append(Mention(t.text, "organization", t.index, org_for(t.text), weak=headline))  # "dpa"
        mentions.extend(Mention(road, "place", at, weak=headline) for road, at in rules.roads(toks))
        qualified_until = 0  # "Frankfurcie nad Odrą", "Frankfurt (Oder)": the qualifier is no name of its own
        runs = _runs(toks, language)
        if rules.team_names:
            runs = [part for a, b in runs for part in _split_at_title(toks, a, b)]
        # wire copy sets headlines and slugs in capitals ("SOCCER - ..."), and a story may set a few words in them
        # for stress ("a las 11, UNA HORA ANTES de la sesión")
        runs = [part for a, b in runs for part in (_caps_words(toks, a, b, language) if in_capitals or all(
            t.text.isupper() and len(t.text) > 1 for t in toks[a:b]) else [(a, b)])]
        for a, b in runs:
            if a < qualified_until:
                continue
            words, cue = _trim(toks[a:b], language, lower_vocab)
            if not words:
                words = _acronym_named_run(toks, a, b, language)
            if not words:
                lone = toks[a].text
                titled = lone.casefold() in PERSON_TITLES  # "arbeitet Dr. Sboui": the title leads to a name
                kind = rules.listed_name(toks, a) if b - a == 1 and not titled else None
                if rules.team_names and b - a == 1 and _agency_dateline(toks, b):
                    kind = "place"  # "Alcañiz, 3 mar (EFE)": the town the story was filed from, though also a word
                if kind:  # "sagte Merkel", "Chemiekonzern Bayer"
                    mentions.append(Mention(lone if b - a == 1 else " ".join(t.text for t in toks[a:b]), kind,
                                            toks[a].index, weak=headline))
                    continue
                if b - a == 1 and lone.casefold() not in _stopwords(language) and lone.casefold() not in (
                        MONTHS_DAYS | NEVER_NAMES | NEVER_ALONE) and not titled and not is_demonym(lone):
                    # A sentence-initial word that may still be a surname named earlier ("Scholz sagte").
                    mentions.append(Mention(lone, None, toks[a].index, weak=headline))
                continue
            words = rules.split_portfolio(words, toks, mentions, headline)  # "Financiën Didier Reynders"
            words = _split_glued(words, toks, language, lower_vocab, headline, mentions)
            if rules.apposition_head([w.text for w in words]):
                words = words[1:]  # "Nachrichtenagentur Xinhua", "Softwareanbieter SAF AG": the noun says what it is
            words = rules.split_institution(words, mentions, headline)
            if not words:
                continue
            words, spelled = _spelled_by_acronym(words, toks, language)
            start = words[0].pos
            prev = toks[start - 1].text if start > 0 else ""
            if prev in _QUOTES and start > 1 and rules.apposition_noun(toks[start - 2].text):
                prev = toks[start - 2].text  # the noun before a quoted name: "der Zeitschrift « Super Illu »"
            title = toks[start - 1] if start else None  # (an abbreviated title keeps its full stop: "Dr. Abed")
            if title and title.text == "." and start > 1 and len(toks[start - 2].text) <= 4 and (
                    toks[start - 2].text.casefold() not in _PLACE_HEADS):  # ("St. Louis" is a town)
                title = toks[start - 2]
            if cue is False and title and (title.text.casefold().strip(".") in PERSON_TITLES
                                           or _hyphen_title(title.text.casefold())):
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
            kind, canonical = rules.retype(texts, kind, canonical, toks, start, prev, cue)
            surface = re.sub(r"(?<=\w['’]) ", "", " ".join(texts))  # "Ministero dell'Interno", "Musée d'Orsay"
            if kind == "":
                continue
            mentions.append(Mention(surface, kind, words[0].index, canonical, weak=headline, person_cue=cue))
            if kind is None and rules.team_names:
                mentions[-1].fallback = _fallback_type(texts, prev, nxt, words[0].sent_start or headline, language)
            if kind == "person" and not (canonical or cue or fold(texts[0]) in first_names() or (
                    rules.given_name(texts[0])) or person_for(surface)  # (a known person is no guess: "Obama")
                                         or nxt.casefold() in _SPEECH_VERBS):
                guessed.add(id(mentions[-1]))
            # "Security Service of Ukraine (SSU)": the bracketed acronym is another name for the run.
            if end + 2 < len(toks) and toks[end].text == "(" and toks[end + 2].text == ")" and (
                    looks_like_acronym(toks[end + 1].text) or spelled):
                code = toks[end + 1].text
                if spelled and org_for(code) and kind != "person":  # "… informatique et libertés (CNIL)"
                    mentions[-1].type, mentions[-1].canonical = "organization", org_for(code)
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


def _spelled_by_acronym(words: list[_Tok], toks: list[_Tok], language: str) -> tuple[list[_Tok], bool]:
    """The stretch an acronym in brackets after the run spells is the name: it may start after a connector inside
    the run ("en la Ventanilla de la Dirección General de Registro (DGR)") and go on through lower-case words to the
    bracket ("Commission nationale informatique et libertés (CNIL)"). The run as it was when no start spells it;
    and whether the acronym spells what is returned."""
    end = gap = words[-1].pos + 1
    while gap < len(toks) and gap - end < 6 and toks[gap].text[:1].isalpha() and not toks[gap].sent_start:
        gap += 1
    if gap + 2 >= len(toks) or toks[gap].text != "(" or toks[gap + 2].text != ")" or not (
            toks[gap + 1].text.isalpha() and toks[gap + 1].text[:1].isupper() and len(toks[gap + 1].text) > 2):
        return words, False
    span, code = words + toks[end:gap], fold(toks[gap + 1].text).replace(" ", "")
    function = _stopwords(language) | CONNECTORS
    for i in range(len(words)):
        if (i == 0 or words[i - 1].text.casefold() in CONNECTORS) and _spells(code, [
                fold(t.text).replace(" ", "") for t in span[i:]], function):
            return span[i:], True
    return words, False


def _spells(code: str, words: list[str], function: frozenset[str] | set[str]) -> bool:
    """Whether the acronym takes, in order, a beginning of each word, and of a function word its initial or nothing
    ("DIGERPI": DIrección GEneral de Registro de Propiedad Industrial)."""
    @cache  # (each (letter, word) pair once: a run of function words cannot make it exponential)
    def match(c: int, w: int) -> bool:
        if w == len(words):
            return c == len(code)
        word = words[w]
        if word in function and match(c, w + 1):
            return True
        return any(code[c:c + n] == word[:n] and match(c + n, w + 1)
                   for n in range(1, min(len(word), len(code) - c) + 1))
    return bool(words) and words[0] not in function and match(0, 0)


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


def _coordinated_untyped(mentions: list[Mention], text: str, language: str) -> None:
    """An untyped name listed with typed ones takes their type: "Repsol , Cepsa y BP", "Putin y Lukashenko"."""
    conj = _COORDINATION[language]
    separator = re.compile(rf"\s*(?:,\s*)?(?:(?:{conj})\s+)?")
    if rules_for(language).coordination_needs_conjunction:  # (not a bare comma, which also adds a place)
        separator = re.compile(rf"\s*(?:,\s*)?(?:{conj})\s+")
    for a, b, a_first in _listed_pairs(sorted(mentions, key=lambda m: m.start), text, separator):
        kind = a.type or a.fallback
        if b.type is None and kind and (_unknown_word(b.surface, language) and "-" not in b.surface or b.fallback) and (
                kind != "place" or a_first):  # (not "( Fiorentina , Italy )": a club and its country)
            b.fallback = kind


def _listed_pairs(ordered: list[Mention], text: str, separator: re.Pattern):
    """(a, b, whether a comes first) for two neighbours of a list ("A, B und C"), each way round, twice over: a
    type travels along the list in both directions."""
    for _ in range(2):
        for a, b in [*zip(ordered, ordered[1:], strict=False), *zip(ordered[1:], ordered, strict=False)]:
            first, second = (a, b) if a.start < b.start else (b, a)
            between = text[first.start + len(first.surface) : second.start]
            if between.strip() and separator.fullmatch(between):
                yield a, b, a is first


_COORDINATION = {"de": r"und|oder|sowie", "en": r"and|or", "es": r"y|e|o", "nl": r"en|of", "fr": r"et|ou",
                 "it": r"e|ed|o", "pt": r"e|ou"}


def _coordinated_types(mentions: list[Mention], guessed: set[int], text: str, language: str) -> None:
    """Names in one list are of one kind: "Degussa, Steag und RAG", "Boesby, Holzdorf und Söby". A name typed as a
    person only by default takes the type of a place or organisation it is listed with; a name typed a place only by
    the preposition before the list ("from Zotac, Asus and MSI") the type of an organisation."""
    conj = _COORDINATION.get(language)
    guessed |= {id(m) for m in mentions if isinstance(m.type, Inferred)}
    if not guessed or not conj:
        return
    separator = re.compile(rf"\s*(?:,\s*)?(?:(?:{conj})\s+)?")
    for a, b, _a_first in _listed_pairs(sorted((m for m in mentions if m.type), key=lambda m: m.start), text, separator):
        if id(b) in guessed and id(a) not in guessed and a.type in ("place", "organization") and a.type != b.type:
            b.type = str(a.type)  # (the list says what it is, even of a name typed by assumption)
            guessed.discard(id(b))
