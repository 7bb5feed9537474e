"""Russian (ru): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language, word_list
from indexer.annotate.quotes.speaker_words import SLAVIC_PLURAL_ENDINGS


class Rules(Language):
    code = "ru"
    free_order = True
    no_articles = True
    plural_endings = SLAVIC_PLURAL_ENDINGS
    dash_dialogue = True
    verbs = word_list("""сказал сказала сказали заявил заявила заявили добавил добавила добавили отметил отметила отметили
        подчеркнул подчеркнула пояснил пояснила сообщил сообщила сообщили рассказал рассказала говорит говорил
        говорила написал написала ответил ответила заверил заверила заметил заметила напомнил напомнила
        предупредил предупредила утверждает утверждал признал признала объясняет рассказывает отмечает
        подчеркивает заявляет сообщает пишет признает признаёт добавляет уточнил уточнила считает улыбается улыбнулся улыбнулась""")
    according = ("по словам", "по мнению")
    person_pronouns = frozenset({"он", "она", "они"})
    thing_pronouns = frozenset({"оно"})
