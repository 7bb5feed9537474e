"""The Flask app: JSON API shapes, errors as 400 with a reason, the search and article pages."""

from __future__ import annotations

import pytest
from conftest import page_html

from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from search_app import create_app

PAGES = {
    "flood.html": ("Oder flood forces evacuations in Wrocław", [
        "Emergency crews in Wrocław worked through the night as the Oder rose above its banks on Saturday.",
        "“We have moved four hundred families to higher ground,” said Katarzyna Wiśniewska, the head of the "
        "regional crisis office.",
        "Trains between Berlin and Wrocław were suspended, Deutsche Bahn said."], "en", "2026-03-14T09:00:00+01:00"),
    "train.html": ("Night train links Kyiv and Warsaw", [
        "The first direct sleeper train from Kyiv arrived in Warsaw on Friday morning after a journey of 15 hours.",
        "“This is a line people have waited for,” said Tomasz Zieliński, the Polish deputy minister.",
        "Tickets sold out within an hour, the operator said; newspapers in both capitals called the line a "
        "“lifeline”."], "en", "2026-04-17T07:00:00+02:00"),
    "hochwasser.html": ("Hochwasser erreicht Frankfurt (Oder)", [
        "Die Oder ist in Frankfurt (Oder) über die Ufer getreten, Hunderte Menschen mussten ihre Häuser verlassen.",
        "„Die Lage ist ernst, aber unter Kontrolle“, sagte der Hydrologe Jonas Albrecht am Sonntag.",
        "Die Deutsche Bahn stellte den Verkehr nach Breslau ein."], "de", "2026-03-15T08:00:00+01:00"),
    "hostile.html": ("&lt;script&gt;alert(1)&lt;/script&gt; Budget vote", [
        "The council approved the budget &lt;img src=x onerror=alert(2)&gt; after a long debate.",
        "<script>document.title='pwned'</script>Opposition members abstained."], "en", "2026-05-01T10:00:00+02:00"),
}


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    root = tmp_path_factory.mktemp("app")
    pages = root / "pages"
    pages.mkdir()
    for name, (title, paras, lang, date) in PAGES.items():
        url = f"https://www.test-courier.example/{name.removesuffix('.html')}/"
        (pages / name).write_text(page_html(title, paras, lang=lang, published=date, url=url), encoding="utf-8")
    with Archive(root / "data") as archive:
        report = ingest(archive, [str(pages)])
    assert len(report.added) == len(PAGES), report.failed
    return root / "data"


@pytest.fixture(scope="module")
def client(data_dir):
    return create_app(data_dir, TESTING=True).test_client()


def test_api_search_contract(client):
    r = client.get("/api/search", query_string={"q": "Oder"})
    assert r.status_code == 200
    body = r.get_json()
    assert body["total"] == 2
    assert {h["title"] for h in body["hits"]} == {"Oder flood forces evacuations in Wrocław",
                                                 "Hochwasser erreicht Frankfurt (Oder)"}
    assert set(body["facets"]) == {"person", "place", "organization", "speaker", "language", "source", "year",
                                   "author"}
    assert sorted((f["value"], f["count"]) for f in body["facets"]["language"]) == [("de", 1), ("en", 1)]


def test_api_filters_narrow_and_facets_follow(client):
    body = client.get("/api/search", query_string={"q": "Oder", "language": "de"}).get_json()
    assert [h["title"] for h in body["hits"]] == ["Hochwasser erreicht Frankfurt (Oder)"]
    body = client.get("/api/search", query_string={"q": "train OR Oder", "from": "2026-04-01"}).get_json()
    assert [h["title"] for h in body["hits"]] == ["Night train links Kyiv and Warsaw"]
    body = client.get("/api/search", query_string={"q": "train OR Oder",
                                                   "speaker": "Katarzyna Wiśniewska"}).get_json()
    assert [h["title"] for h in body["hits"]] == ["Oder flood forces evacuations in Wrocław"]


@pytest.mark.parametrize("params", [
    {"q": '"unclosed'}, {"q": "(a OR b"}, {"q": ""}, {"q": "bogus:field"}, {"q": "Oder", "page": "two"},
    {"q": "Oder", "limit": "100000"}, {"q": "Oder", "sort": "sideways"}, {"q": "Oder", "from": "last tuesday"},
    {"q": "a\x00b)"}, {"q": "Kyiv w/99 train"}, {"q": "Kyiv pre/5 AND train"}, {"q": "atleast2(two words)"},
])
def test_api_unreadable_requests_are_400_with_a_reason(client, params):
    r = client.get("/api/search", query_string=params)
    assert r.status_code == 400
    assert r.get_json()["error"]


def test_api_quotes_and_article(client):
    body = client.get("/api/quotes", query_string={"speaker": "Jonas Albrecht"}).get_json()
    assert body["total"] == 1
    quote = body["quotes"][0]
    assert quote["text"].startswith("Die Lage ist ernst") and quote["language"] == "de"
    article = client.get(f"/api/articles/{quote['article_id']}").get_json()
    assert article["title"] == "Hochwasser erreicht Frankfurt (Oder)"
    assert any(q["speaker"] == "Jonas Albrecht" for q in article["quotes"])
    assert article["versions"][0]["version"] == 1
    assert client.get("/api/articles/nope").status_code == 404


def test_quotes_narrowed_by_language_date_source_and_article(client):
    every = client.get("/api/quotes?fragments=no").get_json()
    assert every["total"] == 3
    german = client.get("/api/quotes", query_string={"language": "de"}).get_json()
    assert [q["speaker"] for q in german["quotes"]] == ["Jonas Albrecht"]
    april = client.get("/api/quotes", query_string={"from": "2026-04-01", "to": "2026-04-30", "fragments": "no"}).get_json()
    assert [q["speaker"] for q in april["quotes"]] == ["Tomasz Zieliński"]
    one = every["quotes"][0]
    same_article = client.get("/api/quotes", query_string={"article": one["article_id"]}).get_json()
    assert {q["article_id"] for q in same_article["quotes"]} == {one["article_id"]}
    assert client.get("/api/quotes", query_string={"source": "No Such Outlet"}).get_json()["total"] == 0
    assert client.get("/api/quotes", query_string={"from": "last week"}).status_code == 400


def test_openapi_document_is_linked_from_the_api_page(client):
    page = client.get("/api/").get_data(as_text=True)
    assert "/api/openapi.json" in page
    spec = client.get("/api/openapi.json").get_json()
    assert spec["openapi"].startswith("3.") and "/api/search" in spec["paths"]


def test_search_page_shows_hits_snippets_and_facets(client):
    r = client.get("/search", query_string={"q": "families"})
    html = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "Oder flood forces evacuations in Wrocław" in html
    assert "<mark>" in html
    assert 'data-facet="language"' in html


def test_search_page_escapes_hostile_queries(client):
    r = client.get("/search", query_string={"q": '<script>alert(1)</script>'})
    assert "<script>alert(1)</script>" not in r.get_data(as_text=True)


def test_search_page_shows_query_errors(client):
    r = client.get("/search", query_string={"q": '"unclosed'})
    assert r.status_code == 400 and "double quote" in r.get_data(as_text=True)


def test_article_page(client):
    hit = client.get("/api/search", query_string={"q": "sleeper"}).get_json()["hits"][0]
    html = client.get(f"/articles/{hit['id']}").get_data(as_text=True)
    assert "Night train links Kyiv and Warsaw" in html and "Tomasz Zieliński" in html


def test_quotes_are_shown_in_the_marks_of_their_language(client):
    german = client.get("/api/search", query_string={"q": "Frankfurt"}).get_json()["hits"][0]
    html = client.get(f"/articles/{german['id']}").get_data(as_text=True)
    assert "„Die Lage ist ernst, aber unter Kontrolle“" in html, "German prints „…“, not English marks"
    quote = client.get("/api/quotes", query_string={"q": "Kontrolle"}).get_json()["quotes"][0]
    page = client.get(f"/quotes/{quote['id']}").get_data(as_text=True)
    assert "„Die Lage ist ernst, aber unter Kontrolle“" in page
    english = client.get("/quotes", query_string={"q": "families"}).get_data(as_text=True)
    assert "“We have moved four hundred families to higher ground”" in english


def test_markup_in_stored_text_is_shown_as_text_never_run(client):
    hit = client.get("/api/search", query_string={"q": "budget"}).get_json()["hits"][0]
    assert hit["title"].startswith("<script>alert(1)</script>"), "the API returns the text as the page wrote it"
    for url in (f"/articles/{hit['id']}", "/search?q=budget"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>alert(1)" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(1)" in html
    record = client.get(f"/api/articles/{hit['id']}").get_json()
    assert "pwned" not in record["text"]


def test_unknown_api_paths_answer_json(client):
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and "openapi" in r.get_json()["error"]


def test_facets_show_the_first_values_and_unfold_the_rest(client, monkeypatch):
    assert len(client.get("/api/search?q=*&facets=1").get_json()["facets"]["place"]) == 1
    every = client.get("/api/search?q=*&facets=50").get_json()["facets"]["place"]
    assert len(every) >= 4
    monkeypatch.setattr("search_app.pages.FACET_SHOWN", 2)
    page = client.get("/search?q=*").get_data(as_text=True)
    places = page[page.index('data-facet="place"'):].split("</section>")[0]
    shown, folded = places.split("<details")
    assert shown.count("<li>") == 2 and f"{len(every) - 2} more</summary>" in folded
    assert folded.count("<li>") == len(every) - 2, "the rest are one click away, not dropped"


def test_quotes_without_fragments(client):
    every = client.get("/api/quotes").get_json()
    statements = client.get("/api/quotes?fragments=no").get_json()
    assert any(q["fragment"] for q in every["quotes"]), "the “lifeline” of the train story"
    assert statements["total"] == sum(not q["fragment"] for q in every["quotes"]) and every["total"] <= 20
    page = client.get("/quotes?q=families&fragments=no").get_data(as_text=True)
    assert "1 quotation" in page and 'value="no" checked' in page


# -- the journalist's desk (#16) --------------------------------------------------------------------------------
def test_api_filters_without_words_browse_newest_first(client):
    r = client.get("/api/search", query_string={"place": "Warsaw"})
    assert r.status_code == 200
    assert [h["title"] for h in r.get_json()["hits"]] == ["Night train links Kyiv and Warsaw"]
    body = client.get("/api/search", query_string={"language": "en"}).get_json()
    assert [h["published"][:10] for h in body["hits"]] == ["2026-05-01", "2026-04-17", "2026-03-14"]
    empty = client.get("/api/search", query_string={"q": ""})
    assert empty.status_code == 400 and "type one or more words" in empty.get_json()["error"]


def test_api_histogram_counts_every_match(client):
    body = client.get("/api/search", query_string={"q": "*", "limit": 1}).get_json()
    h = body["histogram"]
    assert h["interval"] == "week" and h["undated"] == 0, "seven weeks of articles: by week"
    assert h["buckets"][0] == {"start": "2026-03-09", "end": "2026-03-15", "count": 2}
    assert sum(b["count"] for b in h["buckets"]) == body["total"] == 4 and len(body["hits"]) == 1
    assert [b["start"] for b in h["buckets"]] == sorted(b["start"] for b in h["buckets"])
    months = client.get("/api/search", query_string={"q": "*", "interval": "month"}).get_json()["histogram"]
    assert months["buckets"] == [{"start": "2026-03-01", "end": "2026-03-31", "count": 2},
                                 {"start": "2026-04-01", "end": "2026-04-30", "count": 1},
                                 {"start": "2026-05-01", "end": "2026-05-31", "count": 1}]
    bad = client.get("/api/search", query_string={"q": "*", "interval": "hourly"})
    assert bad.status_code == 400 and "year, month, week or day" in bad.get_json()["error"]


def test_api_bylines_are_searchable_with_an_author_facet(client):
    body = client.get("/api/search", query_string={"q": "author:Reporter"}).get_json()
    assert body["total"] == 4
    assert body["facets"]["author"] == [{"value": "Ada Reporter", "count": 4}]
    assert client.get("/api/search", query_string={"author": "Ada Reporter", "language": "de"}).get_json()[
        "total"] == 1
    assert client.get("/api/search", query_string={"q": "author:Nobody"}).get_json()["total"] == 0


def test_api_quotes_have_facets_and_a_sort(client):
    body = client.get("/api/quotes", query_string={"fragments": "no"}).get_json()
    assert {f["value"]: f["count"] for f in body["facets"]["language"]} == {"en": 2, "de": 1}
    assert {f["value"] for f in body["facets"]["speaker"]} == {"Katarzyna Wiśniewska", "Tomasz Zieliński",
                                                               "Jonas Albrecht"}
    assert body["facets"]["source"][0]["count"] == 3
    oldest = client.get("/api/quotes", query_string={"fragments": "no", "sort": "oldest"}).get_json()
    assert [q["speaker"] for q in oldest["quotes"]][0] == "Katarzyna Wiśniewska"
    newest = client.get("/api/quotes", query_string={"fragments": "no", "sort": "newest"}).get_json()
    assert [q["speaker"] for q in newest["quotes"]][0] == "Tomasz Zieliński"
    assert client.get("/api/quotes", query_string={"sort": "loudest"}).status_code == 400


def test_search_page_draws_the_histogram_as_links_and_has_date_inputs(client):
    page = client.get("/search?q=*").get_data(as_text=True)
    assert '<ol class="bars"' in page and "<svg" in page and "style=" not in page.split('<ol class="bars"')[1][:4000]
    assert 'aria-label="week of Mar 9, 2026: 2 articles"' in page
    assert "from=2026-03-09&amp;to=2026-03-15" in page, "a bar narrows from/to to its week"
    assert '<input type="date" name="from"' in page and '<input type="date" name="to"' in page and "Apply" in page
    narrowed = client.get("/search?q=*&from=2026-03-09&to=2026-03-15").get_data(as_text=True)
    assert 'aria-label="Mar 14, 2026: 1 article"' in narrowed, "within a week: by day"
    assert "From: Mar 9, 2026" in narrowed and "To: Mar 15, 2026" in narrowed, "active dates are chips"
    assert 'value="2026-03-09"' in narrowed
    assert 'href="/search?q=*&amp;sort=relevance&amp;to=2026-03-15"' in narrowed, "a chip removes its date"


def test_search_page_has_an_author_facet(client):
    page = client.get("/search?q=Oder").get_data(as_text=True)
    assert 'data-facet="author"' in page and "Ada Reporter" in page and ">Author<" in page


def test_quotes_page_has_facets_sort_and_dates(client):
    page = client.get("/quotes?language=en").get_data(as_text=True)
    assert 'data-facet="speaker"' in page and 'data-facet="source"' in page and 'data-facet="language"' in page
    assert "Tomasz Zieliński" in page and 'type="date" name="from"' in page
    assert "sort=oldest" in page and 'aria-current="true">newest' in page
    oldest = client.get("/quotes?language=en&sort=oldest").get_data(as_text=True)
    assert oldest.index("Katarzyna Wiśniewska") < oldest.index("Tomasz Zieliński", oldest.index("quote-hits"))
    dated = client.get("/quotes?from=2026-04-01").get_data(as_text=True)
    assert "Tomasz Zieliński" in dated and "Jonas Albrecht" not in dated.split("quote-hits")[1]
