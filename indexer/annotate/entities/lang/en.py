"""English rules: where a run of capitals ends, and the English conventions of sports pages."""

from __future__ import annotations

import re

from indexer.annotate.entities.core import (
    _DESCRIBED_BY_PLACE,
    _PLACE_HEADS,
    _PLACE_TAILS,
    CONNECTORS,
    _is_title,
    _Tok,
)
from indexer.annotate.entities.gazetteer import (
    ORG_WORDS,
    PERSON_TITLES,
    common_first_names,
    first_names,
    has_org_word,
    org_for,
    person_for,
    place_for,
)
from indexer.annotate.entities.lang import Rules
from indexer.text.names import fold

_PARTY_AND_STATE = re.compile(r"[RDI]-[A-Z]")


def _closes_run(word: str) -> bool:
    """A place in the possessive or as "X-based" describes the name after it: "Japan's Kitahara Semiconductor",
    "Tokyo-based Kestrel Research" are a place and a company, not one name ("McDonald's Corp" stays one)."""
    if _DESCRIBED_BY_PLACE.search(word):
        return True
    if word.endswith(("'s", "’s")) and len(word) > 3:
        if person_for(word[:-2]):
            return True  # "Netanyahu's Likud party", "Putin's United Russia": a person's party, not one name
        place = place_for(word[:-2], "en")
        return place is not None and fold(place.name) == fold(word[:-2]) and (
            place.kind == "country" or place.population >= 500_000)  # (not "Lion's Club")
    return False


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


def _join_and_orgs(toks: list[_Tok], runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """"Monopolies and Mergers Commission", "Mines and Energy Ministry": "and" inside a name that ends in an
    organisation word, when what stands before it is no name of its own."""
    out: list[tuple[int, int]] = []
    for a, b in runs:
        if out and out[-1][1] + 1 == a and toks[a - 1].text in ("and", "&") and has_org_word([toks[b - 1].text]):
            pa, pb = out[-1]
            head = [t.text for t in toks[pa:pb]]
            if pb - pa <= 3 and not has_org_word(head) and not _is_title(head[-1]) and not (
                    fold(head[0]) in first_names() or place_for(" ".join(head), "en") or org_for(" ".join(head))):
                out[-1] = (pa, b)
                continue
        out.append((a, b))
    return out


class English(Rules):
    team_names = True
    places_after_prepositions = True

    def closes_run(self, word: str) -> bool:
        return _closes_run(word)

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

    def join_runs(self, toks: list, runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return _join_and_orgs(toks, runs)

    def bare_institution(self, word: str) -> bool:
        return word.casefold() in ("congress", "senate", "parliament", "police")


RULES = English("en")
