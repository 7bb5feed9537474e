"""Find quotation-mark spans in article text, whatever the language's typographic convention.

Quote marks are paired with a small stack scanner instead of one regex per convention because the same character
closes a quote in one convention and opens it in another (“ opens in English, closes after „ in German; » closes
in French, opens in German). The opener on the stack decides which closers are valid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# opener -> characters that may close it
PAIRS: dict[str, str] = {
    "“": "”“",
    "„": "“”\"",
    "«": "»",
    "»": "«»",
    "「": "」",
    "『": "』",
    "״": "״",
    '"': '"”“',
    "‹": "›",
    "›": "‹›",
    "‚": "‘’'",
    "‘": "’‘'",
    "'": "'’",
    "”": "”",
}
DOUBLE_OPENERS = "“„«»「『״\"”"
SINGLE_OPENERS = "‹›‚‘'"
SYMMETRIC = "\"'״”"
OPEN_BEFORE = " \t\n\u00a0\u202f([{—–-/:;,.…"  # characters after which a mark reads as an opener
CLOSE_AFTER = " \t\n\u00a0\u202f)]}—–-/:;,.!?…"  # characters before which a mark reads as a closer
PARA_SEP = "\n\n"
PAIRS_CHARS = "“”„«»「」『』״\"‹›‚‘’' "  # every mark, and the space, stripped from around quoted words
QUOTE_CHARS = "“”„«»「」『』״\"‹›‚"  # a mark of any kind (not the apostrophe-like ones)


@dataclass
class QuoteSpan:
    """A top-level quotation: start/end cover the marks, inner_start/inner_end the quoted text."""

    start: int
    end: int
    inner_start: int
    inner_end: int
    opener: str
    closed: bool = True
    paragraphs: int = 1  # > 1 when the quote ran over several paragraphs


def _before(text: str, i: int) -> str:
    return text[i - 1] if i > 0 else " "


def _after(text: str, i: int) -> str:
    return text[i + 1] if i + 1 < len(text) else " "


def _opening_like(text: str, i: int) -> bool:
    """A mark that follows a space or bracket and precedes text reads as an opener."""
    return _before(text, i) in OPEN_BEFORE or _before(text, i) in PAIRS


def _closing_like(text: str, i: int) -> bool:
    after = _after(text, i)
    return after in CLOSE_AFTER or after in "”»«“\"'’›‹」』"


def _is_apostrophe(text: str, i: int) -> bool:
    """’ or ' between two letters (It’s, O'Neill) is an apostrophe, not a quote mark."""
    return _before(text, i).isalnum() and _after(text, i).isalnum()


def _next_visible(text: str, i: int) -> str:
    j = i + 1
    while j < len(text) and (text[j] in " \u00a0\u202f\t\x00" or text.startswith("\n", j) and text[j + 1 : j + 2] != "\n"):
        j += 1
    return text[j] if j < len(text) else ""


def _can_open(text: str, i: int, depth: int) -> bool:
    ch = text[i]
    if ch not in PAIRS:
        return False
    nxt = _next_visible(text, i)
    if not nxt or not (nxt.isalnum() or nxt in "…([¿¡-–—'\"‚‘‹›„“«»「『*#@$%"):
        return False  # a mark before ")" or "," or the line end opens nothing
    if ch in "'’‘" and _is_apostrophe(text, i):
        return False
    if ch in SINGLE_OPENERS:
        # single marks open a nested quote freely, a top-level one only in clear opening position
        if ch in "'‘":
            return _opening_like(text, i) and not _after(text, i).isspace()
        return _opening_like(text, i) if depth == 0 else True
    if ch == "”":
        return depth == 0 and _opening_like(text, i) and _after(text, i).isalpha()
    if ch == "“" and _after(text, i).isspace():
        return False  # “ followed by a space is a German closer whose opener went missing
    if ch in SYMMETRIC:
        if text[i + 1 : i + 3].lstrip(" \t\u00a0").startswith("\n") and _before(text, i) in " \t\u00a0":
            return False  # '… Auge . "⏎Rudolph' — a straight mark that ends its line closes a quote, it opens none
        return not (_before(text, i).isalnum() and _after(text, i).isalnum())
    return True


def _can_close(text: str, i: int, opener: str) -> bool:
    ch = text[i]
    if ch not in PAIRS.get(opener, ""):
        return False
    if ch in "'’‘" and _is_apostrophe(text, i):
        return False
    if ch == opener and ch in "“»›‘":
        # the same glyph closing itself only where it plainly ends a quote
        return _closing_like(text, i) and not _before(text, i).isspace()
    if ch in SYMMETRIC and _opening_like(text, i) and not _closing_like(text, i) and opener != ch:
        return False
    return True


def _closable_level(text: str, i: int, stack: list[tuple[str, int]]) -> int | None:
    """The stack level the mark at i closes; a stray nested opener (a misread apostrophe) is skipped over."""
    for level in range(len(stack) - 1, -1, -1):
        if _can_close(text, i, stack[level][0]):
            return level
        if stack[level][0] not in SINGLE_OPENERS:
            return None
    return None


def find_quote_spans(text: str) -> list[QuoteSpan]:
    """Top-level quotations in text (paragraphs separated by blank lines), nested ones left inside."""
    if "''" not in text:
        return _find_spans(text)
    # typewriter style ''…'': read the doubled apostrophe as one double mark (same length keeps offsets)
    doubled = text.replace("''", '"\x00')
    spans = _find_spans(doubled)
    for sp in spans:
        if sp.end < len(doubled) and doubled[sp.end] == "\x00":
            sp.end += 1
        if doubled[sp.inner_start] == "\x00":
            sp.inner_start += 1
    return [s for s in spans if s.inner_end > s.inner_start]


def _find_spans(text: str) -> list[QuoteSpan]:
    spans: list[QuoteSpan] = []
    stack: list[tuple[str, int]] = []
    paragraphs = 1
    i = 0
    n = len(text)
    while i < n:
        # only marks and blank lines change the state: jump over the text between them
        found = _MARK_OR_NEWLINE.search(text, i)
        if found is None:
            break
        i = found.start()
        if text.startswith(PARA_SEP, i):
            i, paragraphs = _paragraph_break(text, i, stack, spans, paragraphs)
            continue
        ch = text[i]
        level = _closable_level(text, i, stack)
        if level is not None:
            opener, start = stack[level]
            del stack[level:]
            if not stack:
                spans.append(QuoteSpan(start, i + 1, start + 1, i, opener, True, paragraphs))
                paragraphs = 1
        elif not stack and _orphan_closer(text, i, spans):
            spans.append(_orphan_closer(text, i, spans))
        elif _can_open(text, i, len(stack)) and (stack or ch in DOUBLE_OPENERS or ch in "‹›‘‚"):
            if stack and stack[0][0] == ch and ch not in SYMMETRIC and not _nested_same(text, i, stack):
                # the same double mark again: the earlier quote was never closed
                _close_unfinished(text, i, stack, spans, paragraphs)
                paragraphs = 1
            stack.append((ch, i))
        i += 1
    if stack:
        _close_unfinished(text, len(text), stack, spans, paragraphs)
    return [s for s in spans if s.inner_end > s.inner_start]


def _nested_same(text: str, i: int, stack: list[tuple[str, int]]) -> bool:
    """„… ein bestimmtes „Nein“ erfolgen.“ — a quote inside a quote written with the same marks: the new opener
    nests when closers enough for both follow before that mark opens again (or the paragraph ends)."""
    opener = text[i]
    para_end = text.find(PARA_SEP, i)
    stop = len(text) if para_end < 0 else para_end
    again = text.find(opener, i + 1, stop)
    stop = stop if again < 0 else again
    closers = sum(1 for k in range(i + 1, stop) if text[k] in PAIRS[opener] and _can_close(text, k, opener))
    return closers >= len(stack) + 1


ORPHAN_CLOSERS = "“”\""
ALL_MARKS = set(PAIRS) | set("".join(PAIRS.values()))
_MARK_OR_NEWLINE = re.compile("[" + re.escape("".join(sorted(ALL_MARKS))) + "\n]")


def _orphan_closer(text: str, i: int, spans: list[QuoteSpan]) -> QuoteSpan | None:
    """'— Wie steht es um die Ernte in den Tälern ? “': a double mark that closes a finished sentence while no quote
    is open lost its opener (a misprint, or the page began inside the quote). The quote runs back to the start of
    its paragraph when no other mark stands there, else to the start of its line when that has none."""
    if text[i] not in ORPHAN_CLOSERS or not (i + 1 == len(text) or text[i + 1] in " \t\n\u00a0)"):
        return None
    j = i
    while j > 0 and text[j - 1] in " \t\u00a0":
        j -= 1
    if j == 0 or text[j - 1] not in ".!?…":
        return None
    floor = spans[-1].end if spans else 0
    para = text.rfind(PARA_SEP, 0, i)
    start = 0 if para < 0 else para + len(PARA_SEP)
    if floor > start or any(ch in ALL_MARKS for ch in text[start:i]):
        start = text.rfind("\n", 0, i) + 1
        if floor > start or any(ch in ALL_MARKS for ch in text[start:i]):
            return None
    if start == 0 and not text[i + 1 :].strip():
        return None  # a whole text closed by one stray mark ('… projektu."') is no quotation
    inner_start = start
    while inner_start < j and text[inner_start] in " \t\n\u00a0—–-":
        inner_start += 1
    if len(re.findall(r"[^\W\d_]{2,}", text[inner_start:j])) < 2:
        return None
    return QuoteSpan(inner_start, i + 1, inner_start, j, "", True, 1)


def _paragraph_break(text: str, i: int, stack: list, spans: list, paragraphs: int) -> tuple[int, int]:
    """At a blank line: continue a quote whose next paragraph repeats the opener, else settle open quotes."""
    j = i
    while j < len(text) and text[j] in "\n \t\u00a0":
        j += 1
    if stack:
        opener = stack[0][0]
        if j < len(text) and text[j] == opener:
            # multi-paragraph quote: drop nested marks, skip the repeated opener
            del stack[1:]
            return j + 1, paragraphs + 1
        _close_unfinished(text, i, stack, spans, paragraphs)
    return j, 1


def _close_unfinished(text: str, end: int, stack: list, spans: list, paragraphs: int) -> None:
    """A quote left open counts, up to the end of its line, when it opened the line or followed : or ,."""
    opener, start = stack[0]
    stack.clear()
    line_start = text.rfind("\n", 0, start) + 1
    lead = text[line_start:start].strip()
    line_end = text.find("\n", start)
    if paragraphs == 1 and 0 <= line_end < end:
        end = line_end
    if paragraphs > 1 or not lead or lead.endswith((":", "—", "–", ",")):
        inner_end = end
        while inner_end > start + 1 and text[inner_end - 1].isspace():
            inner_end -= 1
        if paragraphs == 1 and len(re.findall(r"[^\W\d_]{3,}", text[start + 1 : inner_end])) < 3:
            return  # a ditto mark in a table ("„ 250 fl.") rather than an unclosed quotation
        spans.append(QuoteSpan(start, inner_end, start + 1, inner_end, opener, False, paragraphs))


STRAIGHT_SINGLE = re.compile(r"(?<![\w'’])'(?=[^\W\d_]|\d)((?:[^'\n]|(?<=\w)'(?=\w))+?[,.!?…])'(?![\w'])")


def straight_single_spans(text: str, spans: list[QuoteSpan], attributed) -> list[QuoteSpan]:
    """British 'We will strike,' said Ben Carter: straight single marks quote too, but the same character is the
    apostrophe of "drivers' union", so a pair counts only where attributed(start, end) finds a verb of saying
    beside it (the caller's test) and no other quotation covers it."""
    found: list[QuoteSpan] = []
    for m in STRAIGHT_SINGLE.finditer(text):
        if any(sp.start <= m.start() < sp.end or m.start() <= sp.start < m.end() for sp in spans):
            continue
        if len(m.group(1).split()) < 2 or not attributed(m.start(), m.end()):
            continue
        found.append(QuoteSpan(m.start(), m.end(), m.start(1), m.end(1), "'", True, 1))
    return found

