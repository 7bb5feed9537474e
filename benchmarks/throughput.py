"""Ingest throughput against a naive pipeline on the same pages, search latency and memory.

    .venv/bin/python benchmarks/throughput.py [--pages N] [--copies C] [--data DIR] [--profile]

N distinct news-like pages in six languages (default 1,000, from benchmarks/synthetic.py), plus C copies of every
bundled corpus page (each copy under its own canonical URL, so it is its own article), go through:

- ours: indexer.ingest.pipeline.ingest into a fresh archive, with its worker processes: cleaned, every annotation
  (language, entities, quotes), stored and indexed;
- naive: BeautifulSoup get_text, langdetect, one Whoosh writer (a plain TEXT field with StandardAnalyzer), one
  process: the baseline the issue "Serve journalists while archivists ingest" asks to beat twice over.
- peer: trafilatura + langdetect + a small spaCy pipeline's NER per language + one Whoosh writer (text and entities
  as keyword fields), with as many worker processes as ours (benchmarks/peer_pipeline.py; in the benchmarks' own
  venv .bench/venv, skipped with a line saying how to install it when absent).

Each runs in a fresh child process, so its CPU seconds (user+sys of the process and its own children) and peak
resident memory are its own: the peak of the main process, of its largest worker, and of all its processes together
(their proportional set size summed every 0.25 s while it runs: a page that forked workers share with the main
process counts once, split between them). The machine may be busy: CPU seconds are less noisy than wall time. Then the median
and 95th percentile latency of typical searches (with facets) on our archive, and the share of our ingest's wall time
spent filing articles into entity pages and stories (`Archive.update_explorer`, indexer/explore).

--profile instead annotates the pages in this one process under cProfile (clean + annotate, no store, no index,
models loaded on first use as a worker would) and prints the top 25 functions by tottime and by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import multiprocessing
import os
import pstats
import re
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from peer_pipeline import measure as measure_peer  # noqa: E402
from peer_pipeline import peer_extra  # noqa: E402

QUERIES = ["Wrocław", '"night train"', "drought OR sequía OR sécheresse", "Kyiv", "language:de", "flood NOT Oder",
           "title:summit", "Kitahara", "مراكش", "地铁 OR 半导体"]


def make_pages(n: int, copies: int, out: Path) -> list[Path]:
    """n synthetic pages, then `copies` copies of every corpus page, written as files into `out`."""
    from synthetic import articles, html_page

    written = []
    for i, item in enumerate(articles(n)):
        target = out / f"s{i:06d}.html"
        target.write_bytes(html_page(item))
        written.append(target)
    pages = sorted(p for p in (ROOT / "corpus").rglob("*.htm*") if not p.name.endswith(".gz"))
    for c in range(copies):
        for page in pages:
            raw = page.read_bytes()
            if c:
                raw = re.sub(rb'(rel="canonical" href="[^"]+)"', rb'\1?copy=%d"' % c, raw, count=1)
                raw = raw.replace(b"</p>", b" [%d]</p>" % c, 1)
            target = out / f"c{c:04d}-{page.name}"
            target.write_bytes(raw)
            written.append(target)
    return written


def _cpu() -> tuple[float, float]:
    """User+sys seconds of this process, and of its children that have ended."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


def _cpu_since(before: tuple[float, float]) -> tuple[float, float]:
    now = _cpu()
    return now[0] - before[0], now[1] - before[1]


class _TreeMemory:
    """The peak of the memory of a process and all its descendants together (the sum of their proportional set
    sizes), sampled every 0.25 s by a thread of this process (not counted in their CPU seconds) while
    the `with` block runs."""

    def __init__(self, pid: int):
        self.pid = pid

    def __enter__(self) -> _TreeMemory:
        self.peak_mib, self._done = 0.0, threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._done.set()
        self._thread.join()

    def _sample(self) -> None:
        while True:
            self.peak_mib = max(self.peak_mib, sum(_pss_kib(pid) for pid in _tree(self.pid)) / 1024)
            if self._done.wait(0.25):
                return


def _tree(pid: int) -> list[int]:
    """pid and its descendants (Linux /proc)."""
    from startup import children

    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            todo.extend(children(current))
        except OSError:  # (ended meanwhile)
            continue
    return found


def _pss_kib(pid: int) -> int:
    """The process's proportional set size: its own pages, plus each shared page divided by the processes sharing
    it."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as fh:
            return next((int(line.split()[1]) for line in fh if line.startswith("Pss:")), 0)
    except OSError:
        return 0


def _peaks() -> tuple[float, float]:
    """Peak resident MiB of this process, and of the largest of its ended children (0 without children)."""
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


def run_ours(pages_dir: Path, data: Path, results) -> None:
    from indexer.archive import Archive
    from indexer.ingest.pipeline import ingest
    from search_app.service import SearchService

    with Archive(data) as archive:
        cpu, start = _cpu(), time.perf_counter()
        report = ingest(archive, [str(pages_dir)])
        took, cpu = time.perf_counter() - start, _cpu_since(cpu)
        explorer = (archive.explorer_seconds, archive.explorer_cpu)
        articles = archive.store.stats()["articles"]
        service = SearchService(archive)
        service.search("warm up")
        timings = []
        for _ in range(5):
            for q in QUERIES:
                t = time.perf_counter()
                service.search(q)
                timings.append((time.perf_counter() - t) * 1000)
    timings.sort()
    results.put({"took": took, "cpu": cpu, "explorer": explorer, "peaks": _peaks(), "added": len(report.added),
                 "failed": len(report.failed), "articles": articles, "median": statistics.median(timings),
                 "p95": timings[int(len(timings) * 0.95) - 1], "queries": len(timings)})


def run_naive(pages: list[Path], index_dir: Path, results) -> None:
    from bs4 import BeautifulSoup
    from langdetect import DetectorFactory, detect
    from langdetect.lang_detect_exception import LangDetectException
    from whoosh.analysis import StandardAnalyzer
    from whoosh.fields import ID, TEXT, Schema
    from whoosh.index import create_in

    DetectorFactory.seed = 0
    index_dir.mkdir()
    cpu, start = _cpu(), time.perf_counter()
    index = create_in(str(index_dir), Schema(url=ID(stored=True, unique=True), lang=ID(stored=True),
                                             content=TEXT(analyzer=StandardAnalyzer())))
    writer = index.writer()
    for path in pages:
        text = BeautifulSoup(path.read_bytes(), "html.parser").get_text(" ", strip=True)
        try:
            lang = detect(text)
        except LangDetectException:
            lang = "und"
        writer.add_document(url=path.name, lang=lang, content=text)
    writer.commit()
    took, cpu = time.perf_counter() - start, _cpu_since(cpu)
    results.put({"took": took, "cpu": cpu, "peaks": _peaks(), "added": index.doc_count()})


def _in_child(target, *args) -> dict:
    """Run target in a fresh (forked) process and return what it reports, so CPU and memory are its own, with the
    peak memory of that process and its workers together."""
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    child = ctx.Process(target=target, args=(*args, results))
    child.start()
    with _TreeMemory(child.pid) as memory:
        report = results.get()
    child.join()
    return {**report, "tree_mib": memory.peak_mib}


def profile(pages: list[Path], top: int = 25) -> None:
    from indexer.annotate.stage import process
    from indexer.sources.files import read_file

    raw = [read_file(str(p)) for p in pages]
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    for page in raw:
        process(page)
    profiler.disable()
    took = time.perf_counter() - start
    print(f"annotated {len(raw)} pages in one process in {took:.1f} s (under cProfile) = {len(raw) / took:.1f} "
          f"pages/s")
    stats = pstats.Stats(profiler)
    for order in ("tottime", "cumulative"):
        print(f"\n--- top {top} by {order} ---")
        stats.sort_stats(order).print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=1000, help="synthetic pages (default 1,000)")
    parser.add_argument("--copies", type=int, default=0, help="copies of every bundled corpus page (default none)")
    parser.add_argument("--data", type=Path, default=None, help="archive folder for ours (default: a temporary one)")
    parser.add_argument("--profile", action="store_true", help="profile annotation in one process instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pages_dir = Path(tmp) / "pages"
        pages_dir.mkdir()
        pages = make_pages(args.pages, args.copies, pages_dir)
        n = len(pages)
        if args.profile:
            profile(pages)
            return
        naive = _in_child(run_naive, pages, Path(tmp) / "naive-index")
        ours = _in_child(run_ours, pages_dir, args.data or Path(tmp) / "data")
        peer = measure_peer(pages, Path(tmp) / "peer-index", _TreeMemory)
    print(f"{n} pages ({args.pages} synthetic, {n - args.pages} corpus copies)")
    rows = [("ours ", ours, f"added {ours['added']}, failed {ours['failed']}"),
            ("naive", naive, f"indexed {naive['added']}")] + ([("peer ", peer, peer_extra(peer))] if peer else [])
    for name, r, extra in rows:
        main_mib, child_mib = r["peaks"]
        main_cpu, child_cpu = r["cpu"]
        split = f" = main {main_cpu:.1f} + workers {child_cpu:.1f}" if child_cpu else ""
        print(f"{name}: {r['took']:.1f} s = {n / r['took']:.1f} pages/s; CPU {main_cpu + child_cpu:.1f} s{split} "
              f"({n / (main_cpu + child_cpu):.1f} pages per CPU s); peak RSS {main_mib:.0f} MiB"
              + (f" (largest worker {child_mib:.0f} MiB, all processes together {r['tree_mib']:.0f} MiB)"
                 if child_mib else "") + f"; {extra}")
    wall, cpu = ours["explorer"]
    print(f"of ours, filing articles into entity pages and stories (indexer/explore): {wall:.1f} s = "
          f"{100 * wall / ours['took']:.1f} % of the ingest's wall time; {cpu:.1f} CPU s = "
          f"{100 * cpu / sum(ours['cpu']):.1f} % of its CPU seconds")
    print(f"ratio ours/naive: {naive['took'] / ours['took']:.2f}x wall, "
          f"{sum(naive['cpu']) / sum(ours['cpu']):.2f}x CPU")
    if peer:
        print(f"ratio ours/peer: {peer['took'] / ours['took']:.2f}x wall, {sum(peer['cpu']) / sum(ours['cpu']):.2f}x CPU "
              f"(pages per CPU s; both with {peer['workers']} worker processes on {os.cpu_count()} cores)")
    print(f"search with facets: median {ours['median']:.1f} ms, p95 {ours['p95']:.1f} ms over {ours['queries']} "
          f"queries on {ours['articles']} articles")


if __name__ == "__main__":
    main()
