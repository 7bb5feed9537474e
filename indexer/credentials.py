"""Passwords kept off command lines: any NEWSARCHIVE_… setting may come from a file named by NEWSARCHIVE_…_FILE, and
a store or index URL without its password takes it from NEWSARCHIVE_STORE_PASSWORD_FILE or
NEWSARCHIVE_INDEX_PASSWORD_FILE (or the variables without _FILE). A command line is readable by every user of the
machine (ps); a file can be readable by the service's user alone."""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

from indexer.models import InputError


def secret(name: str) -> str | None:
    """$NAME, else the content of the file $NAME_FILE names (without its final line break), else None."""
    value = os.environ.get(name)
    if value:
        return value
    path = os.environ.get(f"{name}_FILE")
    if not path:
        return None
    try:
        return Path(path).read_text(encoding="utf-8").rstrip("\r\n")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"${name}_FILE names {path}, which cannot be read ({getattr(exc, 'strerror', None) or exc}):"
                         f" give a file this user may read, holding the value of ${name}.") from None


def url(given: str | os.PathLike | None, name: str) -> str | os.PathLike | None:
    """The URL `given`, else $NAME (or its file); when it names a user without a password, with the password of
    $NAME_PASSWORD (or its file) put in."""
    found = given or secret(name)
    if not found:
        return None
    if isinstance(found, os.PathLike):
        return found  # a path: the SQLite file, no URL
    scheme, sep, rest = found.partition("://")
    auth, at, location = rest.rpartition("@")
    if not sep or ":" in auth:
        return found  # not a URL (the SQLite file), or one with its own password
    password = secret(f"{name}_PASSWORD")
    if password is None:
        return found
    if not at or not auth:
        raise InputError(f"${name}_PASSWORD is set but the URL names no user to give it to: write the URL as "
                         f"{scheme}://USER@HOST:PORT/… (without the password).")
    return f"{scheme}://{auth}:{urllib.parse.quote(password, safe='')}@{location}"
