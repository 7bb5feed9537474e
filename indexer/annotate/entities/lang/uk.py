"""Ukrainian rules: capitals and pymorphy find the names, natasha adds organisations (shared Slavic rules: slavic.py)."""

from __future__ import annotations

import re

from indexer.annotate.entities.lang import Rules


class Ukrainian(Rules):
    slavic_names = True
    tagger_orgs = True  # on Ukrainian the Russian-trained tagger is weaker than the rules, but for organisations
    # "харківський", "львівською", "донецьких": the stem before -ськ-/-цьк-/-зьк- and a case ending
    place_adjective = re.compile(r"^(?P<stem>[а-яіїєґ'’]{2,}?)(?P<suffix>ськ|цьк|зьк)"
                                 r"(?:ий|а|е|і|ого|ої|ому|ій|им|ими|их|у|ою|ім)$")
    # "Одеса" → "одеський" (the с of the name merges into the suffix), "Полтава" → "полтавський"
    adjective_noun_endings = ("а", "я", "ь", "и", "і", "о", "са")

    def adjective_stems(self, stem: str, suffix: str) -> list[str]:
        moscow = [stem[:-2] + "ва"] if stem.endswith("ов") else []  # "московський" → "Москва"
        return [*super().adjective_stems(stem, suffix), *moscow]


RULES = Ukrainian("uk")
