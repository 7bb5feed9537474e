"""Dates people can rely on (#40), as a journalist meets them: every date shown, filtered or charted is the
publication's own calendar day (an evening in Buenos Aires is not the next day because UTC says so), in the list, the
chart, `from`/`to`, citations, exports, saved-search feeds and the CLI; undated pages come after the dated ones and
say so; `from` after `to` is a 400 that says so.

A real archive: pages with their dates in several time zones, and two undated German pages (a recipe, a shop),
ingested through the pipeline."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from xml.etree import ElementTree

import pytest
from conftest import page_html, run_cli

from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from search_app import create_app
from search_app.accounts import Accounts

ATOM = "{http://www.w3.org/2005/Atom}"
PASSWORD = "ferry-across-the-river-plate"
PAGES = {  # name: (title, paragraphs, language, published)
    "huelga": ("Ferry strike ends in Buenos Aires", [
        "The ferry crews of the river port went back to work on Tuesday evening after a two-day strike.",
        "“The boats sail again at dawn,” said Marta Quiroga, who speaks for the crews."], "en",
        "2022-05-03T22:46:00-03:00"),  # May 4, 01:46 in UTC
    "seen": ("Lake ferries change their timetable", [
        "The ferries on the lakes around the city run to a new timetable from Wednesday.",
        "Night crossings are dropped for the summer, the operator said."], "en",
        "2022-05-04T00:30:00+02:00"),  # May 3, 22:30 in UTC
    "faehre": ("Neue Fähre auf dem Bodensee", [
        "Auf dem Bodensee fährt seit Montag eine neue Fähre zwischen Konstanz und Meersburg.",
        "Die Fahrt dauert eine Viertelstunde, teilte die Reederei mit."], "de", "2022-05-02T08:00:00+02:00"),
    "rezept": ("Rezept für Fischsuppe", [
        "Für die Fischsuppe braucht man Zander, Kartoffeln, Lauch und eine Stange Sellerie.",
        "Alles eine halbe Stunde köcheln lassen und mit Dill servieren."], "de", None),
    "laden": ("Schiffsmodelle im Laden", [
        "In unserem Laden finden Sie Modelle von Fähren und Raddampfern aus Holz.",
        "Jedes Modell wird von Hand gebaut und bemalt."], "de", None),
}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    root = tmp_path_factory.mktemp("days")
    pages = root / "pages"
    pages.mkdir()
    for name, (title, paragraphs, language, published) in PAGES.items():
        (pages / f"{name}.html").write_text(page_html(title, paragraphs, lang=language, published=published,
                                                      url=f"https://www.river-courier.example/{name}/"),
                                            encoding="utf-8")
    with Archive(root / "data") as archive:
        report = ingest(archive, [str(pages)])
        assert len(report.added) == len(PAGES), report.failed
        Accounts(archive.store).add("editor", PASSWORD)
    return root / "data"


@pytest.fixture(scope="module")
def client(data):
    return create_app(data, TESTING=True).test_client()


def _titles(body: dict) -> list[str]:
    return [h["title"] for h in body["hits"]]


def test_the_list_the_chart_the_filters_and_the_citation_agree_on_the_publications_own_day(client):
    may3 = client.get("/api/search", query_string={"q": "*", "from": "2022-05-03", "to": "2022-05-03"}).get_json()
    assert _titles(may3) == ["Ferry strike ends in Buenos Aires"], "22:46 −03:00 is May 3, though May 4 in UTC"
    hit = may3["hits"][0]
    assert hit["published"] == "2022-05-03T22:46:00-03:00" and ", 2022-05-03, " in hit["citation"]
    assert _titles(client.get("/api/search", query_string={"q": "ferry", "from": "2022-05-04", "to": "2022-05-04"})
                   .get_json()) == ["Lake ferries change their timetable"]
    for folded in ("no", "yes"):
        chart = client.get("/api/search", query_string={"q": "*", "interval": "day", "collapse": folded}).get_json()
        bars = {b["start"]: b["count"] for b in chart["histogram"]["buckets"]}
        assert bars == {"2022-05-02": 1, "2022-05-03": 1, "2022-05-04": 1} and chart["histogram"]["undated"] == 2
    assert [f["value"] for f in client.get("/api/search?q=*").get_json()["facets"]["year"]] == ["2022"]
    page = client.get("/search?q=ferry&from=2022-05-03&to=2022-05-03&interval=day").get_data(as_text=True)
    assert "Ferry strike ends in Buenos Aires" in page and "Lake ferries" not in page
    assert '<li data-start="2022-05-03" data-end="2022-05-03">' in page, "the chart's bar is the list's day"
    assert re.search(r'<time datetime="2022-05-03T22:46:00-03:00">May 3, 2022</time>', page)
    rows = list(csv.DictReader(io.StringIO(client.get("/api/search/export?format=csv&q=*&from=2022-05-03&to=2022-05-03")
                                           .get_data(as_text=True).removeprefix("\ufeff"))))
    assert [(r["title"], r["published"]) for r in rows] == [("Ferry strike ends in Buenos Aires",
                                                             "2022-05-03T22:46:00-03:00")]
    assert ", 2022-05-03, " in rows[0]["citation"]


def test_browsing_opens_with_dated_articles_and_marks_the_undated(client):
    """`/search?language=de` used to open with the undated recipe and shop page."""
    browsed = client.get("/api/search?language=de").get_json()
    assert _titles(browsed) == ["Neue Fähre auf dem Bodensee", "Rezept für Fischsuppe", "Schiffsmodelle im Laden"] \
        or _titles(browsed) == ["Neue Fähre auf dem Bodensee", "Schiffsmodelle im Laden", "Rezept für Fischsuppe"]
    assert [h["undated"] for h in browsed["hits"]] == [False, True, True]
    oldest = client.get("/api/search?q=*&sort=oldest").get_json()
    assert [h["undated"] for h in oldest["hits"]] == [False, False, False, True, True]
    assert _titles(oldest)[:3] == ["Neue Fähre auf dem Bodensee", "Ferry strike ends in Buenos Aires",
                                   "Lake ferries change their timetable"]
    assert _titles(client.get("/api/search?q=*").get_json())[:3] == [
        "Lake ferries change their timetable", "Ferry strike ends in Buenos Aires", "Neue Fähre auf dem Bodensee"]
    found = client.get("/api/search?q=Fischsuppe").get_json()["hits"]
    assert [(h["title"], h["undated"], h["published"]) for h in found] == [("Rezept für Fischsuppe", True, None)]
    page = client.get("/search?language=de").get_data(as_text=True)
    hits = re.findall(r'<li class="hit">(.*?)</li>', page, re.S)
    assert len(hits) == 3 and "Bodensee" in hits[0] and '<time datetime="2022-05-02' in hits[0]
    assert all('<span class="undated">undated</span>' in h and "<time" not in h for h in hits[1:])
    assert '<span class="undated">' not in hits[0]
    german = client.get("/search?language=de", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert german.count('<span class="undated">') == 2 and "undated</span>" not in german, "in the reader's language"


def test_from_after_to_is_a_400_that_says_so_everywhere(client):
    wrong = {"from": "2022-05-04", "to": "2022-05-03"}
    for path, args in (("/api/search", {"q": "ferry"}), ("/api/search", {"language": "de"}),
                       ("/api/search/export", {"format": "csv", "q": "*"}), ("/api/quotes", {}),
                       ("/api/quotes/export", {"format": "jsonl"})):
        r = client.get(path, query_string=args | wrong)
        assert r.status_code == 400 and "from (2022-05-04) is after to (2022-05-03)" in r.get_json()["error"], path
    for path in ("/search?q=ferry", "/quotes?q=boats"):
        r = client.get(f"{path}&from=2022-05-04&to=2022-05-03")
        assert r.status_code == 400 and "is after to" in r.get_data(as_text=True), path
    assert client.get("/api/search?q=*&from=2022&to=2022-05").get_json()["total"] == 3, "a year and a month"
    assert client.get("/api/search?q=*&from=2022-05-03&to=2022-05-03").status_code == 200


def test_the_cli_filters_by_the_publications_own_day_and_says_when_from_is_after_to(data):
    proc = run_cli("search", "*", "--from", "2022-05-03", "--to", "2022-05-03", data=data, check=True)
    assert "Ferry strike ends in Buenos Aires" in proc.stdout and "· 2022-05-03 ·" in proc.stdout
    assert "Lake ferries" not in proc.stdout
    browsed = run_cli("search", "*", "--language", "de", data=data, check=True).stdout
    assert browsed.index("Bodensee") < browsed.index("Fischsuppe") and browsed.count("· undated ·") == 2
    for command in (("search", "ferry"), ("search", "--export", "csv", "*"), ("quotes",)):
        bad = run_cli(*command, "--from", "2022-05-04", "--to", "2022-05-03", data=data)
        assert bad.returncode == 2 and "is after to" in bad.stderr and bad.stdout == "", command
    exported = run_cli("search", "--export", "jsonl", "*", "--from", "2022-05", "--to", "2022-05-03", data=data,
                       check=True).stdout
    assert [json.loads(line)["title"] for line in exported.splitlines()] == [
        "Ferry strike ends in Buenos Aires", "Neue Fähre auf dem Bodensee"]
    assert "the article's own calendar" in " ".join(run_cli("search", "--help").stdout.split())


def test_a_saved_search_feed_lists_dated_articles_first_with_their_own_offsets(data):
    app = create_app(data, TESTING=True)
    client = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/archive/sign-in").get_data(as_text=True))[1]
    client.post("/archive/sign-in", data={"name": "editor", "password": PASSWORD, "csrf_token": token})
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/saved-searches").get_data(as_text=True))[1]
    assert client.post("/saved-searches", data={"csrf_token": token, "language": "de", "name": "German"}) \
        .status_code == 303
    refused = client.post("/saved-searches", data={"csrf_token": token, "q": "ferry", "from": "2022-05-04",
                                                   "to": "2022-05-03", "name": "Nothing between"})
    assert refused.status_code == 400 and "is after to" in refused.get_data(as_text=True)
    assert client.post("/saved-searches", data={"csrf_token": token, "q": "strike", "name": "Strike"}).status_code == 303
    listed = client.get("/saved-searches").get_data(as_text=True)
    feeds = dict(re.findall(r'<h2[^>]*>(.*?)</h2>.*?<a href="([^"]+)" type="application/atom\+xml">', listed, re.S))
    german = ElementTree.fromstring(client.get(feeds["German"].replace("&amp;", "&")).data)
    entries = german.findall(f"{ATOM}entry")
    assert entries[0].findtext(f"{ATOM}title") == "Neue Fähre auf dem Bodensee"
    assert [e.findtext(f"{ATOM}published") for e in entries] == ["2022-05-02T08:00:00+02:00", None, None]
    strike = ElementTree.fromstring(client.get(feeds["Strike"].replace("&amp;", "&")).data)
    assert strike.find(f"{ATOM}entry").findtext(f"{ATOM}published") == "2022-05-03T22:46:00-03:00"


def test_an_index_written_before_the_own_day_fields_is_rebuilt_when_the_archive_opens(data, tmp_path):
    """An archive indexed by an earlier release (the UTC day in `day`, no moment, no sort keys) would keep the old
    days until reindexed: the Whoosh index is recognised as another layout and refilled from the store on opening."""
    from whoosh import index

    from indexer.index.whoosh_engine import ARTICLES, QUOTES, article_schema, quote_schema

    copy = tmp_path / "data"
    shutil.copytree(data, copy)
    shutil.rmtree(copy / "index")
    for name, schema in ((ARTICLES, article_schema()), (QUOTES, quote_schema())):
        for field in ("instant", "newest_first", "oldest_first"):
            schema.remove(field)
        (copy / "index" / name).mkdir(parents=True)
        writer = index.create_in(copy / "index" / name, schema).writer()
        if name == ARTICLES:  # the Buenos Aires evening as the earlier release indexed it: on May 4
            writer.add_document(id="old", headline="Ferry strike ends in Buenos Aires", day="2022-05-04")
        writer.commit()
    with Archive(copy) as archive:
        assert archive.engine.replaced_layout is True
        may3 = archive.engine.search("*", {"from": "2022-05-03", "to": "2022-05-03"})
        assert [h.title for h in may3.hits] == ["Ferry strike ends in Buenos Aires"]
        assert archive.engine.search("*").total == len(PAGES) and archive.drift().clean
