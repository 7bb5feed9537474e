"""Dialogue written turn by turn: who speaks an unattributed quote in an exchange between two people.

A turn opened by a dash answers the last speaker, and a question is answered by the other person; both rules only
name someone already attributed in the exchange, never a new speaker.
"""

from __future__ import annotations

from indexer.quote_candidate import Candidate
from indexer.quote_marks import PAIRS_CHARS

TURN_DASHES = ("—", "–", "--")
DIALOGUE_GAP = 400  # characters between two quotes of one exchange


def turn_opened(text: str, start: int) -> bool:
    """The quote opens a dialogue turn: a dash before it, at a line start or after a finished sentence or quote
    (not "…, und – „genau darum“", a dash inside the writer's sentence)."""
    before = text[:start].rstrip()
    if not before.endswith(TURN_DASHES):
        return False
    lead = before.rstrip("—–- \t\n\u00a0")
    return not lead or lead[-1] in ".!?…:" + "”“\"»«’‘'"


def dialogue_turn(c: Candidate, earlier: list[Candidate], text: str) -> tuple[str, str] | None:
    """An exchange written turn by turn ('— Der Redakteur: „…?“ — „Das weiß man noch nicht.“'): a new turn opened
    by a dash, with no attribution, answers the last speaker, so it goes to the other person of the exchange."""
    if not turn_opened(text, c.start):
        return None
    turns = _exchange(c, earlier)
    if not turns:
        return None
    last = turns[0][0].split()[-1].lower()
    other = [t for t in turns if t[0].split()[-1].lower() != last]
    return other[0] if other else None


def _exchange(c: Candidate, earlier: list[Candidate]) -> list[tuple[str, str]]:
    """The attributed turns right before c, latest first, while they follow each other closely."""
    turns: list[tuple[str, str]] = []
    nxt = c.start
    for q in reversed(earlier):
        if q.fragment:
            continue
        if nxt - q.end > DIALOGUE_GAP or not q.speaker or q.kind.startswith("pronoun"):
            break
        turns.append((q.speaker, q.kind))
        nxt = q.start
    return turns


def question_turn(c: Candidate, earlier: list[Candidate], text: str) -> tuple[str, str] | None:
    """In an exchange between two people, a question is answered by the other one and the one who answered asks
    next: an unattributed quote straight after a question, or itself a question after an answer, changes speaker.
    (With one speaker so far, "“Why would we?” “We wouldn't.”" is the same person going on.)"""
    full = [q for q in earlier if not q.fragment]
    if not full or text[full[-1].end : c.start].strip(" \t\n\u00a0—–-") or text.rfind("\n", 0, c.start) < full[-1].end:
        return None  # words of the writer's between, or both on one line
    asked = _ends_question(full[-1], text) or _ends_question(c, text)
    turns = _exchange(c, earlier)
    if not asked or not turns:
        return None
    last = turns[0][0].split()[-1].lower()
    other = [t for t in turns if t[0].split()[-1].lower() != last]
    return other[0] if other else None


def _ends_question(c: Candidate, text: str) -> bool:
    return text[c.parts[-1][0] : c.parts[-1][1]].rstrip(PAIRS_CHARS + " \n").endswith("?")


__all__ = ["DIALOGUE_GAP", "TURN_DASHES", "dialogue_turn", "question_turn", "turn_opened"]
