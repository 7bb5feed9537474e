"""Czech rules: the defaults, and the adjectives of places ("pražský" → Praha, "ostravská" → Ostrava)."""

from __future__ import annotations

import re

from indexer.annotate.entities.lang import Rules


class Czech(Rules):
    place_adjective = re.compile(r"^(?P<stem>[a-záčďéěíňóřšťúůýž]{2,}?)(?P<suffix>sk|ck)"
                                 r"(?:ý|á|é|ého|ém|ému|ým|ými|ých|ou|í)$")
    adjective_noun_endings = ("a", "e", "y")  # "Ostrava", "Opava", "Zlín"


RULES = Czech("cs")
