"""Named entities: people, places and organisations in an article, each with its aliases and a cross-article key.

`recognizer` finds them (extract_entities, which runs the steps in `runs`, `run_types`, `scripts`, `tagger`,
`merging` and `evidence`); `keys` gives an entity or a quote's speaker its
cross-article key; `gazetteer` knows places, countries, organisations and people by every spelling; `inflection` puts Slavic and
Polish names in the nominative; `core` holds what the recogniser and the language rules share; `lang/` holds the
rules of each language behind one interface (`lang.rules_for`). Imports point one way:
gazetteer, inflection ← core ← lang/* ← keys, run_types ← runs, tagger … ← recognizer.
"""

from indexer.annotate.entities.keys import entity_key, speaker_key

__all__ = ["entity_key", "extract_entities", "speaker_key"]


def __getattr__(name: str):
    """The recogniser loads where entities are found, not where the search side only computes keys."""
    if name == "extract_entities":
        from indexer.annotate.entities.recognizer import extract_entities

        return extract_entities
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
