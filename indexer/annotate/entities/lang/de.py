"""German nouns versus German names: every German noun is capitalised, so capitals alone say little.

The lexicon (simplemma's German word forms) knows ordinary nouns, but also many proper names, and it does not know
most compounds ("Hochtechnologiebereich"). So a capitalised word is read here the way a German reader would:
a compound whose last part is a known noun is an ordinary noun, unless that last part is a typical place-name
ending ("-hausen", "-ingen"); a noun standing before a name in apposition ("die US-Bank Citigroup", "Hersteller
Lego", "der Stürmer Klose") says what kind of name follows.
"""

from __future__ import annotations

import re
from functools import lru_cache

from indexer.annotate.entities.core import (
    _PLACE_HEADS,
    _PLACE_PREPS,
    _PLACE_TAILS,
    _QUOTES,
    _SPEECH_VERBS,
    CONNECTORS,
    Mention,
    _is_cap,
    _stopwords,
    _Tok,
)
from indexer.annotate.entities.core import _lexicon as _lexicon_of
from indexer.annotate.entities.core import _unknown_word as core_unknown_word
from indexer.annotate.entities.gazetteer import (
    MONTHS_DAYS,
    NEVER_ALONE,
    NEVER_NAMES,
    common_first_names,
    first_names,
    has_org_word,
    is_demonym,
    looks_like_acronym,
    org_for,
    person_for,
    place_for,
    short_name,
)
from indexer.annotate.entities.lang import Rules
from indexer.text.compounds import compound_heads
from indexer.text.lemmas import lemma
from indexer.text.names import fold

# Last parts of German place names ("Wilhelmsdorf", "Esenhausen", "Geichlingen", "Oberhof").
TOPONYM_ENDINGS = (
    "dorf", "hausen", "husen", "ingen", "heim", "hofen", "burg", "berg", "bach", "feld", "felde", "stadt",
    "stedt", "städt", "furt", "rode", "roda", "leben", "kirchen", "büttel", "hagen", "beck", "brück", "brücken",
    "münster", "weiler", "wil", "ach", "au", "ow", "itz", "witz", "tal", "thal", "walde", "horst", "stein",
    "mühle", "hof", "kirch", "zell", "reuth", "ried", "lohe", "born", "brunn", "brunnen", "werder", "wald",
)

# Head nouns of an apposition that names the kind of thing the following name is.
ORG_HEADS = {
    "bank", "konzern", "hersteller", "unternehmen", "firma", "gruppe", "verein", "klub", "club", "partei",
    "sender", "zeitung", "blatt", "magazin", "verlag", "marke", "versicherer", "händler", "anbieter",
    "gesellschaft", "kette", "label", "band", "team", "mannschaft", "institut", "organisation", "behörde",
    "agentur", "zeitschrift", "fraktion", "airline", "fluggesellschaft", "autobauer", "riese", "dienstleister",
    "zulieferer", "betreiber", "investor", "fonds", "börse", "ministerium", "portal", "dienst", "netzwerk",
    "orden", "finanzierer", "versender", "discounter", "rivale", "stiftung", "gewerkschaft", "verband",
    "sekte", "holding", "reederei", "brauerei", "werft", "kaufhaus", "warenhaus", "modehaus", "softwarehaus",
    "chipkonzern", "fernsehsender", "radiosender", "tageszeitung", "wochenzeitung", "nachrichtenagentur",
}
PERSON_HEADS = {
    "experte", "expertin", "sprecher", "sprecherin", "chef", "chefin", "trainer", "trainerin", "spieler",
    "spielerin", "autor", "autorin", "sänger", "sängerin", "schauspieler", "schauspielerin", "präsident",
    "präsidentin", "minister", "ministerin", "politiker", "politikerin", "kanzler", "kanzlerin", "direktor",
    "direktorin", "leiter", "leiterin", "gründer", "gründerin", "manager", "managerin", "stürmer", "torwart",
    "torhüter", "kapitän", "künstler", "künstlerin", "maler", "malerin", "komponist", "komponistin",
    "regisseur", "regisseurin", "schriftsteller", "schriftstellerin", "dichter", "dichterin", "historiker",
    "historikerin", "bischof", "könig", "königin", "kaiser", "kaiserin", "herzog", "herzogin", "graf", "gräfin",
    "fürst", "fürstin", "prinz", "prinzessin", "sohn", "vater", "mutter", "bruder", "schwester",
    "ehefrau", "ehemann", "kollege", "kollegin", "nachfolger", "nachfolgerin", "vorgänger", "vorgängerin",
    "kandidat", "kandidatin", "bürgermeister", "bürgermeisterin", "pfarrer", "pfarrerin", "professor",
    "professorin", "analyst", "analystin", "kommissar", "kommissarin", "moderator", "moderatorin",
    "journalist", "journalistin", "reporter", "reporterin", "unternehmer", "unternehmerin", "fahrer",
    "fahrerin", "meister", "meisterin", "sieger", "siegerin", "titelverteidiger", "titelverteidigerin",
    "vorsitzende", "vorsitzender", "abgeordnete", "abgeordneter", "sprinter", "sprinterin", "läufer",
    "läuferin", "boxer", "boxerin", "pianist", "pianistin", "dirigent", "dirigentin", "architekt",
    "architektin", "philosoph", "philosophin", "theologe", "theologin", "wissenschaftler", "wissenschaftlerin",
    "forscher", "forscherin", "anwalt", "anwältin", "richter", "richterin", "kuratorin", "kurator",
    "intendant", "intendantin", "verteidiger", "verteidigerin", "mittelfeldspieler", "angreifer", "keeper",
    "coach", "musiker", "musikerin", "rapper", "rapperin", "papst", "kardinal", "feldherr",
    "general", "heiliger", "heilige", "apostel", "prophet", "gott", "göttin",
    # family, household and rank ("Tochter Avis", "Gehilfe Fritz", "Oberst Klein", "Missionar Willibord")
    "tochter", "onkel", "tante", "neffe", "nichte", "enkel", "enkelin", "witwe", "witwer", "gattin", "gatte",
    "gehilfe", "gehilfin", "diener", "dienerin", "oberst", "major", "leutnant", "hauptmann", "feldwebel",
    "missionar", "abt", "äbtissin", "pater", "priester", "mönch", "nonne", "lehrer", "lehrerin", "schüler",
    "schülerin", "arzt", "ärztin", "koch", "köchin", "freundin", "lebensgefährte", "lebensgefährtin",
}
PLACE_HEADS = {
    "stadt", "dorf", "gemeinde", "ort", "ortsteil", "stadtteil", "hauptstadt", "metropole", "region",
    "bundesland", "provinz", "kreis", "landkreis", "bezirk", "insel", "fluss", "see", "gebirge", "hafen", "berg",
    "vulkan",
    "kanton", "emirat", "königreich", "schloss", "burg", "kloster", "turm", "platz", "viertel", "grafschaft",
    "herzogtum", "fürstentum", "kurort", "badeort", "vorort", "kreisstadt", "landeshauptstadt", "nachbarort",
    "nachbarstadt", "heimatstadt", "heimatort", "geburtsort", "großstadt", "kleinstadt", "hansestadt",
    "ortschaft", "weiler", "bundesstaat", "staat", "inselgruppe", "halbinsel", "stausee", "nebenfluss",
    # and the smaller units and sites of local history and geography ("Kirchspiel Uelsen", "Gewerbepark Håga")
    "gut", "ortslage", "kirchspiel", "gemarkung", "siedlung", "gewerbepark", "landschaft", "anbaugebiet", "gebiet",
    "vernichtungslager", "konzentrationslager", "lager", "distrikt", "woiwodschaft", "departement", "präfektur",
    "kolonie", "republik", "oase", "stadion", "bahnhof", "flughafen", "vorstadt", "quartier", "bergwerk", "zeche",
    # the parts of a country or town ("im Osten Kaschmirs", "im Süden Hüttingen")
    "norden", "süden", "osten", "westen", "nordosten", "nordwesten", "südosten", "südwesten", "richtung",
}


@lru_cache(maxsize=65536)
def known(word: str) -> bool:
    """The exact form is in the German lexicon (cached: each look-up is an SQLite query)."""
    lex = _lexicon_of("de")
    return lex is not None and word in lex


def inflects_as_noun(word: str) -> bool:
    """"Art" → "Arten", "Tor" → "Tore": a plural in the lexicon marks a common noun, which given names lack."""
    return any(known(word + ending) for ending in ("en", "e", "n", "er"))


def capitalised_non_noun(word: str) -> bool:
    """"Entlang", "Dabei", "Besonders": a word German writes in lower case, capitalised at a sentence start."""
    return not word.isupper() and not known(word) and known(word.lower())


@lru_cache(maxsize=8192)
def compound_head(word: str) -> str | None:
    """The known noun a compound ends in ("Hochtechnologiebereich" → "Bereich", "US-Bank" → "Bank"), for words the
    lexicon lacks; None when the word is not such a compound."""
    if _lexicon_of("de") is None or known(word) or word.isupper() or len(word) < 7 and "-" not in word:
        return None
    if "-" in word:
        tail = word.rsplit("-", 1)[1]
        return tail if len(tail) >= 3 and tail[:1].isupper() and known(tail) else None
    for i in range(3, len(word) - 2):
        tail = word[i].upper() + word[i + 1 :]
        if len(tail) == 3 and (i < 6 or word[i - 1] != "s"):
            continue  # a three-letter last part only after a long first part and a linking "s": "Ausstellungs|bus"
        if i == 3 and len(tail) <= 4:
            continue  # two short parts are more often a name than a compound: "Pep|pard", "Bai|gent", "Rob|bert"
        if known(tail) and _word_part(word[:i]):
            return tail
    if word.endswith("s") and len(word) > 7 and not lexicon_name(word[:-1]):
        return word[:-1] if known(word[:-1]) else None  # "Wehrmachts"
    return None


def _word_part(prefix: str) -> bool:
    """The first part of a compound is itself a word, maybe with a linking "s", "n", "en" or "es": "Hochtechnologie-",
    "Ziegen-", "Arbeits-" (but not "Citi-" in "Citigroup")."""
    for cut in (0, 1, 2):
        part = prefix[: len(prefix) - cut] if cut else prefix
        if len(part) >= 3 and (known(part) or known(part.capitalize()) or known(part.lower())):
            return True
    if len(prefix) >= 6 and prefix.endswith(_LINKED_SUFFIXES):
        return True  # "Flussrenaturierungs-": a noun suffix and the linking "s" only nouns take
    return len(prefix) >= 7 and compound_head(prefix.capitalize()) is not None  # "Apfeldiät-speise"


# Noun suffixes with the linking "s" a compound's first part takes after them ("Versicherungs|vertrag").
_LINKED_SUFFIXES = ("ungs", "heits", "keits", "schafts", "tions", "täts", "ismus")


def looks_like_toponym(word: str) -> bool:
    """An unknown single word with a place-name ending ("Wilhelmsdorf", "Meckelfeld")."""
    low = word.casefold()
    if len(low) < 6 or "-" in low or known(word) or not low.endswith(TOPONYM_ENDINGS):
        return False
    head = compound_head(word)
    # "Wilhelmsdorf", "Quakenbrück" (whose "Rück" is shorter than the ending), not "Schwesterklingen"
    return head is None or any(low.endswith(e) and len(e) >= len(head) for e in TOPONYM_ENDINGS)


# Endings of German surnames that are also nouns: an unknown "Holzmann" or "Obermaier" is a person, not a compound.
SURNAME_ENDINGS = ("mann", "meier", "meyer", "maier", "mayer", "müller", "huber", "schmidt", "bauer", "kamp", "bacher",
                   "isch")


# Last parts that make a hyphenated compound a street or an institution's name ("Friedrich-Ebert-Straße").
STREET_ENDINGS = ("straße", "strasse", "platz", "weg", "allee", "gasse", "damm", "ufer", "brücke", "chaussee")


def street_name(word: str) -> bool:
    """"Schillerstraße", "Lindenallee": a street the lexicon does not list as a common word ("Landstraße")."""
    low = word.lower()  # (not casefold, which spells "ß" as "ss" and so cuts the stem short)
    ending = next((e for e in _STREET_TAILS if low.endswith(e) and len(low) > len(e) + 2 and "-" not in word), None)
    if ending is None:
        return False
    if not known(word):  # "Bahnhofstraße", but not a kind of road: "Zufahrtsstraße", "Ortsumgehungsstraße"
        return len(compound_head(word) or ending) <= len(ending) + 1
    # a listed street named after someone ("Pestalozzistraße", "Goetheplatz"), not "Hauptstraße", "Parkplatz",
    # "Bundeswasserstraße"
    stem = word[: -len(ending)]
    return ending in ("straße", "strasse", "platz", "allee") and len(stem) >= 4 and (
        fold(stem) in first_names() or person_for(stem) is not None or not _word_part(stem))


# Last parts of street names ("Schillerstraße", "Nußbaumweg", "Dönhoffplatzes", "Murgtalpfad").
_STREET_TAILS = ("straße", "strasse", "allee", "gasse", "chaussee", "weg", "pfad", "platz", "platzes", "damm", "steig",
                 "promenade", "ufer")


# Institutions that a name before a hyphen makes one place of work ("Bethanien-Krankenhaus", "Addiopizzo-Komitee",
# "Rhein-Niers-Bahn"), though the bare noun is no organisation word.
HYPHEN_INSTITUTIONS = ("krankenhaus", "hospital", "klinik", "kindergarten", "komitee", "bahn", "konzert", "gymnasium",
                       "schule", "bibliothek", "kaserne", "werft", "brauerei")


# Sites and landmarks that a name before a hyphen makes one place ("Shwedagon-Pagode", "Susa-Tal", "Holocaust-Mahnmal").
HYPHEN_LANDMARKS = ("mahnmal", "denkmal", "pagode", "tal", "see", "turm", "tor", "brunnen", "stadion", "arena", "kanal",
                    "tunnel", "gebirge", "insel", "halbinsel", "moschee", "tempel", "kathedrale", "palast", "gletscher")


def named_institution(word: str, tails: tuple[str, ...] = HYPHEN_INSTITUTIONS) -> bool:
    """"Bethanien-Krankenhaus", "Sankt-Niklaus-Kindergarten": names the lexicon lacks before an institution noun (or,
    with HYPHEN_LANDMARKS, before a landmark: "Shwedagon-Pagode")."""
    *names, tail = word.split("-")
    return tail.casefold() in tails and all(
        part[:1].isupper() and not part.isupper() and (not known(part) or lexicon_name(part)) for part in names)


def ordinary_noun(word: str) -> bool:
    """A compound of known German nouns that is not shaped like a place name, a street, an institution or a
    surname."""
    if "-" in word:
        prefix, tail = word.rsplit("-", 1)
        if tail[:1].isupper() and prefix[:1].isupper() and not prefix.isupper() and (
                lexicon_name(tail) and (lexicon_name(prefix) or not known(prefix))):
            return False  # two names joined: "Schleswig-Holstein", "Nassau-Weilburg"
        generic = known(prefix) or known(prefix.capitalize()) or prefix.isupper() and len(prefix) <= 3
        if (tail.casefold() in STREET_ENDINGS or org_noun(tail) or named_institution(word) or named_institution(
                word, HYPHEN_LANDMARKS)) and not generic:
            return False  # "Lehmbruck-Museum" is a name, "US-Bank" and "Auto-Museum" are not
    return compound_head(word) is not None and not looks_like_toponym(word) and not street_name(word) and not (
        word.casefold().endswith(SURNAME_ENDINGS))


@lru_cache(maxsize=8192)
def apposition_type(word: str) -> str | None:
    """Type a noun in apposition announces for the name after it: "Hersteller Lego" → organization."""
    head = (compound_head(word) or word).casefold()
    forms = {word.casefold(), head}
    forms |= {head[: -len(end)] for end in ("en", "e", "n", "s") if head.endswith(end)}  # "Energiekonzerne"
    for heads, kind in ((ORG_HEADS, "organization"), (PERSON_HEADS, "person"), (PLACE_HEADS, "place")):
        if forms & heads or any(f.endswith(h) for f in forms for h in heads if len(h) >= 6):
            return kind  # (also compounds the lexicon knows whole: "Energiekonzern", "Nationalspieler")
    return None


# Nouns that make a compound or phrase an organisation's name ("HSH Nordbank", "Wiener Fußballverband",
# "Widerstands-Verlag", "Ulmer Theater").
ORG_NOUNS = (
    "verband", "verein", "bank", "verlag", "theater", "museum", "bühne", "oper", "orchester", "klinik", "klinikum",
    "partei", "gesellschaft", "zeitung", "konzern", "stiftung", "gewerkschaft", "institut", "akademie",
    "gymnasium", "hochschule", "universität", "sparkasse", "versicherung", "werke", "ministerium", "gericht",
    "behörde", "kommission", "festival", "club", "klub", "agentur", "galerie", "bibliothek", "archiv",
    "kollegium", "airlines", "amt", "landesamt", "zentrum", "zentrums", "festspiele", "verwaltung", "anstalt",
    # events, which news names like organisations: "Fußball-Weltmeisterschaft", "Weltwirtschaftsgipfel"
    "meisterschaft", "meisterschaften", "gipfel", "gipfels", "winterspiele", "winterspielen", "sommerspiele",
    "sommerspielen", "award", "awards", "tour",
)


# English words that end the names of firms, labels and funds ("Roger Douglas Associates", "Blue Bay Asset
# Management", "Fujitsu Siemens Computers"); matched whole, as German compounds do not end in them.
ENGLISH_FIRM_WORDS = frozenset({
    "associates", "records", "computers", "solutions", "entertainment", "studios", "pictures", "consulting",
    "investors", "magazine", "productions", "networks", "brewing", "laboratories",
})


def elided_compound(word: str) -> bool:
    """"Energieund", "Drehund": a noun whose hyphen was lost before "und"/"oder" ("Energie- und Wasserkosten"),
    which the lexicon lacks and the name rules would otherwise read as a surname."""
    for tail in ("und", "oder"):
        head = word[: -len(tail)]
        if word.endswith(tail) and len(head) >= 3 and word[:1].isupper() and not known(word) and known(head):
            return True
    return False


@lru_cache(maxsize=65536)
def org_noun(word: str) -> bool:
    """The word is, or ends in, a noun for an institution ("Fußballverband", "Nordbank", "Lehmbruck-Museum"); cached,
    as it scans every institution noun."""
    low = word.casefold().rsplit("-", 1)[-1]
    if low in ENGLISH_FIRM_WORDS and word[:1].isupper():
        return True
    return any(low == noun or len(low) > len(noun) + 2 and low.endswith(noun) for noun in ORG_NOUNS)



@lru_cache(maxsize=65536)
def lexicon_name(word: str) -> bool:
    """A proper name the lexicon happens to list ("Merkel", "Lufthansa", "Klagenfurt"): known, but with no
    plural or case form leading back to it ("Kiele" → "Kiel", "Banken" → "Bank") and no lower-case reading, which
    ordinary nouns have. Such a word is read as a name, not dropped as a noun."""
    lex = _lexicon_of("de")
    if lex is None or len(word) < 3 or word.isupper() or not known(word) or known(word.lower()):
        return False
    if lex.get(word) != word or word.casefold().endswith(NOUN_SUFFIXES) or _splits_into_words(word):
        return False  # an inflected form ("Namen", "Seen"), an abstract noun, a compound ("Arbeitsleben")
    stems = {word, _umlauted(word), word[:-1], word[:-2]}  # "Boden" → "Böden"; "Thema" → "Themen", "Zentrum" → "Zentren"
    endings = ("", "e", "en", "n", "er", "es", "ern", "nen", "a")  # ("Autorinnen", "Lexika")
    return not any(lex.get(stem + ending) == word for stem in stems for ending in endings if stem + ending != word) and (
        len(_compounds_opened(word)) < 15)


def _compounds_opened(word: str) -> set[str]:
    """The compounds the lexicon lists that begin with the word and end in a known noun ("Radio" → Radiosender,
    Radiowecker, …): an ordinary noun opens dozens, a name a handful ("Goethehaus"). This tells "Radio", "Kino",
    "Team" (plural in -s, like a name's genitive "Merkels") from names."""
    lemmas = getattr(_lexicon_of("de"), "lemmas_starting", lambda _prefix: set())(word)
    return {lem for lem in lemmas if len(lem) >= len(word) + 3 and lem.startswith(word) and lem[len(word)].islower()
            and known(lem[len(word)].upper() + lem[len(word) + 1 :])}


# Endings only common nouns have ("Neuzeit", "Fahnenflucht", "Internetsucht").
NOUN_SUFFIXES = ("ung", "heit", "keit", "schaft", "tion", "ismus", "ität", "nis", "tum", "zeit", "sucht", "flucht",
                 "erin", "istin", "innen", "aner")  # (and a town's, a club's or a creed's people: "Herthaner")


def _splits_into_words(word: str) -> bool:
    """A listed compound of two known words ("Arbeits|leben", "Daten|aufkommen"), which names rarely are."""
    if word.casefold().endswith(TOPONYM_ENDINGS):
        return False  # "Paderborn", "Helgoland"
    for i in range(4, len(word) - 3):
        tail = word[i].upper() + word[i + 1 :]
        if known(tail) and not lexicon_name(tail) and _word_part(word[:i]):
            return True
    return False


def _umlauted(word: str) -> str:
    """The word with its last a, o or u umlauted, as many plurals are ("Boden" → "Böden")."""
    for i in range(len(word) - 1, -1, -1):
        if word[i] in "aou":
            return word[:i] + "äöü"["aou".index(word[i])] + word[i + 1 :]
    return word


_REGNAL = re.compile(r"(?:X{0,3})(?:IX|IV|V?I{0,3})")


def regnal_number(word: str) -> bool:
    """"I", "II", "XIV": the number after a ruler's or pope's name ("Ludwig I.", "Johannes Paul II."), which the
    stop-word list would otherwise read as the English pronoun "I"."""
    return bool(word) and word.isupper() and _REGNAL.fullmatch(word) is not None


def hyphenated_given(word: str, names: frozenset[str]) -> bool:
    """"Hans-Rudolf", "Lea-Sophie", "Pierre-Bernard": every part a given name (names holds folded given names)."""
    parts = word.split("-")
    return len(parts) > 1 and all(len(p) >= 2 and p[:1].isupper() and fold(p) in names for p in parts)


# Nouns for institutions that a capitalised adjective turns into one institution's name ("Evangelische Kirche",
# "Heilige Synode", "Allgemeines Krankenhaus", "Schweizerischer Nationalfonds", "Deutscher Bundestag").
INSTITUTION_NOUNS = ("kirche", "synode", "krankenhaus", "fonds", "bundestag", "landtag", "armee", "marine",
                     "luftwaffe", "regierung", "senat", "kammer", "kongress", "konzil", "rat", "volkspartei", "front",
                     "bund", "union", "liga", "allianz", "orden", "garde", "hospital", "spital", "schule", "post",
                     "bahn", "rundfunk", "fernsehen", "kommando", "ausschuss", "stadtwerke", "sportschule")
# Nouns that a capitalised adjective turns into a place's name ("Schwarzes Meer", "Nahen Osten", "Hohe Tatra").
LANDSCAPE_NOUNS = ("meer", "see", "osten", "westen", "norden", "süden", "wald", "gebirge", "alpen", "heide", "tal", "strom",
                   "becken", "küste", "insel", "inseln", "ozean", "bucht", "land", "platz", "markt",
                   "urstromtal", "berg", "höhe", "moor", "graben", "schweiz")


def name_adjective(word: str) -> bool:
    """A capitalised adjective mid-sentence: German writes adjectives in lower case except inside a name
    ("die Evangelische Kirche" but "die evangelische Kirche in X"), so such an adjective starts one."""
    low = word.lower()
    if not word[:1].isupper() or word.isupper() or "-" in word or len(word) <= 3:
        return False
    if low.endswith(_ADJECTIVE_ENDINGS) and not known(word):
        return True  # "Militärhistorische", which the lexicon lacks
    lex = _lexicon_of("de")
    base = lex.get(low) if lex is not None and known(low) else None
    # an inflected adjective leads back to its base form: "heiligen" → "heilig", "grüne" → "grün"
    return bool(base) and base.islower() and base not in _DETERMINER_STEMS and low != base and low.startswith(base) and (
        low[len(base):] in ("e", "en", "er", "es", "em"))


_DETERMINER_STEMS = {"sein", "ihr", "mein", "dein", "unser", "euer", "kein", "ein", "dies", "jen", "welch", "all",
                     "jed", "manch", "solch", "viel", "einig", "ander", "mehrer"}
_ADJECTIVE_ENDINGS = tuple(stem + end for stem in ("isch", "lich", "ig") for end in ("e", "en", "er", "es", "em"))


def adjective_phrase_type(words: list[str]) -> str | None:
    """Type of a name made of capitalised adjectives and a head noun, read off the head ("Heilige Synode" →
    organization, "Schwarzes Meer" → place); None when the head names neither."""
    nouns = [w for w in words if not name_adjective(w)]
    if not nouns or not name_adjective(words[0]):
        return None
    heads = {nouns[0].casefold()}
    for suffix in ("es", "s", "en", "n", "e"):  # "Bundestages", "Kammerspielen", "Verlages"
        if nouns[0].endswith(suffix) and known(nouns[0][: -len(suffix)]):
            heads.add(nouns[0][: -len(suffix)].casefold())
    if any(org_noun(h) or h.endswith(INSTITUTION_NOUNS) for h in heads) or (
            apposition_type(nouns[0]) == "organization"):
        return "organization"
    if any(h.endswith(LANDSCAPE_NOUNS) for h in heads) or apposition_type(nouns[0]) == "place":
        return "place"
    return None


CURRENCIES = {"yen", "franken", "pfund", "rubel", "krone", "kronen", "lira", "peso", "pesos", "real", "rand", "won",
              "yuan", "renminbi", "rupie", "rupien", "zloty", "forint", "dinar", "dirham", "schilling", "gulden",
              "taler", "drachme", "drachmen", "escudo", "escudos", "peseta", "peseten", "lei", "lew", "hrywnja"}


# Currencies that German news never uses as a place's name, however some gazetteer lists a town so called.
FOREIGN_CURRENCIES = frozenset({"yen", "yuan", "renminbi", "rubel", "zloty", "forint", "rupie", "rupien", "hrywnja"})


def currency(word: str) -> bool:
    """"Yen", "Franken": a currency's name, which gazetteers also hold as a town or a region."""
    return word.casefold() in CURRENCIES


# Plural and abstract-noun endings that rule out a place after "in"/"nach" ("in Objektknoten", "nach Angaben").
_NOT_TOPONYM = ("ung", "ungen", "heit", "keit", "schaft", "tion", "ionen", "ismus", "ität", "nis", "tum", "ling",
                "ern", "ssen", "chen", "lein", "innen", "aten", "ten", "ben", "gen", "zen", "sen", "nen", "len", "fen")


def toponym_after_preposition(word: str) -> bool:
    """A word the lexicon lacks (or lists only as a name) after "in" or "nach" with no article between, shaped like a
    place ("Engstingen", "Blaubeuren", "Moldawien", "Elberfeld"): German nouns there would take an article."""
    low = word.casefold()
    if len(word) < 4 or word.isupper() or known(word.lower()) or (known(word) and not lexicon_name(word)):
        return False
    if low.endswith(("ingen", "hausen")):
        return True
    return low.endswith((*TOPONYM_ENDINGS, "ien", "land", "en")) and not low.endswith(_NOT_TOPONYM)


# German verbs of saying in the forms that come before the speaker ("erläutert Marschall", "beschönigte Vogt").
SPEECH_VERBS = {
    "erklärt", "erläutert", "erläuterte", "berichtet", "berichtete", "ergänzt", "bestätigt", "bestätigte", "betonte",
    "beschönigte", "schreibt", "schrieb", "erzählt", "erzählte", "versichert", "versicherte", "räumt", "räumte",
    "gesteht", "gestand", "fordert", "warnt", "kritisiert", "bemängelt", "bemängelte", "lobt", "lobte", "urteilt",
    "urteilte", "resümiert", "resümierte", "bilanziert", "bilanzierte", "glaubt", "glaubte", "findet", "fand",
    "vermutet", "vermutete", "sagen", "antwortet", "antwortete", "entgegnet", "entgegnete", "fügte", "fügt",
    "beklagt", "beklagte", "bekräftigt", "bekräftigte", "unterstreicht", "unterstrich", "mahnt", "mahnte",
}


# Nouns that say "of a place" before "von X" ("Belagerung von Yungay", "König von Shu", "Einwohner von Kusice").
PLACE_OF = {"belagerung", "eroberung", "einnahme", "zerstörung", "umgebung", "einwohner", "einwohnern", "bewohner",
            "könig", "königin", "königreich", "herzog", "herzogin", "herzogtum", "graf", "gräfin", "grafschaft",
            "fürst", "fürstentum", "bischof", "erzbischof", "bistum", "konzil", "konzils", "kathedrale", "hafen",
            "bürgermeister", "umland", "nähe", "norden", "süden", "osten", "westen", "stadtrand", "schlacht",
            "emir", "sultan", "khan", "gouverneur", "statthalter", "bürger", "herrschaft", "gebiet", "ende"}


def place_of(noun: str) -> bool:
    """The noun before "von" is one that places take ("Einwohner von Kusice"), not works or deeds ("Gemälde von")."""
    return noun.casefold() in PLACE_OF


def national_institution(word: str) -> bool:
    """"Bundeskriminalamt", "Bundesjustizministerium", "Reichswehr", "Welthandelsorganisation": the one federal,
    imperial or world body of its kind (but "Bundesregierung" and "Weltmeisterschaft" are generic and left alone)."""
    low = word.casefold()
    return len(low) > 9 and low.startswith(("bundes", "reichs", "welt")) and low.endswith((
        "gericht", "gerichts", "amt", "amts", "agentur", "organisation", "kanzlei", "wehr", "jugendtag", "gipfel",
        "gipfels", "bank", "ministerium", "ministeriums"))


_INNER_CAPITAL = re.compile(r"[a-zäöüß][A-ZÄÖÜ]")


def camel_case_name(word: str) -> bool:
    """"ProSieben", "DragonForce", "ZdK", "GusGus": a capital inside a word marks a brand, band or body, not a German
    noun or a surname (but "McCartney", "DiCaprio", "MigrantInnen")."""
    return (not word.isupper() and "-" not in word and len(word) >= 3 and _INNER_CAPITAL.search(word) is not None
            and not word.startswith(("Mc", "Mac", "Di", "De", "Da", "La", "Le", "Van", "Von", "O'"))
            and not word.endswith(("Innen", "In")))


def genitive_of_name(word: str) -> str | None:
    """"Merkels", "Chaucers", "Picassos": a name in the genitive, which German writes with a bare "s" (the lexicon
    leads "Merkels" back to "Merkel", or knows neither form); the name, else None ("Autos", "Zorns" are nouns')."""
    if len(word) < 5 or not word.endswith("s") or word.endswith(("ss", "us", "is")) or "-" in word or (
            word.isupper() or not word[:1].isupper()):
        return None
    stem = word[:-1]
    if known(stem.lower()) or known(word.lower()) or stem.casefold().endswith(NOUN_SUFFIXES):
        return None
    lex = _lexicon_of("de")
    if lexicon_name(stem) and (not known(word) or lex is not None and lex.get(word) == stem):
        return stem
    if not known(stem) and not known(word) and compound_head(stem) is None:
        return stem  # (also names the lexicon lacks: "Chaucers", "Shainins")
    return None


def genitive_context(prev: str, nxt: str, determiners: set[str]) -> bool:
    """The word stands where a genitive name does: before what it owns ("Merkels Glaubwürdigkeit", "Bismarcks
    konservative Wende") or after it ("Truppe Wallensteins"), with no article of its own."""
    if prev.casefold() in determiners:
        return False
    before_noun = nxt[:1].isupper() and not nxt.isupper() and known(nxt) or nxt[:1].islower() and nxt.endswith(
        ("e", "en", "er", "es", "em")) and known(nxt) and len(nxt) > 3
    after_noun = prev[:1].isupper() and known(prev) and not known(prev.lower()) and not nxt[:1].isupper() and (
        apposition_type(prev) is None)  # (but "Rockergruppe Bandidos" is in apposition)
    return before_noun or after_noun


# ---------------------------------------------------------------- the German rules the recogniser calls


def org_word(words: list[str]) -> bool:
    """An organisation word in the phrase, also as the last part of a compound ("Fußballverband") or in the
    genitive ("des Auswärtigen Amtes", "des Bundesrates")."""
    return has_org_word(words) or any(org_noun(w) for w in words) or has_org_word(
        [w[:-2] if w.endswith("es") else w[:-1] for w in words if w.endswith("s")])


def lexical_common(word: str) -> bool:
    """A common German word: the word itself (capitalised, as German writes nouns) is in the lexicon."""
    if _lexicon_of("de") is None or word.isupper():
        return False
    if _saint_name(word) or _german_landmark(word):
        return False
    if "/" in word:
        return all(lexical_common(part) and not lexicon_name(part) and not place_for(part, "de")
                   for part in word.split("/"))  # "Hannover/Leipzig", "Bund/Länder"
    if capitalised_non_noun(word):
        return True  # "Dabei", "Darin" (even if somewhere a given name)
    if _de_given(word) or street_name(word):
        return False  # "Margrit" is no compound of "Mar" and "Grit", nor "Pestalozzistraße" a common noun
    return known(word) or ordinary_noun(word)


def unknown_word(word: str) -> bool:
    if lexicon_name(word):
        return True  # "Merkel", "Lufthansa": listed in the lexicon, yet no noun
    return core_unknown_word(word, "de")


_DE_LEGAL_FORMS = {"AG", "GmbH", "KG", "KGaA", "SE", "OHG", "eG", "mbH"}


def _german_noun_splits(toks: list[_Tok], runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Cut German runs at a common noun that follows a name: "Hasan Salihamidzic | Nationalspieler | Sebastian
    Schweinsteiger", "Israels | Ministerpräsident | Ehud Olmert", "Kiel | Ergebnisse"."""
    out = []
    for a, b in runs:
        if b - a >= 2 and org_for(" ".join(t.text for t in toks[a:b])):
            out.append((a, b))  # "PKP Intercity": a known organisation, though a train is an "Intercity"
            continue
        start = a
        for k in range(a + 1, b):
            if start < k and _saint_name(toks[k].text) or toks[k - 1].text.casefold() in _DE_COMPASS:
                out.append((start, k))  # "Seefahrerstadt | St. Malo", "im Osten | Kaschmirs"
                start = k
                continue
            if start < k and k + 1 < b and place_for(f"{toks[k].text} {toks[k + 1].text}", "de") and (
                    _german_common_noun(toks[k].text)):
                out.append((start, k))  # "Ortsumfahrung | Schwäbisch Gmünd": a two-word place after a noun
                start = k
                continue
            if _is_cap(toks[k].text) and _german_common_noun(toks[k].text) and (_german_name_like(toks[k - 1].text) or (
                    declined_noun(toks[k].text) and _is_cap(toks[k - 1].text))) and (
                    not _german_town_site([toks[k - 1], toks[k]])) and (
                    not place_for(f"{toks[k - 1].text} {toks[k].text}", "de")):  # (but "Schwäbisch Hall")
                out.append((start, k))
                out.append((k, k + 1))
                start = k + 1
        if start < b:
            out.append((start, b))
    return out


def _german_common_noun(word: str) -> bool:
    if not (known(word) or ordinary_noun(word)) or org_word([word]):
        return False
    low, english = word.casefold(), _lexicon_of("en")
    return not (low in _PLACE_TAILS or low in CONNECTORS or org_for(word) or place_for(word, "de")
                or fold(word) in first_names() or hyphenated_given(word, first_names()) or looks_like_acronym(word)
                or camel_case_name(word)
                or (english is not None and word.lower() in english))  # "MTV Networks", "Football League"


def _german_name_like(word: str) -> bool:
    """Not an adjective or article ("Deutsche", "Rote", "Frankfurter"): those belong to the noun after them."""
    if word.casefold() in CONNECTORS or known(word.lower()) or fold(word) in first_names() or (
            hyphenated_given(word, first_names())) or word.casefold() in _DE_COUNCILLORS:
        return False  # after a given name comes a surname, even one that is also a noun ("Stefani Korn")
    return not (word.endswith("er") and place_for(word[:-2], "de"))


_DE_COMPASS = {"norden", "süden", "osten", "westen", "nordosten", "nordwesten", "südosten", "südwesten"}


_TAXON_ENDINGS = ("idae", "inae", "aceae", "oidea", "iformes")


# Councils whose name is also the title of each member before a surname ("Bundesrat Leuenberger", "Landrat Müller").
_DE_COUNCILLORS = {"bundesrat", "bundesrätin", "landrat", "landrätin", "stadtrat", "stadträtin", "gemeinderat",
                   "gemeinderätin", "regierungsrat", "regierungsrätin", "nationalrat", "nationalrätin", "ständerat",
                   "ständerätin", "staatsrat", "staatsrätin", "kreisrat", "kreisrätin"}


def _german_trailing_noun(words: list[str]) -> bool:
    """"Hessens Regierung", "Fays Nachbar": a German common noun after a name is not part of it (unless an
    adjective comes before it, as in "Rote Armee", or the noun names an institution, as in "Deutsche Post")."""
    if len(words) < 2:
        return False
    last, prev = words[-1], words[-2]
    lex, english = _lexicon_of("de"), _lexicon_of("en")
    if lex is None or not (known(last) or ordinary_noun(last)) or org_word([last]):
        return False
    if len(words) >= 3 and prev.endswith("s") and not _de_given(prev) and known(last) and (
            inflects_as_noun(last) and not lexicon_name(last)):
        return True  # "Konrad Adenauers Tod": the noun a genitive name qualifies
    if last.casefold() in _PLACE_TAILS or org_for(last) or place_for(last, "de") or fold(last) in first_names():
        return False
    if prev.casefold() in CONNECTORS:  # "Deutschland von Menschen", but "Bank von England", "Lucas von Hildebrandt"
        return not org_word(words[:-2]) and not _german_noble_name(words, len(words) - 2)
    if fold(words[0]) in first_names() and len(words) == 2 and not (place_for(words[0], "de") and known(
            last)) or known(prev.lower()) and not place_for(prev, "de") or _de_given(prev) or (
            english is not None and last.lower() in english):
        return False
    return not (prev.endswith("er") and place_for(prev[:-2], "de"))  # "Frankfurter Rundschau"


def _german_org_lead(words: list[_Tok]) -> bool:
    """"Deutschen Post AG", "Combots AG", "Harvard Universität": the nouns before an organisation word are its name."""
    first = words[0]
    texts = [w.text for w in words]
    if "für" in texts[1:]:  # "Institut für molekulare Pathogenese": the institution word stands before "für"
        head = texts.index("für", 1)
        return org_word(texts[head - 1 : head]) and first.text.casefold() not in _stopwords("de") and not any(
            fold(w) in first_names() for w in texts[:head])
    if any(w.text.casefold() in CONNECTORS or fold(w.text) in first_names() for w in words):
        return False  # "Biologin Anna Berger vom Institut" is a person and an affiliation
    return len(words) > 1 and org_word([words[-1].text]) and not (
        first.sent_start and capitalised_non_noun(first.text)) and first.text.casefold() not in _stopwords("de") and (
        not _inflected_noun(first.text))


def _inflected_noun(word: str) -> bool:
    """A common noun in a plural or case form ("Bereichen", "Städte"), no adjective ("Deutschen", "Freien"): it
    names no organisation with the noun after it ("aus den Bereichen Verwaltung, Technik …")."""
    base = _lexicon_of("de").get(word) if _lexicon_of("de") is not None else None
    return bool(base) and base != word and base[:1].isupper() and not known(word.lower())


def declined_noun(word: str) -> bool:
    """A common noun in a plural or dative ending in "n" ("Sachen" → Sache, "Demonstranten" → Demonstrant): German
    names take no such endings (a surname may look like an old dative, "Huke" → Huk, or a genitive, "Merkels")."""
    return word.endswith("n") and _inflected_noun(word)


def _german_org_at_place(words: list) -> bool:
    """"Universität Zürich", "Landgericht Düsseldorf", "Jugendamt Mannheim": an institution and its seat."""
    texts = [getattr(w, "text", w) for w in words]
    if texts[0] == "Amt":
        return False  # "zum Amt Chemnitz": the old district, named after its town
    if len(texts) == 2 and texts[0] in _DE_CLUB_LEADS and not texts[0][1:].islower() and _is_cap(texts[1]) and (
            not known(texts[1]) or lexicon_name(texts[1])):
        return True  # "TV Eppelheim", "TSV Dewangen": a club and its village, which no gazetteer lists
    if len(texts) == 2 and org_word(texts[:1]) and apposition_type(texts[0]) is None and not (
            texts[0].casefold().endswith("amt")) and _is_cap(texts[1]) and not texts[1].isupper() and not (
            known(texts[1].lower())) and (not known(texts[1]) or lexicon_name(texts[1])):
        return True  # "Universität Hohenheim", "Theater Musentümpel": the seat or name no gazetteer lists
    return len(texts) > 1 and (org_word(texts[:1]) or texts[0] in _DE_CLUB_LEADS) and place_for(
        " ".join(texts[1:]), "de") is not None


# How German sports clubs begin their names before the town: "TV Amberg", "Borussia Dortmund", "Hansa Rostock".
_DE_CLUB_LEADS = {"TV", "SV", "SC", "FC", "VfB", "VfL", "VfR", "TSV", "SpVgg", "TuS", "SG", "SSV", "FSV", "MSV", "TSG",
                  "ASV", "ESV", "BSC", "SSC", "Eintracht", "Borussia", "Fortuna", "Alemannia", "Arminia", "Hansa",
                  "Rot-Weiss", "Rot-Weiß", "Dynamo", "Lokomotive", "Preußen", "Kickers", "Germania", "Concordia",
                  "Viktoria", "Sportfreunde", "Rapid", "Austria", "Admira"}


def _german_brand(word: str, prev: str) -> bool:
    """A capital inside the word ("ProSieben", "ZdK"), but no legal form ("GmbH") nor a law cited by its section
    ("§ 85 ArbGG")."""
    return camel_case_name(word) and not prev[:1].isdigit() and word.casefold() not in NEVER_ALONE


def _german_apposition_head(texts: list[str]) -> bool:
    """A common noun for a kind of organisation or person before a name that stands on its own: an organisation
    ("Softwareanbieter SAF AG", "Nachrichtenagentur Xinhua") or a place ("Fluggesellschaft Südamerikas")."""
    if len(texts) < 2 or not (known(texts[0]) or ordinary_noun(texts[0])) or apposition_type(
            texts[0]) not in ("organization", "person") or any(w.casefold() in CONNECTORS or w == "für" for w in texts):
        return False
    rest = " ".join(texts[1:])
    return bool(org_for(rest) or has_org_word(texts[1:]) or place_for(rest, "de"))


def _german_genitive_place(word: str) -> bool:
    """"Taiwans", "Brasiliens": a place in the genitive, which the demonym rule would take for "Taiwanese"."""
    return word.endswith("s") and place_for(word, "de") is not None and place_for(word[:-1], "de") is not None


def _german_town_adjective(words: list) -> bool:
    """A town's adjective before a noun names that town's institution: "Frankfurter Rundschau", "Kölner Oper"."""
    texts = [getattr(w, "text", w) for w in words]
    if len(texts) != 2 or not texts[0].endswith("er") or fold(texts[0]) in first_names() or not (
            org_word([texts[1]]) or texts[1].casefold().endswith(_DE_TOWN_INSTITUTIONS)):
        return False
    stem = texts[0][:-2]
    return any(place_for(s, "de") is not None and len(s) >= 4 for s in (stem, texts[0][:-1], stem + "en", stem[:-1] + (
        "en" if stem.endswith("n") else "")))  # (also "Münchner" for München)


# What a town's adjective names when it stands before these: its paper, stage, festival or club.
_DE_TOWN_INSTITUTIONS = ("rundschau", "anzeiger", "blatt", "nachrichten", "kurier", "bote", "schauspielhaus", "forum",
                         "festspiele", "festspielen", "kammerspiele", "kammerspielen", "philharmoniker", "kreis",
                         "kreises", "sv", "sc", "fc", "weihnachtsmarkt", "messe")


_DE_NOT_VERBS = {"und", "oder", "sowie", "mit", "im", "in", "von", "vom", "zu", "zur", "zum", "für", "auf", "an", "aus",
                 "bei", "nach", "über", "unter", "als", "wie", "ohne", "gegen", "um", "durch", "seit", "vor", "hinter"}


_DE_AMOUNTS = {"millionen", "milliarden", "mio", "mrd", "tausend", "hundert", "rund", "etwa", "knapp", "über"}


def _german_kind_noun(word: str) -> bool:
    """"Burg Waldeck", "Gut Aiderbichl": a noun for a place or an organisation, though also a given name."""
    return known(word) and not lexicon_name(word) and apposition_type(word) in (
        "place", "organization")


def _german_listed_name(toks: list[_Tok], at: int) -> str | None:
    """Type of a lone German word the lexicon knows, when its neighbours say it is a name: a speech verb before it
    ("sagte Müller": a noun would take an article); or, for a name the lexicon lists but that is no noun ("Merkel",
    "Bayer"), a speech verb after it or a noun in apposition ("Chemiekonzern Bayer")."""
    word = toks[at].text
    prev = toks[at - 1].text if at > 0 else ""
    nxt = toks[at + 1].text if at + 1 < len(toks) else ""
    if declined_noun(word) and place_for(word, "de") is None:
        return None  # "die Sozialmanager Sachen für mich": a plural, not the surname after a title
    if not toks[at].sent_start and not capitalised_non_noun(word) and len(word) > 2 and (
            prev.casefold() in _SPEECH_VERBS or prev.casefold() in SPEECH_VERBS or prev == "so" and nxt in (
                ".", ",", ";")):
        return "person"  # "sagte Müller", "so Weber .": a noun would take an article there
    if not toks[at].sent_start and known(word) and not known(word.lower()) and len(word) > 2 and (
            prev[:1].isupper() and apposition_type(prev) == "person" and (
                not inflects_as_noun(word) or not nxt[:1].isupper() and not place_for(word, "de"))):
        return "person"  # "Kanzlerin Köhler", "Gehilfe Fritz": a person's title before a surname that is a noun too
    if prev == "nach" and not toks[at].sent_start and place_for(word, "de") is not None and not nxt[:1].isupper() and (
            word.casefold() not in _DE_COMPASS):
        return "place"  # "unterwegs nach Gießen": a noun after "nach" would take an article
    if prev[:1].isupper() and apposition_type(prev) == "place" and (
            not known(word) or lexicon_name(word) or place_for(word, "de")) and not (
            known(word.lower())) and not nxt[:1].isupper():
        return "place"  # "im Osten Hüttingen", "Dorf Oberrodenbach": a name the lexicon splits into nouns
    if _after_finite_verb(toks, at) and not (org_for(word) or place_for(word, "de") or _noun_shape(word, prev)):
        return "person"  # "kündigte Berlusconi an", "erwarb Wiesinger" (not "rette Menschenleben")
    if national_institution(word) or _german_brand(word, prev):
        return "organization"  # "Bundeskriminalamt", "Reichskanzlei": one institution, though the lexicon lists it
    if (kind := _german_genitive(word, prev, nxt)) is not None:
        return kind or None  # "Merkels Glaubwürdigkeit", "Bismarcks konservative Wende"
    if prev in ("in", "nach") and not toks[at].sent_start and toponym_after_preposition(word):
        return "place"  # "in Engstingen", "nach Moldawien": a compound-looking place with no article before it
    if not lexicon_name(word):
        return None
    if toks[at].sent_start:  # "Scholz äußerte", "Pasolini war": a listed name before its verb (a noun takes an article)
        low = word.casefold()
        return "person" if low not in MONTHS_DAYS and low not in NEVER_NAMES and fold(word) not in NEVER_NAMES and (
            nxt[:1].islower()) and nxt.isalpha() and nxt not in _DE_NOT_VERBS and (
            nxt not in _DE_DETERMINERS) else None
    return apposition_type(prev) if prev[:1].isupper() else None


# Nouns that make a place of a town's adjective before them ("Marscheider Wald").
_DE_LANDSCAPE_NOUNS = {"wald", "berg", "see", "weg", "kirche", "heide", "moor", "tal", "forst", "alm", "landwehr",
                       "bucht", "bach", "hafen", "bahnhof", "friedhof", "markt", "marktplatz", "höhe", "mühle", "schloss"}


# Sites that a town's adjective before them names ("Brandenburger Tor", "Lausitzer Urstromtal", "Saarbrücker Schloss");
# not a station or a port, which stay common nouns ("Leher Bahnhof").
_DE_TOWN_SITES = {"wald", "berg", "see", "weg", "kirche", "heide", "moor", "tal", "forst", "alm", "landwehr", "bucht",
                  "bach", "friedhof", "höhe", "mühle", "schloss", "alpen", "becken", "tor", "urstromtal", "platz",
                  "frontbogen", "villenkolonie", "land", "straße", "allee", "brücke", "dom", "rathaus", "senke", "aue"}


def _german_town_site(words: list) -> bool:
    """"Marscheider Wald", "Döhlener Beckens": a capitalised adjective in -er and a site, which together name a place."""
    texts = [getattr(w, "text", w) for w in words]
    if len(texts) != 2 or not texts[0][:1].isupper() or not texts[0].endswith("er") or len(texts[0]) <= 4 or (
            texts[0].isupper() or fold(texts[0]) in first_names()):
        return False
    low = texts[1].casefold()
    return any(low in (site, site + "s", site + "es") for site in _DE_TOWN_SITES)


_DE_ROADS = {"A", "B", "L", "Bundesautobahn", "Autobahn", "Bundesstraße", "Landesstraße", "Staatsstraße", "Kreisstraße"}


def _german_roads(toks: list[_Tok]) -> list[tuple[str, int]]:
    """Numbered roads, which German texts name like places: "A 7", "B29", "Bundesstraße 11"."""
    out = []
    for i, t in enumerate(toks):
        if len(t.text) <= 4 and i > 0 and toks[i - 1].text[:1].isupper() and toks[i - 1].text not in _DE_ROADS and (
                toks[i - 1].text.casefold() not in _DE_DETERMINERS):
            continue  # "Audi A3", "Airbus A380": a model, not a road (but "Autobahn A 45", "Die A 71")
        if re.fullmatch(r"[AB]\d{1,3}", t.text):
            out.append((t.text, t.index))
        elif t.text in _DE_ROADS and i + 1 < len(toks) and re.fullmatch(r"\d{1,3}", toks[i + 1].text):
            out.append((f"{t.text} {toks[i + 1].text}", t.index))
    return out


def _german_saints(toks: list[_Tok], paragraph: str, offset: int) -> list[_Tok]:
    """Glue "St." to the saint's name after it ("St. Malo", "St . Anna"): the full stop ends no sentence there, and
    the name alone is a person where the text means a town or a church."""
    def saint(a: _Tok, b: _Tok, t: _Tok) -> str | None:
        if a.text == "St" and b.text == "." and _slash_part(t.text) and t.index - a.index <= 5:
            return paragraph[a.index - offset : t.index - offset + len(t.text)]
        return None

    return _glued(toks, saint)


def _glued(toks: list[_Tok], join) -> list[_Tok]:
    """Tokens with every triple that join(first, middle, last) names as one word merged into one token."""
    out: list[_Tok] = []
    for t in toks:
        text = join(out[-2], out[-1], t) if len(out) >= 2 else None
        if text is not None:
            out[-2:] = [_Tok(text, out[-2].sent_start, out[-2].index)]
            continue
        out.append(t)
    for i, t in enumerate(out):
        t.pos = i
    return out


def _saint_name(word: str) -> bool:
    return word.startswith("St") and re.match(r"St ?\. ?\w", word) is not None


def _english_words(words: list[str]) -> bool:
    """An English word in a German name that starts with no given name: the names of bands, firms and units
    ("Deep Purple", "Kusch Yachts", "Royal Ulster Constabulary") are made of such words, people's names rarely."""
    english = _lexicon_of("en")
    return english is not None and not any(fold(w) in first_names() for w in words) and any(
        len(w) > 4 and w.lower() in english and not known(w) for w in words)


def _english_name_tail(words: list[str]) -> bool:
    """A rare given name ("Tokio", "Royal", "Hamilton") followed only by English common words is a band's or a
    firm's name; a person's surname after such a name is rarely an English word as well."""
    english, common = _lexicon_of("en"), common_first_names()
    given = fold(words[0])  # (folding reads the hyphen as a space: "hans jurgen")
    if given in common or ("-" in words[0] and all(part in common for part in given.split())):
        return False  # "Hans-Jürgen Bock": a double given name of two common ones, whatever "bock" is in English
    return english is not None and len(words) >= 2 and all(
        len(w) > 3 and w.lower() in english and fold(w) not in first_names() for w in words[1:])


# Buildings and sites whose kind is part of their name ("Burg Waldeck", "Schloss Torgelow", "Gut Aiderbichl").
_DE_NAMED_BUILDINGS = {"burg", "schloss", "kloster", "turm", "gut", "stadion", "bahnhof", "flughafen", "zeche",
                       "bergwerk", "platz", "hafen"}


def _german_place_noun_before(head: str, name: str) -> bool:
    """A common noun for a kind of place right before a single name ("Stadt Emden", "Stadtteil Westend",
    "Großherzogtum Baden"), which is then the place."""
    return apposition_type(head) == "place" and known(head) and not lexicon_name(head) and (
        not known(head.lower())) and head.casefold() not in _DE_NAMED_BUILDINGS and _is_cap(name) and not name.isupper() and (
        place_for(name, "de") is not None or not known(name.lower())) and name.casefold() not in _DE_COMPASS


def _german_slash_names(toks: list[_Tok]) -> list[_Tok]:
    """Glue names joined by a slash into one token: "CDU/CSU", "Hannover/Leipzig", "Szukala/Thorandt" name one
    party group, one dateline, one pair of players, not two or three entities."""
    def slash(a: _Tok, b: _Tok, t: _Tok) -> str | None:
        if b.text == "/" and b.index == a.index + len(a.text) and t.index == b.index + 1 and _slash_part(t.text) and (
                all(_slash_part(part) for part in a.text.split("/"))):
            return f"{a.text}/{t.text}"
        return None

    return _glued(toks, slash)


def _slash_part(word: str) -> bool:
    return len(word) >= 2 and word[:1].isupper() and word.isalpha()


def _small_town_subject(toks: list[_Tok], at: int) -> bool:
    """A small town's name that is also a given name or a "-son" surname, right after "war", "ist", "wurde" with no
    preposition, is a person ("war Preston 2004 zu hören", "war Davis Vorsitzender"): towns rarely stand there."""
    place = place_for(toks[at].text, "de")
    prev = toks[at - 1].text if at > 0 else ""
    return place is not None and place.kind == "city" and place.population < 1_000_000 and (
        fold(place.name) == fold(toks[at].text)) and prev in ("war", "ist", "wurde", "wird", "hatte", "hat") and (
        not toks[at].sent_start) and (fold(toks[at].text) in first_names() or toks[at].text.endswith("son"))


def _after_finite_verb(toks: list[_Tok], at: int) -> bool:
    """A lone capitalised word right after a finite verb ("kündigte Berlusconi an", "erwarb Wiesinger mit ihrem
    Mann"): a subject or object there would take an article unless it is a name. The word must be no lower-case
    word and no listed common noun ("hat Angst", "findet Anwendung" are idioms)."""
    word, prev = toks[at].text, toks[at - 1].text if at > 0 else ""
    before = toks[at - 2].text.casefold() if at > 1 else ""
    nxt = toks[at + 1].text if at + 1 < len(toks) else ""
    if toks[at].sent_start or not prev.isalpha() or not prev.islower() or before in _DE_DETERMINERS or (
            nxt[:1].isupper() or word.isupper() or len(word) < 2 or known(word.lower())) or prev.endswith((
                "er", "em")) or prev.endswith("es") and len(prev) > 5 or word.casefold().endswith(
                NOUN_SUFFIXES + ("ungen", "ionen")) or "-" in word and any(
                known(part) and not lexicon_name(part) for part in word.split("-")):
        return False  # ("geschlossener Immobilienfonds", "dichtete Psalmbereimungen", "verschiedene Casting-Shows")
    if known(word) and not lexicon_name(word) and not hyphenated_given(word, first_names()) and (
            not ordinary_noun(word) or compound_head(word) is None):
        return False
    lex = _lexicon_of("de")
    lemma = lex.get(prev) if lex is not None and known(prev) else None
    return bool(lemma) and lemma != prev and lemma.islower() and lemma.endswith(("en", "ern", "eln")) and not (
        prev.endswith("en")) and not (prev.startswith(lemma) and prev[len(lemma):] in ("e", "es"))  # ("seltene")


def _german_genitive(word: str, prev: str, nxt: str) -> str | None:
    """Type of a name in the genitive next to what it owns ("Merkels Glaubwürdigkeit"): a place when the gazetteer
    knows the name ("Hessens Regierungschef"), else a person; None when the word is no such genitive."""
    name = genitive_of_name(word)
    english = _lexicon_of("en")
    if name is None or prev in _QUOTES or english is not None and word.lower() in english or (
            not genitive_context(prev, nxt, _DE_DETERMINERS)) or _english_plural_compound(word):
        return None  # ("Standards", "Fireflies": an English plural; „ Abrahams Zelt “: a title; "Weblinks")
    if place_for(name, "de") or place_for(word, "de") or name.endswith("ien") or prev[:1].isupper() and (
            apposition_type(prev) == "place"):
        return "place"  # "Hessens Regierungschef", "Religion Iberiens", "im Osten Kaschmirs"
    return "person"


def _english_plural_compound(word: str) -> bool:
    """"Weblinks", "Onlinegames": a German word glued to an English plural noun, no genitive of a name."""
    english = _lexicon_of("en")
    return english is not None and any(
        known(word[:i]) and word[i:].lower() in english and word[i:-1].lower() in english
        for i in range(3, len(word) - 4))


def _german_quoted(prev: str, nxt: str) -> bool:
    """The name is all that stands in quotation marks: German quotes the names of bands, papers and firms."""
    return prev in ("„", "\"", "«", "»", "“") and nxt in ("“", "\"", "»", "«", "”")


_DE_LANDMARK_TAILS = ("kirche", "kapelle", "halle", "see", "sees", "stadion", "oper", "dom", "brücke",
                      "bahnhof", "kaserne", "tunnel")


def _german_landmark(word: str) -> bool:
    """A building or lake named after a saint, a person or a place ("Jakobskirche", "Olympiahalle", "Genfersee",
    "Deutschlandhalle"), which the lexicon does not list, unlike "Dorfkirche" or "Stadthalle"."""
    low = word.casefold()
    tail = next((t for t in _DE_LANDMARK_TAILS if low.endswith(t) and len(low) > len(t) + 2), None)
    if tail is None or "-" in word or word.isupper() or known(word.lower()):
        return False
    first = word[: len(word) - len(tail)]
    for stem in (first, first[:-1] if first.endswith("s") else "", first[:-2] if first.endswith("er") else ""):
        if len(stem) >= 3 and (fold(stem) in first_names() and not known(stem.lower()) or (
                place_for(stem, "de") is not None and not known(stem.lower()))):
            return True
    return False


def _german_double_place(word: str) -> bool:
    """Two names joined by a hyphen, the first a place: "Schleswig-Holstein", "Wittlich-Lüttich" (but "Berlin-Besuch"
    ends in a common noun, and "US-Bank" starts with an acronym)."""
    parts = word.split("-")
    if len(parts) < 2 or not all(p[:1].isupper() and len(p) >= 3 and not p.isupper() for p in parts):
        return False
    last = parts[-1]
    if place_for(parts[0], "de") is not None and (lexicon_name(last) or not known(last) and not compound_head(last)):
        return True
    # "Nideggen-Wollersheim", "Bietigheim-Bissingen": names the lexicon lacks, one of them shaped like a town's
    return all(not known(p) or lexicon_name(p) for p in parts) and any(
        looks_like_toponym(p) or p.casefold().endswith(("ingen", "hausen", "heim")) for p in parts)


def _german_single(word: str, prev: str) -> str | None:
    """Type of a lone German word the lexicon lacks: "" for a compound of ordinary nouns, else what its shape
    ("Thomas-Dehler-Stiftung", "Wilhelmsdorf") or a noun in apposition before it ("Hersteller Lego") says."""
    if "-" in word and (org_word([word.rsplit("-", 1)[-1]]) or named_institution(word)):
        return "organization"  # "Thomas-Dehler-Stiftung", "Lehmbruck-Museum"
    if "-" in word and (word.rsplit("-", 1)[-1].casefold() in _PLACE_TAILS or named_institution(
            word, HYPHEN_LANDMARKS)):
        return "place"  # "Friedrich-Ebert-Straße", "Shwedagon-Pagode"
    if _german_double_place(word):  # (streets and landmarks are typed before: German.type_word)
        return "place"  # "Schleswig-Holstein", "Nassau-Weilburg"
    if looks_like_toponym(word) or word.endswith("s") and len(word) > 6 and (
            looks_like_toponym(word[:-1]) or word[:-1].endswith("ien") and not known(word[:-1])):
        return "place"  # (also in the genitive: "Autor Hohenlohes", "Religion Iberiens")
    return apposition_type(prev) if prev[:1].isupper() else None


# Prepositions that are given names elsewhere ("Per", "Pro", "Via"): they open a sentence before a common noun.
_DE_NAME_PREPOSITIONS = frozenset({"per", "pro", "via"})
_DE_ARTICLES = frozenset({"der", "die", "das", "den", "dem", "des"})  # the definite ones among the determiners
_DE_DETERMINERS = {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "einem", "eines", "einen",
                   "zur", "zum", "im", "am", "vom", "beim", "ins", "ans", "kein", "keine", "dieser", "diese",
                   "dieses", "diesem", "diesen", "jede", "jeder", "jedes", "alle", "sein", "seine", "ihr", "ihre"}


_DE_NOUN_SUFFIXES = NOUN_SUFFIXES + ("ik", "tät", "ment", "ur", "ie", "ei", "enz", "anz", "age", "ling", "chen", "lein",
                                     "ssen", "sse", "ten", "ern",
                     # and adjective endings: "Kleinwüchsige", "Verfahrenstechnischer"
                     "ige", "iger", "igen", "ische", "ischer", "ischen", "liche", "licher", "lichen", "bare", "barer",
                     # plurals and neuter adjectives: "Psalmbereimungen", "Verdächtiges"
                     "ungen", "heiten", "keiten", "ionen", "iges", "isches", "liches", "bares")


def _german_bare_name(word: str, prev: str) -> bool:
    """A lone unknown German word mid-sentence, with no article before it and no noun suffix, is most likely a
    surname ("brachte Magath", "von Warricks Hochzeit"): German nouns take articles, names do not."""
    low = word.casefold()
    if len(word) < 3 or word.isupper() or "-" in word or prev.casefold() in _DE_DETERMINERS:
        return False
    if not prev[:1].isalpha() and prev not in (",", "(", "", ".", "!", "?", ":", "\"", "„", "“") or (
            prev.casefold() in _PLACE_PREPS):
        return False
    english = _lexicon_of("en")
    given = fold(word) in common_first_names() and not known(word.lower()) and not inflects_as_noun(word)
    if known(word) and not given and not lexicon_name(word) or (
            english is not None and low in english and not given):
        return False  # "Mal", "Nest"; "Dawn of War"; but "Hannah", "Irene" alone are people
    return given or not low.endswith(_DE_NOUN_SUFFIXES) and not ordinary_noun(word) and not _noun_shape(word, prev)


# Heads that German surnames and place names are made of ("Kellermann", "Rosenberg"): a compound ending in one may
# well be a name, so only other compounds of known nouns count as common nouns below.
_NAME_HEADS = ("mann", "berg", "burg", "feld", "dorf", "stein", "bach", "hof", "hausen", "heim", "brunn", "meier",
               "mayer", "müller", "bauer", "schmidt", "haus", "hagen", "wald", "thal", "tal", "kamp", "rath", "horst")
# endings of the sciences' nouns, which the lexicon often lacks ("Anaplasmose", "Transkriptase", "Paramyxovirus")
_SCIENCE_ENDINGS = ("ose", "ase", "itis", "virus", "viren", "ämie", "ologie", "opathie", "ektomie", "zyten", "gene")


def _noun_shape(word: str, prev: str) -> bool:
    """A lone capitalised word that German grammar or spelling marks as a common noun, not a surname: after an
    inflected adjective ("die reversen Transkriptase", "eine vierte Gigafactory"), with a science's ending, or a
    compound of two known nouns ("Menschenleben", "Eizellspende"; not "Kellermann")."""
    low = word.casefold()
    if low.endswith(_SCIENCE_ENDINGS):
        return True
    if prev[:1].islower() and prev.isalpha() and prev.endswith(("e", "en", "er", "es", "em")) and _adjective(prev):
        return True
    heads = compound_heads(word, "de")
    return bool(heads) and not low.endswith(_NAME_HEADS)


@lru_cache(maxsize=8192)
def _adjective(word: str) -> bool:
    """An inflected adjective or participle: its lemma is another lower-case word, and no verb's ("reversen" →
    revers, "sogenannte" → sogenannt; but "rette" → retten is a verb)."""
    base = lemma(word, "de")
    return base != word and base[:1].islower() and not base.endswith("n") and word.startswith(base[:3])


_DE_NOBLE_TITLES = {"freiherr", "freifrau", "graf", "gräfin", "fürst", "fürstin", "herzog", "herzogin", "ritter", "edler",
                    "prinz", "prinzessin", "markgraf", "landgraf", "kurfürst", "baron", "baronin"}


def _german_noble_name(words: list[str], k: int) -> bool:
    """"Johann Lucas von Hildebrandt", "Friedrich Karl von Schönborn-Buchheim", "Josef Freiherr von Hügel": after two
    given names or a noble title, "von" and one more name belong to the person (but "Anna Berger vom Institut",
    "Antiope von Lykos" with a single given name are two names)."""
    before, tail = words[:k], words[k + 1 :]
    if words[k] in ("van", "de", "da", "di", "du") and len(tail) == 1 and len(before) == 1 and (
            fold(before[0]) in first_names()) and not org_word(tail) and place_for(tail[0], "de") is None:
        return True  # "Vincent van Gogh", "Leonardo da Vinci": a foreign surname with its particle
    if words[k] != "von" or len(tail) != 1 or org_word(tail):
        return False
    return len(before) >= 2 and (all(fold(w) in first_names() for w in before[:2]) or (
        before[-1].casefold() in _DE_NOBLE_TITLES))


def _de_given(word: str) -> bool:
    """A given name, also a double one ("Hans-Rudolf")."""
    return fold(word) in first_names() or hyphenated_given(word, first_names())


# English words German never writes in lower case: a capitalised word next to one is part of an English title
# ("Hit the Road Jack", "You've got a Friend", "Love beyond this World"), not a name of its own.
_DE_ENGLISH_GLUE = frozenset({"the", "with", "this", "that", "you", "your", "my", "got", "me", "to", "is", "are",
                              "was", "on", "it", "we", "be", "of", "beyond", "without", "from", "into", "wanna"})


def _german_not_in_english_phrase(mentions: list[Mention], text: str) -> list[Mention]:
    """Drop names that touch a lower-case English word: in German text they are fragments of a quoted English title."""
    def glued(m: Mention) -> bool:
        before = text[max(0, m.start - 12) : m.start].split()
        after = text[m.start + len(m.surface) : m.start + len(m.surface) + 12].split()
        return bool(before) and before[-1] in _DE_ENGLISH_GLUE or bool(after) and after[0] in _DE_ENGLISH_GLUE

    return [m for m in mentions if not glued(m)]


# The grammatical gender of an institution's head noun by its last part, longest first: "Zentralbank" is a bank,
# "Bundesamt" an office. An adjective before the head takes the ending of a name written without an article.
_HEAD_GENDERS = sorted({
    **dict.fromkeys("""bank bahn post kommission partei agentur behörde stiftung akademie universität hochschule
        gesellschaft kasse anstalt kammer polizei feuerwehr armee union liga konferenz organisation industrie
        regierung verwaltung versicherung vereinigung zeitung schule kirche gemeinde bewegung allianz börse initiative
        gruppe ung heit keit schaft ion tät""".split(), "f"),
    **dict.fromkeys("""dienst bund verband verein rat konzern sender rundfunk hof tag fonds klub club kreis orden senat
        ausschuss zoll""".split(), "m"),
    **dict.fromkeys("""amt institut ministerium gericht werk zentrum haus kreuz komitee parlament theater museum
        orchester kommando forum büro netzwerk bündnis kuratorium unternehmen klinikum""".split(), "n"),
}.items(), key=lambda item: -len(item[0]))
_STRONG_ENDING = {"f": "e", "m": "er", "n": "es"}
_INFLECTED_ADJECTIVE = re.compile(r"(?P<stem>[A-ZÄÖÜ][a-zäöüß]{2,}?)(?:e|en|em|er|es)")


def _head_gender(word: str) -> tuple[str, str] | None:
    """(gender, the word without a genitive ending) of an institution's head noun: "Bundesamtes" → (n, Bundesamt)."""
    low = word.casefold()
    for ending, gender in _HEAD_GENDERS:
        if low.endswith(ending):
            return gender, word
        if gender != "f" and low.endswith((ending + "es", ending + "s")):
            return gender, word[: low.rindex(ending) + len(ending)]
    return None


def organisation_base(surface: str) -> str | None:
    """An institution's name as it is written without an article ("der Deutschen Bank" → Deutsche Bank, "des
    Statistischen Bundesamtes" → Statistisches Bundesamt, "beim Deutschen Wetterdienst" → Deutscher
    Wetterdienst, "des Bundesamtes für Naturschutz" → Bundesamt für Naturschutz); None where the head's gender is
    unknown or nothing is inflected."""
    words = surface.split()
    lex = _lexicon_of("de")
    found = next(((i, g) for i in range(len(words) - 1, -1, -1) if (g := _head_gender(words[i]))), None)
    if found is None or lex is None:
        return None
    at, (gender, head) = found
    out = []
    for w in words[:at]:
        inflected = _INFLECTED_ADJECTIVE.fullmatch(w)
        adjective = inflected and lex.get(w.casefold()) == inflected["stem"].casefold()
        out.append(inflected["stem"] + _STRONG_ENDING[gender] if adjective else w)
    base = " ".join([*out, head, *words[at + 1 :]])
    return base if base != surface else None


class German(Rules):
    capitalises_nouns = True
    places_after_prepositions = True

    # (a hook that only calls the German rule is that rule)
    lexical_common = staticmethod(lexical_common)
    unknown_word = staticmethod(unknown_word)
    org_word = staticmethod(org_word)
    capitalised_non_noun = staticmethod(capitalised_non_noun)

    def common_phrase(self, words: list[str], before: str) -> bool:  # "gegen Fake News" (but "der Deutschen Bank")
        return len(words) == 2 and before.isalpha() and before.islower() and before not in _DE_DETERMINERS and (
            known(words[0].lower())) and known(words[1]) and fold(words[0]) not in first_names() and not org_for(words[0])

    def tokens(self, toks: list, paragraph: str, offset: int) -> list:
        return _german_slash_names(_german_saints(toks, paragraph, offset))

    def breaks_run(self, toks: list, j: int) -> bool:
        """A capitalised German article or adverb starts a new sentence: "China Das Spiel" (but "Harksheider Weg")."""
        return toks[j].text.casefold() in _stopwords("de") and not (
            regnal_number(toks[j].text) and toks[j - 1].text[:1].isupper()) and not (
            _german_town_site([toks[j - 1], toks[j]]))

    def link_end(self, toks: list, j: int, k: int) -> int:
        n = len(toks)
        if k > j and toks[j].text in ("der", "des") and not has_org_word([toks[j - 1].text]):
            k = j  # "Ende der Saison", "Rest der Bankräuber": a genitive, not part of a name
        if k > j and toks[j].text == "am" and not place_for(toks[j - 1].text, "de"):
            k = j  # "Frankfurt am Main", but not "Lessing am Wiener Judenplatz"
        if k > j and k + 1 < n and toks[j].text in ("von", "vom") and _is_cap(
                toks[k + 1].text) and fold(toks[k].text) in first_names():
            k = j  # "Heydrich von Hermann Göring": "von" before a full name is a preposition
        return k

    def link_after(self, toks: list, j: int, k: int) -> int:
        n = len(toks)
        if k == j and k < n and toks[k].text == "für" and org_word([toks[j - 1].text]):
            k += 1  # "Senatsverwaltung für Stadtentwicklung"
        if k > j and toks[j].text == "für":
            while k < n - 1 and k - j < 3 and toks[k].text[:1].islower() and known(toks[k].text) and (
                    toks[k].text.endswith(("e", "en", "er", "es"))):
                k += 1  # "Institut für molekulare Pathogenese", "Bundesministerium für wissenschaftliche Forschung"
        return k

    def run_start(self, toks: list, i: int) -> int:
        if i > 0 and toks[i].text in _DE_LEGAL_FORMS and toks[i - 1].text[:1].islower() and (
                toks[i - 1].text.isalpha() and toks[i - 1].text not in _stopwords("de")):
            return i - 1  # "Die nanoresins AG": a company written in lower case before its legal form
        return i

    split_runs = staticmethod(_german_noun_splits)
    kind_noun_before_name = staticmethod(_german_place_noun_before)

    def whole_name(self, words: list) -> bool:
        return _german_org_at_place(words) or len(words) > 1 and not words[0].sent_start and bool(
            adjective_phrase_type([w.text for w in words]))  # "TV Amberg"; "der Evangelischen Kirche"

    def title_before_name(self, low: str) -> bool:
        return low in _DE_COUNCILLORS

    def keeps_first_word(self, words: list, cue: bool) -> bool:
        """"Bundesrat Leuenberger", "Bad Godesberg", "Sankt Augustin", "Deutsche Post AG" keep their first word."""
        return (cue and not known(words[0].text)) or _german_town_site(words) or _german_org_lead(words) or (
            len(words) > 1 and words[0].text.casefold().strip(".") in _PLACE_HEADS) or _german_org_at_place(
            words) or _german_town_adjective(words)

    def given_not_demonym(self, word: str) -> bool:
        return fold(word) in common_first_names()  # "Christian Henze": no Christian in German

    def demonym_in_name(self, words: list) -> bool:
        return _german_town_adjective(words) or _german_genitive_place(words[0].text) or _german_town_site(words)

    genitive_place = staticmethod(_german_genitive_place)

    def trailing_noun(self, words: list) -> bool:
        return _german_trailing_noun([w.text for w in words]) and not _german_town_site(words)

    typed_by_parts = True

    saint_name = staticmethod(_saint_name)

    def common_noun_not_org(self, surface: str, prev: str, nxt: str) -> bool:
        if not known(surface) or lexicon_name(surface):
            return False
        if prev[:1].islower() and prev.endswith(("e", "en", "er", "es", "em")) and (
                prev not in _DE_DETERMINERS and prev not in _stopwords("de") or prev in ("anderes", "neues", "ganzes")):
            return True  # "ein faires Bild", "die westliche Allianz": an adjective marks the common noun
        # "das Bild der Mannschaft": a neuter article before the common noun, not the paper
        return prev in ("das", "ein", "kein", "dieses", "jedes") and nxt in _DE_DETERMINERS | {".", ","}

    def known_person_form(self, surface: str):
        return surface.endswith("s") and person_for(surface[:-1])  # the genitive: "Merkels Zusage"

    def base_forms(self, mentions: list, text: str) -> None:
        for m in mentions:
            if m.type == "organization" and (base := organisation_base(m.surface)):
                m.lemma, m.canonical = base, m.canonical or org_for(base)

    kind_noun = staticmethod(_german_kind_noun)

    def hyphenated_given(self, word: str) -> bool:
        return hyphenated_given(word, first_names())

    def type_before_place(self, words: list[str], place, prev: str) -> tuple | None:
        one = len(words) == 1
        if not one and prev.casefold() in _DE_DETERMINERS and fold(words[0]) in first_names() and inflects_as_noun(
                words[0]) and fold(words[0]) not in common_first_names() and not place_for(words[0], "de") and not (
                _german_kind_noun(words[0])) and not (_english_name_tail(words) and not all(map(known, words[1:]))):
            return "", None  # "der Art Anopheles", "eine Art Protest": a noun ("Arten") after its article
        if not one and prev in ("", ".", "!", "?", ":") and words[0].casefold() in _DE_NAME_PREPOSITIONS and known(
                words[1]) and not lexicon_name(words[1]):
            return "", None  # "Per Dekret verordnet …": a preposition opening the sentence, not the given name Per
        if one and (currency(words[0]) and (
                prev[:1].isdigit() or prev.casefold() in _DE_AMOUNTS or is_demonym(prev)
                or words[0].casefold() in FOREIGN_CURRENCIES)):
            return "", None  # "213 000 Schweizer Franken", "Milliarden Yen": a currency, not the region or town
        if place and one and place.kind == "city" and place.population < 100_000 and (
                fold(words[0]) in common_first_names() and fold(place.name) == fold(words[0])
                and prev.casefold() not in _PLACE_PREPS and prev != "von"):
            return "person", None  # "der Martin", "zu Selma": a given name first, a small town's name second
        if place and one and place.kind == "city" and place.population < 1_000_000 and (
                prev[:1].isupper() and apposition_type(prev) == "person" and fold(words[0]) == fold(place.name)):
            return "person", None  # "des Machtpolitikers Cicero", "Sänger Preston": a surname that is also a town
        if place and one and place.kind == "city" and prev.casefold() in _DE_ARTICLES:
            return "", None  # "des Münsters", "Das Essen", "dem Hof": a town takes no bare article, the noun does
        return None

    def type_after_place(self, words: list[str], place) -> tuple | None:
        if len(words) == 2 and words[0].endswith("er") and (
                words[1].casefold() in _DE_LANDSCAPE_NOUNS) or _german_town_site(words):
            return "place", None  # "Marscheider Wald", "Thurauer Berg", "Hiller Kirche", "Brandenburger Tor"
        if _german_org_at_place(words):
            return "organization", None  # "Universität Zürich", "Borussia Dortmund"
        if len(words) == 2 and _german_town_adjective(words):
            return "organization", None  # "Frankfurter Rundschau", "Leipziger Schauspielhaus", "Berliner Polizei"
        return None

    def unit_after_figure(self, prev: str) -> bool:
        return prev[:1].isdigit() or prev == "Uhr"

    foreign_name_tail = staticmethod(_english_name_tail)

    def type_by_apposition(self, words: list[str], prev: str, first_is_name: bool) -> tuple | None:
        if apposition_type(words[0]) in ("place", "organization"):
            return apposition_type(words[0]), None  # "Burg Waldeck", "Verein Pro Asyl"
        if prev[:1].isupper() and not first_is_name and apposition_type(prev) in ("place", "organization"):
            return apposition_type(prev), None  # "der Zeitschrift « Super Illu »", "Hedgefonds Blue Bay"
        return None

    def type_phrase(self, words: list[str], sent_start: bool, lower_vocab: set[str]) -> tuple | None:
        if not sent_start and adjective_phrase_type(words):
            return adjective_phrase_type(words), None  # "Heilige Synode", "Schwarzes Meer"
        return None

    def foreign_phrase(self, words: list[str], prev: str, nxt: str) -> bool:
        # „Tokio Hotel“, „Current Biology“: a band, a journal; "Deep Purple", "Hells Angels": a band or a firm
        return _german_quoted(prev, nxt) or _english_words(words)

    def no_name_word(self, word: str) -> bool:
        return word.casefold().endswith(_TAXON_ENDINGS) or elided_compound(word)  # "Rosaceae": a family of plants

    def bare_institution(self, word: str) -> bool:
        return False

    def type_word(self, word: str, prev: str) -> tuple | None:
        if fold(word) in first_names() and known(word) and _noun_shape(word, prev):
            return "", None  # "in die zweite Liga": a noun that is also a given name somewhere
        if prev[:1].isupper() and apposition_type(prev) and (not ordinary_noun(word) or (
                apposition_type(prev) in ("person", "place") and not known(word))):
            return apposition_type(prev), None  # "Spielzeughersteller Lego", "Chemiekonzern Bayer"
        if street_name(word) or _german_landmark(word):
            return "place", None  # "in der Pestalozzistraße", "Jakobskirche": a street or a site the lexicon lists
        if not unknown_word(word) and word.casefold() not in first_names():
            return None, None  # German capitalises every noun: a known noun alone is a name only as a surname
        return None

    def type_word_in_context(self, word: str, prev: str, nxt: str) -> tuple | None:
        if _german_brand(word, prev):
            return "organization", None  # "DragonForce", "IStGH": a brand or a body
        if (kind := _german_genitive(word, prev, nxt)) is not None:
            return (kind or None), None  # "Chaucers erstes Gedicht", "in Wallensteins Truppe"
        kind = _german_single(word, prev)
        return None if kind is None else ((kind or None), None)

    def not_this_place(self, word: str, place, lower_vocab: set[str]) -> bool | None:
        low = word.casefold()
        ordinary = low in _stopwords("de") or low in lower_vocab or low in MONTHS_DAYS
        lex = _lexicon_of("de")
        known_noun = lex is not None and (word in lex or word.lower() in lex) and not lexicon_name(word) and not (
            word.endswith("s") and lexicon_name(word[:-1]) and fold(place.name) == fold(word[:-1])) and not (
            "-" in word and fold(place.name) == fold(word))  # ("Heidelbergs", "Baden-Baden" are listed names too)
        return ordinary or capitalised_non_noun(word) or (
            known_noun and place.kind == "city" and (place.population < 150_000 or fold(short_name(place.name)) not in (
                fold(word), fold(word[:-1]))))
        # (a noun that is some city's other name only: "Rest" for Rasht, "Kitas" for Quito, "Klang"; but "Halle" is
        # the name Halle (Saale) goes by)

    roads = staticmethod(_german_roads)
    listed_name = staticmethod(_german_listed_name)
    apposition_head = staticmethod(_german_apposition_head)

    def apposition_noun(self, word: str) -> bool:
        return bool(apposition_type(word))

    def retype_in_sentence(self, toks: list, start: int, kind: str | None, canonical: str | None, words: list,
                           texts: list[str]) -> tuple:
        if kind is None and len(words) == 1 and _after_finite_verb(toks, start):
            return "person", canonical  # "kehrte Georgi an seine Stelle zurück"
        if kind == "place" and len(texts) == 1 and _small_town_subject(toks, start):
            return "person", None  # "Ferner war Davis Vorsitzender": a surname, not the US town
        if kind == "place" and len(texts) == 1 and start + 1 < len(toks) and toks[start + 1].text.isdigit() and (
                known(texts[0]) and not lexicon_name(texts[0])) and (town := place_for(texts[0], "de")) and (
                town.kind == "city"):
            return "", None  # "in Halle 13, Stand 101", "an Gleis 5": a numbered hall or platform, not the town
        return kind, canonical

    def retype(self, texts: list[str], kind: str | None, canonical: str | None, toks: list, start: int, prev: str,
               cue: bool) -> tuple:
        if kind == "person" and len(texts) == 1 and start >= 2 and prev == "von" and (
                not cue and place_of(toks[start - 2].text)):
            return "place", None  # "Belagerung von Yungay", "Einwohner von Kusice"
        return kind, canonical

    given_name = staticmethod(_de_given)
    connector_inside_name = staticmethod(_german_noble_name)
    filter_mentions = staticmethod(_german_not_in_english_phrase)

    def type_bare_word(self, word: str, prev: str, nxt: str) -> tuple | None:
        if _german_bare_name(word, prev) and not (word.endswith("er") and nxt[:1].isupper()):
            # (a word in -er before a noun is a place's adjective: "Rödinghauser Katholiken")
            return ("organization" if _german_quoted(prev, nxt) else "person"), None
        return None


RULES = German("de")
