"""Article extraction, side by side with trafilatura and htmldate, on the three extraction sets in ../shared/eval.

Run:  .venv/bin/python benchmarks/extraction.py [--set readability|aeb|trafilatura] [--show-worst N] [--audit]
                                                [--misses title|titleX|byline|date ...]

Prints, per set and extractor, for the whole set and for its even and odd halves (pages at even / odd positions
of the set's order): mean token precision/recall/F1 of the body text (bag of \\w+ tokens, CJK
characters counted singly, as in the AEB benchmark's token metric), title/byline/date accuracy where the gold
has the field, and for the trafilatura set the share of "with" snippets found and "without" snippets avoided.
htmldate (the date finder trafilatura calls) is scored on dates alone, called as trafilatura calls it.

Fairness: every extractor gets the same bytes and the same URL (none for the readability set) and is scored by
the same functions. "title" counts a headline that matches after case/punctuation folding, or one that only adds
a site name to the other ("Headline | Site"), in either direction; "titleX" only the first (the headline alone).
Bylines compare name words (minus "by", "von" ...). Dates compare the calendar day as each extractor writes it,
without time-zone conversion. Gold fields are used as published, noise included (the trafilatura set's gold has
some stale titles and dates that no page source supports); --audit lists the gold dates written nowhere in their
page and prints date accuracy without them, beside the table's figure. --misses FIELD lists the pages whose gold
field newsarchive misses, beside what the other tools say.
Text is compared as a reader sees it: after Unicode NFKC normalisation (a composed "é" and "e" + combining accent
are the same) and without soft hyphens and zero-width characters, which golds copied from a page keep.
trafilatura runs with its defaults plus with_metadata=True and include_comments=False (comments are not article
text in any of the golds). The other tools' output and run time (s/page) are cached in .bench/ the first time;
--refresh reruns them, so their s/page comes from the machine and moment the cache was made.

trafilatura and htmldate are NOT dependencies of newsarchive. They are used if importable (the `bench` extra:
.venv/bin/pip install -e '.[bench]'), or from a separate venv:
    python3 -m venv .bench/venv && .bench/venv/bin/pip install trafilatura lxml_html_clean htmldate
(.bench/ is git-ignored). This script then runs itself under that interpreter to get their output.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import subprocess
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EVAL = ROOT.parent / "shared" / "eval"
BENCH_PYTHON = ROOT / ".bench" / "venv" / "bin" / "python"
SETS = ("readability", "aeb", "trafilatura")


# ----------------------------------------------------------------------------------------------- data


def load_set(name: str) -> Iterator[dict]:
    """Items {id, data (bytes), url, gold: {...}}; gold text is filled in by gold_text() in the main process."""
    folder = EVAL / f"extraction_{name}"
    if name == "readability":
        for page in sorted(p for p in folder.iterdir() if p.is_dir()):
            meta = json.loads((page / "expected-metadata.json").read_text(encoding="utf-8"))
            yield {"id": page.name, "data": (page / "source.html").read_bytes(), "url": None,
                   "gold": {"html": str(page / "expected.html"), "title": meta.get("title"),
                            "byline": meta.get("byline"), "date": meta.get("publishedTime"),
                            "readerable": meta.get("readerable")}}
    elif name == "aeb":
        truth = json.loads((folder / "ground-truth.json").read_text(encoding="utf-8"))
        for key in sorted(truth):
            data = gzip.decompress((folder / "html" / f"{key}.html.gz").read_bytes())
            yield {"id": key, "data": data, "url": truth[key].get("url"),
                   "gold": {"text": truth[key].get("articleBody", "")}}
    else:
        truth = json.loads((folder / "evaldata.json").read_text(encoding="utf-8"))
        for url, entry in sorted(truth.items(), key=lambda kv: kv[1]["file"]):
            yield {"id": entry["file"], "data": (folder / "html" / entry["file"]).read_bytes(), "url": url,
                   "gold": {"with": entry.get("with", []), "without": entry.get("without", []),
                            "title": entry.get("title"), "byline": entry.get("author"), "date": entry.get("date")}}


def gold_text(gold: dict) -> str | None:
    if "text" in gold:
        return gold["text"]
    if "html" in gold:
        from bs4 import BeautifulSoup

        return BeautifulSoup(Path(gold["html"]).read_text(encoding="utf-8"), "lxml").get_text("\n")
    return None


# ----------------------------------------------------------------------------------------------- extractors


def run_newsarchive(item: dict) -> dict:
    sys.path.insert(0, str(ROOT))
    from indexer.clean.extract import clean
    from indexer.models import InputError, RawPage

    try:
        art = clean(RawPage(item["data"], item["id"], url=item["url"]))
    except InputError as exc:
        return {"text": "", "title": "", "byline": "", "date": None, "error": str(exc)}
    return {"text": art.text, "title": art.title, "byline": art.byline, "date": art.published,
            "is_article": art.is_article}


def run_trafilatura(item: dict) -> dict:
    import trafilatura

    doc = trafilatura.bare_extraction(item["data"], url=item["url"], with_metadata=True, include_comments=False)
    if doc is None:
        return {"text": "", "title": "", "byline": "", "date": None}
    record = doc.as_dict() if hasattr(doc, "as_dict") else dict(doc)
    return {"text": record.get("text") or "", "title": record.get("title") or "",
            "byline": record.get("author") or "", "date": record.get("date")}


def run_htmldate(item: dict) -> dict:
    """htmldate alone, as trafilatura calls it (the first publication, extensive search): dates only."""
    from htmldate import find_date

    try:
        day = find_date(item["data"], url=item["url"], original_date=True, extensive_search=True)
    except Exception:  # noqa: BLE001 (a page it cannot read is a miss, as for any extractor)
        day = None
    return {"date": day}


OTHERS = {"trafilatura": run_trafilatura, "htmldate": run_htmldate}


def other_predictions(tool: str, set_name: str, refresh: bool = False) -> tuple[list[dict] | None, float]:
    """Another tool's output and run time for a set: cached in .bench/, else in-process, else from the venv."""
    cache = ROOT / ".bench" / f"{tool}-{set_name}.json"
    if cache.exists() and not refresh:
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if isinstance(stored, dict):
            return stored["predictions"], stored["seconds"]
    start = time.perf_counter()
    preds = _other_run(tool, set_name)
    seconds = time.perf_counter() - start
    if preds is not None and cache.parent.exists():
        cache.write_text(json.dumps({"predictions": preds, "seconds": seconds}), encoding="utf-8")
    return preds, seconds


def _other_run(tool: str, set_name: str) -> list[dict] | None:
    try:
        __import__(tool)
    except ImportError:
        if not BENCH_PYTHON.exists():
            return None
        out = subprocess.run([str(BENCH_PYTHON), __file__, "--predict", tool, set_name],
                             capture_output=True, text=True, check=False)
        return json.loads(out.stdout) if out.returncode == 0 else None
    return [OTHERS[tool](item) for item in load_set(set_name)]


# ----------------------------------------------------------------------------------------------- metrics

_TOKEN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]|\w+")
_BY = {"by", "von", "par", "por", "and", "und", "et", "written", "edited", "posted", "author", "autor"}


_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))


def reader_view(text: str) -> str:
    """Text as a reader sees it: NFKC, without soft hyphens and zero-width characters (golds copied from a page
    keep them: "Werk\u00adzeug" reads "Werkzeug"). The same for every extractor and every gold."""
    return unicodedata.normalize("NFKC", text or "").translate(_INVISIBLE)


def tokens(text: str) -> Counter:
    return Counter(_TOKEN.findall(reader_view(text).lower()))


def prf(gold: str, pred: str) -> tuple[float, float, float]:
    g, p = tokens(gold), tokens(pred)
    overlap = sum((g & p).values())
    precision = overlap / sum(p.values()) if p else 0.0
    recall = overlap / sum(g.values()) if g else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def _norm(text: str | list) -> str:
    if isinstance(text, list):
        text = "; ".join(str(t) for t in text)
    return " ".join(re.sub(r"[^\w\s]", " ", reader_view(text).casefold()).split())


_GLUE = re.compile(r"\s*[|\-–—_:·•»(\[（]")


def title_match(gold: str, pred: str) -> bool:
    """Same headline after normalising; one that only adds the site name ("… | Site") to the other also counts."""
    if not pred or not gold:
        return False
    if title_exact(gold, pred):
        return True
    gold, pred = " ".join(reader_view(gold).split()), " ".join(reader_view(pred).split())
    return _glued(gold, pred) or _glued(pred, gold)


def title_exact(gold: str, pred: str) -> bool:
    """The same headline after case and punctuation folding, nothing added."""
    return bool(pred) and bool(gold) and _norm(gold) == _norm(pred)


def _glued(longer: str, shorter: str) -> bool:
    if longer.startswith(shorter) and _GLUE.match(longer[len(shorter):]):
        return True
    return longer.endswith(shorter) and bool(re.search(r"[|\-–—_:·•»]\s*$", longer[: -len(shorter)]))


def byline_match(gold: str, pred: str) -> bool:
    def names(text: str) -> set[str]:
        return {t for t in _norm(text).split() if t not in _BY}

    return bool(names(gold)) and names(gold) == names(pred)


def date_match(gold: str, pred: str | None) -> bool:
    return bool(pred) and pred[:10] == gold[:10]


def snippet_counts(gold: dict, pred_text: str) -> Counter:
    text = " ".join(reader_view(pred_text).split())
    counts: Counter = Counter()
    for snippet in gold.get("with", []):
        counts["tp" if " ".join(reader_view(snippet).split()) in text else "fn"] += 1
    for snippet in gold.get("without", []):
        counts["fp" if " ".join(reader_view(snippet).split()) in text else "tn"] += 1
    return counts


FIELDS = (("title", title_match), ("titleX", title_exact), ("byline", byline_match), ("date", date_match))


def evaluate(items: list[dict], preds: list[dict]) -> dict:
    body, fields, snippets = [], Counter(), Counter()
    per_page = []
    for item, pred in zip(items, preds, strict=True):
        gold = item["gold"]
        text = item.get("gold_text")
        if text and text.strip() and "text" in pred:
            scores = prf(text, pred["text"])
            body.append(scores)
            per_page.append((scores[2], item["id"]))
        for key, match in FIELDS:
            field = "title" if key == "titleX" else key
            if gold.get(field) and field in pred:
                fields[key + "_n"] += 1
                fields[key] += match(gold[field], pred.get(field))
        if "with" in gold and "text" in pred:
            snippets.update(snippet_counts(gold, pred["text"]))
    mean = [sum(s[i] for s in body) / len(body) if body else None for i in range(3)]
    result = {"pages": len(items), "P": mean[0], "R": mean[1], "F1": mean[2], "worst": sorted(per_page)[:10]}
    for key, _ in FIELDS:
        result[key] = fields[key] / fields[key + "_n"] if fields[key + "_n"] else None
        result[key + "_n"] = fields[key + "_n"]
    if snippets:
        tp, fp, fn, tn = (snippets[k] for k in ("tp", "fp", "fn", "tn"))
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        result.update(s_P=precision, s_R=recall, s_F1=2 * precision * recall / (precision + recall or 1),
                      s_acc=(tp + tn) / (tp + fp + fn + tn))
    return result


# ----------------------------------------------------------------------------------------------- gold audit


def unsupported_dates(items: list[dict]) -> set[str]:
    """Ids of pages whose gold date is written nowhere in the page (no meta, no text, no URL, no script), in
    any format the date parser reads: such a gold value cannot be checked against the page it describes."""
    import html as html_lib

    sys.path.insert(0, str(ROOT))
    from indexer.clean.dates import find_days
    from indexer.sources.encoding import decode_html, prepare_bytes

    missing = set()
    for item in items:
        gold = item["gold"].get("date")
        if not gold:
            continue
        page = html_lib.unescape(decode_html(prepare_bytes(item["data"]), None))
        if gold[:10] not in find_days(page) | find_days(item["url"] or ""):
            missing.add(item["id"])
    return missing


def audit(items: list[dict], runs: list[tuple[str, list[dict] | None, float]]) -> None:
    """List the unsupported gold dates, then date accuracy over the others (a diagnostic beside, never instead
    of, the table's figure)."""
    missing = unsupported_dates(items)
    for item in items:
        if item["id"] in missing:
            print(f"    gold date {item['gold']['date']} appears nowhere in {item['id']}")
    for name, preds, _ in runs:
        if preds is None:
            continue
        scored = [(item, pred) for item, pred in zip(items, preds, strict=True)
                  if item["gold"].get("date") and item["id"] not in missing]
        hits = sum(date_match(item["gold"]["date"], pred.get("date")) for item, pred in scored)
        print(f"    {name}: date {hits}/{len(scored)} = {hits / len(scored) if scored else 0:.3f} on gold the page "
              f"supports ({len(missing)} unsupported left out)")


# ----------------------------------------------------------------------------------------------- report


def _fmt(value: float | None) -> str:
    return "   -  " if value is None else f"{value:6.3f}"


# the whole set, then its pages at even and at odd positions of the set's order (the halves a rule must help)
HALVES = (("all", slice(None)), ("even", slice(0, None, 2)), ("odd", slice(1, None, 2)))


def misses(items: list[dict], runs: list[tuple[str, list[dict] | None, float]], field: str) -> None:
    """Every page whose gold field newsarchive gets wrong, with what each tool said."""
    match = dict(FIELDS)[field]
    key = "title" if field == "titleX" else field
    for i, item in enumerate(items):
        gold = item["gold"].get(key)
        ours = runs[0][1][i].get(key)
        if not gold or match(gold, ours):
            continue
        others = "; ".join(f"{name} {preds[i].get(key)!r}" for name, preds, _ in runs[1:] if preds and key in preds[i])
        print(f"    {field} {'even' if i % 2 == 0 else 'odd '} {item['id'][:40]:40} gold {gold!r} ours {ours!r}"
              + (f"; {others}" if others else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=SETS, action="append", help="only these sets (default: all)")
    parser.add_argument("--show-worst", type=int, default=0, help="list the N lowest-F1 pages per set")
    parser.add_argument("--no-others", "--no-trafilatura", action="store_true",
                        help="score newsarchive alone (no trafilatura, no htmldate)")
    parser.add_argument("--refresh", action="store_true", help="rerun the other tools instead of using .bench/ cache")
    parser.add_argument("--audit", action="store_true",
                        help="also list gold dates no page source supports, and date accuracy without them")
    parser.add_argument("--misses", choices=[f for f, _ in FIELDS], action="append", default=[],
                        help="list the pages whose gold FIELD newsarchive misses, beside the other tools' answers")
    parser.add_argument("--predict", nargs=2, metavar=("TOOL", "SET"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.predict:
        tool, set_name = args.predict
        json.dump([OTHERS[tool](item) for item in load_set(set_name)], sys.stdout)
        return 0
    if not EVAL.exists():
        print(f"no evaluation data at {EVAL}")
        return 1
    print(f"{'set':12} {'extractor':12} {'half':5} {'pages':>5} {'body_P':>6} {'body_R':>6} {'bodyF1':>6} "
          f"{'title':>6} {'titleX':>6} {'byline':>6} {'date':>6} {'snipP':>6} {'snipR':>6} {'snipF1':>6} "
          f"{'snipAc':>6} {'s/page':>6}")
    for set_name in args.set or SETS:
        items = list(load_set(set_name))
        for item in items:
            item["gold_text"] = gold_text(item["gold"])
        runs: list[tuple[str, list[dict] | None, float]] = []
        start = time.perf_counter()
        ours = [run_newsarchive(item) for item in items]
        runs.append(("newsarchive", ours, time.perf_counter() - start))
        dated = any(item["gold"].get("date") for item in items)
        for tool in () if args.no_others else OTHERS:
            if tool == "htmldate" and not dated:
                continue
            theirs, seconds = other_predictions(tool, set_name, args.refresh)
            runs.append((tool, theirs, seconds))
        for name, preds, seconds in runs:
            if preds is None:
                print(f"{set_name:12} {name:12} not installed (see this script's docstring)")
                continue
            for half, part in HALVES:
                r = evaluate(items[part], preds[part])
                print(f"{set_name:12} {name:12} {half:5} {r['pages']:5d} {_fmt(r['P'])} {_fmt(r['R'])} "
                      f"{_fmt(r['F1'])} {_fmt(r['title'])} {_fmt(r['titleX'])} {_fmt(r['byline'])} {_fmt(r['date'])} "
                      f"{_fmt(r.get('s_P'))} {_fmt(r.get('s_R'))} {_fmt(r.get('s_F1'))} {_fmt(r.get('s_acc'))} "
                      f"{seconds / len(items):6.3f}")
            r = evaluate(items, preds)
            if args.show_worst and name == "newsarchive":
                for f1, page in r["worst"][: args.show_worst]:
                    print(f"    worst F1 {f1:.3f}  {page}")
        for field in args.misses:
            misses(items, runs, field)
        if args.audit and dated:
            audit(items, runs)
    print("(title: the headline, or it plus the site name; titleX: the headline alone; byline/date: share correct "
          "where the gold has the field; date compares the day; snippets: trafilatura set with/without)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
