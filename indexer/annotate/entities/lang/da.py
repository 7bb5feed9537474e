"""Danish rules: the defaults, and institutions named by one compound noun in its definite form ("Folketinget",
"Finanstilsynet", "Sundhedsstyrelsen")."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules


class Danish(Rules):
    institution_endings = tuple("""
    tinget styrelsen ministeriet banken rådet retten politiet partiet forbundet foreningen instituttet
    tilsynet nævnet kommissionen direktoratet
    """.split())


RULES = Danish("da")
