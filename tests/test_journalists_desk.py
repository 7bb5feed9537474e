"""The journalist's desk (#16): what changed between versions of an article, permalinks and citations on every hit,
article and quote, and whole result sets exported as CSV and JSON Lines, on the web, in the API and from the shell.

A real archive: the test pages ingested, then a changed page at the same URL (a second version)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import run_cli
from test_web_for_everyone import small_archive

from search_app import create_app
from search_app.citation import citation
from search_app.diff import paragraph_changes
from search_app.export import ARTICLE_COLUMNS, QUOTE_COLUMNS

BASE = "http://localhost/"


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return small_archive(tmp_path_factory.mktemp("desk"))


@pytest.fixture(scope="module")
def client(data):
    return create_app(data, TESTING=True, BASE_URL=BASE).test_client()


@pytest.fixture(scope="module")
def train(client) -> str:
    return client.get("/api/search?q=sleeper").json["hits"][0]["id"]


def _csv(response) -> list[dict]:
    text = response.data.decode("utf-8")
    assert text.startswith("\ufeff"), "Excel needs the byte order mark to read UTF-8"
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))


def _jsonl(response) -> list[dict]:
    return [json.loads(line) for line in response.data.decode("utf-8").splitlines()]


# -- versions and diffs --------------------------------------------------------------------------------------
def test_the_diff_api_names_the_changed_paragraph_before_and_after(client, train):
    d = client.get(f"/api/articles/{train}/diff").json
    assert (d["from"], d["to"], d["versions"]) == (1, 2, [1, 2])
    assert [c["change"] for c in d["changes"]] == ["changed"]
    change = d["changes"][0]
    assert change["before"].startswith("Tickets sold out") and change["after"].startswith("A second daily departure")
    assert change["from_position"] == change["to_position"] == 3
    assert d["unchanged"] == 2
    assert client.get(f"/api/articles/{train}/diff?from=2&to=1").json["changes"][0]["after"].startswith("Tickets")
    assert client.get(f"/api/articles/{train}/diff?from=2&to=2").json["changes"] == []


def test_a_missing_version_or_article_is_a_404_naming_the_versions(client, train):
    r = client.get(f"/api/articles/{train}/diff?from=1&to=7")
    assert r.status_code == 404 and r.json["versions"] == [1, 2] and "1, 2" in r.json["error"]
    assert client.get("/api/articles/nope/diff").status_code == 404
    for bad in ("from=one", "to=2.5", "from=-1"):
        r = client.get(f"/api/articles/{train}/diff?{bad}")
        assert r.status_code == 400 and r.json["error"]
    page = client.get(f"/articles/{train}?diff=9")
    assert page.status_code == 404 and "versions 1 to 2" in page.data.decode()


def test_the_article_page_shows_what_changed_with_words_for_screen_readers(client, train):
    html = client.get(f"/articles/{train}").data.decode()
    assert "Changes from version 1 to version 2" in html
    assert '<del><span class="visually-hidden">removed: </span>Tickets sold out' in html
    assert '<ins><span class="visually-hidden">added: </span>A second daily departure' in html
    assert "Changed: paragraph 3" in html
    assert f'href="/articles/{train}?version=2&amp;diff=1"' in html  # the versions list links each change
    assert "Changes from version" not in client.get(f"/articles/{train}?version=1").data.decode()
    backwards = client.get(f"/articles/{train}?version=1&diff=2").data.decode()
    assert "Changes from version 2 to version 1" in backwards


def test_paragraphs_added_and_removed_keep_their_positions():
    changes = paragraph_changes(["a", "b", "c"], ["a", "c", "d"])
    assert [(c["change"], c["before"], c["after"], c["from_position"], c["to_position"]) for c in changes] == [
        ("removed", "b", None, 2, None), ("added", None, "d", None, 3)]


# -- permalinks and citations --------------------------------------------------------------------------------
def test_hits_articles_and_quotes_carry_a_pinned_permalink_and_a_citation(client, train):
    hit = client.get("/api/search?q=sleeper").json["hits"][0]
    assert hit["version"] == 2 and hit["permalink"] == f"{BASE}articles/{train}?version=2"
    assert hit["citation"] == ('Test Courier, "Night train links Kyiv and Warsaw", 2026-04-17, '
                               f"https://www.test-courier.example/train/; archived at {hit['permalink']}")
    old = client.get(f"/api/articles/{train}?version=1").json
    assert old["permalink"].endswith("?version=1") and old["citation"].endswith(old["permalink"])
    quote = client.get("/api/quotes?speaker=Zieliński").json["quotes"][0]
    assert quote["permalink"] == hit["permalink"] and quote["citation"] == hit["citation"]
    one = client.get(f"/api/quotes/{quote['id']}").json
    assert one["permalink"] == hit["permalink"] and one["reported_by"][0]["citation"]


def test_the_article_page_has_a_cite_button_and_the_citation_to_select(client, train):
    html = client.get(f"/articles/{train}").data.decode()
    assert 'id="cite"' in html and "Cite this article" in html and 'data-copied="Citation copied"' in html
    assert '<textarea id="citation" class="citation" rows="3" readonly>Test Courier, &#34;Night train' in html
    assert f'href="{BASE}articles/{train}?version=2">Permalink to this version' in html
    assert 'role="status"' in html


# -- export --------------------------------------------------------------------------------------------------
def test_csv_export_has_every_match_with_its_columns(client):
    total = client.get("/api/search?q=Oder").json["total"]
    r = client.get("/api/search/export?format=csv&q=Oder")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert r.headers["Content-Disposition"].startswith('attachment; filename="newsarchive-Oder-')
    rows = _csv(r)
    assert len(rows) == total >= 2 and set(ARTICLE_COLUMNS) <= set(rows[0])
    flood = next(row for row in rows if row["title"].startswith("Oder flood"))
    assert flood["people"] == "Katarzyna Wiśniewska" and "Wrocław" in flood["places"].split("; ")
    assert flood["author"] and flood["speakers"] == "Katarzyna Wiśniewska"
    assert flood["permalink"].endswith("?version=1") and flood["citation"].endswith(flood["permalink"])


def test_jsonl_export_keeps_lists_and_follows_filters_and_sort(client):
    every = _jsonl(client.get("/api/search/export?format=jsonl&q=*"))
    assert len(every) == client.get("/api/search?q=*").json["total"] == client.get("/api/stats").json["articles"]
    assert [r["published"] for r in every] == sorted((r["published"] for r in every), reverse=True)
    assert isinstance(every[0]["people"], list)
    german = _jsonl(client.get("/api/search/export?format=jsonl&language=de"))  # a filter alone browses
    assert [r["language"] for r in german] == ["de"]
    oldest = _jsonl(client.get("/api/search/export?format=jsonl&q=*&sort=oldest"))
    assert [r["id"] for r in oldest] == [r["id"] for r in reversed(every)]


def test_an_export_of_nothing_is_a_header_and_bad_input_is_a_400(client):
    r = client.get("/api/search/export?format=csv&q=zzqxvv")
    assert r.status_code == 200 and _csv(r) == []
    assert r.data.decode("utf-8").removeprefix("\ufeff").splitlines() == [",".join(ARTICLE_COLUMNS)]
    for bad in ("format=xml&q=Oder", "q=Oder", "format=csv&q=%22unclosed", "format=csv&year=20x6",
                "format=csv&q=Oder&sort=sideways"):
        r = client.get(f"/api/search/export?{bad}")
        assert r.status_code == 400 and r.json["error"], bad
    assert "csv or jsonl" in client.get("/api/quotes/export?format=xlsx").json["error"]


def test_quote_export_lists_every_quote_with_its_citation(client):
    total = client.get("/api/quotes").json["total"]
    rows = _csv(client.get("/api/quotes/export?format=csv"))
    assert len(rows) == total >= 3 and set(QUOTE_COLUMNS) <= set(rows[0])
    by = _jsonl(client.get("/api/quotes/export?format=jsonl&speaker=" + "Zieliński"))
    assert [q["speaker"] for q in by] == ["Tomasz Zieliński"] and by[0]["citation"].endswith(by[0]["permalink"])
    assert client.get("/api/quotes/export?format=csv&q=zzqxvv").headers["Content-Disposition"].startswith(
        'attachment; filename="newsarchive-quotes-zzqxvv-')


def test_search_and_quote_pages_link_their_exports(client):
    html = client.get("/search?q=Oder&language=en").data.decode()
    assert "/api/search/export?format=csv&amp;q=Oder&amp;sort=relevance&amp;language=en" in html
    assert "Download JSON Lines" in html
    quotes = client.get("/quotes?speaker=Zieli%C5%84ski").data.decode()
    assert "/api/quotes/export?format=csv" in quotes and "Download CSV" in quotes


# -- the shell -----------------------------------------------------------------------------------------------
def test_cli_search_json_has_permalinks_and_export_writes_every_match(data, tmp_path, monkeypatch):
    monkeypatch.setenv("NEWSARCHIVE_BASE_URL", "https://archive.example.org/")
    proc = run_cli("search", "--json", "sleeper", data=data, check=True)
    hit = json.loads(proc.stdout)["hits"][0]
    assert hit["permalink"] == f"https://archive.example.org/articles/{hit['id']}?version=2"
    proc = run_cli("search", "--export", "csv", "Oder", data=data, check=True)
    rows = list(csv.DictReader(io.StringIO(proc.stdout.removeprefix("\ufeff"))))
    assert len(rows) == json.loads(run_cli("search", "--json", "Oder", data=data).stdout)["total"]
    out = tmp_path / "all.jsonl"
    run_cli("search", "--export", "jsonl", "--output", str(out), "--language", "de", "*", data=data, check=True)
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["language"] for r in lines] == ["de"]
    assert "NEWSARCHIVE_BASE_URL" in run_cli("search", "--help").stdout


def test_cli_export_of_a_bad_query_exits_2(data):
    proc = run_cli("search", "--export", "csv", '"unclosed', data=data)
    assert proc.returncode == 2 and proc.stdout == "" and "newsarchive:" in proc.stderr


def test_a_citation_leaves_out_what_is_missing_and_stays_one_line():
    assert citation(None, None, None, None, "http://a/articles/x?version=1") == \
        "archived at http://a/articles/x?version=1"
    assert citation("Courier", "Two\nlines", "2026-03-14T10:00:00Z", None, "L") == \
        'Courier, "Two lines", 2026-03-14; archived at L'
