"""Writing the archive out: JSON Lines of the articles, or WARC/1.1 of every raw page as it was received."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import BinaryIO, TextIO

from indexer.sources.origins import as_given
from indexer.store import Store


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


def write_warc(store: Store, out: BinaryIO) -> int:
    """Every stored raw page, byte for byte, as a WARC `resource` record (pages came from files, uploads or other
    WARC files, so there is no HTTP exchange to replay); origin and receipt time stay in the record headers.
    `newsarchive ingest` reads the file back."""
    from warcio.warcwriter import WARCWriter

    writer = WARCWriter(out, gzip=False, warc_version="WARC/1.1")
    writer.write_record(writer.create_warcinfo_record("newsarchive-export.warc", {"software": "newsarchive"}))
    count = 0
    for row in store.raw_pages():
        origin = as_given(row["origin"])
        target = row["url"] or row["canonical"] or f"file://{origin}"
        record = writer.create_warc_record(
            target, "resource", payload=io.BytesIO(store.page_bytes(row)),
            warc_content_type=row["content_type"] or "text/html",
            warc_headers_dict={"WARC-Date": _warc_date(row["received_at"]),
                               "X-Newsarchive-Origin": origin.replace("\r", " ").replace("\n", " ")})
        writer.write_record(record)
        count += 1
    return count


def _warc_date(iso: str | None) -> str:
    if iso:
        try:
            return datetime.fromisoformat(iso).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        except ValueError:
            pass
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
