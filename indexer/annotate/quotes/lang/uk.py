"""Ukrainian (uk): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language, word_list
from indexer.annotate.quotes.speaker_words import SLAVIC_PLURAL_ENDINGS


class Rules(Language):
    code = "uk"
    free_order = True
    no_articles = True
    plural_endings = SLAVIC_PLURAL_ENDINGS
    dash_dialogue = True
    verbs = word_list("""сказав сказала сказали заявив заявила заявили додав додала додали зазначив зазначила зазначили
        наголосив наголосила пояснив пояснила повідомив повідомила повідомили розповів розповіла підкреслив
        підкреслила каже говорить написав написала відповів відповіла запевнив запевнила зауважив зауважила
        нагадав нагадала попередив попередила пояснює розповідає зазначає наголошує заявляє повідомляє пише
        визнав визнала додає переконаний усміхається усміхнувся усміхнулася""")
    according = ("за словами", "на думку")
    person_pronouns = frozenset({"він", "вона", "вони"})
    thing_pronouns = frozenset({"воно"})
