"""Spanish rules: articles and "y" inside names, institutions named with their domain, sports pages."""

from __future__ import annotations

from indexer.annotate.entities.core import Mention, _Tok
from indexer.annotate.entities.gazetteer import (
    common_first_names,
    has_org_word,
    looks_like_acronym,
    org_for,
    place_for,
)
from indexer.annotate.entities.lang import Rules
from indexer.text.names import fold

# How names of competitions, prizes, laws and events begin.
_ES_EVENT_HEADS = {"copa", "premio", "premios", "trofeo", "ley", "plan", "jornadas", "jornada", "simposio", "simposium",
                   "cumbre", "festival", "campeonato", "torneo", "boletin", "dia", "semana", "mundial", "abierto",
                   "vuelta", "giro", "feria", "salon", "exposicion", "bienal"}

# Buildings, streets and natural sites: Spanish names them with the kind first, and they are places.
_ES_SITE_HEADS = {"palacio", "hotel", "basilica", "monasterio", "playa", "calle", "avenida", "paseo", "plaza", "barrio",
                  "catedral", "castillo", "puerto", "estadio", "pabellon", "teatro", "hospital", "carcel", "cupula",
                  "sala", "rambla", "cartuja", "sierra", "rio", "lago", "isla", "cabo", "golfo", "monte", "puente",
                  "aeropuerto", "estacion", "torre", "ermita", "casa"}


def _split_institution_of(words: list[_Tok], mentions: list[Mention], headline: bool) -> list[_Tok]:
    """"Gobierno de José María Aznar", "Gobierno del BNG": an institution named after the person or party who
    leads it is two names; the institution is added to mentions and the rest returned."""
    texts = [w.text for w in words]
    if len(texts) < 3 or texts[1] not in ("de", "del") or not has_org_word(texts[:1]) or org_for(" ".join(texts)):
        return words
    tail = texts[2:]
    person = fold(tail[0]) in common_first_names() and len(tail) <= 4 and not has_org_word(tail) and not (
        place_for(" ".join(tail), "es"))
    party = len(tail) == 1 and looks_like_acronym(tail[0]) and fold(texts[0]) in ("gobierno", "ejecutivo")
    if not (person or party):
        return words
    mentions.append(Mention(texts[0], "organization", words[0].index, org_for(texts[0]), weak=headline))
    return words[2:]


class Spanish(Rules):
    team_names = True

    def link_end(self, toks: list, j: int, k: int) -> int:
        if k == j + 1 and toks[j].text in ("el", "la", "los", "las"):
            return j  # "Semana Santa la Policía": a bare article starts a new name; "de la" stays inside one
        return k

    def split_institution(self, words: list, mentions: list, headline: bool) -> list:
        return _split_institution_of(words, mentions, headline)

    def event_name(self, words: list[str]) -> bool:
        return fold(words[0]) in _ES_EVENT_HEADS

    def site_name(self, words: list[str]) -> bool:
        return fold(words[0]) in _ES_SITE_HEADS

    def retype(self, texts: list[str], kind: str | None, canonical: str | None, toks: list, start: int, prev: str,
               cue: bool) -> tuple:
        if kind == "person" and not cue and not canonical and prev in ("el", "la", "los", "las"):
            return "", None  # "la comarca de la Ribera Alta": Spanish news gives no article to a person's name
        return kind, canonical

    def type_before_place(self, words: list[str], place, prev: str) -> tuple | None:
        if place and prev in ("el", "del", "al") and place.kind == "city":
            return "organization", None  # "el Valencia", "del Barcelona": a city with a masculine article is its club
        return None


RULES = Spanish("es")
