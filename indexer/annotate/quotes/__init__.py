"""Direct quotations and their speakers.

`finder` is the entry point: `marks` finds quoted spans, `attribution` names who said them; `dialogue`, `partial`
and `unmarked` handle turns of dialogue, quoted fragments and speech written without marks; `transcript` and
`blocks` the answers of an interview printed as a transcript and statements set as blocks; `speaker_gender` tells
whom a pronoun refers to. `speakers` then matches each speaker phrase to the article's people and organisations
(or keeps a description of an unnamed source). Each language's rules and words (verbs of saying, pronouns, "according to") live in
`lang/<code>.py` behind the interface in `lang`; `speaker_words` holds the titles and roles shared by all."""

from indexer.annotate.quotes.finder import Found, extract_quotes, find_quotes

__all__ = ["Found", "extract_quotes", "find_quotes"]
