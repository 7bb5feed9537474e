"""What the web app and the exports keep in the store behaves the same on the SQLite file and on PostgreSQL:
accounts (names without regard to case), sessions and wrong passwords, jobs, the shared cookie key, the per-index
bookkeeping, saved searches with their feed tokens, the raw pages written back out byte for byte, and the explorer's
entities and stories (more in tests/test_explorer_store.py)."""

from __future__ import annotations

import io
import time

import pytest
from test_explorer_store import FLOOD, _stored
from test_store import annotated

from indexer.explore import lookup
from indexer.explore.update import catch_up, pending
from indexer.export import write_warc
from indexer.models import RawPage
from indexer.store import Store
from search_app.accounts import AccountError, Accounts
from search_app.jobs import Jobs

PASSWORD = "a harbour light at dusk"


def test_user_names_are_one_account_whatever_their_case(store_url):
    accounts = Accounts(Store(store_url))
    assert accounts.add("Ada", PASSWORD).role == "admin"  # the first user
    assert accounts.add("grace", PASSWORD).role == "archivist"
    with pytest.raises(AccountError, match="already a user"):
        accounts.add("ADA", PASSWORD)
    assert accounts.verify("ada", PASSWORD).name == "Ada"
    assert accounts.verify("ada", "not the password at all") is None
    assert [u.name for u in accounts.all()] == ["Ada", "grace"]
    with pytest.raises(AccountError, match="only admin"):
        accounts.remove("ADA")


def test_sessions_and_wrong_passwords(store_url):
    store = Store(store_url)
    token = store.start_session("Ada", absolute=3600)
    assert store.session_user(token, idle=600, absolute=3600) == "Ada"
    assert store.session_user("a token nobody was given", idle=600, absolute=3600) is None
    three_free = lambda attempts: 0 if attempts < 3 else 60  # noqa: E731
    assert [store.sign_in_attempt("ada", "192.0.2.7", three_free) for _ in range(3)] == [0, 0, 0]
    store.sign_in_failed("ada", "192.0.2.7")  # the third was wrong: its wait runs from the end of the check
    assert 59 < store.sign_in_attempt("ADA", "192.0.2.7", three_free) <= 60, "a name is counted whatever its case"
    assert store.sign_in_attempt("ada", "198.51.100.1", three_free) == 0, "another address is counted apart"
    assert store.end_sessions("ada") == 1
    assert store.session_user(token, idle=600, absolute=3600) is None
    assert store.sign_in_attempt("ada", "192.0.2.7", three_free) == 0, "a new password clears the count"


def test_jobs_are_queued_run_and_reported(store_url):
    jobs = Jobs(Store(store_url))
    first = jobs.submit("Ada", ["https://news.example/a"])
    second = jobs.submit("Ada", ["https://news.example/b"])
    assert second > first
    job, _ = jobs.claim()
    assert (job.id, job.status) == (first, "running")
    jobs.progress(first, add_total=10)
    jobs.progress(first, done=4)
    assert (jobs.get(first).done, jobs.get(first).total) == (4, 10)
    assert jobs.requeue_interrupted() == 1, "a job left running by a stopped process is queued again"
    assert jobs.get(first).restarts == 1
    assert jobs.cancel(second).status == "cancelled"
    jobs.claim()
    jobs.finish(first, {"added": 1})
    assert (jobs.get(first).status, jobs.get(first).report) == ("done", {"added": 1})
    assert [j.id for j in jobs.recent()] == [second, first]
    assert jobs.get(2**63) is None


def test_the_shared_secret_is_made_once(store_url):
    key = Store(store_url).shared_secret("web_secret_key")
    assert len(key) == 64 and Store(store_url).shared_secret("web_secret_key") == key
    assert Store(store_url).shared_secret("another") != key


def test_bookkeeping_per_index(store_url):
    store = Store(store_url)
    stored = store.add_article(store.receive(RawPage(b"<p>a</p>", "a.html")).page_id, annotated())
    store.mark_indexed([(stored.article_id, 1)])
    assert store.pending() == [] and store.pending(index="solr:elsewhere") == [(stored.article_id, 1)]
    store.mark_indexed([(stored.article_id, 1)], "solr:elsewhere")
    assert store.pending_count("solr:elsewhere") == 0
    store.mark_unindexed([stored.article_id], "solr:elsewhere")
    assert store.pending_count("solr:elsewhere") == 1 and store.pending_count() == 0
    assert store.current_versions() == {stored.article_id: 1}
    assert store.display_names(["place:wrocław"], "place") == {"place:wrocław": "Wrocław"}


def test_articles_are_read_many_per_query_in_the_order_asked(store_url):
    """What indexing reads: each (id, version) asked, in order, across the boundary of one query's share; a version
    that is not there is None; counted per index as the store recorded them."""
    store = Store(store_url)
    ids = []
    for n in range(5):
        stored = store.add_article(store.receive(RawPage(f"<p>{n}</p>".encode(), f"{n}.html")).page_id,
                                   annotated(title=f"Ferry {n} runs", url=f"https://x.example/{n}"))
        ids.append(stored.article_id)
    store.add_article(store.receive(RawPage(b"<p>again</p>", "again.html")).page_id,
                      annotated(title="Ferry 0 runs late", url="https://x.example/0"))  # version 2 of the first
    wanted = [(ids[3], 1), (ids[0], 2), (ids[0], 1), (ids[4], 7), (ids[1], 1)]
    got = list(store.articles(wanted, per_query=2))
    assert [(i, v) for i, v, _ in got] == wanted
    assert [a.article.title if a else None for _, _, a in got] == ["Ferry 3 runs", "Ferry 0 runs late", "Ferry 0 runs",
                                                                   None, "Ferry 1 runs"]
    assert store.indexed_count("solr:elsewhere") == 0
    store.mark_indexed([(ids[1], 1), (ids[2], 1)], "solr:elsewhere")
    assert store.indexed_count("solr:elsewhere") == 2


def test_saved_searches_are_their_owners_and_their_feed_token_is_kept_hashed(store_url):
    store = Store(store_url)
    query = {"q": "Oder", "filters": {"language": "de", "place": "Wrocław"}}
    first = store.save_search("Ada", "Oder in German", "articles", query, "salt-1", "the feed token")
    second = store.save_search("grace", "Albrecht", "quotes", {"q": "", "speaker": "Jonas Albrecht",
                                                              "filters": {}, "fragments": False}, "salt-2", "another")
    [mine] = store.saved_searches("ADA")  # a user name whatever its case, as for accounts
    assert (mine["id"], mine["name"], mine["kind"], mine["query"]) == (first, "Oder in German", "articles", query)
    assert mine["last_visit"] == mine["created_at"], "nothing is new yet when a search is saved"
    raw = [tuple(r) for r in store.db.execute("SELECT * FROM saved_searches")]
    assert not any("the feed token" in str(value) for row in raw for value in row), "only the token's hash is kept"
    assert store.saved_search_by_feed("the feed token")["id"] == first
    assert store.saved_search_by_feed("the feed token ") is None and store.saved_search_by_feed("") is None
    assert store.delete_saved_search(second, "Ada") is False, "nobody deletes another user's saved search"
    assert store.delete_saved_search(first, "ada") is True and store.saved_searches("Ada") == []
    assert store.saved_search_by_feed("the feed token") is None, "its feed ends with it"
    assert [s["id"] for s in store.saved_searches("grace")] == [second]


def test_what_is_new_since_a_visit(store_url):
    store = Store(store_url)
    saved = store.save_search("Ada", "all", "articles", {"q": "*", "filters": {}}, "salt", "token")
    stored = store.add_article(store.receive(RawPage(b"<p>a</p>", "a.html")).page_id, annotated())
    first_seen = store.article_info(stored.article_id)["first_seen"]
    assert store.first_seen_since("2000-01-01T00:00:00+00:00", 10) == [stored.article_id]
    assert store.first_seen_since(first_seen, 10) == [], "seen at that moment is not new after it"
    assert store.seen_dates([stored.article_id, "nope"]) == {stored.article_id: (first_seen, first_seen)}
    assert store.seen_dates([]) == {}
    store.visit_saved_searches("ADA")
    [after] = store.saved_searches("Ada")
    assert after["id"] == saved and after["last_visit"] >= first_seen


def test_raw_pages_go_out_byte_for_byte(store_url):
    from warcio.archiveiterator import ArchiveIterator

    store = Store(store_url)
    pages = [bytes(range(256)) * 3, b"<html>\x00 a nul, then \xe9 in Latin-1</html>"]
    for i, data in enumerate(pages):
        store.receive(RawPage(data, f"page-{i}.html"))
    out = io.BytesIO()
    assert write_warc(store, out) == 2
    out.seek(0)
    back = [r.content_stream().read() for r in ArchiveIterator(out) if r.rec_type == "resource"]
    assert back == pages


def test_a_batch_is_one_transaction(store_url):
    """An ingest keeps a chunk of pages in one transaction: none of it before its end, and none of it when it
    fails, whichever process looks."""
    store, other = Store(store_url), Store(store_url)
    with pytest.raises(RuntimeError), store.batch():
        store.receive(RawPage(b"<p>first</p>", "first.html"))
        store.receive(RawPage(b"<p>second</p>", "second.html"))
        raise RuntimeError("a worker's answer could not be stored")
    assert other.stats()["pages"] == 0 and store.receive(RawPage(b"<p>first</p>", "first.html")).new
    with store.batch():
        store.receive(RawPage(b"<p>third</p>", "third.html"))
        assert other.stats()["pages"] == 1, "another process sees the batch only once it ends"
        annotated_id = store.add_article(store.receive(RawPage(b"<p>fourth</p>", "fourth.html")).page_id,
                                         annotated("A fourth page")).article_id
    assert other.stats()["pages"] == 3 and other.article(annotated_id).article.title == "A fourth page"


def test_a_host_is_asked_by_one_process_at_a_time_with_the_pause_after_each_request(store_url):
    """The turns per host are shared by every process of the store: while one process asks a host the others wait,
    however long its request takes, and the pause runs from the end of that request."""
    first, second = Store(store_url), Store(store_url)
    host = "https://ferry.example:443"
    assert first.claim_host(host, 80.0) == 0.0
    assert second.claim_host(host, 80.0) > 60, "held while the first process's request is under way"
    assert second.claim_host("https://other.example:443", 80.0) == 0.0, "another host is free"
    time.sleep(0.3)  # a slow answer: a turn booked ahead would be over by now
    assert second.claim_host(host, 80.0) > 60
    first.release_host(host, 0.6)
    wait = second.claim_host(host, 80.0)
    assert 0.4 < wait <= 0.6, "the pause runs from the end of the request"
    time.sleep(wait + 0.05)
    assert second.claim_host(host, 80.0) == 0.0
    assert first.claim_host(host, 80.0) > 60
    first.close()
    second.close()


def test_articles_are_filed_into_entities_and_stories_on_either_store(store_url):
    store = Store(store_url)
    flood_en, flood_de, harbour = _stored(store, FLOOD)
    assert pending(store) == 3, "storing an article marks it for the explorer"
    assert catch_up(store) == 3 and pending(store) == 0
    db = store.db
    assert [f.slug for f in lookup.find(db, "Breslau")] == ["wroclaw"]
    assert [f.slug for f in lookup.find(db, "Вишневська")][:1] == ["katarzyna-wisniewska"]
    assert lookup.find(db, "Wrocł")[0].articles == 2
    stories = dict(db.execute("SELECT article_id, story FROM story_members").fetchall())
    assert stories[flood_en] == stories[flood_de] != stories[harbour]
    head = db.execute("SELECT articles, languages, first_day, last_day FROM story_heads WHERE id=?",
                      (stories[flood_en],)).fetchone()
    assert (head[0], head[2], head[3]) == (2, "2026-03-14", "2026-03-14") and set(eval(head[1])) == {"en", "de"}
    about = db.execute("SELECT key FROM quotes_about WHERE article_id=?", (flood_en,)).fetchall()
    assert about == [], "the quotation names no entity of its article but its own speaker"
    store.close()
