"""Ukrainian and Russian names that capitalisation alone cannot delimit or type.

Cyrillic institution names run on in lower case ("Господарського суду Харківської області", "Обласне управління
освіти у Волинській області"), so a run of capitals finds only their fragments. Here a head word that names a kind
of institution (суд, рада, управління, завод …) is widened by pymorphy's grammar: the adjectives before it and the
chain of genitives after it, plus "у <…> області". Quoted names («Промтехбуд»), company suffixes ("Лімітед", "Ltd"),
streets and named landscape features, regions in -щина, initials and surname-first names with a patronymic are
handled here too. For Russian, where natasha's tagger finds the spans, this module only adjusts them the way
factRuEval-style annotation (and a reader) would: the kind word before a name ("компании «Вымпелком»"), the
country after a ministry ("МИД России"), a bracketed acronym split off, a state adjective before an institution
("российские власти") taken as a mention of that state. merge_phrase_orgs() is the one entry point for rule or
tagger mentions; the rest are small helpers called from the recogniser (indexer.annotate.entities.tagger).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from indexer.annotate.entities.core import paragraph_offsets
from indexer.annotate.entities.gazetteer import first_names, place_for
from indexer.annotate.entities.inflection import (
    _HEAD_ENDINGS,
    _ORG_HEADS,
    _is_adj,
    _is_head,
    pl_adjective_stem,
)
from indexer.text.names import _morph, fold, readings

# Heads whose own name follows in quotes: "комунального підприємства «Парксервіс»".
_NAMED_KINDS = frozenset({"підприємство", "установа", "товариство", "організація", "об'єднання", "заклад",
                          "предприятие", "учреждение", "общество", "организация", "объединение"})
_PLACE_NOUNS = frozenset({"область", "район", "край", "округ", "областей"})
_IN_PREPS = frozenset({"у", "в", "по", "при"})
_AND = frozenset({"та", "і", "й", "и"})
_ART_CUES = frozenset("""
поема поемі поеми книга книги книжка книжку збірка збірки збірку роман роману вірш вірші віршів фільм фільму
пісня пісні газета газети газеті газетою журнал журналу журналі часопис часопису стаття статті рубрика рубрикою
проект проекту проєкт програма програми вистава вистави п'єса п'єси альбом альбому оповідання повість повісті
опера опери картина картини серіал серіалу передача передачі видання""".split())
_ORG_CUES = frozenset("""
компанія компанії компанію компанією фірма фірми фірму фірмою підприємство підприємства підприємству підряд
консорціум консорціуму консорціумом санаторій санаторію партія партії партією клуб клубу група групи групою
товариство товариства агрофірма агрофірми агрофірмі концерн концерну холдинг холдингу банк банку корпорація
корпорації забудовника забудовник філія філії філію база бази базі""".split())
COMPANY_WORDS = frozenset("""
лімітед лтд лтд. холдінгс холдингс холдинг трейдінг трейдинг треид трейд консалтінг консалтинг інвест інвестментс
менеджмент груп компані корпорейшн ltd ltd. limited llc inc inc. corp corp. gmbh ag sa plc holdings trading
group consulting invest management company corporation""".split())

_WORD = re.compile(r"[^\W\d_][\w'’ʼ.\-]*|\d+|«|»|\"|\S")


@dataclass
class Span:
    start: int
    end: int
    kind: str


@dataclass
class _W:
    text: str
    start: int
    end: int


def _words(para: str) -> list[_W]:
    out = []
    for m in _WORD.finditer(para):
        text = m.group()
        if len(text) > 2 and text.endswith(".") and text[:-1].lower() not in ("ім", "м", "вул"):
            # a sentence-final full stop is not part of the word
            out += [_W(text[:-1], m.start(), m.end() - 1), _W(".", m.end() - 1, m.end())]
        else:
            out.append(_W(text, m.start(), m.end()))
    return out


def _is_gen(word: str, language: str) -> bool:
    return any(("NOUN" in tag or "ADJF" in tag) and "gent" in tag for _l, tag in readings(word, language))


def _is_person_word(word: str, language: str) -> bool:
    """A given name, surname or patronymic ("Станіслав", "Анатолія"), not a city with a name-like reading."""
    parses = readings(word, language)
    if not parses or _is_adj(word, language):
        return False
    place = place_for(word, language)
    if place and place.population >= 100_000:
        return False
    names = first_names()
    return any(t in parses[0][1] for t in ("Name", "Surn", "Patr")) or any(
        "Name" in tag and fold(lemma) in names for lemma, tag in parses)


# Compound names of state bodies: "Мінфін", "Міноборони", "Держкомзем", "Укрзалізниця", "Кабмін", "Минюст".
_COMPOUND_ORG = re.compile(
    r"^(?:мін(?!ськ|ус|ерал|іма|істр|ливо|ьйон|ут|ет|ор$|ом|ув)|мин(?!ск|ус|ерал|има|истр|ут|ет|ор$)"
    r"|держ(?!ав)|укр(?!аї|аин|іп|ип|и|ыт|ыв|ощ|оп)|кабмін|кабмин|госдум|роском|росстат|росавиа|роснефт)"
    r"[а-яіїєґё'’]*$"
)


_COMPOUND_PREFIXES = frozenset({"мін", "мин", "дер", "укр", "каб", "гос", "рос"})


def _compound_org(word: str, language: str) -> bool:
    if not word[:1].isupper() or word.isupper() or word[:3].lower() not in _COMPOUND_PREFIXES:
        return False
    parses = readings(word, language)
    return bool(parses) and "NOUN" in parses[0][1] and not any(t in parses[0][1] for t in ("anim", "Name", "Surn")) \
        and len(parses[0][0]) >= 6 and bool(_COMPOUND_ORG.match(parses[0][0]))


def _sentence_start(words: list[_W], i: int) -> bool:
    return i == 0 or words[i - 1].text in (".", "!", "?", "…", ":", "—", "–", "-")


def _cap(word: str) -> bool:
    return word[:1].isupper()


def _right_edge(words: list[_W], j: int, language: str) -> int:
    """Index after the last word of the genitive chain and "у <…> області" that follow a head at j - 1."""
    n = len(words)
    steps = 0
    named_kind = any(lemma in _NAMED_KINDS for lemma, _t in readings(words[j - 1].text, language))
    while j < n and steps < 12:
        w = words[j].text
        low = w.lower()
        if w == "«" and not (named_kind and steps == 0):
            break  # "телеканал Лисичанської міськради «Акцент»": the quoted name is another organisation
        if w == "«":
            close = next((k for k in range(j + 1, min(n, j + 12)) if words[k].text == "»"), None)
            if close is None or j + 1 == close:
                break
            return close + 1
        if low in _IN_PREPS and j + 2 < n and words[j + 1].text[:1].isupper() and _is_adj(words[j + 1].text, language) \
                and any(lemma in _PLACE_NOUNS for lemma, _t in readings(words[j + 2].text, language)):
            j += 3
            steps += 3
            continue
        if low in ("м.", "ім.", "імені") and j + 1 < n and _cap(words[j + 1].text):
            j += 2
            steps += 2
            continue
        if low in _AND and j + 1 < n and words[j + 1].text[:1].islower() and _is_gen(words[j + 1].text, language):
            j += 1
            steps += 1
            continue
        if not w[:1].isalpha() or len(w) < 2 or not _is_gen(w, language):
            break
        if _cap(w) and _is_person_word(w, language):
            break
        j += 1
        steps += 1
    return j


_PROPER_ADJ = re.compile(r"(?:ськ|цьк|зьк|ск|цк)[а-яіїєґ]+$")


def _lower_head_before_name(words: list[_W], i: int, language: str) -> bool:
    """"тервідділення Антимонопольного комітету", "рад Тернопільщини": a lower-case head word that is plural or
    only describes the capitalised institution after it is not part of the name."""
    nouns = [t for _l, t in readings(words[i].text, language) if "NOUN" in t]
    if nouns and all("plur" in t for t in nouns):
        return True
    k = i + 1
    while k < len(words) and k - i <= 3 and (_cap(words[k].text) or k > i + 1) and _is_adj(words[k].text, language):
        k += 1
    return k > i + 1 and k < len(words) and _is_head(words[k].text, language)


def org_phrases(para: str, language: str) -> list[Span]:
    """Institution names built around a head word, with the gold standard's boundaries: capitalised adjectives
    before it, genitives and "у <…> області" after it. Only names with a capital beyond a sentence's first word."""
    if language not in ("uk", "ru") or _morph(language) is None:
        return []
    words = _words(para)
    out: list[Span] = []
    i = 0
    while i < len(words):
        w = words[i]
        if not w.text[:1].isalpha() or not (_is_head(w.text, language) or _compound_org(w.text, language)):
            i += 1
            continue
        a = i
        while a > 0 and i - a < 4 and words[a - 1].text[:1].isalpha() and _is_adj(words[a - 1].text, language) \
                and not _is_head(words[a - 1].text, language):
            a -= 1
        while a < i and not _cap(words[a].text):
            a += 1  # lower-case adjectives before the name are description, not name
        if a < i and _sentence_start(words, a) and not all(_cap(words[k].text) for k in range(a, i)) \
                and not _PROPER_ADJ.search(words[a].text):
            # "Колишнього слідчого Глибоцького відділення": a sentence's first word is capitalised anyway
            a = next((k for k in range(a + 1, i) if _cap(words[k].text)), i)
        if not _cap(w.text) and _lower_head_before_name(words, i, language):
            i += 1
            continue
        b = _right_edge(words, i + 1, language)
        if b == i + 1 and b < len(words) and words[b].text == "«":
            i += 1  # "Харківська компанія «Полевид»": the words before the quoted name only describe it
            continue
        caps = [k for k in range(a, b) if _cap(words[k].text) and not (
            k == a and _sentence_start(words, k) and not (k < i and _PROPER_ADJ.search(words[k].text)))]
        single_name = b - a == 1 and _cap(w.text) and not _sentence_start(words, i) and any(
            lemma.endswith(_HEAD_ENDINGS) and lemma not in _ORG_HEADS for lemma, _t in readings(w.text, language))
        quote_only = not _cap(words[a].text) and words[b - 1].text == "»"  # «ЄДАПС» alone is the name
        single_name = single_name or (b - a == 1 and _compound_org(w.text, language))
        if (b - a >= 2 and caps and not quote_only) or single_name:
            out.append(Span(words[a].start, words[b - 1].end, "organization"))
            i = b
        else:
            i += 1
    return out


_QUOTED = re.compile(r"«\s*([^«»\n]{1,70}?)\s*»")


def quoted_orgs(para: str) -> list[Span]:
    """Capitalised short names in «…» quotes that are not titles of works: companies, clubs, parties, hotels."""
    out = []
    for m in _QUOTED.finditer(para):
        inner = m.group(1)
        words = inner.split()
        if not inner[:1].isupper() or len(inner) < 2 or len(words) > 5 or inner.rstrip()[-1:] in "?!." or "," in inner:
            continue
        before = para[: m.start()].split()
        prev = before[-1].lower().strip(",:") if before else ""
        if prev in _ART_CUES:
            continue
        lower = [x for x in words if x[:1].islower() and len(x) > 3]
        if lower and prev not in _ORG_CUES:
            continue  # a lower-case phrase in quotes is a title or a quotation unless a company cue precedes it
        out.append(Span(m.start(1), m.start(1) + len(inner), "organization"))
    return out


def is_company_name(surface: str) -> bool:
    """"Каліндо Лімітед", "Tolexis Trading Limited": a company suffix makes an organisation of a name."""
    words = [w.lower().strip(".,") for w in surface.split()]
    return len(words) >= 2 and any(w in COMPANY_WORDS or w + "." in COMPANY_WORDS for w in words[1:])


def phrase_spans(texts: list[str], language: str) -> list[tuple[int, int, str, str]]:
    """(start, end, surface, kind) of institution, quoted and place names over the paragraphs joined by blank
    lines. Russian text gets place names only: its quotes name shows and products as often as firms, and the
    tagger finds its institutions better."""
    out: list[tuple[int, int, str, str]] = []
    for base, para in paragraph_offsets(texts):
        spans = place_phrases(para, language)
        if language == "uk":
            spans = org_phrases(para, language) + spans
            taken = [(s.start, s.end) for s in spans]
            spans += [q for q in quoted_orgs(para) if not any(a <= q.start and q.end <= b for a, b in taken)]
        out.extend((base + s.start, base + s.end, para[s.start : s.end], s.kind) for s in spans)
    return out


_PLACE_AFTER_ADJ = frozenset("""
парк острів море озеро річка гора затока півострів водосховище майдан площа сквер набережна долина океан
хребет пустеля узбережжя воєводство воеводство
парк остров море озеро река гора залив полуостров водохранилище площадь сквер набережная долина океан хребет
пустыня побережье
""".split())
_STREET = re.compile(
    r"\b(?:вулиц[яіею]|вул\.|проспект[іуом]?|просп\.|бульвар[іуом]?|бул\.|провулк[уом]|пров\.|площ[аіеу]|"
    r"улиц[аеуыю]|ул\.|площад[ьи]|пер\.|переулк[еау])\s*"
    r"[А-ЯІЇЄҐЁ][а-яіїєґё'’\-]+(?:\s+[А-ЯІЇЄҐЁ][а-яіїєґё'’\-]+)?(?:,?\s*\d+[а-яА-Я]?\b)?"
)


def place_phrases(para: str, language: str) -> list[Span]:
    """Street addresses ("вул. Паращука, 5", "вулиці Кірова") and named landscape features ("Маріїнського парку",
    "Віргінських островів", "Средиземного моря"): a capitalised adjective before a place noun."""
    if language not in ("uk", "ru") or _morph(language) is None:
        return []
    out = [Span(m.start(), m.end(), "place") for m in _STREET.finditer(para)]
    words = _words(para)
    for i in range(1, len(words)):
        low = words[i].text.lower()
        if not low[:1].isalpha() or low[:3] not in _PLACE_NOUN_PREFIXES:
            continue
        if not any(lemma in _PLACE_AFTER_ADJ for lemma, t in readings(low, language) if "NOUN" in t):
            continue
        a = i
        while a > 0 and i - a < 2 and _cap(words[a - 1].text) and _is_adj(words[a - 1].text, language):
            a -= 1
        if a < i and not _sentence_start(words, a) and not any(s.start <= words[a].start < s.end for s in out):
            out.append(Span(words[a].start, words[i].end, "place"))
    return out


_PLACE_NOUN_PREFIXES = frozenset(w[:3] for w in _PLACE_AFTER_ADJ)


def merge_phrase_orgs(mentions: list, texts: list[str], language: str, make) -> list:
    """Second pass over uk/ru mentions (objects with surface, type, start, canonical, lemma): complete people's
    names, add institution, quoted, place and region names (new mentions built by make(surface, start, kind,
    canonical)), drop the fragments found inside them and retype what the first pass got wrong."""
    _strip_roles(mentions, language)
    _extend_people(mentions, "\n\n".join(texts), language)
    _places_after_prepositions(mentions, "\n\n".join(texts), language)
    _places_after_kind_words(mentions, "\n\n".join(texts), language)
    _split_two_people(mentions, make, language)
    mentions += [make(surface, start, "place", country) for start, surface, country in state_adjectives(texts, language)]
    lands = land_names(texts, language)
    joined = "\n\n".join(texts)

    def at(m) -> tuple[int, str]:  # the tagger's mentions start one character late
        start = m.start if joined[m.start : m.start + len(m.surface)] == m.surface else m.start - 1
        return start, m.surface

    for m in mentions:
        if at(m) in lands:
            place = place_for(m.surface, language)
            m.type, m.canonical = "place", place.name if place else None
    known = {at(m) for m in mentions}
    for start, surface in sorted(lands - known):
        place = place_for(surface, language)
        mentions.append(make(surface, start, "place", place.name if place else None))
    spans = phrase_spans(texts, language)
    if not spans:
        for m in mentions:
            _retype(m, language)
        return mentions

    def bounds(m) -> tuple[int, int]:
        return m.start, m.start + len(m.surface)

    # "ТОВ «Пакт-3»" (legal form and quoted name) already is the whole name: nothing inside it is added.
    outer = [bounds(m) for m in mentions if m.type == "organization" and "«" in m.surface]
    spans = [x for x in spans if not any(a - 1 <= x[0] and x[1] <= b + 1 for a, b in outer)]

    def inside(m) -> bool:
        a, b = bounds(m)
        if (a, b) in outer:
            return False
        if any(s - 1 <= a and b <= e + 1 for s, e in outer):
            return True  # "Седна С" inside "ТОВ «Седна С»"
        for s, e, _t, kind in spans:
            if (a, b) == (s, e):
                return False  # the same name found twice: keep the one that may know its canonical form
            if s - 1 <= a and b <= e + 1:
                return True
            if kind == m.type == "organization" and a < e and s < b:
                return True  # the tagger's organisation with other boundaries
        return False

    kept = [m for m in mentions if not inside(m)]
    _trim_into(kept, [(s, e) for s, e, _t, _k in spans] + _region_spans(texts), language)
    for m in kept:
        _retype(m, language)
    have = {(m.start, m.surface) for m in kept}
    exact = {(s, surface): kind for s, _e, surface, kind in spans}
    for m in kept:
        if exact.get((m.start, m.surface), m.type) != m.type:
            m.type, m.canonical = exact[(m.start, m.surface)], None  # "Київради" is the city council, not Kyiv
    kept += [make(surface, s, kind) for s, _e, surface, kind in spans if (s, surface) not in have]
    return kept


_REGION_WORDS = re.compile(r"[А-ЯІЇЄҐ][а-яіїєґ'’\-]+(?:ськ|цьк|зьк|ск|цк)[а-яіїєґ]*(?:\s+(?:та|і|й)\s+[А-ЯІЇЄҐ][а-яіїєґ'’\-]+"
                           r"(?:ськ|цьк|зьк|ск|цк)[а-яіїєґ]*)?\s+(?:област|район|обл\.)[а-яіїєґ]*")


def _region_spans(texts: list[str]) -> list[tuple[int, int]]:
    return [(base + m.start(), base + m.end()) for base, para in paragraph_offsets(texts)
            for m in _REGION_WORDS.finditer(para)]


def _trim_into(mentions: list, spans: list[tuple[int, int]], language: str) -> None:
    """"Василівка Запорізької" (from "м. Василівка Запорізької області"): a capitalised run that runs into a
    region or institution name loses the words inside it, and what is left is typed again."""
    for m in mentions:
        if m.type == "person":
            continue
        a, b = m.start, m.start + len(m.surface)
        for s, e in spans:
            if a < s < b <= e + 1:
                head = re.sub(r"(?:\s+(?:та|і|й|и))+$", "", m.surface[: s - a].rstrip(" ,"))
                if not head:
                    break
                place = place_for(head, language)
                m.surface = head
                if place:
                    m.type, m.canonical = "place", place.name
                break


_COMPASS = ("західн", "східн", "північн", "південн", "центральн", "велик", "близьк", "середн", "далек", "мал",
            "запад", "восточн", "северн", "южн", "ближн", "средн", "дальн")


def _retype(m, language: str) -> None:
    """Second thoughts on a capitalised run's type: "Аспра Трейд Лімітед" is a company, "Близького Сходу" and
    "Західної України" are places, "Олену Четверикову" is a person."""
    words = m.surface.split()
    if m.type == "person" and is_company_name(m.surface):
        m.type = "organization"
    if m.type != "organization" or len(words) < 2 or len(words) > 3 or "«" in m.surface:
        return
    if any(_is_head(w, language) or w.isupper() for w in words) or is_company_name(m.surface):
        return
    if all(_is_adj(w, language) for w in words[:-1]) and words[0].lower().startswith(_COMPASS):
        place = place_for(words[-1], language)
        m.type, m.canonical = "place", None if not place or len(words) > 1 else place.name
        return
    if _is_person_word(words[0], language) and any(fold(lemma) in first_names()
                                                   for lemma, tag in readings(words[0], language) if "Name" in tag) \
            and all(w[:1].isupper() for w in words):
        m.type, m.canonical = "person", None


# Words that name the kind of an organisation and, in Russian news, stand right before its name.
_RU_DESCRIPTORS = frozenset("""
компания интернет-компания корпорация холдинг медиахолдинг медиагруппа группа агентство информагентство газета
издание журнал радиостанция телеканал канал банк фонд партия театр концерн оператор сеть соцсеть ведомство
организация движение ассоциация союз студия лейбл клуб издательство бюро концерн госкорпорация
авиакомпания ритейлер девелопер производитель университет институт музей галерея ресторан магазин сервис
еженедельник ежедневник таблоид нефтетрейдер трейдер поисковик
""".split())
_WORD_BEFORE = re.compile(r"([а-яё][а-яё\-]+)\s+[«\"„“]?\s*$")


_RU_PLACE_DESCRIPTORS = frozenset("""
восток запад север юг юго-восток юго-запад северо-восток северо-запад замок храм собор государство столица улица
проспект площадь деревня остров полуостров побережье
""".split())


def descriptor_start(text: str, start: int, language: str, kind: str = "organization") -> int | None:
    """Start of "компании «Вымпелком»", "агентства Reuters", "замке Эльмау", "востоке Украины": the lower-case
    kind word right before a Russian name, which factRuEval-style annotation counts as part of the name."""
    if language != "ru":
        return None
    m = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if not m:
        return None
    parses = readings(m.group(1), language)
    vocabulary = _RU_PLACE_DESCRIPTORS if kind == "place" else _RU_DESCRIPTORS
    if not (parses and "NOUN" in parses[0][1] and parses[0][0] in vocabulary):
        return None
    begin = m.start(1)
    for _ in range(2):  # "нефтяной компании «Русснефть»", "люксембургского медиахолдинга RTL Group"
        adj = re.search(r"([а-яё][а-яё\-]+)\s+$", text[max(0, begin - 40) : begin])
        if not adj or not any(t.startswith("ADJF") for _l, t in readings(adj.group(1), language)[:1]):
            break
        begin -= len(adj.group(0))
    return begin


_PATRONYMIC = re.compile(r"(?:ович|евич|ьович|йович|івн|ївн|овн|евн|ічн)[а-яіїєґ]*$")


def _is_patronymic(word: str, language: str) -> bool:
    return bool(_PATRONYMIC.search(word.lower())) or any("Patr" in t for _l, t in readings(word, language)[:2])


def _split_two_people(mentions: list, make, language: str) -> None:
    """"Леоніда Черновецького Вячеслава Супруненка": two people named side by side are two mentions. A given
    name after a given name and a surname starts the next person (unless it is a patronymic's given name)."""
    names = first_names()
    out = []
    for m in mentions:
        words = m.surface.split()
        cut = None
        if m.type == "person" and len(words) >= 3 and not any(w.endswith(".") or len(w) == 1 for w in words):
            for k in range(2, len(words)):
                given = any("Name" in t and fold(lemma) in names for lemma, t in readings(words[k], language))
                if given and not _is_patronymic(words[k], language) and _is_person_word(words[k - 1], language) \
                        and not any(_is_patronymic(w, language) for w in words[k:]):
                    cut = k
                    break
        if cut is None:
            out.append(m)
            continue
        head = " ".join(words[:cut])
        tail = " ".join(words[cut:])
        m.surface = head
        out.append(m)
        out.append(make(tail, m.start + len(head) + 1, "person"))
    mentions[:] = out


_INITIALS_BEFORE = re.compile(r"(?<![\w.])(?:[А-ЯІЇЄҐЁA-Z] ?\. ?){1,2}$")
_CAP_WORD_BEFORE = re.compile(r"(?<![\w.])([А-ЯІЇЄҐЁ][а-яіїєґё'’]+(?:-[А-ЯІЇЄҐЁ][а-яіїєґё'’]+)?) $")


def _extend_people(mentions: list, text: str, language: str) -> None:
    """Give people their full written name: initials before a surname ("Д . І . Менделєєва", "Т. Шевченко") and a
    surname before a given name and patronymic ("Харченко Світлана Юріївна")."""
    for m in mentions:
        if m.type != "person":
            continue
        start = m.start if text[m.start : m.start + len(m.surface)] == m.surface else m.start - 1
        if text[start : start + len(m.surface)] != m.surface:
            continue
        before = text[max(0, start - 12) : start]
        hit = _INITIALS_BEFORE.search(before)
        words = m.surface.split()
        if not hit and len(words) == 2 and _is_patronymic(words[-1], language):
            hit = _CAP_WORD_BEFORE.search(text[max(0, start - 30) : start])
            if hit and not any(t.startswith(("PREP", "CONJ")) or "Geox" in t
                               for _l, t in readings(hit.group(1), language)[:1]) and not any(
                    "Name" in t and fold(lemma) in first_names() for lemma, t in readings(hit.group(1), language)):
                hit = hit if not place_for(hit.group(1), language) else None
            else:
                hit = None
        if hit:
            width = len(hit.group(0))
            m.surface = text[start - width : start + len(m.surface)]
            m.start -= width


_BRACKETED_ACRONYM = re.compile(r"^(.*\S)\s*\(\s*([A-ZА-ЯЁ]{2,}|[А-ЯЁ][а-яё]*[А-ЯЁ][\w]*)$", re.DOTALL)
_COUNTRY_AFTER = re.compile(r"[ \u00a0]+([А-ЯЁ][а-яё]+|РФ|США|ЕС)\b")


def split_bracketed_acronym(surface: str) -> tuple[str, str] | None:
    """"Федеральной службы по тарифам (ФСТ": the tagger's span holds a name and its bracketed acronym."""
    m = _BRACKETED_ACRONYM.match(surface)
    return (m.group(1), m.group(2)) if m else None


def country_after(text: str, stop: int, language: str) -> int | None:
    """End of "МИД России", "Минэнерго РФ": a country in the genitive right after a Russian organisation's name
    belongs to that name (the country is also named on its own)."""
    if language != "ru":
        return None
    m = _COUNTRY_AFTER.match(text, stop)
    if not m:
        return None
    word = m.group(1)
    place = place_for(word, language)
    if word in ("РФ", "США", "ЕС") or (place and place.kind != "city" and place.population >= 1_000_000
                                     and any("gent" in t for _l, t in readings(word, language))):
        return m.end()
    return None


# Russian adjectives of a state, with the state's name: "российские власти" speak for Russia.
_STATE_ADJECTIVES = {
    "российск": "Россия", "американск": "США", "британск": "Великобритания", "украинск": "Украина",
    "французск": "Франция", "немецк": "Германия", "германск": "Германия", "китайск": "Китай", "японск": "Япония",
    "английск": "Англия", "итальянск": "Италия", "испанск": "Испания", "польск": "Польша", "шведск": "Швеция",
    "израильск": "Израиль", "белорусск": "Беларусь", "турецк": "Турция", "грузинск": "Грузия", "канадск": "Канада",
    "австрийск": "Австрия", "финск": "Финляндия", "швейцарск": "Швейцария", "сирийск": "Сирия",
    "иранск": "Иран", "индийск": "Индия",
}
# Nouns for a state's institutions and agents, after which its adjective names the state as an actor.
_STATE_ACTORS = _ORG_HEADS | frozenset("""
власть делегация газета издание телеканал посол ведомство госдепартамент сторона спецслужба разведка войско сила
министр президент премьер лидер дипломат чиновник законодатель кабинет миссия сборная команда медиахолдинг
представительство сеть соцсеть провайдер регулятор оппозиция пресса сми журнал оператор монополия госкомпания
""".split())
_RU_WORD = re.compile(r"[А-Яа-яЁё][а-яё\-]*")
_STATE_STEMS = tuple(_STATE_ADJECTIVES)


def state_adjectives(texts: list[str], language: str) -> list[tuple[int, str, str]]:
    """(start, surface, state) of "российские власти", "американская компания": factRuEval-style annotation, and
    a reader, take the adjective there for the state acting, so it counts as a mention of that place."""
    if language != "ru" or _morph(language) is None:
        return []
    out = []
    for base, para in paragraph_offsets(texts):
        words = list(_RU_WORD.finditer(para))
        for k, m in enumerate(words):
            w = m.group()
            if not w.startswith(_STATE_STEMS) or not w.islower():  # (one C call for every stem)
                continue
            stem = next(s for s in _STATE_ADJECTIVES if w.startswith(s))
            following = [readings(x.group(), language)[:1] for x in words[k + 1 : k + 3]]
            if any(p and p[0][0] in _STATE_ACTORS for p in following):
                place = place_for(_STATE_ADJECTIVES[stem], language)
                out.append((base + m.start(), w, place.name if place else _STATE_ADJECTIVES[stem]))
    return out


_CAP_CYR = re.compile(r"(?<![\w'’])[А-ЯІЇЄҐЁ][а-яіїєґё'’]{4,}")


_STATE_ACRONYMS = re.compile(r"(?<![\w-])(?:РФ|США|СРСР|СССР|УРСР|РСФСР|КНР|КНДР|ФРН|ФРГ|НДР|ГДР|ОАЕ|ОАЭ|ПАР|ЮАР)(?![\w-])")


def land_names(texts: list[str], language: str) -> set[tuple[int, str]]:
    """(start, surface) of historical lands and regions named after a town: "Харківщині", "Черкащини",
    "Донеччина" (a capitalised noun whose lemma ends in -щина/-ччина), and states written as acronyms ("РФ",
    "СРСР"), which the rules would otherwise take for organisations."""
    if language not in ("uk", "ru") or _morph(language) is None:
        return set()
    out = set()
    for base, para in paragraph_offsets(texts):
        out.update((base + m.start(), m.group()) for m in _STATE_ACRONYMS.finditer(para))
        for m in _CAP_CYR.finditer(para):
            if "щин" in m.group() or "ччин" in m.group():
                parses = readings(m.group(), language)
                if parses and "NOUN" in parses[0][1] and parses[0][0].endswith(("щина", "ччина")):
                    out.add((base + m.start(), m.group()))
    return out


def extend_org_end(text: str, start: int, stop: int, language: str) -> int:
    """End of a Russian organisation whose name runs on in lower case after the tagger's span: "Всероссийскому
    совету местного самоуправления", "департамента культуры Москвы"."""
    if language != "ru":
        return stop
    last = max(start, text.rfind(" ", start, stop) + 1)
    window = text[last : min(len(text), stop + 160)].split("\n", 1)[0]
    words = _words(window)
    if not words or not _is_head(words[0].text, language):
        return stop
    end = _right_edge(words, 1, language)
    return last + words[end - 1].end if end > 1 else stop


_PREP_BEFORE = re.compile(r"(?<![\w'’])(?:у|в|до|з|із|зі|біля|під|поблизу|через)\s+$")


def _places_after_prepositions(mentions: list, text: str, language: str) -> None:
    """"до Лимана", "в Чугуєві", "з Черкас": a town whose name looks like a surname is a place after a
    preposition of place (the gazetteer must know it, and it must not read as a given name)."""
    if language != "uk":
        return  # the Russian tagger already reads these from context
    names = first_names()
    for m in mentions:
        if m.type != "person" or " " in m.surface:
            continue
        start = m.start if text[m.start : m.start + len(m.surface)] == m.surface else m.start - 1
        if not _PREP_BEFORE.search(text[max(0, start - 8) : start]):
            continue
        place = place_for(m.surface, language)
        if place and not any("Name" in t and fold(lemma) in names for lemma, t in readings(m.surface, language)):
            m.type, m.canonical = "place", place.name


def polish_place_name(surface: str) -> bool:
    """A known place followed by adjectives only names a place: "Warszawa Centralna" (a station)."""
    words = surface.split()
    return len(words) >= 2 and pl_adjective_stem(words[0]) is None and place_for(words[0], "pl") is not None and all(
        pl_adjective_stem(w) is not None for w in words[1:])


def polish_common_noun(word: str) -> bool:
    """The word is an inflected common noun ("Mieście" → miasto, "Góry" → góra), so no part of a person's name."""
    from indexer.text.lemmas import lemma

    low = word.lower()
    found = lemma(low, "pl")
    return found != low and found.islower() and pl_adjective_stem(word) is None


def _role_noun(word: str, language: str) -> bool:
    """A capitalised common noun for a person ("Гідролог", "Лікарка", "Директорка"): every reading is a known
    animate noun and none a name, so it is the role that opens a sentence, not part of a name."""
    parses = readings(word, language)
    morph = _morph(language)
    if not parses or not word[:1].isupper() or word.isupper() or morph is None or not morph.word_is_known(word.lower()):
        return False
    return "anim" in parses[0][1] and "plur" not in parses[0][1] and all(
        "NOUN" in t and not any(x in t for x in ("Name", "Surn", "Patr", "Geox", "Orgn")) for _l, t in parses)


def _strip_roles(mentions: list, language: str) -> None:
    """"Гідролог Йонас Альбрехт" is the person Йонас Альбрехт; "Лікарка екстреної медицини" (before a name) is a
    role, not an organisation: no institution's name begins with a noun for a single person."""
    for m in mentions:
        words = m.surface.split()
        if len(words) >= 2 and m.type in ("person", "organization") and _role_noun(words[0], language):
            m.surface = " ".join(words[1:])
            m.start += len(words[0]) + 1
            m.lemma = " ".join(m.lemma.split()[1:]) if len(m.lemma.split()) == len(words) else ""


# Nouns for a kind of place, after which a name is that place's: "канала Булак", "села Жовква".
_PLACE_KINDS = _PLACE_AFTER_ADJ | frozenset("""
канал річка река вулиця улица село деревня місто город селище посёлок станція станция острів остров район
""".split())
_GEO_ADJ_BEFORE = re.compile(r"(?<![\w'’])[а-яіїєґё'’]+(?:ськ|цьк|зьк|ск|цк)(?:их|ого|ому|ій|ої|ий|ая|ое|ой|ом|ым)\s+$")


def _places_after_kind_words(mentions: list, text: str, language: str) -> None:
    """A lone capitalised word after a noun for a kind of place ("у канала Булак") or after a place adjective
    ("навпроти польських Слубиць") names a place, not a person."""
    for m in mentions:
        if m.type != "person" or " " in m.surface or getattr(m, "person_cue", False):
            continue
        start = m.start if text[m.start : m.start + len(m.surface)] == m.surface else m.start - 1
        before = text[max(0, start - 30) : start]
        prev = before.split()[-1] if before.split() else ""
        kind_word = prev.islower() and any(lemma in _PLACE_KINDS for lemma, t in readings(prev, language) if "NOUN" in t)
        given = any("Name" in t for _l, t in readings(m.surface, language))
        if kind_word or (_GEO_ADJ_BEFORE.search(before) and not given):
            place = place_for(m.surface, language)
            m.type, m.canonical = "place", place.name if place else None
