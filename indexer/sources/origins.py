"""Where a page came from, as its user gave it: the URL, the file's path inside the folder given (or the file's name,
as uploaded), or the WARC file's name and the record's URI. The store keeps the full path on the server, for the
archivists' CLI; the web shows nobody the server's folders.

A page found in a folder is stored as `FOLDER/./PATH`: the same path on disk, with the mark of where the folder the
user gave ends, so that pages of one folder all called source.html are told apart by the folders inside it."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

ARROW = " → "  # between a WARC file and a record's URI, as indexer/sources/warc.py writes the origin
FOLDER_MARK = "/./"  # between a folder given and a page's path inside it
_UPLOAD_NUMBER = re.compile(r"^\d{3}-")  # the web app numbers a job's uploads: 001-name.html


def in_folder(folder: str, relative: str) -> str:
    """The origin of a page found at `relative` (a path inside `folder`) in the folder the user gave."""
    return folder.replace("\\", "/").rstrip("/") + FOLDER_MARK + relative.replace("\\", "/")


def as_given(origin: str) -> str:
    """The origin as the user typed it (the folder's mark taken out): what the command line shows."""
    if ARROW in origin:
        path, uri = origin.split(ARROW, 1)
        return f"{as_given(path)}{ARROW}{uri}"
    if "://" in origin:
        return origin
    folder, mark, inside = origin.rpartition(FOLDER_MARK)
    return f"{folder}/{inside}" if mark else origin


def public_origin(origin: str, numbered: bool = False) -> str:
    """`numbered` keeps an upload's number in its job (001-…), as the job's report names it."""
    if ARROW in origin:
        path, uri = origin.split(ARROW, 1)
        return f"{_public_path(path, numbered)}{ARROW}{uri}"
    return origin if "://" in origin else _public_path(origin, numbered)


def _public_path(path: str, numbered: bool) -> str:
    path = path.replace("\\", "/")
    _, mark, inside = path.rpartition(FOLDER_MARK)
    if mark:
        return inside
    parts = path.rstrip("/").split("/")
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
