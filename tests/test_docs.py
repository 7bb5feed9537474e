"""The README and the guides in docs/: every relative link resolves (files and #anchors, as GitHub renders them),
the README stays a front page, and its first fenced block holds the two commands of the contract."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_ANCHOR = re.compile(r"<a\s+[^>]*(?:id|name)=\"([^\"]+)\"")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks (where a `#` is a shell comment, not a heading)."""
    lines, fence = [], None
    for line in text.splitlines():
        m = FENCE.match(line)
        if m:
            mark = m.group(2)
            if fence is None:
                fence = mark[0] * len(mark)
            elif mark.startswith(fence):
                fence = None
            continue
        if fence is None:
            lines.append(line)
    return lines


def heading_text(raw: str) -> str:
    """What GitHub renders of a heading's inline Markdown: code spans, links and emphasis become their text."""
    text = CODE_SPAN.sub(lambda m: m.group(2), raw)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    return re.sub(r"(\*\*|__|\*|_)(.+?)\1", r"\2", text)


def slug(text: str) -> str:
    """GitHub's anchor for a heading: lower case, every character but letters, digits, marks, `_`, `-` and spaces
    dropped, spaces to hyphens (github-slugger)."""
    kept = []
    for ch in text.lower():
        if ch in " -_" or unicodedata.category(ch)[0] in "LMN":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor GitHub makes for the file: one per heading (repeats numbered -1, -2 …), and explicit HTML ones."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in prose_lines(path.read_text(encoding="utf-8")):
        found.update(HTML_ANCHOR.findall(line))
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(heading_text(m.group(2)))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(path: Path) -> list[str]:
    """The targets of the file's Markdown links and images, outside code."""
    targets = []
    for line in prose_lines(path.read_text(encoding="utf-8")):
        targets.extend(LINK.findall(CODE_SPAN.sub("", line)))
    return targets


def broken_links(path: Path) -> list[str]:
    broken = []
    for target in links(path):
        if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("//"):
            continue  # http:, https:, mailto: … are not the repository's to check
        file_part, _, fragment = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif fragment and (dest.suffix != ".md" or fragment not in anchors(dest)):
            broken.append(f"{target}: no heading in {dest.name} has the anchor #{fragment}")
    return broken


def test_the_guides_exist():
    names = {p.name for p in DOCS}
    assert {"README.md", "searching.md", "archiving.md", "api.md", "operations.md", "evaluation.md",
            "development.md", "security.md"} <= names


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    assert links(path), f"{path.name} links nowhere"
    assert broken_links(path) == []


def test_the_checker_finds_a_broken_file_and_a_broken_anchor(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other page\n\n## Café & bar: `x/y`\n\n## Café & bar: `x/y`\n")
    page.write_text("# Page\n\n```\n# not a heading\n```\n\n[a](other.md#café--bar-xy) [b](other.md#café--bar-xy-1)\n"
                    "[c](#page) [d](missing.md) [e](other.md#not-a-heading) [f](#not-a-heading) "
                    "`[g](in-code.md)` [h](https://example.org/x)\n")
    assert broken_links(page) == [
        "missing.md: no such file",
        "other.md#not-a-heading: no heading in other.md has the anchor #not-a-heading",
        "#not-a-heading: no heading in page.md has the anchor #not-a-heading",
    ]


@pytest.mark.parametrize("heading, anchor", [
    ("A development cluster: scripts/cluster", "a-development-cluster-scriptscluster"),
    ("Dates: the histogram and date filters", "dates-the-histogram-and-date-filters"),
    ("What is passed over, and why", "what-is-passed-over-and-why"),
    ("The `--json` shape", "the---json-shape"),
    ("Київ і Львів", "київ-і-львів"),
])
def test_anchors_are_made_as_github_makes_them(heading, anchor):
    assert slug(heading_text(heading)) == anchor


def test_the_readme_is_a_front_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    for guide in ("searching", "archiving", "api", "operations", "evaluation", "development", "security"):
        assert f"(docs/{guide}.md)" in readme
    assert len(re.findall(r"!\[[^\]]*\]\(docs/screenshots/[^)]+\)", readme)) == 1


def test_the_first_fenced_block_of_the_readme_is_the_two_commands():
    """The outside contract: first the command that sets up and serves the corpus, then the one CI runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^```[^\n]*\n(.*?)^```", readme, re.S | re.M).group(1)
    assert block.splitlines() == ["bash scripts/serve", "bash scripts/test"]
    assert "bash scripts/test" in (ROOT / ".ci" / "run").read_text()
