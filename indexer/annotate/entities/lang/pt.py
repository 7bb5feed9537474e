"""Portuguese rules: the defaults, and the article inside its prepositions."""

from __future__ import annotations

from indexer.annotate.entities.lang import Rules


class Portuguese(Rules):
    # "a" is the feminine article as well as a preposition, and "à", "na", "da" hold it: a town takes no article, and
    # the feminine names that do are firms ("a Petrobras", "na Vale", "à GloboNews"), while the masculine ones are
    # rivers and regions ("no Guadiana", "do Alentejo"), which stay places
    article_prepositions = frozenset("a à as às na nas da das".split())


RULES = Portuguese("pt")
