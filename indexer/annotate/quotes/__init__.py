"""Direct quotations and their speakers.

`finder` is the entry point: `marks` finds quoted spans, `attribution` names who said them with the verbs of saying
in `speech_verbs`; `dialogue`, `partial` and `unmarked` handle turns of dialogue, quoted fragments and speech
written without marks; `speaker_gender` tells whom a pronoun refers to."""

from indexer.annotate.quotes.finder import extract_quotes

__all__ = ["extract_quotes"]
