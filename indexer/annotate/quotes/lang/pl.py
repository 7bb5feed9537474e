"""Polish (pl): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language, word_list
from indexer.annotate.quotes.speaker_words import SLAVIC_PLURAL_ENDINGS


class Rules(Language):
    code = "pl"
    free_order = True
    no_articles = True
    plural_endings = SLAVIC_PLURAL_ENDINGS
    dash_dialogue = True  # "– Sytuacja jest poważna – powiedział wojewoda": Polish news opens words said with a dash
    verbs = word_list("""powiedział powiedziała powiedzieli mówi mówił mówiła dodał dodała dodaje dodali stwierdził stwierdziła
        stwierdza podkreślił podkreśliła podkreśla wyjaśnił wyjaśniła wyjaśnia zaznaczył zaznaczyła zaznacza
        oświadczył oświadczyła przekazał przekazała ocenił oceniła ocenia napisał napisała ostrzegł ostrzegła
        zapewnił zapewniła zapewnia tłumaczy tłumaczył przyznał przyznała poinformował poinformowała
        poinformowali uważa odpowiedział odpowiedziała opowiada opowiadał opowiadała opowiedział opowiedziała
        skarży_się żali_się przyznaje zauważa zauważył zauważyła przekonuje przekonywał przekonywała skarży zarzucił zarzuciła
        mówią zapowiedział zapowiedziała zapowiedzieli zapowiada""")
    according = ("według", "zdaniem")
    person_pronouns = frozenset({"on", "ona", "oni"})

    def adjective_form(self, word: str) -> bool:
        # relational adjectives of offices ("Okręgowy inspektor", "Miejska spółka", "Wojewódzkie centrum"): endings
        # no Polish surname or given name takes ("Kowalski", "Sikorska" and "Anna" stay names)
        return word.lower().endswith(("owy", "owa", "owe", "dzki", "dzka", "dzkie", "ejski", "ejska", "ejskie"))
