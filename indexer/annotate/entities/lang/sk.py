"""Slovak rules: the defaults, and women's surnames in -ová put back in the nominative (as in Czech)."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules
from indexer.annotate.entities.lang.cs import feminine_surname_base


class Slovak(Rules):
    def person_word_base(self, word: str) -> str | None:
        return feminine_surname_base(word)


RULES = Slovak("sk")
