"""The SolrCloud backend beyond the engine contract: the same answers as Whoosh on the bundled corpus, migration
from an embedded archive, faults (all nodes down, one node killed while searching and writing), no password shown.

The cluster is the session's (tests/solr_support.py); tests that need none run everywhere.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import run_cli
from solr_support import CONFIGSET_ENV, SCRIPT

from indexer.archive import Archive
from indexer.index.backends import open_engine
from indexer.index.engine import EngineUnavailable, QueryError, index_key
from indexer.index.solr.client import SolrURL
from indexer.models import AnnotatedArticle, Article, Block

SECRET = "s3cret-Pa55"
ROOT = Path(__file__).resolve().parents[1]


def _closed_ports(n: int) -> list[int]:
    """Ports on 127.0.0.1 that nothing listens on (bound, then released)."""
    ports = []
    for _ in range(n):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            ports.append(s.getsockname()[1])
    return ports


def _dead_url() -> str:
    return "solr://newsarchive:" + SECRET + "@" + ",".join(f"127.0.0.1:{p}" for p in _closed_ports(3)) + "/archive"


def article(title: str, text: str, published: str = "2026-05-01T08:00:00+00:00") -> AnnotatedArticle:
    return AnnotatedArticle(Article(title=title, blocks=[Block(text)], published=published, source="Kill Wire",
                                    url=None), "en", [], [])


# -- without a cluster -----------------------------------------------------------------------------------------
def test_index_urls_are_parsed_and_never_shown_with_their_password():
    url = SolrURL.parse("solr://newsarchive:p%40ss@127.0.0.1:8983,127.0.0.1:8984/news")
    assert (url.user, url.password, url.nodes, url.collection) == (
        "newsarchive", "p@ss", ("127.0.0.1:8983", "127.0.0.1:8984"), "news")
    assert "p%40ss" not in url.public() and "p@ss" not in url.public()
    assert SolrURL.redact("solr://u:pw@h:1/c") == "solr://u:***@h:1/c"
    assert index_key("solr://u:pw@h2:2,h1:1/c") == index_key("solr://u:other@h1:1,h2:2/c") == "solr://h1:1,h2:2/c"
    with pytest.raises(ValueError, match="needs nodes and a collection"):
        SolrURL.parse("solr://u:pw@/")


def test_all_nodes_down_is_one_clear_line_without_the_password(tmp_path):
    engine = open_engine(tmp_path, _dead_url())
    started = time.monotonic()
    with pytest.raises(EngineUnavailable) as caught:
        engine.search("station")
    message = str(caught.value)
    assert "\n" not in message and SECRET not in message and "No Solr node" in message
    assert time.monotonic() - started < 30, "a search gives up after one round over the nodes"


def _silent_listener(keep: list) -> int:
    """A port on 127.0.0.1 whose new connections go unanswered, as those of a machine gone from the network: it
    listens, and its queue of connections not yet accepted is full (the sockets are kept in `keep`)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    keep.append(listener)
    while True:
        client = socket.socket()
        client.settimeout(0.3)
        try:
            client.connect(listener.getsockname())
        except TimeoutError:
            client.close()
            return listener.getsockname()[1]
        keep.append(client)


def test_nodes_that_answer_nothing_at_all_fail_a_search_within_two_seconds(tmp_path):
    """Three machines gone (their connections neither accepted nor refused): a search gives up within 2 s, however
    slow Solr's own TLS handshake or answers may be on a node that is there."""
    keep: list = []
    try:
        nodes = ",".join(f"127.0.0.1:{_silent_listener(keep)}" for _ in range(3))
        engine = open_engine(tmp_path, f"solr://newsarchive:{SECRET}@{nodes}/gone")
        started = time.monotonic()
        with pytest.raises(EngineUnavailable):
            engine.search("station")
        took = time.monotonic() - started
    finally:
        for s in keep:
            s.close()
    assert took < 2.0, f"{took:.1f} s"


def test_cli_and_api_report_a_down_cluster(tmp_path, monkeypatch):
    from search_app import create_app

    data = tmp_path / "data"
    Archive(data).close()
    url = _dead_url()
    proc = run_cli("search", "--index", url, "station", data=data, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "No Solr node" in proc.stderr and SECRET not in proc.stderr
    monkeypatch.setenv("NEWSARCHIVE_INDEX", url)
    client = create_app(data, TESTING=True).test_client()
    response = client.get("/api/search?q=station")
    assert response.status_code == 503
    error = response.get_json()["error"]
    assert "search index does not answer" in error and SECRET not in response.get_data(as_text=True)
    assert "127.0.0.1" not in error, "a public answer names no node"


def test_a_migration_into_a_cluster_that_is_down_says_why_in_one_line(corpus_data, tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(corpus_data, data)
    monkeypatch.setenv("NEWSARCHIVE_WRITE_RETRY", "1")
    proc = run_cli("migrate", "--to-index", _dead_url(), "--batch", "5", "--writers", "2", data=data, timeout=300)
    assert proc.returncode == 2, proc.stderr
    said = proc.stderr.strip().splitlines()[-1]
    assert "No Solr node" in said and "Nothing was copied" in said and "run the migration again" in said
    assert SECRET not in proc.stderr and "Traceback" not in proc.stderr

# -- with the session's cluster --------------------------------------------------------------------------------
# every query of the engine contract tests, and words, names and fields the bundled corpus has
QUERIES = ["Kramatorsk", '"railway station"', '"station railway"', "station", "station AND Warsaw",
           "station NOT Warsaw", "Kramatorsk OR Oder", "Kramat*", "rocket", "rockets", "Zug", "title:station",
           "text:station", 'person:"Volodymyr Zelensky"', "language:de", "year:2025", "station OR Oder", "Kramatosk",
           "Kramatorsk Warsaw", "Kramatorsk AND Warsaw", "Kramatorsk station", "Oder",
           "published:[2026-04-01 to 2026-04-30]", "station published:[2026-03 to 2026-04]", "published:<2026-01-01",
           "year:2026 OR year:2025", "*", "minister", "minist*", "Warsaw", "Kiev", "Kyiv OR Berlin",
           '"the government"', "Tokyo", "ministro", "police OR polizei", "place:Berlin", "person:Ortega",
           'organization:"United Nations"', "Berlin NOT language:de", "Lviv OR Lwów", "Andalusia minister"]
FILTERS = [{}, {"language": "en"}, {"person": "Maria Ortega"}, {"place": "Poland"}, {"speaker": "Haruka Kato"}]


@pytest.fixture(scope="module")
def migrated(solr_cluster, corpus_data, tmp_path_factory):
    """The bundled corpus's archive (Whoosh) copied by `newsarchive migrate` into a fresh pair of collections."""
    data = tmp_path_factory.mktemp("migrate") / "data"
    shutil.copytree(corpus_data, data)
    url = solr_cluster.new_collections()
    try:
        yield data, url
    finally:
        solr_cluster.drop_collections(url)


def test_migrate_copies_verifies_and_resumes(migrated):
    data, url = migrated
    before = Archive(data)
    local_stats, local_pending = before.engine.stats(), before.store.pending()
    before.close()
    proc = run_cli("migrate", "--to-index", url, data=data, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert "verified:" in proc.stdout and "articles copied" in proc.stderr and SECRET not in proc.stderr
    again = run_cli("migrate", "--to-index", url, data=data, timeout=300)
    assert again.returncode == 0 and "0 of" in again.stderr, "a finished migration copies nothing again"
    with Archive(data) as source:  # the source is as it was: its own index and its own bookkeeping
        assert source.engine.stats() == local_stats and source.store.pending() == local_pending
    with Archive(data, index=url) as cluster:
        assert cluster.drift().clean and cluster.engine.stats() == local_stats


def test_migrate_refuses_an_index_that_holds_another_archive(solr_cluster, corpus_data, tmp_path):
    """Copying beside another archive's documents would mix two archives, and the `check --repair` a count mismatch
    then calls for would delete the other's: refused before anything is copied, as a foreign store is."""
    data = tmp_path / "data"
    shutil.copytree(corpus_data, data)
    url = solr_cluster.new_collections()
    try:
        other = open_engine(tmp_path / "other", url)
        other.write_articles([("0ther0archive001", 1, article("Harbour dues rise", "The harbour board raised "
                                                                                   "its dues for the winter."))])
        other.close()
        proc = run_cli("migrate", "--to-index", url, "--writers", "1", data=data, timeout=300)
        assert proc.returncode == 2, proc.stderr
        said = proc.stderr.strip().splitlines()[-1]
        assert "holds 1 document that is not" in said and "0ther0archive001" in said and "Nothing was copied" in said
        assert "another archive" in said and SECRET not in proc.stderr and "Traceback" not in proc.stderr
        with Archive(data, create=False, index=url) as archive:
            assert archive.engine.stats().articles == 1, "nothing of this archive went in"
            assert archive.store.pending_count(index_key(url)) == len(archive.store.article_ids())
    finally:
        solr_cluster.drop_collections(url)


def test_both_engines_give_the_same_totals_and_facets_on_the_corpus(migrated):
    data, url = migrated
    with Archive(data) as local, Archive(data, index=url) as cluster:
        if cluster.engine.stats().articles == 0:
            cluster.sync_index()
        matched = 0
        for q in QUERIES:
            for filters in FILTERS:
                a = local.engine.search(q, dict(filters), facet_limit=1000)
                b = cluster.engine.search(q, dict(filters), facet_limit=1000)
                assert (a.total, a.relaxed, a.suggestion) == (b.total, b.relaxed, b.suggestion), (q, filters)
                assert {f: dict(v) for f, v in a.facets.items()} == {f: dict(v) for f, v in b.facets.items()}, (
                    q, filters)
                matched += bool(a.total)
            assert _quote_total(local.engine, q) == _quote_total(cluster.engine, q), q
        assert matched > len(QUERIES) * len(FILTERS) // 4, "most of the comparisons have matches to count"


def test_the_spellings_of_every_name_in_a_query_come_in_one_request(migrated):
    data, url = migrated
    with Archive(data) as local, Archive(data, index=url) as cluster:
        if cluster.engine.stats().articles == 0:
            cluster.sync_index()
        engine, asked = cluster.engine, []
        post = engine.client.post

        def counted(path, body, *args, **kwargs):
            names = [name for name in (body.get("facet") or {}) if name.startswith("aka")]
            if names:
                asked.append(names)
            return post(path, body, *args, **kwargs)

        engine.client.post = counted
        q = "Warschau Kiew Oder"
        got = engine.search(q)
        assert got.total == local.engine.search(q).total and got.total > 0
        assert len(asked) == 1 and len(asked[0]) >= 3, f"one request for every name of the query: {asked}"
        asked.clear()
        engine.search(q)
        assert asked == [], "kept until the next commit"


def _requests_of(engine) -> list[str]:
    """The paths of the requests the engine sends from now on (a list that grows as it sends them)."""
    asked, post = [], engine.client.post

    def counted(path, body, *args, **kwargs):
        asked.append(path)
        return post(path, body, *args, **kwargs)

    engine.client.post = counted
    return asked


def test_an_entity_page_on_the_cluster_is_the_whoosh_one_in_two_solr_requests(migrated):
    """Its articles (with facets and timeline) and its quotations: two requests. A third, asking the commit's stamp
    before the quotations, cost a fifth of the page on a busy machine; the people table the first search checked
    serves the second (`one_view`)."""
    from search_app.explore import Explorer

    data, url = migrated
    with Archive(data) as local, Archive(data, index=url) as cluster:
        if cluster.engine.stats().articles == 0:
            cluster.sync_index()
        slug = local.store.db.execute(
            "SELECT l.slug FROM quotes q JOIN entity_links l ON l.key=q.speaker_key GROUP BY l.slug "
            "ORDER BY COUNT(*) DESC, l.slug LIMIT 1").fetchone()[0]
        want = Explorer(local).entity(slug)
        cluster.engine.search("*")  # (the tables of this commit kept, as in a serving process)
        asked = _requests_of(cluster.engine)
        got = Explorer(cluster).entity(slug)
        assert len(asked) == 2, asked
        assert got["quotes_by"]["total"] == want["quotes_by"]["total"] > 0
        assert [q["id"] for q in got["quotes_by"]["hits"]] == [q["id"] for q in want["quotes_by"]["hits"]]
        for part in ("named_in", "names", "related", "quotes_about", "stories"):
            assert got[part] == want[part], part
        for part in ("languages", "sources"):  # (the engines order values of equal counts each their own way)
            assert sorted(map(str, got[part])) == sorted(map(str, want[part])), part


def test_the_stories_of_a_search_are_the_whoosh_ones_in_one_solr_request(migrated):
    """/api/stories?q= reads the ids of the search's matches: when they all come in the first page, no request
    follows for the empty page that would say so (half the request's time on a busy machine)."""
    from search_app.explore import Explorer

    data, url = migrated
    with Archive(data) as local, Archive(data, index=url) as cluster:
        if cluster.engine.stats().articles == 0:
            cluster.sync_index()
        want = Explorer(local).stories("Oder")
        cluster.engine.search("Oder")  # (the tables of this commit and the spellings of Oder kept, as in a serving process)
        asked = _requests_of(cluster.engine)
        got = Explorer(cluster).stories("Oder")
        assert len(asked) == 1, asked
        assert got == want and got["total"] >= 1
        asked.clear()
        assert sorted(cluster.engine.matching_ids("Oder")) == sorted(local.engine.matching_ids("Oder"))
        assert len(asked) == 1, asked


def test_the_tables_a_page_held_are_checked_again_by_the_next_page(solr_cluster):
    from indexer.annotate.entities import entity_key
    from indexer.models import Entity, Quote

    url = solr_cluster.new_collections()
    reader, writer = open_engine(Path("."), url), open_engine(Path("."), url)
    try:
        writer.write_articles([("h1", 1, article("Harbour report", "Cranes stood still."))])
        with reader.one_view():
            assert reader.search("cranes").total == 1
            assert reader.search_quotes(None, speaker="Kowalczyk", facet_limit=0).total == 0
        name = "Marta Kowalczyk"
        person = Entity(name, "person", 2, ["Kowalczyk"], key=entity_key(name, "person"))
        new = AnnotatedArticle(Article(title="Port reopens", blocks=[Block("Cranes moved again, said Kowalczyk.")],
                                       published="2026-05-02T08:00:00+00:00", source="Kill Wire", url=None),
                               "pl", [Quote("Cranes moved again.", name)], [person])
        writer.write_articles([("h2", 1, new)])
        with reader.one_view():  # a surname alone finds her only with the new commit's people table
            assert reader.search("cranes", {"person": "Kowalczyk"}).total == 1
            assert reader.search_quotes(None, speaker="Kowalczyk", facet_limit=0).total == 1
        assert reader.search_quotes(None, speaker="Kowalczyk").total == 1
    finally:
        reader.close(), writer.close()
        solr_cluster.drop_collections(url)


def _quote_total(engine, q: str) -> int | str:
    try:
        return engine.search_quotes(None if q == "*" else q).total
    except QueryError as exc:  # title:, year: are no quote fields: both engines must say so
        return f"QueryError: {exc}"


def _node_port(folder: Path, node: int) -> str:
    return (folder / "nodes" / str(node) / "port").read_text().strip()


def test_the_spelling_lexicon_counts_words_as_whoosh_does(migrated):
    """"Did you mean" ranks by how often a word occurs; Solr gets each word once with its count (term|n)."""
    data, url = migrated
    with Archive(data) as local, Archive(data, index=url) as cluster:
        if cluster.engine.stats().articles == 0:  # run alone, without the migration test before it
            cluster.sync_index()
        reader = local.engine.searcher().reader()
        for prefix in ("s", "k", "м"):
            whoosh = {t.decode(): reader.frequency("spell", t) for t in reader.lexicon("spell")
                      if t.decode().startswith(prefix)}
            assert whoosh and cluster.engine._lexicon(prefix) == whoosh, prefix

def test_a_killed_node_fails_no_search_and_writes_retry(solr_cluster):
    if solr_cluster.folder is None:
        pytest.skip("the cluster's folder is not known ($NEWSARCHIVE_TEST_SOLR_DIR): cannot kill a node")
    folder = solr_cluster.folder
    url = solr_cluster.new_collections(shards=2, replicas=2)
    # the client asks node 2 first, so killing it exercises the client's failover as well as Solr's
    parsed = SolrURL.parse(url)
    port2 = _node_port(folder, 2)
    nodes = sorted(parsed.nodes, key=lambda n: n != f"127.0.0.1:{port2}")
    url = f"solr://{parsed.user}:{parsed.password}@{','.join(nodes)}/{parsed.collection}"
    engine = open_engine(folder, url)
    try:
        engine.write_articles([(f"k{i}", 1, article(f"Harbour report {i}", f"Cranes stood still on pier {i}."))
                               for i in range(40)])
        assert engine.search("harbour").total == 40
        totals: list[int] = []
        errors: list[str] = []
        stop = threading.Event()

        def searching() -> None:
            while not stop.is_set():
                try:
                    totals.append(engine.search("cranes").total)
                except Exception as exc:  # noqa: BLE001 - counted: the test asserts there are none
                    errors.append(f"{type(exc).__name__}: {exc}")
                time.sleep(0.05)

        reader = threading.Thread(target=searching)
        reader.start()
        try:
            killed = subprocess.run([SCRIPT, "kill", "2", "--dir", str(folder)], capture_output=True, text=True,
                                    timeout=120)
            assert killed.returncode == 0, killed.stderr
            time.sleep(2)
            started = time.monotonic()
            written = engine.write_articles([(f"n{i}", 1, article(f"Ferry report {i}", "Ferries sailed again."))
                                             for i in range(10)])
            write_seconds = time.monotonic() - started
            assert written == 10
            time.sleep(1)
        finally:
            stop.set()
            reader.join(timeout=60)
            restarted = subprocess.run([SCRIPT, "start", "2", "--dir", str(folder)], capture_output=True, text=True,
                                       timeout=300)
        assert restarted.returncode == 0, restarted.stderr
        assert not errors, errors[:3]
        assert totals and set(totals) == {40}, "no search gave another total while a node was down"
        assert engine.search("ferries").total == 10 and engine.search("*").total == 50
        print(f"searches while node 2 was down: {len(totals)}; the write took {write_seconds:.1f} s")
    finally:
        engine.close()
        solr_cluster.drop_collections(url)


def test_a_search_sees_what_another_process_committed_after_its_tables_were_kept(solr_cluster):
    """The people table and languages are kept between searches (one HTTP call per search): a commit by another
    writer must still show at once, in totals, person filters, facets and languages."""
    from indexer.annotate.entities import entity_key
    from indexer.models import Entity, Quote

    url = solr_cluster.new_collections()
    reader, writer = open_engine(Path("."), url), open_engine(Path("."), url)
    try:
        writer.write_articles([("h1", 1, article("Harbour report", "Cranes stood still."))])
        assert reader.search("cranes").total == 1 and reader.languages() == ["en"]
        name = "Marta Kowalczyk"
        person = Entity(name, "person", 2, ["Kowalczyk"], key=entity_key(name, "person"))
        new = AnnotatedArticle(Article(title="Port reopens", blocks=[Block("Cranes moved again, said Kowalczyk.")],
                                       published="2026-05-02T08:00:00+00:00", source="Kill Wire", url=None),
                               "pl", [Quote("Cranes moved again.", name)], [person])
        writer.write_articles([("h2", 1, new)])
        found = reader.search("cranes", {"person": "Kowalczyk"})
        assert found.total == 1 and found.hits[0].id == "h2"
        assert dict(reader.search("cranes").facets["person"]) == {person.key: 1}
        assert reader.search("cranes").languages_searched == ["en", "pl"]
        assert reader.search_quotes(None, speaker="Kowalczyk").total == 1
        writer.write_articles([("h2", 2, None)])
        assert reader.search("cranes", {"person": "Kowalczyk"}).total == 0 and reader.languages() == ["en"]
    finally:
        reader.close(), writer.close()
        solr_cluster.drop_collections(url)


def test_a_search_solr_stops_at_its_time_allowed_is_refused_as_too_broad(solr_cluster, monkeypatch):
    """Each search asks Solr to answer within the deadline (timeAllowed); what Solr then cuts short (partialResults)
    is the Whoosh engine's 400, never a partial page shown as complete. Here the time allowed is 1 ms, so that a
    proximity of common words over long texts (4 s on a busy machine) reaches it whatever the machine."""
    from test_whoosh_engine import texts_of_nine_words

    import indexer.index.solr.engine as solr_engine
    from indexer.index.engine import QueryTooBroad

    url = solr_cluster.new_collections()
    engine = open_engine(Path("."), url)
    try:
        engine.write_articles(texts_of_nine_words(30, 3000))
        assert engine.search("amber").total == 30
        monkeypatch.setattr(solr_engine, "TIME_ALLOWED", {"timeAllowed": 1})
        with pytest.raises(QueryTooBroad, match="narrow it"):
            engine.search("amber w/50 bridge w/50 cellar")
    finally:
        engine.close()
        solr_cluster.drop_collections(url)


def test_an_article_ranks_by_the_whole_archive_not_by_the_shard_its_id_hashed_to(solr_cluster):
    """BM25 weighs a word by how rare it is. Per shard, "ferry" is rare where one article names it and common where
    five do, so the article naming it once outranked the one naming it twice, only because the ids hashed apart.
    With the whole collection's statistics (the configset's statsCache) the two stand on one scale."""
    url = solr_cluster.new_collections(shards=2)
    engine = open_engine(Path("."), url)
    once, twice = "harbour-1", "harbour-4"  # shard1 and shard2 (checked below)
    texts = {once: "Ferry crews waited beside quiet gates.", twice: "Ferry passengers cheered the new ferry.",
             **{f"harbour-{i}": "Bakery owners raised bread prices again." for i in (2, 3, 6, 9)},
             **{f"harbour-{i}": "Ferry timetable changes before winter season." for i in (5, 7, 8, 10)}}
    try:
        engine.write_articles((i, 1, article("", text)) for i, text in texts.items())
        placed = engine.client.get(f"{SolrURL.parse(url).collection}/select",
                                   {"q": "*:*", "fl": "id,[shard]", "rows": 20})["response"]["docs"]
        shard = {d["id"]: d["[shard]"] for d in placed}
        assert {shard[i] for i in (once, "harbour-2", "harbour-3", "harbour-6", "harbour-9")} == {"shard1"}, shard
        assert {shard[i] for i in (twice, "harbour-5", "harbour-7", "harbour-8", "harbour-10")} == {"shard2"}, shard
        hits = engine.search("ferry", limit=10).hits
        assert hits[0].id == twice, [(h.id, h.score) for h in hits]
        # the same score as in a collection of one shard: the number of shards is no ranking parameter
        single = solr_cluster.new_collections(shards=1)
        alone = open_engine(Path("."), single)
        try:
            alone.write_articles((i, 1, article("", text)) for i, text in texts.items())
            assert [(h.id, h.score) for h in alone.search("ferry", limit=10).hits] == [(h.id, h.score) for h in hits]
        finally:
            alone.close()
            solr_cluster.drop_collections(single)
    finally:
        engine.close()
        solr_cluster.drop_collections(url)


def test_a_reindex_fills_new_collections_and_switches_the_aliases_with_no_empty_window(solr_cluster, corpus_data,
                                                                                      tmp_path):
    """A schema change: the configset uploaded under a name, then `reindex --configset NAME`. Searches from another
    process's engine see every article all along; the aliases then name new collections and the old ones are gone."""
    data = tmp_path / "data"
    shutil.copytree(corpus_data, data)
    url = solr_cluster.new_aliased_collections()
    alias = SolrURL.parse(url).collection
    try:
        assert run_cli("migrate", "--to-index", url, data=data, timeout=600).returncode == 0
        before = solr_cluster.aliases()[alias]
        reader = open_engine(data, url)
        total = reader.search("*").total
        assert total > 40
        totals: list[int] = []
        stop = threading.Event()

        def searching() -> None:
            while not stop.is_set():
                totals.append(reader.search("*").total)
                time.sleep(0.02)

        thread = threading.Thread(target=searching)
        thread.start()
        try:
            configset = os.environ.get(CONFIGSET_ENV) or "newsarchive"  # the schema the test collections have
            proc = run_cli("reindex", "--index", url, "--configset", configset, data=data, timeout=600)
        finally:
            stop.set()
            thread.join(timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert len(totals) > 10 and set(totals) == {total}, "every search during the rebuild saw the whole archive"
        after = solr_cluster.aliases()
        assert after[alias] != before and after[f"{alias}_quotes"] == after[alias] + "_quotes"
        assert before not in solr_cluster.collections(), "the old collections are dropped after the switch"
        with Archive(data) as local:  # the same answers as the archive's own Whoosh index
            for q in ("station", "Kramat*", 'person:"Volodymyr Zelensky"'):
                assert reader.search(q).total == local.engine.search(q).total, q
        with Archive(data, index=url) as archive:
            assert archive.drift().clean and archive.engine.stats().quotes == archive.store.stats()["quotes"]
        reader.close()
    finally:
        solr_cluster.drop_collections(url)


def test_collections_of_the_configset_before_the_date_fields_are_named_by_check_until_a_reindex(solr_cluster,
                                                                                                 corpus_data,
                                                                                                 tmp_path):
    """#40 changed the schema (the publication's own day, the moment, the date sort keys): collections made from the
    configset before it lack those fields, `check` names them and says what to run, and `reindex --configset` with
    the new configset puts the archive right: newest first by each publication's own day, as the Whoosh index."""
    data = tmp_path / "data"
    shutil.copytree(corpus_data, data)
    conf = ROOT / "cluster/configset/newsarchive/conf"
    schema = "".join(line for line in (conf / "schema.xml").read_text(encoding="utf-8").splitlines(keepends=True)
                     if not re.search(r'<field name="(instant|newest_first|oldest_first)"', line))
    old = f"t{os.getpid()}-before-dates"
    solr_cluster.upload_configset(old, {"schema.xml": schema.encode(), "solrconfig.xml": (conf / "solrconfig.xml")
                                        .read_bytes()})
    url = solr_cluster.new_aliased_collections(configset=old)
    try:
        before = run_cli("check", "--index", url, data=data, timeout=300)
        assert "older configset: it lacks the fields instant, newest_first, oldest_first" in before.stdout
        assert "reindex --configset" in before.stdout and SECRET not in before.stdout
        configset = os.environ.get(CONFIGSET_ENV) or "newsarchive"
        proc = run_cli("reindex", "--index", url, "--configset", configset, data=data, timeout=600)
        assert proc.returncode == 0, proc.stderr
        after = run_cli("check", "--index", url, data=data, timeout=300)
        assert after.returncode == 0 and "older configset" not in after.stdout, after.stdout
        with Archive(data) as local, Archive(data, index=url) as cluster:
            newest = [h.id for h in local.engine.search("*", limit=100).hits]
            assert [h.id for h in cluster.engine.search("*", limit=100).hits] == newest
    finally:
        solr_cluster.drop_collections(url)
        solr_cluster.delete_configset(old)


def test_a_new_configset_needs_an_alias(solr_cluster, corpus_data, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(corpus_data, data)
    url = solr_cluster.new_collections()
    try:
        proc = run_cli("reindex", "--index", url, "--configset", "newsarchive", data=data, timeout=300)
        assert proc.returncode == 2 and "not an alias" in proc.stderr and SECRET not in proc.stderr
        whoosh = run_cli("reindex", "--configset", "newsarchive", data=data, timeout=300)
        assert whoosh.returncode == 2 and "SolrCloud" in whoosh.stderr
    finally:
        solr_cluster.drop_collections(url)


def test_a_killed_migration_goes_on_where_it_stopped(solr_cluster, corpus_data, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(corpus_data, data)
    url = solr_cluster.new_collections()
    try:
        migrate = subprocess.Popen([sys.executable, "-m", "indexer.cli", "migrate", "--data", str(data), "--to-index",
                                    url, "--batch", "5"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = ""
        while "articles copied" not in first and migrate.poll() is None:
            first = migrate.stderr.readline()
        migrate.send_signal(signal.SIGKILL)
        migrate.communicate(timeout=60)
        assert "articles copied" in first, "the migration was killed after its first commit"
        again = run_cli("migrate", "--to-index", url, data=data, timeout=600)
        assert again.returncode == 0 and "verified:" in again.stdout, again.stderr
        todo, total = map(int, re.search(r": (\d+) of (\d+) articles? to copy", again.stderr).groups())
        assert 0 < todo < total, "the second run copied only what the first had not"
        with Archive(data, index=url) as cluster:
            assert cluster.drift().clean and cluster.engine.stats().articles == total
    finally:
        solr_cluster.drop_collections(url)
