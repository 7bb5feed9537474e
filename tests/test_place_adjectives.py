"""A place named only by its adjective is a mention of that place (issue #15): "харківська компанія" is about
Kharkiv, "томские студенты" about Tomsk, "krakowski sąd" about Kraków, on sentences invented for these tests (the
corpus story that writes only "Харківський" and is found by `Kharkiv`: tests/test_corpus_entities.py)."""

from __future__ import annotations

import pytest

from indexer.annotate.entities import extract_entities
from indexer.annotate.entities.lang.place_adjectives import place_of_adjective

pytest.importorskip("pymorphy3")
pytest.importorskip("simplemma")

# ---------------------------------------------------------------- the derivation, on invented sentences


def places(paragraphs: list[str], language: str) -> dict[str, int]:
    return {e.name: e.mentions for e in extract_entities(paragraphs, language) if e.type == "place"}


def test_ukrainian_town_adjectives_name_the_town():
    found = places(["Львівська пекарня відкрила другий цех, а харківські дизайнери зробили їй вивіску.",
                    "Тепер хліб возять і до одеських кав'ярень."], "uk")
    assert {"Lviv": 1, "Kharkiv": 1, "Odesa": 1}.items() <= found.items()


def test_ukrainian_adjectives_that_name_no_town_stay_out():
    found = places(["Український виробник і польський дистриб'ютор підписали угоду в міській раді.",
                    "Марина Полтавська, директорка фірми, назвала її королівським подарунком.",
                    "Склади фірми стоять у Харківській області."], "uk")
    assert not {"Ukraine", "Poland", "Poltava", "Kharkiv"} & found.keys(), found


def test_russian_town_adjectives_name_the_town():
    found = places(["Казанский завод получил заказ от петербургских перевозчиков.",
                    "Первую партию отправят московским покупателям."], "ru")
    assert {"Kazan", "Saint Petersburg", "Moscow"} <= found.keys(), found


def test_russian_adjectives_of_people_or_things_are_no_town():
    # "королевский" (royal) is not of Korolyov, "сельский" (rural) of no town
    found = places(["Королевский оркестр сыграл на сельском празднике."], "ru")
    assert not found, found


def test_polish_town_adjectives_name_the_town_across_the_o_alternation():
    found = places(["Krakowski sąd oddalił pozew warszawskiej spółki.", "Wyrok zaskoczył wrocławskich prawników."],
                   "pl")
    assert {"Kraków", "Warsaw", "Wrocław"} <= found.keys(), found


def test_polish_surnames_in_ski_are_no_towns():
    found = places(["Tomasz Kamiński i Ewa Dąbrowska przyszli na sesję rady."], "pl")
    assert not found, found


def test_czech_and_other_forms_of_the_derivation():
    assert place_of_adjective("ostravské", "cs").name == "Ostrava"
    assert place_of_adjective("městský", "cs") is None  # municipal
    assert place_of_adjective("krakowskiego", "pl").name == "Kraków"
    assert place_of_adjective("новосибирскими", "ru").name == "Novosibirsk"
    assert place_of_adjective("краматорського", "uk").name == "Kramatorsk"


def test_an_adjective_counts_as_a_mention_but_is_no_spelling_of_the_place():
    [kharkiv] = [e for e in extract_entities(["Харківська фірма найняла двадцять інженерів."], "uk")
                 if e.type == "place"]
    assert kharkiv.name == "Kharkiv" and kharkiv.mentions == 1
    assert not any(a.startswith("Харківськ") for a in kharkiv.aliases)
