"""One spelling for the text of a page: invisible formatting characters out, odd spaces plain, entities decoded.

Pages carry characters a reader never sees but a program does: soft hyphens (`Expansio&shy;nismus` shows as
"Expansionismus" and breaks only at a line's end), zero-width spaces and joiners that content systems leave between
letters, non-breaking and typographic spaces, and titles whose entities were escaped twice (a literal `&bull;`). Left
in, they split words for the index and the entity recogniser ("Expansio", "nismus"), so the plain spelling finds
nothing and word pieces become people. The cleaner applies these rules to the page before it parses it (so the
headline, the metadata and the body all read one spelling) and to the fields it takes from structured data.

Where an invisible character is spelling, it stays: a zero-width non-joiner or joiner between two letters of a
script that writes with them (Persian می‌خواهم, Devanagari, Malayalam), a joiner inside an emoji sequence, a
zero-width space between Thai words. Those sit between two characters beyond Latin, Greek and Cyrillic; beside a
Latin, Greek or Cyrillic letter, a digit, a space or ASCII punctuation they are never spelling and go.
"""

from __future__ import annotations

import html
import re
from html.entities import html5

_GONE = "\u00ad\u2060\ufeff"  # soft hyphen, word joiner, zero-width no-break space (a BOM inside the text)
_JOINERS = "\u200b\u200c\u200d"  # zero-width space, non-joiner, joiner: spelling in some scripts, noise elsewhere
_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f"
_ALL = _GONE + _JOINERS + _SPACES
_FIRST_OTHER_SCRIPT = "\u0530"  # Armenian onwards: the scripts after Latin, Greek and Cyrillic


def _entity_forms() -> str:
    """The ways markup writes these characters: &shy; &#173; &#xAD; (the semicolon is optional to parsers)."""
    names = sorted({name.rstrip(";") for name, value in html5.items() if value in _ALL}, key=len, reverse=True)
    decimal = "|".join(str(ord(c)) for c in _ALL)
    hexa = "|".join(f"{ord(c):x}" for c in _ALL)
    return rf"&(?:#0*(?:{decimal})(?!\d)|#[xX]0*(?i:{hexa})(?![0-9a-fA-F])|(?:{'|'.join(names)})(?![A-Za-z0-9]));?"


_ENTITIES = re.compile(_entity_forms())
_JOINER = re.compile(f"[{_JOINERS}]")
_ENTITY_LEFT = re.compile(r"&(?:#\d{2,7}|#[xX][0-9a-fA-F]{2,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def _entity(match: re.Match) -> str:
    found = match.group()
    return html.unescape(found if found.endswith(";") else found + ";")


def _joiner(match: re.Match) -> str:
    """A joiner stays between two characters of a script that spells with it, and goes elsewhere."""
    text, start, end = match.string, match.start(), match.end()
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    spelled = (before >= _FIRST_OTHER_SCRIPT and after >= _FIRST_OTHER_SCRIPT
               and not before.isspace() and not after.isspace())
    return match.group() if spelled else ""


def normalize_markup(page: str) -> str:
    """The decoded page with soft hyphens, stray zero-width characters and odd spaces, written as characters or
    as entities, replaced before it is parsed. A page without any costs a few scans of its text."""
    if "&" in page and _ENTITIES.search(page):
        page = _ENTITIES.sub(_entity, page)
    return normalize_text(page)


def normalize_text(text: str) -> str:
    """The same rules on text already taken out of the page (metadata, structured data)."""
    for char in _GONE:
        if char in text:
            text = text.replace(char, "")
    for char in _SPACES:
        if char in text:
            text = text.replace(char, " ")
    if any(char in text for char in _JOINERS):
        text = _JOINER.sub(_joiner, text)
    return text


def plain_field(text: str) -> str:
    """A one-line field (title, author, outlet, description): entities a page escaped twice decoded ("&bull;" →
    "•"), the characters above normalised, runs of spaces made one."""
    for _ in range(2):  # "&amp;bull;" arrives as "&bull;" from the parser, and as "&amp;bull;" from JSON-LD
        if not _ENTITY_LEFT.search(text):
            break
        text = html.unescape(text)
    return " ".join(normalize_text(text).split())
