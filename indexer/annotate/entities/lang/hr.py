"""Croatian rules: the defaults, and men's surnames that agree in case with the given name before them."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules

# genitive and accusative ("Ivana Horvata"), dative and locative ("Ivanu Babiću"), instrumental of hard and soft
# stems alike ("s Markom Kovačevićem", "s Ivanom Horvatom"); Slovene declines men's names the same way
SOUTH_SLAVIC_NAME_CASES = {"a": ("a",), "u": ("u",), "om": ("om", "em"), "em": ("em", "om")}


class Croatian(Rules):
    name_cases = SOUTH_SLAVIC_NAME_CASES


RULES = Croatian("hr")
