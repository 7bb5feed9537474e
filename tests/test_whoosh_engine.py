"""What only the Whoosh backend has: its query objects, its write lock and the layout of indexes on disk."""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import query

from indexer.index.backends import open_engine
from indexer.index.engine import IndexBusy
from indexer.index.whoosh_engine import ARTICLES, WhooshEngine
from indexer.index.whoosh_merge import MERGE_FACTOR
from indexer.models import AnnotatedArticle, Article, Block


def article(text: str) -> AnnotatedArticle:
    return AnnotatedArticle(Article(title=text, blocks=[Block(text)], published="2026-03-14T10:00:00+00:00"), "en")


def test_the_data_directory_holds_a_whoosh_index(tmp_path):
    engine = open_engine(tmp_path)
    assert isinstance(engine, WhooshEngine) and engine.folder == tmp_path / "index"


def test_star_is_one_document_level_query(tmp_path):
    """Per field, `*` would union every term's postings of ~30 text fields (16 s on 1,000 articles)."""
    assert WhooshEngine(tmp_path).parse("*") == query.Every()


def test_a_writer_waits_for_the_lock_then_reports_the_index_busy(tmp_path):
    engine = WhooshEngine(tmp_path)
    held = engine._indexes[ARTICLES].writer()
    try:
        with pytest.raises(IndexBusy, match="check --repair"):
            engine.write_articles([("a", 1, article("Ferry strike"))], timeout=0.5)
    finally:
        held.cancel()
    assert engine.write_articles([("a", 1, article("Ferry strike"))]) == 1
    assert engine.indexed_versions() == {"a": 1}


def test_many_small_commits_keep_few_segments(tmp_path):
    """The tiered merge policy: 8 segments of one size tier merge into one, so 40 commits leave a handful."""
    engine = WhooshEngine(tmp_path)
    for n in range(40):
        engine.write_articles([(f"a{n}", 1, article(f"Ferry strike day {n}"))])
    assert len(engine.searcher(ARTICLES).reader().leaf_readers()) <= 2 * (MERGE_FACTOR - 1)
    assert engine.search("ferry").total == 40


def test_merged_segments_are_written_as_whoosh_writes_them(tmp_path, monkeypatch):
    """Our writer reads lengths once per segment and streams merged segments' postings instead of sorting them again
    (indexer/index/whoosh_writer.py): across merges, with articles replaced and deleted in earlier segments, it
    writes the same files as Whoosh's own writer (given the engine's codec), and finds what it should."""
    import hashlib

    from whoosh import writing

    import indexer.index.whoosh_engine as whoosh_engine
    from indexer.index.whoosh_codec import Codec

    per_batch = 20  # merged segments with "ferry" in more documents than a block of postings holds (128)

    def build(folder):
        engine = WhooshEngine(folder)
        for n in range(2 * MERGE_FACTOR + 1):  # two merges of a tier
            batch = [(f"a{n}-{i}", 1, article(f"Ferry strike day {n} pier {i} {'harbour ' * (i % 4)}"))
                     for i in range(per_batch)]
            if n == 5:
                batch += [("a1-0", 2, article("Ferry timetable changed")), ("a2-1", 1, None)]
            engine.write_articles(batch)
        return engine

    ours = build(tmp_path / "ours")
    monkeypatch.setattr(whoosh_engine, "SegmentWriter", lambda ix, **kw: writing.SegmentWriter(ix, codec=Codec(), **kw))
    theirs = build(tmp_path / "theirs")

    def contents(folder):
        return sorted(hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.rglob("*")
                      if p.is_file() and p.suffix not in (".toc", ".lock") and not p.name.endswith("LOCK"))

    assert contents(tmp_path / "ours") == contents(tmp_path / "theirs")
    for engine in (ours, theirs):
        assert engine.search("ferry").total == per_batch * (2 * MERGE_FACTOR + 1) - 1
        assert [h.id for h in engine.search("timetable").hits] == ["a1-0"]
        assert int(engine.search("harbour").hits[0].id.rsplit("-", 1)[1]) % 4 == 3
    assert [(h.id, h.score) for h in ours.search("harbour pier", limit=50).hits] == \
        [(h.id, h.score) for h in theirs.search("harbour pier", limit=50).hits]


def test_the_engine_codec_answers_as_whoosh3_and_reads_indexes_written_in_it(tmp_path, monkeypatch):
    """Posting blocks keep documents apart from positions (indexer/index/whoosh_codec.py): the same hits, scores,
    phrases and highlights as Whoosh's own codec; an index written by an earlier release (whoosh3 segments) is read
    as it is, takes new articles, and is merged into the engine's codec."""
    from whoosh import writing
    from whoosh.codec.whoosh3 import W3Codec

    import indexer.index.whoosh_engine as whoosh_engine
    from indexer.index.whoosh_codec import Codec

    def batches():
        for n in range(MERGE_FACTOR + 1):
            yield [(f"a{n}-{i}", 1, article(f"Ferry strike day {n}: the harbour pier {i} closed before winter, "
                                            f"{'harbour ' * i}pier {n} reopens")) for i in range(40)]

    ours = WhooshEngine(tmp_path / "ours")
    for batch in batches():
        ours.write_articles(batch)
    with monkeypatch.context() as m:
        m.setattr(whoosh_engine, "SegmentWriter", writing.SegmentWriter)
        older = WhooshEngine(tmp_path / "older")
        batch_list = list(batches())
        for batch in batch_list[:-2]:
            older.write_articles(batch)
    codecs = {type(s.codec()) for s in older._indexes[ARTICLES]._segments()}
    assert codecs == {W3Codec}
    for batch in batch_list[-2:]:  # the last one merges every segment
        older.write_articles(batch)
    assert {type(s.codec()) for s in older._indexes[ARTICLES]._segments()} == {Codec}

    for text in ("harbour", "harbour pier", '"closed before winter"', '"pier 3 closed"', '"harbour pier"~2',
                 'ferry NOT "pier 3"', "pier*"):
        a, b = ours.search(text, limit=30), older.search(text, limit=30)
        assert a.total == b.total and a.total > 0, text
        assert [(h.id, h.score, h.snippet) for h in a.hits] == [(h.id, h.score, h.snippet) for h in b.hits], text


def test_facet_tables_are_kept_beside_the_index_for_the_next_process(tmp_path):
    """A segment's facet table is written once and read by later processes (the first search of a fresh server),
    a damaged one is read again from the index, and merged-away segments leave no table behind."""
    from indexer.index.whoosh_facet_tables import FACET_TABLES
    from indexer.models import Entity

    def placed(n: int, place: str) -> AnnotatedArticle:
        a = article(f"Ferry strike day {n}")
        a.entities = [Entity(place, "place", key=f"place:{place.lower()}")]
        return a

    engine = WhooshEngine(tmp_path)
    for n in range(MERGE_FACTOR + 2):  # one merge
        engine.write_articles([(f"a{n}", 1, placed(n, "Gdańsk" if n % 3 else "Kraków"))])
    expected = engine.search("ferry").facets
    assert dict(expected["place"]) == {"place:gdańsk": 6, "place:kraków": 4}
    tables = tmp_path / FACET_TABLES
    segments = {s.segment_id() for s in engine._indexes[ARTICLES]._segments()}
    assert {p.name for p in tables.glob("articles-*.pickle")} == {f"articles-{s}.pickle" for s in segments}

    fresh = WhooshEngine(tmp_path)
    assert fresh.search("ferry").facets == expected
    damaged = sorted(tables.glob("articles-*.pickle"))[0]
    damaged.write_bytes(b"not a table")
    assert WhooshEngine(tmp_path).search("ferry").facets == expected
    assert damaged.read_bytes() != b"not a table"  # written again


def test_large_segments_merge_in_a_process_of_their_own_and_keep_the_deletions_made_meanwhile(tmp_path, monkeypatch):
    """A commit that fills a tier of large segments leaves them to a merge process (indexer/index/whoosh_merge.py):
    the commit returns at once, the merge writes beside the index and swaps under the write lock, and an article
    replaced while it ran stays replaced. Here segments of 8 articles or more count as large."""
    import time

    import indexer.index.whoosh_merge as whoosh_merge
    from indexer.index.whoosh_facet_tables import FACET_TABLES

    monkeypatch.setattr(whoosh_merge, "LARGE_TIER", 1)
    engine = WhooshEngine(tmp_path)
    ix = engine._indexes[ARTICLES]
    tables = tmp_path / FACET_TABLES
    held = None
    try:
        for n in range(MERGE_FACTOR):
            engine.write_articles([(f"a{n}-{i}", 1, article(f"Ferry strike day {n} pier {i}")) for i in range(9)])
        assert len(ix._segments()) == MERGE_FACTOR, "the commit did not merge them itself"
        before = {p.name for p in tables.glob("articles-*.pickle")}
        held = ix.writer()  # the merge waits for the write lock to swap
        deadline = time.monotonic() + 120
        while not {p.name for p in tables.glob("articles-*.pickle")} - before:  # its new segment's table
            assert time.monotonic() < deadline, (tmp_path / "articles" / ".merge-log").read_text()
            time.sleep(0.1)
        held.delete_by_term("id", "a3-4")  # as a replacement or a removal does, while the merge runs
        held.commit(merge=False)
        held = None
        engine.wait_for_merges(timeout=120)
    finally:
        if held is not None:
            held.cancel()
        for process in engine._merges.values():
            if process.poll() is None:
                process.kill()
                process.wait()
    segments = ix._segments()
    assert len(segments) == 1 and segments[0].doc_count() == 9 * MERGE_FACTOR - 1
    assert engine.search("ferry", limit=100).total == 9 * MERGE_FACTOR - 1
    assert engine.search("strike", {"year": "2026"}).total == 9 * MERGE_FACTOR - 1
    assert [h.id for h in engine.search('"day 3 pier 5"').hits] == ["a3-5"]
    assert engine.search('"day 3 pier 4"').total == 0
    assert not [p for p in (tmp_path / "articles").glob(".merge-*") if p.is_dir()]
    assert {p.name for p in tables.glob("articles-*.pickle")} >= {f"articles-{segments[0].segment_id()}.pickle"}


def test_a_failed_background_merge_is_reported_until_one_ends_well(tmp_path, monkeypatch):
    """A background merge that fails (here: the disk refuses files over 1 KiB, as a full disk refuses them)
    leaves the index as it was, and `newsarchive check` says so, with when, why and what to do, until a later merge
    succeeds."""
    import fcntl
    import resource
    import signal
    import subprocess
    import sys

    import indexer.index.whoosh_merge as whoosh_merge
    from indexer.archive import Archive
    from indexer.index.whoosh_facet_tables import FACET_TABLES

    monkeypatch.setattr(whoosh_merge, "LARGE_TIER", 1)
    data = tmp_path / "data"
    with Archive(data) as archive:
        engine = archive.engine
        folder = Path(engine._indexes[ARTICLES].storage.folder)
        with (folder / ".merge-lock").open("a+") as lock:  # as if another merge ran: the commits start none
            fcntl.flock(lock, fcntl.LOCK_EX)
            for n in range(MERGE_FACTOR):
                engine.write_articles([(f"a{n}-{i}", 1, article(f"Ferry strike day {n} pier {i}")) for i in range(9)])
            engine.wait_for_merges(timeout=120)
        def merge(small_disk=False):
            def refuse_large_files():  # a write past 1 KiB fails with "File too large" (EFBIG)
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

            return subprocess.run([sys.executable, "-m", "indexer.index.whoosh_merge", str(folder), "--name",
                                   ARTICLES, "--tables", str(data / "index" / FACET_TABLES), "--large-tier", "1"],
                                  capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[1],
                                  preexec_fn=refuse_large_files if small_disk else None)

        assert merge(small_disk=True).returncode != 0
        assert len(engine._indexes[ARTICLES]._segments()) == MERGE_FACTOR
        assert engine.search("ferry", limit=100).total == 9 * MERGE_FACTOR
    check = subprocess.run([sys.executable, "-m", "indexer.cli", "check", "--data", str(data)], capture_output=True,
                           text=True, timeout=120, cwd=Path(__file__).resolve().parents[1])
    assert "background merge of the articles index failed" in check.stdout and "File too large" in check.stdout
    assert "newsarchive reindex" in check.stdout, check.stdout + check.stderr

    assert merge().returncode == 0
    with Archive(data) as archive:
        assert archive.engine.stats().warnings == []
        assert len(archive.engine._indexes[ARTICLES]._segments()) == 1


def test_people_are_resolved_incrementally_as_a_fresh_resolution_would(tmp_path):
    from indexer.index.whoosh_engine import _PeopleTracker
    from indexer.text.names import resolve_partial_keys

    tracker = _PeopleTracker()
    steps = [{"person:carter", "person:carter|ben"},
             {"person:carter", "person:carter|ben", "person:carter|anna", "person:novak~j"},
             {"person:carter", "person:novak~j", "person:novak|jan"},
             set()]
    for keys in steps:
        people = tracker.update(set(keys))
        assert people.resolved == resolve_partial_keys(sorted(keys))
        assert {k for group in people.by_surname.values() for k in group} == keys


def test_an_engine_opened_before_a_rebuild_reads_and_writes_the_new_generation(tmp_path):
    early = WhooshEngine(tmp_path)
    early.write_articles([("a", 1, article("Ferry strike"))])
    assert early.search("ferry").total == 1
    other = WhooshEngine(tmp_path)  # another process rebuilds
    other.rebuild([("a", 1, article("Ferry strike")), ("b", 1, article("Ferry timetable"))], lambda written: [])
    assert (tmp_path / "CURRENT").read_text().strip() == "g000001"
    assert not (tmp_path / "articles").exists()
    assert early.search("ferry").total == 2
    early.write_articles([("c", 1, article("Ferry fares"))])
    assert other.search("ferry").total == 3
    other.rebuild([], lambda written: [])
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["g000002"]
    assert early.search("ferry").total == 0 and early.stats().articles == 0


def test_a_rebuild_removes_the_old_generation_only_once_its_background_merge_has_ended(tmp_path):
    """A background merge holds its index's merge lock from start to swap; a reindex switches to the new generation
    at once, but removes the old one only after that merge ended (its swap would otherwise move files into a folder
    being removed, and leave them there)."""
    import fcntl
    import threading
    import time

    engine = WhooshEngine(tmp_path)
    engine.write_articles([("a", 1, article("Ferry strike"))])
    done = threading.Event()
    with (tmp_path / ARTICLES / ".merge-lock").open("a+") as merging:
        fcntl.flock(merging, fcntl.LOCK_EX)  # as the merge process holds it
        rebuild = threading.Thread(target=lambda: (WhooshEngine(tmp_path).rebuild(
            [("a", 1, article("Ferry strike")), ("b", 1, article("Ferry timetable"))], lambda written: []),
            done.set()))
        rebuild.start()
        deadline = time.monotonic() + 60
        while not (tmp_path / "CURRENT").exists():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert engine.search("ferry").total == 2, "searches follow the new generation at once"
        time.sleep(0.5)
        assert not done.is_set() and (tmp_path / ARTICLES).exists(), "the old generation waits for its merge"
    rebuild.join(timeout=60)
    assert done.is_set() and not (tmp_path / ARTICLES).exists()
    assert engine.search("ferry").total == 2


def test_a_rebuild_while_a_real_merge_waits_to_swap_leaves_only_the_new_generation(tmp_path, monkeypatch):
    """A background merge process waits for the write lock to swap its segment in while a reindex builds the new
    generation and waits for the same lock to catch up: whichever gets it first, the reindex ends with the new
    generation alone on disk, every article found once, and the merge process ended."""
    import threading
    import time

    import indexer.index.whoosh_merge as whoosh_merge
    from indexer.index.whoosh_facet_tables import FACET_TABLES

    monkeypatch.setattr(whoosh_merge, "LARGE_TIER", 1)
    engine = WhooshEngine(tmp_path)
    ix = engine._indexes[ARTICLES]
    batches = [[(f"a{n}-{i}", 1, article(f"Ferry strike day {n} pier {i}")) for i in range(9)]
               for n in range(MERGE_FACTOR)]
    held, rebuild = None, None
    try:
        before = set()
        for batch in batches:
            before = {p.name for p in (tmp_path / FACET_TABLES).glob("articles-*.pickle")}
            engine.write_articles(batch)
        held = ix.writer()  # the merge writes its segment, then waits here to swap
        deadline = time.monotonic() + 120
        while not {p.name for p in (tmp_path / FACET_TABLES).glob("articles-*.pickle")} - before - {
                f"articles-{s.segment_id()}.pickle" for s in ix._segments()}:
            assert time.monotonic() < deadline, (tmp_path / ARTICLES / ".merge-log").read_text()
            time.sleep(0.05)
        rebuilt = []
        rebuild = threading.Thread(target=lambda: rebuilt.append(WhooshEngine(tmp_path).rebuild(
            [item for batch in batches for item in batch], lambda written: [])))
        rebuild.start()
        time.sleep(0.5)  # the rebuild has written the new generation and waits for the lock too
        held.cancel()
        held = None
        rebuild.join(timeout=120)
        engine.wait_for_merges(timeout=120)
    finally:
        if held is not None:
            held.cancel()
        for process in engine._merges.values():
            if process.poll() is None:
                process.kill()
                process.wait()
    assert rebuilt == [9 * MERGE_FACTOR]
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_dir()) == ["g000001"], "the old generation is gone"
    assert engine.search("ferry", limit=100).total == 9 * MERGE_FACTOR
    assert [h.id for h in engine.search('"day 3 pier 5"').hits] == ["a3-5"]


def test_an_index_from_before_bylines_and_the_histogram_is_replaced_not_a_crash(tmp_path):
    """An index written without the author and day fields (older versions) opens as replaced, for the archive to
    refill from the store; the new engine then searches, facets and draws its histogram."""
    from whoosh import index

    from indexer.index.whoosh_engine import article_schema

    old = article_schema()
    for name in ("author", "author_words", "day"):
        old.remove(name)
    folder = tmp_path / "index"
    (folder / ARTICLES).mkdir(parents=True)
    ix = index.create_in(folder / ARTICLES, old)
    w = ix.writer()
    w.add_document(id="old", headline="Old story")
    w.commit()
    engine = WhooshEngine(folder)
    assert engine.replaced_layout is True
    engine.write_articles([("n1", 1, AnnotatedArticle(Article(title="Ferry news", blocks=[Block("The ferry sails.")],
                                                              authors=["Ines Ferreira"],
                                                              published="2026-02-03T09:00:00Z"), "en", [], []))])
    result = engine.search("author:Ferreira")
    assert [h.id for h in result.hits] == ["n1"] and result.facets["author"] == [("Ines Ferreira", 1)]
    assert result.histogram.buckets == [("2026-02-03", 1)]
    engine.close()


# -- the deadline inside matching ----------------------------------------------------------------------------
NINE = "amber bridge cellar dolphin engine forest garden harbour island".split()


def texts_of_nine_words(count: int = 20, length: int = 3000) -> list[tuple[str, int, AnnotatedArticle]]:
    """Texts drawn at random from nine words: every proximity of them holds in every text, at hundreds of places
    (a transcript, a log, a list of names can be like that)."""
    import random

    rng = random.Random(41)
    texts = []
    for i in range(count):
        words = [rng.choice(NINE) for _ in range(length)]
        blocks = [Block(" ".join(words[j:j + 50]) + ".") for j in range(0, len(words), 50)]
        texts.append((f"t{i}", 1, AnnotatedArticle(Article(title=f"Log {i}", blocks=blocks,
                                                           published="2026-03-14T10:00:00+00:00"), "en")))
    return texts


@pytest.fixture(scope="module")
def long_texts(tmp_path_factory) -> WhooshEngine:
    """Twenty texts of 3,000 words each (`texts_of_nine_words`)."""
    engine = WhooshEngine(tmp_path_factory.mktemp("long-texts"))
    engine.write_articles(texts_of_nine_words())
    return engine


def test_a_chain_of_proximities_over_long_texts_is_refused_within_the_deadline(long_texts):
    """Eight operators over nine words (within the limits of query_limits) compared spans for 265 s without leaving
    the first few texts: the search's collector, the only one that looked at the clock, never got a match to
    collect. Now the span matcher counts its work and the spans it makes."""
    import time

    from indexer.index.engine import QueryTooBroad

    start = time.monotonic()
    with pytest.raises(QueryTooBroad, match="narrow it"):
        long_texts.search(" w/50 ".join(NINE))
    assert time.monotonic() - start < 30  # the deadline is 2 s; the machine may be busy


@pytest.mark.parametrize("text", ["am* w/50 br*", "amber w/5 bridge", '"amber bridge" NOT zzz'])
def test_span_matchers_keep_the_search_deadline(long_texts, monkeypatch, text):
    """Proximities and phrases (a phrase beside NOT runs Whoosh's own matcher) each take a second or two here and
    collect only twenty documents: with a deadline shorter than that, the matcher itself stops them."""
    import indexer.index.whoosh_engine as whoosh_engine
    from indexer.index.engine import QueryTooBroad

    monkeypatch.setattr(whoosh_engine, "SEARCH_DEADLINE", 120)
    assert long_texts.search(text).total == 20, "given the time, it answers: the limits let it through"
    monkeypatch.setattr(whoosh_engine, "SEARCH_DEADLINE", 0.01)
    with pytest.raises(QueryTooBroad):
        long_texts.search(text)
