"""Annotation stage: language, named entities, then direct quotations with their speakers (`stage.annotate`)."""
