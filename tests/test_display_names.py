"""Places and organisations are shown in the reader's language where the archive knows a name for them in its
script, as people are: Київ and Укрзалізниця in the Ukrainian interface, Kyiv and Ukrainian Railways in English."""

from __future__ import annotations

import re

import pytest

from indexer.text.display_names import native_name
from search_app import create_app

KYIV_LISTED = ["Kiew", "Kiev", "Kyjiw", "Kijów", "Київ", "Киев", "キーウ"]  # a German article's spellings of Kyiv


@pytest.mark.parametrize("name, language, aliases, listed, shown", [
    # the Ukrainian article writes Києві, Київ, Києва; the German one lists Київ and Киев among Kyiv's spellings
    ("Kyiv", "uk", [(["Києві", "Київ", "Києва", "Kiev", "Kyjiw", "Киев"], 1)], set(KYIV_LISTED), "Київ"),
    ("Kyiv", "ru", [(["Киева", "Киев", "Киеве", "Kiev", "Київ"], 1)], set(KYIV_LISTED), "Киев"),
    # an inflected form alone is not a name: Польщі (in Poland) is no name for Poland
    ("Poland", "uk", [(["Польщі"], 3)], {"Polen", "Polska"}, "Poland"),
    # written only as an adjective (Харківська): the spellings it knows, after the first in Latin letters
    ("Kharkiv", "uk", [(["Kharkov", "Charkiw", "Харків", "Харьков"], 1)], set(), "Харків"),
    # a Ukrainian article that writes Deutsche Bahn in Latin letters: so it stays
    ("Deutsche Bahn", "uk", [(["Deutsche Bahn", "DB", "Дойче Бан"], 1)], {"Дойче Бан"}, "Deutsche Bahn"),
    # a name already in the reader's script, and a reader whose script the name is in
    ("Центральный вокзал", "ru", [(["Центральный вокзал"], 1)], set(), "Центральный вокзал"),
    ("Kyiv", "de", [(["Kiew", "Kiev"], 2)], set(KYIV_LISTED), "Kyiv"),
    # the spelling most articles list wins over one listed earlier by fewer
    ("Lviv", "uk", [(["Львів", "Львові", "Lwiw", "Львов"], 2), (["Львові", "Lwiw", "Львов", "Львів"], 1)],
     {"Львів", "Львов"}, "Львів"),
])
def test_the_name_a_reader_of_the_language_is_shown(name, language, aliases, listed, shown):
    assert native_name(name, language, aliases, listed) == shown


def _facet_labels(client, query: str, language: str, facet: str) -> list[str]:
    html = client.get(f"/search?q={query}", headers={"Accept-Language": language}).get_data(as_text=True)
    panel = re.search(rf'<section class="facet" data-facet="{facet}".*?</section>', html, re.S)
    assert panel, f"no {facet} facet on the page"
    return [label.strip() for label in re.findall(r'<li><a href="[^"]*">(.*?)</a>', panel.group(0), re.S)]


def test_the_ukrainian_interface_shows_places_and_organisations_in_ukrainian(corpus_data):
    client = create_app(corpus_data, TESTING=True).test_client()
    places = _facet_labels(client, "Kyiv", "uk", "place")
    assert "Київ" in places and "Львів" in places and "Kyiv" not in places
    assert "Укрзалізниця" in _facet_labels(client, "Kyiv", "uk", "organization")
    assert "Kyiv" in _facet_labels(client, "Kyiv", "en", "place")
    assert "Ukrainian Railways" in _facet_labels(client, "Kyiv", "en", "organization")
