"""People and organisations in Arabic text, which has no capitals to find names by.

A person is a common given name followed by a surname-like word: a nisba or family name with the article
("يوسف التازي", "كريم العلمي"), a Maghrebi family name ("سلمى بنعلي", "نادية بنسودة"), another given name
("محمد علي"), or any word the article uses again on its own, as news writing does with surnames after the first
mention. "عبد" joins the word after it into one given name ("عبد الإله الوردي"). An organisation is a name set in
guillemets after a word like "شركة" or "صندوق" ("شركة «دفعة»"): there the marks name, they do not quote.

The given names are a hand-written list of common ones across the Arab world; a name outside it is still found where
a quotation names its speaker (see annotate).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from indexer.annotate.entities.core import Mention

_MALE = """محمد أحمد محمود مصطفى علي حسن حسين الحسين الحسن عمر عثمان خالد يوسف إبراهيم إسماعيل كريم سعيد سعد سمير طارق
عادل هشام وليد رشيد نبيل جمال كمال فؤاد ماجد سامي رامي زياد باسم أنس حمزة بلال ياسين ياسر أيمن عماد نزار منير مراد
سليمان داود موسى عيسى صالح فيصل سلطان ناصر منصور فهد طلال بدر راشد حمد حامد جاسم جاسر مالك أنور إدريس عزيز رضا جعفر قاسم
هاني هادي مهدي زكريا يحيى يونس إلياس أسامة معاذ عمار صلاح نور نوري شريف حسام وائل رائد غسان مروان عدنان نادر ناجي نجيب
لطفي فريد فاروق توفيق رفيق شكري مختار المختار الهادي الطاهر الطيب المهدي البشير بشير نصر نصير سفيان إسحاق حكيم عبدالله
عبدالرحمن عبدالعزيز عبدالكريم عبدالرحيم عبداللطيف عبدالإله عبدالقادر عبدالمجيد عبدالسلام عبدالحق عبدالحميد عبدالغني
عبدالرزاق""".split()

_FEMALE = """فاطمة عائشة مريم خديجة زينب سلمى ليلى نادية سميرة أمينة هدى منى سارة نور رانيا دينا ريم لينا هند سعاد نوال
حنان إيمان أسماء آمنة رشيدة نجاة كريمة لطيفة جميلة وفاء سناء غادة ياسمين بشرى حياة سهام سلوى نجوى رحمة رقية صفاء شيماء
علياء لمياء ملاك نسرين هالة هبة وداد يسرى زهرة عزيزة مليكة نعيمة حليمة سكينة أميرة أمل رنا رجاء دعاء إسراء آية ندى نهى
جنى""".split()

# The language's function words (prepositions, conjunctions, particles, pronouns, negation), verbs of saying, days
# and months: they end a name and are never one ("البشير ليس", "بن").
FUNCTION_WORDS = set("""في من إلى على عن مع خلال أمام بعد قبل أن لأن الذي التي الذين اللذين اللتين اللاتي وهو وهي هو هي
هم هن هما نحن أنا أنت أنتم حيث عند إنه إنها قد لقد لا ما لم لن ليس ليست ليسوا كان كانت كانوا يكون تكون هذا هذه هؤلاء ذلك
تلك هناك هنا كل بعض جميع بين حول ضد منذ حتى أو أم ثم بل لكن لكنه لكنها غير أي إذا إذ لو كي كما كيف ماذا لماذا متى أين هل
أما إلا سوف ربما فقط أيضا جدا مثل لدى عبر نحو دون وفق له لها لهم لنا به بها بهم فيه فيها منه منها عليه عليها إليه إليها
عنه عنها معه يا بن ابن بنت أبو آل قال قالت يقول تقول أضاف أضافت أكد أكدت أوضح أوضحت أعلن أعلنت ذكر ذكرت الأحد الاثنين
الثلاثاء الأربعاء الخميس الجمعة السبت يناير فبراير مارس أبريل مايو يونيو يوليو أغسطس سبتمبر أكتوبر نوفمبر ديسمبر اليوم
أمس غدا صباح مساء""".split())

# Words that start an organisation's name before a place in it ("شركة مصر للطيران")
COMPANY_WORDS = set("شركة مؤسسة بنك جامعة هيئة مجموعة وكالة صحيفة قناة اتحاد نادي".split())
# Words after which a name in guillemets is an organisation's: company, fund, bank, group, agency, association …
ORG_HEADS = COMPANY_WORDS | set("""الشركة مصرف صندوق جمعية منظمة حزب حركة جريدة مجلة إذاعة موقع منصة فريق مجلس
أمانة وزارة حكومة بلدية إدارة سلطة""".split())

# "The company said", "the ministry said": a definite common noun as a speaker names a role, not a person (family
# names take the article too, "التازي", so only these are roles)
DEFINITE_ROLES = set("""الشركة الوزارة الحكومة الوزير الوزيرة المتحدث المتحدثة الناطق الرئيس الرئاسة البلدية المدير المديرة
الشرطة الجيش المنظمة المؤسسة الجمعية الصندوق البنك الوكالة السلطات المسؤول المصدر الخبير الأمانة الإدارة""".split())

_ARABIC_WORD = re.compile(r"[\u0621-\u064a\u0671-\u06d3\u064b-\u065f]+")
_GUILLEMET_NAME = re.compile(r"«([^«»\n]{2,40})»")
_FAMILY_PREFIXES = ("بن", "بو", "ابو", "ابن", "ولد")
# Letters glued before a word: a conjunction (و ف), then a preposition (ب ك ل); "لل" is ل before the article
_PREFIXES = {c + p for c in ("", "و", "ف") for p in ("", "ب", "ك", "ل")}
# One spelling for the letters news text writes either way: hamza and madda on alef, alif maqsura (one letter for
# one, so offsets stay). Not ta marbuta: Persian and Urdu names in the gazetteer end in ha, and "دولة" (state) would be
# the Indian town "دوله"
_SPELLING = str.maketrans("أإآٱى", "ااااي")
_ALEF = str.maketrans("أإآٱ", "اااا")


def normal(text: str) -> str:
    """The spelling names are looked up and merged by, never shown ("لإسرائيل" → "لاسرائيل", "دبى" → "دبي")."""
    return text.translate(_SPELLING)


_FUNCTION_KEYS = frozenset(w.translate(_ALEF) for w in FUNCTION_WORDS)


def function_word(word: str) -> bool:
    """A function word however its alef is written (alif maqsura kept: "على" is "on", "علي" a name), also behind
    proclitics ("وأن" is "and that", not the town Van)."""
    key = word.translate(_ALEF)
    return any(key.startswith(p) and key[len(p):] in _FUNCTION_KEYS for p in _PREFIXES)


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    """The given names as listed and with a bare alef ("إبراهيم", "ابراهيم")."""
    return frozenset(_MALE + _FEMALE) | {n.translate(_ALEF) for n in _MALE + _FEMALE}


_GIVEN_KEYS = frozenset(normal(n) for n in [*_MALE, *_FEMALE, "عبد"])


def _given(word: str) -> bool:
    return not function_word(word) and normal(word) in _GIVEN_KEYS


def _bare(word: str) -> str:
    """The word without its proclitics when that leaves a given name ("وكريم" → "كريم")."""
    return next((word[cut:] for cut, article in stems(word) if not article and _given(word[cut:])), word)


def _surname_like(word: str, counts: dict[str, int]) -> bool:
    """A word that can close a name: a family-name shape, another given name, or a word the text repeats alone."""
    if function_word(word) or len(word) < 3:
        return False
    key = normal(word)
    # with the article a family name is a nisba ("التازي") or a given name ("البشير"); "الوفد" is an object noun
    family = key.startswith(_FAMILY_PREFIXES) or key.startswith("ال") and key.endswith("ي")
    return family and len(key) >= 4 or _given(word) or counts.get(key, 0) >= 2


def stems(word: str):
    """(where the name starts in the word, the article to put back): the whole word first, then without its
    proclitics ("وسوريا", "بالخرطوم", "لإسرائيل")."""
    yield 0, ""
    for prefix in _STEM_PREFIXES if word[:1] in "وفبكل" else ():
        if word.startswith(prefix):
            yield len(prefix), ""
        if prefix.endswith("ل") and word.startswith(prefix + "ل"):
            yield len(prefix) + 1, "ال"  # "للسودان": ل before "السودان", which lost its alef


_STEM_PREFIXES = tuple(sorted(_PREFIXES - {""}, key=len))


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, tuple[str, str]], frozenset[str]]:
    """The gazetteer's names in Arabic letters keyed in the spelling of `normal`, and the first words of those of
    several words."""
    from indexer.annotate.entities.gazetteer import script_index

    index = {normal(k): v for k, v in reversed(script_index().items()) if _ARABIC_WORD.search(k)}
    return index, frozenset(k.split(" ")[0] for k in index if " " in k)


def known_names(paragraph: str) -> list[tuple[int, str, str, str]]:
    """(start, surface, type, canonical) of the gazetteer's names in the paragraph, longest first: up to four words
    joined by spaces, the first read without its clitics, all in the spelling of `normal`."""
    index, heads = _index()
    words = list(_ARABIC_WORD.finditer(paragraph))
    out = []
    i = 0
    while i < len(words):
        first = words[i].group()
        keys = [(cut, article + normal(first[cut:])) for cut, article in stems(first) if len(first) - cut >= 2]
        hit = None
        if any(key in heads for _, key in keys):
            reach = 1
            while reach < 4 and i + reach < len(words) and _adjacent(paragraph, words[i + reach - 1], words[i + reach]):
                reach += 1
            for n in range(reach, 1, -1):
                tail = normal(paragraph[words[i].end() : words[i + n - 1].end()])
                hit = hit or next(((cut, n, key + tail) for cut, key in keys if key + tail in index), None)
        hit = hit or next(((cut, 1, key) for cut, key in keys if key in index and len(key) >= 3
                           and not function_word(first[cut:])), None)
        if hit:
            cut, n, key = hit
            start = words[i].start() + cut
            out.append((start, paragraph[start : words[i + n - 1].end()], *index[key]))
        i += hit[1] if hit else 1
    return out


def bounded(text: str, start: int, end: int) -> bool:
    """text[start:end] is a word of its own, or one behind proclitics ("والبشير")."""
    head = start
    while head > 0 and _ARABIC_WORD.match(text, head - 1):
        head -= 1
    return text[head:start] in _PREFIXES and not (end < len(text) and _ARABIC_WORD.match(text, end))


def find_names(paragraph: str, text: str, base: int = 0, weak: bool = False) -> list[Mention]:
    """People and guillemet-named organisations in one paragraph; text is the whole article (for repeated words).
    A person ends at the name: a name opening with the family name of someone named in full is that person's bare
    mention ("زيارة البشير المفاجئة" after "عمر البشير"), found later with the other bare mentions."""
    families = {normal(w) for start, name in _people(text, text) for w in name.split()[1:]}
    out = [Mention(name, "person", base + start, weak=weak) for start, name in _people(paragraph, text)
           if normal(name.split()[0]) not in families]
    for m in _GUILLEMET_NAME.finditer(paragraph):
        before = paragraph[: m.start()].split()
        if before and before[-1].lstrip("و") in ORG_HEADS | {h.removeprefix("ال") for h in ORG_HEADS}:
            out.append(Mention(m.group(1).strip(), "organization", base + m.start(1), m.group(1).strip(), weak=weak))
    return out


@lru_cache(maxsize=64)
def _people(paragraph: str, text: str) -> list[tuple[int, str]]:
    """People named with a given name the lists know and a word that can close a name."""
    words = list(_ARABIC_WORD.finditer(paragraph))
    counts = _word_counts(text)
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(words):
        first = _bare(words[i].group())
        j = i + 1
        if normal(first) == "عبد" and j < len(words) and words[j].group().startswith("ال"):
            j += 1  # "عبد الإله": one given name in two words
        elif not _given(first) or normal(first) == "عبد":
            i += 1
            continue
        parts = j
        while parts < len(words) and parts - j < 2 and _adjacent(paragraph, words[parts - 1], words[parts]) and (
                _surname_like(words[parts].group(), counts)):
            parts += 1
        if parts > j:
            start = words[i].end() - len(first)  # after a proclitic: "وكريم" names كريم
            out.append((start, paragraph[start : words[parts - 1].end()]))
            i = parts
        else:
            i += 1
    return out


@lru_cache(maxsize=4)
def _word_counts(text: str) -> dict[str, int]:
    """How often each Arabic word occurs in the article (computed once for all its paragraphs)."""
    return Counter(normal(m.group()) for m in _ARABIC_WORD.finditer(text))


def _adjacent(paragraph: str, a: re.Match, b: re.Match) -> bool:
    """Only a space between two words: a comma or a full stop ends the name."""
    return paragraph[a.end() : b.start()] == " "


def surname(full: str) -> str | None:
    """The family name of a found person ("سلمى بنعلي" → "بنعلي", "عمر البشير" → "البشير": a given name with the
    article is a family name there), for the article's later bare mentions."""
    words = full.split()
    return words[-1] if len(words) >= 2 and (words[-1].startswith("ال") or not _given(words[-1])) else None
