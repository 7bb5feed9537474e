"""Russian rules: natasha's tagger finds the spans, pymorphy reads the names (the shared Slavic rules are in slavic.py)."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules


class Russian(Rules):
    slavic_names = True
    tagger_spans = True  # natasha's model is trained on Russian news


RULES = Russian("ru")
