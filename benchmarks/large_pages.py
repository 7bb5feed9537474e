"""Large pages through the whole pipeline: is every stage about linear in the page, and does a page at the 20 MiB
limit ingest in a minute or get refused with a reason?

    .venv/bin/python benchmarks/large_pages.py [--sizes 0.5,20] [--shapes story,front,…]

Each page is made here from benchmarks/synthetic.py's sentences, in one of several shapes that stress different
stages: a long story of many paragraphs, a story whose paragraphs are quotations with their speakers, a front of
teasers (a headline link and a summary each), one endless paragraph, a table of many small cells, a story followed
by a huge script (most large real pages are scripts), runs of hundreds of bare tags (nesting). A "story+script" page
holds nearly as much quotation text as an article may have (indexer.clean.extract.MAX_TEXT_CHARS) and is padded with
a script up to the size asked: the costliest page that is still accepted (at any size: the story alone is 1 MiB).

Every page is ingested in a fresh child process (models loaded before the clock starts), stage by stage as the
pipeline runs them: clean (bytes → text → tree → article), page kind, annotate (language, entities, quotes), store,
index. The figures are CPU seconds of the child (user+sys: less noisy than wall time on a shared machine), its wall
time, its peak resident memory above what it held before the page, and the outcome (or the reason of the refusal).
The first size is the baseline: for the others, "per MiB" compares each stage's CPU seconds per MiB of page with the
baseline's, so a stage about linear in the page stays near 1.0x (shown when both pages came out alike: a page
refused at the limit stops early).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import tempfile
import time
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

HEAD = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A large page | Courier</title>'
        '<link rel="canonical" href="https://courier.example/large"><meta property="article:published_time" '
        'content="2026-03-14T09:00:00Z"></head><body><header><nav><a href="/">Home</a></nav></header>')
TAIL = "<footer>© Courier</footer></body></html>"
STAGES = ("clean", "kind", "annotate", "store", "index")


def _paragraphs() -> list[str]:
    from synthetic import articles

    return [b.text for item in articles(400) if item.language == "en" for b in item.annotated.article.blocks]


def _fill(size: int, unit, start: str = HEAD, end: str = TAIL) -> str:
    """start + unit(0, p) + unit(1, p) + … + end, up to `size` bytes."""
    paragraphs, parts, n, i = _paragraphs(), [start], len(start.encode()) + len(end.encode()), 0
    while True:
        part = unit(i, paragraphs[i % len(paragraphs)])
        if n + len(part.encode()) > size:
            break
        parts.append(part)
        n, i = n + len(part.encode()), i + 1
    return "".join(parts) + end


def _quoted(i: int, p: str) -> str:
    return f"<p>“{escape(p[:100])},” said Mary Ashford in Leeds. {escape(p[100:])} ({i})</p>\n"


def _story_and_script(size: int) -> str:
    from indexer.clean.extract import MAX_TEXT_CHARS

    story = _fill(int(MAX_TEXT_CHARS * 0.97), _quoted, "<article><h1>A long story</h1>", "</article>")
    return _fill(size, lambda i, p: json.dumps({f"k{i}": p}) + ",",
                 HEAD + story + "<script>window.__DATA__=[", "{}]</script>" + TAIL)


SHAPES = {
    "story": lambda size: _fill(size, lambda i, p: f"<p>{escape(p)} ({i})</p>\n",
                                HEAD + "<article><h1>A long story</h1>", "</article>" + TAIL),
    "quotes": lambda size: _fill(size, _quoted, HEAD + "<article><h1>A long story</h1>", "</article>" + TAIL),
    "front": lambda size: _fill(size, lambda i, p: f'<div class="teaser"><h2><a href="/story/{i}">Headline number {i} '
                                f'about the river and the town</a></h2><p>{escape(p)}</p></div>\n',
                                HEAD + "<main>", "</main>" + TAIL),
    "paragraph": lambda size: _fill(size, lambda i, p: f"{escape(p)} ({i}) ",
                                    HEAD + "<article><h1>A long story</h1><p>", "</p></article>" + TAIL),
    "table": lambda size: _fill(size, lambda i, p: f"<tr><td>{i}</td><td>{escape(p[:60])}</td><td>{i * 7}</td></tr>\n",
                                HEAD + "<article><h1>Results</h1><table>", "</table></article>" + TAIL),
    "nesting": lambda size: _fill(size, lambda i, p: "<b>" * 500 + escape(p[:40]),
                                  HEAD + "<article><h1>Deep</h1>", "</article>" + TAIL),
    "story+script": _story_and_script,
}


def _run(path: str, data: str, queue) -> None:
    """In the child: the pipeline's stages one by one on the page, timed."""
    from indexer.annotate.stage import annotate, warm_up
    from indexer.archive import Archive
    from indexer.clean.extract import clean
    from indexer.clean.page_kind import page_kind
    from indexer.models import InputError
    from indexer.sources.files import read_file

    warm_up()
    with Archive(data) as archive:
        page = read_file(path)
        page_id = archive.store.receive(page).page_id
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        cpu, wall, outcome = {}, time.perf_counter(), ""

        def timed(stage, work):
            clock = time.process_time()
            try:
                return work()
            finally:
                cpu[stage] = time.process_time() - clock

        try:
            article = timed("clean", lambda: clean(page))
            kind = timed("kind", lambda: page_kind(page, article))
            if kind.is_article:
                annotated = timed("annotate", lambda: annotate(article))
                timed("store", lambda: archive.store.add_article(page_id, annotated))
                timed("index", archive.sync_index)
                outcome = f"stored: {len(article.text):,} characters, {len(annotated.quotes)} quotes, " \
                          f"{len(annotated.entities)} entities"
            else:
                outcome = f"not an article: {kind.kind} ({kind.reason})"
        except InputError as exc:
            outcome = f"refused: {exc}"
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        queue.put((cpu, time.perf_counter() - wall, max(0, peak - base) / 1024, outcome))


def measure(shape: str, mib: float, folder: Path) -> tuple[dict, float, float, str]:
    path = folder / f"{shape}-{mib:g}.html"
    path.write_bytes(SHAPES[shape](int(mib * 2**20) - 512).encode())
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(target=_run, args=(str(path), str(folder / f"data-{shape}-{mib:g}"), queue))
    child.start()
    result = queue.get()
    child.join()
    path.unlink()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="0.5,20", help="page sizes in MiB, the first the baseline (default 0.5,20)")
    parser.add_argument("--shapes", default=",".join(SHAPES), help=f"which pages (default all: {', '.join(SHAPES)})")
    args = parser.parse_args()
    sizes = [float(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="newsarchive-large-") as tmp:
        for shape in args.shapes.split(","):
            baseline, first = None, ""
            for mib in sizes:
                cpu, wall, peak, outcome = measure(shape, mib, Path(tmp))
                total = sum(cpu.values())
                stages = "  ".join(f"{s} {cpu[s]:6.2f}" for s in STAGES if s in cpu)
                line = f"{shape:12s} {mib:5g} MiB  CPU {total:6.1f} s ({stages})  wall {wall:6.1f} s  +{peak:5.0f} MiB"
                if baseline is None:
                    baseline = {s: c / mib for s, c in cpu.items()}
                elif outcome.split(":")[0] == first:  # (a page refused early did not run the later stages)
                    ratios = [f"{s} {cpu[s] / mib / baseline[s]:.1f}x" for s in STAGES
                              if s in cpu and baseline.get(s, 0) > 0.05 / sizes[0]]
                    line += f"  per MiB vs {sizes[0]:g} MiB: {', '.join(ratios) or '-'}"
                first = first or outcome.split(":")[0]
                print(f"{line}\n{'':18s}{outcome[:150]}", flush=True)


if __name__ == "__main__":
    main()
