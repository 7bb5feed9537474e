"""Name normalisation: folding, transliteration, Slavic lemmas and the cross-article skeleton used in keys.

Keys must agree across spellings and scripts ("Zelensky", "Zelenskyy", "Selenskyj", "Зеленський" → one key),
so names are reduced to a crude phonetic skeleton of their Latin transliteration. The skeleton is only ever
compared with other skeletons; it is never shown to a user.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_CYR = {
    "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ye", "ё": "e", "ж": "zh",
    "з": "z", "и": "y", "і": "i", "ї": "yi", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "'": "", "’": "", "ʼ": "",
}
_RU_ONLY = {"и": "i", "г": "g", "ы": "y", "е": "e"}

def is_cyrillic(text: str) -> bool:
    return any("\u0400" <= ch <= "\u04ff" for ch in text)


def translit(text: str, language: str = "uk") -> str:
    """Latin transliteration of Cyrillic (Ukrainian-style by default; Russian values for и, г when asked)."""
    table = dict(_CYR)
    if language == "ru":
        table.update(_RU_ONLY)
    out = []
    for ch in text:
        low = ch.lower()
        if low in table:
            rep = table[low]
            out.append(rep.capitalize() if ch != low and rep else rep)
        else:
            out.append(ch)
    return "".join(out)


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form used for exact look-ups."""
    text = strip_accents(text).casefold().replace("’", "'").replace("ʼ", "'")
    text = re.sub(r"[\s\-‐–—_.]+", " ", text)
    return re.sub(r"[^\w' ]", "", text).strip()


_SKELETON_RULES = [
    ("tsch", "ch"), ("sch", "sh"), ("zh", "j"), ("kh", "h"), ("ck", "k"), ("ph", "f"), ("w", "v"),
    ("g", "h"), ("ts", "c"), ("tz", "c"), ("x", "ks"), ("j", "i"), ("y", "i"), ("ie", "e"), ("q", "k"),
]


# Letters that NFKD does not decompose: Polish "Zełenski", "Ławrow"; German "ß".
_UNDECOMPOSED = str.maketrans({"ł": "l", "Ł": "L", "ß": "ss", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O"})
# Polish and French spellings of the same sounds: "Tkaczenko", "Tkatchenko", "Szewczenko" (before the rules above)
_DIGRAPHS = [("tch", "ch"), ("szcz", "shch"), ("cz", "ch"), ("sz", "sh")]


def skeleton(word: str) -> str:
    """A crude phonetic code of one name word, equal for its usual Latin and Cyrillic spellings."""
    s = fold(translit(word.translate(_UNDECOMPOSED))).replace("'", "").replace(" ", "")
    for a, b in _DIGRAPHS:
        s = s.replace(a, b)
    for a, b in _SKELETON_RULES:
        s = s.replace(a, b)
    s = re.sub(r"(.)\1+", r"\1", s)
    s = re.sub(r"i+$", "i", s)
    if s.startswith("s") and len(s) > 1 and s[1] in "aeiou":
        s = "z" + s[1:]
    # Coarser still, so that transliterations through different languages agree: Polish ś/ci vs Ukrainian ш
    # ("Wiśniewska"/"Вишневська"), German ch vs Cyrillic х ("Albrecht"/"Альбрехт"), German z vs ц ("Hryzenko").
    for a, b in (("sh", "s"), ("ch", "h"), ("z", "c")):
        s = s.replace(a, b)
    return re.sub(r"(.)\1+", r"\1", s)


@lru_cache(maxsize=2)
def _morph(language: str):
    """pymorphy3 analyser for uk/ru, or None when the package or its dictionary is not installed."""
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


def lemma_candidates(word: str, language: str) -> list[tuple[str, str]]:
    """(lemma, tag) readings of a Cyrillic word, best first; the word itself when no analyser fits."""
    if language not in ("uk", "ru") or not is_cyrillic(word) or (word.isupper() and len(word) > 1):
        return [(word, "")]
    morph = _morph(language)
    if morph is None:
        return [(word, "")]
    seen: dict[str, str] = {}
    for parse in morph.parse(word):
        lemma = _restore_case(parse.normal_form, word)
        seen.setdefault(lemma, str(parse.tag))
    return list(seen.items()) or [(word, "")]


def _nominative_name(word: str, language: str) -> bool:
    """The word already is a name in the nominative ("Роман", not the genitive of the noun "роман")."""
    morph = _morph(language) if language in ("uk", "ru") and is_cyrillic(word) else None
    if morph is None:
        return False
    return any("nomn" in str(p.tag) and ("Name" in str(p.tag) or "Surn" in str(p.tag)) for p in morph.parse(word))


def _surname_shape(word: str, language: str) -> bool:
    """"Сомов", "Кречетов": a masculine surname shape that the dictionary only knows as a possessive adjective,
    whose 'lemma' would be an invented "Сомовый"."""
    morph = _morph(language) if language in ("uk", "ru") and is_cyrillic(word) else None
    if morph is None or not word.lower().endswith(("ов", "ев", "ёв", "ин", "ын", "ів")):
        return False
    return any("ADJS" in str(p.tag) or ("nomn" in str(p.tag) and "Surn" in str(p.tag)) for p in morph.parse(word))


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
