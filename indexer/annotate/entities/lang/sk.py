"""Slovak rules: the defaults, and surnames that decline as adjectives put back in the nominative (as in Czech)."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules
from indexer.annotate.entities.lang.cs import SLOVAK_ADJECTIVE_ENDINGS, surname_base


class Slovak(Rules):
    # genitive and accusative ("Jána Kováča"), dative and locative ("Jánovi Kováčovi"), instrumental ("s Petrom
    # Horváthom")
    name_cases = {"a": ("a",), "ovi": ("ovi",), "om": ("om",)}

    def person_word_base(self, word: str) -> str | None:
        return surname_base(word, SLOVAK_ADJECTIVE_ENDINGS)


RULES = Slovak("sk")
