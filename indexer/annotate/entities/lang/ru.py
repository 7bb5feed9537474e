"""Russian rules: natasha's tagger finds the spans, pymorphy reads the names (the shared Slavic rules are in slavic.py)."""

from __future__ import annotations

import re

from indexer.annotate.entities.lang import Rules


class Russian(Rules):
    slavic_names = True
    tagger_spans = True  # natasha's model is trained on Russian news
    # "томскому", "казанская", "петербургских": the stem before -ск-/-цк- and a case ending
    place_adjective = re.compile(r"^(?P<stem>[а-яё]{2,}?)(?P<suffix>ск|цк)"
                                 r"(?:ий|ая|ое|ие|ые|ого|ой|ому|ом|ым|ыми|ых|ую|ей|ою|ими|их|им)$")
    # "Казань" → "казанский", "Одесса" → "одесский" (the last с merges into the suffix), "Пенза" → "пензенский"
    # is irregular and left out
    adjective_noun_endings = ("а", "я", "ь", "и", "о", "са")

    def adjective_stems(self, stem: str, suffix: str) -> list[str]:
        moscow = [stem[:-2] + "ва"] if stem.endswith("ов") else []  # "московский" → "Москва"
        return [*super().adjective_stems(stem, suffix), *moscow]

RULES = Russian("ru")
