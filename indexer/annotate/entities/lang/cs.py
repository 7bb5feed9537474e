"""Czech rules: the defaults, and the adjectives of places ("pražský" → Praha, "ostravská" → Ostrava)."""

from __future__ import annotations

import re

from indexer.annotate.entities.lang import Rules


class Czech(Rules):
    place_adjective = re.compile(r"^(?P<stem>[a-záčďéěíňóřšťúůýž]{2,}?)(?P<suffix>sk|ck)"
                                 r"(?:ý|á|é|ého|ém|ému|ým|ými|ých|ou|í)$")
    adjective_noun_endings = ("a", "e", "y")  # "Ostrava", "Opava", "Zlín"
    # genitive and accusative (hard "Nováka", soft "Kováře"), dative and locative ("Tomáši", "Janu", "Pavlovi" →
    # "Dvořákovi"), instrumental ("Pavlem Kovářem")
    name_cases = {"a": ("a", "e"), "e": ("e", "a"), "u": ("ovi",), "i": ("ovi",), "ovi": ("ovi",), "em": ("em",)}

    def adjective_stems(self, stem: str, suffix: str) -> list[str]:
        # h and g soften to ž before the suffix: "Praha" → "pražský"
        softened = [stem[:-1] + "ha"] if stem.endswith("ž") else []
        return [*super().adjective_stems(stem, suffix), *softened]

    def person_word_base(self, word: str) -> str | None:
        return surname_base(word, _CZECH_ADJECTIVE_ENDINGS)


_FEMININE_SURNAME = re.compile(r"^(?P<stem>[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záäčďéěíĺľňóôŕřšťúůýž]+)ov(?:é|ou|ej)$")
_CZECH_ADJECTIVE_ENDINGS = ("ého", "ému", "ým", "ém")
SLOVAK_ADJECTIVE_ENDINGS = ("ého", "ému")  # (Slovak -om is also the instrumental of nouns: "s Horváthom")


def surname_base(word: str, adjective_endings: tuple[str, ...]) -> str | None:
    """Czech and Slovak surnames that decline as adjectives, back in the nominative: women's in -ová ("Dvořákové",
    "Dvořákovou", Slovak "Kováčovej") to -ová, where the lemmatiser gives the husband's or father's "Dvořák"; men's
    in -ý ("Nového", "Novým") to -ý, where it gives the lower-case adjective "nový"."""
    if found := _FEMININE_SURNAME.match(word):
        return found["stem"] + "ová"
    if word[:1].isupper() and len(word) > 4 and word.endswith(adjective_endings):
        return word[: -len(next(e for e in adjective_endings if word.endswith(e)))] + "ý"
    return None


RULES = Czech("cs")
