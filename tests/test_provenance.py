"""The same statement reported by several outlets is one quote, shown earliest first."""

from __future__ import annotations

from conftest import page_html

from indexer.archive import Archive
from indexer.pipeline import ingest
from indexer.provenance import overlap, same_statement
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


def test_provenance_lists_every_outlet_in_date_order(tmp_path):
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
