"""The same statement reported in another language: evidence that does not need a translation.

When outlets in several languages report one speaker on one story, their quotations of a statement are translations
of each other, which no word overlap can see (provenance.py covers one language). What stays the same through a
translation, and what this module weighs:

- **the occasion**: the same speaker (a cross-script entity key), reported within a few days, in two articles that
  name the same places, people and organisations (entity keys are the same in every script);
- **the order**: two reports of one speech quote its statements in the order they were made, so the speaker's
  quotations of the two articles are aligned in order, each quote with at most one of the other article's, the way
  parallel texts are aligned sentence by sentence (Gale and Church's method);
- **the length**: a translated sentence keeps its length in proportion, counted in letters, a Chinese or Japanese
  character counting as a short word;
- **anchors**: numbers, whether written as digits or as words ("thirty", "Dreißig", "тридцять", "三十" are 30;
  number words come from num2words), and the named entities the quote mentions, by their cross-script keys ("Kyiv",
  "Kiew", "Києві" are one place: the article's own annotation says which of its words name what).

A pair is taken as one statement only when the alignment chooses it and its evidence clears SAME_STATEMENT; other
statements of the same speaker on the same occasion are what it must tell apart (benchmarks/translated_quotes.py
measures precision and recall on pairs labelled in the bundled corpus).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

WITHIN_DAYS = 3  # reports of one statement in other languages run within a few days of each other
SAME_OCCASION = 0.25  # share of the smaller article's entity keys that the other article names too
SAME_STATEMENT = 1.5  # the evidence a chosen pair must reach: about one shared number, or two names
LENGTH_SPREAD = 0.45  # the spread of log(length ratio) between a sentence and its translation
ANCHOR_WEIGHT = 1.5  # what one shared number is worth against the length evidence
NAME_WEIGHT = 0.75  # a shared name is worth less: the story's main places and people recur in many of its quotes
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_DIGITS = re.compile(r"\d+(?:[.,\u00a0 ]\d{3})*")
_WORD = re.compile(r"[^\W\d_]+")
_HAN_NUMBER = re.compile(r"[一二两三四五六七八九十百千]+")
_HAN_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_HAN_UNITS = {"十": 10, "百": 100, "千": 1000}
NUMBER_LANGUAGES = ("en", "de", "fr", "es", "pt", "it", "nl", "pl", "uk", "ru", "ar")
# "one" is left out: it is the indefinite article of most of these languages ("un", "ein", "uno"), not a number
NUMBERS = (*range(2, 32), *range(40, 101, 10), 1000)


@dataclass(frozen=True)
class Quoted:
    """One quotation as this module needs it: its id, words and place among its article's quotations."""
    id: str
    text: str
    position: int


def length(text: str) -> float:
    """A sentence's length in letters, a CJK character counting as three (about a short word's worth)."""
    cjk = len(_CJK.findall(text))
    letters = sum(ch.isalnum() for ch in text) - cjk
    return letters + 3.0 * cjk


@cache
def number_words() -> dict[str, int]:
    """Cardinal numbers written as words in the languages num2words knows, folded: {"dreissig": 30, …}."""
    from num2words import num2words

    words = {}
    for language in NUMBER_LANGUAGES:
        for n in NUMBERS:
            words.setdefault(_fold(num2words(n, lang=language)), n)
    return words


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold()).replace("ß", "ss")
    return "".join(c for c in text if not unicodedata.combining(c))


def _han_number(text: str) -> int | None:
    """二十 → 20, 三 → 3, 两 → 2 (the Chinese and Japanese numerals up to the thousands)."""
    total, digit = 0, None
    for ch in text:
        if ch in _HAN_DIGITS:
            digit = _HAN_DIGITS[ch]
        else:
            total += (digit or 1) * _HAN_UNITS[ch]
            digit = None
    return total + (digit or 0) or None


def numbers(text: str) -> frozenset[int]:
    """The numbers a sentence says: digits, number words, Chinese and Japanese numerals."""
    found = {int(re.sub(r"\D", "", n)) for n in _DIGITS.findall(text)}
    words = number_words()
    found |= {words[w] for w in map(_fold, _WORD.findall(text)) if w in words}
    found |= {n for n in map(_han_number, _HAN_NUMBER.findall(text)) if n}
    return frozenset(found)


def named(text: str, names: dict[str, str]) -> frozenset[str]:
    """The keys of the entities whose names (any form the article used) the sentence contains."""
    folded = _fold(text)
    return frozenset(key for form, key in names.items() if form and _fold(form) in folded)


def evidence(a: str, b: str, names_a: dict[str, str], names_b: dict[str, str]) -> float:
    """How much more likely the two sentences are translations of each other than two sentences of one occasion
    (a log-odds-like score: the length ratio's surprise, plus shared anchors, minus numbers that disagree)."""
    la, lb = length(a), length(b)
    if not la or not lb:
        return -math.inf
    ratio = math.log(lb / la)
    score = 1.0 - (ratio / LENGTH_SPREAD) ** 2 / 2
    na, nb = numbers(a), numbers(b)
    score += ANCHOR_WEIGHT * len(na & nb) + NAME_WEIGHT * len(named(a, names_a) & named(b, names_b))
    if na and nb and not na & nb:
        score -= 2 * ANCHOR_WEIGHT  # thirty years against twenty: not one statement
    return score


def same_occasion(keys_a: set[str], keys_b: set[str]) -> bool:
    """Two articles on one story: most of the smaller one's named entities are named by the other too."""
    if not keys_a or not keys_b:
        return False
    return len(keys_a & keys_b) / min(len(keys_a), len(keys_b)) >= SAME_OCCASION


def align(mine: Sequence[Quoted], theirs: Sequence[Quoted], names_mine: dict[str, str],
          names_theirs: dict[str, str]) -> dict[str, tuple[str, float]]:
    """The speaker's quotations of two articles, paired in order: each quote with at most one of the other side,
    no two pairs crossing, the pairs chosen to have the most evidence in all (a pair is worth its evidence above
    SAME_STATEMENT; leaving a quote unpaired costs nothing). Answers {my id: (their id, evidence)}."""
    a, b = sorted(mine, key=lambda q: q.position), sorted(theirs, key=lambda q: q.position)
    gain = [[evidence(x.text, y.text, names_mine, names_theirs) - SAME_STATEMENT for y in b] for x in a]
    best = [[0.0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            best[i][j] = max(best[i + 1][j], best[i][j + 1], gain[i][j] + best[i + 1][j + 1])
    pairs, i, j = {}, 0, 0
    while i < len(a) and j < len(b):
        if gain[i][j] > 0 and best[i][j] == gain[i][j] + best[i + 1][j + 1]:
            pairs[a[i].id] = (b[j].id, gain[i][j] + SAME_STATEMENT)
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            i += 1
        else:
            j += 1
    return pairs


def position(quote_id: str) -> int:
    """A quotation's place in its article (ids are `article:index`)."""
    tail = quote_id.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def translations(quote, same_speaker: Sequence, names) -> list[tuple[object, float]]:
    """The quotations of `same_speaker` (the speaker's quotations around the quote's date, in every language:
    QuoteHit-like objects with id, text, article_id, language) that report `quote`'s statement in another language,
    each with its evidence. `names(article_id)` gives {every form of an entity's name the article used: its key}."""
    def quoted(items) -> list[Quoted]:
        return [Quoted(q.id, q.text, position(q.id)) for q in items]

    mine = [q for q in same_speaker if q.article_id == quote.article_id]
    if all(q.id != quote.id for q in mine):
        mine.append(quote)
    others: dict[str, list] = {}
    for q in same_speaker:
        if q.language != quote.language and q.article_id != quote.article_id:
            others.setdefault(q.article_id, []).append(q)
    found = []
    for article_id, theirs in others.items():
        if not same_occasion(set(names(quote.article_id).values()), set(names(article_id).values())):
            continue
        pair = align(quoted(mine), quoted(theirs), names(quote.article_id), names(article_id)).get(quote.id)
        if pair:
            found.append((next(q for q in theirs if q.id == pair[0]), pair[1]))
    return found


def article_names(annotated) -> dict[str, str]:
    """{every form of an entity's name that the article used: the entity's key} (empty for a missing article)."""
    if annotated is None:
        return {}
    return {form: e.key for e in annotated.entities if e.key for form in (e.name, *e.aliases)}
