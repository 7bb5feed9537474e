"""The store's schema is numbered and migrated when opened: archives made before versioning keep their data, two
processes opening a fresh store at once end with one schema, a store from a newer newsarchive is refused, and an
unreachable database gets a one-line answer that names no password."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys

import pytest
from conftest import ROOT, page_html, run_cli
from store_support import fresh_database, test_store_url

from indexer.models import RawPage
from indexer.store import SCHEMA_VERSION, NewerSchema, Store
from indexer.store_db import connect

# The tables as an archive made before schema versions has them: no pages.kind, no jobs.restarts or jobs.pid, no
# schema_version (those versions added the columns when they opened the file).
BEFORE_VERSIONS = """
CREATE TABLE pages (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE, origin TEXT NOT NULL, url TEXT,
    content_type TEXT, received_at TEXT NOT NULL, size INTEGER NOT NULL, data BLOB NOT NULL,
    status TEXT NOT NULL DEFAULT 'received', error TEXT, article_id TEXT);
CREATE TABLE articles (id TEXT PRIMARY KEY, url_key TEXT NOT NULL UNIQUE, current_version INTEGER NOT NULL,
    indexed_version INTEGER NOT NULL DEFAULT 0, first_seen TEXT NOT NULL, updated_at TEXT NOT NULL, title TEXT,
    url TEXT, language TEXT, source TEXT, published TEXT);
CREATE TABLE users (name TEXT PRIMARY KEY COLLATE NOCASE, password_hash TEXT NOT NULL, role TEXT NOT NULL,
    created_at TEXT NOT NULL);
CREATE TABLE jobs (id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, user TEXT NOT NULL, inputs TEXT NOT NULL,
    upload_dir TEXT, status TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0, total INTEGER NOT NULL DEFAULT 0,
    started_at TEXT, finished_at TEXT, report TEXT, error TEXT);
INSERT INTO pages (sha256, origin, received_at, size, data, status) VALUES ('ab', 'old.html', '2025-05-01', 3, x'00ff10', 'failed');
INSERT INTO articles VALUES ('a1', 'https://old.example/a', 1, 1, '2025-05-01', '2025-05-01', 'An old story', NULL, 'en', NULL, NULL);
INSERT INTO users VALUES ('Chief', 'hash', 'admin', '2025-05-01');
INSERT INTO jobs (created_at, user, inputs, status) VALUES ('2025-05-01', 'Chief', '[]', 'done');
"""


def test_an_archive_from_before_schema_versions_opens_with_its_data(tmp_path):
    from search_app.jobs import Jobs

    path = tmp_path / "archive.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(BEFORE_VERSIONS)
    store = Store(path)
    assert store.schema_version() == SCHEMA_VERSION
    assert store.raw_page(1).data == b"\x00\xff\x10" and store.article_ids() == ["a1"]
    assert store.stats()["failed_pages"] == 1
    job = Jobs(store).get(1)
    assert (job.user, job.status, job.restarts) == ("Chief", "done", 0)
    store.mark_passed(1, "front")  # a column the old file lacked
    assert store.start_session("Chief", 60)  # a table it lacked
    store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_an_archive_of_schema_5_gives_its_entities_their_articles_language(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "tram.html").write_text(page_html("Nowa linia tramwajowa w Gdańsku", [
        "Prezydent Gdańska Marta Nowicka otworzyła w poniedziałek nową linię tramwajową do dzielnicy Orunia.",
        "Linia ma siedem przystanków i połączy dworzec z osiedlami na południu miasta."], lang="pl",
        url="https://www.test-courier.example/tram/"), encoding="utf-8")
    run_cli("ingest", str(pages), data=tmp_path / "data", check=True)
    path = tmp_path / "data" / "archive.sqlite3"
    with sqlite3.connect(path) as db:  # the file as schema 5 left it
        db.execute("DROP INDEX entities_names")
        db.execute("ALTER TABLE entities DROP COLUMN language")
        db.execute("ALTER TABLE articles DROP COLUMN annotator")
        db.execute("UPDATE schema_version SET version = 5")
    store = Store(path)
    assert store.schema_version() == SCHEMA_VERSION
    assert {r[0] for r in store.db.execute("SELECT language FROM entities")} == {"pl"}
    assert store.display_names(["place:gdansk"], "place", ["pl"]) == {"place:gdansk": "Gdańsk"}
    store.close()


def test_check_counts_the_articles_an_older_release_annotated_until_reannotate_catches_them_up(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    for n, town in enumerate(["Tromsø", "Bodø"]):
        (pages / f"ferry{n}.html").write_text(page_html(f"Night ferry to {town} returns", [
            f"The night ferry to {town} sails again from Monday, the harbour office said on Friday.",
            "Tickets for the first week sold out within hours, according to the operator."],
            url=f"https://www.test-courier.example/ferry{n}/"), encoding="utf-8")
    data = tmp_path / "data"
    run_cli("ingest", str(pages), data=data, check=True)
    assert json.loads(run_cli("check", "--json", data=data).stdout)["older_annotations"] == 0
    with sqlite3.connect(data / "archive.sqlite3") as db:  # the file as schema 6 (the previous release) left it
        db.execute("ALTER TABLE articles DROP COLUMN annotator")
        db.execute("UPDATE schema_version SET version = 6")
    report = run_cli("check", data=data)
    assert "2 articles annotated by an older release" in report.stdout and "--reannotate" in report.stdout
    assert json.loads(run_cli("check", "--json", data=data).stdout)["older_annotations"] == 2
    run_cli("reindex", "--reannotate", data=data, check=True)
    assert json.loads(run_cli("check", "--json", data=data).stdout)["older_annotations"] == 0
    assert "older release" not in run_cli("check", data=data).stdout


OPEN = "import sys; from indexer.store import Store; Store(sys.argv[1]).close()"


def test_two_processes_opening_a_fresh_store_at_once_make_one_schema(store_url):
    procs = [subprocess.Popen([sys.executable, "-c", OPEN, str(store_url)], cwd=ROOT, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    try:
        results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
            p.stderr.close()
    assert [rc for rc, _ in results] == [0, 0], results
    store = Store(store_url)
    assert [tuple(r) for r in store.db.execute("SELECT version FROM schema_version")] == [(SCHEMA_VERSION,)]
    assert store.stats()["articles"] == 0


def test_a_store_from_a_newer_newsarchive_is_refused(store_url, tmp_path):
    store = Store(store_url)
    page = store.receive(RawPage(b"kept", "a.html")).page_id
    with store.transaction() as db:
        db.execute("UPDATE schema_version SET version=?", (SCHEMA_VERSION + 1,))
    store.close()
    with pytest.raises(NewerSchema, match="newer newsarchive"):
        Store(store_url)
    remote = isinstance(store_url, str)
    proc = run_cli("stats", *(["--store", store_url] if remote else []), data=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert f"schema version {SCHEMA_VERSION + 1}" in proc.stderr and "Upgrade newsarchive" in proc.stderr
    if remote:
        assert _password(store_url) not in proc.stderr + proc.stdout
    db = connect(store_url)  # the database itself, no migrations: untouched
    try:
        assert db.execute("SELECT data FROM pages WHERE id=?", (page,)).fetchone()[0] == b"kept"
        assert db.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION + 1
    finally:
        db.close()


def _password(url: str) -> str:
    return url.split("://", 1)[1].split("@", 1)[0].split(":", 1)[1]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_store_is_one_line_without_the_password(tmp_path):
    url = f"postgresql://archivist:Sea-Shanty-42@127.0.0.1:{_closed_port()}/newsarchive"
    proc = run_cli("search", "--store", url, "flood", data=tmp_path / "data", timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "cannot be reached" in proc.stderr and "--store" in proc.stderr
    assert "Sea-Shanty-42" not in proc.stderr + proc.stdout
    assert "postgresql://archivist:***@127.0.0.1" in proc.stderr


def test_a_wrong_password_is_refused_without_showing_it(tmp_path):
    base = test_store_url()
    wrong = base.replace(f":{_password(base)}@", ":Not-The-Password-9@")
    proc = run_cli("stats", "--store", wrong, data=tmp_path / "data", timeout=60)
    assert proc.returncode == 2 and "cannot be reached" in proc.stderr and "password" in proc.stderr
    assert "Not-The-Password-9" not in proc.stderr + proc.stdout and _password(base) not in proc.stderr


def test_an_address_that_is_no_store_is_explained(tmp_path):
    proc = run_cli("stats", "--store", "mysql://u:Hidden-Word@127.0.0.1/x", data=tmp_path / "data")
    assert proc.returncode == 2 and "postgresql://USER:PASSWORD@HOST:PORT/DATABASE" in proc.stderr
    assert "Hidden-Word" not in proc.stderr


@pytest.mark.solrcloud
def test_with_store_and_index_remote_a_read_only_command_creates_no_folder(tmp_path):
    base = test_store_url()
    index = os.environ.get("NEWSARCHIVE_TEST_SOLR") or pytest.skip("$NEWSARCHIVE_TEST_SOLR is not set: no SolrCloud")
    missing = tmp_path / "nothing-here"
    with fresh_database(base) as url:
        proc = run_cli("stats", "--json", "--store", url, "--index", index, data=missing, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert not missing.exists()


def test_a_store_whose_database_goes_away_says_so():
    from indexer.store_db import StoreUnavailable

    base = test_store_url()
    with fresh_database(base) as url:
        store = Store(url)
        store.receive(RawPage(b"before", "a.html"))
        _drop(base, url)  # under the open store
        with pytest.raises(StoreUnavailable, match="did not answer") as refused:
            store.stats()
        assert _password(url) not in str(refused.value)
        store.close()


def test_the_web_app_answers_503_while_its_store_is_away(tmp_path, monkeypatch):
    from search_app import create_app

    base = test_store_url()
    with fresh_database(base) as url:
        monkeypatch.setenv("NEWSARCHIVE_STORE", url)
        client = create_app(tmp_path / "web", TESTING=True).test_client()
        assert client.get("/api/stats").status_code == 200
        _drop(base, url)
        r = client.get("/api/stats")
        assert r.status_code == 503 and "store (its database) does not answer" in r.get_json()["error"]
        assert _password(url) not in r.get_data(as_text=True)


def _drop(base: str, url: str) -> None:
    """Drop the database of `url` now, ending its connections, as a server that went away would."""
    import psycopg

    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{url.rsplit("/", 1)[1]}" WITH (FORCE)')


def test_a_pool_larger_than_the_server_allows_takes_what_is_left_and_says_so(monkeypatch, caplog):
    """Processes × pool size must stay within the server's max_connections: a process asking for more than is
    free gets what is free (at least one) and a warning that says what to change."""
    import psycopg

    base = test_store_url()
    with psycopg.connect(base) as probe:
        limit = int(probe.execute("SHOW max_connections").fetchone()[0])
    monkeypatch.setenv("NEWSARCHIVE_STORE_POOL", str(limit * 10))
    with fresh_database(base) as url:
        with caplog.at_level("WARNING", logger="newsarchive.store"):
            store = Store(url)
        try:
            assert 1 <= store.db.pool.max_size < limit
            said = " ".join(r.getMessage() for r in caplog.records)
            assert "max_connections" in said and "NEWSARCHIVE_STORE_POOL" in said and _password(url) not in said
            store.receive(RawPage(b"<p>one</p>", "one.html"))  # and it works
        finally:
            store.close()
    monkeypatch.setenv("NEWSARCHIVE_STORE_POOL", "2")
    caplog.clear()
    with fresh_database(base) as url:
        with caplog.at_level("WARNING", logger="newsarchive.store"):
            store = Store(url)
        assert store.db.pool.max_size == 2 and not caplog.records, "a pool that fits is left as asked"
        store.close()
