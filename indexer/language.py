"""Language identification for articles, headlines and short snippets.

The writing system settles most languages outright (Hangul, kana, Greek, Hebrew, Thai …) and narrows the rest to a
handful of candidates (Cyrillic, Arabic script, Latin). Within a script, a few letters are decisive (і/ї/є/ґ are
Ukrainian, ы/э/ё Russian, پ/چ/ژ/گ Persian) and the remaining choice is made by an exhaustive naive-Bayes score over
langdetect's character n-gram profiles plus a small function-word lexicon. Scoring every n-gram instead of langdetect's
random sampling makes the answer identical in every run and every process, and is markedly better on short texts.
py3langid's byte n-gram model (indexer.byte_ngrams) names the Latin- and Cyrillic-script languages that langdetect has
no profile for (Icelandic, Basque, Serbian, Kazakh …), and is weighed in where a Latin-script text leaves a doubt.
"""

from __future__ import annotations

import inspect
import math
import re
import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain

import numpy as np

from indexer import byte_ngrams

UND = "und"

# --- scripts -------------------------------------------------------------------------------------------------------

_SCRIPT_RANGES: tuple[tuple[int, int, str], ...] = (
    (0x0041, 0x024F, "latin"),
    (0x1E00, 0x1EFF, "latin"),
    (0x0370, 0x03FF, "greek"),
    (0x1F00, 0x1FFF, "greek"),
    (0x0400, 0x052F, "cyrillic"),
    (0x0530, 0x058F, "armenian"),
    (0x0590, 0x05FF, "hebrew"),
    (0x0600, 0x06FF, "arabic"),
    (0x0750, 0x077F, "arabic"),
    (0xFB50, 0xFDFF, "arabic"),
    (0xFE70, 0xFEFF, "arabic"),
    (0x0900, 0x097F, "devanagari"),
    (0x0980, 0x09FF, "bengali"),
    (0x0A00, 0x0A7F, "gurmukhi"),
    (0x0A80, 0x0AFF, "gujarati"),
    (0x0B80, 0x0BFF, "tamil"),
    (0x0C00, 0x0C7F, "telugu"),
    (0x0C80, 0x0CFF, "kannada"),
    (0x0D00, 0x0D7F, "malayalam"),
    (0x0E00, 0x0E7F, "thai"),
    (0x10A0, 0x10FF, "georgian"),
    (0x1100, 0x11FF, "hangul"),
    (0x3130, 0x318F, "hangul"),
    (0xAC00, 0xD7AF, "hangul"),
    (0x3040, 0x309F, "kana"),
    (0x30A0, 0x30FF, "kana"),
    (0x31F0, 0x31FF, "kana"),
    (0xFF66, 0xFF9F, "kana"),
    (0x3400, 0x4DBF, "han"),
    (0x4E00, 0x9FFF, "han"),
    (0xF900, 0xFAFF, "han"),
)

# Scripts that (for the languages a news archive meets) name exactly one language.
_SCRIPT_LANGUAGE = {
    "greek": "el",
    "hebrew": "he",
    "hangul": "ko",
    "kana": "ja",
    "thai": "th",
    "georgian": "ka",
    "armenian": "hy",
    "bengali": "bn",
    "gurmukhi": "pa",
    "gujarati": "gu",
    "tamil": "ta",
    "telugu": "te",
    "kannada": "kn",
    "malayalam": "ml",
}

# Languages of langdetect's profiles that are written in each ambiguous script.
_SCRIPT_CANDIDATES = {
    "latin": (
        "af ca cs cy da de en es et fi fr hr hu id it lt lv nl no pl pt ro sk sl so sq sv sw tl tr vi"
    ).split(),
    "cyrillic": ["bg", "mk", "ru", "uk"],
    "arabic": ["ar", "fa", "ur"],
    "devanagari": ["hi", "mr", "ne"],
    "han": ["zh-cn", "zh-tw", "ja"],
}

# Ideographic scripts carry about a word per character; weigh them up against alphabetic letters.
_SCRIPT_WEIGHT = {"han": 2.0, "kana": 2.0, "hangul": 2.0}


@lru_cache(maxsize=4096)
def _script_of(ch: str) -> str | None:
    cp = ord(ch)
    if cp < 0x41 or not ch.isalpha():
        return None
    for lo, hi, name in _SCRIPT_RANGES:
        if lo <= cp <= hi:
            return name
    return "other"


def script_counts(text: str) -> dict[str, float]:
    """Weighted letter count per script (each distinct character looked up once: an article has a few dozen)."""
    counts: dict[str, float] = {}
    for ch, n in Counter(text).items():
        s = _script_of(ch)
        if s is not None:
            counts[s] = counts.get(s, 0.0) + n * _SCRIPT_WEIGHT.get(s, 1.0)
    return counts


# --- decisive letters ----------------------------------------------------------------------------------------------

_UK_ONLY = set("іїєґІЇЄҐ")
_RU_ONLY = set("ыэёЫЭЁ")
_BE_ONLY = set("ўЎ")
# Belarusian writes і (as Ukrainian) and ы, э (as Russian), and never и, щ, ї, є, ґ: і beside ы or э, without any
# of those, is Belarusian even where no ў happens to occur.
_BE_I, _BE_HARD, _NOT_BE = set("іІ"), set("ыэЫЭ"), set("иИщЩїЇєЄґҐ")
_SR_ONLY = set("ђћЂЋ")
_SR_MK = set("љњјџЉЊЈЏ")  # (Macedonian writes џ too: "џамија", "Џон")
_MK_ONLY = set("ѓќѕЃЌЅ")
_NOT_MK = set("щъЩЪ")
_FA_UR = set("پچژگکی")  # Persian/Urdu letters absent from Arabic
_UR_ONLY = set("ٹڈڑںےھ")
_AR_ONLY = set("ةىيك")  # Arabic ta marbuta, alef maqsura, yeh and kaf (Persian uses ی and ک)


def _cyrillic_rule(text: str) -> tuple[str | None, list[str]]:
    """A decided language, or the candidates left once decisive letters are seen."""
    letters = set(text)
    if letters & _MK_ONLY:
        return "mk", []
    if letters & _SR_ONLY:
        return "sr", []
    if letters & _SR_MK:
        return None, ["mk", "sr"]
    if letters & _BE_ONLY or (letters & _BE_I and letters & _BE_HARD and not letters & _NOT_BE):
        return "be", []
    uk, ru = len(letters & _UK_ONLY), len(letters & _RU_ONLY)
    if uk and not ru:
        return "uk", []
    if ru and not uk:
        return None, ["ru", "bg"] if "ъ" in text else ["ru"]
    # Macedonian writes neither щ (шт: "што", "денешна") nor ъ, which Bulgarian's commonest words hold ("ще", "още",
    # "във", "със").
    return None, ["ru", "uk", "bg"] if letters & _NOT_MK else ["ru", "uk", "bg", "mk"]


def _arabic_rule(text: str) -> tuple[str | None, list[str]]:
    letters = set(text)
    if letters & _UR_ONLY:
        return "ur", []
    fa_ur = len(letters & _FA_UR)
    arabic = sum(text.count(c) for c in _AR_ONLY)
    if fa_ur and arabic <= 1:
        return None, ["fa", "ur"]
    if arabic and not fa_ur:
        return "ar", []
    return None, _SCRIPT_CANDIDATES["arabic"]


# --- function words: strong evidence on short texts ---------------------------------------------------------------

_FUNCTION_WORDS = {
    "en": "the of and to in is was that for on with as by at from it this be are have has not but said were an "
    "which will would been had their they there what who when than",
    "de": "der die das und ist nicht sich mit dem den des ein eine einen auf für von zu im auch wird werden sind "
    "wurde nach bei über oder aus noch wie aber nur sein seine kann diese dass",
    "fr": "le la les des et est une dans pour que qui sur pas par au aux du ne se sont avec il elle ont été cette "
    "mais plus ce son sa ses leur nous vous être fait",
    "es": "el la los las de y que en por con para una es del se al lo como más pero sus fue han está muy también "
    "su le este esta ese hay son entre cuando sobre sin hasta desde todo años ya muy",
    "it": "il di che la è per un una del della sono con non si le gli dei nel alla anche ha più ma come stato delle "
    "questo questa essere dal degli alle",
    "pt": "o os de que em uma um para com não do da dos das no na se por ao mais como foi são também pelo pela às "
    "seu sua mas já quando muito ele ela isso está tem entre",
    "nl": "de het een van en is dat op te in zijn niet met voor ook er aan door wordt bij naar dit maar werd heeft "
    "deze die hij zij ze worden was wel nog geen om tot",
    "af": "die het 'n van en is dat op te in nie met vir ook aan deur word by na hierdie maar sy hy was",
    "pl": "i w na z się że do jest nie to jak o od po przez dla jego są oraz był była ale także tym który może "
    "jest ze we czy tak już",
    "cs": "a v se na je že s z do to jako by o po jsou byl bylo pro ale také který která které jeho už podle než "
    "jsem není být jen při ve ze",
    "sk": "a v sa na je že s z do to ako by o po sú bol bolo pre ale aj ktorý ktorá ktoré jeho už podľa "
    "som nie byť len pri vo zo",
    "sl": "in je v na se da za so z ki pa ne po tudi kot bi ali",
    "hr": "i u je na se da za od su s o a što koji kao ali bi ili iz",
    "sv": "och att det som en på är av för med till den har inte de om ett var jag men från kan så vid också "
    "sig när efter hade eller skulle mycket nu här där mot utan sedan finns blir bara detta denna dessa ni vilket "
    "vilken mellan varit hon honom",
    "da": "og at det som en på er af for med til den har ikke de om et var jeg men fra kan så ved også "
    "sig havde eller skulle meget nu her der mod uden efter bliver kun denne hun mellem hvad dig mig",
    "no": "og at det som en på er av for med til den har ikke de om et var jeg men fra kan så ved også "
    "seg hadde eller skulle mye nå her der mot uten etter blir bare denne ble hun mellom hva dere meg deg",
    "tr": "ve bir bu da de için ile olarak olan çok daha gibi ama en ne kadar sonra ise her şey mi",
    "ro": "și în de la cu pe care este să nu din a fost mai pentru au sunt sau ca dar",
    "hu": "a az és hogy nem is egy meg van volt már csak mint de el ki be fel azt ez",
    "fi": "ja on ei se että oli kun mutta myös ovat tai hän joka niin kuin sen",
    "ca": "el la els les de i que en per amb una és del es als al no però com més seu",
    "id": "dan yang di ini itu dengan untuk dari dalam tidak akan pada ke juga ada adalah",
    "ru": "и в не на что с по как это он она они к у из за от для же но был была было были также когда если "
    "уже только может очень чтобы даже потому после между через где здесь сейчас нас меня себя который "
    "которые его их мы вы",
    "uk": "і в не на що з до як це він вона вони у за від для але був була було були та й також коли якщо "
    "вже тільки може дуже щоб навіть тому після між через де тут зараз нас мене себе який які його їх ми ви "
    "бо ще саме",
    "bg": "и в на се да от за с по че не е са като това той тя във със",
    "mk": "и во на се да од за со по дека не е се како ова тој таа",
    "ar": "في من على إلى أن التي الذي عن مع هذا هذه كان وقد لا ما",
    "fa": "و در به از که این را با است برای آن یک شد می",
}


@lru_cache(maxsize=1)
def _function_word_index() -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for lang, words in _FUNCTION_WORDS.items():
        for w in words.split():
            index.setdefault(w, []).append(lang)
    return {w: tuple(langs) for w, langs in index.items()}


_WORD_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def _function_word_bonus(text: str, candidates: list[str]) -> dict[str, float]:
    """Log-score bonus per language from the function words the text uses."""
    index = _function_word_index()
    bonus: dict[str, float] = {}
    for w in _WORD_RE.findall(text.lower()):
        langs = index.get(w)
        if not langs:
            continue
        share = 1.0 / len(langs)
        for lang in langs:
            if lang in candidates:
                bonus[lang] = bonus.get(lang, 0.0) + share
    return bonus


_FW_WEIGHT = 2.0

# Accented letters and the languages (of the Latin candidates) that write them. A candidate that never uses a letter
# the text contains is penalised once per such letter: "ñ" speaks against Portuguese, "ã" against Spanish.
_MARKER_LETTERS = {
    "ñ": "es tl",
    "ã": "pt vi",
    "õ": "pt et vi",
    "ç": "pt fr ca tr sq",
    "ß": "de",
    "å": "sv da no fi",
    "æ": "da no",
    "ø": "da no",
    "ä": "de sv fi et sk",
    "ö": "de sv fi et hu tr",
    "ü": "de hu tr et es",
    "ő": "hu",
    "ű": "hu",
    "ą": "pl lt",
    "ę": "pl lt",
    "ł": "pl",
    "ń": "pl",
    "ś": "pl",
    "ź": "pl",
    "ż": "pl",
    "ř": "cs",
    "ů": "cs",
    "ě": "cs",
    "ľ": "sk",
    "ĺ": "sk",
    "ŕ": "sk",
    "ô": "sk fr pt vi",
    "č": "cs sk sl hr lt lv",
    "š": "cs sk sl hr lt lv et fi",
    "ž": "cs sk sl hr lt lv et fi",
    "ć": "pl hr",
    "đ": "hr vi",
    "ğ": "tr",
    "ı": "tr",
    "ş": "tr ro",
    "ș": "ro",
    "ț": "ro",
    "ă": "ro vi",
    "î": "ro fr",
    "â": "ro fr pt tr vi",
    "ė": "lt",
    "ų": "lt",
    "į": "lt",
    "ū": "lt lv",
    "ā": "lv",
    "ē": "lv",
    "ī": "lv",
    "ķ": "lv",
    "ļ": "lv",
    "ņ": "lv",
    "ģ": "lv",
    "ŵ": "cy",
    "ŷ": "cy",
    "ë": "sq nl fr af",
    "ï": "fr nl ca af",
    "ê": "fr pt af vi",
    "à": "fr it ca pt vi",
    "è": "fr it ca vi nl",
    "ì": "it vi",
    "ò": "it ca vi",
    "ù": "it fr vi",
    "ý": "cs sk vi",
    "ơ": "vi",
    "ư": "vi",
}
_MARKER_PENALTY = 2.0


def _marker_penalty(text: str, candidates: list[str]) -> dict[str, float]:
    penalty: dict[str, float] = {}
    for ch in set(text.lower()):
        users = _MARKER_LETTERS.get(ch)
        if users is None:
            continue
        users_set = users.split()
        for lang in candidates:
            if lang not in users_set:
                penalty[lang] = penalty.get(lang, 0.0) + 1.0
    return penalty


# --- langdetect profiles, scored exhaustively ------------------------------------------------------------------------

_SMOOTH = 0.5 / 10000  # langdetect's alpha / BASE_FREQ
_MAX_NGRAMS = 4000
_MAX_TEXT = 20000  # characters of a text read for n-grams (langdetect's own limit is 10,000)


@dataclass(frozen=True)
class _Profiles:
    """langdetect's profiles as one matrix: the row of every n-gram, its smoothed log-probability per language."""

    word_lang_prob_map: dict[str, int]  # n-gram -> row
    logs: np.ndarray
    langlist: list[str]


def _read_langdetect() -> tuple[list[str], np.ndarray, list[str]]:
    from langdetect.detector_factory import PROFILES_DIRECTORY, DetectorFactory

    factory = DetectorFactory()
    factory.load_profile(PROFILES_DIRECTORY)
    grams = list(factory.word_lang_prob_map)
    logs = np.log(np.asarray([factory.word_lang_prob_map[g] for g in grams]) + _SMOOTH)
    return grams, logs, list(factory.langlist)


_profiles_lock = threading.Lock()


@lru_cache(maxsize=1)
def _profiles() -> _Profiles:
    """Parsing langdetect's 55 JSON profiles costs seconds in every process; the stored matrix a fraction."""
    from importlib.metadata import version

    from indexer.text.cache import stored_table

    inputs = [version("langdetect"), np.__version__, repr(_SMOOTH), inspect.getsource(_read_langdetect)]
    with _profiles_lock:  # (threads of the web app: one build)
        grams, logs, langs = stored_table("langdetect-profiles", inputs, _read_langdetect)
    return _Profiles({g: i for i, g in enumerate(grams)}, logs, langs)


class _Normalized(dict):
    """langdetect's per-character normalisation (NGram.normalize: punctuation to a space, every kana to one kana,
    CJK ideographs to their cluster's representative …) as a translate table filled on first sight of a character:
    called per character, it was half of language identification."""

    def __missing__(self, code: int) -> str:
        from langdetect.utils.ngram import NGram

        self[code] = out = NGram.normalize(chr(code))
        return out


_NORMALIZED = _Normalized()
_SPACES = re.compile(" {2,}")


def _prepared(text: str) -> str:
    """The text as langdetect's Detector.append keeps it (URLs and e-mail addresses out, Vietnamese marks joined,
    cut at _MAX_TEXT, runs of spaces as one), normalised per character."""
    from langdetect.detector import Detector
    from langdetect.utils.ngram import NGram

    text = NGram.normalize_vi(Detector.MAIL_RE.sub(" ", Detector.URL_RE.sub(" ", text)))
    return _SPACES.sub(" ", text[:_MAX_TEXT]).translate(_NORMALIZED)


@lru_cache(maxsize=200_000)
def _word_ngrams(word: str, spaced: bool) -> tuple[int, ...]:
    """The profile rows of one word's 1-3-grams, as langdetect's NGram reads them from a space before the word (and
    after it when `spaced`): none while the word runs in capitals from its second capital on ("NATO", "UEFA")."""
    rows = _profiles().word_lang_prob_map
    grams, capitals, out = " ", False, []
    for ch in (word + " ") if spaced else word:
        last = grams[-1]
        grams = (" " if last == " " else grams[1:] if len(grams) >= 3 else grams) + ch
        if ch.isupper():
            capitals = capitals or last.isupper()
        else:
            capitals = False
        if not capitals:
            out.extend(rows[g] for g in (grams[-1:], grams[-2:], grams[-3:])[:len(grams)] if g != " " and g in rows)
    return tuple(out)


def _ngrams(text: str) -> np.ndarray:
    """The profile rows of langdetect's n-grams of the text, in its order (Detector.append, then _extract_ngrams),
    worked out per word: a news text repeats its words, and a word's n-grams are the same wherever it stands."""
    words = _prepared(text).split(" ")
    last = len(words) - 1
    grams = np.fromiter(chain.from_iterable(_word_ngrams(word, i < last) for i, word in enumerate(words) if word),
                        dtype=np.intp)
    if len(grams) > _MAX_NGRAMS:  # evenly spaced sample: enough for a decision, bounded cost
        grams = grams[(np.arange(_MAX_NGRAMS) * (len(grams) / _MAX_NGRAMS)).astype(np.intp)]
    return grams


def _nb_scores(text: str, candidates: list[str]) -> dict[str, float]:
    """Summed log-likelihood of the text's n-grams under each candidate's profile.

    One matrix product over the distinct n-grams: scoring every profile costs little more than scoring one.
    """
    profiles = _profiles()
    idx = {lang: profiles.langlist.index(lang) for lang in candidates if lang in profiles.langlist}
    grams = _ngrams(text)  # (only n-grams of the profiles)
    if not len(grams):
        return dict.fromkeys(idx, 0.0)
    rows, first, counts = np.unique(grams, return_index=True, return_counts=True)
    seen = np.argsort(first)  # in the order the text first uses them, so the sum adds up in a fixed order
    totals = counts[seen].astype(float) @ profiles.logs[rows[seen]]
    return {lang: float(totals[i]) for lang, i in idx.items()}


def _to_iso(lang: str) -> str:
    return "zh" if lang.startswith("zh") else lang


def _posterior(scores: dict[str, float]) -> list[tuple[str, float]]:
    if not scores:
        return []
    top = max(scores.values())
    exp = {k: math.exp(v - top) for k, v in scores.items()}
    total = sum(exp.values())
    return sorted(((k, v / total) for k, v in exp.items()), key=lambda kv: (-kv[1], kv[0]))


_URL_RE = re.compile(r"https?://\S+|www\.\S+|\S+@\S+\.\w+")


@dataclass
class Evidence:
    """What a text says about its language: a decision outright, or scores per candidate to be weighed."""

    decided: str | None = None
    ngram: dict[str, float] = field(default_factory=dict)  # naive-Bayes log-likelihood per langdetect code
    words: dict[str, float] = field(default_factory=dict)  # function words seen (shared words split)
    marks: dict[str, float] = field(default_factory=dict)  # accented letters the language never writes
    bytegrams: dict[str, float] = field(default_factory=dict)  # py3langid's log-likelihood, weighted for the script


_KANJI_ONLY_JA_PENALTY = 2.0
_FOREIGN_SCRIPT_SHARE = 0.5
_CYR_WITH_LATIN_I = re.compile(r"[а-яґєїА-ЯҐЄЇ][iI]|[iI][а-яґєїА-ЯҐЄЇ]")


def evidence(text: str, second_opinion: bool = True) -> Evidence | None:
    """Script rules first; n-gram, function-word and letter evidence for the candidates left. In Latin and Cyrillic
    script, the byte n-gram model names a language the profiles lack where it prefers it by a wide margin, and is
    weighed in where the text leaves a doubt (unless `second_opinion` is off: a page that declares its language has
    one already)."""
    text = unicodedata.normalize("NFC", _URL_RE.sub(" ", text or ""))
    counts = script_counts(text)
    if not counts:
        return None
    script = max(sorted(counts), key=lambda s: counts[s])
    if script == "latin":  # Latin names and brands inside Greek, Korean, Hebrew … text do not make it Latin
        others = {s: c for s, c in counts.items() if s not in ("latin", "other")}
        if others:
            best_other = max(sorted(others), key=lambda s: others[s])
            if others[best_other] >= _FOREIGN_SCRIPT_SHARE * counts["latin"]:
                script = best_other
    if script == "han" and counts.get("kana", 0) >= max(1.0, 0.03 * counts["han"]):
        script = "kana"
    if script in _SCRIPT_LANGUAGE:
        return Evidence(decided=_SCRIPT_LANGUAGE[script])
    if script == "han":  # kanji-only Japanese is rare but real (headlines); Chinese is the strong default
        candidates = _SCRIPT_CANDIDATES["han"]
        return Evidence(ngram=_nb_scores(text, candidates), marks={"ja": _KANJI_ONLY_JA_PENALTY})
    candidates = _SCRIPT_CANDIDATES.get(script)
    if candidates is None:
        return None
    if script == "cyrillic" and _CYR_WITH_LATIN_I.search(text):  # Ukrainian typed with a Latin i for і
        text = _CYR_WITH_LATIN_I.sub(lambda m: m.group(0).replace("i", "і").replace("I", "І"), text)
    byte_ll = byte_ngrams.byte_scores(text[:_BYTES_TEXT], _BYTE_LANGUAGES) if script in _UNPROFILED_BY_BYTES else {}
    if byte_ll:
        unprofiled = max(_UNPROFILED_BY_BYTES[script], key=byte_ll.__getitem__)
        if byte_ll[unprofiled] - max(byte_ll[lang] for lang in _BYTE_PEERS[script]) >= _UNPROFILED_MARGIN:
            return Evidence(decided=unprofiled)
    if script == "cyrillic":
        decided, candidates = _cyrillic_rule(text)
    elif script == "arabic":
        decided, candidates = _arabic_rule(text)
    else:
        decided = None
    if decided or len(candidates) == 1:
        return Evidence(decided=decided or candidates[0])
    marks = _marker_penalty(text, candidates) if script == "latin" else {}
    if script == "cyrillic" and "bg" in candidates and "ъ" not in text.lower():
        marks["bg"] = 1.0  # Bulgarian writes ъ as a vowel in its commonest words (във, със, България)
    if script == "cyrillic" and "mk" in candidates and not set(text) & _SR_MK:
        marks["mk"] = 2.0  # and Macedonian ј, љ, њ (ѓ, ќ, ѕ decide alone), of which this text holds none
    ev = Evidence(ngram=_nb_scores(text, candidates), words=_function_word_bonus(text, candidates), marks=marks)
    if second_opinion and script in _BYTES_WEIGHT and combine(ev)[0][1] < _SURE:
        ev.bytegrams = {lang: _BYTES_WEIGHT[script] * byte_ll[lang] for lang in candidates}
    return ev


# py3langid's byte n-gram model (indexer.byte_ngrams) knows languages langdetect's profiles lack. In Latin and
# Cyrillic script, one of those is the answer where the byte model prefers it to every language of the script that
# the profiles know by a wide margin (log-likelihood; at 6, Macedonian, Nynorsk and Portuguese snippets began to go;
# above 8, more of the added languages' snippets are lost). Languages it knows too poorly to tell from a neighbour
# are left out: Bosnian (Croatian, Serbian) and Malay (Indonesian).
_UNPROFILED_BY_BYTES = {
    "latin": ("az", "eo", "eu", "ga", "is", "la", "lg", "sn", "st", "xh", "yo", "zu"),
    "cyrillic": ("be", "kk", "mn", "sr"),
}
_BYTE_PEERS = {script: tuple(_SCRIPT_CANDIDATES[script]) for script in _UNPROFILED_BY_BYTES}
_BYTE_LANGUAGES = tuple(chain.from_iterable((*_BYTE_PEERS[s], *_UNPROFILED_BY_BYTES[s]) for s in _BYTE_PEERS))
_UNPROFILED_MARGIN = 8.0
_BYTES_TEXT = 500  # characters read by the byte model: enough for a verdict, a fraction of its cost on a long text


# Weights, tuned on the lingua dev half (benchmarks/language.py). The n-gram log-likelihood is divided by a
# temperature because overlapping 1–3-grams count every letter three times and make raw naive Bayes overconfident.
_NGRAM_TEMPERATURE = 4.0
_DECLARED_BOOST = 5.0
# The byte n-gram model is weighed in only where the letters leave a doubt (most articles are past it). Latin-script
# languages share most of their letters, and there the two models together beat either, at equal weight. In Cyrillic
# at that weight it lowered Russian; a tenth of it still tells Bulgarian from Macedonian better. In Devanagari it
# lowered Marathi.
_BYTES_WEIGHT = {"latin": 1.0, "cyrillic": 0.1}
_SURE = 0.999


def combine(
    ev: Evidence,
    declared: str | None = None,
    temperature: float = _NGRAM_TEMPERATURE,
    word_weight: float = _FW_WEIGHT,
    mark_weight: float = _MARKER_PENALTY,
    byte_weight: float = 1.0,
) -> list[tuple[str, float]]:
    """Posterior over languages (ISO codes), best first."""
    if ev.decided:
        return [(ev.decided, 1.0)]
    scores = {}
    for lang, ll in ev.ngram.items():
        iso = _to_iso(lang)
        score = (
            ll / temperature + word_weight * ev.words.get(lang, 0.0) - mark_weight * ev.marks.get(lang, 0.0)
            + byte_weight * ev.bytegrams.get(lang, 0.0)
        )
        if declared and iso == declared:
            score += _DECLARED_BOOST
        scores[lang] = score
    merged: dict[str, float] = {}
    for lang, p in _posterior(scores):
        iso = _to_iso(lang)
        merged[iso] = merged.get(iso, 0.0) + p
    return sorted(merged.items(), key=lambda kv: (-kv[1], kv[0]))


def load_models() -> None:
    """Read langdetect's profiles and the byte n-gram model now rather than at the first text that needs them."""
    _profiles()
    byte_ngrams.load(_BYTE_LANGUAGES)


def reads_as_language(text: str) -> float:
    """How much `text` reads like some language: the most, over langdetect's profiles, that its n-grams gain over
    n-grams the language never uses (n-grams no profile knows, mojibake among them, gain nothing). Of two readings
    of the same bytes (indexer.sources.encoding), the higher is likelier the text its writer typed."""
    grams = _ngrams(text)
    if not len(grams):
        return 0.0
    return float((_profiles().logs[grams] - math.log(_SMOOTH)).sum(axis=0).max())


def rank_languages(text: str, declared: str | None = None) -> list[tuple[str, float]]:
    """Candidate languages with posterior probabilities, best first."""
    ev = evidence(text, second_opinion=declared is None)
    return combine(ev, declared) if ev else []


_ALIASES = {"iw": "he", "in": "id", "ji": "yi", "nb": "no", "nn": "no", "zh-hans": "zh", "zh-hant": "zh"}


def normalize_code(code: str | None) -> str | None:
    """ISO 639-1 from a declared tag such as 'en-US', 'zh_Hant', 'pt-BR'; None when not a language tag."""
    if not code:
        return None
    primary = code.strip().lower().replace("_", "-").split("-")[0]
    primary = _ALIASES.get(primary, primary)
    if len(primary) != 2 or not primary.isalpha():
        return None
    return primary


_MIN_LETTERS = 2

# Declared languages the n-gram profiles do not know, with their scripts: when the text is in that script, the
# declaration is the best answer there is (Galician would otherwise come out as Portuguese or Spanish).
_UNPROFILED = {
    "latin": set(
        "gl eu bs sr ms az is ga la eo mt lb uz tk ku yo ha ig zu xh st tn sn ts ln rw mg ht".split()
    ),
    "cyrillic": set("be kk sr mn ky tg tt ba cv os".split()),
}


_UNPROFILED_ANY = set().union(*_UNPROFILED.values())


def _dominant_script(text: str) -> str | None:
    counts = script_counts(text)
    return max(sorted(counts), key=lambda s: counts[s]) if counts else None


def _letters(text: str) -> int:
    return sum(n for ch, n in Counter(text).items() if ch.isalpha())


def detect_language(text: str, declared: str | None = None, title: str = "") -> str:
    """ISO 639-1 of an article's body; the title and a declared page language help when the body is short."""
    declared_iso = normalize_code(declared)
    sample = f"{title}\n{text}" if title else (text or "")
    if _letters(sample) < _MIN_LETTERS:
        return declared_iso or UND
    if declared_iso in _UNPROFILED_ANY and declared_iso in _UNPROFILED.get(_dominant_script(sample) or "", ()):
        ranked = rank_languages(sample)
        if not ranked or ranked[0][0] not in ("sr", "mk", "be", "uk") or ranked[0][0] == declared_iso:
            return declared_iso
    ranked = rank_languages(sample, declared_iso)
    if not ranked:
        return declared_iso or UND
    best, p = ranked[0]
    if p < 0.5 and declared_iso and any(lang == declared_iso for lang, _ in ranked[:3]):
        return declared_iso
    return best


def detect_short(text: str) -> str:
    """ISO 639-1 of a headline, quote or snippet; 'und' when there is too little to go on."""
    if _letters(text or "") < _MIN_LETTERS:
        return UND
    ranked = rank_languages(text)
    if not ranked:
        return UND
    best, p = ranked[0]
    return best if p >= 0.2 else UND
