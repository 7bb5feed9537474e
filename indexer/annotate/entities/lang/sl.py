"""Slovene rules: the defaults, and men's surnames that agree in case with the given name before them (as in
Croatian: "z Markom Horvatom", "Janezu Novaku")."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules
from indexer.annotate.entities.lang.hr import SOUTH_SLAVIC_NAME_CASES


class Slovene(Rules):
    name_cases = SOUTH_SLAVIC_NAME_CASES


RULES = Slovene("sl")
