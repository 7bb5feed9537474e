"""Interviews printed as a transcript, whose answers carry no quotation marks.

Two layouts are read:

- turns labelled with the speaker's name ("Rick: I got into tech …", "Marissa: …"), when the label names someone the
  article names, and at least two paragraphs open so: one labelled line is a heading ("Update: …");
- answers after questions: a line opened by a dash right after a question ("*ما الذي يحدث …؟" / "-نحن في السودان
  …"), or labelled A:/R:/Antwort: after Q:/P:/Frage: lines. They are the words of the one person the headline
  names (the interviewee: "… خالد عبد الكريم ماسا لـ«الصباح»: …"), or of nobody named when it names no one person.

A question belongs to the interviewer, who is no source: questions are not quotes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from indexer.annotate.quotes.candidate import Candidate, strip_span
from indexer.annotate.quotes.marks import PARA_SEP

LABEL = re.compile(r"[ \t\u00a0]*((?:[^\W\d_][\w’'.-]*[ \u00a0]){0,2}[^\W\d_][\w’'.-]*)[ \u00a0]*:[ \u00a0]+(?=\S)")
ANSWER_DASH = re.compile(r"[ \t\u00a0]*[-–—―][ \u00a0]*(?=\S)")
QUESTION_END = ("?", "؟", "？")
QUESTION_LABELS = frozenset("q f p frage pregunta question вопрос питання pytanie otázka س سؤال".split())
ANSWER_LABELS = frozenset("a r antwort respuesta réponse resposta answer ответ відповідь odpowiedź odpověď ج جواب".split())
HEADING_WORDS = 12
QUESTION_WORDS = 60
QUOTE_MARKS = "„“”«»‚‘’\"'"
SENTENCE_END = tuple(".!?…\"”»’)")
MIN_LABELLED = 2  # paragraphs opened by a name label before the layout reads as a transcript


def transcript_turns(text: str, people: Sequence[str], title: str = "") -> list[Candidate]:
    """Candidates for the answers of a transcript in text ("\n\n"-joined paragraphs), each with its speaker."""
    lines = _lines(text)
    found = _labelled(text, lines, people) + _answers(text, lines, people, title)
    return sorted(found, key=lambda c: c.start)


def _lines(text: str, sep: str = "\n") -> list[tuple[int, int]]:
    """The non-blank lines of text (or, with sep "\n\n", its paragraphs) as (start, end) offsets."""
    spans, at = [], 0
    for line in text.split(sep):
        spans.append((at, at + len(line)))
        at += len(line) + len(sep)
    return [(s, e) for s, e in spans if text[s:e].strip()]


def _name_words(people: Sequence[str]) -> set[str]:
    return {w.casefold() for p in people for w in p.split() if len(w) > 1 and w[:1].isupper()}


def _labelled(text: str, lines: list[tuple[int, int]], people: Sequence[str]) -> list[Candidate]:
    """'Rick: …' turns: the label is a person the article names (a whole name or one word of it)."""
    known = _name_words(people)
    full = {p.casefold() for p in people}
    turns: list[Candidate] = []
    for s, e in lines:
        m = LABEL.match(text, s, e)
        if not m or text[s - 1 : s] not in ("", "\n"):
            continue
        label = m.group(1).strip()
        words = [w.casefold() for w in label.split()]
        if not words or not all(w[:1].isupper() for w in label.split()):
            continue
        if label.casefold() not in full and not (len(words) == 1 and words[0] in known):
            continue
        start, end = strip_span(text, m.end(), _turn_end(text, lines, s, e))
        if end - start >= 20 and not _heading(text[start:end]):
            turns.append(Candidate(start, end, [(start, end)], speaker=label, kind="person"))
    if len(turns) == 1:
        return _unlabelled_answers(text, turns[0])
    return turns if len(turns) >= MIN_LABELLED else []


def _unlabelled_answers(text: str, first: Candidate) -> list[Candidate]:
    """'fluter.de: Wie finden Sie das? ¶ Felix Stalder: … ¶ Was heißt das für uns? ¶ Das heißt …': an interview whose
    first answer, after a question, carries the person's label goes on without labels. Each later answer (the
    paragraphs after a question, up to the next one) is that person's; the first one runs on the same way."""
    paras = _lines(text, PARA_SEP)
    asked_first = [p for p in paras if p[1] <= first.start]
    if not asked_first or not _asks(text[asked_first[-1][0] : asked_first[-1][1]]):
        return []
    name = (first.speaker or "").split()[-1]
    answers = [[first.start, first.end]]
    open_answer = True
    for s, e in paras:
        if s <= first.start:
            continue
        para = text[s:e].strip()
        if _asks(para) or name in para.split()[:3]:
            open_answer = False  # a question, or the writer on the person ("Felix Stalder ist Professor …")
        elif _heading(para) or para[:1] in QUOTE_MARKS:
            continue  # a crosshead or a pull quote inside the interview
        elif open_answer:
            answers[-1][1] = e
        else:
            answers.append([s, e])
            open_answer = True
    if len(answers) < MIN_LABELLED:
        return []
    spans = [strip_span(text, s, e) for s, e in answers]
    return [Candidate(s, e, [(s, e)], speaker=first.speaker, kind="person") for s, e in spans if e - s >= 20]


def _asks(para: str) -> bool:
    """A paragraph that is a question (of an interviewer): short, and ending in a question mark."""
    return para.rstrip().endswith(QUESTION_END) and len(para.split()) <= QUESTION_WORDS


def _heading(turn: str) -> bool:
    """'KARLA TARAZONA: POR SER FAN, ME CASTIGARON': a short line with no full stop is the heading of a section
    about that person (whose quotes follow), not words of theirs."""
    return len(turn.split()) <= HEADING_WORDS and "\n" not in turn and turn.rstrip()[-1:] not in SENTENCE_END


def _turn_end(text: str, lines: list[tuple[int, int]], s: int, e: int) -> int:
    """A turn runs to the end of its paragraph."""
    para_end = text.find("\n\n", s)
    return len(text) if para_end < 0 else para_end


def _answers(text: str, lines: list[tuple[int, int]], people: Sequence[str], title: str) -> list[Candidate]:
    """Answers after questions: a dash-opened line or an A: label right after a line that asks."""
    speaker = _interviewee(title, people)
    found: list[Candidate] = []
    for (ps, pe), (s, e) in zip(lines, lines[1:], strict=False):
        question = text[ps:pe].rstrip()
        label = LABEL.match(text, ps, pe)
        asked = question.endswith(QUESTION_END) or bool(label and label.group(1).casefold() in QUESTION_LABELS)
        if not asked:
            continue
        opener = ANSWER_DASH.match(text, s, e)
        answer_label = LABEL.match(text, s, e)
        if answer_label and answer_label.group(1).casefold() in ANSWER_LABELS:
            opener = answer_label
        if not opener:
            continue
        start, end = strip_span(text, opener.end(), _answer_end(text, lines, s))
        if end - start >= 20:
            found.append(Candidate(start, end, [(start, end)], speaker=speaker, kind="person" if speaker else "none"))
    return found if len(found) >= MIN_LABELLED else []


def _answer_end(text: str, lines: list[tuple[int, int]], s: int) -> int:
    """An answer runs on over the lines after it up to the next question (or the next paragraph break)."""
    para_end = text.find("\n\n", s)
    para_end = len(text) if para_end < 0 else para_end
    end = para_end
    for ls, le in lines:
        if s < ls < para_end and text[ls:le].rstrip().endswith(QUESTION_END):
            end = ls - 1
            break
    return end


def _interviewee(title: str, people: Sequence[str]) -> str | None:
    """The one person the headline names."""
    named = {p for p in people if len(p) > 2 and p in title}
    named = {p for p in named if not any(p != q and p in q for q in named)}
    return named.pop() if len(named) == 1 else None


__all__ = ["transcript_turns"]
