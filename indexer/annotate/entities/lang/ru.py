"""Russian rules: natasha's tagger finds the spans, pymorphy reads the names (the shared Slavic rules are in slavic.py)."""

from __future__ import annotations

from indexer.annotate.entities.gazetteer import place_for
from indexer.annotate.entities.lang import Rules
from indexer.annotate.entities.lang.slavic import ru_not_a_place


class Russian(Rules):
    slavic_names = True
    tagger_spans = True  # natasha's model is trained on Russian news

    def glued_place_doubtful(self, word: str) -> bool:
        return ru_not_a_place(word) or place_for(word, "ru").population < 100_000

    def not_a_place(self, word: str) -> bool:
        return ru_not_a_place(word)


RULES = Russian("ru")
