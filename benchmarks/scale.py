"""Index build speed and search latency on a large synthetic archive (default 100,000 articles), without ingesting.

    .venv/bin/python benchmarks/scale.py [--articles N] [--batch B] [--index DIR [--reuse]] [--http] [--explorer]
                                         [--hostile]

Articles come from benchmarks/synthetic.py (distinct text in six languages, tens of thousands of people) and are
written straight into the index through the engine, B per commit, as an ingest would. Prints the build time of each
block of 10,000 articles (a slowdown as the index grows shows there), the index size and segment count, then the
first search after a commit, the first answer of a fresh process (what a server just started gives), p50/p95 of a
query mix with all facets (beside Whoosh's own `groupedby` facets on the same index, as a ratio), quotes by
speaker, did-you-mean, and with --http the same mix over a waitress server of the real app on 127.0.0.1. With
--explorer the articles are also stored (under the same ids) and filed into entities and stories, both timed, and
with --http entity pages, look-ups, the front page and stories are timed over the same server
(benchmarks/explorer_http.py). Peak memory last.

With --hostile: the queries a hostile visitor sends to freeze search for everyone (long chains of proximity
operators, chains of prefixes, deep brackets; issue #41), each timed alone against a `newsarchive serve` process on
127.0.0.1, then a plain query timed alone and while three hostile clients send such queries in a loop: issue
#41's chains, then the costliest queries the limits let through (the ratio is what a reader suffers from them). An empty archive's first `serve` adds the bundled corpus, so the chains of
river/flood find the corpus's words.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from synthetic import articles  # noqa: E402

from indexer.index.whoosh_engine import ARTICLES, WhooshEngine  # noqa: E402

QUERIES = ["bridge", '"decision before winter"', "drought OR sequía OR sécheresse OR засуха", "Hochwasser",
           "flood NOT budget", "title:museum", "*", "petition", "council vote", "language:de", "Bibliothek Markt",
           "festival*"]
BLOCK = 10_000
PLAIN = "harbour"
_COMMON = "said council school money vote work rain number next visitor session spring".split()
# issue #41's hostile queries, a chain of the synthetic articles' most common prefixes, and the costliest queries
# that the limits of indexer/index/query_limits.py let through (8 proximity operators, 64 words)
HOSTILE = {
    "150 words, w/50 chain": " w/50 ".join(("river", "flood")[i % 2] for i in range(150)),
    "50 prefixes tr*, w/50 chain": " w/50 ".join(["tr*"] * 50),
    "50 prefixes re* co* se* pe*, w/50 chain": " w/50 ".join(("re*", "co*", "se*", "pe*")[i % 4] for i in range(50)),
    "200 words, w/5 chain": " w/5 ".join(["ab"] * 200),
    "200 words, pre/5 chain": " pre/5 ".join(["ab"] * 200),
    "995 nested brackets": "(" * 995 + "harbour" + ")" * 995,
    "4 prefixes re* co* se* pe*, w/50 chain": "re* w/50 co* w/50 se* w/50 pe*",
    "9 common words, w/50 chain": " w/50 ".join(_COMMON[:9]),
    "64 common words OR-ed": " OR ".join(_COMMON[i % len(_COMMON)] for i in range(64)),
}
ATTACKS = {"issue #41's chains": ("150 words, w/50 chain", "50 prefixes tr*, w/50 chain",
                                   "50 prefixes re* co* se* pe*, w/50 chain"),
           "the costliest queries within the limits": ("4 prefixes re* co* se* pe*, w/50 chain",
                                                       "9 common words, w/50 chain", "64 common words OR-ed")}


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _percentiles(timings: list[float]) -> tuple[float, float]:
    ordered = sorted(timings)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.95 + 0.5) - 1)]


def build(engine: WhooshEngine, n: int, batch: int) -> float:
    start = block_start = time.perf_counter()
    items = ((a.id, 1, a.annotated) for a in articles(n))
    done = 0
    while done < n:
        size = min(batch, n - done)
        engine.write_articles(item for _, item in zip(range(size), items, strict=False))
        done += size
        if done % BLOCK == 0 or done == n:
            now = time.perf_counter()
            count = done % BLOCK or BLOCK
            print(f"  articles {done - count + 1:,}-{done:,}: {now - block_start:.0f} s "
                  f"({count / (now - block_start):.0f}/s)", flush=True)
            block_start = now
    return time.perf_counter() - start


def groupedby_search(engine: WhooshEngine, text: str, filters: dict) -> None:
    """The same query with Whoosh's own facet counting (`groupedby`), for comparison."""
    from whoosh import sorting

    s = engine.searcher(ARTICLES)
    q = engine.parse(text, ARTICLES)
    flt = engine._filter(ARTICLES, filters)
    facets = {f: sorting.FieldFacet(f, allow_overlap=True) for f in ("person", "place", "organization", "speaker",
                                                                         "language", "source", "year")}
    results = s.search(q, limit=10, filter=flt, groupedby=facets)
    for f in facets:
        results.groups(f)


def fresh_process_search(data: Path) -> float:
    """Wall time of a new Python process that opens the index and answers one search: a server's first answer."""
    import subprocess

    code = ("import sys; sys.path.insert(0, sys.argv[1]); from indexer.index.whoosh_engine import WhooshEngine; "
            "WhooshEngine(sys.argv[2]).search('bridge')")
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, str(ROOT), str(data / "index")], check=True)
    return time.perf_counter() - t


def timed(fn, *args, **kwargs) -> float:
    t = time.perf_counter()
    fn(*args, **kwargs)
    return time.perf_counter() - t


def serve(folder: Path) -> int:
    """A waitress server of the real app on 127.0.0.1, in a thread of this process; its port. (It ends with the
    process: closing it under a live channel prints errors.)"""
    import socket
    import threading

    from waitress.server import create_server

    from search_app import create_app

    app = create_app(folder)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    server = create_server(app, host="127.0.0.1", port=port, threads=4)
    threading.Thread(target=server.run, daemon=True).start()
    return port


def http_mix(port: int, person: str, rounds: int) -> list[float]:
    """The query mix over HTTP, against the server on `port`."""
    import urllib.parse
    import urllib.request

    timings = []
    for r in range(rounds + 1):
        for q in QUERIES:
            for extra in ({}, {"person": person}):
                url = f"http://127.0.0.1:{port}/api/search?" + urllib.parse.urlencode({"q": q, **extra})
                t = time.perf_counter()
                with urllib.request.urlopen(url, timeout=30) as response:
                    response.read()
                if r:  # the first round warms each serving thread's searchers
                    timings.append(time.perf_counter() - t)
    return timings


def _served(data: Path):
    """A `newsarchive serve` process for the archive in `data` (eight serving threads, as always), and its URL."""
    import socket
    import subprocess
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "indexer.cli", "serve", "--data", str(data), "--port", str(port)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(1200):  # an empty archive's first serve adds the bundled corpus first (a minute or two)
        try:
            with urllib.request.urlopen(base + "/api/stats", timeout=5):
                return proc, base
        except OSError:
            if proc.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(0.25)
    proc.kill()
    raise SystemExit("the server did not answer within 5 minutes")


def _ask(base: str, text: str) -> tuple[float, int]:
    """Seconds and HTTP status of one /api/search."""
    import urllib.error
    import urllib.parse
    import urllib.request

    t = time.perf_counter()
    try:
        with urllib.request.urlopen(f"{base}/api/search?" + urllib.parse.urlencode({"q": text}), timeout=600) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as exc:
        exc.read()
        status = exc.code
    return time.perf_counter() - t, status


def _behind(base: str, attacks: list[str], rounds: int) -> tuple[list[tuple[float, int]], dict[int, int]]:
    """The plain query `rounds` times while a client per attack sends it in a loop, and how they were answered."""
    import threading

    stop = threading.Event()
    answered: list[tuple[float, int]] = []

    def attack(text: str) -> None:
        while not stop.is_set():
            answered.append(_ask(base, text))

    attackers = [threading.Thread(target=attack, args=(text,), daemon=True) for text in attacks]
    for thread in attackers:
        thread.start()
    time.sleep(0.5)  # the three are running
    behind = [_ask(base, PLAIN) for _ in range(rounds)]
    stop.set()
    for thread in attackers:
        thread.join(timeout=600)
    return behind, dict(sorted(Counter(status for _, status in answered).items()))


def hostile(data: Path, plain_rounds: int = 10) -> None:
    """Each hostile query alone, then the plain query alone and behind three hostile clients (see --hostile)."""
    proc, base = _served(data)
    try:
        for _ in range(3):
            _ask(base, PLAIN)  # opens the searchers and facet tables
        alone = [_ask(base, PLAIN)[0] for _ in range(plain_rounds)]
        for name, text in HOSTILE.items():
            took, status = _ask(base, text)
            print(f"  {name} ({len(text):,} characters): {took:.2f} s, HTTP {status}", flush=True)
        m_alone = statistics.median(alone)
        print(f"  plain q={PLAIN} alone: median {_ms(m_alone)}, max {_ms(max(alone))}", flush=True)
        for attack_name, names in ATTACKS.items():
            behind, statuses = _behind(base, [HOSTILE[name] for name in names], plain_rounds)
            m_behind = statistics.median(t for t, _ in behind)
            print(f"  plain q={PLAIN} behind three clients sending {attack_name} in a loop (their answers: HTTP "
                  f"{statuses}): median {_ms(m_behind)}, max {_ms(max(t for t, _ in behind))}, HTTP "
                  f"{sorted({s for _, s in behind})} (behind/alone median {m_behind / m_alone:.1f})", flush=True)
    finally:
        proc.terminate()  # waitress stops at SIGTERM
        proc.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--articles", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=500, help="articles per commit (an ingest batch)")
    parser.add_argument("--index", type=Path, default=None, help="data folder (default: a temporary one)")
    parser.add_argument("--rounds", type=int, default=3, help="times the query mix runs")
    parser.add_argument("--http", action="store_true", help="also run the query mix over HTTP")
    parser.add_argument("--reuse", action="store_true",
                        help="search the index (and with --explorer the store) already in --index, if any")
    parser.add_argument("--explorer", action="store_true",
                        help="also store the articles, file them into entities and stories (timed), and with --http "
                             "time entity pages, look-ups, the front page and stories (benchmarks/explorer_http.py)")
    parser.add_argument("--hostile", action="store_true",
                        help="only the hostile queries against a server process (after the build, if any)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = args.index or Path(tmp)
        engine = WhooshEngine(data / "index")
        if args.reuse and engine.stats().articles:
            print(f"searching the index already in {data} ({engine.stats().articles:,} articles)")
        else:
            print(f"building {args.articles:,} articles, {args.batch} per commit:", flush=True)
            took = build(engine, args.articles, args.batch)
            print(f"index: {args.articles:,} articles in {took:.0f} s ({args.articles / took:.0f}/s)")
            waited = timed(engine.wait_for_merges)
            print(f"then {waited:.0f} s for the background merge still running (see indexer/index/whoosh_merge.py)")
        if args.explorer:
            explorer_store(data, args.articles, args.reuse)
        if args.hostile:
            engine.close()
            print("hostile queries against `newsarchive serve` (a process of its own, 8 threads):", flush=True)
            hostile(data)
            return
        size = sum(f.stat().st_size for f in (data / "index").rglob("*") if f.is_file())
        segments = len(engine.searcher(ARTICLES).reader().leaf_readers())
        print(f"index size: {size / 2**20:.0f} MiB on disk, {segments} article segments", flush=True)

        sample = next(iter(articles(1))).annotated
        person = sample.entities[0].name
        speaker = sample.quotes[0].speaker
        timings = [timed(engine.search, "bridge")]
        engine.write_articles([(a.id, 2, a.annotated) for a in articles(1)])  # one more commit, one more segment
        first = timed(engine.search, "bridge")
        print(f"first search after a commit: {_ms(first)} (first search on opening: {_ms(timings[0])})")
        print(f"a fresh process, from its start to its first answer: {_ms(fresh_process_search(data))} "
              "(facet tables kept beside the index by the searches above)", flush=True)

        # ours first, then groupedby in a pass of its own: timed between two groupedby calls (seconds of allocation
        # each), our first round ran slower than the same queries over HTTP
        ours = [timed(engine.search, q, filters) for _ in range(args.rounds) for q in QUERIES
                for filters in ({}, {"person": person})]
        theirs = [timed(groupedby_search, engine, q, filters) for q in QUERIES if q != "*"  # seconds per query
                  for filters in ({}, {"person": person})]
        p50, p95 = _percentiles(ours)
        g50, g95 = _percentiles(theirs)
        print(f"search with all facets ({len(ours)} queries, with and without a person filter): p50 {_ms(p50)}, "
              f"p95 {_ms(p95)}, max {_ms(max(ours))}; Whoosh groupedby facets: p50 {_ms(g50)}, p95 {_ms(g95)} "
              f"(ours/groupedby p95 {p95 / g95:.2f})")
        quotes = [timed(engine.search_quotes, speaker=speaker) for _ in range(5)]
        print(f"quotes by speaker ({speaker}): p50 {_ms(statistics.median(quotes))}, max {_ms(max(quotes))}")
        typos = ["brigde", "petitoin", "Hochwaser", "festivl", "sequia", "councl vote"]
        suggest = [timed(engine.suggest, t) for t in typos for _ in range(2)]
        print(f"did-you-mean: p50 {_ms(statistics.median(suggest))}, max {_ms(max(suggest))}")
        wild = {q: timed(lambda q=q: _try(engine, q)) for q in ("**", "*?*", "fe*", "Hoch*", "bri?ge", "brigde~2")}
        print("wildcards (answered or refused): " + ", ".join(f"{q} {_ms(t)}" for q, t in wild.items()))
        if args.http:
            engine.close()
            port = serve(data)
            over = http_mix(port, person, args.rounds)
            h50, h95 = _percentiles(over)
            print(f"over HTTP (waitress on 127.0.0.1): p50 {_ms(h50)}, p95 {_ms(h95)}, max {_ms(max(over))}")
            if args.explorer:
                from explorer_http import mix, summary

                for kind, line in summary(mix(f"http://127.0.0.1:{port}", data / "archive.sqlite3",
                                              args.rounds)).items():
                    print(f"explorer over HTTP, {kind}: {line}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (this process): {peak:.0f} MiB")


def explorer_store(data: Path, n: int, reuse: bool) -> None:
    """The same articles in the store (under the index's ids), filed into entities and stories: both timed."""
    from explorer_http import file_explorer
    from synthetic import build_store

    from indexer.store import Store

    if reuse and (data / "archive.sqlite3").exists():
        with Store(data / "archive.sqlite3") as store:
            if store.stats()["articles"] >= n:
                print(f"the store already in {data} holds {store.stats()['articles']:,} articles", flush=True)
                return
    took = build_store(data, n)
    print(f"store: {n:,} articles in {took:.0f} s ({n / took:.0f}/s)", flush=True)
    took, filed = file_explorer(data)
    print(f"filed {filed:,} stored articles into entities and stories in {took:.0f} s ({filed / took:.0f}/s, "
          f"{1000 * took / max(1, filed):.2f} ms an article)", flush=True)


def _try(engine: WhooshEngine, text: str) -> None:
    from indexer.index.engine import QueryError

    try:
        engine.search(text)
    except QueryError:
        pass


if __name__ == "__main__":
    main()
