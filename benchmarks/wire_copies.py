"""Wire copies: precision and recall of `indexer.text.shingles` on pairs built from the bundled corpus.

    .venv/bin/python benchmarks/wire_copies.py [--data FOLDER] [--seed N]

True pairs: each corpus article (of three paragraphs or more) against a copy made the way outlets edit an agency
story: a paragraph dropped (two from long stories), a few words of another paragraph changed, a byline line put
first and a boilerplate line put last, and in every third copy the last third cut. False pairs: every two different
articles of the corpus in one language, which in this corpus are often the same event written by two outlets (the
hard case). A pair is called one story by `same_story` (containment of shingles); the candidate rate says how many
true pairs the LSH bands find for checking at all. Halves split the articles by id (even / odd places).
Without --data the corpus is ingested into a temporary folder first.
"""

from __future__ import annotations

import argparse
import random
import sys
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus_archive import corpus_archive  # noqa: E402
from indexer.archive import Archive  # noqa: E402
from indexer.text.shingles import bands, containment, same_story, shingles  # noqa: E402

BOILERPLATE = "Subscribe to our newsletter for the day's news in five minutes."
BYLINE = "By our correspondent"


def edited_copy(paragraphs: list[str], rng: random.Random, n: int) -> list[str]:
    copy = list(paragraphs)
    for _ in range(2 if len(copy) >= 8 else 1):
        copy.pop(rng.randrange(len(copy)))
    i = rng.randrange(len(copy))
    words = copy[i].split()
    for _ in range(min(3, len(words))):
        words[rng.randrange(len(words))] = rng.choice(words)
    copy[i] = " ".join(words)
    if n % 3 == 0:
        copy = copy[: max(2, len(copy) * 2 // 3)]
    return [BYLINE, *copy, BOILERPLATE]


def measure(articles: list[tuple[str, str, list[str]]], seed: int) -> dict:
    rng = random.Random(seed)
    grams = {aid: shingles("\n\n".join(p)) for aid, _, p in articles}
    true_pairs = [(aid, shingles("\n\n".join(edited_copy(p, rng, n))))
                  for n, (aid, _, p) in enumerate(articles) if len(p) >= 3]
    found = sum(same_story(grams[aid], copy) for aid, copy in true_pairs)
    candidates = sum(bool(set(bands(grams[aid])) & set(bands(copy))) for aid, copy in true_pairs)
    false_pairs = [(a, b) for (a, la, _), (b, lb, _) in combinations(articles, 2) if la == lb]
    wrong = [(a, b) for a, b in false_pairs if same_story(grams[a], grams[b])]
    right = found
    margin = (min(containment(grams[a], c) for a, c in true_pairs),
              max((containment(grams[a], grams[b]) for a, b in false_pairs), default=0.0))
    return {"margin": margin, "true": len(true_pairs), "found": found, "candidates": candidates, "false": len(false_pairs),
            "wrong": wrong, "precision": right / (right + len(wrong)) if right + len(wrong) else 1.0,
            "recall": found / len(true_pairs) if true_pairs else 1.0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, help="an archive of the bundled corpus (default: ingest it afresh)")
    parser.add_argument("--seed", type=int, default=7, help="the edits' random seed")
    args = parser.parse_args()
    with corpus_archive(args.data) as data:
        with Archive(data) as archive:
            articles = []
            for aid in sorted(archive.store.article_ids()):
                stored = archive.store.article(aid)
                if stored is not None:
                    articles.append((aid, stored.language, stored.article.paragraphs))
    for name, part in (("whole", articles), ("even", articles[0::2]), ("odd", articles[1::2])):
        r = measure(part, args.seed)
        print(f"{name:>5}: {r['true']} true pairs, {r['candidates']} found as candidates, {r['found']} called one "
              f"story (recall {r['recall']:.2f}); {r['false']} same-language pairs of different articles, "
              f"{len(r['wrong'])} called one story; precision {r['precision']:.2f}; lowest containment of a copy "
              f"{r['margin'][0]:.2f}, highest of two different articles {r['margin'][1]:.2f}")
        for a, b in r["wrong"] if name == "whole" else []:
            print("   wrong:", a, b)
    return 0


if __name__ == "__main__":
    sys.exit(main())
