"""Where a page came from, as its user gave it: the URL, the file's name (as uploaded), or the WARC file's name and
the record's URI. The store keeps the full path on the server, for the archivists' CLI; the web shows nobody the
server's folders."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

ARROW = " → "  # between a WARC file and a record's URI, as indexer/sources/warc.py writes the origin
_UPLOAD_NUMBER = re.compile(r"^\d{3}-")  # the web app numbers a job's uploads: 001-name.html


def public_origin(origin: str, numbered: bool = False) -> str:
    """`numbered` keeps an upload's number in its job (001-…), as the job's report names it."""
    if ARROW in origin:
        path, uri = origin.split(ARROW, 1)
        return f"{_file_name(path, numbered)}{ARROW}{uri}"
    return origin if "://" in origin else _file_name(origin, numbered)


def _file_name(path: str, numbered: bool) -> str:
    parts = path.replace("\\", "/").rstrip("/").split("/")
    uploaded = len(parts) > 2 and parts[-3] == "uploads"
    return parts[-1] if numbered or not uploaded else _UPLOAD_NUMBER.sub("", parts[-1])


def web_url(url: str | None) -> str | None:
    """The URL when it is an http(s) address with a host, else None: a `javascript:` or `data:` "canonical link"
    must never become an article's link (stored, shown, exported or cited)."""
    if not url:
        return None
    try:
        parts = urlsplit(url)
        return url if parts.scheme.lower() in ("http", "https") and parts.hostname else None
    except ValueError:
        return None
