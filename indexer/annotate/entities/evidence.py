"""What makes a recognised name a facet value: evidence that it names a person, place or organisation.

The recogniser proposes every capitalised run it can type. A facet shows one only with evidence, weighed here for
the whole entity (all its mentions in the article), never for a page:

- the gazetteer or a lexicon knows the name (a place, a country, an organisation, a listed company, a person);
- a cue word says what it is: a title before a person ("Minister", "Frau"), an organisation's word inside its
  name ("Ministry", "Universität", "GmbH"), a place's word ("Street", "Airport");
- a person's name opens with a given name the name lists know;
- the context types it: a quotation it speaks ("…," said Smith: quotes.speakers confirms the name);
- the article itself defines it: an acronym in brackets after its full name;
- for a person or a place, the article names it again (two mentions or more), or by two forms (full name and
  surname).

Repetition says that a run is a name, not what it names. It is no evidence for an organisation: a run the
recogniser could only guess to be one (no organisation word, list or cue) is as often a product, a technical term
or a work that the article repeats ("Vision Pro", "DVB-T", "MDMA", "HIV"). Nor is it for a single capitalised noun
in a language that capitalises every noun ("Eizellspende").

A rule's type is no evidence for an organisation whose name reads as an ordinary phrase of the language (German
"gegen Fake News", "für Soziale Netzwerke": an adjective and a noun with no article before them).

What has none stays in the text, searchable as words, but is no facet value: the names a journalist reads as
nonsense in a facet ("Gigafactory" as a person, "Boxrec", "Perpetual Futures") are mostly such single,
unconfirmed runs.
"""

from __future__ import annotations

import re

from indexer.annotate.entities.core import Guess, Mention
from indexer.annotate.entities.lang import rules_for
from indexer.models import Entity

_WORD_BEFORE = re.compile(r"([^\W\d_]+)[\s-]*$")  # (only a space or a hyphen between: "Oslo-based")


def _word_before(text: str, m: Mention) -> str:
    at = text.find(m.surface, m.start) if 0 <= m.start < len(text) else -1
    before = _WORD_BEFORE.search(text[max(0, at - 40):at]) if at >= 0 and at - m.start <= 3 else None
    return before.group(1) if before else ""


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
    if any(m.canonical or m.lemma.startswith("@acronym-of:") for m in mentions):
        return True  # a gazetteer's name, or the acronym the article spells out
    if kind == "organization" and all(rules.common_phrase(m.surface.split(), _word_before(text, m)) for m in mentions):
        return False  # "gegen Fake News", "für Soziale Netzwerke": an adjective and a noun, with no article
    if any(not isinstance(m.type, Guess) for m in mentions if not m.weak):
        return True  # typed by the gazetteer, a cue, a given name or its context somewhere in the article
    if kind == "organization" and len(words) > 1 and rules.org_word(words):
        return True
    return kind == "organization" and any(_word_before(text, m) in _COMPANY_CUES or _quoted(
        text, m) and not rules.quotes_mark_titles for m in mentions)  # "Tokyo-based Kestrel", „Kurier Nadwiślański“


def repeated(entity: Entity, language: str) -> bool:
    """The article names a person or a place again (after its forms were merged); never an organisation, nor a lone
    noun in a language that capitalises every noun."""
    if entity.type == "organization" or " " not in entity.name and rules_for(language).capitalises_nouns:
        return False
    return entity.mentions >= 2
