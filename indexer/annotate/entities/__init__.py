"""Named entities: people, places and organisations in an article, each with its aliases and a cross-article key.

`recognizer` finds them; `gazetteer` knows places, countries, organisations and people by every spelling; the other
modules hold the rules of one language or script each."""

from indexer.annotate.entities.recognizer import entity_key, extract_entities, speaker_key

__all__ = ["entity_key", "extract_entities", "speaker_key"]
