"""Write everything the annotation stages say about the corpus and about ../shared/eval, to compare two versions.

A refactor or a speed change must not change what the archive holds. Run this before and after, then compare:

    .venv/bin/python benchmarks/annotation_snapshot.py -o /tmp/before.jsonl
    ... change the code ...
    .venv/bin/python benchmarks/annotation_snapshot.py -o /tmp/after.jsonl --compare /tmp/before.jsonl

Each line is one input: a page of the bundled corpus or of an extraction set (cleaned and annotated, as
`newsarchive annotate --json` prints it), a document of an NER set (its entities), or a text of a quote set (its
quotations). The last lines printed give a digest per set; with --compare, the inputs whose output differs.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import hashlib
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.annotate.entities import extract_entities  # noqa: E402
from indexer.annotate.quotes import extract_quotes  # noqa: E402
from indexer.annotate.stage import process  # noqa: E402
from indexer.sources.files import read_file  # noqa: E402

EVAL = ROOT.parent / "shared" / "eval"
NER = {"ner_conll2003_en": "en", "ner_conll2002_es": "es", "ner_conll2002_nl": "nl", "ner_germeval2014_de": "de",
       "ner_uk": "uk", "ner_factrueval2016_ru": "ru", "ner_wikiann_en": "en", "ner_wikiann_de": "de",
       "ner_wikiann_fr": "fr", "ner_wikiann_nl": "nl"}
QUOTES = {"quotes_polnear_en/quotes.jsonl": ("en", "\n\n"), "quotes_redewiedergabe_de/quotes.jsonl": ("de", None),
          "quotes_adaq_cs_ru/quotes_cs.jsonl": ("cs", None), "quotes_adaq_cs_ru/quotes_ru.jsonl": ("ru", None)}


def pages() -> list[tuple[str, Path]]:
    found = [("corpus", p) for p in sorted((ROOT / "corpus").rglob("*.htm*"))]
    for name in ("extraction_readability", "extraction_aeb", "extraction_trafilatura"):
        folder = EVAL / name
        if folder.is_dir():
            found += [(name, p) for p in sorted(folder.rglob("*")) if p.is_file()
                      and (p.name == "source.html" or p.suffix in (".html", ".htm") or p.name.endswith(".html.gz"))]
    return found


def label(path: Path) -> str:
    """The same name for the same input in any checkout: relative to the repository, or to shared/."""
    return str(path.relative_to(ROOT if path.is_relative_to(ROOT) else EVAL.parent))


def page_record(path: Path) -> dict:
    try:
        return process(read_file(str(path))).to_json(label(path))
    except Exception as exc:  # the same failure before and after is the same behaviour
        return {"error": f"{type(exc).__name__}: {exc}"}


def documents(limit: int | None):
    for name, lang in NER.items():
        path = EVAL / name / "ner.jsonl"
        if path.exists():
            with path.open(encoding="utf-8") as f:
                for i, line in enumerate(f):
                    if limit is not None and i >= limit:
                        break
                    doc = json.loads(line)
                    yield name, f"{name}#{i}", lambda d=doc, lang=lang: [
                        dataclasses.asdict(e) for e in extract_entities(d["text"].split("\n"), d.get("language", lang))]
    for rel, (lang, sep) in QUOTES.items():
        path = EVAL / rel
        if path.exists():
            with path.open(encoding="utf-8") as f:
                for i, line in enumerate(f):
                    if limit is not None and i >= limit:
                        break
                    text = json.loads(line)["text"]
                    paras = text.split(sep) if sep else [text]
                    yield rel.split("/")[0], f"{rel}#{i}", lambda p=paras, lang=lang: [
                        dataclasses.asdict(q) for q in extract_quotes(p, lang)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-o", "--output", type=Path, required=True, help="JSONL file to write")
    ap.add_argument("--compare", type=Path, help="an earlier output to compare against")
    ap.add_argument("--limit", type=int, help="at most N documents per NER or quote set (pages: all)")
    args = ap.parse_args()
    digests: dict[str, hashlib._Hash] = defaultdict(hashlib.sha256)
    started = time.perf_counter()
    opener = gzip.open if args.output.suffix == ".gz" else open
    with opener(args.output, "wt", encoding="utf-8") as out:
        for group, path in pages():
            line = json.dumps({"id": label(path), "out": page_record(path)},
                              ensure_ascii=False, sort_keys=True)
            digests[group].update(line.encode())
            out.write(line + "\n")
        for group, ident, run in documents(args.limit):
            try:
                result = run()
            except Exception as exc:
                result = {"error": f"{type(exc).__name__}: {exc}"}
            line = json.dumps({"id": ident, "out": result}, ensure_ascii=False, sort_keys=True)
            digests[group].update(line.encode())
            out.write(line + "\n")
    for group, h in sorted(digests.items()):
        print(f"{group:28} {h.hexdigest()[:16]}")
    print(f"({time.perf_counter() - started:.0f} s)")
    if args.compare:
        return compare(args.compare, args.output)
    return 0


def compare(before: Path, after: Path) -> int:
    def read(p: Path) -> dict:
        opener = gzip.open if p.suffix == ".gz" else open
        with opener(p, "rt", encoding="utf-8") as f:
            return {r["id"]: r["out"] for r in map(json.loads, f)}

    a, b = read(before), read(after)
    differ = [k for k in a.keys() | b.keys() if a.get(k) != b.get(k)]
    for k in sorted(differ)[:20]:
        print(f"differs: {k}")
    print(f"{len(differ)} of {len(a.keys() | b.keys())} inputs differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
