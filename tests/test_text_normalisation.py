"""One spelling for a page's text: what a reader sees is what the index, the facets, the snippets and the title hold.

A German page that breaks long words with soft hyphens (`Innen&shy;politik`) shows "Innenpolitik"; the archive must
find it by that spelling and must not make people of the pieces. Zero-width characters and odd spaces go the same
way, except where they are spelling (a Persian non-joiner, an emoji sequence, a Thai word break).
"""

from __future__ import annotations

import json

import pytest
from conftest import cli_json, run_cli

from indexer.clean.extract import clean
from indexer.clean.normalize import normalize_text, plain_field
from indexer.models import RawPage

SHY = "\u00ad"
# A made-up commentary whose long compounds carry soft hyphens, as German news sites set them: some written as the
# character, some as the entity, some as a numeric reference.
PARAGRAPHS = [
    f"Die Innen{SHY}politik der Regierung in Berlin steht nach dem Streit über den Haushalt unter Druck, und die "
    f"Opposition spricht von einem Rück&shy;schritt, den das Land sich nicht leisten könne.",
    f"Historiker erinnern an den Expansio{SHY}nismus früherer Jahrhunderte, als ein Welt&#173;reich nach dem anderen "
    "zerfiel, weil seine Herrscher die Kosten der Eroberungen unterschätzten.",
    f"Die Bundes&shy;ministerin Clara Hoff&shy;mann sagte am Montag in Berlin, die Wirtschafts{SHY}leistung werde im "
    "kommenden Jahr wieder wachsen, wenn die Energie&#xAD;preise sinken.",
    "Der Streit um die Schulden\u200bbremse geht weiter; am Mittwoch berät der Haushalts&shy;ausschuss erneut "
    "über die Vorlage, die\u00a0Ministerin Hoffmann im Frühjahr eingebracht hatte.",
]


def german_page() -> str:
    body = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return ("<!doctype html><html lang='de'><head><meta charset='utf-8'>"
            "<title>Innen&shy;politik unter Druck &amp;bull; Hauptstadt&nbsp;Kurier</title>"
            "<meta property='og:site_name' content='Hauptstadt&nbsp;Kurier'>"
            "<meta name='author' content='Jana&nbsp;Wolters'>"
            "<meta property='article:published_time' content='2024-02-05T09:00:00+01:00'></head>"
            f"<body><article><h1>Innen&shy;politik unter Druck</h1>{body}</article></body></html>")


@pytest.fixture(scope="module")
def german_archive(tmp_path_factory):
    folder = tmp_path_factory.mktemp("soft-hyphens")
    page = folder / "innenpolitik.html"
    page.write_text(german_page(), encoding="utf-8")
    data = folder / "archive"
    run_cli("ingest", str(page), data=data, check=True)
    return data, page


def test_words_with_soft_hyphens_are_found_by_their_plain_spelling(german_archive):
    data, _ = german_archive
    for word in ("Expansionismus", "Innenpolitik", "Weltreich", "Energiepreise", "Schuldenbremse"):
        result = cli_json("search", "--json", word, data=data)
        assert result["total"] == 1, word
    hit = cli_json("search", "--json", "Expansionismus", data=data)["hits"][0]
    assert "Expansionismus" in hit["snippet"]
    assert not any(c in hit["snippet"] for c in "\u00ad\u200b\u00a0")
    assert hit["title"] == "Innenpolitik unter Druck"
    assert cli_json("search", "--json", "Expansio", data=data)["total"] == 0


def test_no_word_pieces_become_entities(german_archive):
    _, page = german_archive
    record = json.loads(run_cli("annotate", "--json", str(page), check=True).stdout)
    names = [e["name"] for e in record["entities"]]
    pieces = {"Innen", "Expansio", "Welt", "Bundes", "Hoff", "Wirtschafts", "Energie", "Haushalts", "Rück",
              "Schulden", "Clara Hoff"}
    assert not pieces & set(names), names
    assert "Clara Hoffmann" in names
    assert record["source"] == "Hauptstadt Kurier" and record["byline"] == "Jana Wolters"
    assert "Innenpolitik der Regierung" in record["text"] and "\u00ad" not in record["text"]


def test_a_title_escaped_twice_loses_its_site_name():
    """"Headline &amp;bull; Site" arrives as the text "Headline &bull; Site": the entity is a separator."""
    page = ("<html><head><title>Hafen wird erweitert &amp;bull; Nordsee Bote</title>"
            "<meta property='og:site_name' content='Nordsee Bote'></head><body><article>"
            + "<p>Der Hafen wird bis 2030 um zwei Liegeplätze erweitert, teilte die Stadt am Dienstag mit, "
              "und die Arbeiten beginnen schon im Herbst dieses Jahres.</p>" * 3 + "</article></body></html>")
    article = clean(RawPage(page.encode(), "hafen.html"))
    assert article.title == "Hafen wird erweitert"


@pytest.mark.parametrize(("written", "read"), [
    ("Expansio\u00adnismus", "Expansionismus"),
    ("Schulden\u200bbremse", "Schuldenbremse"),
    ("Dr.\u00a0Hoffmann", "Dr. Hoffmann"),
    ("10\u202f000 Euro", "10 000 Euro"),
    ("Eis\u200c\u200dzeit\u2060", "Eiszeit"),
    ("\ufeffAnfang", "Anfang"),
])
def test_invisible_characters_and_odd_spaces_go(written, read):
    assert normalize_text(written) == read


@pytest.mark.parametrize("spelled", [
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian "I want": the non-joiner is spelling
    "\u0915\u094d\u200d\u0937",  # Devanagari half form with a joiner
    "\U0001F469\u200d\U0001F52C",  # the woman-scientist emoji sequence
    "\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\u200b\u0e04\u0e23\u0e31\u0e1a",  # Thai words split by a zero-width space
])
def test_joiners_that_are_spelling_stay(spelled):
    assert normalize_text(spelled) == spelled
    page = f"<html><body><article><p>{spelled} " + "word " * 60 + "</p></article></body></html>"
    assert spelled in clean(RawPage(page.encode(), "p.html")).text


def test_entities_left_in_metadata_are_decoded_and_text_that_looks_like_one_stays():
    assert plain_field("Tom &amp;amp; Jerry &bull; Cartoon") == "Tom & Jerry • Cartoon"
    assert plain_field("AT&T and Q&A") == "AT&T and Q&A"
