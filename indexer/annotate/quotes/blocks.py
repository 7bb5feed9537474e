"""Words set as a block of their own, without quotation marks: an embedded post, or a statement the line after it
attributes.

- An embedded tweet keeps its signature line, "— Donald J. Trump (@realDonaldTrump) May 2, 2020": the block (or,
  without the page's blockquote markup, the paragraph) before it is that account's words.
- A statement set as a blockquote is attributed by the short line after it, as Polish and Russian news write it
  ("— zaznaczył.", "— заявил он."): the speaker is read from that line, or from the report before it when the line
  only has the verb.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from indexer.annotate.quotes.attribution import speaker_after
from indexer.annotate.quotes.candidate import Candidate, strip_span
from indexer.annotate.quotes.marks import PAIRS_CHARS

SIGNATURE = re.compile(r"[ \t\u00a0]*[—–-][ \u00a0]*([^()\n]{2,60}?)[ \u00a0]*\(@\w{1,30}\)[^\n]{0,40}")
ATTRIBUTION_LINE = re.compile(r"[ \t\u00a0]*[—–-][ \u00a0]*\S[^\n]{0,80}")
ATTRIBUTION_WORDS = 8


def block_quotes(text: str, paragraphs: list[str], blockquotes: Collection[int], language: str,
                 sep: str) -> list[Candidate]:
    """Candidates for the posts and block statements of an article's paragraphs (text: them joined by sep);
    blockquotes are the indices of the paragraphs the page set as blockquotes."""
    starts, at = [], 0
    for p in paragraphs:
        starts.append(at)
        at += len(p) + len(sep)
    found: list[Candidate] = []
    for i, para in enumerate(paragraphs):
        if not i:
            continue
        signed = SIGNATURE.fullmatch(para)
        attributed = not signed and i - 1 in blockquotes and ATTRIBUTION_LINE.fullmatch(para) and len(
            para.split()) <= ATTRIBUTION_WORDS
        if not signed and not attributed:
            continue
        first = i - 1
        while first - 1 in blockquotes and first in blockquotes and not SIGNATURE.fullmatch(paragraphs[first - 1]):
            first -= 1
        if paragraphs[first].lstrip()[:1] in PAIRS_CHARS:
            continue  # in quotation marks already: the finder has it
        start, end = strip_span(text, starts[first], starts[i - 1] + len(paragraphs[i - 1]))
        if end - start < 10:
            continue
        c = Candidate(start, end, [(start, end)])
        c.extra["block"] = True
        if signed:
            c.speaker, c.kind = signed.group(1).strip(), "person"
        else:
            speaker, said = speaker_after(para, language)
            if not said:
                continue
            c.speaker, c.pro_drop = speaker, speaker is None
        found.append(c)
    return found


__all__ = ["block_quotes"]
