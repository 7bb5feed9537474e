"""Whoosh and SolrCloud side by side, in one run, on the same synthetic data.

    .venv/bin/python benchmarks/backends.py [--pages 1000] [--articles 100000] [--whoosh-index DIR] [--skip-solr]

For each engine: (a) ingest of --pages news pages through the real pipeline (clean, language, annotate, store,
index), pages/s; on those pages, p50/p95 of a query mix with every facet, in-process and over HTTP through the
web app (waitress in a subprocess), the first search after a commit, quotes by speaker. (b) At archive size:
--articles stored articles (the scale benchmark's, written straight into the store, not annotated again) moved
into a fresh pair of collections by `newsarchive migrate` (articles/s), then the same query mix (with and
without a person filter, as benchmarks/scale.py) in-process and over HTTP, the explorer's pages over HTTP (entity
pages, look-ups, the front page, stories: benchmarks/explorer_http.py, their p95), and resident memory of the web
app and of each Solr JVM; part (a) also gives the share of the ingest spent filing articles into stories. With
--whoosh-index DIR (the `index` folder `scale.py --index` built from the same articles: building 100,000 into
Whoosh takes about an hour) the Whoosh side of (b) runs on it in the same run.
The SolrCloud column is the cluster set-up: its SolrCloud with its PostgreSQL store (a database of its own for (a)
and for (b); `migrate` copies the store, then the index from it). The cluster is `scripts/cluster up` in a
temporary folder, always taken down at the end. Prints two tables.

With --dir DIR it measures at archive size instead (benchmarks/archive_size.py): --articles articles built straight
into a 3-node SolrCloud + PostgreSQL kept in DIR/cluster with bulk writes (resumable: run the same command again
and it goes on; `scripts/cluster down --dir DIR/cluster` when done), then at that size: migrate beside raw Solr bulk
indexing of the same documents (--window articles), queued ingest with 2 and 4 workers (--ingest-window pages),
search p50/p95 with every facet through the web app, and disk and memory per component.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import archive_size  # noqa: E402
import explorer_http  # noqa: E402
from synthetic import articles, build_store, html_page  # noqa: E402

from indexer.archive import Archive  # noqa: E402
from indexer.index.solr.client import SolrClient, SolrURL  # noqa: E402
from indexer.ingest.pipeline import ingest  # noqa: E402
from indexer.store import Store  # noqa: E402

SCRIPT = ROOT / "scripts" / "cluster"
QUERIES = ["bridge", '"decision before winter"', "drought OR sequía OR sécheresse OR засуха", "Hochwasser",
           "flood NOT budget", "title:museum", "*", "petition", "council vote", "language:de", "Bibliothek Markt",
           "festival*"]
ROUNDS = 3  # each query of the mix this many times, after one warm-up round


def ms(seconds: list[float], q: float) -> float:
    ordered = sorted(seconds)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rss_mib(pid: int | str = "self") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- the cluster -------------------------------------------------------------------------------------------------
def cluster_up(folder: Path) -> tuple[str, str]:
    """(the SolrCloud's URL, the PostgreSQL store's URL) of a cluster started in `folder`."""
    proc = subprocess.run([str(SCRIPT), "up", "--dir", str(folder)], capture_output=True, text=True, timeout=900)
    index = re.search(r"^NEWSARCHIVE_INDEX=(solr://\S+)$", proc.stdout, re.M)
    store = re.search(r"^NEWSARCHIVE_STORE=(postgresql://\S+)$", proc.stdout, re.M)
    if proc.returncode or not index or not store:
        raise SystemExit(f"scripts/cluster up failed: {proc.stderr[-2000:]}")
    return index.group(1), store.group(1)


def new_database(url: str, name: str) -> str:
    """A new, empty database `name` on the cluster's PostgreSQL server; its URL (same user and password)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return url.rsplit("/", 1)[0] + "/" + name


def cluster_down(folder: Path) -> None:
    subprocess.run([str(SCRIPT), "down", "--dir", str(folder)], capture_output=True, text=True, timeout=300)


def solr_pids(folder: Path) -> list[int]:
    return [int((d / "pid").read_text()) for d in sorted((folder / "nodes").iterdir()) if (d / "pid").exists()]


def index_bytes(url: str, collection: str) -> int:
    """Bytes on disk of every replica of `collection`, from each node's core status."""
    parsed = SolrURL.parse(url)
    total = 0
    for node in parsed.nodes:
        client = SolrClient(SolrURL(parsed.user, parsed.password, (node,), parsed.collection), timeout=60)
        for core in client.get("admin/cores", {"action": "STATUS"}).get("status", {}).values():
            if core.get("cloud", {}).get("collection") == collection:
                total += int(core.get("index", {}).get("sizeInBytes", 0))
        client.close()
    return total


def new_collections(url: str, name: str, configset: str = "newsarchive") -> str:
    """A fresh pair of collections (2 shards x 2 replicas, like the cluster's own) from an uploaded configset."""
    client = SolrClient(SolrURL.parse(url), timeout=300)
    for coll in (name, f"{name}_quotes"):
        client.get("admin/collections", {"action": "CREATE", "name": coll, "collection.configName": configset,
                                         "numShards": 2, "replicationFactor": 2, "waitForFinalState": "true"})
    client.close()
    return url.rsplit("/", 1)[0] + "/" + name


def drop_collections(url: str) -> None:
    parsed = SolrURL.parse(url)
    client = SolrClient(parsed, timeout=300)
    for coll in (parsed.collection, f"{parsed.collection}_quotes"):
        client.get("admin/collections", {"action": "DELETE", "name": coll})
    client.close()


# -- the measurements ----------------------------------------------------------------------------------------------
def ingest_pages(data: Path, pages: Path, index: str | None, store: str | None) -> tuple[float, float]:
    """(seconds the ingest took, seconds of it spent filing articles into entities and stories)."""
    started = time.perf_counter()
    with Archive(data, index=index, store=store) as archive:
        report = ingest(archive, [str(pages)])
        explorer = archive.explorer_seconds
    seconds = time.perf_counter() - started
    if report.failed:
        raise SystemExit(f"ingest failed for {len(report.failed)} pages: {report.failed[:3]}")
    return seconds, explorer


def migrate(data: Path, url: str, store: str) -> float:
    """Seconds `newsarchive migrate` takes to copy the archive in `data` into the store and then the index."""
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "indexer.cli", "migrate", "--data", str(data), "--to-store", store,
                           "--to-index", url],
                          capture_output=True, text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    seconds = time.perf_counter() - started
    if proc.returncode or "verified:" not in proc.stdout:
        raise SystemExit(f"migrate failed: {proc.stdout[-500:]} {proc.stderr[-1500:]}")
    return seconds


def searches(engine) -> dict[str, float]:
    person = next(articles(1)).annotated.entities[0].name
    for q in QUERIES:
        engine.search(q)
    took = []
    for _ in range(ROUNDS):
        for q in QUERIES:
            for filters in ({}, {"person": person}):
                started = time.perf_counter()
                engine.search(q, filters, facet_limit=10)
                took.append(time.perf_counter() - started)
    speaker = next(articles(1)).annotated.quotes[0].speaker
    quoted = []
    for _ in range(10):
        started = time.perf_counter()
        engine.search_quotes(None, speaker=speaker)
        quoted.append(time.perf_counter() - started)
    item = next(articles(1, seed=31))
    engine.write_articles([("bench-commit", 1, item.annotated)])
    started = time.perf_counter()
    engine.search("bridge")
    first = time.perf_counter() - started
    engine.write_articles([("bench-commit", 2, None)])
    return {"p50": ms(took, 0.5), "p95": ms(took, 0.95), "first": 1000 * first, "quotes": ms(quoted, 0.5)}


def over_http(data: Path, index: str | None, store: str | None, explorer: bool = False) -> dict[str, float]:
    """The query mix over HTTP through the web app in a subprocess (and with `explorer`, the explorer's pages:
    benchmarks/explorer_http.py, their p95 in ms)."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for name, value in (("NEWSARCHIVE_INDEX", index), ("NEWSARCHIVE_STORE", store)):
        env.pop(name, None)
        if value:
            env[name] = value
    code = ("import sys; from waitress import serve; from search_app import create_app; "
            f"serve(create_app({str(data)!r}), host='127.0.0.1', port={port}, threads=4)")
    server = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}/api/search?"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "q=bridge", timeout=30).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the web app did not start") from None
                time.sleep(0.3)
        person = next(articles(1)).annotated.entities[0].name
        took = []
        for r in range(ROUNDS + 1):
            for q in QUERIES:
                for extra in ({}, {"person": person}):
                    started = time.perf_counter()
                    urllib.request.urlopen(base + urllib.parse.urlencode({"q": q, **extra}), timeout=30).read()
                    if r:  # the first round warms each serving thread
                        took.append(time.perf_counter() - started)
        found = {"p50": ms(took, 0.5), "p95": ms(took, 0.95), "rss": rss_mib(server.pid)}
        if explorer:
            timings = explorer_http.mix(f"http://127.0.0.1:{port}", data / "archive.sqlite3", ROUNDS)
            found |= {kind: ms(values, 0.95) for kind, values in timings.items()}
        return found
    finally:
        server.terminate()
        server.wait(timeout=30)


def at_scale(data: Path, index: str | None, store: str | None = None) -> dict[str, str]:
    with Archive(data, create=False, index=index, store=store) as archive:
        found = searches(archive.engine)
    http = over_http(data, index, store, explorer=True)
    return {"search p50 ms": f"{found['p50']:.0f}", "search p95 ms": f"{found['p95']:.0f}",
            "HTTP p50 ms": f"{http['p50']:.0f}", "HTTP p95 ms": f"{http['p95']:.0f}",
            "first after commit ms": f"{found['first']:.0f}", "quotes by speaker ms": f"{found['quotes']:.0f}",
            "web app RSS MiB": f"{http['rss']:.0f}",
            **{f"{kind} p95 ms": f"{http[kind]:.0f}" for kind in ("entity page", "entity JSON", "lookup",
                                                                   "front page", "stories")}}


def table(rows: dict[str, dict[str, str]]) -> None:
    names = list(rows)
    keys = list(dict.fromkeys(k for r in rows.values() for k in r))
    width = max(len(k) for k in keys)
    print(f"| {'':<{width}} | " + " | ".join(f"{n:>15}" for n in names) + " |")
    print(f"|{'-' * (width + 2)}|" + "|".join("-" * 17 for _ in names) + "|")
    for k in keys:
        print(f"| {k:<{width}} | " + " | ".join(f"{rows[n].get(k, '-'):>15}" for n in names) + " |")


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and its children (PostgreSQL's server processes), MiB."""
    children = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
                and _parent(p) == pid]
    return rss_mib(pid) + sum(rss_mib(c) for c in children)


def _parent(proc: Path) -> int | None:
    try:
        return int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def at_archive_size(args) -> int:
    """The archive-size half (--dir): build, then measure at that size."""
    c = archive_size.cluster(args.dir.resolve(), args.heap)
    archive_size.build(c, args.articles)
    rows: dict[str, dict[str, str]] = {}
    migrated = archive_size.migrate_window(c, args.window)
    rows["indexing"] = {f"migrate --to-index, {args.window:,} articles (2 writers)": f"{migrated['migrate']:.0f}/s",
                        "raw Solr bulk, same documents (2 threads, 1 commit)": f"{migrated['raw']:.0f}/s",
                        "migrate / raw": f"{migrated['migrate'] / migrated['raw']:.2f}"}
    pages = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    try:
        for workers in (2, 4):
            queued = archive_size.ingest_window(c, args.ingest_window, workers, pages)
            rows["indexing"][f"queued ingest, {args.ingest_window:,} pages, {workers} workers"] = (
                f"{queued['rate']:.1f} pages/s")
    finally:
        shutil.rmtree(pages, ignore_errors=True)
    os.environ["NEWSARCHIVE_STORE"] = c.store
    archive_size.say("searching through the web app …")
    http = over_http(c.folder / "no-data", c.index)
    store = Store(c.store)
    try:
        size = len(store.article_ids())
        db_bytes = store.db.execute("SELECT pg_database_size(current_database())").fetchone()[0]
    finally:
        store.close()
    client = SolrClient(SolrURL.parse(c.index), timeout=60)
    aliases = client.get("admin/collections", {"action": "LISTALIASES"}).get("aliases", {})
    client.close()
    disk = {alias: index_bytes(c.index, aliases.get(alias, alias)) for alias in ("newsarchive", "newsarchive_quotes")}
    pg_pid = int((Path((c.folder / "postgresql" / "home").read_text().strip()) / "data" / "postmaster.pid")
                 .read_text().split()[0])
    rows["searching"] = {"HTTP p50 ms (web app, every facet)": f"{http['p50']:.0f}",
                         "HTTP p95 ms": f"{http['p95']:.0f}", "entity pages, stories": "not in the app yet"}
    rows["resources"] = {
        "articles stored and indexed": f"{size:,}",
        "Solr index GiB, articles (all replicas)": f"{disk['newsarchive'] / 2**30:.2f}",
        "Solr index GiB, quotes (all replicas)": f"{disk['newsarchive_quotes'] / 2**30:.2f}",
        "PostgreSQL database GiB": f"{db_bytes / 2**30:.2f}",
        "Solr JVM RSS MiB (each)": " / ".join(f"{rss_mib(p):.0f}" for p in solr_pids(c.folder)),
        "ZooKeeper RSS MiB": f"{rss_mib(int((c.folder / 'zookeeper' / 'pid').read_text().split()[0])):.0f}",
        "PostgreSQL RSS MiB (all its processes)": f"{tree_rss_mib(pg_pid):.0f}",
        "web app RSS MiB": f"{http['rss']:.0f}"}
    print(f"archive size: {size:,} articles in a 3-node SolrCloud (2 shards x 2 replicas) + PostgreSQL, heap "
          f"{args.heap} per node; load average {os.getloadavg()[0]:.1f} at the end (2 shared cores)")
    for name, row in rows.items():
        print(f"\n{name}")
        table({"": row})
    print(f"\nthe cluster stays up in {c.folder} (run again to go on; scripts/cluster down --dir {c.folder})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000, help="pages to ingest per engine (default 1,000)")
    parser.add_argument("--articles", type=int, default=100_000,
                        help="stored articles to migrate and search (default 100,000)")
    parser.add_argument("--whoosh-index", type=Path, metavar="DIR",
                        help="the Whoosh index (scale.py --index D: D/index) of the same articles, to search beside")
    parser.add_argument("--skip-solr", action="store_true", help="Whoosh only (no cluster)")
    parser.add_argument("--dir", type=Path, metavar="DIR",
                        help="archive size: build --articles into the SolrCloud + PostgreSQL kept in DIR/cluster "
                             "(resumable: the same command again goes on) and measure there")
    parser.add_argument("--window", type=int, default=50_000, metavar="N",
                        help="with --dir: articles of the migrate and raw Solr window (default 50,000)")
    parser.add_argument("--ingest-window", type=int, default=50_000, metavar="N",
                        help="with --dir: pages of each queued-ingest window (default 50,000)")
    parser.add_argument("--heap", default="1g", help="with --dir: heap of each Solr node (default 1g)")
    parser.add_argument("--store-from", type=Path, metavar="DIR",
                        help="a data folder whose store already holds the --articles articles, filed into entities "
                             "and stories (scale.py --explorer --index DIR): copied instead of built again")
    args = parser.parse_args()
    if args.dir:
        return at_archive_size(args)
    work = Path(tempfile.mkdtemp(prefix="bench-backends-"))
    rows: dict[str, dict[str, str]] = {}
    folder = work / "cluster"
    url = None
    try:
        pages = work / "pages"
        pages.mkdir()
        for item in articles(args.pages):
            (pages / f"{item.id}.html").write_bytes(html_page(item))
        engines = [("Whoosh", None, None)]
        if not args.skip_solr:
            print("starting the cluster …", file=sys.stderr)
            url, postgres = cluster_up(folder)
            engines.append(("SolrCloud", url, new_database(postgres, "bench_ingest")))
        for name, index, store in engines:
            data = work / f"data-{name}"
            print(f"{name}: ingesting {args.pages} pages …", file=sys.stderr)
            seconds, filing = ingest_pages(data, pages, index, store)
            row = rows[name] = {"ingest pages/s": f"{args.pages / seconds:.1f}",
                                "of it filing stories %": f"{100 * filing / seconds:.1f}"}
            with Archive(data, index=index, store=store) as archive:
                found = searches(archive.engine)
            http = over_http(data, index, store)
            if index is None:
                whoosh = sum(f.stat().st_size for f in (data / "index").rglob("*") if f.is_file())
                row["index KiB/article (1 copy)"] = f"{whoosh / args.pages / 1024:.2f}"
                row["store KiB/article"] = f"{(data / 'archive.sqlite3').stat().st_size / args.pages / 1024:.1f}"
            row |= {"search p50 ms": f"{found['p50']:.0f}", "search p95 ms": f"{found['p95']:.0f}",
                    "HTTP p50 ms": f"{http['p50']:.0f}", "HTTP p95 ms": f"{http['p95']:.0f}",
                    "first after commit ms": f"{found['first']:.0f}", "quotes by speaker ms": f"{found['quotes']:.0f}"}
        scale: dict[str, dict[str, str]] = {}
        source = work / "scale"
        if (url or args.whoosh_index) and args.store_from:
            source.mkdir(parents=True)
            shutil.copyfile(args.store_from / "archive.sqlite3", source / "archive.sqlite3")
            print(f"the store of {args.store_from} copied", file=sys.stderr)
        elif url or args.whoosh_index:
            print(f"storing {args.articles:,} articles …", file=sys.stderr)
            built = build_store(source, args.articles)
            print(f"  (written in {built:.0f} s, {(source / 'archive.sqlite3').stat().st_size / args.articles / 1024:.1f}"
                  " KiB per article)", file=sys.stderr)
            filed, count = explorer_http.file_explorer(source)
            print(f"  (filed into entities and stories in {filed:.0f} s, {count / filed:.0f} articles/s)",
                  file=sys.stderr)
        if args.whoosh_index:
            (source / "index").symlink_to(args.whoosh_index.resolve())
            print("Whoosh: searching the prebuilt index …", file=sys.stderr)
            scale["Whoosh"] = at_scale(source, None)
            (source / "index").unlink()
        if url:
            print(f"SolrCloud: migrating {args.articles:,} articles …", file=sys.stderr)
            target, database = new_collections(url, "benchscale"), new_database(postgres, "bench_scale")
            seconds = migrate(source, target, database)
            rows["SolrCloud"]["migrate articles/s"] = scale.setdefault("SolrCloud", {})["migrate articles/s"] = (
                f"{args.articles / seconds:.0f}")
            per_replica = [index_bytes(url, c) / 2 / args.articles for c in ("benchscale", "benchscale_quotes")]
            rows["SolrCloud"]["index KiB/article (1 copy)"] = f"{per_replica[0] / 1024:.2f} + {per_replica[1] / 1024:.2f}"
            scale["SolrCloud"] |= at_scale(source, target, database)
            jvms = [rss_mib(pid) for pid in solr_pids(folder)]
            rows["SolrCloud"]["Solr JVM RSS MiB"] = scale["SolrCloud"]["Solr JVM RSS MiB"] = " / ".join(
                f"{r:.0f}" for r in jvms)
        for row in rows.values():
            row["benchmark RSS MiB"] = f"{rss_mib():.0f}"
        rows.setdefault("Whoosh", {})["migrate articles/s"] = "-"
        rows["Whoosh"]["Solr JVM RSS MiB"] = "-"
    finally:
        if url:
            cluster_down(folder)
        shutil.rmtree(work, ignore_errors=True)
    print(f"{args.pages} pages ingested per engine; {len(QUERIES)} queries x {ROUNDS} rounds, with and without a "
          "person filter, all facets")
    table(rows)
    if scale:
        print(f"\n{args.articles:,} stored articles (the scale benchmark's); the same query mix")
        table(scale)
    return 0


if __name__ == "__main__":
    sys.exit(main())
