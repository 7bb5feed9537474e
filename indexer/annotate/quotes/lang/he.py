"""Hebrew (he): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language, word_list


class Rules(Language):
    code = "he"
    caseless = True
    verbs = word_list("אמר אמרה אומר אומרת הוסיף הוסיפה מסר מסרה הסביר הסבירה כתב כתבה")
    person_pronouns = frozenset({"הוא", "היא"})
