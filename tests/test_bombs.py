"""Compressed bodies are undone with a cap: a decompression bomb (a crawled response, a WARC record, an .html.gz
file) is refused with a reason and everything else is kept; brotli WARC records are read. The commands run with
their address space capped, so a bomb undone in memory fails them (as it did: 4 MB of gzip → MemoryError)."""

from __future__ import annotations

import functools
import gzip
import io
import json
import zlib

import brotli
from conftest import page_html, run_cli
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

MEMORY = 3 * 2**30  # a normal ingest or crawl needs about 1.5 GiB of address space
STORIES = {f"/2026/11/{day}/story/": (title, [text, "Officials said more details would follow next week."])
           for day, title, text in [
               (27, "Night trains return to the Baltic coast", "The first night train in a decade left Berlin."),
               (28, "Harbour workers strike in Gdańsk", "Dock workers in Gdańsk stopped work on Saturday."),
               (29, "Amber museum reopens after renovation", "The amber museum reopened on Sunday.")]}


@functools.cache
def _gzip_bomb() -> bytes:
    """4 GiB of zeros in 4 MB: four gzip members of 1 GiB each (readers take members one after another)."""
    z = zlib.compressobj(9, zlib.DEFLATED, 31)
    member = b"".join([z.compress(bytes(2**20)) for _ in range(1024)] + [z.flush()])
    return member * 4


def _cli(*args: str, data) -> dict:
    proc = run_cli(*args, data=data, timeout=600, memory=MEMORY)
    assert "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_a_gzip_bomb_or_a_page_of_millions_of_elements_in_a_crawl_is_refused_and_the_crawl_goes_on(tmp_path, site):
    site.add("/robots.txt", "", Content_Type="text/plain")
    links = [*STORIES][:1] + ["/bomb.html", "/cells.html"] + [*STORIES][1:]
    site.add("/", "<!doctype html><html><body><ul>" + "".join(f'<li><a href="{link}">{link}</a></li>'
                                                            for link in links) + "</ul></body></html>")
    for path, (title, paragraphs) in STORIES.items():
        site.add(path, page_html(title, paragraphs, url=f"{site.base}{path}"))
    site.add("/bomb.html", _gzip_bomb(), Content_Encoding="gzip")
    cell = b"<td>7</td>"  # 20 MiB of them: two million elements, gigabytes as a tree (its links are not read)
    site.add("/cells.html", b"<!doctype html><html><body><table><tr>" + cell * ((20 * 2**20 - 100) // len(cell))
             + b"</tr></table></body></html>")
    data = tmp_path / "data"
    summary = _cli("crawl", "--json", "--allow-private", "--delay", "0", f"{site.base}/", data=data)
    assert site.paths().index("/2026/11/27/story/") < site.paths().index("/bomb.html") < \
        site.paths().index("/2026/11/29/story/"), "a page before the bomb, and pages after it"
    assert summary["added"] == 3 and summary["failed"] == []
    assert "1 responses that decompress to over the size limit (bombs)" in summary["passed_over"][0]
    assert "1 pages with too many HTML elements to read" in summary["passed_over"][0]


def _record(writer: WARCWriter, uri: str, body: bytes, encoding: str | None = None) -> None:
    headers = [("Content-Type", "text/html; charset=utf-8")] + ([("Content-Encoding", encoding)] if encoding else [])
    writer.write_record(writer.create_warc_record(
        uri, "response", payload=io.BytesIO(body),
        http_headers=StatusAndHeaders("200 OK", headers, protocol="HTTP/1.1")))


def test_brotli_records_are_read_and_bombs_in_a_warc_are_passed_over(tmp_path):
    """A Content-Encoding: br record failed (warcio 1.8.1 with brotli 1.2: "'brotli.Decompressor' object has no
    attribute 'unused_data'") and was lost; bombs in records must not cost the records around them."""
    pages = {f"https://courier.example{path}": page_html(title, paragraphs, url=f"https://courier.example{path}")
             for path, (title, paragraphs) in STORIES.items()}
    (first, one), (second, two), (third, three) = pages.items()
    warc = tmp_path / "crawl.warc.gz"
    with open(warc, "wb") as out:
        writer = WARCWriter(out, gzip=True)
        _record(writer, first, brotli.compress(one.encode()), "br")
        _record(writer, "https://courier.example/brotli-bomb", brotli.compress(bytes(2**30), quality=5), "br")
        _record(writer, second, gzip.compress(two.encode()), "gzip")
        _record(writer, "https://courier.example/gzip-bomb", _gzip_bomb()[:len(_gzip_bomb()) // 4], "gzip")
        _record(writer, third, three.encode())
    data = tmp_path / "data"
    summary = _cli("ingest", "--json", str(warc), data=data)
    assert summary["added"] == 3 and summary["failed"] == []
    assert "2 HTML captures over the 20 MiB page limit, or that decompress to more" in summary["passed_over"][0]
    hits = json.loads(run_cli("search", "--json", "night train", data=data, check=True).stdout)["hits"]
    assert [h["url"] for h in hits] == [first], "the brotli record's page, its text undone"


def test_an_html_gz_bomb_is_refused_and_the_files_beside_it_are_kept(tmp_path):
    """(.html.gz files and uploads are read the same way.)"""
    pages = tmp_path / "pages"
    pages.mkdir()
    for n, (title, paragraphs) in enumerate(STORIES.values()):
        (pages / f"{n}.html.gz").write_bytes(gzip.compress(page_html(title, paragraphs).encode()))
    (pages / "1-bomb.html.gz").write_bytes(_gzip_bomb())
    summary = _cli("ingest", "--json", str(pages), data=tmp_path / "data")
    assert summary["added"] == 3
    [failure] = summary["failed"]
    assert failure["path"].endswith("1-bomb.html.gz") and "decompresses to over the 20 MiB limit" in failure["error"]
