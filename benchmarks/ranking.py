"""Ranking quality on the TIME test collection (../shared/eval/ir_time): MAP and nDCG@10.

    .venv/bin/python benchmarks/ranking.py [--index solr://USER:PASSWORD@HOST:PORT,…/COLLECTION] [--configset NAME]
                                           [--per-query]

With --index (a SolrCloud, e.g. the one `scripts/cluster up` prints), the same run also indexes the collection
into a fresh pair of collections there (dropped after) and prints the Solr engine's figures beside Whoosh's: the
terms are the same, the scoring is Solr's BM25 with the same field boosts.

Each of the 423 articles is indexed as an English article (straight into the engine: this measures ranking, not
extraction). The collection is written in capitals, where AND, OR and NOT would read as operators, so articles and
queries are lower-cased, and the queries' full stops and commas are removed; otherwise each query is run as typed —
a plain sentence, so the engine's any-word ranking applies when no article has every word. The top 100 hits are
scored against the relevance judgements: mean average precision (MAP) and nDCG@10 over the queries that have
judgements, for all of them and for each half (even / odd position in the query file's order).

Beside the product's engines, the same run ranks with plain Whoosh BM25F (its defaults: k1 1.2, b 0.75; one body
field, Porter stemming and English stop words, any word may match) as the reference to beat. The MANIFEST gives a
plain BM25 ranking MAP 0.690 on these (odd-numbered) queries as another reference point.
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


def judged_queries(spec: dict) -> list[tuple[str, str, set[str]]]:
    """(id, query as run, relevant ids) of every query with judgements, in the file's order."""
    return [(qid, " ".join(text.lower().replace(".", " ").replace(",", " ").split()), set(spec["qrels"][qid]))
            for qid, text in spec["queries"].items() if spec["qrels"].get(qid)]


def scores(rank, queries: list[tuple[str, str, set[str]]]) -> list[tuple[float, float]]:
    """(average precision, nDCG@10) of each query, `rank` giving the top 100 ids for a query's text."""
    out = []
    for _, text, relevant in queries:
        ranked = rank(text)
        out.append((average_precision(ranked, relevant), ndcg_at(ranked, relevant)))
    return out


def evaluate(engine, docs: list[dict], queries) -> list[tuple[float, float]]:
    engine.write_articles(
        (d["id"], 1, AnnotatedArticle(Article(title="", blocks=[Block(d["text"].lower())], published=d["date"]), "en"))
        for d in docs)
    return scores(lambda text: [h.id for h in engine.search(text, limit=100).hits], queries)


def plain_bm25f(docs: list[dict], queries, folder: str) -> list[tuple[float, float]]:
    """Whoosh as it comes: one stemmed body field, BM25F defaults, any word may match."""
    from whoosh import analysis, fields, index, qparser

    schema = fields.Schema(id=fields.ID(stored=True), body=fields.TEXT(analyzer=analysis.StemmingAnalyzer()))
    ix = index.create_in(folder, schema)
    with ix.writer() as w:
        for d in docs:
            w.add_document(id=d["id"], body=d["text"].lower())
    parser = qparser.QueryParser("body", schema, group=qparser.OrGroup)
    with ix.searcher() as s:
        return scores(lambda text: [s.stored_fields(h.docnum)["id"] for h in s.search(parser.parse(text), limit=100)],
                      queries)


def summary(per_query: list[tuple[float, float]]) -> str:
    """MAP and nDCG@10 of all queries, then of the even and the odd half."""
    def means(part):
        return (f"{sum(a for a, _ in part) / len(part):.3f} / {sum(n for _, n in part) / len(part):.3f}"
                if part else "-")
    return f"{means(per_query):<15} {means(per_query[0::2]):<15} {means(per_query[1::2])}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index", metavar="URL", help="also rank with the SolrCloud engine (solr://…)")
    parser.add_argument("--configset", default="newsarchive",
                        help="the uploaded configset the Solr collections are made from (scripts/cluster configset "
                             "--name NAME uploads a changed one beside the shared cluster's)")
    parser.add_argument("--per-query", action="store_true",
                        help="also print each query's average precision per engine (by query id and half)")
    args = parser.parse_args()
    if not SET.is_dir():
        print(f"skipped: {SET} is not here")
        return
    docs = [json.loads(line) for line in (SET / "docs.jsonl").read_text(encoding="utf-8").splitlines() if line]
    spec = json.loads((SET / "queries.json").read_text(encoding="utf-8"))
    queries = judged_queries(spec)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        results["plain BM25F"] = plain_bm25f(docs, queries, tmp)
    with tempfile.TemporaryDirectory() as tmp:
        engine = open_engine(tmp)
        results["Whoosh"] = evaluate(engine, docs, queries)
        engine.close()
    if args.index:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from backends import drop_collections, new_collections

        url = new_collections(args.index, "rankbench", args.configset)
        try:
            engine = open_engine(".", url)
            results["SolrCloud"] = evaluate(engine, docs, queries)
            engine.close()
        finally:
            drop_collections(url)
    print(f"ir_time: {len(queries)} judged queries ({len(queries[0::2])} even, {len(queries[1::2])} odd), "
          f"{len(docs)} articles; MAP / nDCG@10 (the MANIFEST's plain BM25 reference: MAP 0.690)")
    print(f"{'':<12} {'all':<15} {'even half':<15} odd half")
    for name, per_query in results.items():
        print(f"{name:<12} {summary(per_query)}")
    if args.per_query:
        names = list(results)
        print(f"{'query':<8} {'half':<5} " + " ".join(f"{n:>12}" for n in names))
        for i, (qid, _, _) in enumerate(queries):
            print(f"{qid:<8} {'even' if i % 2 == 0 else 'odd':<5} "
                  + " ".join(f"{results[n][i][0]:>12.3f}" for n in names))


if __name__ == "__main__":
    main()
