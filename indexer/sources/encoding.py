"""Bytes → text for HTML pages: size limit, gzip, binary refusal and charset resolution.

Real pages lie about their charset (a template says utf-8, the CMS writes cp1251), so a declaration is only
trusted when the bytes agree with it; otherwise a small scoring detector picks the most plausible legacy
encoding. No third-party detector is needed for the encodings news sites actually use.
"""

from __future__ import annotations

import codecs
import re
import unicodedata

from indexer.models import InputError
from indexer.sources.inflate import Corrupt, TooLarge, inflate

MAX_PAGE_BYTES = 20 * 1024 * 1024  # 20 MiB, counted after gzip decompression

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# Magic numbers of formats people feed to a news cleaner by mistake.
_MAGIC = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive (or an Office document)"),
    (b"\x7fELF", "an executable"),
    (b"MZ", "a Windows executable"),
    (b"%!PS", "a PostScript document"),
    (b"OggS", "an Ogg media file"),
    (b"ID3", "an MP3 file"),
    (b"\x00\x00\x01\x00", "an icon file"),
    (b"BZh", "a bzip2 archive"),
    (b"\xfd7zXZ\x00", "an xz archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-zip archive"),
    (b"WARC/", "a WARC archive (use `ingest` on it)"),
)

# WHATWG treats these labels as their Windows supersets; browsers do the same.
_ALIASES = {
    "iso-8859-1": "cp1252", "latin-1": "cp1252", "latin1": "cp1252", "ascii": "cp1252", "us-ascii": "cp1252",
    "iso8859-1": "cp1252", "iso-8859-9": "cp1254", "tis-620": "cp874", "shift_jis": "cp932", "shift-jis": "cp932",
    "sjis": "cp932", "x-sjis": "cp932", "windows-31j": "cp932", "ms_kanji": "cp932", "gb2312": "gb18030",
    "gbk": "gb18030", "x-gbk": "gb18030", "euc-kr": "cp949", "ks_c_5601-1987": "cp949", "utf8": "utf-8",
    "x-user-defined": "cp1252", "unicode": "utf-16-le", "utf-16": "utf-16-le",
}

# Encodings tried when nothing trustworthy is declared, in order of prior likelihood on news pages.
_CANDIDATES = ("cp1252", "cp1251", "cp1250", "cp932", "euc-jp", "gb18030", "big5", "cp949", "koi8-r",
               "iso-8859-7", "cp1256", "cp1255", "cp1254", "cp1257", "iso-8859-15", "cp874")

# Single-byte code pages of Latin-script languages: Western, Central European, Turkish, Baltic, Western with €;
# and the one each language was written in before UTF-8 (ISO 8859-2, -9 and -13 are near enough to them).
_LATIN_CODE_PAGES = ("cp1252", "cp1250", "cp1254", "cp1257", "iso-8859-15")
_CODE_PAGE_OF = {lang: codec for codec, langs in {
    "cp1252": "af ca cy da de en es eu fi fr ga is it la lb nl no pt sv",
    "cp1250": "bs cs hr hu pl ro sk sl sq sr",
    "cp1254": "az tr",
    "cp1257": "et lt lv",
}.items() for lang in langs.split()}
_LANGUAGE_SAMPLE = 3000  # characters of the page's text that tell its language

_META_RE = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_:.\-]+)""", re.IGNORECASE)
_XML_DECL_RE = re.compile(rb"""^\s*<\?xml[^>]+encoding\s*=\s*["']([a-zA-Z0-9_.\-]+)""", re.IGNORECASE)
_HEADER_RE = re.compile(r"""charset\s*=\s*["']?\s*([a-zA-Z0-9_:.\-]+)""", re.IGNORECASE)


def normalize_codec(label: str | None) -> str | None:
    """A Python codec name for a charset label, or None when Python does not know it."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    label = _ALIASES.get(label, label)
    try:
        name = codecs.lookup(label).name
    except LookupError:
        return None
    return _ALIASES.get(name, name)


def prepare_bytes(data: bytes) -> bytes:
    """Decompress gzip input and refuse what cannot be an HTML page, with a message that says what to do."""
    if not data or not data.strip():
        raise InputError("empty input: the page has no content; check the file or download it again")
    if len(data) > MAX_PAGE_BYTES:
        raise InputError(f"page too large: {len(data)} bytes is over the {MAX_PAGE_BYTES // 2**20} MiB limit; "
                         "split or trim the file")
    if data[:2] == b"\x1f\x8b":
        data = _gunzip(data)
        if not data.strip():
            raise InputError("empty input: the gzip file decompresses to nothing; check the file")
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise InputError(f"not an HTML page: the input is {what}; give an .html or .html.gz file")
    if _looks_binary(data):
        raise InputError("not an HTML page: the input is binary data (it contains NUL bytes); "
                         "give an .html or .html.gz file")
    return data


_MARKUP = re.compile(r"<(?:[a-zA-Z][\w:-]*(?:\s|/?>)|/[a-zA-Z][\w:-]*\s*>|!--|!doctype|\?xml)", re.IGNORECASE)


def require_markup(html: str) -> None:
    """A file with no tag at all ("hello", a saved e-mail, a CSV) is not a page: storing it as a title-less
    article hides the mistake, so it is refused. Fragments without <html> still pass (they have tags)."""
    if not _MARKUP.search(html):
        raise InputError("not an HTML page: the input is plain text without any HTML markup; "
                         "give an .html or .html.gz file")


def _gunzip(data: bytes) -> bytes:
    """Decompress with a hard output cap (gzip bombs) and keep what a truncated download still holds."""
    try:
        return inflate(data, "gzip", MAX_PAGE_BYTES)
    except TooLarge:
        raise InputError(f"page too large: it decompresses to over the {MAX_PAGE_BYTES // 2**20} MiB limit "
                         "(or it is a decompression bomb); split or trim the file") from None
    except Corrupt as exc:
        raise InputError(f"corrupt gzip input ({exc}); download the page again") from None


def _utf16_guess(data: bytes) -> str | None:
    """UTF-16 without BOM: ASCII markup leaves a NUL in every other byte."""
    head = data[:4096]
    if len(head) < 8:
        return None
    even = head[0::2].count(0)
    odd = head[1::2].count(0)
    half = len(head) // 2
    if odd > 0.4 * half and even < 0.05 * half:
        return "utf-16-le"
    if even > 0.4 * half and odd < 0.05 * half:
        return "utf-16-be"
    return None


def _looks_binary(data: bytes) -> bool:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or _utf16_guess(data):
        return False
    head = data[:8192]
    return head.count(0) > 0


def _bom(data: bytes) -> tuple[str | None, int]:
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name, len(bom)
    return None, 0


def declared_charset(data: bytes) -> str | None:
    """The charset named by an XML declaration or <meta> in the first 64 KiB, if Python knows it."""
    head = data[:65536]
    match = _XML_DECL_RE.search(head) or _META_RE.search(head)
    if not match:
        return None
    codec = normalize_codec(match.group(1).decode("ascii", "ignore"))
    if codec and codec.startswith(("utf-16", "utf-32")):
        return "utf-8"  # the meta tag was readable as ASCII, so the page is not really UTF-16
    return codec


def decode_html(data: bytes, content_type: str | None = None) -> str:
    """Decode page bytes: BOM, then HTTP header, then <meta>, then detection; a charset the bytes contradict loses."""
    bom, skip = _bom(data)
    if bom:
        return data[skip:].decode(bom, errors="replace")
    utf16 = _utf16_guess(data)
    if utf16:
        return data.decode(utf16, errors="replace")
    header = None
    if content_type:
        match = _HEADER_RE.search(content_type)
        header = normalize_codec(match.group(1)) if match else None
    for codec in (header, declared_charset(data)):
        if codec and _agrees(data, codec):
            return data.decode(codec, errors="replace")
    return data.decode(detect_encoding(data), errors="replace")


def _agrees(data: bytes, codec: str) -> bool:
    """Whether the bytes are plausible in the declared codec (UTF-8 is checked strictly, legacy by scoring)."""
    if codec == "utf-8":
        return _mostly_utf8(data)
    try:
        text = data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return False
    if data.isascii():
        return True
    # A single-byte declaration is trusted unless another legacy codec reads clearly better.
    best = detect_encoding(data)
    if best == codec:
        return True
    own, other = _score(text), _score(data.decode(best, errors="replace"))
    return own >= 0 or own >= other - 10


def _mostly_utf8(data: bytes) -> bool:
    """Valid UTF-8, or UTF-8 with stray bytes: at least as many good multi-byte sequences as bad bytes. Such a
    page is UTF-8 with a few wrong bytes (each read as U+FFFD), not a page in a legacy code page: one stray byte
    must not make "Bürgermeister" "BÃ¼rgermeister". The bytes of a legacy code page rarely happen to form a
    multi-byte sequence (Cyrillic in cp1251: a capital before і or ё), so there bad bytes far outnumber good
    sequences and the page is sniffed as a whole."""
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        pass
    text = data.decode("utf-8", errors="replace")
    bad = text.count("\ufffd")
    good = len(text) - len(text.encode("ascii", errors="ignore")) - bad
    return good >= bad


def detect_encoding(data: bytes) -> str:
    """The candidate encoding whose decoding reads most like natural text.

    The shapes of words tell a script from mojibake, but not one Latin code page from another: cp1252 reads
    Turkish "toplantıda" as "toplantýda" and Czech "řekl" as "øekl", words of a plausible shape. Where several
    single-byte Latin code pages read about as well, the page's language (which its unaccented words give away)
    chooses: the code page its writers used before UTF-8 wins. Between readings in other scripts that read about as
    well (Hebrew bytes as lowercase Cyrillic, Japanese EUC-JP as Chinese), the one whose n-grams langdetect's
    profiles know best wins (benchmarks/code_pages.py)."""
    if _mostly_utf8(data):
        return "utf-8"
    sample = _non_ascii_sample(data)
    texts: dict[str, str] = {}
    for codec in _CANDIDATES:
        try:
            texts[codec] = sample.decode(codec)
        except UnicodeDecodeError:
            continue
        if codec in _UNSPACED and not _UNSPACED[codec].search(texts[codec]):
            del texts[codec]  # these scripts come in runs: a lone ideograph is two bytes of another code page ("’n")
    if not texts:
        return "cp1252"
    scores = {codec: _score(text) for codec, text in texts.items()}
    best = max(scores, key=scores.__getitem__)  # the first of equals: _CANDIDATES is in order of use
    near = scores[best] - 0.2 * abs(scores[best])
    latin = best in _LATIN_CODE_PAGES
    rivals = [best] + [codec for codec in texts if codec != best and scores[codec] >= near
                       and (codec in _LATIN_CODE_PAGES) == latin]
    if len({texts[codec] for codec in rivals}) < 2:
        return best
    from indexer.language import detect_language, reads_as_language  # (models read only for such pages)

    def plain(codec: str) -> str:
        return _TAG_RE.sub(" ", texts[codec])[:_LANGUAGE_SAMPLE]

    if latin:
        own = _CODE_PAGE_OF.get(detect_language(plain(best)))
        return own if own in rivals else best
    return max(rivals, key=lambda codec: reads_as_language(plain(codec)))


def _non_ascii_sample(data: bytes, limit: int = 200_000) -> bytes:
    """Cut at an ASCII boundary so multi-byte codecs do not fail on a split character."""
    if len(data) <= limit:
        return data
    cut = limit
    while cut < len(data) and data[cut] > 127:
        cut += 1
    return data[:cut]


_WORD_RE = re.compile(r"[^\W\d_]+")
# Code pages of scripts written in long runs without spaces between words (Korean spaces words of several
# syllables): a reading in one of them with no two of the script's characters side by side is another code page's.
_CJK_PAIR_RE = re.compile("[\u3041-\u30ff\u3400-\u9fff\uac00-\ud7af]{2}")
_UNSPACED = {**dict.fromkeys(("cp932", "euc-jp", "gb18030", "big5", "cp949"), _CJK_PAIR_RE),
             "cp874": re.compile("[\u0e01-\u0e5b]{2}")}
_TAG_RE = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]*>", re.IGNORECASE | re.DOTALL)


def _script(ch: str) -> str:
    if ord(ch) < 128:
        return "ascii"
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return "unknown"
    first = name.split(" ", 1)[0]
    if first in ("HIRAGANA", "KATAKANA"):
        return "kana"
    if first == "CJK":
        return "cjk"
    if first == "HANGUL":
        return "hangul"
    return first


def _east_asian_weight(ch: str) -> float:
    """Kana and the Hangul syllables of everyday Korean (KS X 1001) are what their languages are written in; a rare
    syllable or a lone jamo is more likely two bytes of Japanese or Chinese read as Korean."""
    script = _script(ch)
    if script == "kana":
        return 3.0
    if script == "hangul":  # (EUC-KR writes other syllables as 8-byte jamo sequences)
        return 3.0 if "\uac00" <= ch <= "\ud7a3" and len(ch.encode("euc_kr", errors="ignore")) == 2 else -1.0
    return _han_weight(ch)


def _han_weight(ch: str) -> float:
    """Common ideographs (in GB2312 or Big5) are what real Chinese/Japanese text is made of."""
    for codec in ("gb2312", "big5"):
        try:
            ch.encode(codec)
            return 1.5
        except UnicodeEncodeError:
            continue
    return -1.0


def _score(text: str) -> float:
    """Plausibility of decoded text: natural words in one script score, mojibake-looking words cost.

    Mojibake has telltale shapes: words made entirely of accented Latin letters (Cyrillic read as cp1252),
    ASCII letters glued to another script inside one word, case flipping mid-word, rare ideographs instead of
    kana, half-width katakana, another script's combining marks after ASCII, and C1 control characters.
    """
    score, before = 0.0, " "
    for ch in text:
        code = ord(ch)
        if 0x80 <= code < 0xA0 or ch == "\ufffd" or (code > 127 and unicodedata.category(ch) in ("Co", "Cn", "Cc")):
            score -= 5
        elif code > 127 and unicodedata.category(ch) == "Mn" and before.isascii():
            score -= 5  # a Thai or Hebrew mark after ASCII: "é" read in cp874 is a Thai tone mark
        before = ch
    for run in _WORD_RE.findall(text):
        # (letters only: a superscript in "km²" is no mojibake)
        for word in (run,) if run.isalpha() else "".join(ch if ch.isalpha() else " " for ch in run).split():
            if not word.isascii():
                score += _word_score(word)
    return score


def _word_score(word: str) -> float:
    scripts = {_script(ch) for ch in word}
    non_ascii = sum(1 for ch in word if ord(ch) > 127)
    if scripts <= {"cjk", "kana", "hangul"}:
        if "hangul" in scripts and len(scripts) > 1:  # Korean does not glue Hanja or kana into a Hangul word
            return -1.0 * len(word)
        return sum(_east_asian_weight(ch) for ch in word)
    if len(scripts - {"ascii"}) > 1 or ("ascii" in scripts and "LATIN" not in scripts):
        return -2.0 * non_ascii
    script = next(iter(scripts - {"ascii"}))
    if script in ("HALFWIDTH", "unknown"):
        return -1.0 * non_ascii
    if word.lower() != word.upper() and not (word.islower() or word.isupper() or word.istitle()):
        return -1.0 * non_ascii  # (case flipping inside a word; Arabic and Hebrew have no case)
    if script == "LATIN" and non_ascii / len(word) > 0.5 and len(word) > 2:
        return -1.0 * non_ascii
    return float(non_ascii)
