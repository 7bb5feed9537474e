"""What one query may ask, read from its text before any parser builds a query tree, and whether it is costly.

A query costs more with everything it holds: each word is looked up in a field per language of the archive (and as
a name), each bracket is a level of the tree that the parser and the matchers walk by recursion, each proximity
operator (w/N, near/N, pre/N) a level of span matching that compares word positions. So the text is bounded first,
with a message that says what to change: at most MAX_QUERY_CHARS characters, MAX_QUERY_WORDS words, MAX_DEPTH levels
of brackets and MAX_PROXIMITY proximity operators. Both engines parse with the same parser (`WhooshEngine.parse`
calls `check_query_text`), so both refuse the same queries; what a proximity costs once its wildcards are expanded
is checked on the tree (`newsroom.check_span_words`).

`costly` says which queries take one of the few places for costly searches that the search service keeps
(`search_app.service`): wildcards and ranges (expanded into many words), phrases and proximity operators (positions
compared), `atleastN(…)` (frequencies counted) and long queries; a plain query of a few words never waits for them.
"""

from __future__ import annotations

import re

from indexer.index.engine import QueryError
from indexer.index.newsroom import PROXIMITY_WORD

OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE", "TO"}
MAX_QUERY_CHARS = 2000
MAX_QUERY_WORDS = 64  # words a person types; each is looked up in every language's field (a few ms each)
MAX_DEPTH = 10  # levels of brackets
MAX_PROXIMITY = 8  # w/N, near/N and pre/N operators in one query (each a level of span matching)
CHEAP_WORDS = 16  # a query of more words than this is costly (ranked by every word in every field)

_PHRASE = re.compile(r'"[^"]*"')
_COSTLY = re.compile(r'[*?\[{<>"~]|(?i:atleast)\d+\(')


def _outside_phrases(text: str) -> str:
    return _PHRASE.sub(" x ", text)


def words_of(text: str) -> list[str]:
    """The words of a query as a person counts them: split at spaces and brackets, each word of a phrase one, the
    operators (AND, OR, NOT, w/5 …) left out."""
    tokens = re.sub(r'[()"]', " ", text).split()
    return [t for t in tokens if t not in OPERATORS and not PROXIMITY_WORD.fullmatch(t)]


def proximity_operators(text: str) -> int:
    """How many w/N, near/N and pre/N the parser reads as operators (with spaces on both sides, not first or last,
    not inside a phrase)."""
    tokens = _outside_phrases(text).split()
    return sum(1 for t in tokens[1:-1] if PROXIMITY_WORD.fullmatch(t))


def check_query_text(text: str) -> str:
    """The query without NUL characters and outer spaces, or QueryError with a message that says how to fix it."""
    text = text.replace("\x00", " ").strip()
    if not text:
        raise QueryError("The query is empty: type one or more words to search for.")
    if len(text) > MAX_QUERY_CHARS:
        raise QueryError("The query is %(length)s characters long; shorten it to at most %(most)s.",
                         length=len(text), most=MAX_QUERY_CHARS)
    if text.count('"') % 2:
        raise QueryError('The query has an unmatched double quote ("): close the phrase or remove the quote.')
    depth = deepest = 0
    for ch in _PHRASE.sub("", text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        deepest = max(deepest, depth)
        if depth < 0:
            raise QueryError("The query closes a parenthesis ')' that was never opened: remove it or add '('.")
    if depth:
        raise QueryError("The query opens a parenthesis '(' that is never closed: add ')' or remove it.")
    if deepest > MAX_DEPTH:
        raise QueryError("The query puts brackets %(depth)s levels deep; at most %(most)s levels fit in one search: "
                         "remove the brackets around a single word or group.", depth=deepest, most=MAX_DEPTH)
    counted = words_of(text)
    if len(counted) > MAX_QUERY_WORDS:
        raise QueryError("The query has %(count)s words; at most %(most)s fit in one search: keep the words that "
                         "matter most (each word of a phrase counts).", count=len(counted), most=MAX_QUERY_WORDS)
    operators = proximity_operators(text)
    if operators > MAX_PROXIMITY:
        raise QueryError("The query has %(count)s proximity operators (w/N, near/N, pre/N); at most %(most)s fit in "
                         "one search: split it into several searches, or put words that stand side by side in "
                         "double quotes.", count=operators, most=MAX_PROXIMITY)
    words = _outside_phrases(text).replace("(", " ").replace(")", " ").split()
    if words and all(w in OPERATORS for w in words):
        raise QueryError("The query holds only operators (%(operators)s): add the words to search for.",
                         operators=" ".join(words))
    if words and (words[0] in OPERATORS - {"NOT"} or words[-1] in OPERATORS):
        if words[0] in OPERATORS:
            raise QueryError("The query starts with an operator: put words on both sides of AND / OR, or remove it.")
        raise QueryError("The query ends with an operator: put words on both sides of AND / OR, or remove it.")
    return text


def costly(text: str | None) -> bool:
    """Whether a query takes one of the places for costly searches: a wildcard or range, a phrase, a proximity
    operator, atleastN(…), or more than CHEAP_WORDS words. `*` alone (every article) is a plain list."""
    if not text or text.strip() == "*":
        return False
    return bool(_COSTLY.search(text)) or proximity_operators(text) > 0 or len(words_of(text)) > CHEAP_WORDS
