"""WARC web-archive files as input: every archived HTML page is ingested with its URL and capture date; the rest of
the file is reported, and a damaged file keeps the pages before the damage."""

from __future__ import annotations

import gzip
import io
import json
import zlib

import pytest
from conftest import cli_json, page_html, run_cli
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

FLOOD = page_html("Oder flood forces evacuations in Wrocław",
                  ["Emergency crews in Wrocław worked through the night as the Oder rose above its banks.",
                   "“We have moved four hundred families to higher ground,” said Katarzyna Wiśniewska."])
TRAM = page_html("City council approves new tram line",
                 ["The council voted on Tuesday to build a tram line to the airport, officials said."])


def _response(writer: WARCWriter, uri: str, body: bytes, *, status: str = "200 OK",
              content_type: str = "text/html; charset=utf-8", extra: list | None = None,
              date: str = "2026-03-14T09:30:00Z") -> None:
    headers = StatusAndHeaders(status, [("Content-Type", content_type), *(extra or [])], protocol="HTTP/1.1")
    record = writer.create_warc_record(uri, "response", payload=io.BytesIO(body), http_headers=headers,
                                       warc_headers_dict={"WARC-Date": date})
    writer.write_record(record)


def _crawl_warc(path, *, gzip_records: bool = True) -> None:
    """What a crawler writes: requests, HTML responses (one gzip-encoded), an image, a redirect and a 404."""
    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=gzip_records)
        writer.write_record(writer.create_warcinfo_record(path.name, {"software": "test-crawler"}))
        request = StatusAndHeaders("GET /2026/03/14/oder-flood/ HTTP/1.1", [("Host", "courier.example")],
                                   is_http_request=True)
        writer.write_record(writer.create_warc_record("https://courier.example/2026/03/14/oder-flood/", "request",
                                                      http_headers=request))
        _response(writer, "https://courier.example/2026/03/14/oder-flood/", FLOOD.encode("utf-8"))
        _response(writer, "https://courier.example/logo.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64,
                  content_type="image/png")
        _response(writer, "https://courier.example/old-tram", b"", status="301 Moved Permanently",
                  extra=[("Location", "https://courier.example/2026/03/15/tram/")])
        _response(writer, "https://courier.example/missing", b"<html><body>Not found</body></html>",
                  status="404 Not Found")
        _response(writer, "https://courier.example/2026/03/15/tram/", gzip.compress(TRAM.encode("utf-8")),
                  extra=[("Content-Encoding", "gzip")], date="2026-03-15T07:00:00Z")


def test_warc_pages_are_ingested_with_their_urls_and_the_rest_is_reported(tmp_path):
    warc = tmp_path / "crawl.warc.gz"
    _crawl_warc(warc)
    data = tmp_path / "data"
    summary = cli_json("ingest", "--json", str(warc), data=data)
    assert summary["added"] == 2 and summary["failed"] == []
    passed = " ".join(summary["passed_over"])
    assert "1 request records" in passed and "1 warcinfo records" in passed
    assert "non-HTML captures (image/png)" in passed
    assert "HTTP 301" in passed and "HTTP 404" in passed

    hits = cli_json("search", "--json", "tram line airport", data=data)["hits"]
    assert [h["url"] for h in hits] == ["https://courier.example/2026/03/15/tram/"], "gzip content-encoding undone"
    flood = cli_json("search", "--json", "Wrocław evacuations", data=data)["hits"][0]
    assert flood["url"] == "https://courier.example/2026/03/14/oder-flood/"
    quotes = cli_json("quotes", "--json", "--speaker", "Wiśniewska", data=data)
    assert quotes["total"] == 1

    again = cli_json("ingest", "--json", str(warc), data=data)
    assert again["added"] == 0 and again["unchanged"] == 2, "ingesting the same WARC twice adds nothing"


def test_folder_with_warc_files_and_plain_warc(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    _crawl_warc(folder / "plain.warc", gzip_records=False)
    (folder / "notes.txt").write_text("not a page")
    summary = cli_json("ingest", "--json", str(folder), data=tmp_path / "data")
    assert summary["added"] == 2
    assert any(s.endswith("notes.txt") for s in summary["skipped"])


@pytest.mark.parametrize("gzip_records", [False, True])
def test_cut_short_warc_keeps_the_pages_before_the_damage(tmp_path, gzip_records):
    """A crawl that died mid-write: the last capture is incomplete and must not be stored as if it were whole."""
    good = tmp_path / "good.warc"
    _crawl_warc(good, gzip_records=gzip_records)
    damaged = tmp_path / "damaged.warc.gz"
    damaged.write_bytes(good.read_bytes()[:-300])
    proc = run_cli("ingest", "--json", str(damaged), data=tmp_path / "data")
    assert proc.returncode == 1
    summary = json.loads(proc.stdout)
    assert summary["added"] == 1
    [failure] = summary["failed"]
    assert failure["path"] == str(damaged)
    assert "cut short" in failure["error"] and "the 1 page(s) before the damage were kept" in failure["error"]
    hits = cli_json("search", "--json", "tram", data=tmp_path / "data")
    assert hits["total"] == 0, "the truncated tram page is not stored"


def test_not_a_warc_at_all(tmp_path):
    fake = tmp_path / "fake.warc.gz"
    fake.write_bytes(zlib.compress(b"hello") * 10)
    proc = run_cli("ingest", str(fake), data=tmp_path / "data")
    assert proc.returncode == 1
    assert "not a readable WARC" in proc.stdout and "no page could be read" in proc.stdout


def test_export_then_ingest_round_trip(tmp_path, write_page):
    write_page("flood.html", "Oder flood forces evacuations in Wrocław",
               ["Emergency crews in Wrocław worked through the night as the Oder rose above its banks."],
               url="https://www.test-courier.example/flood/")
    first = tmp_path / "first"
    cli_json("ingest", "--json", str(tmp_path / "pages"), data=first)
    warc = tmp_path / "archive.warc"
    run_cli("export", "--format", "warc", "-o", str(warc), data=first, check=True)
    summary = cli_json("ingest", "--json", str(warc), data=tmp_path / "second")
    assert summary["added"] == 1
    hit = cli_json("search", "--json", "Oder", data=tmp_path / "second")["hits"][0]
    assert hit["url"] == "https://www.test-courier.example/flood/"


def test_a_record_warcio_cannot_parse_fails_only_its_file(tmp_path):
    """A response record without WARC-Target-URI (warcio raises AttributeError inside): that WARC file is reported
    as damaged, the other inputs of the batch are still ingested."""
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + TRAM.encode()
    head = (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-000000000001>\r\n"
            b"WARC-Date: 2026-03-14T09:30:00Z\r\nContent-Type: application/http; msgtype=response\r\n"
            b"Content-Length: %d\r\n\r\n" % len(http))
    bad = tmp_path / "nouri.warc"
    bad.write_bytes(head + http + b"\r\n\r\n")
    empty = tmp_path / "empty.warc.gz"
    empty.write_bytes(b"")
    good = tmp_path / "flood.html"
    good.write_text(FLOOD, encoding="utf-8")
    proc = run_cli("ingest", "--json", str(bad), str(empty), str(good), data=tmp_path / "data")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["added"] == 1
    failed = {f["path"]: f["error"] for f in summary["failed"]}
    assert "damaged" in failed[str(bad)] and "no page could be read" in failed[str(bad)]
    assert "holds no WARC records" in failed[str(empty)]


def test_a_page_saved_under_a_warc_name_is_refused_with_advice(tmp_path):
    """warcio would read it as one headerless ARC record and the page would only be 'passed over'."""
    fake = tmp_path / "saved.warc"
    fake.write_text("<!doctype html><html><head><title>Saved</title></head><body><p>A page.</p></body></html>")
    proc = run_cli("ingest", str(fake), data=tmp_path / "data")
    assert proc.returncode == 1
    assert "starts like an HTML page" in proc.stdout and "rename it to .html" in proc.stdout
