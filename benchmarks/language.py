"""Language identification accuracy on the lingua test sentences (shared/eval/langid_lingua, dev half).

Three levels: "article" (10 consecutive sentences of one language joined), "sentence" and "snippet" (the first 5
words of a sentence; for Chinese and Japanese, which do not space words, the first 8 characters). Compares
indexer.language (detect_language for articles, detect_short for the rest) with raw langdetect (seeded) and, when it
is installed here or in /work/main/.bench, py3langid.

    .venv/bin/python benchmarks/language.py [--langs all] [--per-lang N] [--detail]

Each level is scored whole and in two halves: the items of even and of odd position within their language (the
n-th article, sentence or snippet of a language's file, 0-based), so that a change can be seen to help both. With
--detail, per language too, whole and by half (ours only).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.language import detect_language, detect_short  # noqa: E402

DATA = ROOT.parent / "shared" / "eval" / "langid_lingua"
CORE = "en de fr es it pt nl pl ru uk ar zh ja tr cs sv el he ko fa".split()
BENCH_PY = ROOT / ".bench" / "bin" / "python"
UNSPACED = {"zh", "ja"}


def load(langs: list[str], per_lang: int | None) -> dict[str, list[str]]:
    out = {}
    for lang in langs:
        lines = [
            s.strip() for s in (DATA / f"{lang}.txt").read_text(encoding="utf-8").splitlines() if s.strip()
        ]
        out[lang] = lines[:per_lang] if per_lang else lines
    return out


def build(sentences: dict[str, list[str]]) -> dict[str, list[tuple[str, str, int]]]:
    """Per level, (language, text, position of the item within its language)."""
    levels: dict[str, list[tuple[str, str, int]]] = {"article": [], "sentence": [], "snippet": []}
    for lang, lines in sentences.items():
        sep = "" if lang in UNSPACED else " "
        for n, i in enumerate(range(0, len(lines) - 9, 10)):
            levels["article"].append((lang, sep.join(lines[i : i + 10]), n))
        for n, s in enumerate(lines):
            levels["sentence"].append((lang, s, n))
            words = s.split()
            snippet = s[:8] if lang in UNSPACED and len(words) < 5 else " ".join(words[:5])
            levels["snippet"].append((lang, snippet, n))
    return levels


HALVES = (("all", lambda n: True), ("even", lambda n: n % 2 == 0), ("odd", lambda n: n % 2 == 1))


def norm(code: str) -> str:
    """One code per language, for gold and predictions alike: Norwegian Bokmål and Nynorsk (the set's nb, nn) are
    ISO 639-1 "no", the code the product gives."""
    code = (code or "und").lower()
    return "zh" if code.startswith("zh") else {"nb": "no", "nn": "no"}.get(code, code)


def run_ours(level: str, texts: list[str]) -> list[str]:
    fn = detect_language if level == "article" else detect_short
    return [fn(t) for t in texts]


def run_langdetect(texts: list[str]) -> list[str]:
    from langdetect import DetectorFactory, detect
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0
    out = []
    for t in texts:
        try:
            out.append(norm(detect(t)))
        except LangDetectException:
            out.append("und")
    return out


_LANGID_SCRIPT = """
import json, sys
import py3langid
print(json.dumps([py3langid.classify(t)[0] for t in json.load(sys.stdin)]))
"""


def run_py3langid(texts: list[str]) -> list[str] | None:
    try:
        import py3langid  # noqa: F401

        python = sys.executable
    except ImportError:
        if not BENCH_PY.exists():
            return None
        python = str(BENCH_PY)
    proc = subprocess.run(
        [python, "-c", _LANGID_SCRIPT], input=json.dumps(texts), capture_output=True, text=True, check=True
    )
    return [norm(c) for c in json.loads(proc.stdout)]


def accuracy(gold: list[str], pred: list[str], keep: list[bool] | None = None) -> float:
    pairs = [(g, p) for i, (g, p) in enumerate(zip(gold, pred, strict=True)) if keep is None or keep[i]]
    return sum(norm(g) == p for g, p in pairs) / len(pairs) if pairs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--langs", default="core", help="'core' (the 20 required), 'all', or a comma list")
    ap.add_argument("--per-lang", type=int, default=None, help="sentences per language (default: all)")
    ap.add_argument("--detail", action="store_true", help="per-language accuracy too")
    args = ap.parse_args()
    if not DATA.exists():
        sys.exit(f"no data at {DATA}")
    if args.langs == "core":
        langs = CORE
    elif args.langs == "all":
        langs = sorted(p.stem for p in DATA.glob("*.txt"))
    else:
        langs = args.langs.split(",")
    levels = build(load(langs, args.per_lang))
    print(f"languages: {len(langs)} ({args.langs}); data: {DATA}")
    print(f"{'level':<9} {'half':<5} {'n':>6} {'ours':>7} {'langdetect':>11} {'py3langid':>10}  ours s/item")
    detail: dict[str, dict[str, dict[str, float]]] = defaultdict(dict)
    for level, items in levels.items():
        gold = [g for g, _, _ in items]
        texts = [t for _, t, _ in items]
        t0 = time.perf_counter()
        ours = run_ours(level, texts)
        spent = (time.perf_counter() - t0) / len(texts)
        ld = run_langdetect(texts)
        pl = run_py3langid(texts)
        for half, wanted in HALVES:
            keep = [wanted(n) for _, _, n in items]
            pl_s = f"{accuracy(gold, pl, keep):>10.4f}" if pl is not None else f"{'n/a':>10}"
            print(f"{level:<9} {half:<5} {sum(keep):>6} {accuracy(gold, ours, keep):>7.4f} "
                  f"{accuracy(gold, ld, keep):>11.4f} {pl_s}  " + (f"{spent:.4f}" if half == "all" else ""))
        for lang in langs:
            sel = [i for i, g in enumerate(gold) if g == lang]
            if not sel:
                continue
            detail[level][lang] = {
                "ours": _share(ours, lang, sel),
                "even": _share(ours, lang, [i for i in sel if items[i][2] % 2 == 0]),
                "odd": _share(ours, lang, [i for i in sel if items[i][2] % 2 == 1]),
                "langdetect": _share(ld, lang, sel),
                "py3langid": _share(pl, lang, sel) if pl is not None else float("nan"),
            }
    if args.detail:
        for level, per in detail.items():
            print(f"\n{level}: per language (ours, ours even / odd half; langdetect; py3langid)")
            for lang, d in per.items():
                print(f"  {lang:<3} {d['ours']:.3f} {d['even']:.3f} / {d['odd']:.3f}; {d['langdetect']:.3f}; "
                      f"{d['py3langid']:.3f}")


def _share(pred: list[str], lang: str, chosen: list[int]) -> float:
    return sum(pred[i] == norm(lang) for i in chosen) / len(chosen) if chosen else float("nan")


if __name__ == "__main__":
    main()
