"""Polish rules: seven cases, so adjectives and nouns are read through their lemma (shared Slavic rules: slavic.py)."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import Mention
from indexer.annotate.entities.gazetteer import first_names, org_for, place_for
from indexer.annotate.entities.inflection import PL_PLACE_PREPOSITIONS, pl_adjective_stem, polish_nominative
from indexer.annotate.entities.lang import Rules
from indexer.annotate.entities.lang.slavic import polish_common_noun, polish_place_name
from indexer.text.names import fold


def _polish_place_and_org_forms(mentions: list[Mention], text: str) -> None:
    """Polish places and organisations in the nominative ("Kurierem Nadwiślańskim" → "Kurier Nadwiślański"), and
    an adjective with an inflected common noun that no given name accompanies is no person: "na Starym Mieście",
    "do Zielonej Góry" are places, "Warszawy Centralnej" is a station."""
    for m in mentions:
        words = m.surface.split()
        if m.type == "person" and not m.person_cue and not any(fold(w) in first_names() for w in words) and any(
                polish_common_noun(w) for w in words) and any(pl_adjective_stem(w) for w in words):
            place = place_for(polish_nominative(m.surface), "pl")
            before = text[max(0, m.start - 6) : m.start].split()
            near = bool(before) and before[-1].casefold() in PL_PLACE_PREPOSITIONS
            m.type, m.canonical = ("place", place.name if place else None) if place or near else ("organization", None)
        if m.type not in ("place", "organization") or m.canonical:
            continue
        nominative = polish_nominative(m.surface)
        if org := org_for(nominative):
            m.type, m.canonical = "organization", org  # "Unii Europejskiej": the Union, a body, whatever its words
        elif m.type == "organization" and polish_place_name(nominative):
            m.type = "place"  # "Warszawa Centralna"
        if nominative != m.surface:
            m.lemma = nominative


class Polish(Rules):
    # "warszawskiego", "krakowskiej", "gdańskim": the stem before -sk-/-ck- and a case ending ("krakow" folds to
    # Kraków's "krakow", so the ó/o alternation needs no rule)
    place_adjective = re.compile(r"^(?P<stem>[a-ząćęłńóśźż]{2,}?)(?P<suffix>sk|ck)"
                                 r"(?:i|a|ie|iego|iej|ich|im|imi|ą|iemu)$")
    adjective_noun_endings = ("a", "e", "y")  # "Warszawa", "Opole", "Tychy"

    def adjective_stems(self, stem: str, suffix: str) -> list[str]:
        towns_in_ce = [stem + "ce"] if suffix == "ck" else []  # "katowicki" → "Katowice"
        return [*super().adjective_stems(stem, suffix), *towns_in_ce]

    def keeps_first_word(self, words: list, cue: bool) -> bool:
        # an adjective before a two-word name is its first word: "Rządowe Centrum Bezpieczeństwa"
        return len(words) >= 3 and bool(pl_adjective_stem(words[0].text))

    def base_forms(self, mentions: list, text: str) -> None:
        _polish_place_and_org_forms(mentions, text)


RULES = Polish("pl")
