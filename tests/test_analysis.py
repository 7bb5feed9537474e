"""Per-language analysis, checked the way a reader notices it: by searching a small real Whoosh index."""

from __future__ import annotations

import pickle

import pytest
from whoosh import fields, index
from whoosh.qparser import QueryParser

from indexer.index.analysis import PROFILES, analyzer_for, fold_key, profile_for, translit_analyzer

DOCS = [
    ("en1", "en", "The prime ministers were meeting in Zürich to discuss the railways."),
    ("en2", "en", "A minister of transport resigned after the floods."),
    ("de1", "de", "Die Häuser am Ufer wurden nach dem Hochwasser in Köln abgerissen."),
    ("fr1", "fr", "L'élection présidentielle s'est déroulée à Genève sans incident."),
    ("es1", "es", "La canción ganó el festival tras las elecciones en Málaga."),
    ("ru1", "ru", "В Москве прошли переговоры о поставках зерна."),
    ("uk1", "uk", "Вибухи пролунали у Києві та Краматорську вночі."),
    ("uk2", "uk", "У Харкові відкрили нову станцію метро."),
    ("pl1", "pl", "Wczoraj w Krakowie otwarto nowy most na Wiśle."),
    ("cs1", "cs", "Vláda v Praze schválila rozpočet na příští rok."),
    ("tr1", "tr", "İstanbul'da yerel seçimler sakin geçti."),
    ("el1", "el", "Στην Αθήνα οι δημοτικές εκλογές έγιναν χωρίς προβλήματα."),
    ("zh1", "zh", "今天上午北京地铁站发生了一起小事故，没有人受伤。"),
    ("zh2", "zh", "地方政府宣布铁路建设计划。"),
    ("ja1", "ja", "東京の地下鉄は朝から混雑していました。"),
    ("ko1", "ko", "서울에서 새로운 도서관이 문을 열었다."),
    ("ar1", "ar", "وصل الوزير إلى المدينة القديمة صباح اليوم."),
    ("ar2", "ar", "افتتحت مَكْتَبَةٌ جديدة بالمدينة."),
    ("fa1", "fa", "وزير خارجه در كنفرانس خبري صحبت كرد."),
    ("fa2", "fa", "دولت می‌خواهد کتاب‌ها را ارزان‌تر کند."),
    ("ar3", "ar", "قال المسؤول إن الطريق سيفتح غدا."),
    ("he1", "he", "ראש העיר נפגש עם התושבים בירושלים."),
]


@pytest.fixture(scope="module")
def ix(tmp_path_factory):
    profiles = sorted({profile_for(lang) for _, lang, _ in DOCS})
    schema_fields = {"id": fields.ID(stored=True), "translit": fields.TEXT(analyzer=translit_analyzer())}
    for p in profiles:
        mq = "phrase" if p == "cjk" else "default"
        schema_fields[f"body_{p}"] = fields.TEXT(analyzer=analyzer_for(p), phrase=True, multitoken_query=mq)
    directory = tmp_path_factory.mktemp("ix")
    idx = index.create_in(str(directory), fields.Schema(**schema_fields))
    with idx.writer() as w:
        for doc_id, lang, text in DOCS:
            w.add_document(id=doc_id, translit=text, **{f"body_{profile_for(lang)}": text})
    # reopen from disk so the pickled schema (and its analyzers) is what answers the queries
    return index.open_dir(str(directory))


def search(ix, field: str, query: str) -> set[str]:
    with ix.searcher() as s:
        q = QueryParser(field, ix.schema).parse(query)
        return {hit["id"] for hit in s.search(q, limit=None)}


@pytest.mark.parametrize(
    ("lang", "query", "expected"),
    [
        ("en", "meeting", {"en1"}),  # inflected form
        ("en", "railway", {"en1"}),
        ("en", "Zurich", {"en1"}),  # accent-free query
        ("en", '"prime minister"', {"en1"}),  # phrase over stemmed words
        ("en", "minister", {"en1", "en2"}),
        ("de", "Haus", {"de1"}),
        ("de", "Koln", {"de1"}),
        ("fr", "election", {"fr1"}),  # elision and accents
        ("fr", "Geneve", {"fr1"}),
        ("es", "cancion", {"es1"}),
        ("es", "elección", {"es1"}),
        ("es", "Malaga", {"es1"}),
        ("ru", "Москва", {"ru1"}),
        ("ru", "переговор", {"ru1"}),
        ("uk", "Київ", {"uk1"}),  # "у Києві"
        ("uk", "київ", {"uk1"}),  # typed in lowercase
        ("uk", "Краматорськ", {"uk1"}),
        ("uk", "Харків", {"uk2"}),
        ("uk", "станція", {"uk2"}),
        ("pl", "Kraków", {"pl1"}),  # "w Krakowie"
        ("pl", "Krakow", {"pl1"}),
        ("pl", "Wisła", {"pl1"}),
        ("cs", "Praha", {"cs1"}),  # "v Praze"
        ("cs", "rozpocet", {"cs1"}),
        ("tr", "istanbul", {"tr1"}),
        ("tr", "seçim", {"tr1"}),
        ("el", "Αθηνα", {"el1"}),  # no tonos
        ("el", "εκλογή", {"el1"}),
        ("zh", "地铁", {"zh1"}),  # a word inside an unspaced sentence
        ("zh", "地铁站", {"zh1"}),
        ("zh", "铁路", {"zh2"}),
        ("zh", "地", {"zh1", "zh2", "ja1"}),  # one-character query (ja1 has 地下鉄)
        ("zh", "事故", {"zh1"}),
        ("ja", "地下鉄", {"ja1"}),
        ("ja", "東京", {"ja1"}),
        ("ko", "서울", {"ko1"}),  # "서울에서"
        ("ko", "도서관", {"ko1"}),
        ("ar", "مدينة", {"ar1", "ar2"}),  # "المدينة", "بالمدينة"
        ("ar", "وزير", {"ar1"}),  # "الوزير"
        ("ar", "مكتبة", {"ar2"}),  # written with harakat in the text
        ("ar", "قديم", {"ar1"}),
        ("fa", "وزیر", {"fa1"}),  # Persian yeh finds the Arabic-yeh spelling
        ("fa", "کنفرانس", {"fa1"}),
        ("fa", "میخواهد", {"fa2"}),  # typed without the zero-width non-joiner
        ("fa", "می‌خواهد", {"fa2"}),
        ("fa", "کتاب", {"fa2"}),  # "کتاب‌ها"
        ("ar", "مسئول", {"ar3"}),  # hamza on yeh finds hamza on waw
        ("ar", "الطَّرِيق", {"ar3"}),  # query with harakat
        ("he", "ירושלים", {"he1"}),  # "בירושלים"
        ("he", "התושבים", {"he1"}),
    ],
)
def test_language_search(ix, lang, query, expected):
    assert search(ix, f"body_{profile_for(lang)}", query) == expected


@pytest.mark.parametrize(
    ("query", "absent"),
    [
        ("地铁", "zh2"),  # 地 and 铁 both occur in zh2, but not side by side
        ("Praha", "pl1"),
        ("Harkiv", "uk2"),
    ],
)
def test_no_false_matches(ix, query, absent):
    lang = next(lang for doc_id, lang, _ in DOCS if doc_id == absent)
    assert absent not in search(ix, f"body_{profile_for(lang)}", query)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Kyiv", {"uk1"}),
        ("Kramatorsk", {"uk1"}),
        ("Kharkiv", {"uk2"}),
        ("Moskva", {"ru1"}),
        ("Krakow", set()),  # Latin text is only folded: "Krakowie" is not stemmed to it
        ("Zurich", {"en1"}),
        ("Athina", {"el1"}),
    ],
)
def test_translit_field(ix, query, expected):
    assert search(ix, "translit", query) == expected


def test_translit_name_romanisations_agree():
    an = translit_analyzer()
    spellings = ["Зеленський", "Зеленский", "Zelenskyy", "Zelenskyi", "Zelenskiy", "Zelensky"]
    assert {t.text for s in spellings for t in an(s, mode="query")} == {"zelensky"}


def test_fold_key():
    assert fold_key("Zürich") == "zurich"
    assert fold_key("Київ") == fold_key("Kyiv") == "kyiv"
    assert fold_key("Краматорськ") == "kramatorsk"
    assert fold_key("Đoković") == fold_key("Ђоковић") == "dokovic"
    assert fold_key("São  Paulo") == "sao paulo"
    assert fold_key("Αθήνα") == "athina"
    assert fold_key("") == ""


def test_profiles_are_valid_field_suffixes():
    assert len(PROFILES) <= 40
    assert all(p.isidentifier() and p.islower() for p in PROFILES)
    assert len(set(PROFILES)) == len(PROFILES)


def test_profile_for():
    assert profile_for("en") == "en"
    assert profile_for("uk") == "uk"
    assert profile_for("zh") == profile_for("zh-cn") == profile_for("ja") == "cjk"
    assert profile_for("pt-BR") == "pt"
    assert profile_for("sr") == "hr"
    assert profile_for("xx") == profile_for("und") == profile_for("") == "neutral"


def test_analyzers_survive_pickling():
    for profile in ("en", "uk", "cjk", "ar"):
        clone = pickle.loads(pickle.dumps(analyzer_for(profile)))
        text = "Вибухи у Києві, 北京地铁 and the meetings المدينة"
        assert [t.text for t in clone(text)] == [t.text for t in analyzer_for(profile)(text)]
    clone = pickle.loads(pickle.dumps(translit_analyzer()))
    assert [t.text for t in clone("у Києві")] == ["u", "kyiv"]


def test_serbian_cyrillic_and_latin_meet():
    an = analyzer_for("hr")
    cyr = {t.text for t in an("Ђоковић у Београду", mode="query")}
    lat = {t.text for t in an("Đoković u Beogradu", mode="query")}
    assert cyr == lat


def test_every_profile_analyses_mixed_text():
    text = "Zürich 2024: «Київ» 北京 القاهرة Αθήνα"
    for profile in ("en", "de", "ru", "uk", "el", "ar", "fa", "he", "cjk", "neutral"):
        terms = [t.text for t in analyzer_for(profile)(text)]
        assert "2024" in terms
        assert "zurich" in terms or any(t.startswith("zur") for t in terms)


def test_a_stray_combining_mark_does_not_stop_an_article_from_being_indexed():
    """Broken text can hold a combining mark with no letter before it; the Hungarian stemmer failed on it."""
    for profile in PROFILES:
        terms = [t.text for t in analyzer_for(profile)("Budapest \u030d hídja", mode="index")]
        assert terms and "" not in terms, profile


def test_text_fields_index_in_one_pass_what_whoosh_s_analysis_chain_gives():
    """TextField analyses a field's words in one pass instead of Whoosh's token generators: for the bundled
    corpus's articles and the sentences above, in a profile of each kind (stemmed, compounds, lemmatised in two
    scripts, Arabic, Persian, Hebrew, CJK, neutral), in the cross-script field and with Whoosh's StandardAnalyzer
    (the spelling suggestions' field, without positions),
    the same terms with the same frequencies, weights and positions (stop words dropped and their gaps closed, a
    CJK run as characters and bigrams, the forms of one word at one position)."""
    from pathlib import Path

    from whoosh import formats

    from indexer.clean.extract import clean
    from indexer.index.analysis import TextField
    from indexer.sources.files import read_file

    corpus = Path(__file__).resolve().parents[1] / "corpus"
    articles = [clean(read_file(str(p))) for p in sorted(corpus.rglob("*.htm*")) if not p.name.endswith(".gz")]
    texts = [text for _, _, text in DOCS] + [a.title + "\n" + a.text for a in articles] + [
        "the of the and Zürich", "北 京京 地铁地铁站", "", "   ", "don't l'élection 3.5 U.S. 2024"]
    from whoosh.analysis import StandardAnalyzer

    others = {"latn": translit_analyzer(), "standard": StandardAnalyzer(stoplist=None, minsize=3)}
    for profile in ("en", "de", "uk", "pl", "ar", "fa", "he", "cjk", "neutral", "latn", "standard"):
        analyzer = others[profile] if profile in others else analyzer_for(profile)
        for boost, phrase in ((1.0, True), (2.5, True), (2.5, False)):
            ours = TextField(analyzer=analyzer, field_boost=boost, phrase=phrase)
            theirs = fields.TEXT(analyzer=analyzer, field_boost=boost, phrase=phrase)
            assert type(ours.format) is (formats.Positions if phrase else formats.Frequency)
            for text in texts:
                assert sorted(ours.index(text)) == sorted(theirs.index(text)), (profile, text[:60])
