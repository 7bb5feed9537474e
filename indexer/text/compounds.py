"""German and Dutch compounds: the known words a long word ends in, so that a search for "Hochwasser" finds
"Jahrhunderthochwasser" (index side only; `analysis.word_forms` adds their stems at the word's position).

Lucene's DictionaryCompoundWordTokenFilter is the model: a word is tried against a dictionary of known words, here
simplemma's German and Dutch form lists (general dictionaries, already used for lemmas). Only the head is kept, the
part a compound is a kind of ("Jahrhundert|hochwasser" is a Hochwasser, which is a Wasser), never the modifier: a
search for "Jahr" should not find every "Jahrhundert". The head of a head is kept too ("hoog|water|stand" →
"waterstand", "stand").

Such dictionaries hold short rare entries ("Sol", "Dien", "Mente") that would cut ordinary words into nonsense
("Sol|daten", "Instrum|ente"), so a split must pass every test below:
* both parts have at least four letters (the modifier without its linking element: "Krise|n|stab");
* both parts are known words; in German the word and the head are nouns (capitalised in the dictionary: a
  lowercase word is a verb or adjective, "aufhalten" is not a kind of "halten");
* a word the dictionary knows must have a lemma that ends in the head (in German a noun lemma): "Fahrgästen"
  (lemma Fahrgast) may give "gästen" (Gast), but "Soldaten" (lemma Soldat) cannot give "daten" (Datum);
* names are not split: a known place or given name (Brandenburg, Albrecht) stays whole, and in Dutch, where
  nouns are lowercase, a capitalised word the dictionary does not know lowercase (Lelystad) is taken for a name.
"""

from __future__ import annotations

from functools import lru_cache

# Linking elements between the modifier and the head ("Frühjahr|s|hochwasser", "regering|s|crisis"), longest first;
# German modifiers may also drop a final -e ("Schul|bau" from Schule), written here as the link "-e".
_LINKS = {
    "de": ("es", "en", "s", "n", "e", "", "-e"),
    "nl": ("en", "s", "e", ""),
}
MIN_PART = 4
_MAX_HEADS = 3


@lru_cache(maxsize=1)
def _factory():
    from indexer.text.lemmas import SqliteDictionaryFactory

    return SqliteDictionaryFactory()


@lru_cache(maxsize=200_000)
def _lemma_of(word: str, lang: str) -> str | None:
    """The dictionary lemma of a lowercase form, in German of its noun spelling first ("stab" → Stab, not the verb
    staben); None if the dictionary does not know it."""
    forms = _factory().get_dictionary(lang)
    for spelling in (word[:1].upper() + word[1:], word) if lang == "de" else (word,):
        found = forms.get(spelling)
        if found is not None:
            return found
    return None


def _is_noun(word: str, lang: str) -> bool:
    if lang != "de":
        return _lemma_of(word, lang) is not None
    found = _factory().get_dictionary(lang).get(word[:1].upper() + word[1:])
    return found is not None and found[:1].isupper()


def _is_lowercase_word(low: str) -> bool:
    """German: the dictionary knows the word in lowercase only, so it is no noun."""
    forms = _factory().get_dictionary("de")
    return forms.get(low[:1].upper() + low[1:]) is None and forms.get(low) is not None


@lru_cache(maxsize=100_000)
def _modifier_known(part: str, lang: str) -> bool:
    for link in _LINKS[lang]:
        if link == "-e":
            base = part + "e"
        elif link and part.endswith(link):
            base = part[: -len(link)]
        elif link:
            continue
        else:
            base = part
        if len(base) >= MIN_PART and _lemma_of(base, lang) is not None:
            return True
    return False


@lru_cache(maxsize=1)
def _names() -> tuple[dict, frozenset[str]]:
    from indexer.annotate.entities.gazetteer import common_first_names, place_index

    return place_index(), common_first_names()


def _is_name(word: str, lang: str) -> bool:
    from indexer.text.names import fold

    places, given = _names()
    key = fold(word)
    if key in places or key in given:
        return True
    return lang == "nl" and word[:1].isupper() and _lemma_of(word.lower(), lang) is None


def _head(low: str, lang: str) -> str | None:
    """The longest known noun the lowercase word ends in, after a known modifier; None if it is no compound."""
    whole = _lemma_of(low, lang)
    if lang == "de" and whole is not None and (not whole[:1].isupper() or _is_lowercase_word(low)):
        return None  # the dictionary knows it as an adjective or verb ("Rheinischen" → rheinisch)
    for cut in range(MIN_PART, len(low) - MIN_PART + 1):
        head = low[cut:]
        if not _is_noun(head, lang) or not _modifier_known(low[:cut], lang):
            continue
        head_lemma = _lemma_of(head, lang) or head
        if len(head_lemma) < MIN_PART:
            continue
        if whole is not None and not whole.lower().endswith((head_lemma.lower(), head)):
            continue
        return head
    return None


@lru_cache(maxsize=200_000)
def compound_heads(word: str, lang: str) -> tuple[str, ...]:
    """Lowercase heads of a German or Dutch compound, longest first ("Frühjahrshochwasser" → hochwasser, wasser);
    empty for a word that is no compound, a name, or a language without a splitter."""
    if lang not in _LINKS or len(word) < 2 * MIN_PART or not word.isalpha():
        return ()
    if lang == "de" and not word[:1].isupper():
        return ()
    head = _head(word.lower(), lang)
    if head is None or _is_name(word, lang):  # the name tables only for words that would be split
        return ()
    heads: list[str] = []
    while head and len(heads) < _MAX_HEADS:
        heads.append(head)
        head = _head(head, lang) if len(head) >= 2 * MIN_PART else None
    return tuple(heads)
