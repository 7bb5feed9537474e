"""Person names: Slavic lemmas and the cross-article skeleton used in keys (folding and transliteration: `scripts`).

Keys must agree across spellings and scripts ("Zelensky", "Zelenskyy", "Selenskyj", "Зеленський" → one key),
so names are reduced to a crude phonetic skeleton of their Latin transliteration. The skeleton is only ever
compared with other skeletons; it is never shown to a user.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache

from indexer import DATA

# `fold` (the look-up form) is also imported from here by the recognisers.
from indexer.text.scripts import fold_lookup as fold
from indexer.text.scripts import name_latin, translit_cased


def is_cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


_SKELETON_RULES = [
    ("tsch", "ch"), ("sch", "sh"), ("zh", "j"), ("kh", "h"), ("ck", "k"), ("ph", "f"), ("w", "v"),
    ("g", "h"), ("ts", "c"), ("tz", "c"), ("x", "ks"), ("j", "i"), ("y", "i"), ("ie", "e"), ("q", "k"),
]


# Polish and French spellings of the same sounds: "Tkaczenko", "Tkatchenko", "Szewczenko" (before the rules above)
_DIGRAPHS = [("tch", "ch"), ("szcz", "shch"), ("cz", "ch"), ("sz", "sh")]
_REPEATS = re.compile(r"(.)\1+")
_FINAL_I = re.compile(r"i+$")


@lru_cache(maxsize=65_536)  # (the same name words recur in every article about them)
def skeleton(word: str) -> str:
    """A crude phonetic code of one name word, equal for its usual Latin and Cyrillic spellings."""
    s = name_latin(word)
    for a, b in _DIGRAPHS:
        s = s.replace(a, b)
    for a, b in _SKELETON_RULES:
        s = s.replace(a, b)
    s = _REPEATS.sub(r"\1", s)
    s = _FINAL_I.sub("i", s)
    if s.startswith("s") and len(s) > 1 and s[1] in "aeiou":
        s = "z" + s[1:]
    # Coarser still, so that transliterations through different languages agree: Polish ś/ci vs Ukrainian ш
    # ("Wiśniewska"/"Вишневська"), German ch vs Cyrillic х ("Albrecht"/"Альбрехт"), German z vs ц ("Hryzenko").
    for a, b in (("sh", "s"), ("ch", "h"), ("z", "c")):
        s = s.replace(a, b)
    return _REPEATS.sub(r"\1", s)


@cache
def _morph(language: str):
    """pymorphy3 analyser for uk/ru, or None for other languages or when the package or its dictionary is not
    installed. Every language asked for stays cached: with room for two, a Polish page between Ukrainian and Russian
    ones evicted one of them, and loading its dictionary again took a second or two."""
    try:
        import pymorphy3
    except ImportError:
        return None
    try:
        return pymorphy3.MorphAnalyzer(lang=language)
    except Exception:  # noqa: BLE001 - a missing dictionary package raises various errors
        return None


def _restore_case(lemma: str, surface: str) -> str:
    if surface.isupper() and len(surface) > 1:
        return lemma.upper()
    if surface[:1].isupper():
        return "-".join(p[:1].upper() + p[1:] for p in lemma.split("-"))
    return lemma


@lru_cache(maxsize=65_536)
def readings(word: str, language: str) -> tuple[tuple[str, str], ...]:
    """(lemma, tag) of each of pymorphy3's readings of a uk/ru word, likeliest first; () without an analyser. Kept
    per word: a name recurs through an article and the archive, and one reading asked for costs ~0.1 ms."""
    morph = _morph(language)
    if morph is None:
        return ()
    return tuple((p.normal_form, str(p.tag)) for p in morph.parse(word))


def lemma_candidates(word: str, language: str) -> list[tuple[str, str]]:
    """(lemma, tag) readings of a Cyrillic word, best first; the word itself when no analyser fits."""
    if language not in ("uk", "ru") or not is_cyrillic(word) or (word.isupper() and len(word) > 1):
        return [(word, "")]
    seen: dict[str, str] = {}
    for lemma, tag in readings(word, language):
        seen.setdefault(_restore_case(lemma, word), tag)
    return list(seen.items()) or [(word, "")]


def _nominative_name(word: str, language: str) -> bool:
    """The word already is a name in the nominative ("Роман", not the genitive of the noun "роман")."""
    if language not in ("uk", "ru") or not is_cyrillic(word):
        return False
    return any("nomn" in tag and ("Name" in tag or "Surn" in tag) for _l, tag in readings(word, language))


def _surname_shape(word: str, language: str) -> bool:
    """"Сомов", "Кречетов": a masculine surname shape that the dictionary only knows as a possessive adjective,
    whose 'lemma' would be an invented "Сомовый"."""
    if language not in ("uk", "ru") or not is_cyrillic(word) or not word.lower().endswith(
            ("ов", "ев", "ёв", "ин", "ын", "ів")):
        return False
    return any("ADJS" in tag or ("nomn" in tag and "Surn" in tag) for _l, tag in readings(word, language))


def lemma_for(word: str, language: str, kind: str = "") -> str:
    """The dictionary form of one name word, preferring readings that fit the entity kind."""
    cands = lemma_candidates(word, language)
    if kind in ("person", "given") and (_nominative_name(word, language) or _surname_shape(word, language)):
        return word
    prefer = {"person": ("Surn", "Name", "Patr"), "given": ("Name", "Patr", "Surn"), "place": ("Geox",)}.get(kind, ())
    for wanted in prefer:
        for lemma, tag in cands:
            if wanted in tag:
                return lemma
    if kind in ("person", "given"):
        # Surnames in -ський/-ский parse as adjectives; their masculine lemma is the name itself.
        for lemma, tag in cands:
            if "ADJF" in tag:
                return lemma
        # A name read only as a pronoun or other function word ("Ким" → "хто") keeps its own spelling.
        return next((lemma for lemma, tag in cands if "NOUN" in tag or not tag), word)
    return cands[0][0]


# ---------------------------------------------------------------- person keys with given names
#
# A person key is "person:<surname skeleton>", then "|<given-name group>" when the name has a given name, or
# "~<letter>" when it has only an initial ("B. Carter"). The surname alone stays a key of its own: an article that
# calls someone just "Carter" cannot say which Carter; the engine joins it to the one Carter the archive knows, and
# keeps it apart when the archive knows two (see resolve_partial_keys).

_GIVEN_FILE = DATA / "given_names.tsv"


@lru_cache(maxsize=1)
def _given_lines() -> tuple[tuple[str, ...], ...]:
    """The spellings of each group in indexer/data/given_names.tsv, the group's name first."""
    lines = _GIVEN_FILE.read_text(encoding="utf-8").splitlines()
    return tuple(tuple(s.strip() for s in line.split("\t") if s.strip())
                 for line in lines if line.strip() and not line.startswith("#"))


@lru_cache(maxsize=1)
def _given_groups() -> dict[str, str]:
    """Skeleton of every listed spelling -> its group's name (the skeleton of the group's first spelling)."""
    groups: dict[str, str] = {}
    for spellings in _given_lines():
        head = skeleton(spellings[0])
        for s in spellings:
            groups.setdefault(skeleton(s), head)
    return groups


@lru_cache(maxsize=1)
def _group_initials() -> dict[str, frozenset[str]]:
    """Group name -> first letters its spellings start with (in Latin letters): Yevhen, Evgeny, Jewgeni."""
    out: dict[str, set[str]] = {}
    for spellings in _given_lines():
        letters = out.setdefault(skeleton(spellings[0]), set())
        for s in spellings:
            letters.update(letter for lang in ("uk", "ru") if (letter := initial_letter(s[:1] + ".", lang)))
    return {k: frozenset(v) for k, v in out.items()}


def given_key(word: str) -> str:
    """One given name's part of a person key: the same for "Mykola", "Николай" and "Mikołaj"."""
    sk = skeleton(word)
    return _given_groups().get(sk, sk)


_INITIAL = re.compile(r"^(?:[^\W\d_][.\-]{0,2}){1,3}$")


def initial_letter(word: str, language: str = "uk") -> str | None:
    """The Latin first letter of an initial ("B.", "J.-P.", "В."), or None when the word is a whole name."""
    if not _INITIAL.match(word) or sum(ch.isalpha() for ch in word) > 1 and "." not in word:
        return None
    return fold(translit_cased(word[:1], language))[:1] or None


# The letters a name can start with, given the first letter of its skeleton ("Charles" -> "harles", "Sarah" ->
# "carah"): an initial must be one of them.
_SKELETON_STARTS = {"v": "vw", "h": "hgkc", "i": "ijyz", "c": "cszt", "s": "s", "k": "kqx", "f": "fp", "e": "eiyj"}


def initial_fits(letter: str, given: str) -> bool:
    """An initial can stand for a given-name group: "B." for Ben, "J." or "Y." for Yevhen/Jewgeni."""
    if not letter or not given:
        return False
    starts = _group_initials().get(given) or frozenset(_SKELETON_STARTS.get(given[0], given[0]))
    return letter in starts


def split_person_key(key: str) -> tuple[str, str, str]:
    """(surname, given group, initial) of a person key; given and initial are "" when the key lacks them."""
    body = key.split(":", 1)[1] if ":" in key else key
    if "|" in body:
        surname, given = body.split("|", 1)
        return surname, given, ""
    if "~" in body:
        surname, letter = body.split("~", 1)
        return surname, "", letter
    return body, "", ""


def partial_person_key(key: str | None) -> bool:
    """A person key that names no given name (only a surname, or a surname and an initial)."""
    return bool(key) and key.startswith("person:") and "|" not in key


def keys_may_match(a: str | None, b: str | None) -> bool:
    """Two person keys could be one person: same surname, and given names that do not contradict each other."""
    if not a or not b or a == b:
        return a == b
    sa, ga, ia = split_person_key(a)
    sb, gb, ib = split_person_key(b)
    if sa != sb:
        return False
    if ga and gb:
        return ga == gb
    if ia and ib:
        return ia == ib
    if ia or ib:
        return initial_fits(ia or ib, ga or gb) if (ga or gb) else True
    return True


def resolve_partial_keys(keys: Iterable[str]) -> dict[str, str]:
    """Surname-only and initial person keys -> the one person key of the archive they can mean.

    "Carter" joins Ben Carter when the archive knows no other Carter; "B. Carter" joins Ben Carter when no other
    Carter has a given name starting with B. Ambiguous ones map to nothing and stay values of their own.
    """
    by_surname: dict[str, list[str]] = {}
    for key in dict.fromkeys(keys):
        if key.startswith("person:"):
            by_surname.setdefault(split_person_key(key)[0], []).append(key)
    out: dict[str, str] = {}
    for group in by_surname.values():
        full = [k for k in group if not partial_person_key(k)]
        for key in group:
            _s, _g, letter = split_person_key(key)
            if letter:
                fits = [k for k in full if initial_fits(letter, split_person_key(k)[1])]
                if len(fits) == 1:
                    out[key] = fits[0]
        people = full + [k for k in group if split_person_key(k)[2] and k not in out]
        bare = [k for k in group if k == "person:" + split_person_key(k)[0]]
        if bare and len(people) == 1:
            out[bare[0]] = people[0]
    return out


def person_filter_keys(key: str, keys: Iterable[str], exact: bool = False,
                       resolved: dict[str, str] | None = None) -> list[str]:
    """The index keys a person filter must match, among the archive's `keys` (those of the key's surname suffice).

    A full name matches that person and the surname-only or initial mentions that resolve to them; a typed surname
    alone matches every person of that surname; a typed initial every one it fits. `exact` (a facet value clicked)
    matches a surname-only or initial value itself, no wider. `resolved` is resolve_partial_keys(keys), if known.
    """
    keys = list(dict.fromkeys(keys))
    resolved = resolve_partial_keys(keys) if resolved is None else resolved
    if partial_person_key(key) and key in resolved:
        key = resolved[key]
    surname, given, letter = split_person_key(key)
    if given or exact:
        return [key, *(k for k, target in resolved.items() if target == key and k != key)]
    same = [k for k in keys if k.startswith("person:") and split_person_key(k)[0] == surname]
    if not letter:
        return list(dict.fromkeys([key, *same]))
    wanted = [k for k in same if k == key or initial_fits(letter, split_person_key(k)[1])]
    return list(dict.fromkeys([key, *wanted, *(k for k, target in resolved.items() if target in wanted)]))
