"""The article body holds the story, not the page's credits: bylines, contributor and agency lines, legal notices,
photo credits, meta strips, the writer's bio and the outlet's calls to its own channels stay out of the text and so
out of the facets."""

import pytest

from indexer.annotate.stage import process
from indexer.clean.extract import clean
from indexer.models import RawPage

STORY_EN = [
    "The harbour commission approved a new ferry line on Tuesday, linking the old town with the northern islands "
    "for the first time in forty years, officials in Portsmouth said.",
    "Marta Lindqvist, who chairs the commission, said the first boats would sail in June, weather permitting, and "
    "that tickets would cost the same as the bus.",
    "The line will cost about 12 million pounds a year to run, according to the budget, and will be paid for by "
    "the county and the city in equal parts.",
    "Residents of the islands, who now travel via the mainland, welcomed the decision, although some worried "
    "about the noise of the new terminal near the market.",
]
STORY_DE = [
    "Die Hafenkommission hat am Dienstag eine neue Fährlinie beschlossen, die die Altstadt zum ersten Mal seit "
    "vierzig Jahren mit den nördlichen Inseln verbindet, teilte die Stadt Kiel mit.",
    "Die Vorsitzende der Kommission, Marta Lindqvist, sagte, die ersten Schiffe sollten im Juni fahren, und die "
    "Fahrkarten würden so viel kosten wie der Bus.",
    "Der Betrieb der Linie kostet nach dem Haushaltsplan rund zwölf Millionen Euro im Jahr, die sich Land und "
    "Stadt zu gleichen Teilen teilen.",
    "Die Bewohner der Inseln, die bisher über das Festland reisen, begrüßten die Entscheidung, auch wenn manche "
    "den Lärm des neuen Terminals am Markt fürchten.",
]


def page(paragraphs: list[str], lang: str = "en", head: str = "", inside: str = "", after: str = "",
         title: str = "Ferry line to the islands approved") -> str:
    body = "".join(p if p.startswith("<") else f"<p>{p}</p>" for p in paragraphs)
    return (f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'><title>{title}</title>{head}</head>"
            f"<body><article><h1>{title}</h1><div class='story-body'>{body}{inside}</div>{after}</article>"
            f"</body></html>")


def author(name: str) -> str:
    return f"<meta name='author' content='{name}'>"


def cleaned(html: str):
    return clean(RawPage(html.encode("utf-8"), "credits.html", url="https://www.harbour-news.example/2024/ferry/"))


def annotated(html: str):
    return process(RawPage(html.encode("utf-8"), "credits.html", url="https://www.harbour-news.example/2024/ferry/"))


def entity_names(html: str) -> set[str]:
    return {e.name for e in annotated(html).entities}


# ----------------------------------------------------------------------------------------------- lines


def test_a_byline_line_inside_the_text_is_no_story_and_no_person():
    html = page([STORY_DE[0], STORY_DE[1], "<p><strong>Von Jonas Feldmann</strong></p>", *STORY_DE[2:]], "de",
                head=author("Lena Brückner"), title="Neue Fährlinie zu den Inseln beschlossen")
    assert cleaned(html).paragraphs == STORY_DE
    names = entity_names(html)
    assert "Marta Lindqvist" in names and not any("Feldmann" in n for n in names)


@pytest.mark.parametrize("line", ["By Priya Raman and Tom Okafor", "Par Camille Roux (avec Luc Martin)",
                                  "Por Carla Ibáñez", "حوار: سلمى الحداد"])
def test_byline_lines_in_the_archives_languages_are_left_out(line):
    assert cleaned(page([STORY_EN[0], STORY_EN[1], line, *STORY_EN[2:]])).paragraphs == STORY_EN


def test_a_heading_like_line_that_opens_with_von_but_names_no_one_stays():
    line = "Von Inseln und Fähren"
    html = page([STORY_DE[0], line, *STORY_DE[1:]], "de", title="Neue Fährlinie zu den Inseln beschlossen")
    assert line in cleaned(html).paragraphs


@pytest.mark.parametrize("line, name", [
    ("Priya Raman and Tom Okafor contributed to this report.", "Priya Raman"),
    ("With reporting by Priya Raman in Dover", "Priya Raman"),
    ("SOURCE: Northwind Wire Service", "Northwind Wire Service"),
])
def test_contributor_and_source_lines_are_left_out(line, name):
    html = page([*STORY_EN, line], head=author("Dana Whitfield"))
    assert cleaned(html).paragraphs == STORY_EN
    assert not any(name.split()[0] in n for n in entity_names(html))


def test_a_german_contribution_line_and_agency_signatures_are_left_out():
    last = STORY_DE[-1]
    html = page([*STORY_DE[:-1], f"{last} (KN mit dpa)", "Mitarbeit: Tobias Wendt", "kst/dpa"], "de",
                title="Neue Fährlinie zu den Inseln beschlossen")
    assert cleaned(html).paragraphs == STORY_DE  # the signature is cut, its paragraph stays
    names = entity_names(html)
    assert not any("Wendt" in n or "Presse-Agentur" in n for n in names)


def test_a_closing_bracket_that_is_no_signature_stays():
    last = "The council said the terminal would be finished before the summer (sic)"
    assert cleaned(page([*STORY_EN, last])).paragraphs[-1] == last


def test_a_copyright_notice_in_the_text_is_left_out():
    notice = ("Copyright 2024 Northwind Broadcasting Inc. All rights reserved. This material may not be published, "
              "broadcast, rewritten or redistributed.")
    html = page([*STORY_EN, notice])
    assert cleaned(html).paragraphs == STORY_EN
    assert not any("Northwind" in n for n in entity_names(html))


@pytest.mark.parametrize("notice, name", [
    ("Northwind Media may earn an affiliate commission if you buy something through the links in this article.",
     "Northwind Media"),
    ("Registration on or use of this site constitutes acceptance of our User Agreement and Privacy Policy",
     "User Agreement"),
    ("Community Rules apply to all content you upload or otherwise submit to this site.", "Community Rules"),
    ("ATENÇÃO: Comentários ofensivos ou com textos ininteligíveis não serão aprovados pelo moderador.", "ATENÇÃO"),
])
def test_the_sites_notices_to_its_users_are_left_out(notice, name):
    html = page([*STORY_EN, notice])
    assert cleaned(html).paragraphs == STORY_EN
    assert not any(name in n for n in entity_names(html))


def test_a_story_sentence_on_commissions_and_links_stays():
    last = ("The commission links the ferry timetable to the bus network, and the operator makes no commission on "
            "tickets sold at the pier.")
    assert cleaned(page([*STORY_EN, last])).paragraphs[-1] == last


def test_photo_credits_and_captions_with_a_credit_are_left_out():
    inside = ("<div class='img-wrap'><img src='ferry.jpg'><div class='img-note'>The new ferry at the pier in "
              "Portsmouth, ©Hafenbild.de - Karl Osterhagen</div></div>"
              "<p>Photo: Karl Osterhagen/Northwind Images</p>")
    html = page(STORY_EN[:2], inside=inside + "".join(f"<p>{p}</p>" for p in STORY_EN[2:]))
    assert cleaned(html).paragraphs == STORY_EN
    assert not any("Osterhagen" in n or "Hafenbild" in n for n in entity_names(html))


@pytest.mark.parametrize("credit", ["Top photo by Karl Osterhagen", "Illustration by Karl Osterhagen for the Courier",
                                    "Foto von Karl Osterhagen"])
def test_a_line_that_credits_a_photo_by_its_maker_is_left_out(credit):
    html = page([*STORY_EN, credit])
    assert cleaned(html).paragraphs == STORY_EN
    assert not any("Osterhagen" in n for n in entity_names(html))


def test_a_story_line_opening_with_photos_by_stays():
    line = "Photos by the dozen reached the harbour office that week, most of them of the old ferry."
    assert cleaned(page([*STORY_EN, line])).paragraphs == [*STORY_EN, line]


def test_a_meta_strip_and_a_page_meta_line_are_left_out():
    strip = ("Harbour News | 05.03.2024 à 10h12 • Mis à jour le 05.03.2024 à 18h40 | Par Camille Roux (avec Luc "
             "Martin)")
    meta = "News date : 03/05/2024    Category : Press Releases"
    html = page([strip, *STORY_EN, meta])
    assert cleaned(html).paragraphs == STORY_EN
    names = entity_names(html)
    assert not any("Roux" in n or "Press Releases" in n for n in names)


# ----------------------------------------------------------------------------------------------- the writer


def test_the_writers_bio_and_contact_line_at_the_end_are_left_out():
    bio = ("Dana Whitfield covers transport for Harbour News. Before that she reported on ports and shipping from "
           "Rotterdam and Antwerp.")
    contact = "Have a tip? Dana Whitfield may be reached at dana@harbour-news.example."
    html = page([*STORY_EN, bio, contact], head=author("Dana Whitfield"))
    assert cleaned(html).paragraphs == STORY_EN
    names = entity_names(html)
    assert "Portsmouth" in names and not {"Rotterdam", "Antwerp", "Dana Whitfield"} & names


def test_a_closing_quotation_or_a_product_named_like_its_maker_stays():
    quote = "“Dana Whitfield is right about the timetable,” the mayor said on Wednesday."
    product = "Northwind Ferries Season Pass, 40 pounds a month"
    article = cleaned(page([*STORY_EN, quote, product], head=author("Dana Whitfield") + author("Northwind")))
    assert article.paragraphs[-2:] == [quote, product]


def test_an_italic_tagline_presenting_the_writers_of_a_column_is_left_out():
    story = [
        "La nueva línea de transbordadores une por primera vez en cuarenta años el casco antiguo con las islas del "
        "norte, y eso cambia la vida de miles de familias de Valparaíso.",
        "El presupuesto prevé unos doce millones al año, que la región y la ciudad pagarán a partes iguales, una "
        "cifra razonable si se compara con el costo de los puentes.",
    ]
    tagline = ("<p><em>Carla Ibáñez es historiadora e investigadora en la Universidad de Concepción. Rodrigo Saez es "
               "economista.</em></p>")
    html = page([*story, tagline], "es", title="Un puente sobre el agua")
    assert cleaned(html).paragraphs == story
    assert not any("Ibáñez" in n or "Concepción" in n for n in entity_names(html))


def test_the_closing_bio_of_someone_the_story_is_about_stays():
    story = [
        "Marta Lindqvist has chaired the harbour commission since 2019 and pushed for the ferry line from the start, "
        "against the advice of the county.",
        *STORY_EN[2:],
    ]
    bio = "<p><em>Marta Lindqvist is an engineer and has worked for the port authority for twenty years.</em></p>"
    assert cleaned(page([*story, bio])).paragraphs[-1].startswith("Marta Lindqvist is an engineer")


# ----------------------------------------------------------------------------------------------- teasers


def test_a_teaser_of_another_story_set_into_the_article_is_left_out():
    teaser = ("<article class='post-card'><h2><a href='/2024/wave-power/'>Wave power off Tasmania</a></h2>"
              "<p>A small plant turned the swell off Tasmania into electricity for a whole town last winter.</p>"
              "</article>")
    html = page(STORY_EN, inside=teaser)
    assert cleaned(html).paragraphs == STORY_EN
    assert "Tasmania" not in entity_names(html)


# ----------------------------------------------------------------------------------------------- the outlet's calls


@pytest.mark.parametrize("paragraphs, call, name", [
    (STORY_EN, "Download the Tidewater Courier app to read every ferry report the moment it is filed.", "Tidewater"),
    (STORY_EN, "Join our Harbour Forums to keep talking ferries! And if you have a news tip, let us know at "
               "tips@harbour-news.example.", "Harbour Forums"),
    (STORY_DE, "Wir bei WhatsApp: 0160 - 12 34 56 0", "WhatsApp"),
    (STORY_EN, "Follow Tidewater Courier: Twitter | Facebook", "Twitter"),
    (STORY_DE, "Abonnieren Sie unseren Newsletter Küstenpost: jeden Morgen die Nachrichten aus Kiel und den Inseln "
               "in Ihrem Postfach.", "Küstenpost"),
])
def test_the_outlets_closing_call_to_its_channels_is_left_out(paragraphs, call, name):
    html = page([*paragraphs, call], "de" if paragraphs is STORY_DE else "en",
                title="Ferry line to the islands approved")
    assert cleaned(html).paragraphs == paragraphs
    assert not any(name in n for n in entity_names(html))


def test_a_short_call_before_the_story_is_left_out():
    call = "Chat with us on Telegram. Find out what is happening in the world as it unfolds."
    assert cleaned(page([call, *STORY_EN])).paragraphs == STORY_EN


@pytest.mark.parametrize("last", [
    "To get started, islanders can download the ferry app, which shows the timetable and sells the tickets.",
    "“Download the app before you travel,” Marta Lindqvist told the members of the commission.",
    "Follow-up talks with the rail operator, whose app already sells combined tickets, are planned for May.",
    "Get Aboard, the film about the first crossing, is streaming on YouTube and Facebook from Friday.",
])
def test_a_closing_paragraph_of_the_story_that_names_an_app_stays(last):
    assert cleaned(page([*STORY_EN, last])).paragraphs[-1] == last
