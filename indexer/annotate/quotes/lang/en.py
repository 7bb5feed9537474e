"""English (en): the quote finder's rules for it."""

from __future__ import annotations

import re

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "en"
    verbs = word_list("""said says say saying told tells telling added adds adding continued continues explained explains
        stated wrote writes writing asked asks insisted insists noted argued argues claimed
        declared declares warned warns barked replied replies responded responds recalled recalls tweeted
        announced announces acknowledged admitted admits conceded stressed stresses emphasized emphasised
        observed remarked suggested suggests shouted yelled cried urged predicted concluded joked quipped
        pointed_out went_on told_reporters testified wondered countered agreed explaining noting
        insisting warning arguing asking declaring interjected retorted snapped exclaimed muttered whispered
        boasted mused sighed scoffed chimed_in shot_back fired_back
        confirmed confirms""")
    according = ("according to",)
    person_pronouns = frozenset({"he", "she", "they"})
    thing_pronouns = frozenset({"it"})
    relative_subjects = frozenset({"who"})
    definite_articles = frozenset({"the"})
    strip_article_from_institution = False  # "the Environment Agency" keeps its article
    heard_speaking = re.compile(
        r"(?<!\w)(?:heard|hear|hears|overheard)\s+([A-Z][\w’'-]+(?:\s+[A-Z][\w’'-]+){0,2})\s+"
        r"(?:say|saying|shout|shouting|yell|yelling|tell|telling|mutter|muttering|whisper|whispering)(?!\w)"
    )
    naming_verb = re.compile(
        r"(?<!\w)(?:called|calling|calls|dubbed|dubbing|dubs|labell?ed|labell?ing|branded|branding|described|describing)"
        r"(?!\w)"
    )

    def names_one_known(self, article: str, head: str) -> bool:
        """'the president', 'the company'; not 'the researchers'."""
        return article == "the" and (not head.endswith("s") or head.endswith("ss"))
