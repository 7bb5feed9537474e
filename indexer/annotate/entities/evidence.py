"""What makes a recognised name a facet value: evidence that it names a person, place or organisation.

The recogniser proposes every capitalised run it can type. A facet shows one only with evidence, weighed here for
the whole entity (all its mentions in the article), never for a page:

- the gazetteer or a lexicon knows the name (a place, a country, an organisation, a listed company, a person);
- a cue word says what it is: a title before a person ("Minister", "Frau"), an organisation's word inside its
  name ("Ministry", "Universität", "GmbH"), a place's word ("Street", "Airport");
- a person's name opens with a given name the name lists know;
- the context types it: a verb of saying next to it ("said Smith", "Müller sagte");
- the article itself defines it: an acronym in brackets after its full name;
- the article names it again (two mentions or more), or by two forms (full name and surname).

A rule's type is no evidence for an organisation whose name reads as an ordinary phrase of the language (German
"gegen Fake News", "für Soziale Netzwerke": an adjective and a noun with no article before them).

Repetition is no evidence for an acronym (a technical term recurs as much as a body: "HIV", "DNA", "CSS") nor for
a single capitalised noun in a language that capitalises every noun ("Eizellspende").

What has none stays in the text, searchable as words, but is no facet value: the names a journalist reads as
nonsense in a facet ("Gigafactory" as a person, "Boxrec", "Perpetual Futures") are mostly such single,
unconfirmed runs.
"""

from __future__ import annotations

import re

from indexer.annotate.entities.core import _SPEECH_VERBS, Guess, Mention
from indexer.annotate.entities.gazetteer import looks_like_acronym
from indexer.annotate.entities.lang import rules_for
from indexer.models import Entity

_WORD_BEFORE = re.compile(r"([^\W\d_]+)[\s-]*$")  # (only a space or a hyphen between: "said Smith", "Oslo-based")
_WORD_AFTER = re.compile(r"^\s*([^\W\d_]+)")


def _neighbours(text: str, m: Mention) -> tuple[str, str]:
    at = text.find(m.surface, m.start) if 0 <= m.start < len(text) else -1
    if at < 0 or at - m.start > 3:
        return "", ""
    before = _WORD_BEFORE.search(text[max(0, at - 40):at])
    after = _WORD_AFTER.match(text[at + len(m.surface):at + len(m.surface) + 40])
    return (before.group(1) if before else ""), (after.group(1) if after else "")


# the words that describe a company by where it sits or who holds it: "Tokyo-based", "state-owned", "Paris-listed"
_COMPANY_CUES = {"based", "owned", "listed", "backed", "headquartered", "registered"}
_QUOTE_MARKS = "\"'“”„«»‚‘’‹›"


def _quoted(text: str, m: Mention) -> bool:
    """The mention stands alone between quotation marks: in many languages the marks set off a company's or a
    paper's name („Kurier Nadwiślański“, «Исеть Девелопмент»)."""
    at = text.find(m.surface, max(m.start, 0))
    end = at + len(m.surface)
    return at > 0 and text[at - 1] in _QUOTE_MARKS and text[end:end + 1] in tuple(_QUOTE_MARKS)


def has_evidence(kind: str, name: str, mentions: list[Mention], text: str, language: str) -> bool:
    """Whether an entity of this kind, so named, with these mentions in the article, may be a facet value."""
    words, rules = name.split(), rules_for(language)
    if any(m.canonical for m in mentions):
        return True
    if kind == "organization" and all(rules.common_phrase(m.surface.split(), _neighbours(text, m)[0]) for m in mentions):
        return False  # "gegen Fake News", "für Soziale Netzwerke": an adjective and a noun, with no article
    if any(not isinstance(m.type, Guess) for m in mentions if not m.weak):
        return True  # typed by the gazetteer, a cue, a given name or its context somewhere in the article
    if kind == "organization" and len(words) > 1 and rules.org_word(words):
        return True
    if any(m.lemma.startswith("@acronym-of:") for m in mentions):
        return True
    for m in mentions:
        before, after = _neighbours(text, m)
        if kind == "person" and (before.casefold() in _SPEECH_VERBS or after.casefold() in _SPEECH_VERBS):
            return True
        if kind == "organization" and (before in _COMPANY_CUES or _quoted(text, m) and not rules.quotes_mark_titles):
            return True  # "Tokyo-based Kestrel Research"; „Kurier Nadwiślański“, «Исеть Девелопмент»
    return False


def repeated(entity: Entity, language: str) -> bool:
    """The article names the entity again (after its forms were merged): two mentions, three for an acronym, which
    recurs as a technical term does ("HIV", "CSS"); never a lone noun in a language that capitalises every noun."""
    words = entity.name.split()
    if all(looks_like_acronym(w) for w in words):
        return entity.mentions >= 3
    if len(words) == 1 and rules_for(language).capitalises_nouns:
        return False
    return entity.mentions >= 2
