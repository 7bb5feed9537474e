"""Where pages come from: files and folders given on the command line (HTML, gzip-compressed HTML, WARC)."""

from __future__ import annotations

import os
import stat
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from indexer.models import InputError, RawPage
from indexer.sources.fetch import is_url
from indexer.sources.origins import as_given, in_folder
from indexer.sources.regular import kind_of, open_regular
from indexer.sources.warc import describe_passed, is_warc_name, read_warc
from indexer.store import now

PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")


@dataclass
class Inputs:
    """The files to read, in a stable order, and what was passed over (reported, never silently dropped)."""

    files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # files inside folders that are not pages
    failed: list[tuple[str, str]] = field(default_factory=list)  # (input, why): missing, unreadable, not a file
    passed_over: list[str] = field(default_factory=list)  # special files and links that leave a folder, named


def is_page_name(name: str) -> bool:
    return name.lower().endswith(PAGE_SUFFIXES) or is_warc_name(name)


def expand(arguments: list[str], follow_links: bool = False) -> Inputs:
    """Files and URLs as given (any name: the cleaner decides what they hold); folders walked for page files,
    sorted. Only regular files are read: a device, a pipe or a socket is named and passed over (/dev/zero would
    be read until memory runs out, a pipe waited on for ever). A link in a folder that leads out of it is named
    and not followed (its target could be any file of the machine, /etc/passwd) unless `follow_links`; what the
    user names on the command line is theirs to name."""
    found = Inputs()
    links: list[str] = []
    special: list[str] = []
    for arg in arguments:
        path = Path(arg)
        if is_url(arg):
            found.files.append(arg)  # fetched in turn by the pipeline
            continue
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            found.failed.append((arg, "no such file or directory" if isinstance(exc, FileNotFoundError)
                                 else f"cannot read it: {exc.strerror or exc}"))
            continue
        if stat.S_ISDIR(mode):
            _walk(arg, path, found, follow_links, links, special)
        elif stat.S_ISREG(mode):
            found.files.append(arg)
        else:
            found.failed.append((arg, f"not a regular file ({kind_of(mode)}); only files and folders are read"))
    if special:
        found.passed_over.append(f"passed over {len(special)} special file(s) in folders, which are not read: "
                                 + ", ".join(special))
    if links:
        found.passed_over.append(f"passed over {len(links)} link(s) that lead out of their folder, not followed "
                                 "(`--follow-links` follows them): " + ", ".join(links))
    return found


def _walk(arg: str, top: Path, found: Inputs, follow_links: bool, links: list[str], special: list[str]) -> None:
    """Page files below `top` (the folder the user named `arg`) in sorted order, by the rules of expand(), each
    named by its path inside that folder (`origins.in_folder`); folders that cannot be read fail."""
    root = top.resolve()
    walked = {root}  # real folders walked: a link back up must not loop

    def visit(folder: Path) -> None:
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            found.failed.append((str(folder), f"cannot read this folder ({exc.strerror or exc}): nothing in it was "
                                              "read; check its permissions"))
            return
        for entry in entries:
            path = Path(entry.path)
            try:
                mode = entry.stat().st_mode  # (of the link's target, for a link)
            except OSError as exc:
                found.failed.append((str(path), f"cannot read it: {exc.strerror or exc} (a link to nothing?)"))
                continue
            if entry.is_symlink():
                target = path.resolve()
                outside = target != root and root not in target.parents
                if outside and not follow_links:
                    links.append(f"{path} → {target}")
                    continue
                if stat.S_ISDIR(mode):
                    if outside and target not in walked:  # (a folder inside is walked where it is)
                        walked.add(target)
                        visit(path)
                    continue
            elif stat.S_ISDIR(mode):
                visit(path)
                continue
            if stat.S_ISREG(mode):
                named = in_folder(arg, os.path.relpath(path, top))
                (found.files if is_page_name(entry.name) else found.skipped).append(named)
            else:
                special.append(f"{path} ({kind_of(mode)})")

    visit(top)


MAX_FILE_BYTES = 200 * 1024 * 1024  # far above any page; the cleaner applies the real page limit after gunzip


def read_file(path: str) -> RawPage:
    """The file's bytes exactly as they are on disk."""
    try:
        with open_regular(path) as stream:
            size = os.fstat(stream.fileno()).st_size
            if size > MAX_FILE_BYTES:
                raise InputError(f"{path} is {size // 2**20} MiB, too large to be a news page; split or skip it.")
            data = stream.read(MAX_FILE_BYTES + 1)
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
