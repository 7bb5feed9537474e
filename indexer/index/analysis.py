"""Per-language text analysis for the Whoosh index: one analyzer per profile, the same at index and query time.

Every analyzer is TextTokenizer + one filter, both module-level classes holding only strings, so Whoosh can pickle
them into the schema. The work per word is done by cached functions keyed by (profile, word, mode):

* Latin/Cyrillic/Greek languages: NFKC, lowercase, stop words, then a Snowball stem (languages Whoosh has a stemmer
  for) or a simplemma lemma (Ukrainian, Polish, Czech, Greek, Turkish …), then accent folding. At index time a word
  also gets the form computed from its accent-free spelling, at the same position, so "Zurich" finds "Zürich" and
  "Krakow" finds "Krakowie"; a query gets one form only, so a query word never turns into several required terms.
* German and Dutch: a compound also gets the stems of its heads at index time ("Frühjahrshochwasser" → hochwasser,
  wasser; see `compounds`); a query word is not split, so "Jahrhunderthochwasser" still asks for that word.
* Chinese, Japanese, Korean: runs of ideographs/kana/hangul become overlapping bigrams (plus single characters at
  index time, so one-character queries work); a multi-character query becomes consecutive bigrams, so engines should
  give these fields multitoken_query="phrase".
* Arabic: harakat and tatweel removed, alef/yeh forms unified, ta marbuta → heh, the article (with و ف ب ك ل before
  it) removed and light suffixes stripped; conjunction/preposition clitics are removed in an extra index-time form.
* Persian, Hebrew: normalised (Hebrew prefixes ה ו ב ל מ ש כ dropped in an extra index-time form).
* The transliteration analyzer maps every alphabet to folded Latin after lemmatising, for a cross-script field.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from functools import lru_cache
from itertools import count
from pickle import dumps

from whoosh import fields, formats
from whoosh.analysis import Analyzer, CompositeAnalyzer, Filter, LowercaseFilter, RegexTokenizer, Tokenizer
from whoosh.analysis.acore import Token
from whoosh.analysis.tokenizers import default_pattern
from whoosh.lang import has_stopwords, stemmer_for_language, stopwords_for_language
from whoosh.system import pack_uint

from indexer.text import scripts
from indexer.text.compounds import compound_heads
from indexer.text.lemmas import lemma
from indexer.text.scripts import fold

# --- profiles -----------------------------------------------------------------------------------------------------------

SNOWBALL = ("en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "hu", "ro", "ru")
# profiles indexed by dictionary form (simplemma; indexer.text.lemmas knows its code for each: "hr" is "hbs")
LEMMA = ("uk", "pl", "cs", "sk", "sl", "hr", "bg", "mk", "el", "tr", "lt", "lv", "et", "ca")
# Words in another script than the language's own are only folded: no dictionary is loaded to look them up.
_LEMMA_SCRIPT = {"uk": "cyrillic", "bg": "cyrillic", "mk": "cyrillic", "el": "greek"}
# German and Dutch compounds also index their heads ("Jahrhunderthochwasser" is found by Hochwasser): compounds.py
COMPOUND_PROFILES = ("de", "nl")
SPECIAL = ("ar", "fa", "he", "cjk", "neutral")
PROFILES: tuple[str, ...] = SNOWBALL + tuple(LEMMA) + SPECIAL

_LANGUAGE_PROFILE = {
    "nb": "no", "nn": "no", "sr": "hr", "bs": "hr", "zh": "cjk", "ja": "cjk", "ko": "cjk", "ur": "fa",
    "iw": "he", "yi": "he",
}  # fmt: skip


def profile_for(language: str) -> str:
    """The analysis profile for an ISO 639-1 code (tags like 'pt-BR' or 'zh-cn' accepted); 'neutral' if none fits."""
    code = (language or "").strip().lower().replace("_", "-").split("-")[0]
    if code in PROFILES and code not in ("cjk", "neutral"):
        return code
    return _LANGUAGE_PROFILE.get(code, "neutral")


# --- tokenizer ----------------------------------------------------------------------------------------------------------

_WORD_CHARS = (
    r"\w\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7"
    r"\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0900-\u0dff\u0e00-\u0e7f\u200c\u200d"
)
_CJK_CHARS = (
    r"\u1100-\u11ff\u3040-\u309f\u30a0-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    r"\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f"
)
_TOKEN_RE = re.compile(rf"(?P<cjk>[{_CJK_CHARS}]+)|(?P<word>[{_WORD_CHARS}]+(?:[.'’ʼ][{_WORD_CHARS}]+)*)")


class TextTokenizer(Tokenizer):
    """Words (apostrophes and inner dots kept) and CJK runs as overlapping bigrams."""

    def __call__(
        self, value, positions=False, chars=False, keeporiginal=False, removestops=True, start_pos=0,
        start_char=0, tokenize=True, mode="", **kwargs,
    ):  # fmt: skip
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            t.original = t.text = value
            t.boost, t.stopped = 1.0, False
            if positions:
                t.pos = start_pos
            if chars:
                t.startchar, t.endchar = start_char, start_char + len(value)
            yield t
            return
        pos = start_pos
        query = mode == "query"
        for m in _TOKEN_RE.finditer(value):
            if m.group("word") is not None:
                yield self._emit(
                    t, m.group(0), pos, m.start(), m.end(), positions, chars, keeporiginal, start_char
                )
                pos += 1
                continue
            run = unicodedata.normalize("NFKC", m.group(0))
            if len(run) == 1:
                yield self._emit(t, run, pos, m.start(), m.end(), positions, chars, keeporiginal, start_char)
                pos += 1
                continue
            for i in range(len(run) - 1 if query else len(run)):
                s = m.start() + i
                if not query:
                    yield self._emit(t, run[i], pos, s, s + 1, positions, chars, keeporiginal, start_char)
                if i < len(run) - 1:
                    yield self._emit(
                        t, run[i : i + 2], pos, s, s + 2, positions, chars, keeporiginal, start_char
                    )
                pos += 1

    @staticmethod
    def _emit(t, text, pos, start, end, positions, chars, keeporiginal, start_char):
        t.text = text
        t.boost, t.stopped = 1.0, False
        if keeporiginal:
            t.original = text
        if positions:
            t.pos = pos
        if chars:
            t.startchar, t.endchar = start_char + start, start_char + end
        return t


# --- stop words ---------------------------------------------------------------------------------------------------------

_EXTRA_STOPS = {
    "uk": "і й та а але в у на з із зі до від для за по про що як це не ні чи же би б то так цей ця ці той ".split()
    + "він вона вони воно його її їх був була було були є бути також вже ще".split(),
    "pl": "i w we na z ze do od dla za po o a ale że to nie jest są się jak co czy by już także oraz przez "
    "który która które jego jej ich był była było były".split(),
    "cs": "a v ve na z ze do od pro za po o ale že to ne je jsou se jak co by už také který která které "
    "jeho její jejich byl byla bylo byly".split(),
    "sk": "a v vo na z zo do od pre za po o ale že to nie je sú sa ako čo by už aj ktorý ktorá ktoré "
    "jeho jej ich bol bola bolo boli".split(),
    "sl": "in v na z s iz do od za po o pa da je so se ki ne kot bi tudi ali".split(),
    "hr": "i u na s sa iz do od za po o a ali da je su se koji koja koje ne kao bi što ili".split(),
    "bg": "и в във на с със от до за по а но че да е са се не като този тази това той тя те".split(),
    "mk": "и во на со од до за по а но дека да е се не како овој оваа ова тој таа тие".split(),
    "el": "και το η ο οι τα του της των τον την σε στο στη στην στον από για με που να θα δεν είναι ότι "
    "ως ένα μια".split(),
    "tr": "ve ile bir bu şu da de için ama veya gibi daha çok en ki mi ne".split(),
    "lt": "ir į iš su be už per apie kad bet ar tai yra buvo".split(),
    "lv": "un ar uz no par pie kā ka bet vai tas ir bija".split(),
    "et": "ja ning on ei et see oli kui aga ka".split(),
    "ca": "el la els les i de del dels a al als en per amb que es un una no però com".split(),
    "ro": "și în de la cu pe care este să nu din a fost mai pentru au sunt sau ca dar un o".split(),
    "ar": "في من على الى إلى عن مع ان أن إن هذا هذه ذلك التي الذي الذين كان كانت قد لا ما او أو ثم كما بين".split(),
    "fa": "و در به از که این آن را با است برای یک تا شد می بر هم نیز".split(),
    "he": "של את על עם זה זו גם לא כי אם או אך היא הוא הם".split(),
}


@lru_cache(maxsize=64)
def _stoplist(profile: str) -> frozenset[str]:
    words: set[str] = set(_EXTRA_STOPS.get(profile, ()))
    if has_stopwords(profile):
        words |= set(stopwords_for_language(profile))
    if profile in ("ar", "fa"):
        words = {scripts.normalize_arabic(w).replace("ة", "ه") for w in words}
    return frozenset(words | {fold(w) for w in words})


# --- per-word forms -----------------------------------------------------------------------------------------------------

# Apostrophe variants become "'"; zero-width (non-)joiners, which Persian writes inside words, are dropped.
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "‘": "'", "`": "'", "\u200c": "", "\u200d": ""})
_ELISIONS = {
    "fr": {"l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"},
    "it": {"l", "d", "un", "dell", "dall", "nell", "sull", "all", "quest", "quell", "c", "s", "v"},
    "ca": {"l", "d", "s", "m", "n", "t"},
}


@lru_cache(maxsize=32)
def is_stop_word(word: str, language: str) -> bool:
    """Whether the language's analysis drops this word (lower-case: a capitalised one may be a name)."""
    low = word.lower()
    return low == word and (low in _stoplist(profile_for(language)) or fold(low) in _stoplist(profile_for(language)))


def _stemmer(lang: str):
    return stemmer_for_language(lang)


def _lemma(word: str, code: str) -> str:
    return lemma(word, code)


def _lemma_cased(word: str, code: str) -> str:
    """Lemma of a word; a lowercase word is tried capitalised too, so "києві" (typed) gives "Київ", not "кий"."""
    lemma = _lemma(word, code)
    if word.islower():
        proper = _lemma(word[:1].upper() + word[1:], code)
        if proper[:1].isupper():
            return proper
    return lemma


def lemma_of(word: str, language: str) -> str | None:
    """A word's dictionary form, case kept ("Wrocławia" -> "Wrocław"), in the languages analysed by lemmas;
    None in the others."""
    profile = profile_for(language)
    return _lemma_cased(word, profile) if profile in LEMMA else None


def _dedupe(forms) -> tuple[str, ...]:
    return tuple(f for f in dict.fromkeys(forms) if f)


def _prepare(profile: str, text: str) -> tuple[str, str]:
    """NFKC and apostrophe-normalised word with case kept, and its lowercase; elision and possessive removed."""
    word = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES)
    if profile == "tr":
        word = word.replace("İ", "i").replace("I", "ı")
    low = word.lower()
    if "'" in low:
        head, _, tail = low.partition("'")
        if head in _ELISIONS.get(profile, ()) and tail:
            word, low = word[len(head) + 1 :], tail
        elif profile == "en" and low.endswith("'s"):
            word, low = word[:-2], low[:-2]
    return word, low


@lru_cache(maxsize=500_000)
def word_forms(profile: str, text: str, query: bool) -> tuple[str, ...]:
    """Index terms for one token (first = the query term); empty for a stop word."""
    word, low = _prepare(profile, text)
    if profile == "hr" and scripts.word_script(word) == "cyrillic":
        word, low = scripts.serbian_to_latin(word), scripts.serbian_to_latin(low)
    elif profile in ("ar", "fa"):
        low = scripts.normalize_arabic(low).replace("ة", "ه")
    if (low in _stoplist(profile) or fold(low) in _stoplist(profile)) and not word[:1].isupper():
        return ()  # a capitalised stop word may be a name (the river Oder, German "oder" = "or"): kept
    if low.isdigit():
        return (low,)
    if not fold(low):
        return ()  # combining marks with no letter (broken text): nothing to index, and some stemmers fail on ""
    if profile in SNOWBALL:
        stem = _stemmer(profile)
        forms = [fold(stem(low)), fold(stem(fold(low)))]
        if not query and profile in COMPOUND_PROFILES:
            forms += [fold(stem(head)) for head in compound_heads(word, profile)]
    elif profile in LEMMA and scripts.word_script(low) == _LEMMA_SCRIPT.get(profile, "latin"):
        forms = [fold(_lemma_cased(word, profile).lower())]
        if not query:
            forms += [fold(_lemma(low, profile).lower()), fold(_lemma(fold(low), profile).lower())]
    elif profile in ("ar", "fa") and scripts.word_script(low) == "arabic":
        forms = _arabic_forms(low) if profile == "ar" else _persian_forms(low, text)
    elif profile == "he" and scripts.word_script(low) == "hebrew":
        forms = _hebrew_forms(low)
    else:
        forms = [fold(low)]
    forms = _dedupe(forms)
    return forms[:1] if query else forms


_AR_ARTICLE = re.compile(r"^(?:[وف]?[بكل]?ال|[وف]?لل)")
_AR_CLITIC = re.compile(r"^[وف][بكل]?|^[بكل]")
_AR_SUFFIXES = ("ها", "ان", "ات", "ون", "ين", "يه", "ه", "ي")


def _arabic_stem(word: str) -> str:
    m = _AR_ARTICLE.match(word)
    if m and len(word) - m.end() >= 2:
        word = word[m.end() :]
    for suffix in _AR_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            word = word[: -len(suffix)]
    return word


def _arabic_forms(low: str) -> list[str]:
    word = scripts.normalize_arabic(low).replace("ة", "ه")
    forms = [_arabic_stem(word)]
    m = _AR_CLITIC.match(word)
    if m and len(word) - m.end() >= 3:
        forms.append(_arabic_stem(word[m.end() :]))
    return forms


def _persian_forms(low: str, text: str) -> list[str]:
    """The word joined at its zero-width non-joiners, plus (index side) its stem without plural or prefix parts."""
    word = scripts.normalize_arabic(low).replace("ة", "ه")
    forms = [word]
    parts = [scripts.normalize_arabic(p.lower()) for p in unicodedata.normalize("NFKC", text).split("\u200c")]
    if len(parts) > 1:
        forms += [p for p in parts if len(p) >= 2 and p not in _stoplist("fa") and p not in ("ها", "هاي")]
    for suffix in ("هاي", "ها"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            forms.append(word[: -len(suffix)])
            break
    return forms


_HE_PREFIXES = set("הובלמשכ")


def _hebrew_forms(low: str) -> list[str]:
    word = scripts.strip_hebrew_points(low)
    forms = [word]
    rest = word
    for _ in range(2):
        if len(rest) >= 4 and rest[0] in _HE_PREFIXES:
            rest = rest[1:]
            forms.append(rest)
    return forms


# --- filters --------------------------------------------------------------------------------------------------------------


def _expand(tokens, forms_of):
    """Replace each token by its forms at one position; drop stop words and close the gaps they leave."""
    new_pos = None
    last_orig = None
    for t in tokens:
        forms = forms_of(t)
        if not forms:
            if not t.removestops:
                t.stopped = True
                yield t
            continue
        if t.positions:
            if last_orig is None or t.pos != last_orig:
                new_pos = t.pos if new_pos is None else new_pos + 1
                last_orig = t.pos
            t.pos = new_pos
        for f in forms:
            t.text = f
            yield t


class LanguageFilter(Filter):
    """Stop words, stemming or lemmatisation and folding for one profile."""

    def __init__(self, profile: str = "neutral"):
        self.profile = profile

    def __call__(self, tokens):
        profile = self.profile
        return _expand(tokens, lambda t: word_forms(profile, t.text, t.mode == "query"))


# --- transliteration -------------------------------------------------------------------------------------------------------

_DOUBLE = re.compile(r"([a-z])\1+")


def _latin_finish(word: str) -> str:
    """The light Latin normalisation applied to every word of the cross-script field, native or transliterated."""
    word = word.replace("'s", "") if word.endswith("'s") else word
    word = scripts.fold_name_ending(word.replace("'", "").replace(".", ""))
    word = _DOUBLE.sub(r"\1", word)
    if len(word) >= 5 and word.endswith("s") and word[-2] not in "suio":
        word = word[:-1]
    return word


@lru_cache(maxsize=500_000)
def translit_forms(text: str, default: str, query: bool) -> tuple[str, ...]:
    """Latin forms of one token for the cross-script field (first = the query term)."""
    word = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES)
    script = scripts.word_script(word)
    if script == "cyrillic":
        decided = scripts.cyrillic_variant(word, default="")
        variants = (
            [decided] if decided else ([default] if query else [default, "ru" if default == "uk" else "uk"])
        )
        forms = []
        for v in variants:
            base = _lemma_cased(word, v) if v in ("uk", "ru", "bg", "mk") else word
            forms.append(scripts.cyrillic_to_latin(base, v))
    elif script == "greek":
        forms = [scripts.greek_to_latin(_lemma_cased(word, "el"))]
    elif script == "arabic":
        low = scripts.normalize_arabic(word)
        m = _AR_ARTICLE.match(low)
        if m and len(low) - m.end() >= 2:
            low = low[m.end() :]
        forms = [scripts.to_latin(low)]
    elif script in ("hebrew", "latin"):
        forms = [scripts.to_latin(word)]
    else:
        forms = [word.lower()]
    forms = _dedupe(_latin_finish(f) for f in forms)
    return forms[:1] if query else forms


class TranslitFilter(Filter):
    """Every alphabet to folded Latin (after lemmatising where a lemmatiser exists)."""

    def __call__(self, tokens):
        return _expand(
            tokens, lambda t: translit_forms(t.text, getattr(t, "cyrillic", "uk"), t.mode == "query")
        )


class TranslitTokenizer(TextTokenizer):
    """TextTokenizer that also tells the filter which romanisation suits the text's ambiguous Cyrillic words."""

    def __call__(self, value, **kwargs):
        variant = scripts.document_cyrillic_variant(value) if kwargs.get("tokenize", True) else "uk"
        for t in super().__call__(value, **kwargs):
            t.cyrillic = variant
            yield t


# --- public API --------------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def analyzer_for(profile: str) -> Analyzer:
    """The analyzer of a profile (unknown names get the neutral one); use it at index and query time."""
    if profile not in PROFILES:
        profile = "neutral"
    return TextTokenizer() | LanguageFilter(profile)


@lru_cache(maxsize=1)
def translit_analyzer() -> Analyzer:
    """Analyzer for a cross-script field: every alphabet lemmatised where possible, then romanised and folded."""
    return TranslitTokenizer() | TranslitFilter()


_KEY_WORD = re.compile(rf"[{_WORD_CHARS}]+(?:['’ʼ][{_WORD_CHARS}]+)*")


def fold_key(text: str) -> str:
    """A matching key for names: lowercase, accent-folded, romanised ("Zürich" → "zurich", "Київ" → "kyiv")."""
    text = unicodedata.normalize("NFKC", text or "")
    default = scripts.document_cyrillic_variant(text)
    return " ".join(scripts.latin_key(w, default) for w in _KEY_WORD.findall(text))


# --- indexing in one pass -------------------------------------------------------------------------------------------------


class TextField(fields.TEXT):
    """Whoosh's TEXT field, whose words are analysed in one pass when it has one of the analyzers above or Whoosh's
    StandardAnalyzer without stop words: the same terms, positions and weights as Whoosh's generators of tokens
    (the tokenizer, then the filters, then the format's word_values), without a Token object and three generator
    layers per word. Any other analyzer, format or value goes Whoosh's way."""

    def index(self, value, **kwargs):
        kind = type(self.format)
        chain = _one_pass(self.analyzer, value) if isinstance(value, str) and not kwargs else None
        if chain is None or kind not in (formats.Positions, formats.Frequency):
            return super().index(value, **kwargs)
        return _postings(*chain, self.format.field_boost, kind is formats.Positions)


def _one_pass(analyzer, value: str):
    """(words with their positions, index-time forms of a word) under this analyzer, None for another kind."""
    if not isinstance(analyzer, CompositeAnalyzer) or len(analyzer.items) != 2:
        return None
    tokenizer, chain = analyzer.items
    if type(tokenizer) is TextTokenizer and type(chain) is LanguageFilter:
        profile = chain.profile
        return _tokens(value), lambda word: word_forms(profile, word, False)
    if type(tokenizer) is TranslitTokenizer and type(chain) is TranslitFilter:
        variant = scripts.document_cyrillic_variant(value)
        return _tokens(value), lambda word: translit_forms(word, variant, False)
    if (type(tokenizer) is RegexTokenizer and tokenizer.expression.pattern == default_pattern.pattern
            and not tokenizer.gaps and type(chain) is LowercaseFilter):  # StandardAnalyzer(stoplist=None)
        return zip(_STANDARD_WORD.findall(value), count()), lambda word: (word.lower(),)
    return None


_STANDARD_WORD = re.compile(r"\w+(?:\.?\w+)*", default_pattern.flags)  # Whoosh's words, no capturing group


def _tokens(value: str):
    """(word, position) as TextTokenizer gives them at index time: a CJK run as each character and each bigram."""
    if not _CJK_RUN.search(value):
        return zip(_WORD_TOKEN.findall(value), count())
    return _mixed_tokens(value)


def _mixed_tokens(value: str):
    pos = 0
    for m in _TOKEN_RE.finditer(value):
        if m.group("word") is not None:
            yield m.group(0), pos
            pos += 1
            continue
        run = unicodedata.normalize("NFKC", m.group(0))
        if len(run) == 1:
            yield run, pos
            pos += 1
            continue
        for i in range(len(run)):
            yield run[i], pos
            if i < len(run) - 1:
                yield run[i : i + 2], pos
            pos += 1


_CJK_RUN = re.compile(f"[{_CJK_CHARS}]")
_WORD_TOKEN = re.compile(rf"[{_WORD_CHARS}]+(?:[.'’ʼ][{_WORD_CHARS}]+)*")  # TextTokenizer's words, in text without CJK


def _postings(tokens, forms_of, field_boost: float, with_positions: bool) -> list[tuple[bytes, int, float, bytes]]:
    """(term, frequency, weight, encoded value) per term, as Positions.word_values (the positions) or
    Frequency.word_values (the frequency) after the filter's _expand: a stop word is left out and the gap it leaves
    closed, the forms of one word share its position."""
    positions: dict[str, list[int]] = defaultdict(list)
    new_pos = last = None
    known: dict[str, tuple[str, ...]] = {}  # (the words of an article repeat)
    for word, pos in tokens:
        forms = known.get(word)
        if forms is None:
            forms = known[word] = forms_of(word)
        if not forms:
            continue
        if last is None or pos != last:
            new_pos = pos if new_pos is None else new_pos + 1
            last = pos
        for form in forms:
            positions[form].append(new_pos)
    if not with_positions:
        return [(term.encode("utf-8"), len(where), float(len(where)) * field_boost, pack_uint(len(where)))
                for term, where in positions.items()]
    out = []
    for term, where in positions.items():
        deltas = [b - a for a, b in zip([0, *where[:-1]], where, strict=True)]
        out.append((term.encode("utf-8"), len(where), float(len(where)) * field_boost,
                    pack_uint(len(deltas)) + dumps(deltas, 2)))
    return out
