"""The type a facet gives a name, as a reader checks it: a person is no place, a town's people are no town, a body is
no place; and what the article shows a name to be in one sentence holds for the others."""

from __future__ import annotations

from indexer.annotate.entities import extract_entities


def typed(paragraphs: list[str], language: str) -> set[tuple[str, str]]:
    return {(form, e.type) for e in extract_entities(paragraphs, language) for form in [e.name, *e.aliases]}


def test_a_demonym_spelled_like_a_small_towns_other_name_is_no_place():
    """"Gazan" is an old spelling of Jizan, a Saudi town, and the people of Gaza: here the adjective."""
    found = typed(["Night shift.", "Nurses in the southern Gazan town worked through the night without power."], "en")
    assert not [form for form, _kind in found if form in ("Gazan", "Jizan")], found


def test_a_citys_people_named_in_two_words_are_no_place():
    """German "New Yorker Mieter", "5000 New Yorker": the people of New York, not the city."""
    found = typed(["Mietenstreik.", "Rund 3000 New Yorker unterschrieben den Aufruf der Mieter."], "de")
    assert not [form for form, _kind in found if "Yorker" in form], found


def test_a_city_whose_name_opens_with_an_article_is_a_place():
    """"The" is a given name somewhere, which made "at The Hague" a person."""
    found = typed(["Court news.", "The envoys met at The Hague on Monday to sign the treaty."], "en")
    assert ("The Hague", "place") in found and ("The Hague", "person") not in found


def test_a_known_person_listed_after_a_body_stays_a_person():
    """"to the United Nations, Obama hailed …": a comma after a body made the known person a body."""
    found = typed(["Speech.", "In his address to the United Nations, Obama hailed the accord as a step forward."],
                  "en")
    assert ("Obama", "person") in found and ("Obama", "organization") not in found


def test_a_name_after_an_abbreviated_title_is_a_person_in_every_sentence():
    """"said Dr. Merine Abed" is a person; "Merine Abed, the doctor" later in the article is the same person, not a
    body (without the title, "Abed", an English word, made the name look like an organisation's)."""
    found = typed(["Ward report.", "“The incubators need power,” said Dr. Merine Abed, a neonatologist.",
                   "Merine Abed, the doctor on duty, counted the babies twice.",
                   "By dawn Merine Abed, who trained in Cairo, had slept one hour."], "en")
    assert ("Merine Abed", "person") in found and ("Merine Abed", "organization") not in found
    town = typed(["Travel.", "The ship called at St. Croix on Monday."], "en")
    assert not [form for form, kind in town if kind == "person"], town  # ("St." is a saint's, no title)


def test_the_european_union_in_a_polish_case_form_is_the_body():
    """"partnerem Unii Europejskiej": the genitive of "Unia Europejska" is the Union, a body, not a place."""
    found = typed(["Wstęp.", "Kraj pozostaje ważnym partnerem Unii Europejskiej od wielu lat."], "pl")
    assert ("European Union", "organization") in found and not [f for f, k in found if k == "place"], found


def test_a_town_a_match_is_played_against_with_its_score_is_its_club():
    """A sports report names clubs by their towns: "gegen Bremen und Leverkusen … 0:2 und 0:1 verloren" are the
    clubs, while a town without a match and a score stays a town."""
    found = typed(["Rückblick.", "Am ersten und zweiten Spieltag verlor die Mannschaft gegen Bremen und Leverkusen "
                   "mit 0:2 und 0:1.", "Die Spieler flogen danach nach Bremen zurück."], "de")
    assert ("Bremen", "organization") in found and ("Leverkusen", "organization") in found, found
    assert ("Bremen", "place") in found and ("Leverkusen", "place") not in found, found


def test_the_towns_of_a_line_of_results_are_clubs():
    """"Plymouth 4 Exeter 1": agency copy lists results by the clubs' towns; a table of other figures
    ("Vancouver 5 7", ships loading and waiting) names the port."""
    found = typed(["Cup results.", "Second round match on Friday :\nPlymouth 4 Exeter 1",
                   "Ships at the ports :\nVancouver 5 7"], "en")
    assert {("Plymouth", "organization"), ("Exeter", "organization"), ("Vancouver", "place")} <= found, found


def test_a_short_name_the_article_spells_out_stays_an_organisation_after_a_preposition():
    """"The Harbour Trust for Stray Dogs (Htsd)", then "supplies to Htsd" and "the work of Htsd": the preposition
    before the later mentions made them a place of the same name."""
    found = typed(["Donation.", "The clinic helped The Harbour Trust for Stray Dogs (Htsd) with its work.",
                   "The clinic sent supplies to Htsd on Monday.", "Volunteers came from Htsd as well."], "en")
    assert ("Htsd", "organization") in found and ("Htsd", "place") not in found, found


def test_a_name_listed_with_organisations_after_a_preposition_is_an_organisation():
    """"cards from Kelvatek, ZTR and QPX": three makers, not a town and two firms."""
    found = typed(["Cards.", "The shop sells graphics cards from Kelvatek, ZTR and QPX at list price.",
                   "Its other cards come from Kelvatek as well."], "en")
    assert ("Kelvatek", "place") not in found, found
