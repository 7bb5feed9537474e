"""Ingest throughput, search latency and memory on the bundled corpus, optionally multiplied.

    .venv/bin/python benchmarks/throughput.py [--copies N] [--data DIR]

Each copy re-ingests every corpus page under a different canonical URL (a marker is appended to the story so every
copy is its own article), so --copies 20 gives ~1,000 articles. Prints pages/s for ingest, then median and 95th
percentile latency of a set of typical searches (with facets), and the peak resident memory of this process.
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.archive import Archive  # noqa: E402
from indexer.ingest.pipeline import ingest  # noqa: E402
from search_app.service import SearchService  # noqa: E402

QUERIES = ["Wrocław", '"night train"', "drought OR sequía OR sécheresse", "Kyiv", "language:de", "flood NOT Oder",
           "title:summit", "Kitahara", "مراكش", "地铁 OR 半导体"]


def make_copies(copies: int, out: Path) -> int:
    pages = [p for p in (ROOT / "corpus").rglob("*.htm*") if not p.name.endswith(".gz")]
    count = 0
    for n in range(copies):
        for page in pages:
            raw = page.read_bytes()
            if n:
                raw = re.sub(rb'(rel="canonical" href="[^"]+)"', rb'\1?copy=%d"' % n, raw, count=1)
                raw = raw.replace(b"</p>", b" [%d]</p>" % n, 1)
            target = out / f"{n:04d}-{page.name}"
            target.write_bytes(raw)
            count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("--data", type=Path, default=None, help="archive folder (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pages_dir = Path(tmp) / "pages"
        pages_dir.mkdir()
        n = make_copies(args.copies, pages_dir)
        with Archive(args.data or Path(tmp) / "data") as archive:
            start = time.perf_counter()
            report = ingest(archive, [str(pages_dir)])
            took = time.perf_counter() - start
            print(f"ingest: {n} pages in {took:.1f} s = {n / took:.1f} pages/s "
                  f"(added {len(report.added)}, failed {len(report.failed)})")
            service = SearchService(archive)
            service.search("warm up")
            timings = []
            for _ in range(5):
                for q in QUERIES:
                    t = time.perf_counter()
                    service.search(q)
                    timings.append((time.perf_counter() - t) * 1000)
            timings.sort()
            print(f"search with facets: median {statistics.median(timings):.1f} ms, "
                  f"p95 {timings[int(len(timings) * 0.95) - 1]:.1f} ms over {len(timings)} queries "
                  f"on {archive.store.stats()['articles']} articles")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (this process): {peak:.0f} MiB")


if __name__ == "__main__":
    main()
