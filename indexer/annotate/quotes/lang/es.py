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
        informó informa informaron anunció anuncia avisó""")
    according = ("según",)
    naming_verb = re.compile(r"(?<!\w)(?:calificó|califica|calificaron|calificando|tildó|tilda|tildaron|llamó|llama)(?!\w)")
    person_pronouns = frozenset({"él", "ella"})
    definite_articles = frozenset(word_list("el la"))
    epithets = frozenset(word_list("""técnico técnica entrenador entrenadora ariete delantero delantera portero portera capitán capitana acusado acusada procesado procesada edil concejal concejala regidor regidora"""))
