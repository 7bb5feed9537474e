"""Page kinds: how well indexer/clean/page_kind.py tells articles from fronts, sections, tag pages and galleries.

Run:  .venv/bin/python benchmarks/page_kinds.py [--show] [FOLDER]

FOLDER (default tests/page_kinds) holds one sub-folder per true kind (article, front, section, tag, gallery) of
HTML pages. Prints a confusion table (rows: true kind, columns: the classifier's call), accuracy, and for articles
the two figures that matter most: articles passed over (lost from search) and non-articles indexed (noise).
--show prints the signals of every page called wrongly.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.clean.extract import clean  # noqa: E402
from indexer.clean.page_kind import KINDS, page_kind  # noqa: E402
from indexer.sources.files import read_file  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "tests" / "page_kinds")
    parser.add_argument("--show", action="store_true", help="print the signals of each page called wrongly")
    args = parser.parse_args()
    table: Counter = Counter()
    wrong = []
    for path in sorted(args.folder.glob("*/*.html")):
        truth = path.parent.name
        page = read_file(str(path))
        found = page_kind(page, clean(page))
        table[truth, found.kind] += 1
        if found.kind != truth:
            wrong.append((path, truth, found))
    total = sum(table.values())
    if not total:
        print(f"no pages under {args.folder}/<kind>/", file=sys.stderr)
        return 1
    width = max(map(len, KINDS)) + 2
    corner = "true \\ called"
    print(f"{corner:<{width + 6}}" + "".join(f"{k:>{width}}" for k in KINDS) + f"{'pages':>{width}}")
    for truth in KINDS:
        row = [table[truth, k] for k in KINDS]
        print(f"{truth:<{width + 6}}" + "".join(f"{n:>{width}}" for n in row) + f"{sum(row):>{width}}")
    right = sum(table[k, k] for k in KINDS)
    articles = sum(table["article", k] for k in KINDS)
    lost = articles - table["article", "article"]
    noise = sum(table[k, "article"] for k in KINDS if k != "article")
    print(f"\n{total} pages, {right} called right ({right / total:.0%}); articles passed over: {lost} of {articles}; "
          f"non-articles kept as articles: {noise} of {total - articles}")
    if args.show:
        for path, truth, found in wrong:
            print(f"\n{path.relative_to(args.folder)}: {truth} called {found.kind} ({found.reason})\n  {found.signals}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
