"""Pages inside WARC (and older ARC) web-archive files: every archived HTML response or resource, with its URL and
capture date, read with warcio. Chunked transfer is undone by warcio; gzip, deflate and brotli content encodings by
indexer.sources.inflate, with the page limit as a cap (warcio inflates a block at a time without one, and its brotli
reader fails with brotli ≥ 1.2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from indexer.models import InputError, RawPage
from indexer.sources.encoding import MAX_PAGE_BYTES
from indexer.sources.inflate import ENCODINGS, Corrupt, TooLarge, inflate
from indexer.sources.regular import open_regular

WARC_SUFFIXES = (".warc", ".warc.gz", ".arc", ".arc.gz")
MAX_RECORD_BYTES = MAX_PAGE_BYTES  # the cleaner's page limit: a larger capture is counted, never stored
_HTML_TYPES = ("text/html", "application/xhtml+xml")
_HTML_START = (b"<!doctype html", b"<html", b"<head", b"<body", b"<?xml")


def is_warc_name(name: str) -> bool:
    return name.lower().endswith(WARC_SUFFIXES)


@dataclass
class Capture:
    """One HTML page found in a WARC file, and how many bytes of the file were read to reach it (for progress)."""

    label: str  # what reports call it: "file.warc.gz → https://…"
    page: RawPage
    bytes_read: int


def read_warc(path: str, passed: Counter) -> Iterator[Capture]:
    """The HTML captures of a WARC file, in file order; every other record is counted in `passed` by reason.

    A damaged file raises InputError after the captures before the damage were yielded, so they are kept.
    """
    from warcio.archiveiterator import ArchiveIterator

    found = records_read = 0
    last_offset = 0
    try:
        with open_regular(path) as stream:
            _check_signature(path, stream.read(16))
            stream.seek(0)
            records = ArchiveIterator(stream, arc2warc=True)
            for record in records:
                records_read += 1
                page, reason = _page(record, path)
                offset = records.get_record_offset()
                if page is None:
                    passed[reason] += 1
                    continue
                found += 1
                yield Capture(f"{path} → {page.url}", page, offset - last_offset)
                last_offset = offset
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except InputError:
        raise
    except Exception as exc:  # warcio raises many kinds on damaged records; all mean the same to the user
        kept = f"the {found} page(s) before the damage were kept" if found else "no page could be read from it"
        detail = " ".join(str(exc).split())[:160].encode("ascii", "backslashreplace").decode("ascii")
        raise InputError(f"{path} is not a readable WARC/ARC file or is damaged ({type(exc).__name__}: "
                         f"{detail}); {kept}.") from exc
    if records_read == 0:
        raise InputError(f"{path} holds no WARC records (it is empty or not a WARC file); nothing was added.")


def _check_signature(path: str, head: bytes) -> None:
    """warcio reads any text as a headerless ARC record, so a page saved under a .warc name would pass silently."""
    if not head or head.startswith((b"WARC/", b"filedesc://", b"\x1f\x8b")):
        return
    page = head.lstrip().startswith(b"<")
    raise InputError(f"{path} is not a readable WARC/ARC file: it starts like "
                     f"{'an HTML page' if page else 'neither'}, not with 'WARC/' (or 'filedesc://' for ARC); no page "
                     f"could be read from it.{' If it is a saved page, rename it to .html and add it again.' if page else ''}")


def _page(record, path: str) -> tuple[RawPage | None, str]:
    """The record as a page, or None and why it was passed over."""
    kind = record.rec_type
    if kind not in ("response", "resource"):
        return None, f"{kind} records"
    uri = record.rec_headers.get_header("WARC-Target-URI") or ""
    content_type = record.rec_headers.get_header("Content-Type") or ""
    if kind == "response":
        http = record.http_headers
        if http is None:
            return None, "responses without HTTP headers"
        status = http.get_statuscode() or ""
        if not status.startswith("2"):
            return None, f"HTTP {status} responses" if status else "responses without a status"
        content_type = http.get_header("Content-Type") or ""
    declared = content_type.split(";")[0].strip().lower()
    if declared and declared not in _HTML_TYPES and not declared.startswith("text/"):
        return None, f"non-HTML captures ({declared})"
    try:
        data = _body(record)
    except TooLarge:
        return None, f"HTML captures over the {MAX_RECORD_BYTES // 2**20} MiB page limit, or that decompress to " \
                     "more (not stored)"
    while record.raw_stream.read(64 * 1024):  # bytes after a chunked body's end are harmless: skip them
        pass
    if getattr(record.raw_stream, "limit", 0) > 0:  # the record declared more bytes than the file holds
        raise ValueError(f"the capture of {uri or 'a page'} is cut short: the file ends inside it")
    if declared not in _HTML_TYPES and not data.lstrip()[:20].lower().startswith(_HTML_START):
        return None, f"non-HTML captures ({declared or 'no type'})"
    page = RawPage(data=data, origin=f"{path} → {uri}", url=uri or None, content_type=content_type or None,
                   received_at=_iso(record.rec_headers.get_header("WARC-Date")))
    return page, ""


def _body(record) -> bytes:
    """The record's payload as the page's bytes: de-chunked, its content encoding undone, at most the page limit."""
    from warcio.bufferedreaders import ChunkedDataReader

    http = record.http_headers
    stream = record.raw_stream
    if http is not None and (http.get_header("Transfer-Encoding") or "").strip().lower() == "chunked":
        stream = ChunkedDataReader(stream)  # (a body that is not really chunked is read as it is)
    data = stream.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise TooLarge("over the page limit")
    encoding = (http.get_header("Content-Encoding") or "").strip().lower() if http is not None else ""
    if encoding in ENCODINGS:
        try:
            return inflate(data, encoding, MAX_RECORD_BYTES)
        except Corrupt:
            pass  # a body kept decoded under the header it was sent with: read as it is, as warcio does
    return data


def _iso(warc_date: str | None) -> str:
    """WARC-Date (2026-03-14T08:00:00Z) as the store's ISO 8601 UTC stamp; now when missing or malformed."""
    if warc_date:
        try:
            return datetime.fromisoformat(warc_date.replace("Z", "+00:00")).astimezone(UTC).isoformat(
                timespec="seconds")
        except ValueError:
            pass
    return datetime.now(UTC).isoformat(timespec="seconds")


def describe_passed(path: str, passed: Counter) -> str:
    """One line for the report: what in the file was not a page, so nothing is passed over silently."""
    parts = ", ".join(f"{n} {reason}" for reason, n in passed.most_common())
    return f"{path}: passed over {parts}"
