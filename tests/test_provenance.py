"""The same statement reported by several outlets is one quote, shown earliest first."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import page_html

from indexer.archive import Archive
from indexer.index.provenance import overlap, same_statement
from indexer.ingest.pipeline import ingest
from search_app import create_app
from search_app.service import SearchService

STATEMENT = ("We will rebuild every bridge on the river before the winter comes, and we will not leave a single "
             "village cut off")


def test_lightly_edited_quotes_are_one_statement():
    assert same_statement(STATEMENT, STATEMENT)
    assert same_statement(STATEMENT, "We will rebuild every bridge on the river before the winter comes")
    assert same_statement(STATEMENT, STATEMENT.replace("We will", "We'll").replace("single ", ""))
    assert not same_statement(STATEMENT, "The river will not be bridged again before the spring floods are over")
    assert not same_statement("bold fake", "a bold fake")  # short fragments are too common to be one statement
    assert overlap("", STATEMENT) == 0.0
    assert same_statement("Nobody was lost in the storm.", "Nobody was lost in the storm"), "punctuation only"


def test_an_edit_that_changes_what_was_said_is_another_statement():
    pledge = "We will not close a single library this year, whatever the budget says"
    assert same_statement(pledge, "We won't close a single library this year")
    assert same_statement(pledge, "We will not close a single library this year, whatever the budgets say")
    assert not same_statement(pledge, pledge.replace("library", "school")), "another content word"
    assert not same_statement(pledge, pledge.replace("will not", "will")), "the negation is gone"
    assert not same_statement(pledge, "We will close a single library this year, whatever the budget says, "
                                      "because there is no money"), "a negation outside the shared words does not count"
    assert not same_statement(pledge, pledge, "person:varga", "person:pritchard"), "said by someone else"
    assert same_statement(pledge, pledge, "person:varga", None), "one outlet did not name the speaker"


def _bridge_reports(tmp_path) -> Path:
    """Four outlets: three report the mayor's bridge pledge (one cut short), one quotes her on another subject."""
    pages = tmp_path / "pages"
    pages.mkdir()
    reports = [
        ("late.html", "Second Paper", "2026-05-03T09:00:00+02:00", f"“{STATEMENT},” said Anna Kowalczyk, the mayor."),
        ("first.html", "First Paper", "2026-05-01T18:00:00+02:00", f"“{STATEMENT},” Mayor Anna Kowalczyk said."),
        ("middle.html", "Third Paper", "2026-05-02T07:30:00+00:00",
         "“We will rebuild every bridge on the river before the winter comes,” said Anna Kowalczyk."),
        ("other.html", "Fourth Paper", "2026-05-02T08:00:00+00:00",
         "“The budget for the new school will be approved next week by the whole council,” said Anna Kowalczyk."),
    ]
    for name, source, date, quote in reports:
        (pages / name).write_text(page_html(f"Mayor promises bridges ({source})", [
            "The mayor visited the flooded villages on the river on Friday.", quote,
            "Repairs are expected to cost several million euros."], source=source, published=date,
            url=f"https://{name.removesuffix('.html')}.example/bridges/"), encoding="utf-8")
    return pages


def test_provenance_lists_every_outlet_in_date_order(tmp_path):
    pages = _bridge_reports(tmp_path)
    with Archive(tmp_path / "data") as archive:
        assert len(ingest(archive, [str(pages)]).added) == 4
        service = SearchService(archive)
        found = service.quotes("rebuild bridge")
        assert found["total"] == 3
        late = next(q for q in found["quotes"] if q["source"] == "Second Paper")
        record = service.quote(late["id"])
    assert record["first_reported"]["source"] == "First Paper"
    assert [r["source"] for r in record["reported_by"]] == ["First Paper", "Third Paper", "Second Paper"]
    assert record["outlets"] == ["First Paper", "Third Paper", "Second Paper"]
    assert all(r["speaker"] == "Anna Kowalczyk" for r in record["reported_by"])


def test_roles_are_not_speaker_facet_values(tmp_path):
    """"The mayor" of one town and "the mayor" of another are different people: no facet value, no filter match."""
    pages = tmp_path / "pages"
    pages.mkdir()
    for town in ("Leeds", "Hull"):
        (pages / f"{town}.html").write_text(page_html(f"{town} keeps its libraries open", [
            f"The council of {town} met on Monday to discuss the budget for next year.",
            f"“No library in {town} will close while I am in office,” the mayor said after the meeting.",
            f"“We have found the money for {town} in the transport budget,” said Grace Holloway, the treasurer."],
            url=f"https://{town.lower()}.example/libraries/"), encoding="utf-8")
    with Archive(tmp_path / "data") as archive:
        ingest(archive, [str(pages)])
        service = SearchService(archive)
        speakers = {f["value"] for f in service.search("*")["facets"]["speaker"]}
        assert speakers == {"Grace Holloway"}
        assert service.search("*", filters={"speaker": "the mayor"})["total"] == 0
        assert service.search("*", filters={"speaker": "Holloway"})["total"] == 2
        quote = service.quotes("library close")["quotes"][0]
        assert (quote["speaker"], quote["speaker_description"]) == (None, "the mayor"), "the quote keeps its role"


def _bridge_client(tmp_path):
    with Archive(tmp_path / "data") as archive:
        ingest(archive, [str(_bridge_reports(tmp_path))])
    return create_app(tmp_path / "data", TESTING=True).test_client()


def test_the_quote_page_shows_where_a_statement_first_appeared_and_who_picked_it_up(tmp_path):
    client = _bridge_client(tmp_path)
    listing = client.get("/quotes", query_string={"q": "rebuild bridge"}).get_data(as_text=True)
    assert "3 quotations" in listing
    article_id = next(h["id"] for h in client.get("/api/search?q=*").get_json()["hits"]
                      if "Second Paper" in h["title"])
    article = client.get(f"/articles/{article_id}").get_data(as_text=True)
    quote_link = re.search(r'<a class="quote" href="(/quotes/[^"]+)"', article).group(1)
    page = client.get(quote_link).get_data(as_text=True)
    assert re.search(r"First reported by <strong>First Paper</strong> on May 1, 2026 18:00 UTC\+02:00", page)
    assert "Reported by 3 outlets, 3 times, in date order" in page
    order = [page.index(f"<strong>{paper}</strong>:") for paper in ("First Paper", "Third Paper", "Second Paper")]
    assert order == sorted(order)
    assert "Fourth Paper" not in page, "the mayor's words on the school budget are another statement"
    assert client.get("/quotes/nope:0").status_code == 404


def test_a_name_typed_as_quote_words_gets_a_hint(tmp_path):
    client = _bridge_client(tmp_path)
    page = client.get("/quotes", query_string={"q": "Kowalczyk"}).get_data(as_text=True)
    assert "0 quotations" in page and "quotations by Kowalczyk" in page
    by_speaker = client.get("/quotes", query_string={"speaker": "Kowalczyk"}).get_data(as_text=True)
    assert "4 quotations" in by_speaker


def _ferry_reports(tmp_path) -> Path:
    """One port director on one story, reported in English and German the same day, and in German a month later."""
    pages = tmp_path / "ferry"
    pages.mkdir()
    reports = [
        ("wire.html", "Baltic Wire", "en", "2026-06-02T08:00:00+00:00", "Ferry line to Bornholm reopens", [
            "The ferry between Gdańsk and Bornholm sailed again on Tuesday after the winter break.",
            "“For forty years this crossing has kept the island connected to the mainland,” said Marta Kowalska, "
            "the director of the port of Gdańsk.",
            "“The ships are full until the end of the month,” Kowalska said."]),
        ("kurier.html", "Ostsee-Kurier", "de", "2026-06-02T15:00:00+02:00", "Fähre nach Bornholm fährt wieder", [
            "Die Fähre zwischen Danzig und Bornholm ist am Dienstag nach der Winterpause wieder ausgelaufen.",
            "„Seit vierzig Jahren verbindet diese Überfahrt die Insel mit dem Festland“, sagte Marta Kowalska, die "
            "Direktorin des Hafens Danzig.",
            "„Die Schiffe sind bis Ende des Monats ausgebucht“, sagte Kowalska."]),
        ("later.html", "Ostsee-Kurier", "de", "2026-07-06T09:00:00+02:00", "Bornholm-Fähre zieht Bilanz", [
            "Einen Monat nach dem Neustart der Fähre zwischen Danzig und Bornholm zog der Hafen Bilanz.",
            "„Seit vierzig Jahren verbindet diese Überfahrt die Insel mit dem Festland“, sagte Marta Kowalska, die "
            "Direktorin des Hafens Danzig."]),
    ]
    for name, source, lang, date, title, paragraphs in reports:
        (pages / name).write_text(page_html(title, paragraphs, lang=lang, source=source, published=date,
                                            url=f"https://{name.removesuffix('.html')}.example/ferry/"),
                                  encoding="utf-8")
    return pages


def test_the_same_statement_is_traced_into_other_languages(tmp_path):
    """The German report of the director's statement finds the English wire that ran it first, marked as a
    translation; her other statement of that day, and the same words a month later, are not it."""
    with Archive(tmp_path / "data") as archive:
        ingest(archive, [str(_ferry_reports(tmp_path))])
    client = create_app(tmp_path / "data", TESTING=True).test_client()
    quotes = client.get("/api/quotes", query_string={"speaker": "Marta Kowalska", "limit": 50}).get_json()["quotes"]
    german = next(q for q in quotes if q["text"].startswith("Seit vierzig") and q["published"].startswith("2026-06"))
    record = client.get(f"/api/quotes/{german['id']}").get_json()
    reports = {r["text"][:20]: r for r in record["reported_by"]}
    assert record["first_reported"]["source"] == "Baltic Wire", "the English wire ran it five hours earlier"
    assert record["first_reported"]["translated"] is True and record["first_reported"]["language"] == "en"
    assert set(reports) == {"For forty years this", "Seit vierzig Jahren v"[:20]}
    assert reports["Seit vierzig Jahren v"[:20]]["translated"] is False
    assert record["languages"] == ["en", "de"]
    page = client.get(f"/quotes/{german['id']}").get_data(as_text=True)
    assert "Baltic Wire" in page and 'class="translated"' in page and ">in English<" in page
