"""Ukrainian rules: capitals and pymorphy find the names, natasha adds organisations (shared Slavic rules: slavic.py)."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules


class Ukrainian(Rules):
    slavic_names = True
    tagger_orgs = True  # on Ukrainian the Russian-trained tagger is weaker than the rules, but for organisations


RULES = Ukrainian("uk")
