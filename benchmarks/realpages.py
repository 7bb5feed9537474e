"""Entities and quotes on real news pages, as a journalist meets them in the facets.

Run: .venv/bin/python benchmarks/realpages.py [--half even|odd] [--verbose] [--only de,en] [--json]

The gold is `../shared/eval/realpages/gold.jsonl` (real pages of the extraction sets' dev halves, annotated by
careful reading; its README gives the format) and the scorer is that folder's own `score.py`, imported from there
(never copied): each page goes through the same cleaning and annotation as `newsarchive annotate --json`, in this
process instead of one process a page, and `score.py`'s `score_page` judges it. The figures are printed per
language and for each half of the pages (even and odd lines of the gold), then for all pages, with the same
columns as `score.py`:

  prec     right entities / entities shown (a facet entry is right when its type and one of its forms match a
           gold entity after folding)
  junk     entries whose forms name nothing in the article (a name cut short or run on is junk)
  recall   gold entities found; salient: of those named at least twice
  q_rec    gold quotes found (fragments count); q_prec: non-fragment quotes that are gold quotes
  spk      found quotes with a named gold speaker given to that speaker
  false    quotes whose article names nobody given to someone in `speaker`

--verbose lists, page by page, every junk entry, wrong type, miss and wrong speaker. --json adds one line per half
with the summary (for scripts comparing two runs).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.annotate.stage import process  # noqa: E402
from indexer.sources.files import read_file  # noqa: E402

GOLD = ROOT.parent / "shared" / "eval" / "realpages"
COLUMNS = ("pages", "pred", "prec", "junk", "recall", "salient", "q_rec", "q_prec", "spk", "false")


def load_scorer():
    spec = importlib.util.spec_from_file_location("realpages_score", GOLD / "score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def annotate(path: Path) -> dict | None:
    try:
        return process(read_file(str(path))).to_json(str(path))
    except Exception as exc:  # noqa: BLE001 - a page that fails scores as nothing found, and says why
        print(f"{path.name}: could not be annotated ({type(exc).__name__}: {exc})", file=sys.stderr)
        return None


def totals(rows: list[dict]) -> dict:
    t: dict = defaultdict(int)
    for r in rows:
        for k, v in r.items():
            if isinstance(v, int) and not isinstance(v, bool):
                t[k] += v
        t["junk_n"] += len(r["junk"])
        t["pages"] += 1
    return t


def figures(t: dict) -> dict:
    def ratio(a: str, b: str) -> float | None:
        return t[a] / t[b] if t[b] else None

    return {"pages": t["pages"], "pred": t["pred"], "prec": ratio("right", "pred"), "junk": ratio("junk_n", "pred"),
            "recall": ratio("found", "gold"), "salient": ratio("salient_found", "salient"),
            "q_rec": ratio("q_found", "q_gold"), "q_prec": ratio("q_right", "q_pred"),
            "spk": ratio("spk_right", "spk_named"), "false": t["spk_false"]}


def line(label: str, f: dict) -> str:
    cells = [f"{label:12}"]
    for c in COLUMNS:
        v = f[c]
        cells.append(f"{v:>6}" if isinstance(v, int) else f"{v:>6.3f}" if v is not None else f"{'-':>6}")
    return " ".join(cells)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--half", choices=("even", "odd"), help="score only that half of the pages")
    ap.add_argument("--only", help="comma-separated language codes")
    ap.add_argument("--verbose", action="store_true", help="list every junk entry, wrong type, miss, wrong speaker")
    ap.add_argument("--json", action="store_true", help="print each half's summary as a JSON line too")
    args = ap.parse_args()
    if not (GOLD / "gold.jsonl").exists():
        print(f"{GOLD} is not here: the real-page gold lives beside the repository (../shared/eval/realpages)")
        return 2
    scorer = load_scorer()
    recs = [json.loads(x) for x in (GOLD / "gold.jsonl").read_text(encoding="utf-8").splitlines() if x.strip()]
    halves = {"even": [], "odd": []}
    for i, rec in enumerate(recs):
        half = "even" if i % 2 == 0 else "odd"
        if args.half and half != args.half or args.only and rec.get("language") not in args.only.split(","):
            continue
        path = Path(scorer.page_path(str(GOLD), rec))
        row = scorer.score_page(rec, annotate(path) if path.exists() else None)
        halves[half].append(row)
        if args.verbose:
            print(f"== {rec['file']} ({rec.get('language')}, {half}): entities {row['right']}/{row['pred']} right, "
                  f"{row['found']}/{row['gold']} found; quotes {row['q_found']}/{row['q_gold']}, speakers "
                  f"{row['spk_right']}/{row['spk_named']}")
            for k in ("junk", "wrong_type", "missed", "wrong_speakers"):
                if row[k]:
                    print(f"   {k}: " + "; ".join(row[k]))
    rows = halves["even"] + halves["odd"]
    print(f"{'':12} " + " ".join(f"{c:>6}" for c in COLUMNS))
    by_lang: dict[str, list] = defaultdict(list)
    for r in rows:
        by_lang[r["language"]].append(r)
    for lang in sorted(by_lang, key=lambda x: (-len(by_lang[x]), x)):
        print(line(lang, figures(totals(by_lang[lang]))))
    for half, part in halves.items():
        if part:
            print(line(f"half {half}", figures(totals(part))))
            if args.json:
                print(json.dumps({"half": half, **figures(totals(part))}))
    print(line("all", figures(totals(rows))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
