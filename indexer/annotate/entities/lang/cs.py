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


    def person_word_base(self, word: str) -> str | None:
        return feminine_surname_base(word)


_FEMININE_SURNAME = re.compile(r"^(?P<stem>[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záäčďéěíĺľňóôŕřšťúůýž]+)ov(?:é|ou|ej)$")


def feminine_surname_base(word: str) -> str | None:
    """Czech and Slovak women's surnames in -ová decline as adjectives ("Dvořákové", "Dvořákovou", Slovak
    "Kováčovej") and go back to -ová; the lemmatiser gives the husband's or father's form ("Dvořák")."""
    found = _FEMININE_SURNAME.match(word)
    return found["stem"] + "ová" if found else None


RULES = Czech("cs")
