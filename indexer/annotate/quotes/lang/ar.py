"""Arabic (ar): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list
from indexer.annotate.quotes.speaker_words import AR_ROLES


class Rules(Language):
    code = "ar"
    caseless = True
    verbs = word_list("""قال قالت يقول تقول أضاف أضافت صرح صرحت أكد أكدت أوضح أوضحت أعلن أعلنت أشار أشارت ذكر ذكرت تابع
        تابعت كتب كتبت اعتبر اعتبرت شدد شددت مضيفا مضيفاً مضيفة قائلا قائلاً قائلة رأى رأت يقول تقول
        أفاد أفادت أبدى أبدت""")
    according = ("بحسب", "حسب", "وفقا لـ", "وفقاً لـ", "على حد قول")
    person_pronouns = frozenset({"هو", "هي"})
    verb_prefix = "(?:[وف])?"  # "وقال", "فقالت": the conjunction is written onto the verb
    according_extra = ("وفقا ل", "وفقاً ل")
    verb_first = True  # VSO: "وقالت المبعوثة …، أمينة الإدريسي: «"
    said_that_states = True  # "قال … إن «…»"

    def np_tokens(self, toks: list[str]) -> list[str]:
        """Arabic has no capitals: the speaker phrase runs until a preposition, 'that' or a word like للصحفيين."""
        out: list[str] = []
        for tok in toks:
            bare = tok.strip(",.:;«»،")
            if not bare:
                break  # a quotation mark is no speaker: "«…»، قال وهو يبتسم، «…»"
            if not out and bare in ("وهو", "وهي"):
                return [bare[1:]]  # "قال وهو يبتسم": "he", the person just named
            if bare in STOP or bare.startswith(("لل", "بال")) or (out and bare.startswith("و")) or (
                bare.startswith("و") and bare[1:] in STOP  # "وفي حي المعاريف": a place, not a speaker
            ):
                break
            out.append(tok)
            if len(out) >= 6 or tok.endswith((",", ":", "،")):
                break
        return out

    def name_beside_office(self, speaker: str, before: str) -> str:
        """'وزيرة …، ماريا خوسيه أورتيغا،': the name set off by commas after the office, earlier in the text."""
        first = speaker.split()[0]
        if first not in AR_ROLES and first.removeprefix("و") not in AR_ROLES:
            return speaker
        at = before.rfind(speaker)
        appos = re.match(r"\s*[،,]\s*([^،,:.«»_]{3,40}?)\s*[،,]", before[at + len(speaker) :]) if at >= 0 else None
        if appos and 2 <= len(appos.group(1).split()) <= 3:
            return appos.group(1)
        return speaker


STOP = set("في من إلى على عن مع خلال أمام بعد قبل أن إن لأن الذي التي وهو وهي حيث عند إنه إنها أنه أنها".split())
