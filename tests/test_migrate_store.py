"""`newsarchive migrate --to-store`: an embedded archive (the SQLite file of a data folder) copied into a PostgreSQL
store through the real command. The copy has every row and raw page as they were, is searchable and writable, keeps
the web app's sign-ins, and leaves the source as it was; run again it copies nothing, stopped half-way and run again
it ends complete, and a database holding another archive is refused. With --to-index too, the SolrCloud is filled
from the new store."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS, ROOT, page_html, run_cli
from solr_support import SOLR_ENV
from store_support import fresh_database, test_store_url

from indexer.archive import Archive
from indexer.index.engine import index_key
from indexer.store import Store
from search_app.auth import secret_key
from search_app.jobs import Jobs

COUNTED = ("articles", "versions", "quotes", "entities", "users", "jobs", "pages")


def _password(url: str) -> str:
    return re.match(r"^\w+://[^:/@]*:([^@/]*)@", url).group(1)


def _read(path: Path, sql: str) -> list:
    """Rows of the source file, read and closed (a read-only connection would leave its -wal and -shm files)."""
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def _counts(path: Path) -> dict[str, int]:
    return {t: _read(path, f"SELECT COUNT(*) FROM {t}")[0][0] for t in COUNTED}


def _snapshot(data: Path) -> tuple[str, list[str]]:
    """What a user could tell apart in the source folder: the store file's bytes and the folder's file names."""
    return (hashlib.sha256((data / "archive.sqlite3").read_bytes()).hexdigest(),
            sorted(p.name for p in data.iterdir()))


def _migrate(data: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return run_cli("migrate", *args, data=data, timeout=timeout)


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """An embedded archive as a web app would leave it: two languages of the corpus, an admin with a live session,
    the app's cookie key in the folder, a finished ingest job. (data folder, session token)."""
    test_store_url()  # skip the module cleanly without a PostgreSQL server
    data = tmp_path_factory.mktemp("migrate-source") / "data"
    proc = run_cli("ingest", str(CORPUS / "en"), str(CORPUS / "de"), data=data, timeout=600)
    assert proc.returncode == 0, proc.stderr
    run_cli("user", "add", "--data", str(data), "ada", "--password-stdin", input_text="correct horse battery\n", check=True)
    secret_key(data)
    with Archive(data) as archive:
        token = archive.store.start_session("ada", absolute=3600)
        job = Jobs(archive.store).submit("ada", ["https://example.invalid/a"])
        with archive.store.transaction() as db:
            db.execute("UPDATE jobs SET status='done', report=? WHERE id=?", (json.dumps({"added": 1}), job))
    return data, token


@pytest.fixture
def target():
    with fresh_database(test_store_url()) as url:
        yield url


def test_the_copy_has_every_row_and_page_and_the_source_stays_as_it_was(source, target, tmp_path):
    data, token = source
    before, counts = _snapshot(data), _counts(data / "archive.sqlite3")
    proc = _migrate(data, "--to-store", target, "--json")
    assert proc.returncode == 0, proc.stderr
    assert _password(target) not in proc.stdout + proc.stderr and "Traceback" not in proc.stderr
    assert "pages:" in proc.stderr and "articles:" in proc.stderr, "a progress line per batch"
    report = json.loads(proc.stdout)
    assert report["verified"] and report["store"]["secret_key"] == "carried"
    assert {t: c["target"] for t, c in report["store"]["counts"].items()} == counts
    assert counts["articles"] >= 10 and counts["users"] == counts["jobs"] == 1
    assert _snapshot(data) == before, "the source file is byte for byte as it was, and no file was left beside it"

    store = Store(target)
    try:
        assert store.stats() == json.loads(run_cli("stats", "--json", data=data, check=True).stdout)
        pages = _read(data / "archive.sqlite3", "SELECT id, data FROM pages ORDER BY size DESC")
        assert all(store.raw_page(i).data == raw for i, raw in pages), "every raw page byte for byte, same id"
        # the web app on the new store signs in with the same cookie key and knows the session
        assert store.shared_secret("web_secret_key") == (data / "secret_key").read_text().strip()
        assert store.session_user(token, idle=3600, absolute=3600) == "ada"
        assert [j.status for j in Jobs(store).recent()] == ["done"]
    finally:
        store.close()

    # the new store vouches for no index yet: another folder's index has everything to catch up, then finds it all
    other = tmp_path / "other"
    check = run_cli("check", "--json", "--store", target, data=other)
    assert check.returncode == 1 and len(json.loads(check.stdout)["missing"]) == counts["articles"]
    assert run_cli("reindex", "--store", target, data=other).returncode == 0
    for query in ("Warsaw", "Berlin", 'person:"Jonas Albrecht"', 'speaker:"Oleksandr Hrytsenko"'):
        found = json.loads(run_cli("search", "--json", "--store", target, query, data=other, check=True).stdout)
        local = json.loads(run_cli("search", "--json", query, data=data, check=True).stdout)
        assert found["total"] == local["total"] >= 1, query
        assert [h["id"] for h in found["hits"]] == [h["id"] for h in local["hits"]], query

    again = _migrate(data, "--to-store", target)
    assert again.returncode == 0, again.stderr
    assert "verified:" in again.stdout and "nothing new" in again.stdout, "a second run copies nothing"
    assert _snapshot(data) == before


def test_the_copy_takes_new_articles_pages_and_jobs(source, target, tmp_path):
    """The copied ids do not collide with the next ones: the identity sequences went past them."""
    data, _ = source
    assert _migrate(data, "--to-store", target).returncode == 0
    page = tmp_path / "new.html"
    page.write_text(page_html("Tram line to the airport opens", ["The new tram line reaches the airport in 20 "
                                                                 "minutes, the city transport office said."],
                              url="https://courier.example/tram-airport"), encoding="utf-8")
    other = tmp_path / "other"
    proc = run_cli("ingest", "--store", target, str(page), data=other)
    assert proc.returncode == 0, proc.stderr
    stats = json.loads(run_cli("stats", "--json", "--store", target, data=other, check=True).stdout)
    assert stats["articles"] == _counts(data / "archive.sqlite3")["articles"] + 1
    store = Store(target)
    try:
        assert Jobs(store).submit("ada", ["https://example.invalid/b"]) == 2
    finally:
        store.close()
    users = run_cli("user", "list", "--store", target, "--data", str(other), check=True)
    assert users.stdout.split() == ["ada", "admin"]


def test_a_copy_stopped_half_way_ends_complete_when_run_again(source, target):
    data, _ = source
    counts = _counts(data / "archive.sqlite3")
    cmd = [sys.executable, "-m", "indexer.cli", "migrate", "--data", str(data), "--to-store", target, "--batch", "3"]
    first = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONWARNINGS="ignore"))
    line = ""
    while "articles:" not in line and first.poll() is None:
        line = first.stderr.readline()
    first.kill()
    first.communicate(timeout=60)
    assert "articles:" in line, "killed after the first batch of articles was committed"
    again = _migrate(data, "--to-store", target, "--json")
    assert again.returncode == 0, again.stderr
    report = json.loads(again.stdout)["store"]
    assert report["copied"]["articles"] < counts["articles"], "what the first run committed is not copied again"
    assert {t: c["target"] for t, c in report["counts"].items()} == counts, "complete, nothing doubled"


def test_a_store_holding_another_archive_is_refused(source, target, tmp_path):
    data, _ = source
    page = tmp_path / "own.html"
    page.write_text(page_html("Harbour ferry timetable changes", ["Ferries leave every half hour from May, the "
                                                                  "harbour office said."]), encoding="utf-8")
    assert run_cli("ingest", "--store", target, str(page), data=tmp_path / "elsewhere").returncode == 0
    for foreign in (target, None):
        if foreign is None:  # a store that is a copy of another archive
            other = tmp_path / "second"
            assert run_cli("ingest", str(page), data=other).returncode == 0
            with fresh_database(test_store_url()) as copy_of_other:
                assert _migrate(other, "--to-store", copy_of_other).returncode == 0
                proc = _migrate(data, "--to-store", copy_of_other)
                assert "copy of another archive" in proc.stderr
        else:
            proc = _migrate(data, "--to-store", foreign)
            assert "already holds an archive" in proc.stderr
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, proc.stderr
        assert "empty PostgreSQL database" in proc.stderr and _password(target) not in proc.stderr
    stats = json.loads(run_cli("stats", "--json", "--store", target, data=tmp_path / "elsewhere", check=True).stdout)
    assert stats["articles"] == 1, "the refused target is as it was"


def test_migrate_says_in_one_line_what_it_needs(tmp_path):
    data = tmp_path / "data"
    assert run_cli("ingest", str(CORPUS / "de"), data=data).returncode == 0
    for args, said in ((), "--to-store"), (("--to-store", str(tmp_path / "x.sqlite3")), "postgresql://"):
        proc = _migrate(data, *args)
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and said in proc.stderr, proc.stderr
    proc = _migrate(tmp_path / "nothing", "--to-store", "postgresql://u:pw@127.0.0.1:1/db")
    assert proc.returncode == 2 and "no archive" in proc.stderr.lower() and "pw" not in proc.stderr
    assert not (tmp_path / "nothing").exists()


@pytest.mark.solrcloud
def test_store_and_index_together_fill_the_cluster_from_the_new_store(source, target, request):
    if not os.environ.get(SOLR_ENV):
        pytest.skip(f"${SOLR_ENV} is not set: no SolrCloud to copy the index into")
    cluster = request.getfixturevalue("solr_cluster")
    data, _ = source
    before = _snapshot(data)
    url = cluster.new_collections()
    try:
        proc = _migrate(data, "--to-store", target, "--to-index", url, "--json")
        assert proc.returncode == 0, proc.stderr
        report = json.loads(proc.stdout)
        assert report["verified"] and report["store"]["verified"] and report["index"]["verified"]
        assert proc.stderr.find("pages:") < proc.stderr.find("articles copied"), "the store first, then the index"
        assert _password(target) not in proc.stderr and _password(url) not in proc.stderr
        articles = _counts(data / "archive.sqlite3")["articles"]
        with Archive(data, create=False, index=url, store=target) as archive:
            assert archive.drift().clean and archive.engine.stats().articles == articles
            assert archive.store.pending_count(index_key(url)) == 0, "the new store records what the cluster holds"
            assert archive.engine.search("Warsaw").total >= 1
        assert _read(data / "archive.sqlite3", "SELECT COUNT(*) FROM index_versions") == [(0,)]
        assert _snapshot(data) == before
        again = _migrate(data, "--to-store", target, "--to-index", url)
        assert again.returncode == 0 and "0 of" in again.stderr and "nothing new" in again.stdout, again.stderr
    finally:
        cluster.drop_collections(url)


def test_run_again_it_catches_up_with_what_the_source_got_since(target, tmp_path):
    """The old archive goes on taking pages until the switch: a second run brings the new version across, its
    entities and quotes replacing the old ones rather than added to them."""
    data, pages = tmp_path / "data", tmp_path / "pages"
    pages.mkdir()
    url = "https://courier.example/bridge"
    story = ["The Oder bridge at Frankfurt reopens on Monday, Mayor Anna Becker said.",
             '"We waited two years for this," said Anna Becker.']
    for name, extra in (("v1.html", []), ("v2.html", ["Trains resume on Tuesday, Deutsche Bahn said."])):
        (pages / name).write_text(page_html("Oder bridge reopens", story + extra, url=url), encoding="utf-8")
        assert run_cli("ingest", str(pages / name), data=data).returncode == 0
        proc = _migrate(data, "--to-store", target, "--json")
        assert proc.returncode == 0, proc.stderr
        report = json.loads(proc.stdout)["store"]
        assert report["copied"]["articles"] == 1 and report["verified"]
        assert {t: c["target"] for t, c in report["counts"].items()} == _counts(data / "archive.sqlite3")
    store = Store(target)
    try:
        (article_id,) = store.article_ids()
        assert store.article_info(article_id)["current_version"] == 2
        assert "Trains resume" in store.article(article_id).article.text
    finally:
        store.close()
