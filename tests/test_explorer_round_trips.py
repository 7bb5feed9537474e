"""The explorer's pages ask the store few times (issue #43's speed, on PostgreSQL): each statement is a round trip to
the database server there, and on a busy machine every round trip waits its turn for a core, so an entity page of
fourteen statements took half a second at 5,000 articles where its work was a tenth of that. Counted through the
real web app on the SQLite file and on PostgreSQL (`store_url`), with the answers checked too: statements on both,
and round trips on PostgreSQL, where `read_together` sends several statements in one (psycopg's pipeline mode; that
it is one round trip is checked below on the wire, by the Sync messages libpq sends)."""

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
# round trips to PostgreSQL per request at most: the statements that need no answer of another go together (an
# entity page's 8 statements took 8 before, the front page's 7 took 7)
TRIPS = {"entity": 3, "front": 3}
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
    trips: list[list[str]] = []  # the statements of each round trip
    asking = threading.get_ident()  # the requests' thread: the archivists' job worker polls its queue beside them
    for kind in (SQLiteDatabase, PostgresDatabase):
        real, together = kind.execute, kind.read_together

        def counted(self, sql, params=(), real=real):
            if threading.get_ident() == asking:
                trips.append([sql])
            return real(self, sql, params)

        def counted_together(self, reads, together=together):
            if threading.get_ident() == asking and any(reads):
                trips.append([r.sql for r in reads if r])
            return together(self, reads)

        monkeypatch.setattr(kind, "execute", counted)
        monkeypatch.setattr(kind, "read_together", counted_together)
    client = create_app(tmp_path / "data", TESTING=True).test_client()
    client.get("/")  # (the app's first request reads what it keeps)
    return client, trips, remote


def _asked(served, url: str):
    """The response, the statements it asked the store, and the round trips they took (None on SQLite, where the
    store is in the process)."""
    client, trips, remote = served
    trips.clear()
    response = client.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response, sum(len(t) for t in trips), len(trips) if remote else None


def test_a_look_up_is_one_statement_for_every_way_a_name_is_looked_for(served):
    for spelling, wanted in [("Breslau", "wroclaw"), ("Wrocł", "wroclaw"), ("Песков", "dmitry-peskov"),
                             ("Peskow", "dmitry-peskov"), ("Wiśniewska", "katarzyna-wisniewska")]:
        response, asked, _ = _asked(served, f"/api/entities?q={spelling}")
        assert [e["key"] for e in response.get_json()["entities"]][:1] == [wanted], spelling
        assert asked <= MOST["lookup"], f"{spelling}: {asked} statements"


def test_an_entity_page_and_its_json_ask_the_store_few_times(served):
    response, asked, trips = _asked(served, "/api/entities/wroclaw")
    profile = response.get_json()
    assert {"Wrocław", "Breslau"} <= {n["name"] for n in profile["names"]}
    assert profile["named_in"] == 3 and {lang["code"] for lang in profile["languages"]} == {"en", "de", "pl"}
    assert any(r["key"] == "katarzyna-wisniewska" for r in profile["related"]) or profile["related"] == []
    assert [s["articles"] for s in profile["stories"]] == [3]
    assert asked <= MOST["entity"], f"{asked} statements"
    assert trips is None or trips <= TRIPS["entity"], f"{trips} round trips"
    response, asked, trips = _asked(served, "/api/entities/dmitry-peskov")
    said = response.get_json()["quotes_by"]
    assert said["total"] == 3 and len(said["hits"]) == 3
    assert all(q["first_reported"]["article_id"] and q["reports"] >= 1 for q in said["hits"])
    assert asked <= MOST["entity"] + 2, f"{asked} statements"  # (+2: the names in the articles of his quotations)
    assert trips is None or trips <= TRIPS["entity"] + 1, f"{trips} round trips"  # (+1: his surname's other keys)
    _, asked, trips = _asked(served, "/entities/wroclaw")
    assert asked <= MOST["entity"], f"{asked} statements"
    assert trips is None or trips <= TRIPS["entity"], f"{trips} round trips"


def test_the_stories_of_a_search_ask_the_store_once(served):
    """Its count and its page of stories, with the stories of the matches chosen inside each statement: one round
    trip (three before: the stories of the matches, then the count, then the page)."""
    response, asked, trips = _asked(served, "/api/stories?q=Oder")
    found = response.get_json()
    assert found["total"] == 1 and found["stories"][0]["articles"] == 3
    assert set(found["stories"][0]["languages"]) == {"en", "de", "pl"}
    assert asked <= 2, f"{asked} statements"
    assert trips is None or trips == 1, f"{trips} round trips"
    response, _, _ = _asked(served, "/api/stories?q=nothingmatchesthis")
    assert response.get_json()["total"] == 0


def test_statements_read_together_are_one_round_trip_on_postgresql(store_url, tmp_path):  # noqa: F811
    """libpq's own trace of the conversation: the statements of `read_together` go out together and the server
    says it is ready once (one wait for it), where after each `execute` it says so once each; their rows come back
    in order, as SQLite's do."""
    if str(store_url).endswith(".sqlite3"):
        pytest.skip("SQLite reads in the process: no round trips")
    from indexer.store import Store
    from indexer.store_db import Read

    reads = [Read("SELECT ? || 'a'", ["x"]), None, Read("SELECT 2 UNION ALL SELECT 3"), Read("SELECT 1 WHERE 1=0")]
    with Store(store_url) as store, store.db.transaction(turn=False):
        conn = store.db._local.conn  # (the transaction's connection: the one the statements go through)
        trace = tmp_path / "libpq.trace"
        with trace.open("w") as sink:
            conn.pgconn.trace(sink.fileno())
            together = store.db.read_together(reads)
            conn.pgconn.untrace()
        sent = trace.read_text()
        with trace.open("w") as sink:
            conn.pgconn.trace(sink.fileno())
            for read in (r for r in reads if r):
                store.db.execute(*read).fetchall()
            conn.pgconn.untrace()
        one_by_one = trace.read_text()
    assert [[tuple(r) for r in rows] for rows in together] == [[("xa",)], [], [(2,), (3,)], []]
    assert _waits(sent) == 1, sent
    assert _waits(one_by_one) == 3, one_by_one


def _waits(trace: str) -> int:
    """The times the server said it was ready for more (ReadyForQuery): the round trips of a conversation."""
    return sum(1 for line in trace.splitlines() if line.split("\t")[1:2] == ["B"] and "\tReadyForQuery" in line)


def test_the_front_page_asks_the_store_few_times(served):
    response, asked, trips = _asked(served, "/")
    page = response.get_data(as_text=True)
    assert "Oder überflutet Breslau" in page and "3 reports in 3 languages" in page and "Dmitry Peskov" in page
    assert f"{len(PESKOV) + len(FLOOD)} articles in" in page  # (the archive's figures, sent with the first)
    assert asked <= MOST["front"], f"{asked} statements"
    assert trips is None or trips <= TRIPS["front"], f"{trips} round trips"
    front, _, _ = _asked(served, "/api/search?q=Oder")
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
