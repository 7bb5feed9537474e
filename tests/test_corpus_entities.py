"""Entity facets of the bundled corpus as a journalist first sees them (issue #5): every name in its dictionary
form and under the right type, one facet value per entity across languages and scripts, inflected and short forms
kept as searchable aliases. Runs on a small archive of corpus pages ingested in this process."""

from __future__ import annotations

from pathlib import Path

import pytest

from indexer.annotate.entities import extract_entities
from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from indexer.models import Entity

pytest.importorskip("pymorphy3")
pytest.importorskip("simplemma")

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
PAGES = {
    "pl_flood": "pl/kurier-nadwislanski-2026-03-14-powodz-odra-wroclaw.html",
    "pl_train": "pl/kurier-nadwislanski-2026-04-24-pociag-nocny-kijow-warszawa.html",
    "pl_strike": "pl/kurier-nadwislanski-2026-08-19-strajk-port-gdansk.html",
    "uk_flood": "uk/ranok-visnyk-2026-03-15-povin-na-odri-vroclav.html",
    "uk_train": "uk/ranok-visnyk-2026-04-24-nichnyi-poizd-kyiv-varshava.html",
    "uk_tram": "uk/ranok-visnyk-2026-05-23-muzei-tramvaia-lviv.html",
    "uk_startup": "uk/ranok-visnyk-2026-06-09-kharkivskyi-startap-polevyd-investytsii.html",
    "uk_heat": "uk/ranok-visnyk-2026-07-21-speka-odesa-punkty-prokholody.html",
    "ru_budget": "ru/vecher-obozrevatel-2026-11-25-novosibirsk-byudzhet-2027.html",
    "ru_satellite": "ru/vecher-obozrevatel-2026-08-14-tomskie-studenty-nanosputnik.html",
    "ru_prize": "ru/vecher-obozrevatel-2026-10-10-premiya-volzhskaya-stroka-kazan-cp1251-bytes-utf8-meta.html",
    "fr_summit": "fr/courrier-du-rhone-2026-05-12-marrakech-conference-secheresse.html",
    "fr_drought": "fr/courrier-du-rhone-2026-07-10-seville-secheresse-restrictions.html",
    "pt_drought": "pt/jornal-da-ribeira-2026-07-09-seca-andaluzia-sevilha.html",
    "es_drought": "es/diario-del-guadalquivir-2026-07-08-sevilla-restricciones-agua.html",
    "en_flood": "en/harbor-street-gazette-2026-03-14-oder-flood-wroclaw-frankfurt-oder.html",
    "en_plant": "en/global-wire-daily-2026-06-15-kitahara-semiconductor-osaka-plant-opens.html",
    "ja_plant": "ja/asanagi-shimbun-2026-06-15-kitahara-handotai-osaka-kojo.html",
    "zh_plant": "zh/dongfang-chenbao-2026-06-16-beiyuan-bandaoti-daban.html",
    "ja_summit": "ja/asanagi-shimbun-2026-05-13-marrakesh-kanbatsu-sato-kankyosho.html",
}


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    if not all((CORPUS / p).exists() for p in PAGES.values()):
        pytest.skip("the bundled corpus is not here")
    with Archive(tmp_path_factory.mktemp("corpus-entities")) as arch:
        report = ingest(arch, [str(CORPUS / p) for p in PAGES.values()], workers=0)
        assert not report.failed, report.failed
        arch.sync_index()
        yield arch


@pytest.fixture(scope="module")
def entities(archive) -> dict[str, list[Entity]]:
    """Entities of each page, read back from the archive's store as the facets see them."""
    rows = archive.store.db.execute(
        "SELECT v.article_id, p.origin FROM versions v JOIN pages p ON p.id = v.page_id").fetchall()
    by_file = {Path(origin).name: archive.store.article(article_id).entities for article_id, origin in rows}
    return {name: by_file[Path(path).name] for name, path in PAGES.items()}


def names(ents: list[Entity], kind: str | None = None) -> set[str]:
    return {e.name for e in ents if kind is None or e.type == kind}


def entity(ents: list[Entity], name: str) -> Entity:
    hits = [e for e in ents if e.name == name]
    assert len(hits) == 1, (name, sorted(names(ents)))
    return hits[0]


def facet_total(archive, facet: str, value: str) -> int:
    from search_app.service import SearchService

    return SearchService(archive).search("*", filters={facet: value}, limit=1)["total"]


def facet_values(archive, query: str = "*", **filters: str) -> dict[str, list[str]]:
    from search_app.service import SearchService

    result = SearchService(archive).search(query, filters=filters, limit=1)
    return {facet: [v["value"] for v in values] for facet, values in result["facets"].items()}


# ---------------------------------------------------------------- Polish: the nominative, and the right type


def test_polish_places_and_organisations_are_named_in_the_nominative(entities):
    flood, strike = entities["pl_flood"], entities["pl_strike"]
    assert {"Stare Miasto", "Zielona Góra", "Sudety", "Osobowice"} <= names(flood, "place")
    assert "Niezależny Związek Zawodowy Portowców" in names(strike, "organization")
    # the outlet quoting itself ("w rozmowie z „Kurierem Nadwiślańskim”") is no organisation of the article …
    assert not {"Kurier Nadwiślański", "Kurierem Nadwiślańskim"} & names(flood)
    # … but another paper's article names it in the nominative
    said = "– powiedział Albrecht w rozmowie z „Kurierem Nadwiślańskim”."
    assert "Kurier Nadwiślański" in names(extract_entities([said], "pl"), "organization")
    assert "Pomorze" in names(strike, "place")
    junk = {"Kurierem Nadwiślańskim", "Starym Mieście", "Zielonej Góry", "Sudetów", "Osobowicach"}
    assert not junk & names(flood) and not junk & names(strike)


def test_polish_locatives_are_never_people(entities):
    people = names(entities["pl_flood"], "person")
    assert "Starym Mieście" not in people and "Zielonej Góry" not in people
    assert {"Katarzyna Wiśniewska", "Jonas Albrecht", "Andrzej Lis"} <= people


def test_a_station_is_a_place_not_an_organisation(entities):
    train = entities["pl_train"]
    assert "Warszawa Centralna" in names(train, "place")
    assert not any("Warszaw" in n for n in names(train, "organization"))


def test_an_inflected_polish_name_joins_the_nominative(entities):
    people = [e for e in entities["pl_train"] if e.key.startswith("person:hricenko|")]  # surname|given name
    assert len(people) == 1
    assert "Ołeksandra Hrycenki" in people[0].aliases and people[0].mentions >= 3


def test_inflected_forms_stay_searchable(archive, entities):
    said = "– powiedział Albrecht w rozmowie z „Kurierem Nadwiślańskim”."
    kurier = entity(extract_entities([said], "pl"), "Kurier Nadwiślański")
    assert "Kurierem Nadwiślańskim" in kurier.aliases
    # the nominative appears nowhere in the text, yet finds the article
    titles = _titles(archive, '"Zielona Góra"')
    assert any("Odra" in t for t in titles), titles


def _titles(archive, query: str) -> list[str]:
    from search_app.service import SearchService

    return [h["title"] for h in SearchService(archive).search(query, limit=20)["hits"]]


# ---------------------------------------------------------------- Ukrainian and Russian


def test_an_outlet_keeps_its_own_name_and_is_no_facet_value_of_its_own_articles(entities):
    for page in ("uk_train", "uk_startup"):
        assert not any(n.startswith("Ранков") for n in names(entities[page])), "the outlet's own credit line"
    told = "Пасажири, з якими поспілкувався «Ранковий Вісник», хвалили відсутність пересадки."
    orgs = names(extract_entities([told], "uk"), "organization")
    assert "Ранковий Вісник" in orgs and "Ранковий Вісники" not in orgs, orgs


def test_a_role_before_a_name_is_not_part_of_it(entities):
    heat, flood, tram = entities["uk_heat"], entities["uk_flood"], entities["uk_tram"]
    assert "Олена Кравчук" in names(heat, "person")
    assert not any(n.startswith(("Лікарка", "Директорка", "Гідролог")) for e in (heat, flood, tram)
                   for n in names(e))
    assert "Йонас Альбрехт" in names(flood, "person")
    assert "Марта Іваницька" in names(tram, "person")
    assert "Марта Іваницька" not in names(tram, "organization")


def test_a_company_is_not_doubled_by_its_description(entities):
    orgs = names(entities["uk_startup"], "organization")
    assert "Полевид" in orgs and "Харківська компанія" not in orgs


def test_russian_surnames_in_other_cases_join_the_person(entities):
    kiselev = [e for e in entities["ru_satellite"] if e.key.startswith("person:kiselev|")]
    assert len(kiselev) == 1 and "Киселёва" in kiselev[0].aliases
    assert "Киселёва" not in names(entities["ru_satellite"])


def test_a_surname_that_is_also_a_pronoun_keeps_its_key(archive, entities):
    kim = entity(entities["ru_budget"], "Светлана Ким")
    assert kim.key.startswith("person:kim|")  # not the pronoun "кто"
    assert facet_total(archive, "person", "Светлана Ким") == 1


def test_a_novel_and_a_canal_are_not_people(entities):
    prize = entities["ru_prize"]
    assert "Роман" not in names(prize)
    assert "Булак" in names(prize, "place")
    assert "Гульнара Хабибуллина" in names(prize, "person")


# ---------------------------------------------------------------- one entity, one facet value


def test_a_translated_name_in_brackets_is_one_organisation(archive, entities):
    institute = "Institut für Flussforschung Leipzig"
    for page, native in (("pl_flood", "Instytut Badań Rzecznych"), ("uk_flood", "Інститут річкових досліджень")):
        ent = entity(entities[page], institute)
        assert native in ent.aliases
        assert not any(n.startswith(native.split()[0][:6]) for n in names(entities[page]) - {institute})
    assert facet_total(archive, "organization", institute) == 3  # en, pl, uk
    # "an entity filter matches every alias": the Polish and Ukrainian names find the articles that used them
    assert facet_total(archive, "organization", "Instytut Badań Rzecznych") == 3  # the institute, wherever
    assert facet_total(archive, "organization", "Інститут річкових досліджень") == 3
    assert _titles(archive, 'organization:"Instytut Badań Rzecznych"')


def test_a_short_form_joins_the_full_name(entities):
    for page in ("fr_drought", "pt_drought"):
        orgs = names(entities[page], "organization")
        assert "Unión Agraria del Sur" in orgs and "Unión Agraria" not in orgs, orgs
        assert "Sur" not in names(entities[page])


def test_a_surname_that_is_also_a_town_is_the_person(archive, entities):
    drought = entities["es_drought"]
    carmona = entity(drought, "Antonio Carmona")
    assert "Carmona" in carmona.aliases and carmona.mentions >= 2
    assert "Carmona" not in names(drought, "place")
    assert facet_total(archive, "person", "Carmona") == 3  # es, fr and pt drought reports


def test_one_company_across_scripts(archive):
    assert facet_total(archive, "organization", "Kitahara Semiconductor") == 3  # en, ja, zh
    assert facet_total(archive, "organization", "北原半導体") == 3
    assert "Kitahara Semiconductor" in facet_values(archive, language="zh")["organization"]


def test_places_keep_one_key_across_languages(archive, entities):
    assert "Beijing" in names(entities["fr_summit"], "place")  # "Pékin", not Pekin (Illinois)
    assert "Andalusia" in names(entities["pt_drought"], "place")
    assert facet_total(archive, "place", "Oder") >= 2  # "Odra", "Одрі"
    assert "Sévillans" not in names(entities["fr_drought"])
    assert "Serpa" in names(entities["pt_drought"], "place")  # a Portuguese town, not Itacoatiara (Brazil)
    assert "Itacoatiara" not in names(entities["pt_drought"])


def test_the_un_in_japanese(entities):
    assert "United Nations" in names(entities["ja_summit"], "organization")


def test_no_junk_facet_values(archive):
    values = {v for facet in ("person", "place", "organization") for v in facet_values(archive)[facet]}
    junk = {"Kurierem Nadwiślańskim", "Ранковий Вісники", "Unión Agraria", "Starym Mieście", "Zielonej Góry",
            "Warszawy Centralnej", "Лікарка екстреної медицини", "SMS", "ONG", "Pekin"}
    assert not values & junk
    for facet in ("person", "place", "organization"):
        shown = facet_values(archive, language="pl")[facet]
        assert not set(shown) & junk, shown


# ---------------------------------------------------------------- a place named only by its adjective (#15)


def search_titles(archive, query: str, **filters: str) -> list[str]:
    from search_app.service import SearchService

    return [h["title"] for h in SearchService(archive).search(query, filters=filters)["hits"]]


@pytest.mark.parametrize("query", ["Kharkiv", "Харків", "Харьков", "Charków"])
def test_a_search_for_the_city_finds_the_story_that_only_writes_its_adjective(archive, query):
    # the start-up story writes "Харківський стартап", "Харківська компанія", "харківською компанією" only
    from search_app.service import SearchService

    hits = SearchService(archive).search(query)["hits"]
    assert len(hits) == 1 and hits[0]["title"].startswith("Харківський стартап"), hits
    assert "<mark>Харківська</mark> компанія" in hits[0]["snippet_html"], "the snippet marks the adjective"


def test_the_start_up_story_has_a_kharkiv_place_facet(archive, entities):
    assert "Kharkiv" in facet_values(archive, "Полевид")["place"]
    assert facet_total(archive, "place", "Kharkiv") == 1
    # "українських стартапів": a country's adjective is its demonym, which counts as a place in no language
    assert "Ukraine" not in names(entities["uk_startup"], "place")


def test_the_story_about_tomsk_students_is_about_tomsk(archive):
    # "Томские студенты", "Томского института", "по томскому времени"
    assert [t[:13] for t in search_titles(archive, "*", place="Томск")] == ["Томские студе"]
