"""Polish rules: seven cases, so adjectives and nouns are read through their lemma (shared Slavic rules: slavic.py)."""

from __future__ import annotations

from indexer.annotate.entities.inflection import pl_adjective_stem
from indexer.annotate.entities.lang import Rules


class Polish(Rules):
    def keeps_first_word(self, words: list, cue: bool) -> bool:
        # an adjective before a two-word name is its first word: "Rządowe Centrum Bezpieczeństwa"
        return len(words) >= 3 and bool(pl_adjective_stem(words[0].text))


RULES = Polish("pl")
