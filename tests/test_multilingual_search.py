"""Search the way a reporter types, across languages and scripts, through the real ingest pipeline."""

from __future__ import annotations

import pytest
from conftest import page_html

from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from search_app.service import SearchService

# original short reports, one per language; each names something the queries below look for
PAGES = {
    "uk": ("Нічний поїзд вирушив з Києва до Варшави", [
        "У Києві в четвер увечері урочисто відправили перший прямий нічний поїзд до Варшави.",
        "Пасажири провели у вагонах близько п'ятнадцяти годин, а прикордонний контроль пройшов просто в поїзді.",
        "«Ми чекали цього маршруту багато років», — сказав Олександр Гриценко, голова правління залізниці."]),
    "ru": ("В Краматорске открыли новый вокзал", [
        "В Краматорске в пятницу после ремонта открыли здание железнодорожного вокзала.",
        "Городские власти сообщили, что работы обошлись в несколько миллионов гривен.",
        "Пассажиры смогут пользоваться новым залом ожидания уже с понедельника."]),
    "de": ("Zürich eröffnet neue Seilbahn über den See", [
        "In Zürich ist am Samstag eine neue Seilbahn über den Zürichsee in Betrieb gegangen.",
        "Die Fahrt zwischen den beiden Ufern dauert acht Minuten, teilte die Stadtverwaltung mit.",
        "Anwohner hatten jahrelang über die Kosten des Projekts gestritten."]),
    "zh": ("杭州新地铁线路正式开通", [
        "杭州市新的地铁线路于周六正式开通运营，全长二十八公里。",
        "市政府表示，这条线路将大大缩短市民从城东到机场的通勤时间。",
        "不少乘客在开通当天专程前来体验新线路。"]),
    "ja": ("神戸で新しい図書館が開館", [
        "神戸市で土曜日、港の近くに新しい図書館が開館した。",
        "館内には約三十万冊の本が並び、初日から多くの市民が訪れた。",
        "市の担当者は「子どもたちが本に親しむ場所にしたい」と話した。"]),
    "ar": ("افتتاح معرض للكتاب في مراكش", [
        "افتتح في مراكش يوم السبت معرض دولي للكتاب بمشاركة أكثر من مئتي دار نشر.",
        "وقال المنظمون إن المعرض يستمر عشرة أيام ويستقبل الزوار مجانا.",
        "ويشارك في المعرض كتاب من المغرب والجزائر وتونس ومصر."]),
    "pl": ("Powódź zalała ulice Wrocławia", [
        "Fala powodziowa dotarła w sobotę do Wrocławia i zalała kilka ulic w centrum miasta.",
        "Strażacy przez całą noc budowali wały z worków z piaskiem wzdłuż brzegów Odry.",
        "Mieszkańcy najniżej położonych osiedli zostali ewakuowani."]),
    "en": ("Harbour workers end strike in Baltimore", [
        "Dock workers in Baltimore returned to work on Monday after a ten-day strike over shift patterns.",
        "The port authority said container traffic would be back to normal by the end of the week.",
        "Union leaders called the agreement a fair compromise for both sides."]),
}


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    root = tmp_path_factory.mktemp("multilingual")
    pages = root / "pages"
    pages.mkdir()
    for lang, (title, paragraphs) in PAGES.items():
        html = page_html(title, paragraphs, lang=lang, url=f"https://www.test-courier.example/{lang}/story/")
        (pages / f"{lang}.html").write_text(html, encoding="utf-8")
    archive = Archive(root / "data")
    report = ingest(archive, [str(pages)])
    assert len(report.added) == len(PAGES), report.failed
    yield SearchService(archive)
    archive.close()


def languages(service: SearchService, q: str, **filters) -> list[str]:
    return [h["language"] for h in service.search(q, filters)["hits"]]


def test_each_page_is_detected_in_its_language(service):
    facet = {v["value"]: v["count"] for v in service.search("*")["facets"]["language"]}
    assert facet == {lang: 1 for lang in PAGES}


@pytest.mark.parametrize("query, expected", [
    ("Kyiv", "uk"),              # Latin transliteration of "у Києві" / "з Києва"
    ("Києві", "uk"),             # an inflected form finds the others
    ("Kramatorsk", "ru"),        # "В Краматорске"
    ("Краматорск", "ru"),
    ("Zurich", "de"),            # accent-free query
    ("Seilbahnen", "de"),        # German inflection
    ("地铁", "zh"),               # a word inside an unspaced Chinese sentence
    ("図書館", "ja"),             # a word inside an unspaced Japanese sentence
    ("مراكش", "ar"),              # "في مراكش"
    ("المعرض", "ar"),             # with the definite article, the page also has "معرض"
    ("Wrocław", "pl"),           # "do Wrocławia"
    ("Wroclaw", "pl"),
    ("strikes", "en"),           # English stemming
])
def test_a_reporter_query_finds_its_article_and_nothing_unrelated(service, query, expected):
    assert languages(service, query) == [expected]


def test_phrases_stay_exact_within_a_language(service):
    assert languages(service, '"container traffic"') == ["en"]
    assert languages(service, '"traffic container"') == []


@pytest.mark.parametrize("query, expected", [
    ("Warschau", ["uk"]),        # the German name of the place the Ukrainian page writes "до Варшави"
    ("Kiew", ["uk"]),            # the German name of Kyiv: no transliteration of Києва reads so
    ("Breslau", ["pl"]),         # the German name of Wrocław
    ("Warschau Kiew", ["uk"]),   # every word must still match, each in any spelling
])
def test_a_place_name_in_another_language_finds_the_place(service, query, expected):
    assert languages(service, query) == expected
    assert languages(service, f"title:{query.split()[0]}") == []  # a field the user named is searched as written


def test_a_hit_found_by_another_spelling_marks_the_one_it_writes(service):
    hit = service.search("Warschau")["hits"][0]
    assert hit["language"] == "uk"
    assert "<mark>Варшави</mark>" in hit["snippet_html"], "the Ukrainian genitive the page writes is marked"
    assert "<mark>Wrocławia</mark>" in service.search("Breslau")["hits"][0]["snippet_html"], "by its dictionary form"
    arabic = service.search("Marrakesh")["hits"][0]
    assert "<mark>مراكش</mark>" in arabic["snippet_html"]
    # Chinese and Japanese leave no space around a name ("杭州市新的", "神戸市で"): the spelling is found as it is
    assert "<mark>杭州市</mark>新的" in service.search("Hangzhou")["hits"][0]["snippet_html"]  # its name with 市
    assert "<mark>神戸市</mark>で" in service.search("Kobe")["hits"][0]["snippet_html"]


def test_language_filter_and_did_you_mean(service):
    assert languages(service, "Kyiv OR Zurich", language="de") == ["de"]
    result = service.search("Baltimroe")
    assert result["total"] == 0 and result["did_you_mean"] == "baltimore"


def test_a_quote_in_another_language_is_labelled_with_its_language():
    from indexer.annotate.stage import annotate
    from indexer.models import Article, Block

    article = Article(title="Berlin mayor visits the flooded border towns", blocks=[Block(p) for p in [
        "The mayor of Berlin travelled to the border towns on the Oder on Sunday to meet rescue teams.",
        "„Wir lassen unsere Nachbarn in dieser schweren Lage nicht allein, und wir werden beim Wiederaufbau "
        "helfen“, sagte Bürgermeisterin Sabine Krüger vor Journalisten.",
        "“We are grateful for every sandbag,” said the local fire chief, Tomasz Nowak.",
        "The river is expected to fall slowly over the coming week, forecasters said."]])
    annotated = annotate(article)
    assert annotated.language == "en"
    by_speaker = {q.speaker: q for q in annotated.quotes}
    assert by_speaker["Sabine Krüger"].language == "de"
    assert by_speaker["Tomasz Nowak"].language in (None, "en")


@pytest.mark.parametrize("query, first", [
    ("Kyiv", ["en", "uk"]),    # English writes Kyiv; Ukrainian Київ, read in Latin letters as Kyiv; then Kiew, Kijów…
    ("Київ", ["uk"]),
    ("Kiew", ["de"]),
    ("Warsaw", ["en"]),
])
def test_the_spelling_typed_ranks_first_in_the_corpus(corpus_data, query, first):
    """The articles that write the word typed come first, whatever share of the archive their language has (in the
    bundled corpus 6 of 45 articles are English; a language's fields were judged against an average length taken over
    every article, its own or not, so the Ukrainian Kyiv article ranked above the English one)."""
    with Archive(corpus_data, create=False) as archive:
        hits = SearchService(archive).search(query)["hits"]
    assert [h["language"] for h in hits[:len(first)]] == first
    assert len(hits) == 5, "every Kyiv or Warsaw article of the corpus, in five languages"
