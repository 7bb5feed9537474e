"""The mentions of a text in a script with capitals, found by the rules: runs trimmed and typed, names split where a run
glued two, bracketed acronyms, and the type a name takes from the names it is listed with."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import (
    _FACILITIES,
    _PLACE_HEADS,
    _QUOTES,
    _SPEECH_VERBS,
    CONNECTORS,
    Mention,
    _hyphen_title,
    _stopwords,
    _Tok,
)
from indexer.annotate.entities.gazetteer import (
    MONTHS_DAYS,
    NEVER_ALONE,
    NEVER_NAMES,
    PERSON_TITLES,
    country_codes,
    first_names,
    has_org_word,
    is_demonym,
    looks_like_acronym,
    org_for,
    place_for,
)
from indexer.annotate.entities.lang import rules_for
from indexer.annotate.entities.run_types import (
    _ATTRIBUTION,
    _after_person_bracket,
    _agency_dateline,
    _capitals_line_start,
    _fallback_type,
    _portfolio,
    _type_run,
)
from indexer.annotate.entities.runs import (
    _caps_words,
    _is_all_caps,
    _joined_place,
    _runs,
    _split_at_title,
    _tokens,
    _trim,
    _with_qualifier,
)
from indexer.annotate.entities.words import (
    _common_word,
    _country_code,
    _initials,
    _is_given,
    _lemma_name,
    _lexical_common,
    _unknown_word,
)
from indexer.text.names import fold

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
