"""Italian (it): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "it"
    name_particles_lowercase = True
    verbs = word_list("""ha_detto detto dice diceva ha_dichiarato dichiara ha_affermato afferma ha_aggiunto aggiunge
        ha_spiegato spiega ha_sottolineato sottolinea ha_osservato osserva ha_ribadito ribadisce
        ha_commentato commenta ha_annunciato annuncia ha_precisato precisa ha_assicurato assicura
        ha_concluso conclude racconta ha_raccontato ha_avvertito avverte ha_scritto scrive
        ha_risposto risponde ha_parlato parla ha_ammesso ammette ha_replicato replica protestano protesta ha_avvertito
        ha_fatto_sapere fa_sapere hanno_fatto_sapere ha_annunciato ha_comunicato comunica
        ha_confermato conferma""")
    according = ("secondo",)
    naming_verb = re.compile(r"(?<!\w)(?:definito|definita|definisce|definì|definendo|bollato|bollata|chiamato)(?!\w)")
    person_pronouns = frozenset({"lui", "lei"})
    definite_articles = frozenset(word_list("il lo la l'"))
    epithets = frozenset(word_list("""tecnico allenatore allenatrice attaccante bomber portiere capitano imputato imputata"""))
