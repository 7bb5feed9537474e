"""Who a phrase quoted inside the writer's own sentence belongs to (partial quotes, flagged as fragments).

The convention follows issue #4's seed (Peskov's "bold fake"): a fragment takes the speaker whose words it is — the
one who named it, the speaker its sentence names, a titled person the sentence is about, or the speaker of a
statement it echoes; scare quotes and titles with no such speaker keep none.
"""

from __future__ import annotations

import re

from indexer.annotate.quotes.attribution import (
    person_name,
    speaker_after,
    speaker_kind,
    subject_before,
    words,
)
from indexer.annotate.quotes.candidate import Candidate
from indexer.annotate.quotes.lang import rules_for
from indexer.annotate.quotes.marks import PAIRS_CHARS
from indexer.annotate.quotes.speaker_words import DETERMINERS

PASSIVE_AUX = {"is", "was", "were", "are", "be", "been", "being", "get", "gets", "got", "wird", "wurde", "wurden"}


def namer(before: str, lang: str) -> str | None:
    """Who gave the name in marks: the subject of 'nannte'/'called' right before it in the same sentence
    ("Ms. Ferrow called Idaho “one of …”"; after a comma, the sentence's subject: "X denied it, calling it “…”")."""
    rules = rules_for(lang)
    verb = rules.naming_verb
    m = verb.search(before) if verb else None
    if not m or len(before[m.end() :].split()) > 4:
        return None
    head = before[: m.start()]
    if head.split()[-1:] and head.split()[-1].lower() in PASSIVE_AUX:
        return None  # "he was called a “traitor”": the one named, not the one naming
    joined = re.split(r"\s(?:and|und|et|y|e|i|и|і|en)\s", head)
    if len(joined) > 1 and joined[-1].strip():
        head = joined[-1]  # "Huntington definía … y el jurista Carlos Nino llamó a la Argentina “…”"
    subject = subject_before(head, lang) if head.strip() else None
    if not subject or rules.no_subject(subject, before):
        return None  # "Die Leute nannten ihn …" names nobody in particular
    return (person_name(subject, lang) or subject) if speaker_kind(subject, lang, ()) == "person" else None


def namer_after(before: str, after: str, lang: str) -> str | None:
    """'… einen Hügel, den Berger als „kleinen Vulkan“ bezeichnet': in a German clause the naming verb comes last;
    the name written between the relative pronoun and 'als' is the one who gave the name."""
    rules = rules_for(lang)
    if rules.naming_after is None or rules.named_as is None or not rules.naming_after.search(after):
        return None
    clause = re.split(r"[,;:]", before)[-1]
    m = rules.named_as.search(clause)
    toks = words(clause[: m.start()]) if m else []
    while toks and toks[0].lower() in DETERMINERS | {"welchen", "welche", "welches"}:
        toks = toks[1:]  # "den Speke": the relative pronoun is what is named
    if not toks or len(toks) > 3 or not all(t[:1].isupper() for t in toks):
        return None
    subject = " ".join(toks)
    return subject if rules.subject_check(subject) == "ok" and speaker_kind(subject, lang, ()) == "person" else None


def said_at_sentence_end(tail: str, lang: str) -> str | None:
    """'“We ought to start now …” and fix the roads, Ms. Harlan said.', 'Misusing them is the “single leading
    factor,” the agency’s chief says.': a partial quote belongs to the speaker its sentence names in a closing
    attribution after a comma (tail: the masked rest of the sentence). Other phrases quoted between them are no
    matter: the clause after the last comma names who said them all."""
    if "," not in tail or "_" in tail.rsplit(",", 1)[1]:
        return None
    speaker, _ = speaker_after(tail.rsplit(",", 1)[1], lang, max_words=4)
    if not speaker:
        return None
    named = any(t[:1].isupper() for t in words(speaker)[1:])  # "the CDC", "die Bundesregierung": a body's name
    return speaker if speaker_kind(speaker, lang, ()) == "person" or named else None


def echoed(c: Candidate, earlier: list[Candidate], text: str) -> tuple[str, str] | None:
    """Wer sind diese „eingeweihten Kreise“? — a phrase picked up again from a statement quoted earlier is still
    that speaker's (case endings may differ: 'eingeweihten Kreisen')."""
    phrase = re.findall(r"\w+", text[c.parts[0][0] : c.parts[-1][1]].lower())
    if len(phrase) < 2:
        return None
    stems = [w[: max(4, len(w) - 2)] for w in phrase]
    pattern = re.compile(r"(?<!\w)" + r"\w*\W+".join(re.escape(st) for st in stems))
    for q in reversed(earlier):
        if q.fragment or not q.speaker:
            continue
        if pattern.search(text[q.parts[0][0] : q.parts[-1][1]].lower()):
            return q.speaker, q.kind
    return None


def same_sentence_speaker(c: Candidate, earlier: list[Candidate], text: str) -> tuple[str, str] | None:
    """'“Well done, Ada!” wrote Sam Reyes, ending his post with the tag “#BudgetDay.”': a phrase
    quoted later in the sentence of an attributed quote is that speaker's too."""
    full = [q for q in earlier if not q.fragment]
    if not full or not full[-1].speaker or full[-1].kind.startswith("pronoun"):
        return None
    between = text[full[-1].end : c.start]
    closed = text[full[-1].parts[-1][0] : full[-1].parts[-1][1]].rstrip(PAIRS_CHARS)[-1:] in ".!?…"
    if closed and between.strip()[:1].isupper():
        return None  # '“… the new mayor is careless.” He called her “…”': the quote ended its sentence
    if "\n" in between or re.search(r"[.!?…](?:\s|$)", between) or any(q.start > full[-1].end for q in earlier):
        return None  # another sentence, or another phrase in marks between them
    return full[-1].speaker, full[-1].kind


__all__ = ["echoed", "namer", "namer_after", "said_at_sentence_end", "same_sentence_speaker"]
