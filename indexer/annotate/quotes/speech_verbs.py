"""Words that signal who is speaking, per language (ISO 639-1): verbs of saying, pronouns, titles, roles.

Kept as plain data so a new language is one more entry. Verb forms are listed as writers use them in news
(past tense first; "_" stands for a space inside a phrase); separable particles (fügte … hinzu, voegde … toe) are matched on the finite verb alone.
"""

from __future__ import annotations

VERBS: dict[str, list[str]] = {
    "en": """said says say saying told tells telling added adds adding continued continues explained explains
        stated wrote writes writing asked asks insisted insists noted argued argues claimed
        declared declares warned warns barked replied replies responded responds recalled recalls tweeted
        announced announces acknowledged admitted admits conceded stressed stresses emphasized emphasised
        observed remarked suggested suggests shouted yelled cried urged predicted concluded joked quipped
        pointed_out went_on told_reporters testified wondered countered agreed explaining noting
        insisting warning arguing asking declaring interjected retorted snapped exclaimed muttered whispered
        boasted mused sighed scoffed chimed_in shot_back fired_back""".split(),
    "de": """sagte sagt sagten sagen erklärte erklärt erklärten betonte betont fügte fügt ergänzte ergänzt meinte
        meint schrieb schreibt warnte warnt berichtete berichtet teilte teilt erläuterte erläutert antwortete
        antwortet fragte fragt kritisierte kritisiert äußerte äußert bemerkte bemerkt versicherte versichert
        forderte fordert mahnte mahnt unterstrich unterstreicht rief ruft sprach spricht verkündete verkündet
        bekräftigte bekräftigt räumte räumt hieß heißt erinnerte erinnert berichtete schilderte schildert
        appellierte klagte klagt erzählte erzählt entgegnete entgegnet erwiderte erwidert versetzte schrie schreit
        riefen flüsterte flüstert murmelte murmelt brummte grunzte seufzte stammelte jammerte beteuerte beteuert
        behauptete behauptet gestand gesteht bestätigte bestätigt meldete meldet melden schreiben schrieben
        telegraphiert telegraphirt äußerten erklären antworteten sprachen rufend sagend fragend antwortend
        erwidernd fortfahrend zurief zuriefen ausrief ausriefen""".split(),
    "fr": """a_déclaré déclare a_dit dit disait a_affirmé affirme a_ajouté ajoute a_expliqué explique
        a_souligné souligne a_indiqué indique estime a_estimé a_assuré assure a_précisé précise
        a_averti avertit a_lancé lance a_confié confie a_martelé martèle poursuit a_poursuivi
        a_insisté insiste a_rappelé rappelle a_répondu répond a_noté note a_reconnu reconnaît
        a_prévenu prévient a_annoncé annonce a_écrit écrit a_commenté commente résume a_résumé
        a_assuré ajouté déclaré expliqué souligné indiqué précisé affirmé estimé assuré averti martelé insisté
        rappelé répondu commenté a-t-il_prévenu a-t-elle_prévenu a-t-il_lancé a-t-elle_lancé a-t-il_noté
        a-t-elle_noté a-t-il_reconnu a-t-elle_reconnu a-t-il_confié a-t-elle_confié s'est_dit s’est_dit
        se_dit a_décrit décrit parle a_résumé a_raconté raconte a_témoigné témoigne a_plaidé""".split(),
    "es": """dijo dice decía afirmó afirma declaró declara añadió añade agregó agrega explicó explica aseguró asegura
        señaló señala indicó indica subrayó subraya destacó destaca advirtió advierte manifestó sostuvo sostiene
        comentó comenta apuntó apunta precisó precisa insistió insiste expresó reconoció reconoce respondió
        responde preguntó concluyó escribió recordó recuerda relató relata admitió admite contó cuenta lamentó
        lamenta celebró confesó aseveró remarcó recalcó recalca defendió defiende bromeó zanjó resumió
        informó informa informaron anunció anuncia avisó""".split(),
    "it": """ha_detto detto dice diceva ha_dichiarato dichiara ha_affermato afferma ha_aggiunto aggiunge
        ha_spiegato spiega ha_sottolineato sottolinea ha_osservato osserva ha_ribadito ribadisce
        ha_commentato commenta ha_annunciato annuncia ha_precisato precisa ha_assicurato assicura
        ha_concluso conclude racconta ha_raccontato ha_avvertito avverte ha_scritto scrive
        ha_risposto risponde ha_parlato parla ha_ammesso ammette ha_replicato replica protestano protesta ha_avvertito
        ha_fatto_sapere fa_sapere hanno_fatto_sapere ha_annunciato ha_comunicato comunica""".split(),
    "pt": """disse diz dizia afirmou afirma declarou declara acrescentou acrescenta explicou explica sublinhou
        sublinha salientou salienta referiu refere garantiu garante adiantou adianta frisou frisa considerou
        considera defendeu defende alertou alerta lembrou lembra concluiu conclui avisou contou conta sustentou
        escreveu respondeu admitiu admite reconheceu reconhece lamentou lamenta confessou resumiu relatou
        informou informa informaram anunciou anuncia""".split(),
    "nl": """zei zegt zeiden verklaarde verklaart voegde voegt stelde stelt legde legt benadrukte benadrukt schreef
        schrijft vertelde vertelt meldde meldt waarschuwde waarschuwt antwoordde vroeg vraagt reageerde reageert
        liet_weten laat_weten aldus""".split(),
    "pl": """powiedział powiedziała powiedzieli mówi mówił mówiła dodał dodała dodaje dodali stwierdził stwierdziła
        stwierdza podkreślił podkreśliła podkreśla wyjaśnił wyjaśniła wyjaśnia zaznaczył zaznaczyła zaznacza
        oświadczył oświadczyła przekazał przekazała ocenił oceniła ocenia napisał napisała ostrzegł ostrzegła
        zapewnił zapewniła zapewnia tłumaczy tłumaczył przyznał przyznała poinformował poinformowała
        poinformowali uważa odpowiedział odpowiedziała opowiada opowiadał opowiadała opowiedział opowiedziała
        skarży_się żali_się przyznaje zauważa zauważył zauważyła przekonuje przekonywał przekonywała skarży zarzucił zarzuciła
        mówią zapowiedział zapowiedziała zapowiedzieli zapowiada""".split(),
    "cs": """řekl řekla řekli říká říkal říkala uvedl uvedla uvedli uvádí dodal dodala dodává prohlásil prohlásila
        tvrdí tvrdil tvrdila podotkl podotkla zdůraznil zdůraznila zdůrazňuje vysvětlil vysvětlila vysvětluje
        sdělil sdělila konstatoval konstatovala poznamenal poznamenala napsal napsala míní upozornil
        upozornila doplnil doplnila potvrdil potvrdila odpověděl odpověděla připomíná upozorňuje podotýká píše
        připustil připustila""".split(),
    "uk": """сказав сказала сказали заявив заявила заявили додав додала додали зазначив зазначила зазначили
        наголосив наголосила пояснив пояснила повідомив повідомила повідомили розповів розповіла підкреслив
        підкреслила каже говорить написав написала відповів відповіла запевнив запевнила зауважив зауважила
        нагадав нагадала попередив попередила пояснює розповідає зазначає наголошує заявляє повідомляє пише
        визнав визнала додає переконаний усміхається усміхнувся усміхнулася""".split(),
    "ru": """сказал сказала сказали заявил заявила заявили добавил добавила добавили отметил отметила отметили
        подчеркнул подчеркнула пояснил пояснила сообщил сообщила сообщили рассказал рассказала говорит говорил
        говорила написал написала ответил ответила заверил заверила заметил заметила напомнил напомнила
        предупредил предупредила утверждает утверждал признал признала объясняет рассказывает отмечает
        подчеркивает заявляет сообщает пишет признает признаёт добавляет уточнил уточнила считает улыбается улыбнулся улыбнулась""".split(),
    "ar": """قال قالت يقول تقول أضاف أضافت صرح صرحت أكد أكدت أوضح أوضحت أعلن أعلنت أشار أشارت ذكر ذكرت تابع
        تابعت كتب كتبت اعتبر اعتبرت شدد شددت مضيفا مضيفاً مضيفة قائلا قائلاً قائلة رأى رأت يقول تقول
        أفاد أفادت أبدى أبدت""".split(),
    "he": "אמר אמרה אומר אומרת הוסיף הוסיפה מסר מסרה הסביר הסבירה כתב כתבה".split(),
    "zh": "说 表示 称 指出 强调 认为 介绍 透露 坦言 回应 补充说 补充道 写道 问道 宣布 告诉 說 稱 強調 呼吁 呼籲 笑着说".split(),
    "ja": """と述べた と話した と語った と強調した と説明した と指摘した と明らかにした と発表した と付け加えた
        と言った と述べ と話し と語り と訴えた と主張した と答えた と述べている と話している とした と続けた
        とも述べ とも語っ とも話し と付け加え と強調 と説明 と話す と語る と述べる と明かした と振り返った と笑った としている""".split(),
}

# phrases that put the source after them: "according to X", "laut X", "selon X"
ACCORDING: dict[str, list[str]] = {
    "en": ["according to"],
    "de": ["laut", "nach Angaben von", "nach Angaben des", "nach Angaben der", "nach Ansicht von", "nach Ansicht des",
           "nach Ansicht der", "nach Worten von", "nach den Worten von", "nach Aussage von"],
    "fr": ["selon", "d'après", "d’après"],
    "es": ["según"],
    "it": ["secondo"],
    "pt": ["segundo", "de acordo com"],
    "nl": ["volgens"],
    "pl": ["według", "zdaniem"],
    "cs": ["podle"],
    "uk": ["за словами", "на думку"],
    "ru": ["по словам", "по мнению"],
    "ar": ["بحسب", "حسب", "وفقا لـ", "وفقاً لـ", "على حد قول"],
    "zh": ["据"],
    "ja": ["によると", "によれば"],
}

# words that follow a quote and put the speaker right after them: "…", so Albrecht. / "…", aldus De Vries.
AFTER_ONLY: dict[str, list[str]] = {"de": ["so"], "nl": ["aldus", "zo"]}

PERSON_PRONOUNS: dict[str, set[str]] = {
    "en": {"he", "she", "they"},
    "de": {"er", "sie"},
    "fr": {"il", "elle", "ils", "elles"},
    "es": {"él", "ella"},
    "it": {"lui", "lei"},
    "pt": {"ele", "ela"},
    "nl": {"hij", "zij", "ze"},
    "pl": {"on", "ona", "oni"},
    "cs": {"on", "ona", "oni"},
    "uk": {"він", "вона", "вони"},
    "ru": {"он", "она", "они"},
    "ar": {"هو", "هي"},
    "zh": {"他", "她", "他们", "她们"},
    "ja": {"彼", "彼女"},
    "he": {"הוא", "היא"},
}
THING_PRONOUNS: dict[str, set[str]] = {
    "en": {"it"},
    "de": {"es"},
    "nl": {"het"},
    "uk": {"воно"},
    "ru": {"оно"},
    "zh": {"它"},
}

# titles written before a name; stripped when normalising a speaker to the person's name
TITLES = set(
    """president minister prime representatives representative senators reps. sens. rep sen chancellor governor senator sen. rep. representative mayor mr. mrs. ms. dr. prof.
    professor gen. general col. capt. lt. sgt. gov. secretary spokesman spokeswoman spokesperson ceo chair chairman
    chairwoman chief director judge justice king queen prince pope sir lady lord herr frau bürgermeister
    bundeskanzler kanzler präsident ministerin ministerpräsident m. mme monsieur madame maire ministre président
    sr. sra. señor señora alcalde alcaldesa ministra presidente sig. sig.ra signor signora sindaco pan pani
    prezydent premier minister burmistrz pan dhr. mevr. burgemeester pan paní starosta ministr mr mrs ms dr prof""".split()
)

# German titles, ranks and offices written before a name; also surnames ("Steffi Graf"), so only cut before one
DE_TITLES = set(
    """herrn hr abg abgeordnete abgeordneter graf grafen gräfin fürst fürsten fürstin freiherr freiherrn baron
    baronin ritter edler kaiser kaiserin könig königin prinz prinzen prinzessin herzog herzogs herzogin erzherzog
    kardinal bischof pfarrer pastor oberst major hauptmann leutnant rittmeister admiral feldmarschall generalleutnant
    generalmajor staatssekretär staatsminister reichskanzler vizekanzler kommerzienrat geheimrat hofrat justizrat
    sanitätsrat landrat stadtrat gemeinderat oberbürgermeister vicebürgermeister vizebürgermeister professors
    direktor oberrealschuldirektor deputirte deputirter deputierte deputierter""".split()
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

DETERMINERS = set(
    """the a an this that der die das ein eine einer eines dem den des le la les l' un une du de des el los las
    uno una il lo gli i un' o os as um uma de het een""".split()
)


def verbs_for(language: str) -> list[str]:
    """Verbs of saying for the article's language, English for a language without a list."""
    verbs = VERBS.get(language) or VERBS["en"]
    return [v.replace("_", " ") for v in verbs]
