"""The query parser's plugins for the Whoosh engine: field groups (`name:` searches person, place and organisation),
known names in any spelling or script, stop words of the archive's languages, and ISO dates.

Split from whoosh_engine.py, which builds the parser from them (`WhooshEngine._parser`)."""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator

from whoosh import fields, qparser, query
from whoosh.qparser import syntax

from indexer.index import newsroom
from indexer.index.engine import QueryError
from indexer.index.whoosh_snippets import NAME_KINDS


# -- query parsing -------------------------------------------------------------------------------------------
class _FieldGroupsPlugin(qparser.Plugin):
    """Expand the user's field names (title:, text:) into the per-language fields; refuse unknown field names."""

    def __init__(self, groups: dict[str, list[str]], known: set[str], offered: Iterable[str]):
        self.groups = groups
        self.known = known
        self.offered = offered  # the field names the error message suggests

    def filters(self, parser):
        return [(self.expand, 105)]  # after explicit field names are applied (100), before multifield (110)

    def expand(self, parser, group):
        for i, node in enumerate(group):
            if isinstance(node, syntax.GroupNode):
                group[i] = self.expand(parser, node)
            elif node.has_fieldname and node.fieldname is not None:
                name = node.fieldname
                if name in self.groups:
                    copies = []
                    for target in self.groups[name]:
                        new = copy.copy(node)
                        new.set_fieldname(target, override=True)
                        copies.append(new)
                    group[i] = syntax.OrGroup(copies)
                elif name not in self.known:
                    fields_list = ", ".join(self.offered)
                    raise QueryError(
                        "Unknown field '%(name)s:'. Search one of these fields: %(fields)s — or put the words in "
                        'double quotes ("%(name)s:...") to search them as text.', name=name, fields=fields_list)
        return group


class _KnownNamesPlugin(qparser.Plugin):
    """A plain word or phrase that is a spelling of a person, place or organisation also finds the articles that name
    that entity in any other spelling or script: `Warschau` finds Warszawa and Варшава, `Kiew` the Polish "Kijowa"
    (the entity fields key each spelling, and `_widen_entities` adds the spellings articles were seen to use).

    The entity match counts for little in the ranking: an article that writes the query's own word ranks first."""

    KINDS = NAME_KINDS

    def __init__(self, boost: float):
        self.boost = boost

    def filters(self, parser):
        return [(self.add_names, 108)]  # after explicit and grouped field names (105), before multifield (110)

    def add_names(self, parser, group):
        for i, node in enumerate(group):
            if isinstance(node, syntax.GroupNode):
                group[i] = self.add_names(parser, node)
            elif node.has_fieldname and node.fieldname is None and _names_something(node):
                copies = [node]
                for kind in self.KINDS:
                    new = copy.copy(node)
                    new.set_fieldname(kind, override=True)
                    new.set_boost(self.boost)
                    copies.append(new)
                group[i] = syntax.OrGroup(copies)
        return group


class _StopWordsPlugin(qparser.Plugin):
    """A word that an article's language drops from its index ("to", "in", "der") is not required of that
    article: `sleeper train to Warsaw` finds the English story that has every other word, where before "to" could
    only match the fields of languages that keep it, so the query matched nothing in English and fell back to
    any-word ranking. The word still counts where a language keeps it (German "to" is no stop word).

    Only when the query has a word that no language drops; a query of nothing but stop words matches nothing, as
    before. Such a word matches an article of a dropping language by its `language` value, with no score."""

    def __init__(self, field_of: Callable[[str], fields.FieldType | None], languages: list[str]):
        self.field_of = field_of  # language -> the text field its articles' words are analysed in
        self.languages = languages

    def filters(self, parser):
        return [(self.free_stop_words, 107)]  # after field names (100), before the names' copies (108)

    def free_stop_words(self, parser, group):
        levels = list(_and_levels(group))
        dropped = {id(node): self._dropped_in(node.text) for _, words in levels for node in words}
        if all(dropped.values()):  # no content word (or no word): nothing to free the stop words for
            return group
        for level, _ in levels:
            for i, node in enumerate(level):
                if dropped.get(id(node)):
                    level[i] = syntax.OrGroup([node, _LanguageNode(dropped[id(node)], node)])
        return group

    def _dropped_in(self, word: str) -> list[str]:
        return [lang for lang in self.languages
                if (field := self.field_of(lang)) is not None and not _analyses_to_anything(field, word)]


def _and_levels(group) -> Iterator[tuple]:
    """Each level of the query's brackets whose words are all required, with its plain words: not an OR group
    (any-word ranking) and no OR, NOT or proximity operator beside them, where a stop word's language would
    match, or exclude, every article of that language."""
    if isinstance(group, syntax.OrGroup):
        return
    nodes = list(group)
    free = not any(isinstance(n, syntax.Operator) and n.text != "AND" or newsroom.is_operator(n) for n in nodes)
    yield group, [n for n in nodes if free and type(n) is syntax.WordNode and n.fieldname is None]
    for node in nodes:
        if isinstance(node, syntax.GroupNode):
            yield from _and_levels(node)


class _LanguageNode(syntax.SyntaxNode):
    """Articles in these languages, scoring nothing (they match a word their language does not index)."""

    def __init__(self, languages: list[str], word: syntax.SyntaxNode):
        self.languages = languages
        self.startchar, self.endchar = word.startchar, word.endchar  # where the word was typed

    def r(self):
        return f"<language in {self.languages}>"

    def query(self, parser):
        return query.Or([query.Term("language", lang, boost=0.0) for lang in self.languages])


def _analyses_to_anything(ftype: fields.FieldType, word: str) -> bool:
    return any(True for _ in ftype.analyzer(word, mode="query"))


def _names_something(node) -> bool:
    """A word or phrase as typed (no pattern, no range) with at least two letters, or one Han or kana letter."""
    if type(node) is not syntax.WordNode and type(node) is not qparser.PhrasePlugin.PhraseNode:
        return False
    letters = [c for c in node.text if c.isalpha()]
    return len(letters) >= 2 or any(unicodedata.east_asian_width(c) == "W" for c in letters)


_DATE_FIELD = re.compile(r"published:\s*(\[[^\]]*\]|\{[^}]*\}|[<>]=?\S+|\S+)")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})(?:-(\d{2}))?\b")


def _iso_dates_for_whoosh(text: str) -> str:
    """Whoosh's date parser reads 20260314, not 2026-03-14 (it takes that for the year alone): rewrite."""
    return _DATE_FIELD.sub(lambda m: _ISO_DATE.sub(lambda d: "".join(g for g in d.groups() if g), m.group(0)), text)


# Segments as separate files, not one compound file: Whoosh reads a compound segment's parts through BytesIO over
# the mapped file, which copies each part into memory (a reader of 100,000 articles held 572 MiB of such copies);
# separate files are read from disk as needed. A variable so that the benchmark can compare both.
