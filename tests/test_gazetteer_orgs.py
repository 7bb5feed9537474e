"""The hand-kept list of well-known organisations (indexer/data/organizations.tsv) is evidence for a facet: a name
it holds is shown on sight. So no name in it may be what a text means far more often by the same letters: a given
name or a sizeable place."""

from __future__ import annotations

from indexer.annotate.entities import extract_entities
from indexer.annotate.entities.gazetteer import (
    DATA,
    _tsv_rows,
    all_orgs,
    common_first_names,
    org_for,
    place_index,
)
from indexer.text.names import fold

ROWS = _tsv_rows(DATA / "organizations.tsv")


def test_no_organisation_goes_by_a_given_name_or_a_sizeable_places_name():
    clashes = []
    for row in ROWS:
        for name in row:
            if " " in name or name.isupper() or len(name) < 4:
                continue  # acronyms are matched as written, and names of several words are no single word
            place = place_index().get(fold(name))
            if place and fold(place.name) == fold(name) and (place.kind != "city" or place.population >= 100_000):
                clashes.append(f"{name}: the place {place.name}")
            if fold(name) in common_first_names() and name not in ("Hertha", "Hürriyet"):
                clashes.append(f"{name}: a given name")
    assert clashes == []


def test_every_spelling_names_one_organisation_and_known_bodies_keep_their_name():
    assert ROWS and all(len(row) == len(set(row)) for row in ROWS)
    assert org_for("PSOE") == "PSOE" and org_for("Partido Socialista Obrero Español") == "PSOE"
    assert org_for("SPD") == "SPD" and org_for("Sozialdemokratische Partei Deutschlands") == "SPD"
    assert org_for("EZB") == org_for("Europäische Zentralbank") == "European Central Bank"
    assert "FBI" in all_orgs() and "Federal Bureau of Investigation" in all_orgs()["FBI"]


def test_a_body_named_once_by_its_acronym_is_shown_when_the_list_knows_it():
    """A lone acronym in one sentence is no facet value on its own (a technical term looks the same), unless the
    list of organisations knows it."""
    found = {(e.name, e.type) for e in extract_entities(["El PSOE y la UGT firmaron el acuerdo con el ZXQV."], "es")}
    assert {("PSOE", "organization"), ("UGT", "organization")} <= found
    assert not [name for name, _ in found if name == "ZXQV"]
