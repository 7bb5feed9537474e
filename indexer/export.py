"""Writing the archive out: JSON Lines of the articles, or WARC/1.1 of every raw page as it was received."""

from __future__ import annotations

import base64
import hashlib
import json
import uuid
from collections.abc import Iterator
from typing import BinaryIO, TextIO

from .store import Store


def jsonl_lines(store: Store) -> Iterator[str]:
    """One line per article (current version) with its annotations and version history."""
    for article_id in store.article_ids():
        annotated = store.article(article_id)
        info = store.article_info(article_id)
        if annotated is None or info is None:
            continue
        record = {"id": article_id} | annotated.to_json() | {"versions": info["versions"]}
        record.pop("path", None)
        yield json.dumps(record, ensure_ascii=False) + "\n"


def write_jsonl(store: Store, out: TextIO) -> int:
    count = 0
    for line in jsonl_lines(store):
        out.write(line)
        count += 1
    return count


def _warc_record(headers: dict[str, str], block: bytes) -> bytes:
    lines = ["WARC/1.1", *(f"{k}: {v}" for k, v in headers.items()), f"Content-Length: {len(block)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8") + block + b"\r\n\r\n"


def write_warc(store: Store, out: BinaryIO) -> int:
    """Every stored raw page, byte for byte, as a WARC `resource` record (pages came from files or uploads, so
    there is no HTTP exchange to replay); its origin and receipt time are kept in the record headers."""
    out.write(_warc_record({
        "WARC-Type": "warcinfo", "WARC-Record-ID": f"<urn:uuid:{uuid.uuid4()}>",
        "WARC-Date": _warc_date(None), "Content-Type": "application/warc-fields"},
        b"software: newsarchive\r\nformat: WARC File Format 1.1\r\n"))
    count = 0
    for row in store.db.execute(
            "SELECT p.data, p.origin, p.url, p.received_at, p.content_type, a.url AS canonical "
            "FROM pages p LEFT JOIN articles a ON a.id = p.article_id ORDER BY p.id"):
        data = bytes(row["data"])
        digest = base64.b32encode(hashlib.sha1(data).digest()).decode("ascii")
        target = row["url"] or row["canonical"] or f"file://{row['origin']}"
        out.write(_warc_record({
            "WARC-Type": "resource",
            "WARC-Record-ID": f"<urn:uuid:{uuid.uuid4()}>",
            "WARC-Date": _warc_date(row["received_at"]),
            "WARC-Target-URI": target,
            "WARC-Payload-Digest": f"sha1:{digest}",
            "Content-Type": row["content_type"] or "text/html",
            "X-Newsarchive-Origin": row["origin"].replace("\r", " ").replace("\n", " "),
        }, data))
        count += 1
    return count


def _warc_date(iso: str | None) -> str:
    from datetime import UTC, datetime

    if iso:
        try:
            return datetime.fromisoformat(iso).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            pass
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
