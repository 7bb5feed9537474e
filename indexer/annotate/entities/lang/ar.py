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
from dataclasses import dataclass
from functools import lru_cache

_MALE = """محمد أحمد محمود مصطفى علي حسن حسين الحسين الحسن عمر عثمان خالد يوسف إبراهيم ابراهيم إسماعيل اسماعيل كريم سعيد
سعد سمير طارق عادل هشام وليد رشيد نبيل جمال كمال فؤاد ماجد سامي رامي زياد باسم أنس حمزة بلال ياسين ياسر أيمن عماد
نزار منير مراد سليمان داود موسى عيسى صالح فيصل سلطان ناصر منصور فهد طلال بدر راشد حمد حامد جاسم جاسر مالك أنور
إدريس ادريس عزيز رضا جعفر قاسم هاني هادي مهدي زكريا يحيى يونس إلياس الياس أسامة اسامة معاذ عمار صلاح نور نوري شريف
حسام وائل رائد غسان مروان عدنان نادر ناجي نجيب لطفي فريد فاروق توفيق رفيق شكري مختار المختار الهادي الطاهر الطيب
المهدي البشير بشير نصر نصير سفيان إسحاق حكيم عبدالله عبدالرحمن عبدالعزيز عبدالكريم عبدالرحيم عبداللطيف عبدالإله
عبدالقادر عبدالمجيد عبدالسلام عبدالحق عبدالحميد عبدالغني عبدالرزاق""".split()

_FEMALE = """فاطمة عائشة مريم خديجة زينب سلمى ليلى نادية سميرة أمينة امينة هدى منى سارة نور رانيا دينا ريم لينا هند سعاد
نوال حنان إيمان ايمان أسماء اسماء آمنة رشيدة نجاة كريمة لطيفة جميلة وفاء سناء غادة ياسمين بشرى حياة سهام سلوى
نجوى رحمة رقية صفاء شيماء علياء لمياء ملاك نسرين هالة هبة وداد يسرى زهرة عزيزة مليكة نعيمة حليمة سكينة أميرة
أمل رنا رجاء دعاء إسراء اسراء آية ندى نهى جنى""".split()

# Words that end a name: prepositions, conjunctions, pronouns, "that", verbs of saying, days and months.
_STOP = set("""في من إلى الى على عن مع خلال أمام بعد قبل أن إن لأن الذي التي الذين وهو وهي هو هي حيث عند إنه إنها أنه
أنها قد لا ما لم لن كان كانت يكون هذا هذه ذلك تلك كل بين حول ضد منذ حتى أو أم ثم بل لكن غير أي قال قالت يقول تقول أضاف
أضافت أكد أكدت أوضح أوضحت أعلن أعلنت ذكر ذكرت وأضاف وأضافت وقال وقالت الأحد الاثنين الثلاثاء الأربعاء الخميس الجمعة
السبت يناير فبراير مارس أبريل مايو يونيو يوليو أغسطس سبتمبر أكتوبر نوفمبر ديسمبر اليوم أمس غدا صباح مساء""".split())

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
_FAMILY_PREFIXES = ("ال", "بن", "بو", "أبو", "ابو", "ابن", "آل", "ولد")
_PROCLITICS = ("و", "ف", "ل", "ب")


@dataclass(frozen=True)
class Name:
    start: int  # character offset in the paragraph
    text: str
    type: str  # "person" or "organization"


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    return frozenset(_MALE + _FEMALE)


def _bare(word: str) -> str:
    """The word without a one-letter proclitic when that leaves a given name ("وكريم" → "كريم")."""
    if word in given_names() or word == "عبد":
        return word
    if word[:1] in _PROCLITICS and (word[1:] in given_names() or word[1:] == "عبد"):
        return word[1:]
    return word


def _surname_like(word: str, counts: dict[str, int]) -> bool:
    """A word that can close a name: a family-name shape, another given name, or a word the text repeats alone."""
    if word in _STOP or len(word) < 3:
        return False
    return word.startswith(_FAMILY_PREFIXES) and len(word) >= 4 or word in given_names() or counts.get(word, 0) >= 2


def find_names(paragraph: str, text: str) -> list[Name]:
    """People and guillemet-named organisations in one paragraph; text is the whole article (for repeated words)."""
    words = list(_ARABIC_WORD.finditer(paragraph))
    counts = _word_counts(text)
    out: list[Name] = []
    i = 0
    while i < len(words):
        first = _bare(words[i].group())
        j = i + 1
        if first == "عبد" and j < len(words) and words[j].group().startswith("ال"):
            j += 1  # "عبد الإله": one given name in two words
        elif first not in given_names():
            i += 1
            continue
        parts = j
        while parts < len(words) and parts - j < 2 and _adjacent(paragraph, words[parts - 1], words[parts]) and (
                _surname_like(words[parts].group(), counts)):
            parts += 1
        if parts > j:
            start = words[i].end() - len(first)  # after a proclitic: "وكريم" names كريم
            out.append(Name(start, paragraph[start : words[parts - 1].end()], "person"))
            i = parts
        else:
            i += 1
    for m in _GUILLEMET_NAME.finditer(paragraph):
        before = paragraph[: m.start()].split()
        if before and before[-1].lstrip("و") in ORG_HEADS | {h.removeprefix("ال") for h in ORG_HEADS}:
            out.append(Name(m.start(1), m.group(1).strip(), "organization"))
    return out


@lru_cache(maxsize=4)
def _word_counts(text: str) -> dict[str, int]:
    """How often each Arabic word occurs in the article (computed once for all its paragraphs)."""
    counts: dict[str, int] = {}
    for m in _ARABIC_WORD.finditer(text):
        counts[m.group()] = counts.get(m.group(), 0) + 1
    return counts


def _adjacent(paragraph: str, a: re.Match, b: re.Match) -> bool:
    """Only a space between two words: a comma or a full stop ends the name."""
    return paragraph[a.end() : b.start()] == " "


def surname(full: str) -> str | None:
    """The family name of a found person ("سلمى بنعلي" → "بنعلي"), for the article's later bare mentions."""
    words = full.split()
    return words[-1] if len(words) >= 2 and words[-1] not in given_names() else None
