"""German words a facet must not show as names: German capitalises every noun, so a capital alone says little, and
the facet shows a run only with evidence that it names someone or something."""

from __future__ import annotations

from indexer.annotate.entities import extract_entities


def typed(paragraphs: list[str]) -> set[tuple[str, str]]:
    return {(form, e.type) for e in extract_entities(paragraphs, "de") for form in [e.name, *e.aliases]}


def test_an_adjective_and_a_noun_without_an_article_are_no_organisation():
    """"gegen Fake News", "für Soziale Netzwerke": a kind of thing, though "News" and "-werke" end names of bodies."""
    found = typed(["Neue Regeln.", "Der Verband ruft zum Kampf gegen Fake News auf und fordert Pflichten für Soziale "
                   "Netzwerke ab dem Sommer."])
    assert not [form for form, _kind in found if form in ("Fake News", "Soziale Netzwerke")], found
    found = typed(["Neue Regeln.", "Der Verband verbreitet seine Mitteilung seit Montag auch über Google News."])
    assert ("Google News", "organization") in found, found  # (a known company's name opens it)


def test_a_noun_that_is_a_rare_given_name_is_no_person_after_its_article():
    """"der Art Anopheles": the species ("Art", plural "Arten"), not a man called Art."""
    found = typed(["Mückenplage.", "Im Sumpf vermehren sich die Mücken der Art Anopheles besonders schnell."])
    assert not [form for form, kind in found if kind == "person"], found
    found = typed(["Rechte.", "Die Bilder stammen aus dem Archiv der Red Bull Media House in Salzburg."])
    assert ("Red Bull Media House", "organization") in found, found  # (English words after it: a firm)


def test_a_compound_of_nouns_after_a_place_is_no_place():
    """"Kenia-Steppenmaus": an animal named after a country, not a place called so."""
    found = typed(["Trockenheit.", "Die Dürre bedroht den Lebensraum der Kenia-Steppenmaus im Hochland."])
    assert not [form for form, _kind in found if "Steppenmaus" in form], found


def test_a_clubs_people_are_no_person():
    """"wird Herthaner": the word for a club's fans and players ("-aner"), not a surname after a verb."""
    found = typed(["Transfer.", "Der Verteidiger aus Kiel unterschreibt bis 2026 und wird Herthaner."])
    assert not [form for form, _kind in found if form == "Herthaner"], found


def test_a_name_after_the_noun_for_a_mountain_is_a_place():
    """"am Berg Chiwang": the mountain, not a person."""
    found = typed(["Ausflug.", "Die Gruppe übernachtete in einer Hütte am Berg Chiwang nahe der Grenze."])
    assert ("Chiwang", "place") in found and ("Chiwang", "person") not in found, found


def test_a_plural_noun_is_no_surname_and_does_not_run_on_from_a_place():
    """"die Sozialmanager Sachen": a plural ("Sachen" → Sache) after a noun for people, not a surname after a title;
    "San Francisco Demonstranten": the place, then the people there (German names take no plural ending)."""
    found = typed(["Im Lager.", "Damals haben die Hausmeister Sachen für uns verwahrt, erzählt sie."])
    assert not [form for form, kind in found if kind == "person"], found
    found = typed(["Proteste.", "Am Freitag zogen in Boston und San Francisco Demonstranten vor die Filialen der Bank."])
    assert ("San Francisco", "place") in found and not [form for form, _k in found if "Demonstranten" in form], found
    found = typed(["Gespräch.", "Nikolai Huke: Wie kamen Sie nach Italien? Darauf antwortet Nikolai Huke selbst."])
    assert ("Nikolai Huke", "person") in found, found  # (a surname the lexicon also lists as an old dative, "Huk")
    found = typed(["Verbände.", "Sie ist Mitglied im Landesverband für Wohnungsgenossenschaften in Sachsen."])
    assert ("Landesverband für Wohnungsgenossenschaften", "organization") in found, found  # (a plural in a name)


def test_a_title_abbreviation_is_no_name_and_leads_to_the_person():
    """"arbeitet Dr. Lindqvist": the title after a verb is no surname; the surname after it is the person the article
    names in full."""
    found = typed(["Forschung.", "Seit dem Frühjahr arbeitet Dr. Lindqvist in Kiel. Dr. Marta Lindqvist ist "
                   "Meeresbiologin und leitet dort ein Labor."])
    assert ("Marta Lindqvist", "person") in found and not [form for form, _k in found if form == "Dr"], found


def test_a_noun_with_a_plural_in_s_is_no_name_the_lexicon_lists():
    """"Kino bleibt …": "Kinos" looks like a name's genitive ("Merkels"), but "Kino" opens dozens of compounds
    (Kinosaal, Kinofilm …), as ordinary nouns do and names do not."""
    found = typed(["Freizeit.", "Kino bleibt für viele Familien der liebste Ausflug am Wochenende."])
    assert not [form for form, _kind in found if form == "Kino"], found
    found = typed(["Politik.", "Merkel sagte am Montag in Berlin, die Lage sei ernst."])
    assert ("Merkel", "person") in found, found


def test_a_compound_whose_first_part_ends_in_a_linked_noun_suffix_is_no_surname():
    """"Uferentsiegelungsvorhaben": "-ungs" before "Vorhaben" marks a compound of nouns, however rare its first part."""
    found = typed(["Baustelle.", "Der Ort erlebt gerade sein größtes Uferentsiegelungsvorhaben – mit viel Lärm."])
    assert not [form for form, _kind in found if "vorhaben" in form], found


def test_a_kind_of_road_is_no_street_name():
    """"auf einer Kreisstraße", "Zufahrtsstraße": kinds of road; "Bahnhofstraße", "Pestalozzistraße" are streets."""
    found = typed(["Unfall.", "Der Wagen kam auf einer Kreisstraße bei Nacht von der Fahrbahn ab und prallte später "
                   "an eine Hafenzufahrtsstraße."])
    assert not [form for form, _kind in found if "straße" in form], found
    found = typed(["Umzug.", "Die Praxis zieht in die Bahnhofstraße, gegenüber der Pestalozzistraße."])
    assert {("Bahnhofstraße", "place"), ("Pestalozzistraße", "place")} <= found, found


def test_a_noun_phrase_that_opens_with_a_given_name_is_no_person():
    """"eine Art Streik": the noun "Art" after any article, not a man called Art; "Per Erlass …": the preposition
    opening a sentence, not the given name Per (who keeps his surname: "Per Mertesacker")."""
    found = typed(["Streit.", "Die Belegschaft rief eine Art Streik aus. Per Erlass verbot die Leitung jede Versammlung."])
    assert not [form for form, _kind in found if form.startswith(("Art", "Per"))], found
    found = typed(["Fußball.", "Per Mertesacker lobte die Abwehr nach dem Spiel."])
    assert ("Per Mertesacker", "person") in found, found
