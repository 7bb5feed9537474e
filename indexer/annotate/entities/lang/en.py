"""English rules: where a run of capitals ends, and the English conventions of sports pages."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import (
    _DESCRIBED_BY_PLACE,
    _PLACE_HEADS,
    _PLACE_TAILS,
    CONNECTORS,
)
from indexer.annotate.entities.gazetteer import (
    ORG_WORDS,
    PERSON_TITLES,
    common_first_names,
    first_names,
    person_for,
    place_for,
)
from indexer.annotate.entities.lang import Rules
from indexer.text.names import fold

_PARTY_AND_STATE = re.compile(r"[RDI]-[A-Z]")


def _closes_run(toks: list, j: int) -> bool:
    """A word in the possessive or as "X-based" describes the name after it: "Japan's Kitahara Semiconductor",
    "Tokyo-based Kestrel Research", "the BBC's North America editor", "Walker's Greensboro-area seat" are two
    names, not one. A brand's own possessive stays in its name when an organisation's word ends what follows
    ("Moody's Investors Service", "McDonald's Corp"), unless the owner is a known person or large place
    ("Putin's United Russia party", "Japan's Kitahara Semiconductor Corp")."""
    word = toks[j - 1].text
    if _DESCRIBED_BY_PLACE.search(word):
        return True
    if not word.endswith(("'s", "’s")) or len(word) <= 3:
        return False
    if person_for(word[:-2]):
        return True
    place = place_for(word[:-2], "en")
    if place is not None and fold(place.name) == fold(word[:-2]) and (
            place.kind == "country" or place.population >= 500_000):
        return True
    end = j
    while end < len(toks) and toks[end].text[:1].isupper() and not toks[end].sent_start:
        end += 1
    return not (end > j and toks[end - 1].text.casefold().strip(".") in ORG_WORDS)


# How names of competitions, prizes, laws and events end.
_EN_EVENT_TAILS = {"cup", "prize", "award", "awards", "act", "festival", "championship", "championships", "classic",
                   "trophy", "shield", "bowl", "olympics", "games", "series", "tournament", "marathon", "rally",
                   "summit", "agreement", "accord", "accords", "treaty", "protocol", "declaration"}


_SITES = {"wall", "airport", "station", "gate", "zoo", "harbour", "harbor", "cathedral", "castle", "palace", "tower"}


def _club_with_city(words: list[str], language: str) -> bool:
    """A large city before or after a word that is no place, given name or landmark word: sports clubs are named
    so ("Werder Bremen", "Hapoel Jerusalem", "Vancouver Canucks"), people and places hardly ever."""
    for cut in (1, 2, len(words) - 1, len(words) - 2):
        if not 0 < cut < len(words):
            continue
        for city, rest in ((words[:cut], words[cut:]), (words[cut:], words[:cut])):
            place = place_for(" ".join(city), language)
            if not place or place.kind != "city" or place.population < 100_000 or fold(place.name) != fold(
                    " ".join(city)) or city[0] == words[0] and fold(city[0]) in common_first_names():
                continue  # (but "Paris Hilton", "Sydney Pollack" open with a given name)
            names = common_first_names() if city[0] == words[0] else first_names()  # "Motohiro Yamaguchi"
            if any(w.casefold().strip(".") in _PLACE_HEADS | _PLACE_TAILS | PERSON_TITLES | _SITES or place_for(w, language)
                   or fold(w) in names or w.casefold() in CONNECTORS for w in rest):
                continue
            return True
    return False


class English(Rules):
    team_names = True
    places_after_prepositions = True

    def closes_run(self, toks: list, j: int) -> bool:
        return _closes_run(toks, j)

    def trailing_noun(self, words: list) -> bool:
        """A plural head names no one body: "the United States Embassies in Kenya and Tanzania", "the Gulf
        Ministries" (but "Armed Forces", "Financial Services", "Sony Industries" are names: those plurals are
        organisation words themselves)."""
        last = words[-1].text.casefold()
        if len(words) < 2 or last in ORG_WORDS or not last.endswith("s") or words[-1].text.isupper():
            return False
        singular = last[:-3] + "y" if last.endswith("ies") else last[:-1]
        return singular in ORG_WORDS or singular in _PLACE_TAILS or singular in ("embassy", "consulate")

    def no_name_word(self, word: str) -> bool:
        return bool(_PARTY_AND_STATE.match(word))  # "Rep. Mark Walker (R-N.C.)": a party's letter and a state

    def event_name(self, words: list[str]) -> bool:
        return words[-1].casefold() in _EN_EVENT_TAILS

    def club_with_city(self, words: list[str]) -> bool:
        return _club_with_city(words, "en")

    quotes_mark_titles = True  # quoted capitals name a work, not a company: English sets those in italics
    coordination_needs_conjunction = True  # a bare comma also inverts a name ("Hutton , Frederick")

    def bare_institution(self, word: str) -> bool:
        return word.casefold() in ("congress", "senate", "parliament", "police")


RULES = English("en")
