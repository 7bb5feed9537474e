"""Score indexer.annotate.entities against the NER sets in shared/eval and the seed article.

Unit: per document, the set of (surface form, type) pairs. Gold pairs come from the PER/LOC/ORG spans (MISC and
unmapped labels ignored); predicted pairs are every alias of every entity that occurs verbatim in the document, with
the entity's type. Both sides are case- and accent-folded. Micro-averaged over documents.

A place named only by its adjective ("харківська компанія", "krakowski sąd") counts as a mention of that place for
facets and search, but the adjective is no alias of it, so it is never a predicted pair here (the gold sets do not
tag such adjectives); the place's own names are, where they occur verbatim in the document.

Usage: .venv/bin/python benchmarks/entities.py [--limit N] [--wikiann] [--errors LANG] [--half even|odd] [--only en,es]
                                               [--reference]

--half scores every other document only, so that a change tuned on one half can be checked on the other: a rule
that fits the data rather than the language moves the two halves apart.

--reference scores a trained tagger beside ours in the same run, on the same documents and by the same unit: Stanford
CoreNLP 4.5.10's CRF taggers (English: CoNLL-2003 4-class, trained on that set's train split, whose test split is
the English set here; German: its GermEval-era model; Spanish: AnCora; French: WikiNER). They read the gold
tokens, one sentence a line, and every maximal run of one type is a predicted (surface, type) pair. No model of
theirs covers Dutch, Ukrainian or Russian. The jars (GPL-3.0, about 1 GB of models) are a reference, never a
dependency of the product; fetch them once into .bench/corenlp:

    mvn -q -f benchmarks/corenlp/pom.xml dependency:copy-dependencies -DoutputDirectory=../../.bench/corenlp
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.annotate.entities import extract_entities  # noqa: E402
from indexer.text.names import fold  # noqa: E402

SHARED = ROOT.parent / "shared"
EVAL = SHARED / "eval"
TYPES = {"PER": "person", "LOC": "place", "ORG": "organization"}
SETS = [
    ("en", "ner_conll2003_en"),
    ("es", "ner_conll2002_es"),
    ("nl", "ner_conll2002_nl"),
    ("de", "ner_germeval2014_de"),
    ("uk", "ner_uk"),
    ("ru", "ner_factrueval2016_ru"),
]
CORENLP = ROOT / ".bench" / "corenlp"
CORENLP_MODELS = {
    "en": "english.conll.4class.distsim",
    "de": "german.distsim",
    "es": "spanish.ancora.distsim.s512",
    "fr": "french-wikiner-4class",
}
# the English, German and Spanish models tag PERSON, LOCATION, ORGANIZATION; the French one I-PER, I-LOC, I-ORG
CORENLP_TYPES = {"PERSON": "person", "LOCATION": "place", "ORGANIZATION": "organization",
                 "I-PER": "person", "I-LOC": "place", "I-ORG": "organization"}
WIKIANN = [("en", "ner_wikiann_en"), ("de", "ner_wikiann_de"), ("fr", "ner_wikiann_fr"), ("nl", "ner_wikiann_nl")]


def gold_pairs(doc: dict) -> set[tuple[str, str]]:
    pairs = set()
    for ent in doc["entities"]:
        if ent.get("level", "outer") != "outer":
            continue
        kind = TYPES.get(ent.get("coarse") or "")
        if kind:
            pairs.add((fold(ent["text"]), kind))
    return pairs


def surface_forms(ent, text: str) -> set[str]:
    """The entity's names that stand on their own in the text: a known variant "Putin" inside the longer
    surface "Vladimir Putin" is not a separate surface form."""
    taken: set[int] = set()
    forms = set()
    for alias in sorted({ent.name, *ent.aliases}, key=len, reverse=True):
        if not alias:
            continue
        for m in re.finditer(r"(?<!\w)" + re.escape(alias) + r"(?!\w)", text):
            span = set(range(m.start(), m.end()))
            if not span & taken:
                forms.add(alias)
                taken |= span
    return forms


def predicted_pairs(text: str, language: str) -> set[tuple[str, str]]:
    return {(fold(a), ent.type) for ent in extract_entities(text.split("\n"), language) for a in surface_forms(ent, text)}


def corenlp_pairs(language: str, docs: list[dict]) -> list[set[tuple[str, str]]] | None:
    """Each document's (surface, type) pairs by CoreNLP's CRF tagger for the language, or None where there is no
    model or the jars are not fetched."""
    model = CORENLP_MODELS.get(language)
    if not model or not CORENLP.is_dir():
        return None
    owners: list[int] = []
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", encoding="utf-8", delete=False) as f:
        for i, doc in enumerate(docs):
            for sentence in doc["text"].split("\n"):
                words = sentence.split()
                f.writelines(f"{w}\tO\n" for w in words)
                owners.extend([i] * len(words))
                if words:
                    f.write("\n")
    try:
        out = subprocess.run(
            ["java", "-mx4g", "-cp", f"{CORENLP}/*", "edu.stanford.nlp.ie.crf.CRFClassifier",
             "-loadClassifier", f"edu/stanford/nlp/models/ner/{model}.crf.ser.gz", "-testFile", f.name,
             "-map", "word=0,answer=1", "-inputEncoding", "utf-8", "-outputEncoding", "utf-8"],
            capture_output=True, text=True, encoding="utf-8", check=True,
        ).stdout
    finally:
        Path(f.name).unlink()
    tagged = [line.split("\t") for line in out.splitlines() if line.strip()]
    pairs: list[set[tuple[str, str]]] = [set() for _ in docs]
    run: list[str] = []
    kind = owner = None
    for (word, *_, tag), doc in zip(tagged, owners, strict=True):
        this = CORENLP_TYPES.get(tag)
        if this and this == kind and doc == owner:
            run.append(word)
            continue
        if run:
            pairs[owner].add((fold(" ".join(run)), kind))
        run, kind, owner = ([word] if this else []), this, doc
    if run:
        pairs[owner].add((fold(" ".join(run)), kind))
    return pairs


class Score:
    def __init__(self) -> None:
        self.tp = self.fp = self.fn = 0
        self.utp = self.ufp = self.ufn = 0
        self.errors: Counter = Counter()

    def add(self, gold: set, pred: set) -> None:
        self.tp += len(gold & pred)
        self.fp += len(pred - gold)
        self.fn += len(gold - pred)
        gu, pu = {g[0] for g in gold}, {p[0] for p in pred}
        self.utp += len(gu & pu)
        self.ufp += len(pu - gu)
        self.ufn += len(gu - pu)
        for p in pred - gold:
            self.errors["FP " + "/".join(p)] += 1
        for g in gold - pred:
            self.errors["FN " + "/".join(g)] += 1

    @staticmethod
    def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def load(name: str, limit: int | None, half: str = "") -> list[dict]:
    path = EVAL / name / "ner.jsonl"
    docs = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    docs = docs[:limit] if limit else docs
    if half:
        docs = docs[(half == "odd")::2]
    return docs


def seed_score() -> Score | None:
    seeds = sorted((SHARED / "seeds").glob("*.gold.json")) if (SHARED / "seeds").exists() else []
    if not seeds:
        return None
    score = Score()
    for gold_path in seeds:
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        text = gold_path.with_name(gold_path.name.replace(".gold.json", ".txt")).read_text(encoding="utf-8")
        paras = [p for p in text.split("\n\n") if p.strip()]
        gp = {(fold(s), kind) for kind, ents in gold["entities"].items() for forms in ents.values() for s in forms}
        pred = set()
        for ent in extract_entities(paras[1:], gold.get("language", "en"), paras[0]):
            for alias in surface_forms(ent, text):
                pred.add((fold(alias), ent.type))
        score.add(gp, pred)
    return score


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=None, help="documents per set")
    ap.add_argument("--wikiann", action="store_true", help="also score the silver WikiANN sets (1000 sentences)")
    ap.add_argument("--errors", default="", help="print the commonest errors for this language")
    ap.add_argument("--top", type=int, default=60, help="how many errors --errors prints")
    ap.add_argument("--half", choices=("even", "odd"), default="", help="score only even- or odd-numbered documents")
    ap.add_argument("--only", default="", help="comma-separated languages to score (default: all)")
    ap.add_argument("--reference", action="store_true",
                    help="also score CoreNLP's CRF taggers in .bench/corenlp (en, de, es, fr; see above to fetch them)")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    if not EVAL.exists():
        print(f"no evaluation data at {EVAL}")
        return
    if args.reference and not CORENLP.is_dir():
        raise SystemExit(f"no CoreNLP jars in {CORENLP}: fetch them with\n  mvn -q -f benchmarks/corenlp/pom.xml "
                         "dependency:copy-dependencies -DoutputDirectory=../../.bench/corenlp")
    rows = []
    sets = list(SETS) + (WIKIANN if args.wikiann else [])
    for lang, name in sets:
        if not (EVAL / name / "ner.jsonl").exists() or (only and lang not in only):
            continue
        limit = args.limit or (1000 if name.startswith("ner_wikiann") else None)
        t0 = time.perf_counter()
        score = Score()
        docs = load(name, limit, args.half)
        for doc in docs:
            score.add(gold_pairs(doc), predicted_pairs(doc["text"], lang))
        rows.append((lang, name, len(docs), score, time.perf_counter() - t0))
        t0 = time.perf_counter()
        reference = corenlp_pairs(lang, docs) if args.reference else None
        if reference is not None:
            ref = Score()
            for doc, pred in zip(docs, reference, strict=True):
                ref.add(gold_pairs(doc), pred)
            rows.append((lang, "  CoreNLP CRF, same docs", len(docs), ref, time.perf_counter() - t0))
        if args.errors == lang:
            for err, n in score.errors.most_common(args.top):
                print(f"  {n:4d} {err}")
    seed = seed_score()
    if seed:
        rows.append(("en", "seed", 1, seed, 0.0))
    print(f"{'lang':4} {'set':24} {'docs':>5} {'P':>6} {'R':>6} {'F1':>6} | {'uP':>6} {'uR':>6} {'uF1':>6} {'sec':>6}")
    for lang, name, n, s, secs in rows:
        p, r, f = Score.prf(s.tp, s.fp, s.fn)
        up, ur, uf = Score.prf(s.utp, s.ufp, s.ufn)
        print(f"{lang:4} {name:24} {n:5d} {p:6.3f} {r:6.3f} {f:6.3f} | {up:6.3f} {ur:6.3f} {uf:6.3f} {secs:6.1f}")
    print("P/R/F1: typed (surface, type) pairs per document; uP/uR/uF1: surfaces regardless of type.")


if __name__ == "__main__":
    main()
