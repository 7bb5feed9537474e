"""The explorer at archive size, over HTTP: what scale.py and backends.py time on a served archive.

- entity pages: the page (/entities/<key>) and its JSON (/api/entities/<key>) of the ten entities named in most
  articles and of thirty chosen at random (a fixed seed);
- look-ups (/api/entities?q=): those entities' names as a journalist types them: the whole name, a person's surname
  alone, the first five letters, the name without its accents;
- the front page (/) and the list of stories (/api/stories, /api/stories?q=bridge, /stories);
- the stories of a search alone (/api/stories?q= bridge, council and flood).
The first round warms the server's threads and is not counted. Limits (issue #43): an entity page's p95 200 ms,
a look-up's 50 ms, the front page 300 ms.
"""

from __future__ import annotations

import random
import statistics
import time
import unicodedata
import urllib.parse
import urllib.request
from pathlib import Path

LIMITS = {"entity page": 200, "entity JSON": 200, "lookup": 50, "front page": 300}
ENTITIES_TOP, ENTITIES_RANDOM = 10, 30


def sample(store_file: Path, seed: int = 5) -> tuple[list[str], list[str]]:
    """(entity keys to open, names to look up) from the archive's store."""
    import sqlite3

    db = sqlite3.connect(f"file:{store_file}?mode=ro", uri=True)
    top = db.execute("SELECT l.slug FROM entity_stats s JOIN entity_links l ON l.key=s.key "
                     "ORDER BY s.articles DESC LIMIT ?", (ENTITIES_TOP,)).fetchall()
    every = db.execute("SELECT l.slug, l.name, l.type FROM entity_stats s JOIN entity_links l ON l.key=s.key "
                       "WHERE s.articles > 0").fetchall()
    db.close()
    chosen = random.Random(seed).sample(every, min(ENTITIES_RANDOM, len(every)))
    names = []
    for _, name, kind in chosen:
        bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        names += [name, name[:5], bare] + ([name.split()[-1]] if kind == "person" and " " in name else [])
    return [s for (s,) in top] + [s for s, _, _ in chosen], names


def _get(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()
        if response.status != 200:
            raise SystemExit(f"{url}: {response.status}")
    return time.perf_counter() - started


def mix(base: str, store_file: Path, rounds: int = 3, kinds: list[str] | None = None) -> dict[str, list[float]]:
    """Seconds per request of each kind (of `kinds`, when given), over `rounds` rounds after a warm-up round."""
    keys, names = sample(store_file)
    quoted = urllib.parse.quote
    requests = {
        "entity page": [f"{base}/entities/{quoted(k)}" for k in keys],
        "entity JSON": [f"{base}/api/entities/{quoted(k)}" for k in keys],
        "lookup": [f"{base}/api/entities?q={quoted(n)}" for n in names],
        "front page": [f"{base}/"],
        "stories": [f"{base}/api/stories", f"{base}/api/stories?q=bridge", f"{base}/stories"],
        "stories of a search": [f"{base}/api/stories?q={q}" for q in ("bridge", "council", "flood")],
    }
    requests = {kind: urls for kind, urls in requests.items() if not kinds or kind in kinds}
    timings: dict[str, list[float]] = {kind: [] for kind in requests}
    for r in range(rounds + 1):
        for kind, urls in requests.items():
            for url in urls:
                took = _get(url)
                if r:
                    timings[kind].append(took)
    return timings


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(len(ordered) * q + 0.5) - 1))]


def summary(timings: dict[str, list[float]]) -> dict[str, str]:
    """One line per kind: p50, p95 and max in ms, and the limit it is held to."""
    lines = {}
    for kind, values in timings.items():
        p50, p95 = statistics.median(values), percentile(values, 0.95)
        limit = LIMITS.get(kind)
        verdict = f" (limit {limit} ms: {'met' if p95 * 1000 <= limit else 'MISSED'})" if limit else ""
        lines[kind] = (f"p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max {max(values) * 1000:.0f} ms over "
                       f"{len(values)}{verdict}")
    return lines


def file_explorer(data: Path) -> tuple[float, int]:
    """File every stored article into entities and stories (`Archive.update_explorer`): (seconds, articles)."""
    from indexer.explore.update import catch_up
    from indexer.store import Store

    store = Store(Path(data) / "archive.sqlite3")
    store.db.execute("PRAGMA synchronous=OFF")
    started = time.perf_counter()
    done = catch_up(store, batch=500)
    store.close()
    return time.perf_counter() - started, done
