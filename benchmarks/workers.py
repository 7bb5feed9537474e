"""Queued ingest with 1 and 2 `newsarchive worker` processes on this machine: pages/s, and where a page's time goes.

    .venv/bin/python benchmarks/workers.py [--pages N] [--copies C] [--workers 1,2] [--store URL --index URL]

N distinct news-like pages (default 300, benchmarks/synthetic.py) and C copies of every corpus page are queued with `ingest --queue` into a fresh
PostgreSQL database, and taken by W worker processes (real `newsarchive worker --exit-when-idle` commands, no data
folder of their own) that write a fresh pair of SolrCloud collections. Each W gets its own database and collections,
so the runs do not help each other. Printed per W: the wall time from the workers' start to the last one's end,
pages/s, the ratio to one worker, the CPU seconds of the workers, and the shares of their busy time the workers
report (clean+annotate, store and queue, index).

Without --store/--index the benchmark starts its own cluster (`scripts/cluster up`, ~40 s) and takes it down.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from backends import cluster_down, cluster_up, drop_collections  # noqa: E402
from throughput import make_pages  # noqa: E402

SHARES = re.compile(r"process (\d+)%, store (\d+)%, index (\d+)%")


def services_cpu() -> dict[str, float]:
    """CPU seconds used so far by the Solr JVMs (java) and PostgreSQL processes of this machine (they share its
    cores with the workers)."""
    total = {"java": 0.0, "postgres": 0.0}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name, rest = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:].split()
        if name in ("java", "postgres"):
            total[name] += (int(rest[11]) + int(rest[12])) / os.sysconf("SC_CLK_TCK")
    return total


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "indexer.cli", *args]


def fresh_database(base: str, name: str) -> str:
    import psycopg

    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(urlsplit(base)._replace(path=f"/{name}"))


def drop_database(base: str, name: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def new_collections(url: str, name: str, shards: int, replicas: int) -> str:
    from indexer.index.solr.client import SolrClient, SolrURL

    client = SolrClient(SolrURL.parse(url), timeout=300)
    for coll in (name, f"{name}_quotes"):
        client.get("admin/collections", {"action": "CREATE", "name": coll, "collection.configName": "newsarchive",
                                         "numShards": shards, "replicationFactor": replicas,
                                         "waitForFinalState": "true"})
    client.close()
    return url.rsplit("/", 1)[0] + "/" + name


def run(workers: int, pages: Path, n: int, store_base: str, index_base: str, work: Path, layout: tuple[int, int]
        ) -> dict:
    name = f"benchworkers{workers}"
    store = fresh_database(store_base, name)
    index = new_collections(index_base, name, *layout)
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    where = ["--data", str(work / f"nowhere-{workers}"), "--store", store, "--index", index]
    try:
        started = time.perf_counter()
        subprocess.run(cli("ingest", "--queue", *where, str(pages)), check=True, capture_output=True, env=env, cwd=ROOT)
        queued = time.perf_counter() - started
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        services = services_cpu()
        started = time.perf_counter()
        procs = [subprocess.Popen(cli("worker", "--exit-when-idle", *where), stderr=subprocess.PIPE, text=True,
                                  env=env, cwd=ROOT) for _ in range(workers)]
        logs = [p.communicate()[1] for p in procs]
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        services = {k: v - services[k] for k, v in services_cpu().items()}
        if any(p.returncode for p in procs):
            raise SystemExit(f"a worker failed: {[log[-1500:] for log in logs]}")
        shares = [tuple(map(int, m.groups())) for log in logs for m in [SHARES.search(log)] if m]
        mean = [sum(s[k] for s in shares) / len(shares) for k in range(3)] if shares else [0, 0, 0]
        return {"queue s": queued, "wall s": wall, "pages/s": n / wall,
                "cpu s": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
                "services cpu s": services,
                "process %": mean[0], "store %": mean[1], "index %": mean[2]}
    finally:
        drop_collections(index)
        drop_database(store_base, name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=300, help="pages to queue per run (default 300)")
    parser.add_argument("--copies", type=int, default=4,
                        help="copies of every bundled corpus page (full-length articles in 13 languages), each its "
                             "own article (default 4)")
    parser.add_argument("--layout", default="2x2,1x1",
                        help="collection layouts to run, SHARDSxREPLICAS, comma-separated (default 2x2 — the "
                             "cluster's own — and 1x1, where Solr takes the least of the workers' cores)")
    parser.add_argument("--workers", default="1,2", help="worker counts to run, comma-separated (default 1,2)")
    parser.add_argument("--store", metavar="URL", help="a PostgreSQL server (postgresql://USER:PASSWORD@HOST:PORT/DB)"
                                                       "; each run gets a fresh database on it")
    parser.add_argument("--index", metavar="URL", help="a SolrCloud (solr://…); each run gets fresh collections")
    args = parser.parse_args()
    counts = [int(c) for c in args.workers.split(",")]
    work = Path(tempfile.mkdtemp(prefix="bench-workers-"))
    folder = work / "cluster"
    own_cluster = not (args.store and args.index)
    try:
        if own_cluster:
            print("starting the cluster …", file=sys.stderr)
            up = cluster_up(folder)
            env_file = (folder / "env").read_text()
            store_base = re.search(r"^NEWSARCHIVE_STORE=(\S+)$", env_file, re.M).group(1)
            index_base = up
        else:
            store_base, index_base = args.store, args.index
        pages = work / "pages"
        pages.mkdir()
        n = len(make_pages(args.pages, args.copies, pages))
        for layout in args.layout.split(","):
            shards, replicas = (int(x) for x in layout.lower().split("x"))
            table(n, args, counts, {w: run(w, pages, n, store_base, index_base, work, (shards, replicas))
                                    for w in counts}, layout)
    finally:
        if own_cluster:
            cluster_down(folder)
    return 0


def table(n: int, args, counts: list[int], rows: dict, layout: str) -> None:
    base = rows[counts[0]]["pages/s"]
    print(f"\ncollections {layout} (shards x replicas); {n} pages ({args.pages} synthetic, {args.copies} copies of "
          f"the corpus); PostgreSQL store and SolrCloud index on this machine ({os.cpu_count()} cores)\n")
    print("| workers | queued in s | wall s | pages/s | × first | worker CPU s | Solr + PostgreSQL CPU s | "
          "clean+annotate | store | index |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for w, r in rows.items():
        cpu = r["services cpu s"]
        print(f"| {w} | {r['queue s']:.1f} | {r['wall s']:.1f} | {r['pages/s']:.2f} | {r['pages/s'] / base:.2f} | "
              f"{r['cpu s']:.0f} | {cpu['java']:.0f} + {cpu['postgres']:.0f} | {r['process %']:.0f}% | "
              f"{r['store %']:.0f}% | {r['index %']:.0f}% |")


if __name__ == "__main__":
    sys.exit(main())
