"""Persian (fa): the quote finder's rules for it."""

from __future__ import annotations

from indexer.annotate.quotes.lang import Language


class Rules(Language):
    code = "fa"
    caseless = True
