"""Search and facet latency on a large synthetic index (default 100,000 articles), without the cost of ingesting.

    .venv/bin/python benchmarks/scale.py [--articles N] [--index DIR]

The corpus pages are annotated once; then N articles are written straight into a Whoosh index through the engine,
each a corpus article with another id, a date spread over ten years, a few words from a shared vocabulary (so the
term dictionary grows) and entities drawn from pools of 20,000 people, 5,000 places and 5,000 organisations (so
facets have realistic cardinality). Prints index build time and size, the cost of the first search after a commit
(the facet table is built then), median / p95 latency of typical searches with all facets, and peak memory.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.annotate.stage import process  # noqa: E402
from indexer.index.whoosh_engine import WhooshEngine  # noqa: E402
from indexer.models import Block, Entity, Quote  # noqa: E402
from indexer.sources.files import read_file  # noqa: E402

QUERIES = ["Wrocław", '"night train"', "drought OR sequía OR sécheresse", "Kyiv", "flood NOT Oder", "title:summit",
           "*", "police", "minister said", "language:de"]
SYLLABLES = "ka ri mo le sa tu ne vi do pa lo me zu ra ti go be na si ko".split()


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def _name(rng: random.Random, parts: int) -> str:
    return " ".join(_word(rng).capitalize() for _ in range(parts))


def synthetic(bases: list, n: int, seed: int = 7):
    """(id, version, AnnotatedArticle) for n articles derived from the annotated corpus."""
    rng = random.Random(seed)
    people = [_name(rng, 2) for _ in range(20_000)]
    places = [_name(rng, 1) for _ in range(5_000)]
    orgs = [_name(rng, 2) + " Group" for _ in range(5_000)]
    vocabulary = [_word(rng) for _ in range(50_000)]
    for i in range(n):
        base = bases[i % len(bases)]
        year, day = 2016 + rng.randrange(10), rng.randrange(1, 28)
        extra = " ".join(rng.choice(vocabulary) for _ in range(30))
        article = replace(base.article, blocks=[*base.article.blocks, Block(extra)],
                          published=f"{year}-{rng.randrange(1, 13):02d}-{day:02d}T08:00:00+00:00",
                          url=f"https://synthetic.example/{i}")
        speaker = rng.choice(people)
        entities = [Entity(p, "person", 2) for p in rng.sample(people, 3)] + \
                   [Entity(p, "place", 1) for p in rng.sample(places, 2)] + \
                   [Entity(o, "organization", 1) for o in rng.sample(orgs, 2)] + list(base.entities)
        quotes = [*base.quotes, Quote(f"{extra[:80]}", speaker)]
        yield f"s{i:07d}", 1, replace(base, article=article, entities=entities, quotes=quotes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--articles", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=5_000, help="articles per commit (one segment each)")
    parser.add_argument("--index", type=Path, default=None, help="index folder (default: a temporary one)")
    args = parser.parse_args()
    bases = []
    for page in sorted((ROOT / "corpus").rglob("*.htm*")):
        try:
            bases.append(process(read_file(str(page))))
        except Exception:  # the corpus holds deliberately broken pages
            continue
    with tempfile.TemporaryDirectory() as tmp:
        engine = WhooshEngine(args.index or Path(tmp) / "index")
        start = time.perf_counter()
        items = synthetic(bases, args.articles)
        for done in range(0, args.articles, args.batch):
            engine.write_articles(item for _, item in zip(range(args.batch), items, strict=False))
            print(f"  indexed {min(done + args.batch, args.articles):,} articles "
                  f"({time.perf_counter() - start:.0f} s)", file=sys.stderr)
        took = time.perf_counter() - start
        size = sum(f.stat().st_size for f in (args.index or Path(tmp) / "index").rglob("*") if f.is_file())
        print(f"index: {args.articles:,} articles in {took:.0f} s ({args.articles / took:.0f}/s), "
              f"{size / 2**20:.0f} MiB on disk")

        t = time.perf_counter()
        first = engine.search("Kyiv")
        print(f"first search after the last commit (builds the facet table): {(time.perf_counter() - t) * 1000:.0f} ms"
              f" ({first.total:,} hits)")
        person = next(e.name for b in bases for e in b.entities if e.type == "person")
        for label, filters in (("plain", {}), (f"with a person filter ({person})", {"person": person})):
            timings, totals = [], []
            for _ in range(3):
                for q in QUERIES:
                    t = time.perf_counter()
                    result = engine.search(q, filters)
                    timings.append((time.perf_counter() - t) * 1000)
                    totals.append(result.total)
            timings.sort()
            print(f"search with all facets, {label}: median {statistics.median(timings):.0f} ms, "
                  f"p95 {timings[int(len(timings) * 0.95) - 1]:.0f} ms, max {timings[-1]:.0f} ms "
                  f"(hits per query: median {statistics.median(totals):,.0f}, max {max(totals):,})")
        t = time.perf_counter()
        engine.search_quotes(speaker=person)
        print(f"quotes by speaker: {(time.perf_counter() - t) * 1000:.0f} ms")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (this process): {peak:.0f} MiB")


if __name__ == "__main__":
    main()
