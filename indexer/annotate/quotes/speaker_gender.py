"""The sex a speaker's name or title tells, so that 'he' and 'she' go back to a person of that sex.

gender-guesser's given-name dictionary (already a dependency) is loaded on first use; warm_up() loads it before
worker processes fork so they share it.
"""

from __future__ import annotations

from functools import lru_cache

from indexer.annotate.quotes.speaker_words import DETERMINERS

PRONOUN_GENDER = {
    "he": "male", "er": "male", "il": "male", "él": "male", "lui": "male", "ele": "male", "hij": "male",
    "он": "male", "він": "male", "she": "female", "elle": "female", "ella": "female", "lei": "female",
    "ela": "female", "она": "female", "вона": "female", "他": "male", "她": "female",
}  # not German "sie" or Dutch "ze": also "they"
GENDERED_TITLES = {
    "herr": "male", "herrn": "male", "mr.": "male", "mr": "male", "monsieur": "male", "m.": "male", "señor": "male",
    "frau": "female", "mrs.": "female", "ms.": "female", "mrs": "female", "ms": "female", "madame": "female",
    "mme": "female", "señora": "female",
}


@lru_cache(maxsize=4096)
def name_gender(speaker: str) -> str | None:
    """'male' or 'female' from a title or a well-known given name ('Anna Kowalska', 'Herr Brenner'), else None."""
    toks = speaker.split()
    if not toks:
        return None
    titled = GENDERED_TITLES.get(toks[0].lower())
    if titled or len(toks) < 2 or not toks[0][:1].isupper() or toks[0].lower() in DETERMINERS:
        return titled  # "le prévenu", "Der Pfarrer": no given name to go by
    guess = gender_detector()
    found = guess(toks[0]) if guess else "unknown"
    if found in ("male", "female"):
        return found  # not "mostly_male" Taylor, not "andy" Robin
    return slavic_surname_gender(toks[-1])


FEMALE_SURNAME_ENDINGS = ("ова", "ева", "ёва", "ина", "ына", "ская", "цкая", "ська", "цька", "ska", "cka", "ová")
MALE_SURNAME_ENDINGS = ("ов", "ев", "ёв", "ин", "ын", "ский", "цкий", "ський", "цький", "ski", "cki")


def slavic_surname_gender(surname: str) -> str | None:
    """Орлов / Орлова, Kowalski / Kowalska: Slavic surnames tell the sex where a given-name list does not know
    the given name (Cyrillic ones above all)."""
    low = surname.lower()
    if len(low) < 4:
        return None
    if low.endswith(FEMALE_SURNAME_ENDINGS):
        return "female"
    if low.endswith(MALE_SURNAME_ENDINGS):
        return "male"
    return None


@lru_cache(maxsize=1)
def gender_detector():
    """gender-guesser's given-name dictionary (already a dependency, for the gazetteer), when installed: parsing
    it takes seconds in every process, so the parsed detector is stored under the package's version."""
    from importlib.metadata import PackageNotFoundError, version

    from indexer.text.cache import stored_table

    try:
        installed = version("gender-guesser")
    except PackageNotFoundError:
        return None
    return stored_table("gender-detector", [installed], _build_detector).get_gender


def _build_detector():
    from gender_guesser.detector import Detector

    return Detector(case_sensitive=False)


def fits_gender(speaker: str, gender: str | None, sex=None) -> bool:
    found = (sex or name_gender)(speaker) if gender else None
    return found is None or found == gender


def gender_by_surname(names):
    """The sex of a speaker written by surname alone ('Brenner said'), read off the full name the article uses."""
    full = {n.split()[-1]: n for n in names if len(n.split()) > 1}
    return lambda who: name_gender(full.get(who.split()[-1], who)) if who.split() else None


__all__ = [
    "PRONOUN_GENDER", "fits_gender", "gender_by_surname", "gender_detector", "name_gender",
    "slavic_surname_gender",
]
