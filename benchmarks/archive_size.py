"""The archive-size half of benchmarks/backends.py: a SolrCloud + PostgreSQL archive of N articles, built with
bulk writes and resumable, and what newsarchive does at that size.

The cluster is `scripts/cluster up` in DIR/cluster (3 nodes, 2 shards x 2 replicas, --heap per node); it stays up
between runs, so that a build that was stopped goes on where it stopped (run the same command again).

- **Build**: articles 0..N-1 of `synthetic.article_range` (distinct generated text in six languages, entered at any
  number), BLOCK at a time: their raw pages, articles, versions, entities, quotes and story rows written into the
  store in one transaction of multi-row statements, then their documents posted to Solr by two threads and
  committed once per block, then recorded as indexed. A block is in the store whole or not at all; one stored but
  not yet indexed is indexed first when the build goes on.
- **Windows** at that size, each of fresh articles (numbers from WINDOW_BASE up, so they never meet the base):
  `newsarchive migrate --to-index` of a window stored but not indexed (2 writers), then raw Solr bulk indexing of
  the same documents (built beforehand, posted by 2 threads, one commit), and queued ingest (`ingest --queue`, then
  W `worker --exit-when-idle` processes) of windows of pages for each W.
- **Searching** through the web app (`newsarchive serve`, waitress, 4 threads) over HTTP: the query mix of
  scale.py with every facet, with and without a person filter; entity pages and stories when the app has them.
- **Resources**: disk per collection and of the database, resident memory of every process.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from synthetic import article_range, html_page  # noqa: E402

from indexer import store_counts  # noqa: E402
from indexer.annotate.entities.keys import entity_key, speaker_key  # noqa: E402
from indexer.index.engine import index_key  # noqa: E402
from indexer.index.solr.client import SolrClient, SolrURL  # noqa: E402
from indexer.index.solr.mapping import solr_document  # noqa: E402
from indexer.index.whoosh_engine import article_document, article_schema, quote_documents, quote_schema  # noqa: E402
from indexer.models import RawPage  # noqa: E402
from indexer.store import Store, article_id_for, content_hash, now  # noqa: E402
from indexer.text.shingles import bands, packed, shingles  # noqa: E402

SCRIPT = ROOT / "scripts" / "cluster"
BLOCK = 5_000  # articles per store transaction and per Solr commit of the build
POST = 1_000  # documents per update request
BASE = "bench-base/"  # origin of the built articles' raw pages (the build counts them to go on)
WINDOW_BASE = 10_000_000  # article numbers of the windows' articles: never among the base's


@dataclass
class Cluster:
    folder: Path
    index: str
    store: str

    @property
    def index_key(self) -> str:
        return index_key(self.index)

    def env(self, **extra: str) -> dict[str, str]:
        return dict(os.environ, PYTHONPATH=str(ROOT), NEWSARCHIVE_INDEX=self.index, NEWSARCHIVE_STORE=self.store,
                    PYTHONWARNINGS="ignore", **extra)


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


# -- the cluster -------------------------------------------------------------------------------------------------
def cluster(folder: Path, heap: str) -> Cluster:
    """The cluster in folder/cluster: the running one (a build goes on), else a fresh one (a build starts over)."""
    where = folder / "cluster"
    env_file = where / "env"
    if env_file.exists():
        status = subprocess.run([str(SCRIPT), "status", "--dir", str(where)], capture_output=True, text=True)
        if status.returncode == 0:
            lines = dict(line.split("=", 1) for line in env_file.read_text().split())
            return Cluster(where, lines["NEWSARCHIVE_INDEX"], lines["NEWSARCHIVE_STORE"])
        if status.returncode == 1:
            raise SystemExit(f"the cluster in {where} is degraded:\n{status.stdout}\nbring it back (scripts/cluster "
                             f"start … --dir {where}) or take it down (scripts/cluster down --dir {where}) to start "
                             "afresh")
        subprocess.run([str(SCRIPT), "down", "--dir", str(where)], capture_output=True, text=True)
    say(f"starting a fresh cluster in {where} (heap {heap} per Solr node) …")
    where.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([str(SCRIPT), "up", "--dir", str(where)], capture_output=True, text=True, timeout=900,
                          env=dict(os.environ, NEWSARCHIVE_CLUSTER_HEAP=heap))
    found = dict(re.findall(r"^(NEWSARCHIVE_\w+)=(\S+)$", proc.stdout, re.M))
    if proc.returncode or len(found) != 2:
        raise SystemExit(f"scripts/cluster up failed: {proc.stderr[-2000:]}")
    return Cluster(where, found["NEWSARCHIVE_INDEX"], found["NEWSARCHIVE_STORE"])


def cluster_down(c: Cluster) -> None:
    subprocess.run([str(SCRIPT), "down", "--dir", str(c.folder)], capture_output=True, text=True, timeout=300)


# -- bulk writes -------------------------------------------------------------------------------------------------
@dataclass
class Block:
    """A block of new articles as rows of the store's tables and as Solr documents, made in a worker process."""

    written: list[tuple[str, int, object]]  # (article id, version, annotated)
    rows: dict[str, list[tuple]]
    batches: list[tuple[str, list[dict]]]  # (collection suffix, documents) per update request


def prepare(first: int, stop: int, origin: str) -> Block:
    """Articles first..stop-1 as `Store.receive` and `Store.add_article` would have left them in the store (each
    article its own story), and as the engine maps them into documents."""
    stamp = now()
    rows: dict[str, list[tuple]] = {t: [] for t in ("pages", "articles", "versions", "entities", "quotes", "stories",
                                                    "story_bands", "story_shingles")}
    written = []
    for item in article_range(first, stop):
        a = item.annotated
        aid = article_id_for(a.article.url)
        page = RawPage(html_page(item), f"{origin}{item.id}.html", url=a.article.url, received_at=stamp)
        rows["pages"].append((page.sha256, page.origin, page.url, None, stamp, len(page.data), page.data, aid))
        rows["articles"].append((aid, a.article.url, stamp, stamp, a.article.title, a.article.url, a.language,
                                 a.article.source, a.article.published, a.annotator or None))
        rows["versions"].append((aid, page.sha256, content_hash(a), stamp, json.dumps(a.to_record(),
                                                                                     ensure_ascii=False)))
        rows["entities"] += [(aid, e.key or entity_key(e.name, e.type), e.name, e.type, e.mentions,
                              json.dumps(e.aliases, ensure_ascii=False), a.language) for e in a.entities]
        rows["quotes"] += [(aid, n, q.text, q.speaker, speaker_key(q.speaker), int(q.fragment), q.language or a.language)
                           for n, q in enumerate(a.quotes)]
        rows["stories"].append((aid, aid))
        grams = shingles(a.article.text)
        rows["story_bands"] += [(k, aid) for k in bands(grams)]
        if grams:
            rows["story_shingles"].append((aid, packed(grams)))
        written.append((aid, 1, a))
    return Block(written, rows, solr_batches(written))


INSERTS = {
    "pages": "INSERT INTO pages (sha256, origin, url, content_type, received_at, size, data, status, article_id) "
             "VALUES (?,?,?,?,?,?,?,'stored',?)",
    "articles": "INSERT INTO articles (id, url_key, current_version, first_seen, updated_at, title, url, language, "
                "source, published, annotator) VALUES (?,?,1,?,?,?,?,?,?,?,?)",
    "versions": "INSERT INTO versions (article_id, version, page_id, content_hash, created_at, record) "
                "VALUES (?,1,(SELECT id FROM pages WHERE sha256=?),?,?,?)",
    "entities": "INSERT INTO entities (article_id, key, name, type, mentions, aliases, language) VALUES (?,?,?,?,?,?,?)",
    "quotes": "INSERT INTO quotes (article_id, idx, text, speaker, speaker_key, fragment, language) "
              "VALUES (?,?,?,?,?,?,?)",
    "stories": "INSERT INTO stories (article_id, story) VALUES (?,?)",
    "story_bands": "INSERT INTO story_bands (band, article_id) VALUES (?,?) ON CONFLICT DO NOTHING",
    "story_shingles": "INSERT INTO story_shingles (article_id, grams) VALUES (?,?)",
}


def bulk_store(store: Store, block: Block) -> None:
    """A prepared block into the store: one transaction, one multi-row statement per table."""
    with store.transaction() as db:
        for table, sql in INSERTS.items():
            db.executemany(sql, block.rows[table])
        store_counts.change(db, joined=[(r[6], r[7]) for r in block.rows["articles"]], quotes=len(block.rows["quotes"]))


def solr_batches(written: list[tuple[str, int, object]]) -> list[tuple[str, list[dict]]]:
    """The Solr documents of new articles, as the engine maps them: (collection suffix, documents) per request."""
    schemas = (article_schema(), quote_schema())
    articles, quotes = [], []
    for article_id, version, annotated in written:
        articles.append(solr_document(article_document(article_id, version, annotated), schemas[0]))
        quotes.extend(solr_document(d, schemas[1]) for d in quote_documents(article_id, annotated))
    return ([("_quotes", quotes[k:k + POST]) for k in range(0, len(quotes), POST)]
            + [("", articles[k:k + POST]) for k in range(0, len(articles), POST)])


def post_batches(index: str, batches: list[tuple[str, list[dict]]], threads: int = 2) -> None:
    """Post prepared documents with `threads` senders, then commit both collections (quotes first)."""
    url = SolrURL.parse(index)
    client = SolrClient(url, timeout=600, write_retry=120)
    try:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(lambda b: client.post(f"{url.collection}{b[0]}/update", b[1], write=True), batches))
        for suffix in ("_quotes", ""):
            client.post(f"{url.collection}{suffix}/update", {"commit": {"waitSearcher": True}}, write=True)
    finally:
        client.close()


# -- the build ---------------------------------------------------------------------------------------------------
def _settle(store: Store, c: Cluster, sending, before, began: float, start: int) -> None:
    clock = time.perf_counter()
    sending.result()
    written, reached = before
    store.mark_indexed([(i, v) for i, v, _ in written], c.index_key)
    say(f"  {reached:,} articles indexed (waited {time.perf_counter() - clock:.0f} s for Solr; "
        f"{(reached - start) / (time.perf_counter() - began):.0f} articles/s since this run began)")


def built(store: Store) -> int:
    return store.db.execute("SELECT COUNT(*) FROM pages WHERE origin LIKE ?", (BASE + "%",)).fetchone()[0]


def build(c: Cluster, target: int) -> None:
    """Articles 0..target-1 into the store and the index, BLOCK at a time; goes on from what is there."""
    store = Store(c.store)
    try:
        pending = store.pending(10**9, c.index_key)
        if pending:  # a block stored, not yet indexed (the build was stopped between the two)
            say(f"indexing {len(pending)} articles stored but not yet indexed …")
            for k in range(0, len(pending), BLOCK):
                chunk = pending[k:k + BLOCK]
                post_batches(c.index, solr_batches([(i, v, store.article(i, v)) for i, v in chunk]), 3)
                store.mark_indexed(chunk, c.index_key)
        start = built(store)
        if start >= target:
            say(f"the archive holds {start:,} built articles: nothing to build")
            return
        say(f"building articles {start:,}..{target - 1:,} into {c.folder} …")
        began, window = time.perf_counter(), time.perf_counter()
        firsts = range(start, target, BLOCK)
        # two processes make the blocks ahead (generating text and documents is most of the CPU), Solr indexes a
        # block while the next one is stored
        with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as makers, \
                ThreadPoolExecutor(1) as solr:
            made = deque(makers.submit(prepare, f, min(target, f + BLOCK), BASE) for f in firsts[:3])
            sending, before = None, None
            for n, first in enumerate(firsts):
                clock = time.perf_counter()
                block = made.popleft().result()
                if n + 3 < len(firsts):
                    made.append(makers.submit(prepare, firsts[n + 3], min(target, firsts[n + 3] + BLOCK), BASE))
                waited = time.perf_counter() - clock
                bulk_store(store, block)
                stored = time.perf_counter() - clock - waited
                if sending:
                    _settle(store, c, sending, before, began, start)
                    if before[-1] % 50_000 == 0:
                        say(f"  the last 50,000 in {time.perf_counter() - window:.0f} s")
                        window = time.perf_counter()
                say(f"  articles {first:,}..{first + len(block.written) - 1:,} stored in {stored:.0f} s (waited "
                    f"{waited:.0f} s for them to be made)")
                sending = solr.submit(post_batches, c.index, block.batches, 3)
                before = (block.written, first + len(block.written))
            if sending:
                _settle(store, c, sending, before, began, start)
    finally:
        store.close()


# -- windows at that size --------------------------------------------------------------------------------------
def fresh_numbers(c: Cluster, n: int) -> int:
    """The first of n article numbers no window used before (kept in the cluster's folder: runs go on)."""
    state = c.folder / "windows.json"
    first = json.loads(state.read_text())["next"] if state.exists() else WINDOW_BASE
    state.write_text(json.dumps({"next": first + n}))
    return first


def made(first: int, stop: int, origin: str) -> list[Block]:
    """Blocks of articles first..stop-1, made by two processes."""
    starts = range(first, stop, BLOCK)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as makers:
        return list(makers.map(prepare, starts, [min(stop, s + BLOCK) for s in starts], [origin] * len(starts)))


def migrate_window(c: Cluster, n: int, writers: int = 2) -> dict[str, float]:
    """n fresh articles stored (not indexed), then `newsarchive migrate --to-index` of them into the archive's
    collections; then the same documents posted raw by 2 threads and committed once (they replace the migrated
    ones: the same work for Solr, on an index of the same size). Articles/s of each."""
    first = fresh_numbers(c, n)
    say(f"migrate window: making and storing {n:,} fresh articles …")
    blocks = made(first, first + n, "bench-window/")
    store = Store(c.store)
    try:
        for block in blocks:
            bulk_store(store, block)
    finally:
        store.close()
    say(f"  migrate --to-index of {n:,} articles ({writers} writers) …")
    clock = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "indexer.cli", "migrate", "--data", str(c.folder / "no-data"),
                           "--to-index", c.index, "--writers", str(writers)], capture_output=True, text=True,
                          cwd=ROOT, env=c.env())
    migrate = time.perf_counter() - clock
    if proc.returncode or "verified:" not in proc.stdout:
        raise SystemExit(f"migrate failed: {proc.stdout[-500:]} {proc.stderr[-1500:]}")
    say(f"  {n / migrate:.0f} articles/s; raw Solr bulk indexing of the same documents …")
    clock = time.perf_counter()
    post_batches(c.index, [b for block in blocks for b in block.batches], 2)
    raw = time.perf_counter() - clock
    say(f"  {n / raw:.0f} articles/s")
    return {"migrate": n / migrate, "raw": n / raw}


def ingest_window(c: Cluster, n: int, workers: int, pages: Path) -> dict[str, float]:
    """n fresh pages queued (`ingest --queue`), then `workers` worker processes until the queue is empty: pages/s
    from the first worker's start to the last one's end, and the front's seconds."""
    first = fresh_numbers(c, n)
    say(f"queued ingest window: {n:,} fresh pages, {workers} workers …")
    folder = pages / f"w{first}"
    folder.mkdir(parents=True)
    for item in article_range(first, first + n):
        (folder / f"{item.id}.html").write_bytes(html_page(item))
    clock = time.perf_counter()
    front = subprocess.run([sys.executable, "-m", "indexer.cli", "ingest", "--queue", "--data",
                            str(c.folder / "no-data"), str(folder)], capture_output=True, text=True, cwd=ROOT,
                           env=c.env())
    queued = time.perf_counter() - clock
    if front.returncode:
        raise SystemExit(f"ingest --queue failed: {front.stderr[-1500:]}")
    clock = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-m", "indexer.cli", "worker", "--exit-when-idle", "--data",
                               str(c.folder / "no-data")], cwd=ROOT, env=c.env(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True) for _ in range(workers)]
    try:
        errors = [p.communicate(timeout=6 * 3600)[1] for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    took = time.perf_counter() - clock
    if any(p.returncode for p in procs):
        raise SystemExit(f"a worker failed: {errors}")
    say(f"  {n / took:.1f} pages/s")
    return {"rate": n / took, "front": queued}
