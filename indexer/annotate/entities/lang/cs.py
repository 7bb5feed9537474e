"""Czech rules: the defaults, and the adjectives of places ("pražský" → Praha, "ostravská" → Ostrava)."""

from __future__ import annotations

import re

from indexer.annotate.entities.lang import Rules


class Czech(Rules):
    place_adjective = re.compile(r"^(?P<stem>[a-záčďéěíňóřšťúůýž]{2,}?)(?P<suffix>sk|ck)"
                                 r"(?:ý|á|é|ého|ém|ému|ým|ými|ých|ou|í)$")
    adjective_noun_endings = ("a", "e", "y")  # "Ostrava", "Opava", "Zlín"

    def adjective_stems(self, stem: str, suffix: str) -> list[str]:
        # h and g soften to ž before the suffix: "Praha" → "pražský"
        softened = [stem[:-1] + "ha"] if stem.endswith("ž") else []
        return [*super().adjective_stems(stem, suffix), *softened]


RULES = Czech("cs")
