"""What the date histogram costs a search: median search times on a synthetic archive (default 10,000 articles).

The histogram is counted in the same pass as the facets (a per-document publication-day table, kept per segment),
so its cost is one more count over the matches. Run the same script against the code before and after a change to
compare (the indexer package is taken from PYTHONPATH, so `PYTHONPATH=/path/to/other/checkout` times that one):

    PYTHONPATH=. python benchmarks/histogram.py [--articles 10000] [--rounds 30]

It prints, per query, the median and 95th percentile of `search` (page 1, 10 hits, facets and histogram), and the
first search after a commit of one more article (which reads the new segment's tables).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic import articles  # noqa: E402

from indexer.index.whoosh_engine import WhooshEngine  # noqa: E402

QUERIES = [("*", {}), ("bridge", {}), ("council vote", {}), ("*", {"language": "de"}),
           ("*", {"from": "2015-01-01", "to": "2015-06-30"})]


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--articles", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    import indexer

    print(f"code: {Path(indexer.__file__).resolve().parents[1]}; {args.articles:,} synthetic articles")
    with tempfile.TemporaryDirectory() as folder:
        engine = WhooshEngine(Path(folder) / "index")
        items = ((a.id, 1, a.annotated) for a in articles(args.articles + 10))
        started = time.perf_counter()
        while engine.write_articles(list(islice(items, 1000))) == 1000 and engine.stats().articles < args.articles:
            pass
        print(f"built in {time.perf_counter() - started:.0f} s: {engine.stats().articles:,} articles")
        engine.search("*")  # the first search reads the tables of every segment
        for text, filters in QUERIES:
            timings = sorted(_timed(lambda t=text, f=filters: engine.search(t, f)) for _ in range(args.rounds))
            result = engine.search(text, filters)
            bars = len(getattr(getattr(result, "histogram", None), "buckets", []))
            p95 = timings[int(len(timings) * 0.95) - 1]
            print(f"  {text!r:>16} {filters!s:<44} {result.total:>6,} matches  median "
                  f"{statistics.median(timings) * 1000:6.1f} ms  p95 {p95 * 1000:6.1f} ms  ({bars} bars)")
        after = []
        for extra in islice(items, 5):
            engine.write_articles([extra])
            after.append(_timed(lambda: engine.search("*")))
        print(f"  first '*' after a commit of one article: median {statistics.median(after) * 1000:.1f} ms")
        engine.close()


if __name__ == "__main__":
    main()
