"""An entity page's `names` (issue #43): every spelling its articles write, each counted in the articles that write it
(not in those that name the entity some other way), most written first; the entity's own name kept as its `name`
and every spelling the gazetteer knows still finding it when no article writes it; the counts right again when an
article is stored again with other words or annotated again, on an archive upgraded from before the counts were
kept apart (migration 11), and on SolrCloud + PostgreSQL."""

from __future__ import annotations

import json
import re

import pytest
from conftest import archive_of_pages, cli_json, page_html, run_cli
from store_support import fresh_database, test_store_url

from indexer.explore import lookup
from indexer.explore.update import catch_up
from indexer.ingest.pipeline import process_page
from indexer.models import AnnotatedArticle, RawPage
from indexer.store import SCHEMA_VERSION, Store
from search_app import create_app

# One flood in Wrocław told four times: in Polish (its own name, only inflected: "Wrocław" is in "Wrocławiu" but
# not written), in Ukrainian (only in Cyrillic, never "Вроцлав", the form a dictionary gives) and twice in German
# (Breslau, with the Polish name once in passing).
POLISH = page_html("Powódź we Wrocławiu", [
    "Woda z Odry wdarła się do Wrocławia w sobotę, powiedziała Katarzyna Wiśniewska ze sztabu kryzysowego.",
    "We Wrocławiu zamknięto wszystkie mosty na Odrze."], lang="pl", source="Gazeta Odrzańska",
    url="https://go.example/powodz", published="2026-03-14T10:00:00+01:00")
UKRAINIAN = page_html("Повінь у Вроцлаві", [
    "Вода з Одри увірвалася до Вроцлава в суботу, повідомила Катажина Вишневська з кризового штабу.",
    "У Вроцлаві закрили всі мости."], lang="uk", source="Київський Вісник",
    url="https://kv.example/povin", published="2026-03-14T12:00:00+02:00")
GERMAN = page_html("Hochwasser in Breslau", [
    "Das Hochwasser der Oder hat Breslau, polnisch Wrocław, am Samstag erreicht, sagte Katarzyna Wiśniewska vom "
    "Krisenstab.", "Breslau sperrte alle Brücken über die Oder."], lang="de", source="Rheinische Abendpost",
    url="https://ra.example/hochwasser", published="2026-03-14T15:00:00+01:00")
GERMAN_LATER = page_html("Rekordpegel in Breslau", [
    "Der Pegel der Oder in Breslau stieg am Sonntag auf einen Rekordstand, teilte die Stadtverwaltung mit."],
    lang="de", source="Mitteldeutsche Rundschau", url="https://mr.example/pegel",
    published="2026-03-15T09:00:00+01:00")
# The first German report stored again, edited: the Polish name is gone from it, and so from the archive.
GERMAN_EDITED = GERMAN.replace(", polnisch Wrocław,", "")
FLOOD = {"pl.html": POLISH, "uk.html": UKRAINIAN, "de.html": GERMAN, "de-later.html": GERMAN_LATER}

WROCLAW = {"Breslau": 2, "Wrocław": 1, "Wrocławia": 1, "Wrocławiu": 1, "Вроцлаві": 1, "Вроцлава": 1}
EDITED = {name: n for name, n in WROCLAW.items() if name != "Wrocław"}
WISNIEWSKA = {"Katarzyna Wiśniewska": 2, "Катажина Вишневська": 1}  # (never the Russian Катажина Вишневская)


def counted(names: list[dict]) -> dict[str, int]:
    """{spelling: count}, after checking the list runs from the most written down."""
    counts = [n["count"] for n in names]
    assert counts == sorted(counts, reverse=True), names
    return {n["name"]: n["count"] for n in names}


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    arch = archive_of_pages(tmp_path_factory.mktemp("names"), FLOOD)
    yield arch
    arch.close()


@pytest.fixture(scope="module")
def client(archive):
    return create_app(archive.root, TESTING=True).test_client()


def test_each_spelling_counts_only_the_articles_that_write_it(client):
    record = client.get("/api/entities/wroclaw").get_json()
    assert (record["name"], record["articles"]["total"]) == ("Wrocław", 4)
    assert counted(record["names"]) == WROCLAW
    assert record["names"][0] == {"name": "Breslau", "count": 2}
    person = client.get("/api/entities/katarzyna-wisniewska").get_json()
    assert counted(person["names"]) == WISNIEWSKA


def test_the_command_and_the_page_give_the_same_counts(archive, client):
    assert counted(cli_json("entity", "--json", "Breslau", data=archive.root)["names"]) == WROCLAW
    page = client.get("/entities/wroclaw").get_data(as_text=True)
    listed = re.findall(r'<li><span translate="no">([^<]+)</span> <span class="count">(\d+)</span></li>', page)
    assert {name: int(n) for name, n in listed} == WROCLAW
    also = re.search(r'<p class="also">(.*?)</p>', page, re.S).group(1)
    assert "Вроцлаві" in also and "Breslau" in also and "Wrocław<" not in also, "the heading is not 'also written'"


def _ingest(data, folder, pages: dict[str, str], *where: str) -> None:
    folder.mkdir(exist_ok=True)
    for name, html in pages.items():
        (folder / name).write_text(html, encoding="utf-8")
    run_cli("ingest", *where, *(str(folder / name) for name in pages), data=data, check=True)


def test_an_article_stored_again_or_annotated_again_keeps_the_counts_right(tmp_path):
    data, pages = tmp_path / "data", tmp_path / "pages"
    _ingest(data, pages, FLOOD)

    def names() -> dict[str, int]:
        return counted(cli_json("entity", "--json", "Wrocław", data=data)["names"])

    assert names() == WROCLAW
    _ingest(data, pages, {"de.html": GERMAN_EDITED})
    assert names() == EDITED, "no report writes Wrocław any more"
    assert cli_json("entity", "--json", "Wrocław", data=data)["name"] == "Wrocław"
    run_cli("reindex", "--reannotate", data=data, check=True)
    assert names() == EDITED


def test_the_name_and_every_known_spelling_find_the_entity_no_article_writes_it_by(tmp_path):
    archive = archive_of_pages(tmp_path, {"uk.html": UKRAINIAN})
    try:
        client = create_app(archive.root, TESTING=True).test_client()
        record = client.get("/api/entities/wroclaw").get_json()
        assert record["name"] == "Wrocław", "the entity keeps its own name"
        assert counted(record["names"]) == {"Вроцлаві": 1, "Вроцлава": 1}, "nothing wrote Wrocław or Вроцлав"
        for spelling in ("Wrocław", "Wroclaw", "Breslau", "Вроцлав"):
            found = client.get("/api/entities", query_string={"q": spelling}).get_json()["entities"]
            assert [(e["key"], e["articles"]) for e in found[:1]] == [("wroclaw", 1)], spelling
    finally:
        archive.close()


def _stored(store: Store, pages: dict[str, str]) -> None:
    """Pages cleaned and annotated as `ingest` does it, stored, then filed."""
    for name, html in pages.items():
        page = RawPage(html.encode(), name)
        annotated = process_page(page, sort=False)
        assert isinstance(annotated, AnnotatedArticle), annotated
        store.add_article(store.receive(page).page_id, annotated)
    catch_up(store)


def _names(store: Store, key: str) -> dict[str, int]:
    return counted(lookup.names_of(store.db.execute(*lookup.names_read([key])).fetchall()))


def test_an_archive_from_before_migration_11_counts_what_its_articles_write_once_opened(store_url):
    store = Store(store_url)
    _stored(store, FLOOD)
    with store.transaction() as db:  # the store as schema 10 left it: a spelling counted wherever it was known
        db.execute("ALTER TABLE entity_spellings DROP COLUMN written")
        db.execute("ALTER TABLE explored DROP COLUMN written")
        db.execute("UPDATE schema_version SET version = 10")
    store.close()
    store = Store(store_url)
    try:
        assert store.schema_version() == SCHEMA_VERSION
        assert _names(store, "place:wrocław") == WROCLAW
        assert _names(store, "person:visnevska|katarcina") == WISNIEWSKA
        for (article,) in store.db.execute("SELECT article_id FROM explored").fetchall():
            store.refresh_annotations(article, store.article(article))  # filed again: takes back what 11 counted
        catch_up(store)
        assert _names(store, "place:wrocław") == WROCLAW
    finally:
        store.close()


@pytest.mark.solrcloud  # (with the shared cluster's other tests, on one worker: some stop its nodes)
def test_on_solrcloud_and_postgresql_the_counts_are_what_the_articles_write(tmp_path, request, monkeypatch):
    base = test_store_url()  # (skips before a SolrCloud is started for nothing)
    solr_cluster = request.getfixturevalue("solr_cluster")
    index = solr_cluster.new_collections()
    try:
        with fresh_database(base) as url:
            where = ("--store", url, "--index", index)
            data, pages = tmp_path / "data", tmp_path / "pages"
            _ingest(data, pages, FLOOD, *where)

            def names(spelling: str) -> dict[str, int]:
                found = json.loads(run_cli("entity", "--json", *where, spelling, data=data, check=True).stdout)
                return counted(found["names"])

            assert names("Breslau") == WROCLAW
            monkeypatch.setenv("NEWSARCHIVE_STORE", url)
            monkeypatch.setenv("NEWSARCHIVE_INDEX", index)
            client = create_app(data, TESTING=True).test_client()
            assert counted(client.get("/api/entities/katarzyna-wisniewska").get_json()["names"]) == WISNIEWSKA
            _ingest(data, pages, {"de.html": GERMAN_EDITED}, *where)
            assert names("Вроцлав") == EDITED
            run_cli("reindex", "--reannotate", *where, data=data, check=True)
            assert counted(client.get("/api/entities/wroclaw").get_json()["names"]) == EDITED
    finally:
        solr_cluster.drop_collections(index)
