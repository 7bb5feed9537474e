"""Each language's rules behind one interface: the recogniser asks `rules_for(language)` and calls its hooks, never
testing the language itself.

`Rules` holds the defaults, which a language without a module of its own gets. A language with rules has a module
here named by its code (`de.py`, `nl.py`, …) whose `RULES` is an instance of a `Rules` subclass: properties of the
language (it capitalises every noun, the press names sports teams by their city …) are attributes, rules are
methods. Adding a language means adding its module (and a test file), nothing else.
"""

from __future__ import annotations

import importlib
from functools import cache

from indexer.annotate.entities import core
from indexer.annotate.entities.gazetteer import MONTHS_DAYS, NEVER_NAMES, has_org_word

# Case-inflecting languages in Latin script, whose given names and places are looked up by their lemma.
_LATIN_INFLECTING = ("pl", "cs", "sk", "hr", "sl", "lt", "lv")


class Rules:
    """The defaults: what holds in every language unless its module says otherwise."""

    capitalises_nouns = False  # German: a capital marks a noun, not a name
    team_names = False  # sports reports give a player's club in brackets; agency copy opens with a dateline
    places_after_prepositions = False  # "in Xyz" types an unknown capitalised run as a place
    # prepositions joined with an article ("à", "na", "do"): a town's name takes no article, so an unknown word after
    # one is no place ("à GloboNews", "A Petrobras anunciou")
    article_prepositions: frozenset[str] = frozenset()
    tagger_spans = False  # natasha's tagger finds the spans
    tagger_orgs = False  # natasha adds its organisation spans only
    slavic_names = False  # Cyrillic given names and inflected names read through pymorphy
    quotes_mark_titles = False  # quoted capitals name a work (English); elsewhere quotes also set off companies
    coordination_needs_conjunction = False  # "A , B" lists names; in English a bare comma also inverts one
    typed_by_parts = False  # "CDU/CSU": a name of slashed parts is what its parts are
    # A place's adjective (place_adjectives.py): a pattern with the groups "stem" and "suffix" over the lower-case
    # word, and the endings its noun may take on the stem ("warszaw|sk|iego" → "warszaw" + "a")
    place_adjective = None
    adjective_noun_endings: tuple[str, ...] = ()

    def __init__(self, code: str) -> None:
        self.code = code
        self.latin_cases = code in _LATIN_INFLECTING
        # "Al" opening a run is the preposition with the article ("Al final", "Al governo"), not the Arabic
        # article that opens a name ("Al Aqsa", "Al Jazeera")
        self.al_is_article = code in ("es", "pt", "it", "ca", "gl")

    def adjective_stems(self, stem: str, suffix: str) -> list[str]:
        """The noun forms a place adjective's stem may come from: the name ends in the suffix itself ("Томск" →
        "томский", "Gdańsk" → "gdański"), or the suffix follows the bare stem or a stem that lost its ending."""
        return [stem + suffix, stem, *(stem + ending for ending in self.adjective_noun_endings)]

    # ---- words

    def lexical_common(self, word: str) -> bool:
        """A common word of the language rather than a name."""
        return core._lexical_common(word, self.code)

    def unknown_word(self, word: str) -> bool:
        """A word the language's lexicon does not list."""
        return core._unknown_word(word, self.code)

    def org_word(self, words: list[str]) -> bool:
        """An organisation word in the phrase ("Bank", "Ministerio")."""
        return has_org_word(words)

    def capitalised_non_noun(self, word: str) -> bool:
        """A capitalised word that is neither noun nor name (German "Dabei")."""
        return False

    def common_phrase(self, words: list[str], before: str) -> bool:
        """An organisation's name, after the word before it, reads as an ordinary phrase of the language ("für
        Soziale Netzwerke"): a rule's type is then no evidence, the gazetteer or the article's repetition must be."""
        return False

    # ---- runs of capitals

    def tokens(self, toks: list, paragraph: str, offset: int) -> list:
        """The paragraph's tokens, with the language's multi-token words glued ("St. Malo")."""
        return toks

    def closes_run(self, toks: list, j: int) -> bool:
        """The word toks[j - 1] ends a name even if a capital follows ("Japan's Kitahara Semiconductor")."""
        return False

    def breaks_run(self, toks: list, j: int) -> bool:
        """A capitalised token that starts a new run instead of continuing the one before it."""
        return False

    def link_end(self, toks: list, j: int, k: int) -> int:
        """Where the connectors after a run end (k == j: they join nothing), before the shared "für" rule."""
        return k

    def link_after(self, toks: list, j: int, k: int) -> int:
        """Where the connectors end, after the shared "für" rule."""
        return k

    def run_start(self, toks: list, i: int) -> int:
        """Where a run starts, given its first capital at i."""
        return i

    def split_runs(self, toks: list, runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The runs cut where the language says a name ends."""
        return runs

    # ---- trimming a run to its name

    def kind_noun_before_name(self, noun: str, name: str) -> bool:
        """A noun for a kind of place before its name ("die Stadt Emden"): the name alone is the mention."""
        return False

    def whole_name(self, words: list) -> bool:
        """The run is one name as it stands: trim nothing off its start."""
        return False

    def title_before_name(self, low: str) -> bool:
        """A word that is a title when it stands before a name (besides the shared PERSON_TITLES)."""
        return False

    def given_name_not_month(self, words: list[str]) -> bool:
        """Before a capitalised surname "Jan" is a man, not January ("Jan Temmerman", "Jan Kowalski", Slovak "Ján
        Kováč")."""
        return len(words) >= 2 and words[0] in ("Jan", "Ján") and words[1][:1].isupper() and not words[1].isupper()

    def keeps_first_word(self, words: list, cue: bool) -> bool:
        """A common word opening the run that still belongs to the name ("Bad Godesberg")."""
        return False

    def given_not_demonym(self, word: str) -> bool:
        """A given name that the demonym rule would take for an inhabitant noun ("Christian")."""
        return False

    def demonym_in_name(self, words: list) -> bool:
        """A demonym opening the run that is part of the name ("Frankfurter Rundschau")."""
        return False

    def genitive_place(self, word: str) -> bool:
        """A place in the genitive that looks like a demonym ("Taiwans")."""
        return False

    def trailing_noun(self, words: list) -> bool:
        """The run's last word is a common noun after the name ("Hessens Regierung")."""
        return False

    # ---- typing a run: a verdict is (type, canonical), type "" to drop the run; None leaves it to the next rule

    def common_word(self, word: str, lower_vocab: set[str]) -> bool:
        """An ordinary word: a stop word, written in lower case elsewhere in the text, a month, or in the lexicon."""
        low = word.casefold()
        return (low in core._stopwords(self.code) or low in lower_vocab or low in MONTHS_DAYS or low in NEVER_NAMES
                or self.lexical_common(word))

    def saint_name(self, word: str) -> bool:
        """A saint's name glued to "St." ("St. Malo"): a town or a church."""
        return False

    def common_noun_not_org(self, surface: str, prev: str, nxt: str) -> bool:
        """A known organisation's one-word name used as the common noun ("ein faires Bild")."""
        return False

    def event_name(self, words: list[str]) -> bool:
        """An event, prize or law ("Copa del Mundo", "UEFA Cup"): no entity."""
        return False

    def site_name(self, words: list[str]) -> bool:
        """A building or site named with its kind first ("Palacio de Benacazón")."""
        return False

    def known_person_form(self, surface: str):
        """The gazetteer person an inflected form names ("Merkels"), if any."""
        return None

    def kind_noun(self, word: str) -> bool:
        """A noun for a kind of place or organisation that is also a given name ("Burg")."""
        return False

    def hyphenated_given(self, word: str) -> bool:
        """A hyphenated given name ("Hans-Jürgen")."""
        return False

    def type_before_place(self, words: list[str], place, prev: str) -> tuple | None:
        """A verdict before the gazetteer's place (if any) is taken."""
        return None

    def type_after_place(self, words: list[str], place) -> tuple | None:
        """A verdict for a run that names no gazetteer place."""
        return None

    def unit_after_figure(self, prev: str) -> bool:
        """An acronym after this word is a unit ("200 PS"), not an organisation."""
        return False

    def club_with_city(self, words: list[str]) -> bool:
        """A sports club named with its city ("Buffalo Sabres")."""
        return False

    def foreign_name_tail(self, words: list[str]) -> bool:
        """A given name before foreign words names a band or a firm ("Tokio Hotel")."""
        return False

    def type_by_apposition(self, words: list[str], prev: str, first_is_name: bool) -> tuple | None:
        """A verdict from a noun in apposition ("Burg Waldeck", "Hedgefonds Blue Bay")."""
        return None

    def type_phrase(self, words: list[str], sent_start: bool, lower_vocab: set[str]) -> tuple | None:
        """A verdict for a phrase of several words, before the shared rules for phrases."""
        return None

    def foreign_phrase(self, words: list[str], prev: str, nxt: str) -> bool:
        """A quoted or foreign-language phrase, which names an organisation ("Deep Purple")."""
        return False

    def no_name_word(self, word: str) -> bool:
        """A single word that never names an entity ("Rosaceae")."""
        return False

    def bare_institution(self, word: str) -> bool:
        """A capitalised institution word alone mid-sentence names that institution ("el Gobierno")."""
        return True

    def type_word(self, word: str, prev: str) -> tuple | None:
        """A verdict for a single word that is no common word at a sentence start."""
        return None

    def type_word_in_context(self, word: str, prev: str, nxt: str) -> tuple | None:
        """A verdict for a single word from its neighbours, before the shared preposition and speech rules."""
        return None

    def type_bare_word(self, word: str, prev: str, nxt: str) -> tuple | None:
        """A verdict for a single word nothing else typed."""
        return None

    def not_this_place(self, word: str, place, lower_vocab: set[str]) -> bool | None:
        """Whether a one-word place is rather an ordinary word; None: the shared rule decides."""
        return None

    # ---- mentions in a paragraph

    def roads(self, toks: list) -> list[tuple[str, int]]:
        """Numbered roads named like places ("A 7"), with their offsets."""
        return []

    def listed_name(self, toks: list, at: int) -> str | None:
        """The type of a lone word the lexicon lists, when its neighbours say it is a name ("sagte Merkel")."""
        return None

    def split_portfolio(self, words: list, toks: list, mentions: list, headline: bool) -> list:
        """A portfolio leading the run added as a mention of its own; the rest of the run returned."""
        return words

    def apposition_head(self, texts: list[str]) -> bool:
        """The run's first word is a noun saying what the name after it is ("Nachrichtenagentur Xinhua")."""
        return False

    def apposition_noun(self, word: str) -> bool:
        """A noun for a kind of person, place or organisation, before a (quoted) name."""
        return False

    def split_institution(self, words: list, mentions: list, headline: bool) -> list:
        """An institution named after who leads it ("Gobierno de Aznar") added apart; the rest returned."""
        return words

    def retype_in_sentence(self, toks: list, start: int, kind: str | None, canonical: str | None, words: list,
                           texts: list[str]) -> tuple:
        """(type, canonical) of a run, given the sentence around it."""
        return kind, canonical

    def retype(self, texts: list[str], kind: str | None, canonical: str | None, toks: list, start: int, prev: str,
               cue: bool) -> tuple:
        """(type, canonical) of a run after the shared rules, as the language reads it."""
        return kind, canonical

    def given_name(self, word: str) -> bool | None:
        """Whether the word is a given name; None: the shared look-up decides (which leaves out "Jan", January's
        abbreviation; languages that inflect names in Latin script write their months out, and Jan is their
        commonest man's name: "z Janem Kowalskim")."""
        return True if self.latin_cases and word in ("Jan", "Ján") else None

    def connector_inside_name(self, texts: list[str], k: int) -> bool:
        """The connector at k belongs to the name ("Ursula von der Leyen"), so no cut there."""
        return False

    # ---- the article's mentions

    def filter_mentions(self, mentions: list, text: str) -> list:
        """The mentions without those the language's rules rule out."""
        return mentions

    def base_forms(self, mentions: list, text: str) -> None:
        """Put the language's inflected places and organisations in their base form."""


@cache
def rules_for(language: str) -> Rules:
    """The rules of a language: its module's RULES, or the defaults."""
    name = f"{__name__}.{language}"
    if not (language.isascii() and language.isalpha() and language.islower()):
        return Rules(language)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return Rules(language)
    return getattr(module, "RULES", None) or Rules(language)
