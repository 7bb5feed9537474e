"""The explorer's pages ask the store few times (issue #43's speed, on PostgreSQL): each statement is a round trip to
the database server there, and on a busy machine every round trip waits its turn for a core, so an entity page of
fourteen statements took half a second at 5,000 articles where its work was a tenth of that. Counted through the
real web app on the SQLite file and on PostgreSQL (`store_url`), with the answers checked too."""

from __future__ import annotations

import threading

import pytest
from conftest import page_html
from store_support import store_url  # noqa: F401 (the fixture)
from test_explorer_entities import PESKOV

from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from indexer.store_db import PostgresDatabase, SQLiteDatabase
from search_app import create_app

FLOOD = {
    f"flood-{lang}.html": page_html(title, [text, "Rail services between Berlin and Wrocław were suspended."],
                                    lang=lang, source=f"Outlet {lang}", url=f"https://flood.example/{lang}",
                                    published="2026-03-14T10:00:00+01:00")
    for lang, title, text in [
        ("en", "Oder floods Wrocław", "Floodwater from the Oder reached Wrocław, said Katarzyna Wiśniewska."),
        ("de", "Oder überflutet Breslau", "Das Hochwasser der Oder hat Breslau erreicht, sagte Katarzyna Wiśniewska."),
        ("pl", "Odra zalewa Wrocław", "Woda z Odry dotarła do Wrocławia, powiedziała Katarzyna Wiśniewska.")]}

# statements per request at most (6, 13 and 13 before they were joined)
MOST = {"lookup": 2, "entity": 9, "front": 8}
FILING = 20  # statements per article filed (23 before new entities got their URL keys together)


@pytest.fixture
def served(store_url, tmp_path, monkeypatch):  # noqa: F811 (the fixture)
    folder = tmp_path / "pages"
    folder.mkdir()
    for name, html in (PESKOV | FLOOD).items():
        (folder / name).write_text(html, encoding="utf-8")
    remote = not str(store_url).endswith(".sqlite3")
    with Archive(tmp_path / "data", store=str(store_url) if remote else None) as archive:
        assert not ingest(archive, [str(folder)]).failed
    if remote:
        monkeypatch.setenv("NEWSARCHIVE_STORE", str(store_url))
    statements: list[str] = []
    asking = threading.get_ident()  # the requests' thread: the archivists' job worker polls its queue beside them
    for kind in (SQLiteDatabase, PostgresDatabase):
        real = kind.execute

        def counted(self, sql, params=(), real=real):
            if threading.get_ident() == asking:
                statements.append(sql)
            return real(self, sql, params)

        monkeypatch.setattr(kind, "execute", counted)
    client = create_app(tmp_path / "data", TESTING=True).test_client()
    client.get("/")  # (the app's first request reads what it keeps)
    return client, statements


def _asked(served, url: str):
    client, statements = served
    statements.clear()
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response, len(statements)


def test_a_look_up_is_one_statement_for_every_way_a_name_is_looked_for(served):
    for spelling, wanted in [("Breslau", "wroclaw"), ("Wrocł", "wroclaw"), ("Песков", "dmitry-peskov"),
                             ("Peskow", "dmitry-peskov"), ("Wiśniewska", "katarzyna-wisniewska")]:
        response, asked = _asked(served, f"/api/entities?q={spelling}")
        assert [e["key"] for e in response.get_json()["entities"]][:1] == [wanted], spelling
        assert asked <= MOST["lookup"], f"{spelling}: {asked} statements"


def test_an_entity_page_and_its_json_ask_the_store_few_times(served):
    response, asked = _asked(served, "/api/entities/wroclaw")
    profile = response.get_json()
    assert {"Wrocław", "Breslau"} <= {n["name"] for n in profile["names"]}
    assert profile["named_in"] == 3 and {lang["code"] for lang in profile["languages"]} == {"en", "de", "pl"}
    assert any(r["key"] == "katarzyna-wisniewska" for r in profile["related"]) or profile["related"] == []
    assert asked <= MOST["entity"], f"{asked} statements"
    response, asked = _asked(served, "/api/entities/dmitry-peskov")
    said = response.get_json()["quotes_by"]
    assert said["total"] == 3 and len(said["hits"]) == 3
    assert asked <= MOST["entity"] + 2, f"{asked} statements"  # (+2: the names in the articles of his quotations)
    _, asked = _asked(served, "/entities/wroclaw")
    assert asked <= MOST["entity"], f"{asked} statements"


def test_the_front_page_asks_the_store_few_times(served):
    response, asked = _asked(served, "/")
    page = response.get_data(as_text=True)
    assert "Oder überflutet Breslau" in page and "3 reports in 3 languages" in page and "Dmitry Peskov" in page
    assert asked <= MOST["front"], f"{asked} statements"
    front, _ = _asked(served, "/api/search?q=Oder")
    assert front.get_json()["total"] == 3


def test_filing_an_article_asks_the_store_a_bounded_number_of_times(store_url, monkeypatch):  # noqa: F811
    """Filing runs in every ingest: its statements per article (new entities' URL keys, candidate stories) do not
    grow with the entities an article names."""
    from test_explorer_store import FLOOD as STORED
    from test_explorer_store import _stored

    from indexer.explore.update import catch_up
    from indexer.store import Store

    store = Store(store_url)
    try:
        ids = _stored(store, STORED * 2)
        statements: list[str] = []
        for kind in (SQLiteDatabase, PostgresDatabase):
            for name in ("execute", "executemany"):
                real = getattr(kind, name)

                def counted(self, sql, params=(), real=real):
                    statements.append(sql)
                    return real(self, sql, params)

                monkeypatch.setattr(kind, name, counted)
        assert catch_up(store) == len(ids)
        assert len(statements) <= FILING * len(ids), f"{len(statements)} statements for {len(ids)} articles"
        assert store.db.execute("SELECT COUNT(*) FROM entity_links WHERE key LIKE 'place:%'").fetchone()[0] >= 3
    finally:
        store.close()
