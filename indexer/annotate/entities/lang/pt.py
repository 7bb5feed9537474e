"""Portuguese rules: the defaults, and the article inside its prepositions."""

from __future__ import annotations

from indexer.annotate.entities.gazetteer import place_for
from indexer.annotate.entities.lang import Rules


class Portuguese(Rules):
    # "a" is the feminine article as well as a preposition, and "à", "na", "da" hold it: a town takes no article, and
    # the feminine names that do are firms ("a Petrobras", "na Vale", "à GloboNews"), while the masculine ones are
    # rivers and regions ("no Guadiana", "do Alentejo"), which stay places
    article_prepositions = frozenset("a à as às na nas da das".split())

    def lexical_common(self, word: str) -> bool:
        # simplemma's Portuguese word list holds many place names in lower case ("lisboa", "porto"): a town of
        # 100,000 or more written with its capital is the town
        if not super().lexical_common(word):
            return False
        place = place_for(word, "pt") if word[:1].isupper() else None
        return not (place and place.population >= 100_000)


RULES = Portuguese("pt")
