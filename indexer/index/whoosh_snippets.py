"""Snippets of a hit: the words the query matched, marked, or the spelling of a name it matched by key.

Split from whoosh_engine.py (the SolrCloud engine uses the same formatter and fallbacks): `_MarkFormatter` and
`FirstOnTies` shape Whoosh's highlighter, `name_snippet` finds the spelling of an entity the hit was found by.
"""

from __future__ import annotations

import functools
import html
import re

from whoosh import query
from whoosh.highlight import BasicFragmentScorer, Formatter, get_text

from indexer.annotate.entities.keys import caseless_spans, entity_key
from indexer.index.analysis import lemma_of

NAME_KINDS = ("person", "place", "organization")  # the entity fields a query may match by key


@functools.lru_cache(maxsize=100_000)
def _alias_key(name: str, kind: str) -> str:
    """entity_key, remembered: the same spellings recur in thousands of articles, and keying one can take ms."""
    return entity_key(name, kind)


# -- snippets ------------------------------------------------------------------------------------------------
class _MarkFormatter(Formatter):
    """Snippet fragments as (plain, html) pairs: plain text for terminals and JSON, <mark> for the web page."""

    between = " … "

    def format_token(self, text, token, replace=False):
        return "\x02" + get_text(text, token, replace) + "\x03"


class FirstOnTies(BasicFragmentScorer):
    """Whoosh's fragment score, with a tie going to the fragment that comes first in the text. Whoosh picks the best
    fragments with `heapq.nlargest` over (score, fragment) and breaks ties by the fragments' memory addresses
    (`Fragment.__lt__`), so the same search in the same archive showed another snippet from one request to the
    next. The fraction added is under 1/2, and real scores differ by 100 at least (each matched word counts 100
    times the number of distinct words the fragment matches), so it only ever decides ties."""

    def __call__(self, fragment) -> float:
        return super().__call__(fragment) + 1 / (2 + fragment.startchar)


def _snippet_pair(marked: str) -> tuple[str, str]:
    marked = " ".join(marked.split())  # paragraph breaks inside a fragment become spaces
    plain = marked.replace("\x02", "").replace("\x03", "")
    marked_html = html.escape(marked).replace("\x02", "<mark>").replace("\x03", "</mark>")
    return plain, marked_html


NAME_WINDOW = 6000  # characters of a text looked through for the spelling of an entity a hit was found by
NAME_LOOKUPS = 200  # names keyed per hit at most (keying a new spelling can take a quarter of a millisecond)
_NAME_WORD = re.compile(r"\w[\w'’]*")
_NAME_JOINS = (" ", "-", "\u00a0")


def name_snippet(content: str, terms: dict[str, frozenset[str]], language: str = "und") -> str:
    """The lead around the first spelling in the text of an entity the query matched by key, each such spelling
    marked as the highlighter marks words: `Warschau` finds a Ukrainian article through the place it writes
    "до Варшави", and the snippet shows that "Варшави". Names are runs of up to three words that start with a
    capital (any word in a script without case), a single word also by its dictionary form where the language
    has one (Polish "Wrocławia" is Wrocław); "" when none is found in the first NAME_WINDOW characters. `terms`
    are the query's (`query_terms`); only its entity keys count here."""
    keys = {kind: terms[kind] for kind in NAME_KINDS if terms.get(kind)}
    if not keys:
        return ""
    window = content[:NAME_WINDOW]
    words = list(_NAME_WORD.finditer(window))
    spans: list[tuple[int, int]] = []
    lookups, i = 0, 0
    while i < len(words) and lookups < NAME_LOOKUPS:
        first = words[i].group(0)
        if not first[0].isalpha() or first[0].islower():
            i += 1
            continue
        found = 0
        for n in (3, 2, 1):
            last = i + n - 1
            if last >= len(words) or any(window[words[k].end():words[k + 1].start()] not in _NAME_JOINS
                                         or words[k + 1].group(0)[0].islower() for k in range(i, last)):
                continue  # a name's words are joined by a space or hyphen, each capitalised (in a cased script)
            name = window[words[i].start():words[last].end()]
            lookups += 1
            match = next(((kind, k) for kind, wanted in keys.items() if (k := _alias_key(name, kind)) in wanted), None)
            if not match and n == 1 and (lemma := lemma_of(name, language)) and lemma != name:
                lookups += 1
                match = next(((kind, k) for kind, wanted in keys.items() if (k := _alias_key(lemma, kind)) in wanted),
                             None)
            if not match and n == 1 and "place" in keys and (place := _place_of_adjective(name, language)):
                key = _alias_key(place.name, "place")  # "Харківська" (компанія) is Kharkiv's, as the facet counts it
                match = ("place", key) if key in keys["place"] else None
            if match:
                kind, key = match
                first_word = i  # "Passenger Olena Marchuk" at a sentence's start keys as "Olena Marchuk": drop it
                while first_word < last and _alias_key(window[words[first_word + 1].start():words[last].end()],
                                                       kind) == key:
                    first_word += 1
                spans.append((words[first_word].start(), words[last].end()))
                found = n
                break
        i += found or 1
    spans += caseless_spans(window, [key for wanted in keys.values() for key in wanted])
    if not spans:
        return ""
    spans = _apart(spans)
    start = 0 if spans[0][0] < 180 else spans[0][0] - 70
    if start and (space := window.rfind(" ", start - 30, start)) >= 0:
        start = space + 1  # at a word's start, where words are spaced (Chinese and Japanese are not)
    end = min(len(content), max(start + 260, spans[0][1]))
    if end < len(content) and (space := content.rfind(" ", end - 30, end)) > spans[0][1]:
        end = space
    out, at = [], start
    for s, e in spans:
        if s >= at and e <= end:
            out += [content[at:s], "\x02", content[s:e], "\x03"]
            at = e
    out.append(content[at:end])
    return ("… " if start else "") + "".join(out) + (" …" if end < len(content) else "")


def _place_of_adjective(word: str, language: str):
    from indexer.annotate.entities.lang.place_adjectives import place_of_adjective  # Slavic rules: only here

    return place_of_adjective(word, language)


def _apart(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """In text order, the longer of two that overlap kept."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans, key=lambda s: (s[0], -s[1])):
        if not out or start >= out[-1][1]:
            out.append((start, end))
    return out


def query_terms(q: query.Query) -> dict[str, frozenset[str]]:
    """Field -> the words a query looks for there (what a snippet marks; in the entity fields, keys)."""
    out: dict[str, set[str]] = {}
    for fieldname, word in q.iter_all_terms():
        if isinstance(word, bytes):
            word = word.decode("utf-8")
        if isinstance(word, str):
            out.setdefault(fieldname, set()).add(word)
    return {f: frozenset(w) for f, w in out.items()}


def _lead(text: str, chars: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= chars else text[:chars].rsplit(" ", 1)[0] + " …"
