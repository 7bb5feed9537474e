"""What changed between two versions of an article, paragraph by paragraph: outlets edit stories after they ran
(a figure corrected, a quote withdrawn, a paragraph added), and a journalist needs to see exactly where.

Paragraphs are aligned with difflib's SequenceMatcher; a replaced paragraph is paired with its new text and also
diffed word by word, so the page can mark the words removed and added rather than the whole paragraph.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

_WORDS = re.compile(r"\s*\S+\s*")  # a word with the spaces around it, so changed runs read as phrases
REWRITTEN = 0.4  # below this share of words in common, a paragraph is shown as removed whole and added whole


def paragraph_changes(before: list[str], after: list[str]) -> list[dict]:
    """The changed, added and removed paragraphs, in reading order. Each has `change` (changed, added, removed),
    `before` and `after` (the texts, None for the side that lacks it), `from_position` and `to_position` (1-based
    paragraph numbers in each version, None likewise), and `words` (a changed paragraph's text as runs of
    `{"op": "same"|"removed"|"added", "text": …}`; a whole run for the others)."""
    changes: list[dict] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=before, b=after, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        old, new = before[i1:i2], after[j1:j2]
        for k in range(max(len(old), len(new))):
            was = old[k] if k < len(old) else None
            now = new[k] if k < len(new) else None
            changes.append({
                "change": "changed" if was is not None and now is not None else "removed" if now is None else "added",
                "before": was, "after": now,
                "from_position": i1 + k + 1 if was is not None else None,
                "to_position": j1 + k + 1 if now is not None else None,
                "words": _word_runs(was, now),
            })
    return changes


def _word_runs(before: str | None, after: str | None) -> list[dict]:
    if before is None or after is None:
        return [{"op": "added" if before is None else "removed", "text": after if before is None else before}]
    old, new = _WORDS.findall(before), _WORDS.findall(after)
    matcher = SequenceMatcher(a=old, b=new, autojunk=False)
    if matcher.ratio() < REWRITTEN:
        return [{"op": "removed", "text": before}, {"op": "added", "text": after}]
    runs: list[dict] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            _add(runs, "same", "".join(old[i1:i2]))
            continue
        _add(runs, "removed", "".join(old[i1:i2]))
        _add(runs, "added", "".join(new[j1:j2]))
    return runs


def _add(runs: list[dict], op: str, text: str) -> None:
    if not text:
        return
    if runs and runs[-1]["op"] == op:
        runs[-1]["text"] += text
    else:
        runs.append({"op": op, "text": text})
