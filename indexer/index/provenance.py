"""Provenance of quotations: the same statement reported by several articles, in date order.

Outlets quote a statement exactly or lightly edited: a word trimmed, the start or end cut, a contraction, punctuation
changed. Two quotes are taken as one statement when they share the same language and most of the words of the
shorter one, and where they differ inside the stretch they share, the edit does not change what was said: no
negation gained or lost, no content word swapped for another ("school" for "library"), and not said by someone else.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher
from typing import TypeVar

from indexer.index.query_limits import MAX_QUERY_WORDS

MIN_WORDS = 5  # shorter quotes ("bold fake") are too common to tell statements apart: they must be identical
SAME_STATEMENT = 0.75  # share of the shorter quote's words found in the longer one
STEM = 4  # inflected forms of one word share their first letters: library / libraries, Brücke / Brücken

_WORD = re.compile(r"\w+", re.UNICODE)
_NOT = re.compile(r"n[’']t\b", re.IGNORECASE)  # won't, can't, isn't: the "not" must be seen as one
NEGATIONS = frozenset(
    """not no never nothing nobody none neither nor nicht kein keine keinen keinem keiner keines nie niemals nichts
    niemand ne pas jamais rien personne aucun aucune non nunca nada nadie ningún ninguna ninguno tampoco nem nenhum
    nenhuma niente nessuno mai niet geen nooit niets nie nigdy nic nikt не ни нет никогда ничего никто ні ніколи нічого
    ніхто""".split()
)

T = TypeVar("T")


def tokens(text: str, every: bool = False) -> list[str]:
    """Words folded for comparison: lower case, no accents, contractions' "n't" as "not"; one-letter Latin words
    ("a", "I") only with `every`, since outlets drop and add them freely in longer quotes."""
    folded = unicodedata.normalize("NFKD", _NOT.sub(" not", text).casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return [w for w in _WORD.findall(folded) if every or len(w) > 1 or not w.isascii()]


def words(text: str) -> set[str]:
    return set(tokens(text))


def candidate_query(text: str) -> str:
    """A quote's words as the query that finds the candidates for its statement (`quote_candidates`): a long quote
    has more words than a query may hold (MAX_QUERY_WORDS), so the longest are kept, which tell statements apart
    best."""
    return " ".join(sorted(sorted(words(text), key=lambda w: (-len(w), w))[:MAX_QUERY_WORDS]))


def overlap(a: str, b: str) -> float:
    """Share of the shorter quote's words that the other one has (1.0 for one quote inside the other)."""
    return _overlap(a, b, tokens(a), tokens(b))


def _overlap(a: str, b: str, ta: list[str], tb: list[str]) -> float:
    wa, wb = set(ta), set(tb)
    if min(len(wa), len(wb)) < MIN_WORDS:
        return 1.0 if ta and tokens(a, every=True) == tokens(b, every=True) else 0.0
    return len(wa & wb) / min(len(wa), len(wb))


def same_statement(a: str, b: str, speaker_a: str | None = None, speaker_b: str | None = None) -> bool:
    """One statement reported twice. Speakers are entity keys (or None when not known): two known, different
    speakers never make one statement."""
    if speaker_a and speaker_b and speaker_a != speaker_b:
        return False
    ta, tb = tokens(a), tokens(b)
    if _overlap(a, b, ta, tb) < SAME_STATEMENT:
        return False
    short, long = sorted((ta, tb), key=len)
    return not _meaning_changed(short, long)


def _meaning_changed(short: list[str], long: list[str]) -> bool:
    ops = SequenceMatcher(None, short, long, autojunk=False).get_opcodes()
    equal = [op for op in ops if op[0] == "equal"]
    if not equal:
        return True
    start, end = equal[0][3], equal[-1][4]  # the stretch of the longer quote that the shorter one reports
    if _negations(short) != _negations(long[start:end]):
        return True  # "We will not raise taxes" / "We will raise taxes"
    for tag, i1, i2, j1, j2 in ops:
        if tag == "replace" and _swapped_content(short[i1:i2], long[j1:j2]):
            return True
    return False


def _negations(words: list[str]) -> int:
    return sum(w in NEGATIONS for w in words)


def _swapped_content(mine: list[str], theirs: list[str]) -> bool:
    """A content word of one side with no word of the same stem on the other: "school" for "library"."""
    def content(ws: list[str]) -> set[str]:
        return {w[:STEM] for w in ws if len(w) >= STEM and w.isalpha()}

    a, b = content(mine), content(theirs)
    return bool(a - b and b - a)


def in_date_order(appearances: Iterable[T], date_of) -> list[T]:
    """Earliest first; undated appearances last (we cannot say when they were reported)."""
    return sorted(appearances, key=lambda x: (date_of(x) is None, date_of(x) or ""))
