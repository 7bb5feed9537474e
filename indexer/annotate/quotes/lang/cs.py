"""Czech (cs): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language, word_list
from indexer.annotate.quotes.speaker_words import SLAVIC_PLURAL_ENDINGS


class Rules(Language):
    code = "cs"
    free_order = True
    no_articles = True
    plural_endings = SLAVIC_PLURAL_ENDINGS
    verbs = word_list("""řekl řekla řekli říká říkal říkala uvedl uvedla uvedli uvádí dodal dodala dodává prohlásil prohlásila
        tvrdí tvrdil tvrdila podotkl podotkla zdůraznil zdůraznila zdůrazňuje vysvětlil vysvětlila vysvětluje
        sdělil sdělila konstatoval konstatovala poznamenal poznamenala napsal napsala míní upozornil
        upozornila doplnil doplnila potvrdil potvrdila odpověděl odpověděla připomíná upozorňuje podotýká píše
        připustil připustila""")
    according = ("podle",)
    person_pronouns = frozenset({"on", "ona", "oni"})
