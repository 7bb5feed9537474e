"""What the date histogram costs a search: median search times on a synthetic archive (default 10,000 articles).

The histogram is counted in the same pass as the facets (a per-document publication-day table, kept per segment),
so its cost is one more count over the matches.

    PYTHONPATH=. python benchmarks/histogram.py [--articles 10000] [--rounds 30] [--vs OTHER_CHECKOUT]

It prints, per query (words or `*`, filters, sort), the median and 95th percentile of `search` (page 1, 10 hits,
facets and histogram), and the first search after a commit of one more article (which reads the new segment's
tables). With `--vs` the same queries run in two worker processes, one on this checkout's code and one on the other
checkout's (each with its own index of the same articles), timed alternately round after round (which goes first
alternates too), so that both meet the same load on a shared machine; it prints both medians and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import articles  # noqa: E402

from indexer.index.whoosh_engine import WhooshEngine  # noqa: E402

QUERIES = [("*", {}, "relevance"), ("bridge", {}, "relevance"), ("council vote", {}, "relevance"),
           ("*", {"language": "de"}, "relevance"), ("*", {"from": "2015-01-01", "to": "2015-06-30"}, "relevance"),
           ("bridge", {}, "newest"), ("council vote", {"from": "2014-01-01", "to": "2016-06-30"}, "oldest")]


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _search(engine: WhooshEngine, number: int):
    text, filters, sort = QUERIES[number]
    return engine.search(text, filters, sort=sort)


def _built(folder: str, items) -> WhooshEngine:
    """An index of `items`, 1,000 articles per commit."""
    engine = WhooshEngine(Path(folder) / "index")
    while engine.write_articles(list(islice(items, 1000))):
        pass
    engine.search("*")  # the first search reads the tables of every segment
    return engine


def _alone(args) -> None:
    import indexer

    print(f"code: {Path(indexer.__file__).resolve().parents[1]}; {args.articles:,} synthetic articles")
    with tempfile.TemporaryDirectory() as folder:
        items = ((a.id, 1, a.annotated) for a in articles(args.articles + 5))
        started = time.perf_counter()
        engine = _built(folder, islice(items, args.articles))
        print(f"built in {time.perf_counter() - started:.0f} s: {engine.stats().articles:,} articles")
        for number, (text, filters, sort) in enumerate(QUERIES):
            timings = sorted(_timed(lambda n=number: _search(engine, n)) for _ in range(args.rounds))
            result = _search(engine, number)
            p95 = timings[int(len(timings) * 0.95) - 1]
            print(f"  {text!r:>16} {filters!s:<44} {sort:<9} {result.total:>6,} matches  median "
                  f"{statistics.median(timings) * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms  "
                  f"({len(result.histogram.buckets)} bars)")
        after = []
        for extra in islice(items, 5):
            engine.write_articles([extra])
            after.append(_timed(lambda: engine.search("*")))
        print(f"  first '*' after a commit of one article: median {statistics.median(after) * 1000:.1f} ms")
        engine.close()


def _serve(args) -> None:
    """A worker of --vs: build the index, say so, then time each query number read from stdin (one JSON line each)."""
    import indexer

    with tempfile.TemporaryDirectory() as folder:
        engine = _built(folder, ((a.id, 1, a.annotated) for a in articles(args.articles)))
        print(json.dumps({"code": str(Path(indexer.__file__).resolve().parents[1])}), flush=True)
        for line in sys.stdin:
            started = time.perf_counter()
            total = _search(engine, int(line)).total
            print(json.dumps({"seconds": time.perf_counter() - started, "total": total}), flush=True)
        engine.close()


def _versus(args) -> None:
    here, other = Path(__file__).resolve().parents[1], Path(args.vs).resolve()
    workers = {}
    try:
        for name, code in (("this", here), ("other", other)):
            workers[name] = subprocess.Popen(
                [sys.executable, __file__, "--serve", "--articles", str(args.articles)], text=True,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(code)})
        codes = {name: json.loads(w.stdout.readline())["code"] for name, w in workers.items()}
        print(f"this: {codes['this']}; other: {codes['other']}; {args.articles:,} synthetic articles each, "
              f"{args.rounds} alternating rounds")
        seconds: dict[tuple[str, int], list[float]] = {(n, q): [] for n in workers for q in range(len(QUERIES))}
        totals = {}
        for r in range(args.rounds):
            for number in range(len(QUERIES)):
                for name in ("this", "other") if r % 2 == 0 else ("other", "this"):
                    workers[name].stdin.write(f"{number}\n")
                    workers[name].stdin.flush()
                    answer = json.loads(workers[name].stdout.readline())
                    seconds[(name, number)].append(answer["seconds"])
                    totals[(name, number)] = answer["total"]
        for number, (text, filters, sort) in enumerate(QUERIES):
            this, that = (statistics.median(seconds[(n, number)]) * 1000 for n in ("this", "other"))
            print(f"  {text!r:>16} {filters!s:<44} {sort:<9} {totals[('this', number)]:>6,} matches "
                  f"(other {totals[('other', number)]:,})  this {this:6.1f} ms  other {that:6.1f} ms  "
                  f"this/other {this / that:.2f}")
    finally:
        for worker in workers.values():
            worker.stdin.close()
            worker.wait(timeout=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--articles", type=int, default=10_000, help="synthetic articles indexed (default 10,000)")
    parser.add_argument("--rounds", type=int, default=30, help="timings per query (default 30)")
    parser.add_argument("--vs", metavar="CHECKOUT", help="time the queries alternately against another checkout's "
                                                         "code (a folder holding its indexer package)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a worker of --vs
    args = parser.parse_args()
    if args.serve:
        _serve(args)
    elif args.vs:
        _versus(args)
    else:
        _alone(args)


if __name__ == "__main__":
    main()
