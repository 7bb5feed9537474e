"""What the recogniser and every language's rules share: the Mention record, the tokens, name connectors, stop
words and the lexicon look-ups.

It imports no language module, so the arrows point one way: core ← lang/* ← recognizer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from indexer.annotate.entities.gazetteer import PERSON_TITLES

_NAME_PARTICLES = {"de", "van", "von", "der", "den", "da", "di", "du", "dos", "bin", "ibn", "al", "el", "la", "le"}
CONNECTORS_BY_LANG = {
    "en": {"of", "the", "for", "&"} | _NAME_PARTICLES,
    "de": {"von", "van", "vom", "zu", "de", "am", "der", "&", "d'", "d’", "of"},  # ("Adolphe d’Ennery", "College of Music")
    "es": {"de", "del", "la", "las", "los", "el"},
    "fr": {"de", "du", "des", "la", "le", "d'", "d’", "l'", "l’", "&", "del"},  # (Spanish names: "Unión Agraria del Sur")
    "nl": {"van", "de", "der", "den", "het", "voor", "ter", "&"},
    "it": {"di", "del", "della", "delle", "dello", "dei", "degli", "da", "de", "dell'", "dell’", "dall'", "dall’", "d'",
           "d’"},
    "pt": {"de", "do", "da", "dos", "das", "del"},
}
CONNECTORS = set().union(*CONNECTORS_BY_LANG.values())
_STOPWORD_CACHE: dict[str, frozenset[str]] = {}
_EXTRA_STOP = {
    "the", "a", "an", "this", "that", "these", "those", "it", "its", "he", "she", "they", "we", "you", "his",
    "her", "their", "our", "but", "and", "or", "if", "when", "while", "after", "before", "as", "at", "in",
    "on", "for", "with", "by", "from", "to", "of", "so", "yet", "there", "here", "what", "who", "why",
    "how", "where", "which", "some", "many", "most", "all", "both", "each", "every", "no", "not", "one",
    "two", "three", "also", "however", "meanwhile", "earlier", "later", "today", "yesterday", "tomorrow",
    "last", "next", "first", "according", "despite", "during", "since", "until", "although", "though",
    "because", "than", "then", "now", "just", "still", "even", "only", "my", "your", "me", "him", "them",
    "us", "i", "mr", "mrs", "ms", "dr", "photo", "getty", "images",
    # uk / ru pronouns and sentence openers missing from the stop-word lists
    "він", "вона", "воно", "вони", "ми", "ви", "я", "усі", "всі", "все", "це", "цей", "ця", "ці", "той", "та",
    "там", "тут", "тоді", "потім", "нагадаємо", "зокрема", "проте", "однак", "втім", "отже", "відтак", "крім",
    "окрім", "наразі", "також", "натомість", "звісно", "якось", "далі", "пізніше", "раніше", "она",
    "он", "оно", "они", "мы", "вы", "это", "этот", "эта", "эти", "тогда", "потом", "напомним", "однако",
    "впрочем", "итак", "кроме", "также", "зато", "конечно", "далее", "позже", "ранее", "при", "по", "на",
}

_HAN = "\u3400-\u9fff"
_HIRAGANA = re.compile(r"[\u3041-\u309f]")

_PLACE_PREPS = {
    "in", "at", "from", "to", "near", "into", "across", "en", "à", "au", "aux", "dans", "de", "desde", "hacia",
    "nach", "aus", "im", "bei", "naar", "uit", "bij", "te", "w", "we", "z", "ze", "do", "na", "у", "в", "во",
    "з", "із", "из", "до", "під", "под", "біля", "около", "a", "da", "em", "no", "per", "verso",
}
_PLACE_HEADS = {"estadio", "stadium", "stadion", "stade", "aeropuerto", "airport", "flughafen", "aéroport",
                "luchthaven", "estación", "bahnhof", "gare", "station", "plaza", "parque", "park", "puente",
                "san", "santa", "santo", "são", "saint", "sainte", "st", "sankt", "port", "puerto", "porto",
                "fort", "mount", "mont", "monte", "lake", "lago", "cape", "cabo", "bad", "new", "nueva", "nuevo",
                "north", "south", "east", "west", "nord", "sud", "isla", "islas", "île", "sierra", "costa", "rio",
                "río", "river", "gulf", "golfo", "klein", "groß", "gross", "neu", "alt", "ober", "nieder", "hohen",
                "nieuw", "nouvelle", "nouveau", "bas", "basse", "noord", "zuid", "oost", "upper", "lower"}
_PLACE_TAILS = {"highway", "street", "avenue", "road", "square", "bridge", "river", "island", "islands", "mountains",
                "valley", "bay", "coast", "city", "county", "province", "region", "straße", "strasse", "platz",
                "calle", "avenida", "plaza", "straat", "plein", "rue", "place", "boulevard", "provinz",
                "provincia", "oblast", "weg", "allee", "gasse", "damm", "chaussee", "ufer",
                "point", "heights", "hills", "harbor", "harbour", "beach", "creek", "junction", "park"}
# Named facilities are places where things happen, even when named after a person: "Al-Shifa Hospital", "Heathrow
# Airport", "Youssef Al-Najjar Hospital", "John Lennon Airport"
_FACILITIES = {"hospital", "airport", "station", "stadium", "arena", "prison", "cathedral", "mosque", "palace",
               "castle"}
_PLACE_TAILS |= _FACILITIES
# ("Fells Point", "Brooklyn Heights", "Clapham Junction", "Central Park"; not "Green" or "Lane", common surnames)
_SPEECH_VERBS = {
    "said", "says", "told", "added", "stated", "sagte", "sagt", "erklärte", "betonte", "meinte", "dijo",
    "noted", "warned", "insisted", "explained", "recordó", "indicó", "manifestó", "añadió", "subrayó", "destacó",
    "precisó", "advirtió", "insistió", "reconoció", "comentó", "anunció", "consideró", "apuntó", "expresó",
    "agregó", "meint", "betont", "kritisierte", "forderte", "warnte", "ergänzte", "verweist", "zegde",
    "benadrukte", "meldde", "stelde", "vindt", "stelt", "meent", "benadrukt", "verklaart", "antwoordt",
    "afirmó", "declaró", "señaló", "explicó", "aseguró", "déclare", "affirme", "explique", "zei", "zegt",
    "verklaarde", "disse", "dichiarato", "powiedział", "powiedziała", "заявив", "сказав", "зазначив",
    "заявила", "сказала", "заявил", "сказал", "отметил",
}
_DESCRIBED_BY_PLACE = re.compile(r"-(?:based|born|led|owned|backed|listed|headquartered|registered)$")
_QUOTES = {"\"", "„", "“", "”", "«", "»", "‚", "‘", "’", "'"}


class Guess(str):
    """A type the recogniser assumed for want of any sign: the default for a run of capitals that no gazetteer, cue,
    given name or context types ("Perpetual Futures", a lone unknown German noun). It compares as the plain type;
    a mention so typed makes a facet value only when the article confirms it (evidence.py)."""


class Inferred(str):
    """A type read from one word before the name, a preposition ("from Zotac", "to Baark"): evidence enough for a
    facet, but it yields to the type the article states of the same name elsewhere, or of the names it is listed
    with (merging.py, runs.py)."""


@dataclass
class Mention:
    surface: str
    type: str | None  # None: capitalised but untyped so far
    start: int  # order of appearance (token index over the whole article)
    canonical: str | None = None  # gazetteer / known-organisation name
    weak: bool = False  # came from a headline-case title: keep only if confirmed elsewhere
    lemma: str = ""  # dictionary form for inflecting languages
    person_cue: bool = False
    fallback: str | None = None  # type an untyped mention takes if no person's name claims it
    adjective: bool = False  # the place named by its adjective ("харківська"): a mention, but no alias of it
    caseless: bool = False  # in a line set in capitals, where capitals say nothing ("PARADISE ISLAND")


def _stopwords(language: str) -> frozenset[str]:
    if language not in _STOPWORD_CACHE:
        words = set(_EXTRA_STOP)
        try:
            from stop_words import LANGUAGE_MAPPING, get_stop_words

            # the language's own list where the package has one, else English's
            name = LANGUAGE_MAPPING.get(_STOP_WORD_CODES.get(language, language), "english")
            words |= {w.casefold() for w in get_stop_words(name)}
            words |= _MORE_STOP.get(language, set())
            words -= _NOT_STOP.get(language, set())
            words |= {w.replace("'", "’") for w in words if "'" in w}  # pages write "We’re" as often as "We're"
        except Exception:  # noqa: BLE001 - optional package, unknown language
            pass
        _STOPWORD_CACHE[language] = frozenset(words)
    return _STOPWORD_CACHE[language]


# Words a stop list has that open names in news: "Li Wenjun" (the English list carries Italian "li"), Hungary's
# commonest surname "Nagy" (big), the Czech and Slovak surname "Nový" (new). The stop-words package's English list
# is a web search engine's: beside function words it holds nouns, adjectives, numbers, given names and two
# companies, which open names ("Bill Gates", "General Electric", "Microsoft", "Home Depot", "Second Avenue", "Five
# Star Movement") and were cut off them. ("Will", "Miss", "State", "Right", "New", "World", "Group" stay: "Will
# Warren run?", "Secretary of State Mike Pompeo", "New Democracy", "World Grand Prix", "Group A" would not be the
# names they open.) It holds country codes too: "the UK", "US gun laws", "the UN" named no place.
_NOT_STOP = {
    "en": set("""
    uk us un li area areas bill big case cases computer copy date dear don end face faces fact facts free front
    full general good goods great greater greatest half high higher highest home index
    information inner interest join keys kind large line little long low lower member members microsoft mid
    mill move net netscape novel number numbers old older oldest open order page pages part
    parts past place places point points present pro problem research ring room rooms round run second
    section self shell side sides site small smaller smallest system test text thick thin third top
    value vice way web welcome wells work works year years young younger youngest five six seven eight
    nine ten eleven twelve fifteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million
    billion trillion zero fifth
    """.split()),
    "hu": {"nagy"}, "cs": {"nový"}, "sk": {"nový"},
}
# Function words the package's lists lack, which open sentences in news ("Seit Tagen …", "Laut Polizei …") and
# some of which are also given names somewhere ("Seit", "Solange").
_MORE_STOP = {
    "de": set("""seit trotz wegen laut dank statt samt nebst binnen entlang außer anstatt innerhalb außerhalb neben ab
    obwohl sodass falls sobald solange bevor seitdem bereits schon erst sogar zudem dennoch jedoch trotzdem somit
    etwa rund knapp fast kaum""".split()),
}
_STOP_WORD_CODES = {"no": "nb"}  # (the stop-words package files Norwegian as Bokmål)


# Languages written with capitals whose simplemma dictionary tells a common word from a name: "Ministerul
# Transporturilor", "Københavns Kommune" are no person's names. (Not Indonesian and Malay: without rules of their
# own, their honorifics before a name, "Imam", "Nabi", "Presiden", read as common words and the person as a body.)
_LEXICON_LANGUAGES = frozenset(
    "bg bs ca cs cy da de el en eo es et fi fr ga gl hr hu is it la lb lt lv mk nl nn no pl pt ro ru sk sl sq sv "
    "tr uk".split())


@lru_cache(maxsize=16)
def _lexicon(language: str):
    """simplemma's case-sensitive word-form dictionary for the language, or None."""
    from indexer.text.lemmas import SqliteDictionaryFactory, simplemma_code

    code = simplemma_code(language) if language in _LEXICON_LANGUAGES else None
    if code is None:
        return None
    try:
        return SqliteDictionaryFactory().get_dictionary(code)  # row lookups, not a whole language in memory
    except Exception:  # noqa: BLE001 - optional package or missing language data
        return None


def _lexical_common(word: str, language: str) -> bool:
    """A common word of the language: its lower-case form is in the lexicon (the German rules refine this)."""
    lex = _lexicon(language)
    if lex is None or word.isupper():
        return False
    low = word.lower()
    return low in lex and word not in lex


def _unknown_word(word: str, language: str) -> bool:
    lex = _lexicon(language)
    return lex is not None and word not in lex and word.lower() not in lex


@dataclass(slots=True)
class _Tok:
    text: str
    sent_start: bool
    index: int  # character offset in the article
    pos: int = 0  # position in its paragraph's token list


def paragraph_offsets(paragraphs: list[str]):
    """(offset, paragraph) for each paragraph: offsets count over the paragraphs joined by blank lines."""
    base = 0
    for para in paragraphs:
        yield base, para
        base += len(para) + 2


# Arabic names keep their article in lower case, joined by a hyphen: "Omar al-Bashir", "Deir al-Balah", "el-Sisi"
_ARABIC_ARTICLE = re.compile(r"(?:al|el|ad|ar|as|ash|at|az|an|ibn|bin|abu|abd|ul|ud)-[A-Z]")


_CODE = re.compile(r"[^\W\d_]\d+[^\W\d_]|\d\d.*[a-z]|[a-z].*\d\d")  # a digit between letters, or two digits beside small letters


def _is_cap(word: str) -> bool:
    """A word that may be part of a name: capitalised, with letters, no code of letters and digits ("EhWLQA2GOR", a
    link's code, and "Covid19" are none; "VT4", "G20" may be), or an Arabic name with its article ("al-Bashir")."""
    if _CODE.search(word):
        return False
    return word[:1].isupper() and any(ch.isalpha() for ch in word) or bool(_ARABIC_ARTICLE.match(word))


def _hyphen_title(low: str) -> bool:
    """"VLD-voorzitter", "SPD-Chef", "US-Präsident": a title compounded with a party or country is a title."""
    return "-" in low and low.rsplit("-", 1)[1] in PERSON_TITLES


def _is_title(word: str) -> bool:
    low = word.casefold().strip(".")
    return low in PERSON_TITLES or _hyphen_title(low)


_NO_CASE_SCRIPT = re.compile(r"[\u0600-\u06ff\u3040-\u30ff\u3400-\u9fff]")
# French, Italian and Portuguese capitalise only the first word of many institutions' names ("l'Assemblée
# nationale", "la Fédération régionale des coopératives agricoles", "la Corte costituzionale"), whose head alone
# names nothing: the heads that open them, and the endings of the adjectives that follow the head or a noun of the name ("nationale", "europea",
# "democratico", "civile", "supérieur"); indexer.annotate.entities.recognizer._lowercase_org_names reads the rest.
_LOWERCASE_ORG_HEADS = {
    "fr": {"fédération", "confédération", "association", "syndicat", "union", "chambre", "comité", "collectif",
           "observatoire", "agence", "caisse", "mutuelle", "coopérative", "office", "institut", "assemblée",
           "autorité", "banque", "commission", "conseil", "cour", "front", "mouvement", "organisation", "parlement",
           "parti", "rassemblement", "tribunal"},
    "it": {"associazione", "federazione", "confederazione", "sindacato", "unione", "camera", "comitato",
           "osservatorio", "agenzia", "istituto", "cooperativa", "consorzio", "assemblea", "autorità", "banca",
           "commissione", "consiglio", "corte", "guardia", "movimento", "organizzazione", "parlamento", "partito",
           "procura", "protezione", "tribunale"},
    "pt": {"associação", "federação", "confederação", "sindicato", "união", "comité", "observatório", "agência",
           "instituto", "cooperativa", "assembleia", "autoridade", "banco", "comissão", "conselho", "movimento",
           "organização", "parlamento", "partido", "tribunal"},
}
# adjectives that come before their noun, inside a name after its linking word ("Institut des hautes études",
# "Istituto per le nuove tecnologie")
_ORG_ADJECTIVE_BEFORE = {
    "fr": frozenset("haut haute hauts hautes grand grande grands grandes nouveau nouvel nouvelle nouveaux nouvelles "
                    "petit petite petits petites".split()),
    "it": frozenset("alto alta alti alte grande grandi nuovo nuova nuovi nuove piccolo piccola piccoli piccole".split()),
    "pt": frozenset("alto alta altos altas grande grandes novo nova novos novas pequeno pequena".split()),
}
_ORG_ADJECTIVE = {
    "fr": re.compile(r"[a-zàâçéèêëîïôûùüÿœ-]{2,}(?:al|ale|ales|aux|el|elle|els|elles|ien|ienne|iens|iennes|éen|éenne"
                     r"|éens|éennes|ique|iques|iste|istes|aire|aires|ais|aise|aises|ain|aine|ains|aines|if|ive|ifs"
                     r"|ives|ieur|ieure|ieurs|ieures|ier|iers|ière|ières|ois|oise|oises|ole|oles)"),
    "it": re.compile(r"[a-zàèéìòù]{2,}(?:ale|ali|ile|ili|ica|ico|ici|iche|ista|isti|iste|ese|esi|ana|ano|ani|ane|ivo"
                     r"|iva|ivi|ive|ea|eo|ei|ee|ore|ori|aria|ario|arie|ari|ola|olo|oli|ole)"),
    "pt": re.compile(r"[a-zàáâãçéêíóôõú]{2,}(?:al|ais|ica|ico|icas|icos|ista|istas|ês|esa|eses|esas|eira|eiro|eiras"
                     r"|eiros|ano|ana|anos|anas|ivo|iva|ivos|ivas|ário|ária|ários|árias|ense|enses|or|ores|ola|olas|eu|eia"
                     r"|eus|eias)"),
}
