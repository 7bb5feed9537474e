"""Spanish (es): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "es"
    name_particles_lowercase = True
    dash_dialogue = True
    verbs = word_list("""dijo dice decía afirmó afirma declaró declara añadió añade agregó agrega explicó explica aseguró asegura
        señaló señala indicó indica subrayó subraya destacó destaca advirtió advierte manifestó sostuvo sostiene
        comentó comenta apuntó apunta precisó precisa insistió insiste expresó reconoció reconoce respondió
        responde preguntó concluyó escribió recordó recuerda relató relata admitió admite contó cuenta lamentó
        lamenta celebró confesó aseveró remarcó recalcó recalca defendió defiende bromeó zanjó resumió
        informó informa informaron anunció anuncia avisó confirmó confirma ha_confirmado han_confirmado
        ha_dicho han_dicho ha_declarado han_declarado ha_explicado han_explicado ha_asegurado han_asegurado
        ha_señalado han_señalado ha_afirmado han_afirmado ha_añadido han_añadido ha_agregado han_agregado
        ha_indicado han_indicado ha_subrayado han_subrayado ha_destacado han_destacado ha_advertido han_advertido
        ha_insistido han_insistido ha_reconocido han_reconocido ha_recordado han_recordado ha_lamentado
        han_lamentado ha_anunciado han_anunciado ha_manifestado han_manifestado ha_apuntado han_apuntado
        ha_precisado han_precisado ha_comentado han_comentado ha_respondido han_respondido ha_defendido
        han_defendido""")
    according = ("según",)
    naming_verb = re.compile(r"(?<!\w)(?:calificó|califica|calificaron|calificando|tildó|tilda|tildaron|llamó|llama)(?!\w)")
    person_pronouns = frozenset({"él", "ella"})
    definite_articles = frozenset(word_list("el la"))
    epithets = frozenset(word_list("""técnico técnica entrenador entrenadora ariete delantero delantera portero portera capitán capitana acusado acusada procesado procesada edil concejal concejala regidor regidora"""))
