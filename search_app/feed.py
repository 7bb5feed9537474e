"""Atom 1.0 (RFC 4287) documents for saved searches: what a feed reader fetches without a session.

Built with ElementTree, so every title and snippet is escaped as XML text whatever it holds; characters XML 1.0 cannot
carry at all (NUL and the other C0 controls but tab and newline) are left out of the text, or the reader would
refuse the whole feed over one bad page."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from xml.etree import ElementTree

ATOM = "http://www.w3.org/2005/Atom"
CONTENT_TYPE = "application/atom+xml; charset=utf-8"
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass
class Entry:
    id: str  # an absolute URL, the entry's permanent id
    title: str
    link: str
    updated: str  # RFC 3339
    author: str
    summary: str
    published: str | None = None
    language: str | None = None


def rfc3339(value: str | None) -> str | None:
    """An ISO date or date-time as Atom wants it: a full date-time with an offset (a date alone is its midnight,
    a time without an offset is UTC, as the archive stores them)."""
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def document(feed_id: str, title: str, self_link: str, alternate: str, updated: str, entries: list[Entry]) -> bytes:
    """The feed, UTF-8 XML with its declaration."""
    ElementTree.register_namespace("", ATOM)
    root = ElementTree.Element(f"{{{ATOM}}}feed")
    _text(root, "id", feed_id)
    _text(root, "title", title)
    _text(root, "updated", updated)
    _text(root, "generator", "newsarchive")
    author = ElementTree.SubElement(root, f"{{{ATOM}}}author")
    _text(author, "name", "newsarchive")
    ElementTree.SubElement(root, f"{{{ATOM}}}link", rel="self", type="application/atom+xml", href=self_link)
    ElementTree.SubElement(root, f"{{{ATOM}}}link", rel="alternate", type="text/html", href=alternate)
    for e in entries:
        entry = ElementTree.SubElement(root, f"{{{ATOM}}}entry")
        if e.language:
            entry.set("{http://www.w3.org/XML/1998/namespace}lang", e.language)
        _text(entry, "id", e.id)
        _text(entry, "title", e.title)
        ElementTree.SubElement(entry, f"{{{ATOM}}}link", rel="alternate", type="text/html", href=e.link)
        if e.published:
            _text(entry, "published", e.published)
        _text(entry, "updated", e.updated)
        _text(ElementTree.SubElement(entry, f"{{{ATOM}}}author"), "name", e.author)
        _text(entry, "summary", e.summary)
    return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)


def _text(parent, tag: str, value: str) -> None:
    ElementTree.SubElement(parent, f"{{{ATOM}}}{tag}").text = _NOT_XML.sub("", value or "")
