"""Where pages come from: files and folders given on the command line (HTML, gzip-compressed HTML, WARC)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from indexer.models import InputError, RawPage
from indexer.sources.fetch import is_url
from indexer.sources.origins import as_given, in_folder
from indexer.sources.warc import describe_passed, is_warc_name, read_warc
from indexer.store import now

PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")


@dataclass
class Inputs:
    """The files to read, in a stable order, and what was passed over (reported, never silently dropped)."""

    files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # files inside folders that are not pages
    missing: list[str] = field(default_factory=list)


def is_page_name(name: str) -> bool:
    return name.lower().endswith(PAGE_SUFFIXES) or is_warc_name(name)


def expand(arguments: list[str]) -> Inputs:
    """Files and URLs as given (any name: the cleaner decides what they hold); folders walked for page files,
    sorted."""
    found = Inputs()
    for arg in arguments:
        path = Path(arg)
        if is_url(arg):
            found.files.append(arg)  # fetched in turn by the pipeline
        elif path.is_dir():
            for root, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    full = in_folder(arg, os.path.relpath(os.path.join(root, name), path))
                    (found.files if is_page_name(name) else found.skipped).append(full)
        elif path.is_file():
            found.files.append(arg)
        else:
            found.missing.append(arg)
    return found


MAX_FILE_BYTES = 200 * 1024 * 1024  # far above any page; the cleaner applies the real page limit after gunzip


def read_file(path: str) -> RawPage:
    """The file's bytes exactly as they are on disk."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(f"{path} is {size // 2**20} MiB, too large to be a news page; split or skip it.")
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    return RawPage(data=data, origin=path, url=None, content_type=None, received_at=now())


def read_pages(path: str, failed: list[tuple[str, str]], passed_over: list[str]) -> Iterator[tuple[str, RawPage, int]]:
    """(label, page, bytes read) for a file: the page, or every HTML capture of a WARC file. What cannot be read is
    added to `failed` as (path, reason), and a WARC file's records that are not pages are summed up in `passed_over`,
    so nothing given is passed over silently."""
    if is_warc_name(path):
        passed: Counter = Counter()
        try:
            for capture in read_warc(path, passed):
                yield capture.label, capture.page, capture.bytes_read
        except InputError as exc:
            failed.append((path, str(exc)))
        if passed:
            passed_over.append(describe_passed(as_given(path), passed))
        return
    try:
        page = read_file(path)
    except InputError as exc:
        failed.append((path, str(exc)))
        return
    yield path, page, len(page.data)
