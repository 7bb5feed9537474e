"""An outlet's article stays its own: a page with an address of its own (fetched, crawled, read from a WARC record)
cannot name another site's URL as its canonical link and so become a version of that outlet's article; and only
http(s) URLs become an article's link, in the page, the API, the CSV and the citation."""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import cli_json, page_html, run_cli
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from indexer.archive import Archive
from search_app import create_app
from search_app.citation import cited

REAL = ("Harbour workers strike in Gdańsk", ["Dock workers in Gdańsk stopped work on Saturday over pay, the union "
                                           "said.", "The strike is the first at the port in twelve years."])
PLANTED = ("Harbour workers strike in Gdańsk", ["The union admitted on Saturday that the strike was a hoax paid "
                                              "for by a rival port.", "Readers were told to sell their shares."])


def _articles(data) -> dict[str, dict]:
    """url → {"versions", "claim", "text"} of every stored article."""
    with Archive(data, create=False) as archive:
        store = archive.store
        out = {}
        for article_id in store.article_ids():
            info = store.article_info(article_id)
            record = store.article(article_id).to_json()
            out[info["url"]] = {"versions": len(info["versions"]), "claim": record["canonical_claim"],
                                "text": record["text"]}
        return out


def test_a_fetched_page_on_another_site_does_not_become_a_version_of_an_outlets_article(tmp_path, site,
                                                                                           other_site):
    real = f"{site.base}/2026/11/28/harbour-strike/"
    site.add("/robots.txt", "", Content_Type="text/plain")
    site.add("/2026/11/28/harbour-strike/", page_html(*REAL, url=real))
    other_site.add("/robots.txt", "", Content_Type="text/plain")
    other_site.add("/planted", page_html(*PLANTED, url=real))  # claims to be the outlet's article
    data = tmp_path / "data"
    first = cli_json("ingest", "--json", "--allow-private", "--delay", "0", real, data=data)
    second = cli_json("ingest", "--json", "--allow-private", "--delay", "0", f"{other_site.base}/planted",
                      data=data)
    assert first["added"] == 1 and second["added"] == 1 and second["updated"] == 0
    articles = _articles(data)
    assert articles[real]["versions"] == 1 and "first at the port" in articles[real]["text"]
    assert articles[real]["claim"] is None
    planted = articles[f"{other_site.base}/planted"]
    assert planted["claim"] == real, "the claim is kept, as a note"
    hits = cli_json("search", "--json", "strike Gdańsk", data=data)["hits"]
    assert {h["url"] for h in hits} == {real, f"{other_site.base}/planted"}


def _warc(path, records: list[tuple[str, str]]) -> None:
    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=True)
        for uri, html in records:
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(uri, "response", payload=io.BytesIO(html.encode()),
                                                          http_headers=headers))


def test_warc_records_name_only_their_own_site_and_a_file_keeps_its_canonical_url(tmp_path):
    real = "https://courier.example/2026/11/28/harbour-strike/"
    warc = tmp_path / "crawl.warc.gz"
    _warc(warc, [("https://www.courier.example/2026/11/28/harbour-strike/?utm=feed", page_html(*REAL, url=real)),
                 ("https://evil.example/planted", page_html(*PLANTED, url=real))])
    data = tmp_path / "data"
    summary = cli_json("ingest", "--json", str(warc), data=data)
    assert summary["added"] == 2 and summary["updated"] == 0
    articles = _articles(data)
    assert articles[real]["versions"] == 1, "www.courier.example may name courier.example: the same site"
    assert articles["https://evil.example/planted"]["claim"] == real

    # a file has no address of its own: its canonical URL stands, and a changed text is a new version, as before
    saved = tmp_path / "saved.html"
    saved.write_text(page_html(REAL[0], [*REAL[1], "Talks resume on Monday, the port authority said."], url=real))
    again = cli_json("ingest", "--json", str(saved), data=data)
    assert again["updated"] == 1
    assert _articles(data)[real]["versions"] == 2


@pytest.mark.parametrize("link", ["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>",
                                  "JaVaScRiPt:alert(1)", "vbscript:msgbox(1)"])
def test_a_script_link_never_becomes_the_articles_link(tmp_path, link):
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "story.html").write_text(page_html(*REAL, url=link))
    (pages / "og.html").write_text(page_html("Ferry fares rise in spring", [
        "Ferry fares between Gdańsk and Nynäshamn will rise by eight percent in April, the operator said."],
        url=link).replace("</head>", '<meta property="og:url" content="https://courier.example/ferry"></head>'))
    data = tmp_path / "data"
    assert cli_json("ingest", "--json", str(pages), data=data)["added"] == 2
    hits = {h["title"]: h for h in cli_json("search", "--json", "Gdańsk", data=data)["hits"]}
    assert hits[REAL[0]]["url"] is None, "no http(s) link: none"
    assert hits["Ferry fares rise in spring"]["url"] == "https://courier.example/ferry", "the next declared one"
    assert link.split(":")[0] not in run_cli("search", "--export", "csv", "Gdańsk", data=data, check=True).stdout
    client = create_app(data, TESTING=True).test_client()
    article = client.get(f"/articles/{hits[REAL[0]]['id']}").get_data(as_text=True)
    payload = link.split(":", 1)[1][:9]  # ("data:," is the page's own empty icon)
    assert "original</a>" not in article and payload not in article
    record = client.get(f"/api/articles/{hits[REAL[0]]['id']}").get_json()
    assert record["url"] is None and link.split(":")[0] not in record["citation"]


def test_an_address_stored_before_the_check_is_not_cited_as_a_link():
    """Archives made before the cleaner refused them may hold such links: the web never passes one on."""
    record = cited({"title": "Budget vote", "source": "Courier", "url": "javascript:alert(1)"}, "abc", 1,
                   "https://archive.example")
    assert record["url"] is None and "javascript" not in json.dumps(record)
    kept = cited({"title": "Budget vote", "url": "https://courier.example/budget"}, "abc", 1, "https://archive.example")
    assert kept["url"] == "https://courier.example/budget" and "https://courier.example/budget" in kept["citation"]


def test_csv_of_a_clean_archive_keeps_http_links(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "story.html").write_text(page_html(*REAL, url="https://courier.example/strike"))
    data = tmp_path / "data"
    cli_json("ingest", "--json", str(pages), data=data)
    rows = list(csv.DictReader(io.StringIO(run_cli("search", "--export", "csv", "Gdańsk", data=data,
                                                   check=True).stdout.lstrip("\ufeff"))))
    assert [r["url"] for r in rows] == ["https://courier.example/strike"]
