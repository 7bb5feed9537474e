"""Cross-article keys: entity_key for an entity, speaker_key for a quote's speaker.

The store, the index and the web app call these (through indexer.annotate.entities) to give one value to every
spelling of a name across articles and scripts; the recogniser calls entity_key for the entities it finds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from indexer.annotate.entities.core import _LOWERCASE_ORG_HEADS, _NO_CASE_SCRIPT, CONNECTORS
from indexer.annotate.entities.gazetteer import (
    PERSON_TITLES,
    all_people,
    first_names,
    has_org_word,
    is_demonym,
    org_for,
    person_for,
    place_for,
    place_index,
    script_index,
)
from indexer.annotate.entities.lang import ar as arabic_names
from indexer.annotate.entities.lang import de as german
from indexer.annotate.entities.lang import zh
from indexer.text.names import fold, given_key, initial_letter, is_cyrillic, lemma_for, skeleton

ROLE_DETERMINERS = frozenset("the a an der die das dem den des ein eine einem einen einer le la les un une el los "
                             "las il lo gli uno una het een".split())


_GERMAN_DETERMINERS = frozenset("der die das dem den des ein eine einem einen einer".split())


def speaker_key(name: str | None) -> str | None:
    """The facet key of a quote's speaker, or None for a role ("the mayor", "a Russian commander", "die
    Gewerkschaft", "l'agence"): a role is a different person in every article, so it must not become one value."""
    if not name or not name.strip():
        return None
    words = name.replace("’", "'").split()
    first = words[0].casefold()
    if first.startswith("l'") and len(first) > 2:
        first, words = "la", ["la", first[2:], *words[1:]]
    if first in ROLE_DETERMINERS:
        rest = words[1:]
        if not any(w[:1].isupper() and not is_demonym(w) for w in rest) or (first in _GERMAN_DETERMINERS and len(rest) == 1):
            return None
        if "," not in name and _office_of_a_body(rest, first in _GERMAN_DETERMINERS):
            return None  # "la enviada especial de la ONU", "der Sprecher der Deutschen Bahn": an office, not a name
    elif words[0][:1].islower() and first not in CONNECTORS:
        return None  # "prezydent miasta", "a spokeswoman": an office written as words
    if _caseless_role(words):
        return None
    if org_for(name) or has_org_word(words) or _speaking_body(words):
        return entity_key(name, "organization")  # "Ayuntamiento de Sevilla", "Deutsche Bahn", "大阪府": a body
    return entity_key(name, "person")


_OFFICE_LINKS = {"de", "del", "della", "di", "du", "des", "d'", "of", "der", "von", "vom", "van", "z", "ze", "з", "із",
                 "из", "от", "la", "le", "el", "the", "die", "den", "dem", "het"}


# First words of public bodies that speak through statements: councils, ministries, governments
_BODY_HEADS = {"comune", "ayuntamiento", "mairie", "ville", "gemeente", "municipio", "prefeitura", "câmara",
               "ministerio", "ministero", "ministère", "ministerium", "ministry", "gobierno", "governo", "gouvernement",
               "regierung", "rada", "urząd", "міністерство", "министерство", "мэрия", "уряд", "правительство",
               "stadt", "landkreis", "senat", "generalitat", "junta", "xunta", "diputación", "policía", "polizei"}


_HAN_BODY = re.compile("(?:府|省|庁|局|部|委員会|委员会|协会|協会|公司|集团|集團|株式会社|銀行|银行|大学|大學|智能|科技|资本|資本|"
                       "研究院|所|事務局|秘书处|秘書処|方面|会|會)$")


# Han and kana words for a person by role: a woman, a resident, a person concerned, an analyst …
_CJK_ROLES = re.compile("(?:女性|男性|住民|市民|農家|农民|茶农|関係者|担当者|记者|記者|アナリスト|专家|専門家|学生|患者|"
                        "业内人士|業界関係者|消息人士|当局者|官员|協議)$")


def _office_of_a_body(rest: list[str], german_article: bool) -> bool:
    """The capitals of the phrase name only the body an office belongs to: they follow "de la", "of the", "der"."""
    first_cap = next((i for i, w in enumerate(rest) if w[:1].isupper() and not is_demonym(w)), None)
    if first_cap is None:
        return False
    if german_article and first_cap == 0 and len(rest) >= 3 and rest[1].casefold() in _OFFICE_LINKS and (
            german._german_common_noun(rest[0])):
        return True  # "der Sprecher der Deutschen Bahn": German capitalises the office too
    return first_cap >= 2 and rest[first_cap - 1].casefold() in _OFFICE_LINKS and all(
        w[:1].islower() for w in rest[:first_cap])


def _caseless_role(words: list[str]) -> bool:
    """"الشركة" (the company), "女性" (a woman), "草案をめぐる協議": no name in a script without capitals."""
    if len(words) == 1 and words[0] in arabic_names.DEFINITE_ROLES:
        return True
    text = "".join(words)
    return bool(re.search(r"[\u3041-\u309f]", text) or _CJK_ROLES.search(text))


def _speaking_body(words: list[str]) -> bool:
    head = words[0].casefold()
    if head in ROLE_DETERMINERS and len(words) > 1:
        head = words[1].casefold()
    return head in _BODY_HEADS or head in arabic_names.ORG_HEADS or any(
        head in heads for heads in _LOWERCASE_ORG_HEADS.values()) or bool(_HAN_BODY.search("".join(words)))


@lru_cache(maxsize=65536)
def entity_key(name: str, type: str) -> str:
    """Cross-article key: gazetteer name for places and known organisations, surname skeleton for people (cached:
    the same names recur across articles)."""
    name = name.strip()
    if type == "place":
        place = place_for(name, "uk" if is_cyrillic(name) else "en") or place_for(name, "ru")
        if place and _unrelated_small_town(name, place):
            place = None
        return "place:" + (_place_key(place) if place else fold(name))
    if type == "organization":
        org = org_for(name)
        return "organization:" + " ".join(skeleton(w) for w in (org or name).split())
    return _person_key(name)


@lru_cache(maxsize=65536)
def _person_key(name: str) -> str:
    """"person:<surname>|<given-name group>" ("Ben Carter" → person:carter|ben), "person:<surname>~<initial>" for
    "B. Carter", "person:<surname>" for a surname alone. Gazetteer people are keyed by their canonical name, and
    given names through indexer/data/given_names.tsv, so that Mykola, Николай and Mikołaj Tkachenko are one key."""
    words = [w for w in name.split() if w.casefold().strip(".,") not in PERSON_TITLES]
    known = person_for(name) or (person_for(" ".join(words)) if words else None)
    if known:
        words = zh.given_first(known.split())
    elif len(words) == 1 and (parts := _unspaced_name(words[0])):
        words = parts  # "北原健二" → 健二 北原, "李文军" → 文军 李
    else:
        words = zh.given_first(words)
    if not words:
        return "person:" + fold(name)
    # "الإدريسي", "佐藤", "Вишневская": a known person's surname in another script is keyed as the Latin one
    surname = _script_surnames().get(words[-1]) or (
        lemma_for(words[-1], "uk", "person") if is_cyrillic(words[-1]) else words[-1])
    key = "person:" + skeleton(surname)
    given = _given_word(words[:-1])
    if given is None:
        return key
    if (given.isascii() or is_cyrillic(given)) and (letter := initial_letter(given)):
        return f"{key}~{letter}"  # ("婷" of 吴婷 is a whole given name, not an initial)
    return f"{key}|{given_key(lemma_for(given, 'uk', 'given') if is_cyrillic(given) else given)}"


def _given_word(words: list[str]) -> str | None:
    """The given name among the words before a surname: the first known given name in the capitalised run that
    ends at the surname ("the mayor, Ben Carter" → Ben; "Volodymyr Oleksandrovych Zelensky" → Volodymyr)."""
    words = list(words)
    while words and words[-1].casefold() in CONNECTORS:
        words.pop()  # "Di Rupo", "Charles de Gaulle": a particle of the surname, not a given name
    run: list[str] = []
    for w in reversed(words):
        if w[:1].islower() or not w[:1].isalpha() or w.endswith((",", ":", ";", "،")):
            break  # (a script without capitals, Arabic or Han, has no lower case either)
        run.insert(0, w)
    if len(run) >= 2 and run[0] == "عبد":
        return run[0] + run[1]  # "عبد الإله": one given name in two words
    for w in run:
        if fold(w) in first_names() or is_cyrillic(w) and fold(lemma_for(w, "uk", "given")) in first_names():
            return w
    return run[0] if run else None


_HAN_ONLY = re.compile(r"[\u3400-\u9fff]{2,5}")


def _unspaced_name(word: str) -> list[str] | None:
    """A name in Han characters as [given, surname]: a Chinese surname is one character ("王晓岚"), a Japanese one
    mostly two ("北原健二", "佐藤遥"); two characters alone that start with no Chinese surname are a surname."""
    if not _HAN_ONLY.fullmatch(word):
        return None
    cut = 1 if word[0] in zh.ZH_SURNAMES and len(word) <= 3 else 2
    return [word[cut:], word[:cut]] if len(word) > cut else [word]


@lru_cache(maxsize=1)
def _script_surnames() -> dict[str, str]:
    """The surname of a known person as written in Han, kana or Arabic → the Latin surname ("佐藤" → "Sato",
    "الإدريسي" → "Idrissi", "イドリシ" → "Idrissi"), so that the surname alone finds them in any script."""
    out: dict[str, str] = {}
    for canonical, variants in all_people().items():
        latin = zh.given_first(canonical.split())
        if len(latin) < 2:
            continue
        for v in variants:
            if v.isascii():
                continue
            sep = next((c for c in "・· " if c in v), "")
            parts = _unspaced_name(v) or (v.split(sep) if sep else [])
            if len(parts) >= 2:
                out.setdefault(parts[-1], latin[-1])
                if sep:
                    out.setdefault(sep.join(parts[1:]), latin[-1])  # "エル・イドリシ", a surname of two words
    return out


def caseless_spans(text: str, keys: Iterable[str]) -> list[tuple[int, int]]:
    """Where the text writes one of these entities in a script without capitals or spaces between words, by the
    gazetteer's spellings (Chinese "本报马拉喀什5月13日电" holds Marrakesh, Japanese "マラケシュで" too): there a
    name is no word of its own to key, but its known spellings can be looked for as they are."""
    if not _NO_CASE_SCRIPT.search(text):
        return []
    spans = []
    for key in keys:
        for spelling in _caseless_spellings().get(key, ()):
            at = text.find(spelling)
            while at >= 0:
                spans.append((at, at + len(spelling)))
                at = text.find(spelling, at + len(spelling))
    return spans


@lru_cache(maxsize=1)
def _caseless_spellings() -> dict[str, tuple[str, ...]]:
    """Entity key -> its spellings in scripts without capitals (about 15,000; keyed by the canonical name, which
    takes microseconds where keying each spelling would take a third of a millisecond)."""
    by_key: dict[str, list[str]] = {}
    for spelling, (kind, canonical) in script_index().items():
        by_key.setdefault(entity_key(canonical, kind), []).append(spelling)
    return {key: tuple(spellings) for key, spellings in by_key.items()}


def _place_key(place) -> str:
    """The folded name, unless folding would make it another place's key: "Mâcon" keeps its accent so that it
    does not share Macon, Georgia's key."""
    key = fold(place.name)
    winner = place_index().get(key)
    return place.name.casefold() if winner is not None and winner != place and key != place.name.casefold() else key


def _unrelated_small_town(surface: str, place) -> bool:
    """"Serpa" (a Portuguese town the gazetteer lacks) is listed only as an old name of Itacoatiara in Brazil: a
    small town reached through a Latin-script name unlike its own is more likely another place of that name."""
    if place is None or place.kind != "city" or place.population >= 150_000:
        return False
    if is_cyrillic(surface) or _NO_CASE_SCRIPT.search(surface) or not any(ch.isalpha() for ch in surface):
        return False
    return fold(surface)[:3] != fold(place.name)[:3]
