"""Provenance of quotations: the same statement reported by several articles, in date order.

Outlets quote a statement exactly or lightly edited (a word trimmed, the end cut, punctuation changed). Two quotes
are taken as one statement when they share the same language and most of the words of the shorter one.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import TypeVar

MIN_WORDS = 5  # shorter quotes ("bold fake") are too common to tell statements apart
SAME_STATEMENT = 0.75  # share of the shorter quote's words found in the longer one

_WORD = re.compile(r"\w+", re.UNICODE)

T = TypeVar("T")


def words(text: str) -> set[str]:
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return {w for w in _WORD.findall(folded) if len(w) > 1 or not w.isascii()}


def overlap(a: str, b: str) -> float:
    """Share of the shorter quote's words that the other one has (1.0 for one quote inside the other)."""
    wa, wb = words(a), words(b)
    if min(len(wa), len(wb)) < MIN_WORDS:
        return 1.0 if a.strip() == b.strip() and a.strip() else 0.0
    return len(wa & wb) / min(len(wa), len(wb))


def same_statement(a: str, b: str) -> bool:
    return overlap(a, b) >= SAME_STATEMENT


def in_date_order(appearances: Iterable[T], date_of) -> list[T]:
    """Earliest first; undated appearances last (we cannot say when they were reported)."""
    return sorted(appearances, key=lambda x: (date_of(x) is None, date_of(x) or ""))
