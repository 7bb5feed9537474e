"""Quotations traced across languages: precision and recall of `indexer.index.translated` on the bundled corpus.

    .venv/bin/python benchmarks/translated_quotes.py [--data FOLDER] [--half even|odd]

The gold is benchmarks/data/translated_quote_pairs.tsv: pairs of quotation ids of the corpus that report one
statement in two languages, labelled by reading them. The candidates are every pair of quotations by one speaker
(the same speaker key) in two languages within WITHIN_DAYS days; a candidate the method marks "translated" is right
when the gold lists it. The halves split the speakers (even / odd places in the sorted list of speaker keys), so a
rule tuned on one half shows on the other. Without --data the corpus is ingested into a temporary folder first.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus_archive import corpus_archive  # noqa: E402
from indexer.annotate.entities import speaker_key  # noqa: E402
from indexer.archive import Archive  # noqa: E402
from indexer.index.translated import WITHIN_DAYS, article_names, translations  # noqa: E402

GOLD = ROOT / "benchmarks/data/translated_quote_pairs.tsv"


def gold_pairs() -> set[frozenset[str]]:
    lines = [line.split("\t") for line in GOLD.read_text(encoding="utf-8").splitlines() if line and line[0] != "#"]
    return {frozenset(parts[:2]) for parts in lines}


def archive_names(archive):
    cached: dict[str, dict[str, str]] = {}

    def names(article_id: str) -> dict[str, str]:
        if article_id not in cached:
            cached[article_id] = article_names(archive.store.article(article_id))
        return cached[article_id]
    return names


def when(published: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(published) if published else None
    except ValueError:
        return None


def measure(data: Path, half: str | None) -> dict:
    gold = gold_pairs()
    with Archive(data) as archive:
        quotes = archive.engine.search_quotes(None, None, limit=100_000, page=1).quotes
        by_speaker: dict[str, list] = defaultdict(list)
        for q in quotes:
            key = speaker_key(q.speaker)
            if key:
                by_speaker[key].append(q)
        speakers = sorted(by_speaker)
        if half:
            speakers = speakers[0 if half == "even" else 1::2]
        names = archive_names(archive)

        candidates, found = set(), set()
        for key in speakers:
            said = by_speaker[key]
            for q in said:
                t = when(q.published)
                near = [c for c in said if t and when(c.published) and abs(when(c.published) - t) <= timedelta(days=WITHIN_DAYS)]
                candidates |= {frozenset((q.id, c.id)) for c in near if c.language != q.language}
                found |= {frozenset((q.id, c.id)) for c, _ in translations(q, near, names)}
    wanted = gold & candidates
    right = found & wanted
    return {"candidates": len(candidates), "gold": len(wanted), "found": len(found), "right": len(right),
            "precision": len(right) / len(found) if found else 1.0, "recall": len(right) / len(wanted) if wanted else 1.0,
            "wrong": sorted(tuple(sorted(p)) for p in found - wanted)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, help="an archive of the bundled corpus (default: ingest it afresh)")
    parser.add_argument("--half", choices=("even", "odd"), help="only the even or odd speakers")
    args = parser.parse_args()
    with corpus_archive(args.data) as data:
        for half in ([args.half] if args.half else [None, "even", "odd"]):
            r = measure(data, half)
            print(f"{half or 'whole':>5}: {r['candidates']} candidate pairs, {r['gold']} translations; marked "
                  f"{r['found']}, right {r['right']}: precision {r['precision']:.2f}, recall {r['recall']:.2f}")
            for pair in r["wrong"] if half is None else []:
                print("   wrong:", *pair)
    return 0


if __name__ == "__main__":
    sys.exit(main())
