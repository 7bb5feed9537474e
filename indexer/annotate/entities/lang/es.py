"""Spanish rules: articles and "y" inside names, institutions named with their domain, sports pages."""

from __future__ import annotations

from indexer.annotate.entities.gazetteer import has_org_word
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


class Spanish(Rules):
    team_names = True
    portfolios_are_organisations = True

    def link_end(self, toks: list, j: int, k: int) -> int:
        if k == j + 1 and toks[j].text in ("el", "la", "los", "las"):
            return j  # "Semana Santa la Policía": a bare article starts a new name; "de la" stays inside one
        return k

    def event_name(self, words: list[str]) -> bool:
        return fold(words[0]) in _ES_EVENT_HEADS

    def site_name(self, words: list[str]) -> bool:
        return fold(words[0]) in _ES_SITE_HEADS

    def institution_after_article(self, prev: str, words: list[str]) -> bool:
        return prev in ("el", "del", "al") and has_org_word(words)

    def type_before_place(self, words: list[str], place, prev: str) -> tuple | None:
        if place and prev in ("el", "del", "al") and place.kind == "city":
            return "organization", None  # "el Valencia", "del Barcelona": a city with a masculine article is its club
        return None


RULES = Spanish("es")
