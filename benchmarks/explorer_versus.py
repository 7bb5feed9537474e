"""The explorer's pages over HTTP served by this checkout and by another (the base of a change), in turn, on the
same archive: same SolrCloud collections, each its own copy of the PostgreSQL store (a newer checkout may migrate
its copy; the other would then refuse it).

    .venv/bin/python benchmarks/explorer_versus.py --base DIR --data DIR --index solr://… --store postgresql://…

--base is a tree of the other newsarchive (`git archive COMMIT | tar -x -C DIR`); --data the data folder whose
archive.sqlite3 holds the archive the store was copied from (entities to open and names to look up are picked from
it, as benchmarks/explorer_http.py does). Each run starts the web app of one side (waitress, 4 threads), times
explorer_http's mix (a warm-up round, then --rounds; --kinds for some of its kinds), and stops it: base, this, this,
base, base, this… (each side first in turn, so that a machine getting busier or caches warming favour neither).
Prints p50 and p95 per kind of request and side, the ratio of this side's medians to the base's, and the load
average around each run (the machine is shared: quote the medians).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import explorer_http  # noqa: E402
from backends import free_port  # noqa: E402


def copy_database(url: str, name: str) -> str:
    """A new database `name`, a copy of the one at `url` (which must have no connections); its URL."""
    import psycopg

    source = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{source}"')
    return url.rsplit("/", 1)[0] + "/" + name


def timed_run(tree: Path, data: Path, index: str, store: str, rounds: int,
              kinds: list[str] | None) -> tuple[dict[str, list[float]], tuple]:
    """explorer_http's mix against the web app of the checkout in `tree`: (seconds per kind, load averages before
    and after)."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(tree), NEWSARCHIVE_INDEX=index, NEWSARCHIVE_STORE=store)
    code = ("from waitress import serve; from search_app import create_app; "
            f"serve(create_app({str(data)!r}), host='127.0.0.1', port={port}, threads=4)")
    server = subprocess.Popen([sys.executable, "-c", code], cwd=tree, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/entities?q=a", timeout=60).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit(f"the web app of {tree} did not start") from None
                time.sleep(0.5)
        before = os.getloadavg()[0]
        timings = explorer_http.mix(f"http://127.0.0.1:{port}", data / "archive.sqlite3", rounds, kinds)
        return timings, (before, os.getloadavg()[0])
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the other checkout's tree (the base of a change)")
    parser.add_argument("--data", type=Path, required=True, help="the data folder whose archive.sqlite3 the store "
                                                                  "was copied from (what to open is picked from it)")
    parser.add_argument("--index", required=True, help="the SolrCloud collections both sides search (solr://…)")
    parser.add_argument("--store", required=True, help="the PostgreSQL store (postgresql://…), served to the base; "
                                                       "this checkout gets a copy of it, made first")
    parser.add_argument("--runs", type=int, default=2, help="runs of each side, alternating (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the mix per run, after a warm-up (default 3)")
    parser.add_argument("--kinds", nargs="+", metavar="KIND", help="only these kinds of request (of: entity page, "
                        "entity JSON, lookup, front page, stories; quote each); default all")
    args = parser.parse_args()
    sides = {"base": (args.base.resolve(), args.store),
             "this": (ROOT, copy_database(args.store, args.store.rsplit("/", 1)[1] + "_this"))}
    found: dict[str, list[dict[str, list[float]]]] = {side: [] for side in sides}
    for run in range(args.runs):
        for side in list(sides)[::1 if run % 2 == 0 else -1]:
            tree, store = sides[side]
            timings, (before, after) = timed_run(tree, args.data, args.index, store, args.rounds, args.kinds)
            found[side].append(timings)
            print(f"run {run + 1}, {side}: load average {before:.1f} → {after:.1f}")
            for kind, line in explorer_http.summary(timings).items():
                print(f"  {kind}: {line}")
    print("\nall runs, p50 / p95 ms (this ÷ base, medians):")
    for kind in found["base"][0]:  # (in the order of explorer_http's mix)
        cells = {side: [t for run in runs for t in run[kind]] for side, runs in found.items()}
        base, this = (statistics.median(cells[s]) for s in ("base", "this"))
        print(f"  {kind}: base {1000 * base:.0f} / {1000 * explorer_http.percentile(cells['base'], 0.95):.0f}, "
              f"this {1000 * this:.0f} / {1000 * explorer_http.percentile(cells['this'], 0.95):.0f} "
              f"({this / base:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
