"""Words that signal who is speaking in any language: titles, roles, institutions, determiners.

These lists mix languages on purpose: an article quotes people of every language, and "Dr." or "ministre" names an
office wherever it stands. Each language's own words (verbs of saying, pronouns, "according to") live in its
module under lang/.
"""

from __future__ import annotations

# titles written before a name; stripped when normalising a speaker to the person's name
TITLES = set(
    """president minister prime representatives representative senators reps. sens. rep sen chancellor governor senator sen. rep. representative mayor mr. mrs. ms. dr. prof.
    professor gen. general col. capt. lt. sgt. gov. secretary spokesman spokeswoman spokesperson ceo chair chairman
    chairwoman chief director judge justice king queen prince pope sir lady lord herr frau bürgermeister
    bundeskanzler kanzler präsident ministerin ministerpräsident m. mme monsieur madame maire ministre président
    sr. sra. señor señora alcalde alcaldesa ministra presidente sig. sig.ra signor signora sindaco pan pani
    prezydent premier minister burmistrz pan dhr. mevr. burgemeester wethouder staatssecretaris gedeputeerde pan
    paní starosta ministr mr mrs ms dr prof""".split()
)


# the head noun of a nominal speaker that stands for a person ("the governor", "a Russian commander")
PERSON_ROLES = set(
    """spokesman spokeswoman spokesperson commander official officer minister governor president mayor chief
    head director ceo chairman chairwoman aide adviser advisor lawmaker senator diplomat envoy analyst expert
    economist professor researcher witness resident doctor lawyer prosecutor judge soldier general leader
    hydrologist manager founder owner coach player secretary ambassador negotiator delegate candidate
    sprecher sprecherin minister ministerin präsident präsidentin bürgermeister bürgermeisterin chef chefin
    leiter leiterin experte expertin hydrologe hydrologin porte-parole ministre maire directeur directrice
    portavoz ministro ministra alcalde alcaldesa director directora portavoce sindaco woordvoerder rzecznik
    rzeczniczka mluvčí речник речниця міністр мер речник представник представниця министр мэр представитель
    голова глава керівник директор президент прем'єр премьер губернатор prezes szef szefowa dyrektor
    dyrektorka wojewoda marszałek przewodniczący przewodnicząca hydrolog гідролог гидролог""".split()
)

# words that mark a speaker as an institution, spoken of as "it"
ORG_WORDS = set(
    """ministry railways railway service services police office government council company bank agency commission
    party committee union university institute department court army newspaper daily post times news network
    corporation group association federation authority authorities administration campaign board foundation
    ministerium bahn regierung amt polizei institut behörde verband ministère gouvernement police mairie
    ministerio gobierno policía ayuntamiento ministero governo polizia ministério governo polícia ministerie
    politie regering ministerstwo rząd policja ministerstvo vláda policie міністерство уряд поліція
    укрзалізниця министерство правительство полиция""".split()
)

# beginnings of institution names in inflecting languages (Укрзалізниці, Ministerstwa, Ministerium …)
ORG_STEMS = (
    "укрзалізниц", "укрзализныц", "міністерств", "министерств", "ministerstw", "ministerstv", "ministeri",
    "minister", "ministère", "ministerio", "ministero", "ministério", "institut", "universit", "railway",
)

# particles inside a name: "Eva de Wit", "Ursula von der Leyen"
# When the words were said, as news writing puts it right after the speaker's name, with no preposition: "a
# déclaré François Bayrou mardi", "dijo Ortega ayer", "Smith said Tuesday". Such a word ends the speaker.
TIME_WORDS = set(
    """monday tuesday wednesday thursday friday saturday sunday yesterday today tonight lundi mardi mercredi jeudi
    vendredi samedi dimanche hier aujourd'hui lunes martes miércoles jueves viernes sábado domingo ayer hoy lunedì
    martedì mercoledì giovedì venerdì sabato domenica ieri oggi segunda-feira terça-feira quarta-feira quinta-feira
    sexta-feira ontem hoje maandag dinsdag woensdag donderdag vrijdag zaterdag zondag gisteren vandaag montag
    dienstag mittwoch donnerstag freitag samstag sonntag gestern heute poniedziałek wtorek środa czwartek piątek
    sobota niedziela wczoraj dzisiaj dziś понедельник вторник среда четверг пятница суббота воскресенье вчера
    сегодня понеділок вівторок середа четвер п'ятниця субота неділя вчора сьогодні""".split()
)

NAME_PARTICLES = {"de", "van", "von", "da", "das", "di", "del", "della", "dos", "du", "le", "la", "ter", "ten", "den"}

# words that open a description of a source: articles, and the numbers and quantifiers of "one GOP operative"
INDEFINITE = frozenset("""a an one another some several two three ein eine einer einem einen un une uno una unos unas um uma
    een jeden jedna jedno один одна""".split())
DETERMINERS = set(
    """the a an this that der die das ein eine einer eines dem den des le la les l' un une du de des el los las
    uno una il lo gli i un' o os as um uma de het een""".split()
)


# offices written after a Japanese name, and Arabic offices written before one; read in every caseless script
JA_SUFFIXES = ("社長", "大臣", "首相", "知事", "市長", "代表", "会長", "教授", "氏", "さん", "議員", "長官", "団長", "特使",
               "委員長", "大使", "部長", "局長", "理事長", "所長", "監督", "選手")
AR_ROLES = set(
    """مدير مديرة وزير وزيرة رئيس رئيسة التاجر المعلم الخبير الخبيرة المبعوث المبعوثة المتحدث المتحدثة الناطق
    الأستاذ الأستاذة الدكتور الدكتورة المزارع الفلاح الشريك السفير السفيرة محافظ عمدة الكاتب الكاتبة البقال""".split()
)


# endings of plural nouns in the Slavic languages, which write no articles: "odborníci", "eksperci", "эксперты"
SLAVIC_PLURAL_ENDINGS = ("i", "y", "í", "ý", "é", "ové", "owie", "и", "ы", "і", "ї")
