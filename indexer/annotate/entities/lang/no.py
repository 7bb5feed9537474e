"""Norwegian rules: the defaults, and institutions named by one compound noun in its definite form ("Stortinget",
"Helsedirektoratet", "Skatteetaten")."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules


class Norwegian(Rules):
    institution_endings = tuple("""
    tinget direktoratet departementet banken tilsynet etaten rådet retten partiet forbundet foreningen
    instituttet kommisjonen politiet
    """.split())


RULES = Norwegian("no")
