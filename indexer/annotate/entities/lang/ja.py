"""Japanese names: a full name in kanji before a title or honorific, and the bare two-kanji surname that later
stands for it."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import _HAN, _HIRAGANA, Mention
from indexer.annotate.entities.lang.zh import HanText

NAME_BEFORE_TITLE = re.compile(rf"(?<![{_HAN}])[{_HAN}]{{3,5}}(?=氏|さん|社長|会長|教授|知事|市長|監督|議員|代表|准教授)")
AFTER_SURNAME = "さん|氏|社長|会長|教授|知事|市長|は|が|も|の|と|に"
FULL_NAME = re.compile(rf"[{_HAN}]{{3,5}}")


def surnames(paragraphs: list[str], mentions: list[Mention]) -> list[Mention]:
    """"森川さん", "北原社長" after "森川紗季", "北原健二": a Japanese full name found once lends its two-kanji
    surname to later bare mentions (lemma = full name, so they join it)."""
    full = {m.surface: m for m in mentions if m.type == "person" and FULL_NAME.fullmatch(m.surface)}
    if not full or not any(_HIRAGANA.search(p) for p in paragraphs):
        return []
    out: list[Mention] = []
    base = 0
    for para in paragraphs:
        for name, m in full.items():
            pattern = rf"(?<![{_HAN}]){re.escape(name[:2])}(?![{_HAN}])(?={AFTER_SURNAME})"
            for hit in re.finditer(pattern, para):
                out.append(Mention(name[:2], "person", base + hit.start(), lemma=name, weak=m.weak))
        base += len(para) + 2
    return out


RULES = HanText("ja")
