"""Language identification accuracy on the lingua test sentences (shared/eval/langid_lingua, dev half).

Three levels: "article" (10 consecutive sentences of one language joined), "sentence" and "snippet" (the first 5
words of a sentence; for Chinese and Japanese, which do not space words, the first 8 characters). Compares
indexer.language (detect_language for articles, detect_short for the rest) with raw langdetect (seeded) and, when it
is installed here or in /work/main/.bench, py3langid.

    .venv/bin/python benchmarks/language.py [--langs all] [--per-lang N] [--detail]
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


def build(sentences: dict[str, list[str]]) -> dict[str, list[tuple[str, str]]]:
    levels: dict[str, list[tuple[str, str]]] = {"article": [], "sentence": [], "snippet": []}
    for lang, lines in sentences.items():
        sep = "" if lang in UNSPACED else " "
        for i in range(0, len(lines) - 9, 10):
            levels["article"].append((lang, sep.join(lines[i : i + 10])))
        for s in lines:
            levels["sentence"].append((lang, s))
            words = s.split()
            snippet = s[:8] if lang in UNSPACED and len(words) < 5 else " ".join(words[:5])
            levels["snippet"].append((lang, snippet))
    return levels


def norm(code: str) -> str:
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


def accuracy(gold: list[str], pred: list[str]) -> float:
    return sum(g == p for g, p in zip(gold, pred, strict=True)) / len(gold)


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
    print(f"{'level':<9} {'n':>6} {'ours':>7} {'langdetect':>11} {'py3langid':>10}  ours s/item")
    detail: dict[str, dict[str, dict[str, float]]] = defaultdict(dict)
    for level, items in levels.items():
        gold = [g for g, _ in items]
        texts = [t for _, t in items]
        t0 = time.perf_counter()
        ours = run_ours(level, texts)
        spent = (time.perf_counter() - t0) / len(texts)
        ld = run_langdetect(texts)
        pl = run_py3langid(texts)
        pl_s = f"{accuracy(gold, pl):>10.4f}" if pl is not None else f"{'n/a':>10}"
        print(
            f"{level:<9} {len(items):>6} {accuracy(gold, ours):>7.4f} {accuracy(gold, ld):>11.4f} {pl_s}  {spent:.4f}"
        )
        for lang in langs:
            sel = [i for i, g in enumerate(gold) if g == lang]
            if not sel:
                continue
            detail[level][lang] = {
                "ours": sum(ours[i] == lang for i in sel) / len(sel),
                "langdetect": sum(ld[i] == lang for i in sel) / len(sel),
                "py3langid": sum(pl[i] == lang for i in sel) / len(sel) if pl is not None else float("nan"),
            }
    if args.detail:
        for level, per in detail.items():
            print(f"\n{level}: per language (ours / langdetect / py3langid)")
            for lang, d in per.items():
                print(f"  {lang:<3} {d['ours']:.3f} {d['langdetect']:.3f} {d['py3langid']:.3f}")


if __name__ == "__main__":
    main()
