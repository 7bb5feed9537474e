"""Named people, places and organisations in an article, merged per entity and keyed across articles.

Recognition is rule-based over capitalised word runs (runs.py finds where a name begins and ends and makes the
mentions, run_types.py types a run, with gazetteers and cue words deciding the type and ruling out
sentence starts, months, demonyms and titles). For Russian the natasha/slovnet tagger (tagger.py: a small model
shipped inside its PyPI wheel) finds the spans instead when it is installed; for Ukrainian, where that Russian-trained
model is weaker than the rules, only its organisation spans (which run on in lower case) are added. Han, kana and
Arabic text has no capitals, so there names come from the gazetteers alone (scripts.py). Everything after
recognition (the passes over all the article's mentions below, then merging.py: "Pavlo Kyrylenko" with "Kyrylenko",
"Security Service of Ukraine (SSU)" with "SSU", lemmatising inflected Slavic forms and building cross-article
keys) is shared by all languages; evidence.py decides which entities a facet shows.
"""

from __future__ import annotations

import os
import re

from indexer.annotate.entities import merging
from indexer.annotate.entities.core import (
    _DESCRIBED_BY_PLACE,
    _LOWERCASE_ORG_HEADS,
    _NAME_PARTICLES,
    _ORG_ADJECTIVE,
    _ORG_ADJECTIVE_BEFORE,
    _SPEECH_VERBS,
    CONNECTORS_BY_LANG,
    Guess,
    Mention,
    _stopwords,
    paragraph_offsets,
)
from indexer.annotate.entities.evidence import has_evidence, repeated
from indexer.annotate.entities.gazetteer import (
    MONTHS_DAYS,
    company_for,
    first_names,
    looks_like_acronym,
    org_for,
    person_for,
    place_for,
)
from indexer.annotate.entities.keys import _unrelated_small_town
from indexer.annotate.entities.lang import rules_for
from indexer.annotate.entities.lang.place_adjectives import adjective_mentions
from indexer.annotate.entities.merging import _cluster, _merge_same_key, _merge_short_forms, _to_entity
from indexer.annotate.entities.run_types import _lemma_name, _ordinary_word, _unknown_word
from indexer.annotate.entities.runs import _TOKEN, _is_all_caps, _rule_mentions
from indexer.annotate.entities.scripts import _script_mentions
from indexer.annotate.entities.tagger import _natasha_mentions, _with_tagger_orgs
from indexer.models import ENTITY_TYPES, Entity
from indexer.text.names import fold, skeleton


def extract_entities(paragraphs: list[str], language: str, title: str = "",
                     unconfirmed: list[Entity] | None = None) -> list[Entity]:
    """People, places and organisations named in an article, most mentioned first; `unconfirmed` gets the rest."""
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
    if language in _SURNAME_ENDINGS:
        mentions = _inflected_surnames(mentions, text, language, len(title) if weak_first else -1)
    if weak_first and _headline_case(title, language):
        mentions = _confirmed_title_mentions(mentions, title, language)
    _follow_qualified_places(mentions)
    _polish_base_forms(mentions, language, text)
    _link_bracketed_names(mentions, text, language)
    _surnames_not_towns(mentions, text)
    _towns_that_play(mentions, text)
    # a word in lower case in a script with capitals is no name, unless the gazetteer knows it: "dpa", "taz", and
    # a state's adjective before an institution ("российские власти": Russia's)
    mentions = [m for m in mentions if not (m.surface == m.surface.lower() and m.surface != m.surface.upper()) or (
        m.canonical or org_for(m.surface))]
    mentions = _not_works(mentions, text, language)
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
        if cl.type not in ENTITY_TYPES or _product(cl, text):
            continue
        if all(m.weak for m in cl.mentions) and (not cl.canonical or all(
                m.caseless and _ordinary_word(m.surface, language) and not _country_named(m.surface, cl.canonical)
                for m in cl.mentions)):  # ("TURKEY", "CHINA" name their countries; "ISLAND" is no "Ísland")
            continue  # (a line in capitals names a place only by a word that is no ordinary word: "ISLAND" is no Ísland)
        ent = _to_entity(cl)
        if ent.type == "organization" and fold(ent.name) in _BARE_INSTITUTIONS.get(language, ()):
            continue  # "il Governo", "le Gouvernement": the word alone does not say which
        first_seen[id(ent)] = min(m.start for m in cl.mentions)
        if has_evidence(cl.type, ent.name, cl.mentions, text, language):
            evidenced.add(id(ent))
        entities.append(ent)
    entities = _merge_short_forms(_merge_same_key(entities, first_seen, evidenced), evidenced)
    if unconfirmed is not None:  # and the runs nothing typed, as people (quotes.speakers; no German noun: "Namen")
        runs: dict[str, merging._Cluster] = {}
        for m in (m for m in mentions if m.type is None and not m.weak and (
                " " in m.surface or not rules.capitalises_nouns or _unknown_word(m.surface, language))):
            runs.setdefault(m.lemma or m.surface, merging._Cluster("person")).mentions.append(m)
        unconfirmed += [e for e in entities if id(e) not in evidenced and not repeated(e, language)] + [
            _to_entity(cl) for cl in runs.values()]
    entities = [e for e in entities if id(e) in evidenced or repeated(e, language)]
    entities.sort(key=lambda e: (-e.mentions, first_seen[id(e)]))
    return entities


# Institutions named by their kind alone. (Not Spanish: there "el Gobierno" is annotated as an organisation in
# CoNLL-2002, and dropping it costs 1.5 points of F1 on that set.)
_BARE_INSTITUTIONS = {"it": {"governo", "comune", "ministero", "consiglio comunale", "giunta"},
                      "es": {"gobierno", "estado", "ayuntamiento"},
                      "fr": {"gouvernement", "mairie", "ministere", "conseil municipal"},
                      "pt": {"governo", "ministerio", "camara municipal"}}

_PL_CASE_ENDINGS = ("a", "owi", "em", "iem", "u", "ie", "y", "ą", "ego", "emu", "m", "owie", "ów", "om")
# Endings a surname takes in running text, per language ("Reiters Plan", "z Nowakiem"); "" is the bare surname.
_SURNAME_ENDINGS = {"de": ("s",), "nl": (), "pl": _PL_CASE_ENDINGS, "cs": ("a", "ovi", "em", "e", "u"),
                    "sk": ("a", "ovi", "om", "e", "u")}
_DETERMINERS = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines", "het",
                "een", "dieser", "diese", "dieses", "jenes"}


_MODEL_WORDS = {"pro", "max", "ultra", "lite"}  # (not "Plus", "Mini", "One", which end broadcasters' and cars' names)
# a model number after a name ("RTX 3080"), not a score ("Nadal 6-4"), a table's row ("Ajax 5 4 1 0") or a date
_MODEL_NUMBER = re.compile(r"\s\d{1,4}[A-Za-z]{0,2}\b(?!\s*[-:–/]?\s*\d)(?:\s+([^\W\d_]+))?")


def _product(cl: merging._Cluster, text: str) -> bool:
    """A product, no person, place or organisation: its name ends in a model word ("Meta Quest Pro"), or the article
    writes it in Latin letters with a model number after it in most of its mentions, twice or more ("RTX 3080", "RTX
    3090", though a company may share its letters), outside lines of results. No typed person or known place is one."""
    if cl.type == "person" and not isinstance(cl.mentions[0].type, Guess) and not any(
            m.surface.split()[-1].casefold() in _MODEL_WORDS for m in cl.mentions) or cl.type == "place" and cl.canonical:
        return False
    if all(len(m.surface.split()) > 1 and m.surface.split()[-1].casefold() in _MODEL_WORDS for m in cl.mentions):
        return True
    numbered = sum(m.surface.isascii() and bool(hit := _MODEL_NUMBER.match(text, m.start + len(m.surface))) and (
        hit.group(1) or "").casefold() not in MONTHS_DAYS and not _RESULT_LINE.fullmatch(
        text, text.rfind("\n", 0, m.start) + 1, text.find("\n", m.start) % (len(text) + 1)) for m in cl.mentions)
    return numbered >= 2 and 2 * numbered > len(cl.mentions)


def _country_named(surface: str, canonical: str) -> bool:
    """The surface is a country's or a region's own English name, letter for letter ("TURKEY", "CHINA")."""
    place = place_for(canonical, "en")
    return place is not None and place.kind in ("country", "region") and fold(surface) == fold(place.name)


def _mark_caseless(mentions: list[Mention], texts: list[str]) -> None:
    """Mentions in a line set in capitals ("ATLANTIS PARADISE ISLAND AND DOLPHIN CAY DONATES …"): their words may
    be any words, so they count only where the article names them again in ordinary case."""
    spans = [(base, base + len(para)) for base, para in paragraph_offsets(texts) if _is_all_caps(_TOKEN.findall(para))]
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
            if any(len(m.surface) > len(word) and m.start < a for m in clash):
                continue  # inside a longer name: "Nowak Foundation" after the word stays the organisation's
            out = [m for m in out if m not in clash]
            out.append(Mention(word.rstrip("'’"), "person", a, weak=a < title_end, lemma=base))
            taken.append((a, b))
    return out


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
    place = place_for(phrase, language)
    return ("place", place.name) if place else None

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
                    not adjective.fullmatch(word)):
                break  # (after a link, a noun: "de la santé", "de la sécurité")
            else:
                linked, end = False, w.end()
            at, words = w.end(), words + 1
        if end > m.start + len(m.surface):
            m.surface, m.lemma, m.type = text[m.start : end], "", "organization"
            m.canonical = org_for(m.surface) or m.canonical


_OPEN_MARKS, _CLOSE_MARKS = "“„«‘‚\"'「『", "”“»’‘\"'」』"
_QUOTED_BEFORE = re.compile(rf"[{_OPEN_MARKS}]((?:[^\W\d_][\w'’\-]*\s+){{0,8}})$")
_QUOTED_AFTER = re.compile(rf"((?:\s+[^\W\d_][\w'’\-]*){{0,8}})[,.!?]?[{_CLOSE_MARKS}](?!\w)")
# a name after a noun for a work ("the film Dunkirk", "Nolan's film Dunkirk"; not the verb in "play Kuwait"), a name
# no list knows before one ("a Star Wars movie", not "a BBC film"), and one said to be one ("X is a dark comedy",
# "… was his best film yet"; not "a documentary filmmaker") are the work's title
_WORK_NOUNS = {"film", "movie", "documentary", "series", "sitcom", "show", "novel", "book", "memoir", "play", "musical",
               "opera", "album", "song", "game", "app", "podcast", "comedy", "drama", "thriller", "trilogy",
               "franchise", "sequel", "video"}
_WORD_BEFORE = re.compile(r"(?:\b(?:the|a|an|his|her|their|its|new|latest)|\w['’]s)\s+([a-z]+)\s+$")
_WORD_AFTER = re.compile(r"\s+([^\W\d_]+)")
_IS_A_WORK = re.compile(r"\s+(?:is|was)\s+(?:[a-z]+ly\s+)?(?:a|an|the|no|his|her|their|its)\s+(?:[\w\-]+,?\s+){0,4}?("
                        + "|".join(sorted(_WORK_NOUNS)) + r")\b(?:\s+(?:about|by|from|that|which|with|yet|in|of|"
                        r"and|to|for|on|starring)\b|\s*[^\w\s])")


def _not_works(mentions: list[Mention], text: str, language: str) -> list[Mention]:
    """Titles of works, which are no person, place or organisation, in English: a name the article calls a film, a
    book or a game ("the film Dunkirk", "Ingrid Goes West is a dark comedy": all its mentions are then the work), and a
    name it only ever writes inside a quoted title ("“Slack Water,” a novel", "“Super Mario Run”"), unless a gazetteer
    knows it. (Elsewhere quotation marks also set off company and newspaper names: «Исеть Девелопмент».)"""
    if not rules_for(language).quotes_mark_titles:
        return mentions
    stop = _stopwords(language)

    def quoted(m: Mention) -> bool:  # inside a quoted stretch of capitalised words, two or more
        before = _QUOTED_BEFORE.search(text, max(0, m.start - 120), m.start)
        after = before and _QUOTED_AFTER.match(text, m.start + len(m.surface))
        words = (before.group(1) + m.surface + after.group(1)).split() if after else []
        return len(words) >= 2 and all(w[:1].isupper() or len(w) <= 4 and w in stop for w in words)

    def called_work(m: Mention) -> bool:
        before, end = _WORD_BEFORE.search(text, max(0, m.start - 40), m.start), m.start + len(m.surface)
        after = _WORD_AFTER.match(text, end)
        return bool(before and before.group(1) in _WORK_NOUNS or _IS_A_WORK.match(text, end) or after and after.group(
            1) in _WORK_NOUNS and not (m.canonical or org_for(m.surface) or company_for(m.surface) or person_for(m.surface)
                                      or " " in m.surface and fold(m.surface.split()[0]) in first_names()))  # ("a Wes Anderson film")

    by_name: dict[str, list[Mention]] = {}
    for m in mentions:
        by_name.setdefault(fold(m.surface), []).append(m)
    works = {name for name, ms in by_name.items() if any(called_work(m) for m in ms) or all(
        quoted(m) for m in ms) and not any(
        m.canonical or m.type == "place" or org_for(m.surface) or person_for(m.surface) for m in ms)}
    return [m for m in mentions if fold(m.surface) not in works]


_REGION_WORDS = {"prefecture", "province", "oblast", "county", "region", "district", "state", "governorate"}


def _follow_qualified_places(mentions: list[Mention]) -> None:
    """After "Frankfurt (Oder)", a bare "Frankfurt" in the same article is that city, not Frankfurt am Main."""
    qualified = {}
    for m in mentions:
        if m.type == "place" and m.canonical and fold(m.canonical).split()[-1] in _REGION_WORDS:
            continue  # "Osaka Prefecture", "Lviv Oblast": the region, while a bare "Osaka" stays the city
        if m.type == "place" and m.canonical and (len(m.surface.split()) > 1 and "-" not in m.canonical or (
                "-на-" in m.surface)):
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
    for m in people:
        words = m.surface.split()
        out = []
        for w in words:
            base = lemma(w, language) or w
            if base == w or not base[:1].isupper():
                mates = [f for f in first_seen if len(f) >= 4 and _same_stem(f, w)]
                base = min(mates, key=lambda f: (len(f), first_seen[f])) if mates else w
            out.append(base)
        m.lemma = " ".join(out)


def _same_stem(a: str, b: str) -> bool:
    n = len(os.path.commonprefix([a.casefold(), b.casefold()]))
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
        if m.type != "place" or " " in m.surface or skeleton(m.surface) not in surnames:
            continue
        place = place_for(m.canonical or m.surface, "en")
        speaks = text[m.start + len(m.surface) :].split()[:1]
        if place is None or (place.kind == "city" and place.population < 500_000) or (
                speaks and speaks[0].casefold() in _SPEECH_VERBS):
            m.type, m.canonical, m.lemma = "person", None, ""


# the words before a side a match is played against, and those that list two sides ("gegen Bremen und Leverkusen")
_AGAINST = {"against", "gegen", "contra", "contre", "tegen", "contro", "vs", "v", "versus"}
_AND = {"and", "und", "y", "e", "et", "en", "or", "oder", "o", "ou", "of"}
_SCORE = re.compile(r"(?<![\d:.,])\d{1,2}\s?[:\-–]\s?\d{1,2}(?![\d:.,])")  # "0:2", "2-1", not "15:30:00", "2019-20"
_SENTENCE_END = re.compile(r"[.!?\n]")
_RESULT_LINE = re.compile(r"\s*[^\W\d_][^\d\n]*?\s\d{1,3}\s+[^\W\d_][^\d\n]*?\s\d{1,3}\s*")  # a line of results


def _towns_that_play(mentions: list[Mention], text: str) -> None:
    """A town a match is played against, in a sentence that gives the score, is its club: "lost 0:2 against
    Bremen", "gegen Bremen und Leverkusen … mit 0:2 und 0:1 verloren"; and so are the towns of a line of results,
    "Plymouth 4 Exeter 1" (a sports report names clubs by their towns)."""
    last_club_end = -1
    for m in sorted(mentions, key=lambda m: m.start):
        if m.type != "place" or " " in m.surface or (place := place_for(m.canonical or m.surface, "en")) is None or (
                place.kind != "city"):
            continue
        line_start, line_end = text.rfind("\n", 0, m.start) + 1, text.find("\n", m.start) % (len(text) + 1)
        if _RESULT_LINE.fullmatch(text, line_start, line_end):
            m.type, m.canonical, m.lemma = "organization", None, ""  # "Plymouth 4 Exeter 1"
            continue
        before = text[max(0, m.start - 20) : m.start].split()
        after = text[m.start + len(m.surface) : m.start + len(m.surface) + 20].split()
        listed = last_club_end >= 0 and text[last_club_end : m.start].strip(" ,").casefold() in _AND
        if not listed and not (before and before[-1].casefold().strip(".") in _AGAINST) and not (
                after and after[0].casefold().strip(".") in _AGAINST):
            continue
        start = max(text.rfind(c, 0, m.start) for c in ".!?\n") + 1  # (the sentence's start, without a scan from 0)
        end = _SENTENCE_END.search(text, m.start + len(m.surface))
        if _SCORE.search(text, start, end.start() if end else len(text)):
            m.type, m.canonical, m.lemma = "organization", None, ""
            last_club_end = m.start + len(m.surface)


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
