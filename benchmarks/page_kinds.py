"""Page kinds: how well indexer/clean/page_kind.py tells articles from fronts, sections, tag pages and galleries.

Run:  .venv/bin/python benchmarks/page_kinds.py [--show] [FOLDER ...]

Each FOLDER holds one sub-folder per true kind (article, front, section, tag, gallery) of HTML pages. Default:
tests/page_kinds (the pages the rules were written against) and tests/page_kinds_holdout (pages written afterwards,
in other templates, to see how the rules carry over). Prints per folder a confusion table (rows: true kind,
columns: the classifier's call), accuracy, articles passed over (lost from search) and non-articles kept as
articles (noise). When ../shared/eval is here, it also counts the article pages of the three extraction sets
(every page of aeb and trafilatura, the readerable ones of readability) that would be passed over.
--show prints the signals of every page called wrongly.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.clean.extract import clean  # noqa: E402
from indexer.clean.page_kind import KINDS, page_kind  # noqa: E402
from indexer.models import RawPage  # noqa: E402
from indexer.sources.files import read_file  # noqa: E402

FOLDERS = [ROOT / "tests" / "page_kinds", ROOT / "tests" / "page_kinds_holdout"]


def confusion(folder: Path, show: bool) -> None:
    table: Counter = Counter()
    wrong = []
    for path in sorted(folder.glob("*/*.html")):
        page = read_file(str(path))
        found = page_kind(page, clean(page))
        table[path.parent.name, found.kind] += 1
        if found.kind != path.parent.name:
            wrong.append((path, found))
    total = sum(table.values())
    if not total:
        print(f"no pages under {folder}/<kind>/\n")
        return
    width = max(map(len, KINDS)) + 2
    corner = "true \\ called"
    print(f"{folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder}")
    print(f"{corner:<{width + 6}}" + "".join(f"{k:>{width}}" for k in KINDS) + f"{'pages':>{width}}")
    for truth in KINDS:
        row = [table[truth, k] for k in KINDS]
        print(f"{truth:<{width + 6}}" + "".join(f"{n:>{width}}" for n in row) + f"{sum(row):>{width}}")
    right = sum(table[k, k] for k in KINDS)
    articles = sum(table["article", k] for k in KINDS)
    lost = articles - table["article", "article"]
    noise = sum(table[k, "article"] for k in KINDS if k != "article")
    print(f"{total} pages, {right} called right ({right / total:.0%}); articles passed over: {lost} of {articles}; "
          f"non-articles kept as articles: {noise} of {total - articles}")
    for path, found in wrong if show else []:
        print(f"  {path.relative_to(folder)}: called {found.kind} ({found.reason})\n    {found.signals}")
    print()


def extraction_sets() -> None:
    """Article pages of ../shared/eval that the classifier would pass over (each one an article lost)."""
    script = ROOT / "benchmarks" / "extraction.py"
    spec = importlib.util.spec_from_file_location("extraction_bench", script)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    if not bench.EVAL.exists():
        return
    for name in bench.SETS:
        pages, lost = 0, []
        for item in bench.load_set(name):
            if item["gold"].get("readerable") is False:
                continue
            pages += 1
            page = RawPage(item["data"], item["id"], url=item["url"])
            found = page_kind(page, clean(page))
            if not found.is_article:
                lost.append(f"{item['id']} ({found.kind}: {found.reason})")
        print(f"extraction set {name}: {len(lost)} of {pages} article pages passed over"
              + "".join(f"\n  {x}" for x in lost))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", type=Path, default=FOLDERS)
    parser.add_argument("--show", action="store_true", help="print the signals of each page called wrongly")
    args = parser.parse_args()
    for folder in args.folders:
        confusion(folder.resolve(), args.show)
    extraction_sets()
    return 0


if __name__ == "__main__":
    sys.exit(main())
