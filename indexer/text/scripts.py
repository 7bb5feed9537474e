"""Character-level normalisation shared by analysis, name keys and look-ups: accent folding and transliteration
to Latin. The one home of these tables: `indexer.index.analysis` uses the word functions, `indexer.text.names`
the name-key variants (`fold_lookup`, `translit_cased`, `name_latin`).

Transliteration follows the national romanisations journalists use (Ukrainian 2010 passport system, Russian
BGN-style without diacritics, Serbian Latin, ELOT-like Greek) so that a Latin query finds the same name written in
its own alphabet. Arabic and Hebrew are mapped consonant by consonant: enough for a stable key, not a spelling.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# --- accent folding -----------------------------------------------------------------------------------------------

_SPECIAL_FOLD = {
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d",
    "ł": "l", "Ł": "l", "ı": "i", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ħ": "h", "Ħ": "h", "ŀ": "l",
    "ĸ": "k", "ŉ": "n", "ſ": "s", "ƒ": "f", "ς": "σ", "ё": "е", "Ё": "Е",
}  # fmt: skip


def _build_fold_table() -> dict[int, str]:
    table: dict[int, str] = {}
    ranges = [(0x00C0, 0x024F), (0x1E00, 0x1EFF), (0x0370, 0x03FF), (0x1F00, 0x1FFF)]
    for lo, hi in ranges:
        for cp in range(lo, hi + 1):
            ch = chr(cp)
            base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
            if base and base != ch:
                table[cp] = base
    for cp in range(0x0300, 0x0370):  # stray combining marks left after NFKC
        table[cp] = ""
    for src, dst in _SPECIAL_FOLD.items():
        table[ord(src)] = dst
    return table


_FOLD_TABLE = _build_fold_table()


def fold(text: str) -> str:
    """Strip accents from Latin and Greek letters (and ё→е); other scripts untouched. Expects NFC/NFKC input."""
    return text.translate(_FOLD_TABLE)


class _CharMap(dict):
    """A str.translate table filled in on the first sight of each character: all of Unicode is too much to list,
    and translate runs in C, several times faster than a generator or a regex over the same short strings."""

    def __init__(self, rule):
        super().__init__()
        self._rule = rule

    def __missing__(self, cp: int) -> str:
        self[cp] = out = self._rule(chr(cp))
        return out


_NO_MARKS = _CharMap(lambda ch: "" if unicodedata.combining(ch) else ch)
_SEPARATORS = _CharMap(lambda ch: " " if ch.isspace() or ch in "-‐–—_." else ch)  # (str.isspace is regex \s)
_NOT_WORD = _CharMap(lambda ch: ch if ch.isalnum() or ch in "_' " else "")  # (str.isalnum or "_" is regex \w)


def strip_accents(text: str) -> str:
    """Drop every combining mark after NFKD, in any script (so й→и too, unlike `fold`)."""
    if text.isascii():  # NFKD leaves ASCII alone
        return text
    return unicodedata.normalize("NFKD", text).translate(_NO_MARKS)


@lru_cache(maxsize=131_072)  # (gazetteers and name rules look the same words up many times an article)
def fold_lookup(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form used for exact look-ups (gazetteers, name lists, keys).

    Runs of spaces, hyphens, dashes, underscores and dots become one space; other punctuation is dropped after."""
    text = strip_accents(text).casefold().replace("’", "'").replace("ʼ", "'")
    if text.isalnum():  # one plain word, the common case: nothing to replace
        return text
    text = text.translate(_SEPARATORS)
    while "  " in text:
        text = text.replace("  ", " ")
    return text.translate(_NOT_WORD).strip()


# --- script of a word -----------------------------------------------------------------------------------------------


def word_script(word: str) -> str:
    """The script of a word's first letter: latin, cyrillic, greek, arabic, hebrew, cjk or other."""
    for ch in word:
        if not ch.isalpha():
            continue
        cp = ord(ch)
        if cp <= 0x024F or 0x1E00 <= cp <= 0x1EFF:
            return "latin"
        if 0x0400 <= cp <= 0x052F:
            return "cyrillic"
        if 0x0370 <= cp <= 0x03FF or 0x1F00 <= cp <= 0x1FFF:
            return "greek"
        if 0x0600 <= cp <= 0x06FF or 0x0750 <= cp <= 0x077F or 0xFB50 <= cp <= 0xFEFF:
            return "arabic"
        if 0x0590 <= cp <= 0x05FF:
            return "hebrew"
        if (
            0x3040 <= cp <= 0x9FFF
            or 0xAC00 <= cp <= 0xD7AF
            or 0xF900 <= cp <= 0xFAFF
            or 0x1100 <= cp <= 0x11FF
        ):
            return "cjk"
        return "other"
    return "other"


# The script each language of the archive is written in, as `word_script` names it (any other: Latin).
LANGUAGE_SCRIPT = {
    **dict.fromkeys(("uk", "ru", "bg", "mk", "be", "sr", "kk", "mn"), "cyrillic"), "el": "greek",
    **dict.fromkeys(("ar", "fa", "ur"), "arabic"), "he": "hebrew", **dict.fromkeys(("zh", "ja", "ko"), "cjk"),
}


def language_script(code: str | None) -> str:
    return LANGUAGE_SCRIPT.get(code or "", "latin")


# --- Cyrillic -------------------------------------------------------------------------------------------------------

_CYR_COMMON = {
    "а": "a", "б": "b", "в": "v", "д": "d", "е": "e", "ж": "zh", "з": "z", "к": "k", "л": "l", "м": "m",
    "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ь": "", "ъ": "", "'": "", "’": "", "ʼ": "",
}  # fmt: skip
_CYR_UK = {
    **_CYR_COMMON,
    "г": "h",
    "ґ": "g",
    "и": "y",
    "і": "i",
    "ї": "i",
    "й": "i",
    "є": "ie",
    "ю": "iu",
    "я": "ia",
}
_CYR_UK_INITIAL = {"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}
_CYR_RU = {
    **_CYR_COMMON, "г": "g", "и": "i", "й": "y", "ы": "y", "э": "e", "ё": "e", "ю": "yu", "я": "ya",
    "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "w",
}  # fmt: skip
_CYR_BG = {**_CYR_RU, "ъ": "a", "щ": "sht", "х": "h", "ж": "zh", "ю": "yu", "я": "ya"}
SERBIAN_LATIN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "đ", "е": "e", "ж": "ž", "з": "z", "и": "i",
    "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "ћ": "ć", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "č", "џ": "dž", "ш": "š",
    "ѓ": "gj", "ќ": "kj", "ѕ": "dz", "й": "j",
}  # fmt: skip
_CYR_SR = {k: fold(v) for k, v in SERBIAN_LATIN.items()}


def serbian_to_latin(word: str) -> str:
    """Serbian Cyrillic to Serbian Latin (a one-to-one mapping), keeping the case of the first letter."""
    out = "".join(SERBIAN_LATIN.get(ch, ch) for ch in word.lower())
    return out[:1].upper() + out[1:] if word[:1].isupper() else out


CYRILLIC_TABLES = {"uk": _CYR_UK, "ru": _CYR_RU, "bg": _CYR_BG, "sr": _CYR_SR, "mk": _CYR_SR}

_UK_LETTERS = set("іїєґ")
_RU_LETTERS = set("ыэё")
_SR_LETTERS = set("јљњћђџѓќѕ")


def cyrillic_variant(word: str, default: str = "uk") -> str:
    """Which romanisation a Cyrillic word needs, judged from its own letters."""
    letters = set(word.lower())
    if letters & _SR_LETTERS:
        return "sr"
    if letters & _UK_LETTERS:
        return "uk"
    if letters & _RU_LETTERS:
        return "ru"
    return default


# The tables of name keys (`translit_cased`, hence every stored person key): letter by letter, with no word-initial
# rule, so є ї й ю я always give ye yi y yu ya; ё ы э are romanised in Ukrainian too and ў is left alone. They differ
# from the word tables above in those letters and are kept as their own variant so that keys do not change.
_CYR_KEY_RU = {k: v for k, v in _CYR_RU.items() if k != "ў"}
_CYR_KEY = {"ru": _CYR_KEY_RU, "uk": {**_CYR_KEY_RU, "г": "h", "и": "y"}}


def _cased_table(table: dict[str, str]) -> dict[int, str]:
    """`table` for str.translate, plus every capital whose lowercase is in it, mapped to the capitalised value."""
    out = {ord(k): v for k, v in table.items()}
    for cp in range(0x0400, 0x0530):
        ch = chr(cp)
        if ch != ch.lower() and ch.lower() in table:
            rep = table[ch.lower()]
            out[cp] = rep.capitalize() if rep else rep
    return out


_CYR_KEY_CASED = {lang: _cased_table(table) for lang, table in _CYR_KEY.items()}


def translit_cased(text: str, language: str = "uk") -> str:
    """Cyrillic letters of any text to Latin keeping their case ("Київ" → "Kyyiv"); other characters untouched.

    Ukrainian values by default, Russian ones (и→i, г→g) when asked. Apostrophes are dropped everywhere."""
    return text.translate(_CYR_KEY_CASED["ru" if language == "ru" else "uk"])


# Letters that NFKD does not decompose, case kept: Polish "Zełenski", "Ławrow"; German "ß".
_UNDECOMPOSED = str.maketrans({"ł": "l", "Ł": "L", "ß": "ss", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O"})


def name_latin(word: str) -> str:
    """One name word as folded lowercase Latin letters for its key: "Зеленський" → "zelenskyi", "Ławrow" → "lawrow"."""
    return fold_lookup(translit_cased(word.translate(_UNDECOMPOSED))).replace("'", "").replace(" ", "")


def cyrillic_to_latin(word: str, variant: str = "uk") -> str:
    table = CYRILLIC_TABLES.get(variant, _CYR_UK)
    out = []
    prev_letter = False
    for ch in word.lower():
        if variant == "uk" and not prev_letter and ch in _CYR_UK_INITIAL:
            out.append(_CYR_UK_INITIAL[ch])
        else:
            out.append(table.get(ch, ch))
        prev_letter = ch.isalpha()
    return "".join(out)


# --- Greek -------------------------------------------------------------------------------------------------------------

_GREEK = {
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i", "κ": "k",
    "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t",
    "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
}  # fmt: skip
_GREEK_DIGRAPHS = (("ου", "ou"), ("αυ", "av"), ("ευ", "ev"), ("γγ", "ng"), ("γκ", "gk"))
_GREEK_INITIAL = (("μπ", "b"), ("ντ", "d"))


def greek_to_latin(word: str) -> str:
    w = fold(word.lower())
    for src, dst in _GREEK_INITIAL:
        if w.startswith(src):
            w = dst + w[len(src) :]
    for src, dst in _GREEK_DIGRAPHS:
        w = w.replace(src, dst)
    return "".join(_GREEK.get(ch, ch) for ch in w)


# --- Arabic script and Hebrew ------------------------------------------------------------------------------------------

_ARABIC_DIACRITICS = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
_ARABIC_NORMAL = str.maketrans(
    {"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ی": "ي", "ک": "ك", "ۀ": "ه", "ؤ": "ء", "ئ": "ء"}
)


def normalize_arabic(word: str) -> str:
    """Drop harakat and tatweel; unify hamza carriers, alef forms, alef maqsura, and Persian yeh/kaf with Arabic."""
    return _ARABIC_DIACRITICS.sub("", word).translate(_ARABIC_NORMAL)


_ARABIC_LATIN = {
    "ا": "a", "ب": "b", "ت": "t", "ث": "th", "ج": "j", "ح": "h", "خ": "kh", "د": "d", "ذ": "dh", "ر": "r",
    "ز": "z", "س": "s", "ش": "sh", "ص": "s", "ض": "d", "ط": "t", "ظ": "z", "ع": "", "غ": "gh", "ف": "f",
    "ق": "q", "ك": "k", "ل": "l", "م": "m", "ن": "n", "ه": "h", "و": "w", "ي": "y", "ء": "", "ة": "a",
    "ؤ": "", "ئ": "", "پ": "p", "چ": "ch", "ژ": "zh", "گ": "g",
}  # fmt: skip

_HEBREW_POINTS = re.compile("[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]")
_HEBREW_LATIN = {
    "א": "", "ב": "b", "ג": "g", "ד": "d", "ה": "h", "ו": "v", "ז": "z", "ח": "kh", "ט": "t", "י": "y",
    "כ": "k", "ך": "k", "ל": "l", "מ": "m", "ם": "m", "נ": "n", "ן": "n", "ס": "s", "ע": "", "פ": "p",
    "ף": "p", "צ": "ts", "ץ": "ts", "ק": "k", "ר": "r", "ש": "sh", "ת": "t",
}  # fmt: skip


def strip_hebrew_points(word: str) -> str:
    return _HEBREW_POINTS.sub("", word)


# --- any word to Latin --------------------------------------------------------------------------------------------------


def to_latin(word: str, cyrillic_default: str = "uk") -> str:
    """A word in any alphabet as folded lowercase Latin; CJK and unknown scripts are only lowercased."""
    script = word_script(word)
    if script == "cyrillic":
        return cyrillic_to_latin(word, cyrillic_variant(word, cyrillic_default))
    if script == "greek":
        return greek_to_latin(word)
    if script == "arabic":
        return "".join(_ARABIC_LATIN.get(ch, ch) for ch in normalize_arabic(word))
    if script == "hebrew":
        return "".join(_HEBREW_LATIN.get(ch, ch) for ch in strip_hebrew_points(word))
    return fold(word.lower())


_NAME_ENDING = re.compile(r"(?<=[bcdfghjklmnpqrstvwxz])(?:iy|yi|yy|ij|ii)$")


def fold_name_ending(word: str) -> str:
    """Unify the romanisations of -ий/-ій/-ый endings: Zelenskyy, Zelenskyi, Zelenskiy → zelensky."""
    return _NAME_ENDING.sub("y", word)


@lru_cache(maxsize=100_000)
def latin_key(word: str, cyrillic_default: str = "uk") -> str:
    return fold_name_ending(to_latin(unicodedata.normalize("NFKC", word), cyrillic_default).replace("'", ""))


def document_cyrillic_variant(text: str) -> str:
    """Ukrainian, Russian, Serbian or Bulgarian romanisation for the undecided words of a whole text."""
    counts = {
        "uk": sum(text.count(c) for c in "іїєґІЇЄҐ"),
        "ru": sum(text.count(c) for c in "ыэёЫЭЁ"),
        "sr": sum(text.count(c) for c in "јљњћђџЈЉЊЋЂЏ"),
    }
    best = max(counts, key=lambda k: counts[k])
    return best if counts[best] else "uk"
