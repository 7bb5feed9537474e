"""The article store keeps every raw page byte for byte and every version of an article: the same contract on the
SQLite file and on PostgreSQL (`store_url`, tests/store_support.py)."""

from __future__ import annotations

import sqlite3

from indexer.models import AnnotatedArticle, Article, Block, Entity, Quote, RawPage
from indexer.store import Store


def annotated(title="Flood reaches Wrocław", text="The Oder rose overnight.", url="https://x.example/a",
              published="2026-03-14T08:00:00+01:00") -> AnnotatedArticle:
    article = Article(title=title, blocks=[Block(text)], authors=["Ada Reporter"], published=published,
                      source="Test Courier", url=url)
    return AnnotatedArticle(article, "en", quotes=[Quote("We are ready,", "Katarzyna Wiśniewska")],
                            entities=[Entity("Wrocław", "place", 2, ["Wroclaw"])])


def test_raw_page_kept_byte_for_byte_and_only_once(store_url):
    store = Store(store_url)
    data = b"<html>\xff\xfe not even valid utf-8 \x00</html>"
    first = store.receive(RawPage(data, "upload.html"))
    again = store.receive(RawPage(data, "copy-of-upload.html"))
    assert first.new and first.page_id == again.page_id
    assert again.new, "a page that was received but never processed must be processed on the next try"
    assert store.raw_page(first.page_id).data == data
    store.add_article(first.page_id, annotated())
    assert not store.receive(RawPage(data, "third-time.html")).new


def test_a_large_raw_page_is_kept_in_chunks_and_comes_back_whole(store_url, tmp_path):
    import io
    import random

    from warcio.archiveiterator import ArchiveIterator

    from indexer.export import write_warc
    from indexer.store import PAGE_CHUNK

    store = Store(store_url)
    data = b"<html><body>" + random.Random(7).randbytes(2 * PAGE_CHUNK + 12345) + b"</body></html>"
    page_id = store.receive(RawPage(data, "a-huge-gallery.html")).page_id
    chunks = store.db.execute("SELECT COUNT(*) FROM page_chunks WHERE page_id=?", (page_id,)).fetchone()[0]
    assert chunks == 3, "no single value of tens of MiB in the database"
    assert store.raw_page(page_id).data == data
    assert store.receive(RawPage(data, "the-same-again.html")).page_id == page_id, "received once, by its hash"
    assert store.db.execute("SELECT COUNT(*) FROM pages").fetchone()[0] == 1
    out = io.BytesIO()
    write_warc(store, out)
    out.seek(0)
    payloads = [r.content_stream().read() for r in ArchiveIterator(out) if r.rec_type == "resource"]
    assert payloads == [data], "the export holds the page byte for byte"
    store.close()


def test_versions_unchanged_and_updated(store_url):
    store = Store(store_url)
    p1 = store.receive(RawPage(b"one", "a.html")).page_id
    first = store.add_article(p1, annotated())
    assert (first.outcome, first.version) == ("added", 1)
    # other bytes (a rotated ad, say) but the same story: no new version
    p2 = store.receive(RawPage(b"two", "a.html")).page_id
    assert store.add_article(p2, annotated()).outcome == "unchanged"
    # the story changed under the same canonical URL: a new version, the old one kept
    p3 = store.receive(RawPage(b"three", "a.html")).page_id
    third = store.add_article(p3, annotated(text="The Oder rose overnight. Evacuations began."))
    assert (third.outcome, third.version, third.article_id) == ("updated", 2, first.article_id)
    assert store.article(first.article_id, 1).article.text == "The Oder rose overnight."
    assert "Evacuations" in store.article(first.article_id).article.text
    assert [v["version"] for v in store.article_info(first.article_id)["versions"]] == [1, 2]
    assert store.stats()["articles"] == 1 and store.stats()["versions"] == 2


def test_pages_without_canonical_url_are_keyed_by_content(store_url):
    store = Store(store_url)
    a = store.add_article(store.receive(RawPage(b"a", "a.html")).page_id, annotated(url=None))
    b = store.add_article(store.receive(RawPage(b"b", "b.html")).page_id, annotated(url=None, title="Other"))
    assert a.article_id != b.article_id
    assert store.stats()["articles"] == 2


def test_reprocessed_page_stays_one_article_when_its_canonical_url_changes(store_url):
    """After an extractor upgrade a page may yield another canonical URL (or lose it): still one article."""
    store = Store(store_url)
    page = store.receive(RawPage(b"a", "a.html")).page_id
    first = store.add_article(page, annotated(url="https://x.example/a?utm=1"))
    again = store.add_article(page, annotated(url="https://x.example/a", text="Cleaner text."), first.article_id)
    assert (again.article_id, again.outcome) == (first.article_id, "updated")
    lost = store.add_article(page, annotated(url=None, text="Cleaner still."), first.article_id)
    assert lost.article_id == first.article_id
    # a later fetch under the new canonical URL is a version of the same story, not a second article
    later = store.add_article(store.receive(RawPage(b"b", "a.html")).page_id,
                              annotated(url="https://x.example/a", text="Updated story."))
    assert later.article_id == first.article_id
    assert store.stats()["articles"] == 1


def test_failures_are_recorded_with_their_reason(store_url):
    store = Store(store_url)
    pid = store.receive(RawPage(b"%PDF-1.7", "report.pdf")).page_id
    store.mark_failed(pid, "this is a PDF document, not an HTML page")
    assert store.failures() == [("report.pdf", "this is a PDF document, not an HTML page")]
    assert store.raw_page(pid).data == b"%PDF-1.7"


def test_pending_index_work_survives_reopening(store_url):
    store = Store(store_url)
    stored = store.add_article(store.receive(RawPage(b"a", "a.html")).page_id, annotated())
    store.close()
    store = Store(store_url)
    assert store.pending() == [(stored.article_id, 1)]
    store.mark_indexed(store.pending())
    assert store.pending() == []


def test_store_is_a_plain_sqlite_file(tmp_path):
    path = tmp_path / "a.sqlite3"
    Store(path).add_article(Store(path).receive(RawPage(b"a", "a.html")).page_id, annotated())
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT title, language FROM articles").fetchone() == ("Flood reaches Wrocław", "en")
        assert db.execute("SELECT speaker FROM quotes").fetchone() == ("Katarzyna Wiśniewska",)


def test_an_index_written_by_another_version_is_rebuilt_from_the_store(tmp_path, store_url):
    """An upgrade that changes the index layout must not leave an empty archive behind: the store refills it."""
    from whoosh import fields, index

    from indexer.archive import Archive

    with Archive(tmp_path, store=store_url) as archive:
        page = archive.store.receive(RawPage(b"<p>a</p>", "a.html"))
        archive.store.add_article(page.page_id, annotated())
        archive.sync_index()
        assert archive.engine.indexed_versions()
    index.create_in(tmp_path / "index" / "articles", fields.Schema(other=fields.TEXT))  # an older layout
    with Archive(tmp_path, store=store_url) as archive:
        assert list(archive.engine.indexed_versions().values()) == [1]
        assert archive.drift().missing == []


def test_wire_copies_are_filed_under_one_story_with_their_dates(store_url):
    from test_wire_copies import AGENCY

    store = Store(store_url)
    body = "\n\n".join(AGENCY)
    stored = []
    for n, (url, published) in enumerate([("https://a.example/1", "2026-05-04T09:30:00+02:00"),
                                          ("https://b.example/1", "2026-05-04T07:10:00+02:00"),
                                          ("https://c.example/1", None)]):
        page = store.receive(RawPage(f"page {n}".encode(), url)).page_id
        text = body if n < 2 else "A different story about the council's budget vote on Tuesday evening."
        stored.append(store.add_article(page, annotated(title=f"Story {n}", text=text, url=url,
                                                        published=published)).article_id)
    dates = store.story_dates([*stored, "nonesuch"])
    assert dates[stored[0]][0] == dates[stored[1]][0] != dates[stored[2]][0]
    assert dates[stored[0]][1] == "2026-05-04T09:30:00+02:00" and dates[stored[2]][1] is None
    assert dates[stored[2]][2], "an undated article still has the date the archive first saw it"
    assert "nonesuch" not in dates
    assert store.copies(stored) == {stored[0]: 1, stored[1]: 1, stored[2]: 0}


def test_a_copy_of_an_article_stored_before_shingles_were_kept_is_still_found(store_url):
    from test_wire_copies import AGENCY

    store = Store(store_url)
    first = store.add_article(store.receive(RawPage(b"one", "https://a.example/1")).page_id,
                              annotated(text="\n\n".join(AGENCY), url="https://a.example/1")).article_id
    with store.transaction() as db:  # as an archive of the previous schema holds it: bands, but no shingles
        db.execute("DELETE FROM story_shingles WHERE article_id=?", (first,))
    copy = store.add_article(store.receive(RawPage(b"two", "https://b.example/1")).page_id,
                             annotated(text="\n\n".join(AGENCY[:4]), url="https://b.example/1")).article_id
    assert store.copies([first, copy]) == {first: 1, copy: 1}
