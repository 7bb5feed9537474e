"""German (de): the quote finder's rules for it.

German capitalises every noun, so a capital is no sign of a name: most rules here tell a speaker from any noun
('Lage', 'Kirche', 'die Officiere'). Old papers also give direct speech without quotation marks (unmarked)."""

from __future__ import annotations

import re
from functools import lru_cache

from indexer.annotate.quotes.lang import Language, UnmarkedSpeech, word_list
from indexer.annotate.quotes.speaker_words import DETERMINERS, NAME_PARTICLES

LEADING = set("alle beide einige manche mancher mehrere viele wenige jeder jede dieser diese jener jene".split())
# a group named after the one who leads it: "die Forscher um Aneta Afelt", "das Team um Drosten"
GROUPS = set("""forscher forscherinnen wissenschaftler wissenschaftlerinnen team forscherteam gruppe forschergruppe
    experten expertinnen autoren autorinnen mediziner ärzte ökonomen kollegen""".split())
GENERIC = set("jeder jede jedes alle viele manche mancher einige wenige mehrere".split())
WRITER = {"ich", "wir", "man"}  # the writer speaking (or anyone): no speaker to name
# capitalised at the start of a German sentence, never a speaker
NOT_NAMES = set(
    """aber also auch bald da daher dagegen damals dann darauf darum denn deshalb doch dort ebenso endlich erst
    ferner ganz gerade heute hier immer jetzt ja jedoch kaum mehr nein noch nun nur oft schon so sodann sogar sonst
    später übrigens uebrigens vielleicht weiter weiters wer was wie wo zudem zuerst zuletzt zwar januar jänner februar
    märz april mai juni juli august september oktober october november dezember""".split()
)
ARTICLE_LIKE = set(
    """deren dessen dieser diese dieses diesem diesen jener jenes seine seiner seinem seinen ihre ihrer ihrem ihren
    unser unsere unserer unserem unseren im am zum zur vom beim""".split()
)
ARTICLES = (
    "der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|dieser|diese|dieses|diesem|diesen|jener|jenem|jenen"
    "|sein|seine|seinem|seinen|seiner|ihr|ihre|ihrem|ihren|ihrer|unser|unsere|unserem|unseren|im|am|zum|zur|vom|beim"
)
# titles, ranks and offices written before a name; also surnames ("Steffi Graf"), so only cut before one
TITLES = set(
    """herrn hr abg abgeordnete abgeordneter graf grafen gräfin fürst fürsten fürstin freiherr freiherrn baron
    baronin ritter edler kaiser kaiserin könig königin prinz prinzen prinzessin herzog herzogs herzogin erzherzog
    kardinal bischof pfarrer pastor oberst major hauptmann leutnant rittmeister admiral feldmarschall generalleutnant
    generalmajor staatssekretär staatsminister reichskanzler vizekanzler kommerzienrat geheimrat hofrat justizrat
    sanitätsrat landrat stadtrat gemeinderat oberbürgermeister vicebürgermeister vizebürgermeister professors
    direktor oberrealschuldirektor deputirte deputirter deputierte deputierter""".split()
)
TITLED_NAME = re.compile(
    r"(?<!\w)(?:(?:Herr|Herrn|Hr\.|Frau|Fräulein|General|Generals|Graf|Grafen|Fürst|Fürsten|Minister|Ministers|"
    r"Professor|Dr\.|Abg\.|Abgeordnete[rn]?|Pfarrer|Bischof|Oberst|Major|Hauptmann|Präsident|Präsidenten)\s+)+"
    r"((?:[A-ZÄÖÜ]\.\s*)*[A-ZÄÖÜ][\w-]{2,}(?:\s+[A-ZÄÖÜ][\w-]{2,}){0,2}(?:\s*=\s*[A-ZÄÖÜ][\w-]+)?)(?![\w.])"
)
# a work named in marks after the word for it: "des Artikels „Der moderne Fabrikmensch“", "im Vortrag „…“"
WORK_NOUN = re.compile(
    r"(?<!\w)(?:Artikel|Artikels|Aufsatz|Aufsatzes|Buch|Buche|Buches|Schrift|Werk|Werkes|Werks|Vortrag|Vortrage|"
    r"Vortrags|Roman|Romans|Gedicht|Gedichtes|Gedichts|Lied|Liedes|Stück|Stückes|Drama|Dramas|Oper|Titel|Titels|"
    r"Zeitschrift|Zeitung|Blatt|Blattes|Broschüre|Lustspiel|Lustspiels|Schauspiel|Schauspiels)\s*$"
)

# Konjunktiv I (and the Konjunktiv II that stands in for it): a sentence written so reports what someone said
REPORTED = re.compile(r"(?<!\w)(?:sei|seien|habe|gebe|werde|könne|müsse|wolle|solle|dürfe|hätten|würden)(?!\w)")

UNMARKED = UnmarkedSpeech(
    speech_nouns=re.compile(
        r"(?<!\w)(?:Ruf|Rufe|Zuruf|Zurufe|Ausruf|Frage|Antwort|Losung|Parole|Mahnung|Spruch|Wahlspruch|Ausspruch|Worte)"
        r"(?:\s+(?:lauten|lautet|lautete))?\s*$"
    ),
    # infinitives of saying, lowercase only: "Fragen", "Rufen" are nouns as well
    speech_infinitives=re.compile(r"(?<!\w)(?:sagen|fragen|rufen|antworten|erwidern|ausrufen|zurufen)(?!\w)"),
    named_after=re.compile(
        r"^(?:(?:dies|das|so|es)\s+)?(?:ist|war|sind|waren|lautet|lautete|lauten|lauteten|hieß|heißt|klang|tönte)\s+"
        r"(?:\w+\s+){0,2}(?:Ruf|Rufe|Zuruf|Zurufe|Ausruf|Mahnung|Sprache|Losung|Parole|Antwort|Worte|Klage|Forderung)(?!\w)",
        re.IGNORECASE,
    ),
    answer=re.compile(r"^(?:Ja|Nein|Doch|Gewiß|Gewiss|Freilich|Jawohl)(?!\w)"),
    finite_aux=frozenset(
        "mag mögen muß muss müssen wird werden würde würden kann können könnte möchte soll sollte hat hatte".split()
    ),
    writer=frozenset({"ich", "wir"}),
    goes_on=("und ", "aber ", "doch ", "als ", "wie "),
    address=re.compile(r"(?<!\w)(?:ich|mich|mir|mein\w*|du|dich|dir|dein\w*|euch|euer\w*)(?!\w)", re.IGNORECASE),
    speaking_voice=re.compile(
        r"(?<!\w)(?:ich|mich|mir|mein\w*|wir|uns|unser\w*|du|dich|dir|dein\w*|euch|euer\w*|ihnen)(?!\w)",
        re.IGNORECASE,
    ),  # not sie/ihr: also "she", "they", "her"
    # inside speech already, "ihr" is "you" ("Schweren Zeiten geht ihr entgegen"): someone is being addressed
    second_person=re.compile(r"(?<!\w)(?:du|dich|dir|dein\w*|ihr|euch|euer\w*)(?!\w)", re.IGNORECASE),
    indirect=re.compile(r"(?<!\w)(?:sei|seien|seyen|seye|hätten|könne|müsse|wolle|solle|dürfe)(?!\w)"),
)


MODALS = frozenset("""darf durfte dürfe kann konnte könne könnte muss musste müsse müsste will wollte wolle soll sollte
    solle wird würde werde möchte mag mochte""".split())


class Rules(Language):
    code = "de"
    verb_second = True
    nouns_capitalised = True
    unmarked = UNMARKED  # German writers (old papers above all) often give direct speech without marks
    script_labels = True  # interviews and scenes written as a script: 'Rudolph. „Umgekehrt …“'
    lone_name_is_surname = False  # a lone first word is a first name: "Friedrich" is not "Friedrich Wilhelm"
    she_or_they = "sie"
    verbs = word_list("""sagte sagt sagten sagen erklärte erklärt erklärten betonte betont fügte fügt ergänzte ergänzt meinte
        meint schrieb schreibt warnte warnt berichtete berichtet teilte teilt erläuterte erläutert antwortete
        antwortet fragte fragt kritisierte kritisiert äußerte äußert bemerkte bemerkt versicherte versichert
        forderte fordert mahnte mahnt unterstrich unterstreicht rief ruft sprach spricht verkündete verkündet
        bekräftigte bekräftigt räumte räumt hieß heißt erinnerte erinnert berichtete schilderte schildert
        appellierte klagte klagt erzählte erzählt entgegnete entgegnet erwiderte erwidert versetzte schrie schreit
        riefen flüsterte flüstert murmelte murmelt brummte grunzte seufzte stammelte jammerte beteuerte beteuert
        behauptete behauptet gestand gesteht bestätigte bestätigt meldete meldet melden schreiben schrieben
        telegraphiert telegraphirt äußerten erklären antworteten sprachen rufend sagend fragend antwortend
        erwidernd fortfahrend zurief zuriefen ausrief ausriefen""")
    according = (
        "laut", "nach Angaben von", "nach Angaben des", "nach Angaben der", "nach Ansicht von",
        "nach Ansicht des", "nach Ansicht der", "nach Worten von", "nach den Worten von", "nach Aussage von",
    )
    after_only = ("so",)
    person_pronouns = frozenset({"er", "sie"})
    thing_pronouns = frozenset({"es"})
    relative_subjects = frozenset({"der", "die", "welcher", "welche"})
    not_names = frozenset(NOT_NAMES)
    titles_before_name = frozenset(TITLES)
    noun_markers = frozenset(DETERMINERS | ARTICLE_LIKE)  # "in deren Verlauf Jonescu", "der Epoche Friedrichs"
    heard_speaking = re.compile(
        r"(?<!\w)(?:hörte|hörten|hört|hören|vernahm|vernahmen)\s+(?:[a-zäöüß]\w*\s+){0,2}"
        r"([A-ZÄÖÜ][\w-]+(?:\s+[A-ZÄÖÜ][\w-]+)?)\s+(?:[\w.-]+\s+){0,5}?"
        r"(?:sprechen|sagen|rufen|schreien|fluchen|murmeln|flüstern|jammern|klagen)(?!\w)"
    )
    naming_verb = re.compile(r"(?<!\w)(?:nannte|nannten|nennt|nennen|taufte|tauften|tauft)(?!\w)")
    naming_after = re.compile(r"^\s*(?:bezeichnet|bezeichnete|bezeichneten|nennt|nannte|nannten|betitelt|betitelte)(?!\w)")
    named_as = re.compile(r"(?<!\w)als\s+(?:\w+\s+){0,2}$")
    saying_noun_label = re.compile(
        r"(?<!\w)(?:Worte|Wort|Ausspruch|Ausruf|Äußerung|Aeußerung|Mahnung|Antwort|Erklärung)\s+"
        r"(?:des\s+(?:Herrn\s+)?)?([A-ZÄÖÜ][a-zäöüß]+?[a-zäöü])s?\s*$"
    )
    titled_label = re.compile(
        r"(?<!\w)(?:Herr|Herrn|Hr\.|Frau|Dr\.|Graf|Fürst|General|Professor|Minister)\s+((?:[A-ZÄÖÜ][\w.-]*\s*){1,3})"
    )

    def np_tokens(self, toks: list[str]) -> list[str]:
        # "„…“, darf Maron dann noch sagen": the finite modal stands second, the subject after it, the verb of
        # saying last
        if len(toks) > 1 and toks[0].lower() in MODALS:
            return toks[1:]
        # "schreiben die Forscher um Aneta Afelt": a team is named after the one who leads it
        lead = 1 if toks[:1] and toks[0].lower() in DETERMINERS else 0
        if len(toks) > lead + 2 and toks[lead].lower() in GROUPS and toks[lead + 1] == "um" and toks[lead + 2][:1].isupper():
            return toks[lead + 2 :]
        return toks

    def closes_np(self, prev: str) -> bool:
        """A capitalised word that is a noun or name, not a sentence-initial article ("Der ritterliche Greis"):
        a lowercase word after it ends the phrase ("schrie der Pfarrer wüthend")."""
        low = prev.lower().strip(",;:")
        return prev[:1].isupper() and low not in DETERMINERS and low not in LEADING and low not in NAME_PARTICLES

    def np_start_ok(self, tok: str) -> bool:
        low = tok.lower()
        return low in DETERMINERS or low in LEADING or low in ARTICLE_LIKE or bool(self.pronoun(low))

    def subject_check(self, phrase: str) -> str:
        """Every noun is capitalised, so a phrase starting lowercase ('argumentirt man', 'von Shakespeare') or a
        lone article is no subject; 'ich', 'wir', 'man' are the writer (or anyone)."""
        toks = phrase.split()
        low = toks[0].lower() if toks else ""
        if low in WRITER:
            return "writer"
        if low in NOT_NAMES or low in GENERIC:
            return "no"  # "Übrigens", "Jeder neue Akt der Gesetzgebung": nobody in particular
        if not toks or toks[0][:1].islower() and not self.np_start_ok(toks[0]):
            return "no"
        if len(toks) == 1 and (low in DETERMINERS or low in ARTICLE_LIKE or low in LEADING):
            return "no"
        if not self.pronoun(phrase) and not any(t[:1].isupper() and t.lower() not in DETERMINERS for t in toks):
            return "no"  # "das ihnen": no noun, no name
        return "ok"

    def article_noun(self, phrase: str, text: str) -> bool:
        """A lone word the text also writes after an article ('die Officiere', 'der Akt') is a noun, not a name."""
        toks = phrase.split()
        if len(toks) != 1:
            return False
        return _article_noun_pattern(toks[0]).search(text) is not None

    def same_surname(self, a: str, b: str) -> bool:
        """German declines names only with a genitive -s: 'Zwinglius' (a Latin inscription) is not 'Zwingli'."""
        a, b = a.lower().strip("’'.,"), b.lower().strip("’'.,")
        return a == b or a.removesuffix("s") == b or b.removesuffix("s") == a

    def titled_person(self, before: str) -> str | None:
        """'Danach versucht Oberst Falkenrath, die Thesen seines „treuen Weggefährten Brandt“ zu entkräften'."""
        named = {m.group(1) for m in TITLED_NAME.finditer(before)}
        return named.pop() if len(named) == 1 else None

    def names_a_work(self, before: str) -> bool:
        return bool(WORK_NOUN.search(before))

    def speech_lead(self, lead: str) -> bool:
        """'… folgten pfeifend und rufend:', 'auf den alten Spruch:'."""
        return bool(UNMARKED.speech_nouns.search(lead) or UNMARKED.speech_infinitives.search(lead))

    def reports_speech(self, sentence: str) -> bool:
        """The subjunctive of reported speech ("sei", "habe", "könne"): the sentence gives someone's words."""
        return bool(REPORTED.search(sentence))

    def names_one_known(self, article: str, head: str) -> bool:
        """'der Landwirt', 'das Unternehmen', 'die Ministerin'; not 'die Forscher' (a plural: a woman is named with
        -in)."""
        return article in ("der", "das") or article == "die" and head.endswith("in")

    def she_or_they_gender(self, after: str, before: str = "") -> str | None:
        """'fügte sie hinzu', 'sagt sie': 'sie' beside a singular verb is 'she'; beside a plural one ('sagten sie',
        'sie sagten uns:') it is 'they'."""
        m = re.match(r"\W*(\w+)\s+sie(?!\w)", after)
        verb = m.group(1) if m else ""
        if not m:
            m = re.search(r"(?<!\w)sie\s+(\w+)(?:\s+\w+)?\W*$", before)
            verb = m.group(1) if m else ""
        if not verb or verb[:1].isupper():
            return None
        if verb.lower().endswith("en"):
            return "plural"
        return None if verb.lower().endswith("n") else "female"


@lru_cache(maxsize=4096)
def _article_noun_pattern(word: str) -> re.Pattern:
    """'die Officiere': compiled once per word, as a speaker recurs through an article and across articles."""
    flags = re.IGNORECASE if word[:1].islower() else 0
    return re.compile(rf"(?<!\w)(?:{ARTICLES})\s+{re.escape(word)}(?!\w)", flags)
