"""Undeclared legacy code pages: how often a page's bytes come out as the text its writer typed.

Pages in a code page their language used before UTF-8 (Windows-1252 Western, 1250 Central European, 1254
Turkish, 1257 Baltic, 1251 and KOI8-R Cyrillic, ISO 8859-7 Greek, 1256 Arabic, 1255 Hebrew, Shift-JIS and EUC-JP,
GB18030, Korean 949, Thai 874), with no charset in the HTTP header or a <meta> tag, as old archives, saved files and WARC
records without headers often are. Each page is three consecutive sentences of the lingua test set
(shared/eval/langid_lingua, dev half) in a bare <html><body><p>; sentences the code page cannot write are left out
(Romanian ș and ț, Azerbaijani ə), and a page whose bytes are pure ASCII is not counted (every reading is right).
A page counts as right when the decoded text equals the original exactly.

Three readers in one run: ours (indexer.sources.encoding.decode_html), ours by the shapes of words alone (the
reading before the byte model broke ties between Latin code pages), and charset-normalizer (where installed). Each is
scored whole and in two halves (pages of even and odd position within their language).

    .venv/bin/python benchmarks/code_pages.py [--per-lang N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexer.sources import encoding  # noqa: E402

DATA = ROOT.parent / "shared" / "eval" / "langid_lingua"
CODE_PAGES = {
    "cp1252": "de fr es it pt nl da sv fi is ca eu ga af nb".split(),
    "cp1250": "pl cs sk sl hr hu ro sq bs".split(),
    "cp1254": "tr az".split(),
    "cp1257": "lt lv et".split(),
    "cp1251": "ru uk bg mk be".split(),
    "koi8-r": ["ru"],
    "iso-8859-7": ["el"],
    "cp1256": "ar fa".split(),
    "cp1255": ["he"],
    "cp932": ["ja"],
    "euc-jp": ["ja"],
    "gb18030": ["zh"],
    "cp949": ["ko"],
    "cp874": ["th"],
}


def pages(lang: str, codec: str, per_lang: int) -> list[tuple[str, bytes]]:
    """(text, bytes) of each page of three sentences the code page can write, up to per_lang pages."""
    path = DATA / f"{lang}.txt"
    if not path.exists():
        return []
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            line.strip().encode(codec)
        except UnicodeEncodeError:
            continue
        if line.strip():
            lines.append(line.strip())
    out = []
    for i in range(0, len(lines) - 2, 3):
        text = " ".join(lines[i:i + 3])
        data = f"<html><body><p>{text}</p></body></html>".encode(codec)
        if not data.isascii():
            out.append((text, data))
        if len(out) == per_lang:
            break
    return out


def by_shape(data: bytes) -> str:
    """The shape score alone: the reading before ties between Latin code pages went to the byte model."""
    texts = {}
    for codec in encoding._CANDIDATES:
        try:
            texts[codec] = data.decode(codec)
        except UnicodeDecodeError:
            continue
    best = max(texts, key=lambda c: encoding._score(texts[c]))
    return texts[best]


def readers() -> dict[str, callable]:
    out = {"ours": encoding.decode_html, "shape only": by_shape}
    try:
        from charset_normalizer import from_bytes

        def normalizer(data: bytes) -> str:
            match = from_bytes(data).best()
            return str(match) if match else data.decode("cp1252", errors="replace")

        out["charset-normalizer"] = normalizer
    except ImportError:
        print("charset-normalizer is not installed: left out", file=sys.stderr)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-lang", type=int, default=150, help="pages per language (default 150)")
    args = parser.parse_args()
    if not DATA.exists():
        sys.exit(f"{DATA} is missing: this benchmark reads the lingua sentences of ../shared/eval")
    named = readers()
    right: dict[tuple[str, str, str], int] = defaultdict(int)  # (reader, lang, half) -> pages right
    count: dict[tuple[str, str], int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    for codec, langs in CODE_PAGES.items():
        for lang in langs:
            row = f"{lang}/{codec}"
            for n, (text, data) in enumerate(pages(lang, codec, args.per_lang)):
                half = "even" if n % 2 == 0 else "odd"
                for h in ("all", half):
                    count[(row, h)] += 1
                for name, read in named.items():
                    start = time.perf_counter()
                    ok = text in read(data)
                    seconds[name] += time.perf_counter() - start
                    for h in ("all", half):
                        right[(name, row, h)] += ok
    rows = [f"{lang}/{codec}" for codec, of in CODE_PAGES.items() for lang in of if count[(f"{lang}/{codec}", "all")]]
    print(f"{'language/code page':18} {'pages':>5}  " + "  ".join(f"{n:>26}" for n in named))
    print(f"{'':18} {'':>5}  " + "  ".join(f"{'all / even / odd':>26}" for _ in named))
    for row in rows:
        cells = [" / ".join(f"{right[(name, row, h)] / max(1, count[(row, h)]):.3f}" for h in ("all", "even", "odd"))
                 for name in named]
        print(f"{row:18} {count[(row, 'all')]:5}  " + "  ".join(f"{c:>26}" for c in cells))
    total = sum(count[(row, "all")] for row in rows)
    print()
    for name in named:
        shares = [sum(right[(name, row, h)] for row in rows) / max(1, sum(count[(row, h)] for row in rows))
                  for h in ("all", "even", "odd")]
        worst = min(rows, key=lambda row: right[(name, row, "all")] / count[(row, "all")])
        print(f"{name:20} pages right {' / '.join(f'{s:.3f}' for s in shares)} (all / even / odd); "
              f"worst {worst} {right[(name, worst, 'all')] / count[(worst, 'all')]:.3f}; "
              f"{1000 * seconds[name] / total:.2f} ms a page")
    print(f"{total} pages in {len(rows)} languages and code pages; a page is right when its decoded text holds the "
          "original exactly")


if __name__ == "__main__":
    main()
