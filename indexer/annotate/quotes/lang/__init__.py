"""The rules of each language the quote finder knows, behind one interface the core calls.

One module per language (ISO 639-1 code as its name) holds a subclass of `Language` named `Rules`; the core asks
`rules_for(code)` and reads attributes ("no spaces between words", the verbs of saying) or calls hooks ("is this
lead a speech noun", "where does the speaker stand after the quote") instead of testing the language code. A
language without a module gets the defaults below, which are the rules of no language in particular. Adding a
language means adding its module (and a test file): nothing in the core changes.

Language modules import only this package and the shared word lists (speaker_words), never the core, so the
import graph runs one way: core → lang.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class UnmarkedSpeech:
    """What tells direct speech given without quotation marks in a language that writes it so (unmarked.py):
    words that sound spoken, words that report instead, and the frames that introduce or name such speech."""

    speech_nouns: re.Pattern[str]  # a noun for words said before a colon: "der Ruf:", "die Antwort lautete:"
    speech_infinitives: re.Pattern[str]  # an infinitive of saying ending a frame: "mag sich mancher fragen"
    named_after: re.Pattern[str]  # the next sentence names the words: "war die Mahnung", "Dies ist die Sprache"
    answer: re.Pattern[str]  # an answer word opening the words said: "Nein, antwortete er"
    finite_aux: frozenset[str]  # a modal or auxiliary opening a frame: ", mag sich … fragen,"
    writer: frozenset[str]  # the writer hedging in a frame: ", muss ich sagen,"
    goes_on: tuple[str, ...]  # the writer's sentence going on after a frame: ", und …"
    address: re.Pattern[str]  # first or second person: someone speaking to someone
    speaking_voice: re.Pattern[str]  # first or second person, as words said sound
    second_person: re.Pattern[str]  # someone addressed, inside speech already
    indirect: re.Pattern[str]  # the subjunctive of reported speech: reported, not quoted


class Language:
    """Defaults: a spaced, cased script with subject-verb order and quotation marks for direct speech."""

    code = ""
    # script and word order
    caseless = False  # no capital letters to tell a name by (Arabic, CJK, Hebrew …)
    no_spaces = False  # no spaces between words (Chinese, Japanese)
    free_order = False  # the subject may stand anywhere in the sentence (Slavic)
    verb_first = False  # the verb of saying opens its clause, the subject follows (Arabic VSO)
    verb_second = False  # the verb comes second after a fronted phrase ("Zum Schluss rief der Professor")
    nouns_capitalised = False  # every noun is capitalised, so a capital is no sign of a name (German)
    quote_then_verb = False  # the verb of saying follows the quote, joined by a particle (「…」と述べた)
    topic_marked = False  # a particle marks the sentence's topic, who speaks on (佐藤氏は)
    title_marks = ""  # opening marks that set off the title of a work, not words said (Japanese 『)
    name_particles_lowercase = False  # "Eva de Wit": a lowercase article inside a name
    no_articles = False  # the language writes no articles: a description is its noun phrase alone
    plural_endings: tuple[str, ...] = ()  # (without articles) endings that mark a plural noun
    # how speech is set
    unmarked: UnmarkedSpeech | None = None  # direct speech given without quotation marks (after a colon, a frame)
    dash_dialogue = False  # a line opened by a dash is someone speaking
    script_labels = False  # a sentence that is only a name ("Rudolph.") introduces the quote after it
    said_that_states = False  # "قال … إن «…»": a verb of saying and "that" before a quote frame a statement
    strip_article_from_institution = True  # "die Deutsche Bahn" → "Deutsche Bahn" ("The Times" keeps its article)
    lone_name_is_surname = True  # a lone name word may be a family name written first ("Li said")
    # word lists. Verbs of saying are listed as writers use them in news (past tense first; "_" stands for a space
    # inside a phrase); separable particles (fügte … hinzu, voegde … toe) are matched on the finite verb alone.
    verbs: tuple[str, ...] = ()
    verb_prefix = ""  # a regex for a clitic written onto the verb (Arabic و/ف)
    according: tuple[str, ...] = ()  # phrases that put the source after them: "laut X", "selon X"
    according_extra: tuple[str, ...] = ()  # further source frames read only before a quote
    after_only: tuple[str, ...] = ()  # words after a quote that put the speaker right after them: ", so X"
    person_pronouns: frozenset[str] = frozenset()
    thing_pronouns: frozenset[str] = frozenset()
    relative_subjects: frozenset[str] = frozenset()  # "Minister X, der sagte:": the relative pronoun is X
    not_names: frozenset[str] = frozenset()  # capitalised at a sentence start, never a speaker
    # a definite article and a noun by which a report refers back to someone it has just named ("el técnico" after
    # "El entrenador, Ramón Gil", "le prévenu" after the accused's name), not a role naming someone new
    definite_articles: frozenset[str] = frozenset()
    epithets: frozenset[str] = frozenset()
    titles_before_name: frozenset[str] = frozenset()  # titles that end a name run read backwards ("Graf Orloff")
    noun_markers: frozenset[str] = frozenset()  # words after which a capitalised word is a noun, not a name
    she_or_they = ""  # one pronoun for "she" and "they" (German "sie"): the verb's number decides
    split_verb: re.Pattern[str] | None = None  # a verb of saying written around its subject: "laat X weten"
    heard_speaking: re.Pattern[str] | None = None  # "hörten Nils … sprechen": group 1 is the one heard
    naming_verb: re.Pattern[str] | None = None  # "called", "nannte": the subject gave the name in marks
    naming_after: re.Pattern[str] | None = None  # a naming verb after the marks: "den Speke als „…“ bezeichnet"
    named_as: re.Pattern[str] | None = None  # the "als …" before the marks in that clause
    saying_noun_label: re.Pattern[str] | None = None  # "die Worte Zimmermanns:": group 1 is whose words
    titled_label: re.Pattern[str] | None = None  # "Herr Person:": a titled name introducing a quote

    # ---- hooks: the defaults do nothing, so the core needs no test of the language

    def np_tokens(self, toks: list[str]) -> list[str]:
        """The tokens of a speaker noun phrase, cut where the language's own boundary words stand."""
        return toks

    def epithet(self, phrase: str) -> bool:
        """'el ariete', "l'élue": an epithet for the person last named or quoted."""
        toks = re.sub(r"^([^\W\d_]+['’])", r"\1 ", phrase.strip(" ,.;:").lower()).replace("’", "'").split()
        return len(toks) == 2 and toks[0] in self.definite_articles and toks[1] in self.epithets

    def adjective_form(self, word: str) -> bool:
        """A capitalised word that is surely an adjective, not a name ("Okręgowy inspektor" at a sentence start)."""
        return False

    def closes_np(self, prev: str) -> bool:
        """Whether a lowercase word after prev ends the noun phrase prev belongs to."""
        return False

    def np_start_ok(self, tok: str) -> bool:
        """Whether a lowercase word may open a subject noun phrase."""
        return True

    def subject_check(self, phrase: str) -> str:
        """'ok', 'writer' (the writer or anyone speaks: nobody to name) or 'no' for a speaker phrase."""
        return "ok"

    def article_noun(self, phrase: str, text: str) -> bool:
        """A lone word the text also writes after an article is a noun, not a name."""
        return False

    def no_subject(self, phrase: str, text: str) -> bool:
        """A phrase read as a subject that names nobody."""
        return self.subject_check(phrase) != "ok" or self.article_noun(phrase, text)

    def same_surname(self, a: str, b: str) -> bool:
        """Same family name, allowing the case endings the language puts on names."""
        return soft_eq(a, b)

    def speaker_after_quote(self, clause: str) -> tuple[str | None, bool] | None:
        """(raw speaker phrase, verb found) for a language whose verb follows the quote in its own way; None to let
        the core read the clause as usual."""
        return None

    def topic(self, before: str) -> str | None:
        """The topic of the sentence before a quote (languages that mark it: 佐藤氏は)."""
        return None

    def paragraph_topic(self, before: str) -> str | None:
        """The person the paragraph before a quote is about, when the language marks a topic."""
        return None

    def extra_names(self, text: str) -> list[str]:
        """Full names the language writes in its own pattern (an office then a name), for the name inventory."""
        return []

    def name_beside_office(self, speaker: str, before: str) -> str:
        """An office standing for a name written beside it earlier in the text."""
        return speaker

    def titled_person(self, before: str) -> str | None:
        """The one person a sentence names by title, whose wording a phrase in marks there is."""
        return None

    def names_a_work(self, before: str) -> bool:
        """The words before the marks name a kind of work ("des Artikels „…“"): the marks hold its title."""
        return False

    def speech_lead(self, lead: str) -> bool:
        """A colon after these words introduces words said, with no verb of saying ("auf den alten Spruch:")."""
        return False

    def reports_speech(self, sentence: str) -> bool:
        """The writer's sentence is in the mood of reported speech (German "Das sei hoch gefährlich"): it goes on
        giving the words of the one who spoke last."""
        return False

    def names_one_known(self, article: str, head: str) -> bool:
        """A description opened by this article names one person or body the reader already met ('el funcionario',
        'the president'), not several ('the researchers') nor someone new ('a dispatcher'). Without articles, the
        noun itself tells ("mladá anglická superstar", not "odborníci")."""
        if self.no_articles:
            return not head.endswith(self.plural_endings)
        return article in self.definite_articles

    def she_or_they_gender(self, after: str, before: str = "") -> str | None:
        """The sex of `she_or_they` read off its verb, in the words after the quote or before it (a singular verb:
        'female', a plural one: 'plural'); None when unsure."""
        return None

    # ---- derived lists (the English ones are read in every language: news quotes English sources)

    def pronoun(self, phrase: str) -> str | None:
        """'person' or 'thing' when the phrase is just a pronoun."""
        low = phrase.strip().lower()
        en = rules_for("en")
        if low in self.person_pronouns | en.person_pronouns:
            return "person"
        if low in self.thing_pronouns | en.thing_pronouns:
            return "thing"
        return None

    def according_phrases(self) -> tuple[str, ...]:
        return self.according + rules_for("en").according

    def saying_verbs(self) -> list[str]:
        """Verbs of saying with "_" read as a space; English for a language without a list."""
        return [v.replace("_", " ") for v in self.verbs or rules_for("en").verbs]


def soft_eq(a: str, b: str) -> bool:
    """Same name word, allowing case endings (Вишневская / Вишневской, Kowalski / Kowalskiego)."""
    a, b = a.lower().strip("’'.,"), b.lower().strip("’'.,")
    if a == b:
        return True
    n = min(len(a), len(b))
    if n < 4:
        return False
    common = 0
    while common < n and a[common] == b[common]:
        common += 1
    return common >= max(4, max(len(a), len(b)) - 3)


def word_list(words: str) -> tuple[str, ...]:
    """A list written as one string of words separated by white space."""
    return tuple(words.split())


@cache
def rules_for(language: str) -> Language:
    """The rules of a language by its code; the defaults for a language without a module."""
    if not language.isalpha() or not language.islower():
        return Language()
    name = f"{__name__}.{language}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise  # the module exists but imports something missing
        return Language()
    return module.Rules()


__all__ = ["Language", "UnmarkedSpeech", "rules_for", "soft_eq", "word_list"]
