"""The bundled corpus through the real command with its store in PostgreSQL: the same archive as in the SQLite file,
searchable, exported byte for byte, and two web servers of one store share their sign-ins."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS, run_cli
from store_support import fresh_database, test_store_url
from test_security_sessions import PASSWORD, _call, _sign_in
from web_server import served

from indexer.archive import Archive
from search_app.accounts import Accounts


@pytest.fixture(scope="module")
def pg_corpus(tmp_path_factory):
    """The corpus ingested with --store into a fresh database; (store URL, data folder)."""
    base = test_store_url()
    data = tmp_path_factory.mktemp("pg-corpus") / "data"
    with fresh_database(base) as url:
        proc = run_cli("ingest", "--store", url, str(CORPUS), data=data, timeout=600)
        assert proc.returncode in (0, 1), proc.stderr
        yield url, data


def _json(*args: str, data) -> dict:
    proc = run_cli(*args, data=data, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_corpus_in_postgresql_is_the_same_archive_as_in_sqlite(pg_corpus, corpus_data):
    url, data = pg_corpus
    assert not (data / "archive.sqlite3").exists(), "the store is the database, not a file in --data"
    in_pg = _json("stats", "--json", "--store", url, data=data)
    in_sqlite = _json("stats", "--json", data=corpus_data)
    for count in ("articles", "versions", "pages", "quotes", "entities", "languages", "sources"):
        assert in_pg[count] == in_sqlite[count], count
    assert in_pg["articles"] >= 40


def test_the_corpus_in_postgresql_is_searchable(pg_corpus, corpus_data):
    url, data = pg_corpus
    found = _json("search", "--json", "--store", url, "Warsaw", data=data)
    assert found["total"] >= 1 and found["total"] == _json("search", "--json", "Warsaw", data=corpus_data)["total"]
    assert _json("check", "--json", "--store", url, data=data)["clean"]
    proc = run_cli("stats", "--store", url, data=data)
    assert "postgresql://" in proc.stdout and url.split("@")[0].rsplit(":", 1)[1] not in proc.stdout


def test_the_warc_export_from_postgresql_has_every_page_byte_for_byte(pg_corpus, tmp_path):
    from warcio.archiveiterator import ArchiveIterator

    url, data = pg_corpus
    out = tmp_path / "all.warc"
    proc = run_cli("export", "--store", url, "--format", "warc", "--output", str(out), data=data)
    assert proc.returncode == 0, proc.stderr
    with open(out, "rb") as f:
        exported = sorted(r.content_stream().read() for r in ArchiveIterator(f) if r.rec_type == "resource")
    pages = sorted(p.read_bytes() for p in CORPUS.rglob("*") if p.is_file() and p.suffix in (".html", ".htm"))
    assert set(pages) <= set(exported)


def test_two_web_servers_of_one_store_share_sign_ins(tmp_path, monkeypatch):
    with fresh_database(test_store_url()) as url:
        monkeypatch.setenv("NEWSARCHIVE_STORE", url)
        first, second = tmp_path / "web-1", tmp_path / "web-2"
        with Archive(first) as archive:
            Accounts(archive.store).add("editor", PASSWORD)
        with served(first) as one, served(second) as two:
            cookie = _sign_in(one)
            status, _, html = _call(two + "/archive", cookie)
            assert status == 200 and "editor" in html, "the other server did not know the session"
        assert not (first / "secret_key").exists() and not (second / "secret_key").exists()


def test_each_data_folder_keeps_its_own_whoosh_index_of_one_store(tmp_path, write_page):
    """Two machines (here: folders) share a PostgreSQL store, each with its own Whoosh index: what one ingests, the
    other's index lacks until it catches up, and catching up there does not mark anything done for the first."""
    page = write_page("cranes.html", "Harbour cranes return to Gdańsk",
                      ["The port authority brought back the old cranes on Monday, painted green again.",
                       "“They belong to the skyline,” said Marta Zielińska, who led the restoration."],
                      url="https://www.test-courier.example/cranes/")
    with fresh_database(test_store_url()) as url:
        one, two = tmp_path / "one", tmp_path / "two"
        assert run_cli("ingest", "--store", url, str(page), data=one).returncode == 0
        assert _json("search", "--json", "--store", url, "cranes", data=one)["total"] == 1
        lacking = run_cli("check", "--json", "--store", url, data=two)
        assert lacking.returncode == 1 and json.loads(lacking.stdout)["missing"], "the second index lacks it"
        assert run_cli("check", "--repair", "--store", url, data=two).returncode == 0
        assert _json("search", "--json", "--store", url, "cranes", data=two)["total"] == 1
        assert _json("check", "--json", "--store", url, data=one)["clean"]
