"""Ranking quality on the TIME test collection (../shared/eval/ir_time): MAP and nDCG@10.

    .venv/bin/python benchmarks/ranking.py [--index solr://USER:PASSWORD@HOST:PORT,…/COLLECTION]

With --index (a SolrCloud, e.g. the one `scripts/cluster up` prints), the same run also indexes the collection
into a fresh pair of collections there (dropped after) and prints the Solr engine's figures beside Whoosh's: the
terms are the same, the scoring is Solr's BM25 with the same field boosts.

Each of the 423 articles is indexed as an English article (straight into the engine: this measures ranking, not
extraction), each query is run as typed — a plain sentence, so the engine's any-word ranking applies when no
article has every word — and the top 100 hits are scored against the relevance judgements. The MANIFEST gives a
plain BM25 ranking MAP 0.690 on these (odd-numbered) queries as a reference point.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.index.backends import open_engine  # noqa: E402
from indexer.models import AnnotatedArticle, Article, Block  # noqa: E402

SET = ROOT.parent / "shared" / "eval" / "ir_time"


def average_precision(ranked: list[str], relevant: set[str]) -> float:
    hits, total = 0, 0.0
    for i, doc in enumerate(ranked, 1):
        if doc in relevant:
            hits += 1
            total += hits / i
    return total / len(relevant) if relevant else 0.0


def ndcg_at(ranked: list[str], relevant: set[str], k: int = 10) -> float:
    dcg = sum(1 / math.log2(i + 1) for i, doc in enumerate(ranked[:k], 1) if doc in relevant)
    ideal = sum(1 / math.log2(i + 1) for i in range(1, min(k, len(relevant)) + 1))
    return dcg / ideal if ideal else 0.0


def evaluate(engine, docs: list[dict], spec: dict) -> tuple[float, float, int]:
    engine.write_articles(
        (d["id"], 1, AnnotatedArticle(Article(title="", blocks=[Block(d["text"].lower())], published=d["date"]), "en"))
        for d in docs)
    aps, ndcgs = [], []
    for qid, text in spec["queries"].items():
        relevant = set(spec["qrels"].get(qid, []))
        if not relevant:
            continue
        cleaned = " ".join(w for w in text.lower().replace(".", " ").replace(",", " ").split())
        ranked = [h.id for h in engine.search(cleaned, limit=100).hits]
        aps.append(average_precision(ranked, relevant))
        ndcgs.append(ndcg_at(ranked, relevant))
    return sum(aps) / len(aps), sum(ndcgs) / len(ndcgs), len(aps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index", metavar="URL", help="also rank with the SolrCloud engine (solr://…)")
    args = parser.parse_args()
    if not SET.is_dir():
        print(f"skipped: {SET} is not here")
        return
    docs = [json.loads(line) for line in (SET / "docs.jsonl").read_text(encoding="utf-8").splitlines() if line]
    spec = json.loads((SET / "queries.json").read_text(encoding="utf-8"))
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        engine = open_engine(tmp)
        results["Whoosh"] = evaluate(engine, docs, spec)
        engine.close()
    if args.index:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from backends import drop_collections, new_collections

        url = new_collections(args.index, "rankbench")
        try:
            engine = open_engine(".", url)
            results["SolrCloud"] = evaluate(engine, docs, spec)
            engine.close()
        finally:
            drop_collections(url)
    n = next(iter(results.values()))[2]
    print(f"ir_time: {n} queries, {len(docs)} articles")
    for name, (map_, ndcg, _) in results.items():
        print(f"{name:<10} MAP {map_:.3f}   nDCG@10 {ndcg:.3f}   (plain BM25 reference: MAP 0.690)")


if __name__ == "__main__":
    main()
