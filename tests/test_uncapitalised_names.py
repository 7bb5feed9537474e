"""Names that capitals do not mark (issue #5): in Arabic and Chinese text, which has none, people by their given names
and as the speakers of quotations, organisations named in quotation marks, provinces; in French, an organisation's
name written in lower case after its first word. Runs annotate on corpus pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.annotate.entities import extract_entities
from indexer.annotate.entities.lang.ar import find_names
from indexer.annotate.stage import annotate
from indexer.clean.extract import clean
from indexer.models import AnnotatedArticle, RawPage

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def _annotated(relative: str) -> AnnotatedArticle:
    path = CORPUS / relative
    return annotate(clean(RawPage(data=path.read_bytes(), origin=str(path))))


@pytest.fixture(scope="module")
def grocer_app() -> AnnotatedArticle:
    return _annotated("ar/alufuq-2026-06-23-casablanca-sharika-nashia.html")


@pytest.fixture(scope="module")
def tea_drones() -> AnnotatedArticle:
    return _annotated("zh/dongfang-chenbao-2026-09-08-hangzhou-wurenji-chuangye.html")


def _named(result: AnnotatedArticle, kind: str) -> dict[str, int]:
    return {e.name: e.mentions for e in result.entities if e.type == kind}


def test_arabic_people_are_found_by_given_name_and_their_surname_mentions_join(grocer_app):
    people = _named(grocer_app, "person")
    assert people["سلمى بنعلي"] == 2  # "وأوضحت بنعلي" later names her by surname alone
    assert people["يوسف التازي"] == 2
    assert "كريم العلمي" in people
    assert "عبد الإله الوردي" in people  # "عبد" joins the word after it into one given name


def test_a_name_in_guillemets_after_a_company_word_is_an_organisation_not_a_quote(grocer_app):
    orgs = _named(grocer_app, "organization")
    assert {"دفعة", "أطلس فنتشرز"} <= set(orgs)
    assert not [q for q in grocer_app.quotes if q.text in ("دفعة", "أطلس فنتشرز")]


def test_a_quotation_mark_is_never_a_speaker_and_he_is_the_man_just_named(grocer_app):
    assert all(q.speaker is None or any(ch.isalpha() for ch in q.speaker) for q in grocer_app.quotes)
    phone = next(q for q in grocer_app.quotes if q.text.startswith("كنت أنسى"))
    assert phone.speaker == "عبد الإله الوردي"  # "«…»، قال وهو يبتسم": "and he", the grocer of the sentence before


def test_an_organisation_name_stops_before_the_arabic_comma():
    result = _annotated("ar/alufuq-2026-10-14-fes-mathaf-dar-addabagha.html")
    assert "مؤسسة فاس للتراث" in _named(result, "organization")
    assert not any("،" in e.name for e in result.entities)


def test_a_given_name_before_an_ordinary_word_is_no_person():
    text = "قال محمد إن الاجتماع انتهى. وأكدت سلمى أمس أن القرار نهائي."
    assert [n for n in find_names(text, text) if n.type == "person"] == []


def test_a_chinese_speaker_is_a_person_even_without_a_title_before_the_verb(tea_drones):
    assert "何建国" in _named(tea_drones, "person")  # "茶农何建国。他告诉记者：“…”"
    assert next(q for q in tea_drones.quotes if q.text.startswith("以前打一次药")).speaker == "何建国"


def test_chinese_provinces_are_places(tea_drones):
    assert {"Zhejiang", "Fujian", "Yunnan"} <= set(_named(tea_drones, "place"))


def test_an_analyst_named_after_her_job_title_is_the_speaker():
    result = _annotated("zh/dongfang-chenbao-2026-06-16-beiyuan-bandaoti-daban.html")
    assert "王晓岚" in _named(result, "person")
    assert any(q.speaker == "王晓岚" for q in result.quotes)
    assert not [e for e in result.entities if e.type == "organization" and ("的" in e.name or "和" in e.name)]


def test_a_japanese_quote_without_a_subject_belongs_to_the_topic_of_its_paragraph():
    result = _annotated("ja/asanagi-shimbun-2026-05-13-marrakesh-kanbatsu-sato-kankyosho.html")
    rules = next(q for q in result.quotes if q.text.startswith("運営のルール"))
    assert rules.speaker == "李文軍"  # "李文軍団長は…示した。ただ…、「…」と強調した": not the minister quoted before


def test_a_french_organisation_keeps_the_lower_case_words_of_its_name():
    text = ("Dans un communiqué, la Fédération régionale des coopératives agricoles a indiqué qu'elle ferait appel. "
            "La Fédération a ajouté qu'elle soutenait les producteurs.")
    orgs = [e for e in extract_entities([text], "fr") if e.type == "organization"]
    assert [e.name for e in orgs] == ["Fédération régionale des coopératives agricoles"]  # "a indiqué" ends it
    assert "Fédération" in orgs[0].aliases  # the short form later joins the full name


@pytest.mark.parametrize("lang, text, name", [
    ("fr", "Le texte a été adopté par l'Assemblée nationale jeudi soir.", "Assemblée nationale"),
    ("fr", "La Cour des comptes publie chaque année un rapport sévère.", "Cour des comptes"),
    ("fr", "La Haute Autorité de santé recommande un rappel du vaccin.", "Haute Autorité de santé"),
    ("fr", "Selon l'Organisation mondiale de la santé, l'épidémie recule.", "Organisation mondiale de la santé"),
    ("fr", "La Cour européenne des droits de l'homme a condamné l'État.", "Cour européenne des droits de l'homme"),
    ("fr", "Il a étudié à l'Institut des hautes études internationales.", "Institut des hautes études internationales"),
    ("fr", "Le Parti démocratique de Côte d'Ivoire a désigné son candidat.", "Parti démocratique de Côte d'Ivoire"),
    ("it", "La Corte costituzionale ieri ha respinto il ricorso.", "Corte costituzionale"),
    ("it", "La Camera dei deputati ha approvato la legge.", "Camera dei deputati"),
    ("it", "L'Agenzia delle entrate ha pubblicato i dati.", "Agenzia delle entrate"),
    ("it", "Il Ministero delle Infrastrutture ha risposto alle critiche.", "Ministero delle Infrastrutture"),
    ("pt", "O Banco central europeu subiu os juros.", "Banco central europeu"),
])
def test_institutions_that_capitalise_only_their_first_word_are_named_whole(lang, text, name):
    """French, Italian and Portuguese write "l'Assemblée nationale", "la Corte costituzionale": the facet showed
    "Assemblée", "Commission", "Parti". The name goes on over its adjectives, and over a noun after "de"/"dei"; a
    verb, an adverb or a weekday right after a word of the name ends it."""
    orgs = [e for e in extract_entities([text], lang) if e.type == "organization"]
    assert any(name == e.name or name in e.aliases for e in orgs), orgs  # (or a gazetteer's canonical name)


def test_a_known_institution_named_in_lower_case_is_the_one_the_archive_knows():
    found = {e.name for e in extract_entities(["La Commission européenne a infligé une amende."], "fr")}
    assert "European Commission" in found  # one facet with "European Commission" and "Europäische Kommission"


def test_a_bare_city_council_is_no_organisation_facet():
    text = "A Câmara Municipal da cidade andaluza anunciou cortes no abastecimento de água em Sevilha."
    assert not [e for e in extract_entities([text], "pt") if e.type == "organization"]


def test_countries_written_without_short_vowels_are_found(grocer_app):
    places = _named(grocer_app, "place")
    assert {"Senegal", "United Arab Emirates", "Tunisia"} <= set(places)  # "والسنغال", "الإمارات"


def test_a_french_organisation_name_may_end_in_a_proper_name():
    text = "Dans un communiqué, la Confédération hydrographique du Guadalquivir a indiqué que les réserves baissent."
    found = [(e.name, e.type) for e in extract_entities([text], "fr")]
    assert found == [("Confédération hydrographique du Guadalquivir", "organization")]


def test_chinese_and_japanese_companies_and_ministries_by_what_they_are(tea_drones):
    orgs = _named(tea_drones, "organization")
    assert orgs.get("澜岸智能", 0) >= 3  # "企业澜岸智能8日宣布", "澜岸智能成立于2022年", …
    text = "公司已完成B轮融资，由深蓝资本领投。这是长三角地区农业科技领域规模较大的一笔融资。"
    found = {(e.name, e.type) for e in extract_entities([text], "zh")}
    assert ("深蓝资本", "organization") in found
    assert not any("农业科技" in name for name, _ in found)  # "agricultural technology" is a field, no company
