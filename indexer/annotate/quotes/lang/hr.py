"""Croatian (hr): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language
from indexer.annotate.quotes.speaker_words import SLAVIC_PLURAL_ENDINGS


class Rules(Language):
    code = "hr"
    free_order = True
    no_articles = True
    plural_endings = SLAVIC_PLURAL_ENDINGS
