"""German and Dutch compounds found by their head, and kicker lines searched with the headline: through the real
ingest pipeline and search, plus the splitter itself on invented words."""

from __future__ import annotations

import pytest
from conftest import archive_of_pages, cli_json, page_html

from indexer.index.analysis import word_forms
from indexer.text.compounds import compound_heads
from search_app.service import SearchService


@pytest.mark.parametrize(("word", "lang", "heads"), [
    ("Frühlingshochwasser", "de", ("hochwasser", "wasser")),  # linking -s-, and the head's own head
    ("Wolkenkratzerfenster", "de", ("fenster",)),
    ("Regenschirmverleih", "de", ("verleih",)),
    ("Sturmhochwassers", "de", ("hochwassers", "wassers")),  # inflected: the stem meets the query's stem
    ("kaasboerderij", "nl", ("boerderij",)),
    ("regenjasfabriek", "nl", ("fabriek",)),
    ("hoogwaterstand", "nl", ("waterstand", "stand")),
    ("regeringscrisis", "nl", ("crisis",)),
])
def test_a_compound_gives_its_heads(word, lang, heads):
    assert compound_heads(word, lang) == heads


@pytest.mark.parametrize(("word", "lang"), [
    ("Soldaten", "de"),     # Sol|daten: the dictionary's lemma (Soldat) does not end in the "head"
    ("Instrumente", "de"),  # short dictionary junk is no modifier
    ("aufhalten", "de"),    # a lowercase German word is a verb or adjective, not a noun compound
    ("Rheinische", "de"),   # an adjective the dictionary knows
    ("Brandenburg", "de"),  # a known place
    ("Albrecht", "de"),     # a known given name
    ("Zonnehoven", "nl"),   # capitalised in Dutch and unknown lowercase: taken for a name
    ("Zugverkehr", "en"),   # no splitter for English
])
def test_words_that_are_no_compounds_stay_whole(word, lang):
    assert compound_heads(word, lang) == ()


def test_heads_are_index_forms_only_a_query_keeps_the_compound():
    index_forms = word_forms("de", "Frühlingshochwasser", False)
    assert word_forms("de", "Hochwasser", True)[0] in index_forms
    assert word_forms("de", "Frühlingshochwasser", True) == index_forms[:1]


# --- through ingest and search ---------------------------------------------------------------------------------------

PAGES = {
    "de-flood": ("de", "Dresden sperrt die Uferwege an der Elbe", None, [
        "Nach dem Frühlingshochwasser hat die Stadt Dresden am Montag alle Uferwege in der Altstadt gesperrt.",
        "Die Feuerwehr stapelte über Nacht Sandsäcke vor den Kellern der Häuser am Fluss.",
        "Für die Helfer backte eine Bäckerei am Markt dreihundert Sonntagsbrötchen."]),
    "de-parking": ("de", "Stadtrat streitet über neue Gebühren am Bahnhof", "Streit um Parkgebühren", [
        "Der Stadtrat hat am Donnerstag lange über die Gebühren für den Platz vor dem Bahnhof gestritten.",
        "Die Händler fürchten, dass weniger Kunden kommen, wenn das Abstellen des Autos teurer wird.",
        "Eine Entscheidung soll im nächsten Monat fallen, zusammen mit dem Plan für frische Brötchen am Kiosk."]),
    "nl-cheese": ("nl", "Kaasmakers openen hun deuren voor bezoekers", None, [
        "Aan de dijk bij het dorp opent een kaasboerderij dit weekend haar deuren voor het publiek.",
        "Bezoekers kunnen zien hoe de kazen worden gemaakt en mogen ze daarna ook proeven.",
        "De eigenaar verwacht honderden gasten als het zonnig weer blijft."]),
}


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    pages = {}
    for name, (lang, title, kicker, paragraphs) in PAGES.items():
        html = page_html(title, paragraphs, lang=lang, url=f"https://www.test-courier.example/{name}/")
        # the line over the headline, as news sites mark it
        pages[f"{name}.html"] = html.replace("<h1>", f'<p class="article-kicker">{kicker}</p><h1>', 1) if kicker else html
    archive = archive_of_pages(tmp_path_factory.mktemp("compounds"), pages)
    yield SearchService(archive)
    archive.close()


def found(service: SearchService, q: str) -> set[str]:
    return {h["url"].rstrip("/").rsplit("/", 1)[-1] for h in service.search(q)["hits"]}


@pytest.mark.parametrize(("query", "expected"), [
    ("Hochwasser", {"de-flood"}),                      # "Frühlingshochwasser"
    ("Frühlingshochwasser", {"de-flood"}),
    ("Brötchen", {"de-flood", "de-parking"}),          # "Sonntagsbrötchen" and "Brötchen"
    ("Sonntagsbrötchen", {"de-flood"}),                # a query is not split
    ("boerderij", {"nl-cheese"}),                      # "kaasboerderij"
    ("Parkgebühren", {"de-parking"}),                  # only in the kicker
])
def test_a_reporter_finds_compounds_by_their_head_and_the_kicker(service, query, expected):
    assert found(service, query) == expected


def test_the_kicker_is_searched_but_not_shown_as_headline_or_text(service):
    hit = service.search("Parkgebühren")["hits"][0]
    assert hit["title"] == "Stadtrat streitet über neue Gebühren am Bahnhof"
    assert "Parkgebühren" not in hit["snippet"]


def test_the_snippet_marks_the_compound_a_head_query_found(service):
    assert "<mark>Frühlingshochwasser</mark>" in service.search("Hochwasser")["hits"][0]["snippet_html"]


def test_the_bundled_oder_flood_article_is_found_by_hochwasser(corpus_data):
    hits = cli_json("search", "--json", "Hochwasser", data=corpus_data)["hits"]
    assert [h["url"].rsplit("/", 1)[-1] for h in hits] == ["oder-hochwasser-breslau-frankfurt-oder_aid-40517328"]
    assert "<mark>Jahrhunderthochwasser</mark>" in hits[0]["snippet_html"]
