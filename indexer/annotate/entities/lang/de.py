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
    "bundesland", "provinz", "kreis", "landkreis", "bezirk", "insel", "fluss", "see", "gebirge", "hafen",
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


@lru_cache(maxsize=1)
def _lexicon():
    try:
        from indexer.text.lemmas import SqliteDictionaryFactory

        return SqliteDictionaryFactory().get_dictionary("de")
    except Exception:  # noqa: BLE001 - optional package or missing language data
        return None


@lru_cache(maxsize=65536)
def known(word: str) -> bool:
    """The exact form is in the German lexicon (cached: each look-up is an SQLite query)."""
    lex = _lexicon()
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
    if _lexicon() is None or known(word) or word.isupper() or len(word) < 7 and "-" not in word:
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
    return len(prefix) >= 7 and compound_head(prefix.capitalize()) is not None  # "Apfeldiät-speise"


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
    low = word.casefold()
    if "-" in word:
        return False
    ending = next((e for e in _STREET_TAILS if low.endswith(e) and len(low) > len(e) + 2), None)
    if ending is None:
        return False
    if not known(word):
        return True
    # a listed street named after someone ("Pestalozzistraße", "Goetheplatz"), not "Hauptstraße" or "Parkplatz"
    stem = word[: -len(ending)]
    return ending in ("straße", "strasse", "platz", "allee") and not any(
        known(part) or known(part.lower()) for part in (stem, stem.rstrip("s"), stem[:-1] if stem.endswith("n") else stem)
        if len(part) >= 3) and len(stem) >= 4


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
    if "-" not in word:
        return False
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


def org_noun(word: str) -> bool:
    """The word is, or ends in, a noun for an institution ("Fußballverband", "Nordbank", "Lehmbruck-Museum")."""
    low = word.casefold().rsplit("-", 1)[-1]
    if low in ENGLISH_FIRM_WORDS and word[:1].isupper():
        return True
    return any(low == noun or len(low) > len(noun) + 2 and low.endswith(noun) for noun in ORG_NOUNS)



@lru_cache(maxsize=65536)
def lexicon_name(word: str) -> bool:
    """A proper name the lexicon happens to list ("Merkel", "Lufthansa", "Klagenfurt"): known, but with no
    plural or case form leading back to it ("Kiele" → "Kiel", "Banken" → "Bank") and no lower-case reading, which
    ordinary nouns have. Such a word is read as a name, not dropped as a noun."""
    lex = _lexicon()
    if lex is None or len(word) < 3 or word.isupper() or not known(word) or known(word.lower()):
        return False
    if lex.get(word) != word or word.casefold().endswith(NOUN_SUFFIXES) or _splits_into_words(word):
        return False  # an inflected form ("Namen", "Seen"), an abstract noun, a compound ("Arbeitsleben")
    stems = {word, _umlauted(word), word[:-1], word[:-2]}  # "Boden" → "Böden"; "Thema" → "Themen", "Zentrum" → "Zentren"
    endings = ("", "e", "en", "n", "er", "es", "ern", "nen", "a")  # ("Autorinnen", "Lexika")
    return not any(lex.get(stem + ending) == word for stem in stems for ending in endings if stem + ending != word)


# Endings only common nouns have ("Neuzeit", "Fahnenflucht", "Internetsucht").
NOUN_SUFFIXES = ("ung", "heit", "keit", "schaft", "tion", "ismus", "ität", "nis", "tum", "zeit", "sucht", "flucht",
                 "erin", "istin", "innen")


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
    lex = _lexicon()
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
    """"Bundeskriminalamt", "Reichswehr", "Welthandelsorganisation": the one federal, imperial or world body of its
    kind (but "Bundesregierung" and "Weltmeisterschaft" are generic and left alone)."""
    low = word.casefold()
    return len(low) > 9 and low.startswith(("bundes", "reichs", "welt")) and low.endswith((
        "gericht", "gerichts", "amt", "amts", "agentur", "organisation", "kanzlei", "wehr", "jugendtag", "gipfel",
        "gipfels", "bank"))


# Share indices, which market reports name like organisations.
STOCK_INDICES = {"dax", "sdax", "mdax", "tecdax", "hdax", "cdax", "eurostoxx", "stoxx", "atx", "smi", "spi"}


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
    lex = _lexicon()
    if _splits_into_words(stem):
        return None  # "Regierungschefs"
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


# The commonest German surnames that are also common nouns ("Müller", "Weber", "Jäger"): the lexicon reads them as
# nouns, so a sentence that names the person by surname alone ("hat Müller gegenüber dem ZdK") loses them.
NOUN_SURNAMES = frozenset("""
    Müller Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Wolf Schröder
    Neumann Zimmermann Krüger Hofmann Hartmann Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler
    Herrmann Walter Mayer Huber Fuchs Peters Scholz Möller Hahn Schubert Vogel Keller Berger Winkler Roth Beck Lorenz
    Baumann Franke Schuster Böhm Winter Kraus Schumacher Krämer Vogt Stein Jäger Sommer Seidel Brandt Haas Schreiber
    Schulte Ziegler Kuhn Kühn Pohl Engel Horn Busch Bergmann Voigt Sauer Wolff Pfeiffer Schreiner Metzger Zimmer
    Gärtner Fleischer Förster Kellner Wirth Wirt Jäger Pfarrer Vogler Bäcker
""".split())


def noun_surname(word: str) -> bool:
    """One of the commonest surnames that the lexicon also knows as a noun (but not an adjective: "Klein", "Groß")."""
    return word in NOUN_SURNAMES and not known(word.lower())


# Bodies of the solar system, which news and encyclopaedias name as places ("in der Sonne", "südlich von Jupiter",
# "die Besiedlung des Mondes"); not "Erde", which is mostly soil.
CELESTIAL_BODIES = frozenset({"Sonne", "Mond", "Mondes", "Merkur", "Venus", "Mars", "Jupiter", "Jupiters", "Saturn",
                              "Saturns", "Uranus", "Neptun", "Neptuns", "Pluto", "Plutos", "Milchstraße"})
