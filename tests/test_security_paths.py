"""The public API never shows a folder of the server's disk: a page's origin is its URL, its file name (as
uploaded) or its WARC file's name and record URI, however it was added."""

from __future__ import annotations

import io
import json
import re
import time

import pytest
from conftest import page_html
from test_warc import _crawl_warc

from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from search_app import create_app
from search_app.accounts import Accounts

PASSWORD = "a-corpus-kept-far-away"


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """An archive filled three ways: a folder of pages and a WARC file given by absolute paths on the server, and a
    page uploaded on the web."""
    root = tmp_path_factory.mktemp("paths")
    corpus = root / "newsroom-drafts" / "march"
    corpus.mkdir(parents=True)
    (corpus / "ferry.html").write_text(page_html(
        "Ferry service resumes after storm", ["The island ferry sailed again on Monday, the harbour master said."],
        url="https://www.test-courier.example/ferry/"), encoding="utf-8")
    (corpus / "bridge.html").write_text(page_html(
        "Old bridge closed for repairs", ["“It will reopen in spring,” said Marta Lindqvist, the city engineer."]),
        encoding="utf-8")
    _crawl_warc(corpus / "crawl.warc.gz")
    data = root / "data"
    with Archive(data) as a:
        report = ingest(a, [str(corpus.resolve())])
        assert not report.failed
        Accounts(a.store).add("editor", PASSWORD)
    client = create_app(data, TESTING=True).test_client()
    token = lambda html: re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)  # noqa: E731
    client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD,
                                          "csrf_token": token(client.get("/archive/sign-in").get_data(as_text=True))})
    upload = page_html("Tram depot opens to visitors", ["Visitors toured the new tram depot on Saturday."])
    r = client.post("/archive/add", data={"files": [(io.BytesIO(upload.encode()), "depot visit.html")],
                                          "csrf_token": token(client.get("/archive").get_data(as_text=True))},
                    content_type="multipart/form-data")
    job_id = int(r.headers["Location"].rsplit("/", 1)[1])
    end = time.monotonic() + 180
    while client.get(f"/api/jobs/{job_id}").get_json()["status"] not in ("done", "failed"):
        assert time.monotonic() < end, "the upload job did not finish"
        time.sleep(0.2)
    return {"client": client, "data": data, "corpus": corpus, "root": root}


def _every_api_response(client) -> dict[str, str]:
    """The text of every kind of API answer over this archive, by its path."""
    paths = ["/api/search?q=*", "/api/search?q=ferry", "/api/quotes?q=reopen", "/api/stats", "/api/jobs",
             "/api/openapi.json"]
    seen = {}
    for hit in client.get("/api/search?q=*&limit=100").get_json()["hits"]:
        paths += [f"/api/articles/{hit['id']}", f"/api/articles/{hit['id']}?version=1"]
    for quote in client.get("/api/quotes?q=*&limit=100").get_json()["quotes"]:
        paths.append(f"/api/quotes/{quote['id']}")
    for job in client.get("/api/jobs").get_json()["jobs"]:
        paths.append(f"/api/jobs/{job['id']}")
    for path in paths:
        r = client.get(path)
        assert r.status_code == 200, path
        seen[path] = r.get_data(as_text=True)
    return seen


def test_no_api_response_names_a_folder_of_the_server(archive):
    seen = _every_api_response(archive["client"])
    assert len([p for p in seen if p.startswith("/api/articles/")]) == 10, "five articles, each twice"
    for folder in (archive["data"].resolve(), archive["corpus"].resolve(), archive["root"].resolve()):
        leaks = [p for p, text in seen.items() if str(folder) in text or json.dumps(str(folder))[1:-1] in text]
        assert leaks == [], f"{folder} shows in {leaks}"
    assert not any("uploads/" in text for text in seen.values())


def test_an_articles_origin_is_what_its_user_gave(archive):
    client = archive["client"]
    origins = {}
    for hit in client.get("/api/search?q=*&limit=100").get_json()["hits"]:
        origins[hit["title"]] = [v["origin"] for v in client.get(f"/api/articles/{hit['id']}").get_json()["versions"]]
    assert origins["Ferry service resumes after storm"] == ["ferry.html"]
    assert origins["Old bridge closed for repairs"] == ["bridge.html"]
    assert origins["Tram depot opens to visitors"] == ["depot-visit.html"], "the uploaded name, without its number"
    warc = [o for title, o in origins.items() if title not in ("Ferry service resumes after storm",
                                                             "Old bridge closed for repairs",
                                                             "Tram depot opens to visitors")]
    assert sorted(warc) == [["crawl.warc.gz → https://courier.example/2026/03/14/oder-flood/"],
                            ["crawl.warc.gz → https://courier.example/2026/03/15/tram/"]]


def test_the_store_keeps_the_full_path_for_the_archivists(archive):
    """The folder given, and the page's path inside it (`FOLDER/./PAGE`, the same file on disk)."""
    with Archive(archive["data"]) as a:
        origins = [r[0] for r in a.store.db.execute("SELECT origin FROM pages")]
    assert f"{archive['corpus'].resolve()}/./ferry.html" in origins
