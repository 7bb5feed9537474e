"""Dialogue written turn by turn: who speaks an unattributed quote in an exchange between two people.

A turn opened by a dash answers the last speaker, and a question is answered by the other person; both rules only
name someone already attributed in the exchange, never a new speaker.
"""

from __future__ import annotations

import re

from indexer.annotate.quotes.attribution import speaker_after
from indexer.annotate.quotes.candidate import Candidate, strip_span
from indexer.annotate.quotes.lang import rules_for
from indexer.annotate.quotes.marks import PAIRS_CHARS, QUOTE_CHARS

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


TURN_START = re.compile(r"^[ \t\u00a0]*(?:[—―–]|-(?=[ \u00a0]))[ \u00a0]*(?=\S)", re.MULTILINE)
# a dash that opens or closes the writer's incise: not one inside a word or between digits ("2019–2020")
INCISE_DASH = re.compile(r"(?<![\w])[—―–](?=\S)|(?<=\S)[—―–](?![\w])|(?<=\s)[—―–-](?=\s)")


def dash_turns(text: str, lang: str) -> list[Candidate]:
    """'—Es la peor sequía —dijo Pizarro.' / '— Это вынужденная мера, — сказал Орлов. — …': in Spanish and Russian
    news a line opened by a dash is someone speaking, and the clause between the next pair of dashes is the
    writer's attribution. A turn counts when its incise has a verb of saying, or (with none) when an attributed
    turn stands close by or the line before ends in a colon, so a dash-led list is no dialogue."""
    if not rules_for(lang).dash_dialogue:
        return []
    turns: list[Candidate] = []
    bare: list[Candidate] = []
    for m in TURN_START.finditer(text):
        line_end = text.find("\n", m.end())
        line_end = len(text) if line_end < 0 else line_end
        if any(ch in QUOTE_CHARS for ch in text[m.end() : line_end]):
            continue  # quotation marks on the line: the marks say what is quoted
        cand = _dash_turn(text, m.end(), line_end, lang)
        if cand is None:
            continue
        if "gap" in cand.extra:
            turns.append(cand)
        elif text[: m.start()].rstrip().endswith((":", "：")):
            turns.append(cand)
        else:
            bare.append(cand)
    near = [b for b in bare if any(abs(b.start - t.start) <= DIALOGUE_GAP for t in turns)]
    return sorted(turns + near, key=lambda c: c.start)  # an unattributed turn only beside attributed ones


def _dash_turn(text: str, start: int, end: int, lang: str) -> Candidate | None:
    """The speech parts of one dash-led line, with the first incise as the gap its attribution is read from."""
    cuts = [start] + [x for m in INCISE_DASH.finditer(text, start, end) for x in (m.start(), m.end())] + [end]
    segments = [(cuts[k], cuts[k + 1]) for k in range(0, len(cuts) - 1, 2)]
    speech, gap = [], None
    for k, (s, e) in enumerate(segments):
        if k % 2 == 0:
            s, e = strip_span(text, s, e)
            while s < e and text[s] in ".,;: ":
                s += 1  # "—. Pero hay que ahorrar.": the incise's own full stop
            if len(re.findall(r"\w+", text[s:e])) >= 1:
                speech.append((s, e))
            continue
        clause = text[s:e]
        if gap is None:
            if not speaker_after(clause.rstrip(" .,;"), lang)[1]:
                if k == 1 and len(segments) == 2:
                    return None  # "- А ты? - пыталась наладить …": narration, not an attribution
                continue
            gap = (s, e)
        if re.search(r"[.!?…]\s+\w", clause):
            break  # the writer's sentence goes on after the attribution: no more speech on this line
    if not speech or len(re.findall(r"\w+", text[speech[0][0] : speech[-1][1]])) < 2:
        return None
    first = text[speech[0][0]]
    if not (first.isupper() or first.isdigit() or first in "¿¡…"):
        return None  # "— ремонт моста через реку;": an item of a list, not someone speaking
    cand = Candidate(speech[0][0], speech[-1][1], speech, extra={"dash": True})
    if gap:
        cand.extra["gap"] = gap
    return cand


__all__ = ["DIALOGUE_GAP", "TURN_DASHES", "dash_turns", "dialogue_turn", "question_turn", "turn_opened"]
