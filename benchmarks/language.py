"""Language identification accuracy on the lingua test sentences (shared/eval/langid_lingua, dev half).

Three levels: "article" (10 consecutive sentences of one language joined), "sentence" and "snippet" (the first 5
words of a sentence; for Chinese and Japanese, which do not space words, the first 8 characters). Compares
indexer.language (detect_language for articles, detect_short for the rest) with raw langdetect (seeded) and, when
they are installed here or in the benchmark's own venv, py3langid and lingua (lingua-language-detector: all of its
75 languages, high-accuracy mode; the set is lingua's own test data, so it is the strongest reference there is):

    python3 -m venv .bench/venv && .bench/venv/bin/pip install py3langid lingua-language-detector
    .venv/bin/python benchmarks/language.py [--langs all] [--per-lang N] [--detail]

Each level is scored whole and in two halves: the items of even and of odd position within their language (the
n-th article, sentence or snippet of a language's file, 0-based), so that a change can be seen to help both. The
"mean" rows average the languages' own accuracies (each language counts once, as the issue's targets are per
language), over the languages that ours gets right at article level (the ones the product detects). With --detail,
per language too, whole and by half.
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
BENCH_PY = ROOT / ".bench" / "venv" / "bin" / "python"  # (the venv benchmarks/extraction.py uses too)
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


_REFERENCES = {
    "py3langid": """
import json, sys
import py3langid
print(json.dumps([py3langid.classify(t)[0] for t in json.load(sys.stdin)]))
""",
    "lingua": """
import json, sys
from lingua import LanguageDetectorBuilder
detector = LanguageDetectorBuilder.from_all_languages().with_preloaded_language_models().build()
found = detector.detect_languages_in_parallel_of(json.load(sys.stdin))
print(json.dumps([f.iso_code_639_1.name.lower() if f else "und" for f in found]))
""",
}


def run_reference(name: str, texts: list[str]) -> list[str] | None:
    """Another detector's answers, from this interpreter or the benchmark's venv; None where it is not installed."""
    module = {"py3langid": "py3langid", "lingua": "lingua"}[name]
    python = sys.executable
    probe = subprocess.run([python, "-c", f"import {module}"], capture_output=True)
    if probe.returncode:
        if not BENCH_PY.exists():
            return None
        python = str(BENCH_PY)
    proc = subprocess.run([python, "-c", _REFERENCES[name]], input=json.dumps(texts), capture_output=True, text=True)
    if proc.returncode:
        return None
    return [norm(c) for c in json.loads(proc.stdout)]


def accuracy(gold: list[str], pred: list[str], keep: list[bool] | None = None) -> float:
    pairs = [(g, p) for i, (g, p) in enumerate(zip(gold, pred, strict=True)) if keep is None or keep[i]]
    return sum(norm(g) == p for g, p in pairs) / len(pairs) if pairs else float("nan")


SYSTEMS = ("ours", "langdetect", "py3langid", "lingua")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
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
    print(f"{'level':<9} {'half':<5} {'n':>6}" + "".join(f" {name:>10}" for name in SYSTEMS) + "  ours s/item")
    per_lang: dict[str, dict[str, dict[str, float]]] = defaultdict(dict)  # level -> language -> column -> share
    for level, items in levels.items():
        gold = [g for g, _, _ in items]
        texts = [t for _, t, _ in items]
        t0 = time.perf_counter()
        answers = {"ours": run_ours(level, texts)}
        spent = (time.perf_counter() - t0) / len(texts)
        answers["langdetect"] = run_langdetect(texts)
        answers.update({name: run_reference(name, texts) for name in ("py3langid", "lingua")})
        for half, wanted in HALVES:
            keep = [wanted(n) for _, _, n in items]
            print(f"{level:<9} {half:<5} {sum(keep):>6}" + "".join(
                f" {accuracy(gold, pred, keep):>10.4f}" if pred is not None else f" {'n/a':>10}"
                for pred in answers.values()) + (f"  {spent:.4f}" if half == "all" else ""))
        for lang in langs:
            sel = [i for i, g in enumerate(gold) if g == lang]
            if sel:
                per_lang[level][lang] = {
                    **{name: _share(pred, lang, sel) for name, pred in answers.items()},
                    **{half: _share(answers["ours"], lang, [i for i in sel if wanted(items[i][2])])
                       for half, wanted in HALVES[1:]}}
    detected = [lang for lang in langs if per_lang["article"].get(lang, {}).get("ours", 0) == 1.0]
    print(f"\nmean per language over the {len(detected)} that ours gets right at article level (each counts once)")
    print(f"{'level':<9} {'half':<5}" + "".join(f" {name:>10}" for name in SYSTEMS))
    for level in ("sentence", "snippet"):
        rows = [per_lang[level][lang] for lang in detected]
        print(f"{level:<9} {'all':<5}" + "".join(f" {_mean(rows, name):>10.4f}" for name in SYSTEMS))
        for half in ("even", "odd"):
            print(f"{level:<9} {half:<5} {_mean(rows, half):>10.4f}")
    if args.detail:
        for level, per in per_lang.items():
            print(f"\n{level}: per language (ours, ours even / odd half; langdetect; py3langid; lingua)")
            for lang, d in per.items():
                print(f"  {lang:<3} {d['ours']:.3f} {d['even']:.3f} / {d['odd']:.3f}; {d['langdetect']:.3f}; "
                      f"{d['py3langid']:.3f}; {d['lingua']:.3f}")


def _mean(rows: list[dict[str, float]], column: str) -> float:
    values = [row[column] for row in rows]
    return sum(values) / len(values) if values else float("nan")


def _share(pred: list[str] | None, lang: str, chosen: list[int]) -> float:
    if pred is None or not chosen:
        return float("nan")
    return sum(pred[i] == norm(lang) for i in chosen) / len(chosen)


if __name__ == "__main__":
    main()
