"""Dutch (and Flemish) rules for the entity tagger that would be wrong or useless in other languages.

Belgian and Dutch news has habits the generic capitalisation rules miss: a ministry is named by its portfolio
alone ("minister van Financiën Didier Reynders", "het departement Onderwijs"), and the parties and broadcasters
of Flanders are too local for the shared gazetteer.
"""

from __future__ import annotations

from functools import lru_cache

from indexer.annotate.entities.core import CONNECTORS, Mention, _unknown_word
from indexer.annotate.entities.gazetteer import first_names, place_for
from indexer.annotate.entities.lang import Rules
from indexer.text.names import fold

# Words after which a capitalised phrase after "van" is the portfolio of a ministry or department; the
# institutions among them take the portfolio directly too ("het departement Onderwijs", "de commissie Justitie").
PORTFOLIO_HOLDERS = {"minister", "ministers", "ministerie", "staatssecretaris", "kabinet", "departement",
                     "commissie", "administratie", "vice-premier", "vicepremier", "schepen", "gedeputeerde"}
INSTITUTIONS = {"ministerie", "departement", "commissie", "administratie"}

# Parties, broadcasters, papers and firms of Belgium and the Netherlands that news names without an org word.
LOW_COUNTRIES_ORGS = {
    # parties
    "CVP", "CD&V", "VLD", "SP", "SP.A", "sp.a", "Agalev", "Groen!", "Vlaams Blok", "Vlaams Belang", "Volksunie",
    "VU", "N-VA", "Spirit", "PS", "PRL", "PSC", "cdH", "Ecolo", "FDF", "VVD", "PvdA", "CDA", "D66", "GroenLinks",
    "SGP", "LPF", "Likoed", "Likud",
    # broadcasters and papers
    "VRT", "BRTN", "VTM", "VT4", "Kanaal 2", "Canvas", "Ketnet", "Radio 1", "Radio 2", "Studio Brussel", "RTBF",
    "RTL", "NOS", "Belga", "ANP", "Het Nieuwsblad", "Gazet van Antwerpen", "Het Volk", "Humo", "Knack", "Trends",
    "Het Parool", "Trouw",
    # firms, unions, employers
    "Sabena", "Belgacom", "Electrabel", "Tractebel", "KBC", "Fortis", "Dexia", "Almanij", "Interbrew", "Domo",
    "Bekaert", "Solvay", "Umicore", "Lernout & Hauspie", "ACV", "ABVV", "ACLVB", "VBO", "VEV", "Unizo", "NMBS",
    "De Lijn", "Philips", "Ahold", "Unilever", "Shell",
}

# Dutch titles and roles, also as the head of a compound ("onderwijsminister", "ploegleider", "bondscoach"):
# written lower-case before a name, they make it a person.
TITLE_HEADS = ("minister", "voorzitter", "burgemeester", "schepen", "leider", "directeur", "woordvoerder",
               "trainer", "coach", "premier", "president", "secretaris", "topman", "baas", "manager", "kapitein",
               "doelman", "renner", "zanger", "zangeres", "regisseur", "schrijver", "schrijfster", "advocaat",
               "rechter", "procureur", "inspecteur", "commissaris", "gouverneur", "ambassadeur", "senator",
               "volksvertegenwoordiger", "bisschop", "kardinaal", "generaal", "professor", "collega", "ploegmaat",
               "middenvelder", "verdediger", "aanvaller", "spits", "acteur", "actrice", "componist", "dirigent")
_PLACE_PREPOSITIONS = {"in", "uit", "naar", "te"}


@lru_cache(maxsize=1)
def _org_surfaces() -> dict[str, str]:
    return {fold(name): name for name in LOW_COUNTRIES_ORGS}


def known_org(surface: str) -> str | None:
    """The Low Countries' organisation named by the surface; acronyms only when written in capitals."""
    name = _org_surfaces().get(fold(surface))
    return None if name is None or len(surface) <= 4 and surface != name else name


def after_portfolio_holder(prev: list[str]) -> bool:
    """"minister van", "het departement", "staatssecretaris van": the next capitalised phrase is a portfolio
    ("minister Vanderpoorten" is a person: only institutions take the portfolio without "van")."""
    low = [w.casefold().rsplit("-", 1)[-1] for w in prev[-2:]]  # ("VLD-minister van")
    if low and low[-1] == "van":
        return len(low) == 2 and low[0] in PORTFOLIO_HOLDERS
    return bool(low) and low[-1] in INSTITUTIONS


def portfolio_length(words: list[str], prev: list[str]) -> int:
    """How many leading words of a capitalised run after a portfolio holder are the portfolio: up to the holder's
    own name ("Financiën Didier Reynders") or to what the department belongs to ("Onderwijs van het Vlaams
    Parlement"). 0 when the run does not follow a holder."""
    if not after_portfolio_holder(prev):
        return 0
    for i, word in enumerate(words):
        if i and (fold(word) in first_names() or word.casefold() == "van"):
            return i
    return len(words) if len(words) <= 3 else 0


def known_word(word: str) -> bool:
    """A word the Dutch dictionary lists as written (capitalised too): a people, a language, an adjective."""
    return not _unknown_word(word, "nl") and not word.isupper()


def split_portfolio(words: list, toks: list, mentions: list, headline: bool) -> list:
    """Cut a portfolio off the run of capitals it leads ("Financiën Didier Reynders") into a mention of its own,
    and return the rest of the run."""
    start = words[0].pos
    k = portfolio_length([w.text for w in words], [t.text for t in toks[max(0, start - 2):start]])
    if not k or k == len(words):
        return words
    mentions.append(Mention(" ".join(w.text for w in words[:k]), "organization", words[0].index, weak=headline))
    rest = words[k:]
    while rest and rest[0].text.casefold() in CONNECTORS:
        rest = rest[1:]  # "Onderwijs van het Vlaams Parlement"
    return rest


def retype(words: list[str], kind: str | None, line_tokens: list[str], start: int) -> str | None:
    """The type Dutch usage gives a run starting at token `start` of its line where the generic guess differs,
    else None."""
    surface = " ".join(words)
    if known_org(surface) or portfolio_length(words, line_tokens[max(0, start - 2):start]) == len(words):
        return "organization"  # "het departement Onderwijs", "kabinet van Onderwijs"
    prev = line_tokens[start - 1] if start > 0 else ""
    place = place_for(surface, "nl")
    if person_title(prev) and len(words) <= 3 and not (place and place.kind != "city"):
        return "person"  # "onderwijsminister Vanderpoorten", "ploegleider Bruyneel"
    if prev in _PLACE_PREPOSITIONS and len(words) == 1 and place and not kind:
        return "place"  # "in Lier", "uit Geel": a town even where its name is also a word
    if kind == "place" and not place and len(words) == 1 and prev == "en":
        # Dutch "en" is "and", not the Romance "in": "Symoens en Sarens", "Dimitri en Sascha"
        return "" if known_word(surface) else "person"
    if kind == "place" and not place and len(words) == 1 and prev != "(" and known_word(surface):
        return ""  # "de Palestijnen", "Latijnse": a people or an adjective the dictionary knows, not a place
    return None


def person_title(word: str) -> bool:
    """A lower-case Dutch title or role, alone or as the head of a compound ("ploegleider", "VLD-voorzitter")."""
    if not word.islower() and "-" not in word:
        return False
    low = word.casefold().rsplit("-", 1)[-1]
    return any(low == head or (low.endswith(head) and len(low) - len(head) >= 3) for head in TITLE_HEADS)


_PARTICLES = {"van", "de", "der", "den", "vanden", "vander", "ver", "ter", "te", "het", "'t"}


def surname_particle(words: list[str], k: int) -> bool:
    """Whether words[k], a "van" or "de" inside a run of capitals, is part of a Flemish surname ("Koen Van de
    Steene", "Luc De Vos"): Flemish surnames write their first particle with a capital, a preposition never."""
    return words[k][:1].isupper() or (k > 0 and words[k - 1][:1].isupper() and words[k - 1].casefold() in _PARTICLES)


class Dutch(Rules):

    def split_portfolio(self, words: list, toks: list, mentions: list, headline: bool) -> list:
        return split_portfolio(words, toks, mentions, headline)

    def retype(self, texts: list[str], kind: str | None, canonical: str | None, toks: list, start: int, prev: str,
               cue: bool) -> tuple:
        dutch_kind = retype(texts, kind, [t.text for t in toks], start)
        return (kind, canonical) if dutch_kind is None else (dutch_kind, None)

    def connector_inside_name(self, texts: list[str], k: int) -> bool:
        return surname_particle(texts, k)


RULES = Dutch("nl")
