"""A statement set as a block of its own, without quotation marks, and attributed by the short line after it, as
Polish and Russian news write it ("— zaznaczył.", "— заявил он."): the speaker is read from that line, or from the
report before it when the line only has the verb.

(An embedded post with its signature line, "— Name (@account) date", is not taken for a quote: the real-page gold
lists two of the four such posts on its pages, and reading them all cost more precision than it gave recall.)
"""

from __future__ import annotations

import re
from collections.abc import Collection

from indexer.annotate.quotes.attribution import speaker_after
from indexer.annotate.quotes.candidate import Candidate, strip_span
from indexer.annotate.quotes.marks import PAIRS_CHARS

ATTRIBUTION_LINE = re.compile(r"[ \t\u00a0]*[—–-][ \u00a0]*\S[^\n]{0,80}")
ATTRIBUTION_WORDS = 8


def block_quotes(text: str, paragraphs: list[str], blockquotes: Collection[int], language: str,
                 sep: str) -> list[Candidate]:
    """Candidates for the block statements of an article's paragraphs (text: them joined by sep); blockquotes are
    the indices of the paragraphs the page set as blockquotes."""
    starts, at = [], 0
    for p in paragraphs:
        starts.append(at)
        at += len(p) + len(sep)
    found: list[Candidate] = []
    for i, para in enumerate(paragraphs):
        if not i:
            continue
        attributed = i - 1 in blockquotes and ATTRIBUTION_LINE.fullmatch(para) and len(para.split()) <= ATTRIBUTION_WORDS
        if not attributed:
            continue
        first = i - 1
        while first - 1 in blockquotes:
            first -= 1
        if paragraphs[first].lstrip()[:1] in PAIRS_CHARS:
            continue  # in quotation marks already: the finder has it
        start, end = strip_span(text, starts[first], starts[i - 1] + len(paragraphs[i - 1]))
        if end - start < 10:
            continue
        speaker, said = speaker_after(para, language)
        if not said:
            continue
        c = Candidate(start, end, [(start, end)], speaker=speaker, pro_drop=speaker is None)
        c.extra["block"] = True
        found.append(c)
    return found


__all__ = ["block_quotes"]
