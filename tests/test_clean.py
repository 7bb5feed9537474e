"""The cleaner as a reader sees it: the story's text and facts, without the page around it."""

import gzip
import json
from pathlib import Path

import pytest

from indexer.clean.extract import MAX_PAGE_BYTES, clean, decode_html
from indexer.models import InputError, RawPage

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEED = SHARED / "seeds" / "000_5b693613544c8dd9"
CORPUS = Path(__file__).resolve().parents[1] / "corpus"

STORY = [
    "The harbour commission approved a new ferry line on Tuesday, linking the old town with the northern "
    "islands for the first time in forty years, officials said.",
    "“We have waited a long time for this,” said Marta Lindqvist, who chairs the commission, adding that the "
    "first boats would sail in June.",
    "The line will cost about 12 million euros a year to run, according to the budget, and will be paid for "
    "by the region and the city in equal parts.",
    "Residents of the islands, who currently travel via the mainland, welcomed the decision, although some "
    "worried about the noise of the new terminal near the market.",
]


def story_html(head: str = "", before: str = "", after: str = "", byline: str = "") -> str:
    paragraphs = "".join(f"<p>{p}</p>" for p in STORY)
    return (f"<!DOCTYPE html><html lang='en-GB'><head><meta charset='utf-8'>{head}</head><body>{before}"
            f"<article><h1>Ferry line to the islands approved</h1>{byline}<div class='story-body'>{paragraphs}"
            f"</div></article>{after}</body></html>")


def run(html: str | bytes, url: str | None = "https://www.harbour-news.example/2024/03/05/ferry/", **kw):
    data = html.encode("utf-8") if isinstance(html, str) else html
    return clean(RawPage(data, "test.html", url=url, **kw))


# ----------------------------------------------------------------------------------------------- body


def test_story_paragraphs_come_out_in_order():
    article = run(story_html())
    assert article.paragraphs == STORY
    assert all(block.kind == "p" for block in article.blocks)


def test_a_sentence_cut_by_a_double_line_break_stays_one_paragraph():
    cut = ("The ferry company gave life jackets and a spare radio to help the volunteers of the Island Sea Rescue "
           "Trust for Coastal <br /><br /> Safety and Training with their work this winter.")
    article = run(story_html(after="").replace("<div class='story-body'>",
                                               f"<div class='story-body'><p>{cut}</p>"))
    assert ("The ferry company gave life jackets and a spare radio to help the volunteers of the Island Sea Rescue "
            "Trust for Coastal Safety and Training with their work this winter.") in article.paragraphs


def test_boilerplate_around_the_story_is_dropped():
    before = ("<header><nav><a href='/'>Home</a><a href='/world'>World</a><a href='/sport'>Sport</a></nav></header>"
              "<div id='cookie-banner'>We use cookies to improve your experience. Accept all</div>"
              "<div class='ad ad-top'>Advertisement: cheap flights to everywhere, book today</div>")
    after = ("<div class='share-bar'>Share this article on Facebook, Twitter or by email</div>"
             "<aside class='related'><h3>Read next</h3><ul><li><a href='/a'>Markets rally as oil prices dip"
             "</a></li><li><a href='/b'>Ten recipes for a spring picnic</a></li></ul></aside>"
             "<div class='newsletter-box'>Sign up for our morning newsletter and never miss a story again.</div>"
             "<section id='comments'><p>Great article, thanks so much for writing about the ferry, really "
             "interesting to read all of this.</p></section>"
             "<footer><p>© 2024 Harbour News. All rights reserved.</p></footer>")
    figure = ("<figure><img src='f.jpg'><figcaption>The new ferry at the pier. (Photo: Port Agency)"
              "</figcaption></figure>")
    html = story_html(before=before, after=after).replace("<div class='story-body'>", "<div class='story-body'>"
                                                          + figure)
    text = run(html).text
    for paragraph in STORY:
        assert paragraph in text
    for junk in ("cookies", "Advertisement", "Share this", "Markets rally", "newsletter", "Great article",
                 "All rights reserved", "Photo: Port Agency", "Home", "Read next"):
        assert junk not in text


def test_hidden_elements_are_dropped():
    hidden = ("<p style='display: none'>Secret tracking text that nobody sees on the page at all.</p>"
              "<p hidden>A hidden paragraph left by the content system for later use somewhere.</p>"
              "<div aria-hidden='true'>Decorative duplicate of the headline for screen effects only.</div>"
              "<span class='visually-hidden'>Skip to main content and more hidden helper text</span>")
    html = story_html().replace("<div class='story-body'>", "<div class='story-body'>" + hidden)
    text = run(html).text
    assert "Secret" not in text and "hidden paragraph" not in text and "Decorative" not in text
    assert "Skip to main" not in text
    assert STORY[0] in text


def test_scripts_and_styles_never_leak_into_text():
    html = story_html(head="<style>p{color:red}</style><script>var tracking = 1;</script>")
    html = html.replace("</article>", "<script>window.ads = [1, 2, 3];</script></article>")
    text = run(html).text
    assert "tracking" not in text and "window.ads" not in text and "color:red" not in text


def test_headings_lists_quotes_and_tables_are_kept_with_their_kind():
    extra = ("<h2>What changes for passengers</h2><ul><li>Boats every two hours</li><li>Bikes travel free</li></ul>"
             "<blockquote><p>It is a good day for the islands and for everyone who lives there.</p></blockquote>"
             "<table><thead><tr><th>Stop</th><th>Minutes</th></tr></thead><tbody><tr><td>Old town</td><td>0</td></tr>"
             "<tr><td>North island</td><td>35</td></tr></tbody></table>"
             "<p>The commission will review the timetable after the first summer of operation.</p>")
    html = story_html().replace("</div></article>", extra + "</div></article>")
    blocks = [(b.kind, b.text) for b in run(html).blocks]
    assert ("h", "What changes for passengers") in blocks
    assert ("li", "Boats every two hours") in blocks and ("li", "Bikes travel free") in blocks
    assert ("quote", "It is a good day for the islands and for everyone who lives there.") in blocks
    tables = [text for kind, text in blocks if kind == "table"]
    assert len(tables) == 1 and "North island" in tables[0] and "35" in tables[0]
    assert blocks[-1] == ("p", "The commission will review the timetable after the first summer of operation.")


def test_markup_nested_hundreds_of_thousands_deep_does_not_crash():
    depth = 200_000
    html = ("<html><body>" + "<div>" * depth + "<p>" + STORY[0] + "</p>" + "</div>" * depth
            + "</body></html>")
    article = run(html, url=None)
    assert STORY[0] in article.text


def test_truncated_markup_still_gives_the_text():
    html = story_html()
    cut = html[: html.index(STORY[3]) + 60]
    article = run(cut)
    assert STORY[2] in article.text and STORY[3][:60] in article.text


# ----------------------------------------------------------------------------------------------- metadata


def test_title_is_the_headline_without_the_site_name():
    head = "<title>Ferry line to the islands approved | Harbour News</title>"
    assert run(story_html(head=head)).title == "Ferry line to the islands approved"


def test_title_from_og_title_when_there_is_no_h1():
    head = ("<title>Harbour News - Ferry approved for the islands</title>"
            "<meta property='og:site_name' content='Harbour News'>"
            "<meta property='og:title' content='Ferry approved for the islands'>")
    html = story_html(head=head).replace("<h1>Ferry line to the islands approved</h1>", "")
    assert run(html).title == "Ferry approved for the islands"


@pytest.mark.parametrize(
    ("byline", "authors"),
    [("<p class='byline'>By Anna Berg and Tom Weller</p>", ["Anna Berg", "Tom Weller"]),
     ("<div class='author'>Von Claudia Brandt</div>", ["Claudia Brandt"]),
     ("<span class='byline'>Par Benoît Rey, à Valence</span>", ["Benoît Rey"]),
     ("<a rel='author' href='/authors/ab'>Anna Berg</a>", ["Anna Berg"])],
)
def test_authors_from_visible_bylines_lose_their_prefix(byline, authors):
    article = run(story_html(byline=byline))
    assert article.authors == authors
    assert all(byline_word not in article.text for byline_word in ("By Anna", "Von Claudia", "Par Beno"))


def test_metadata_from_jsonld():
    ld = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebSite", "name": "ignored"},
        {"@type": "NewsArticle", "headline": "Ferry line to the islands approved",
         "datePublished": "2024-03-05T08:30:00+01:00", "dateModified": "2024-03-05T10:00:00+01:00",
         "author": [{"@type": "Person", "name": "Anna Berg"}, {"@type": "Person", "name": "Tom Weller"}],
         "publisher": {"@type": "Organization", "name": "Harbour News"}, "inLanguage": "en",
         "image": {"@type": "ImageObject", "url": "https://cdn.example/ferry.jpg"}}]}
    head = f"<script type='application/ld+json'>{json.dumps(ld)}</script>"
    article = run(story_html(head=head), url=None)
    assert article.published == "2024-03-05T08:30:00+01:00"
    assert article.modified == "2024-03-05T10:00:00+01:00"
    assert article.authors == ["Anna Berg", "Tom Weller"]
    assert article.source == "Harbour News"
    assert article.image == "https://cdn.example/ferry.jpg"


def test_metadata_from_opengraph_and_article_meta():
    head = ("<meta property='og:site_name' content='Harbour News'>"
            "<meta property='og:url' content='https://www.harbour-news.example/ferry'>"
            "<meta property='og:description' content='The islands get a ferry.'>"
            "<meta property='og:image' content='/img/ferry.jpg'>"
            "<meta property='article:published_time' content='2024-03-05T08:30:00Z'>"
            "<meta property='article:modified_time' content='2024-03-06T09:00:00Z'>"
            "<meta name='author' content='Anna Berg'>")
    article = run(story_html(head=head), url="https://www.harbour-news.example/ferry?utm=1")
    assert article.published == "2024-03-05T08:30:00+00:00"
    assert article.modified == "2024-03-06T09:00:00+00:00"
    assert article.source == "Harbour News"
    assert article.url == "https://www.harbour-news.example/ferry"
    assert article.description == "The islands get a ferry."
    assert article.image == "https://www.harbour-news.example/img/ferry.jpg"
    assert article.authors == ["Anna Berg"]


@pytest.mark.parametrize(
    ("byline", "url", "published"),
    [("<time datetime='2024-03-05T08:30:00+01:00'>5 March 2024</time>", None, "2024-03-05T08:30:00+01:00"),
     ("<span itemprop='datePublished' content='2024-03-05'>yesterday</span>", None, "2024-03-05"),
     ("<div class='date'>Veröffentlicht am 5. März 2024, 08:30 Uhr</div>", None, "2024-03-05T08:30:00"),
     ("<div class='meta'>Publié le 5 mars 2024</div>", None, "2024-03-05"),
     ("", "https://news.example/2024/03/05/ferry/", "2024-03-05")],
)
def test_each_date_source(byline, url, published):
    article = run(story_html(byline=byline), url=url)
    assert article.published == published


def test_canonical_url_language_and_host_fallback_source():
    head = "<link rel='canonical' href='/2024/03/05/ferry/'>"
    article = run(story_html(head=head), url="https://www.harbour-news.example/amp/ferry")
    assert article.url == "https://www.harbour-news.example/2024/03/05/ferry/"
    assert article.declared_language == "en"
    assert article.source == "harbour-news.example"


def test_front_page_is_not_an_article():
    links = "".join(f"<li><a href='/story/{i}'>Headline number {i} about something that happened</a></li>"
                    for i in range(80))
    html = (f"<html><head><title>Harbour News</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<main><h1>Top stories</h1><ul>{links}</ul><p>Weather: sunny, 18 degrees.</p></main></body></html>")
    article = run(html, url="https://www.harbour-news.example/")
    assert article.is_article is False
    assert run(story_html()).is_article is True


# ----------------------------------------------------------------------------------------------- input


def test_gzip_page_is_cleaned():
    article = run(gzip.compress(story_html().encode("utf-8")))
    assert article.paragraphs == STORY


def test_page_declaring_utf8_but_written_in_cp1251():
    text = "Депутаты городской думы приняли бюджет на следующий год, сообщила пресс-служба."
    html = f"<html><head><meta charset='utf-8'></head><body><article><p>{text}</p></article></body></html>"
    article = run(html.encode("cp1251"))
    assert article.text == text
    assert decode_html(html.encode("cp1251")) == html


@pytest.mark.parametrize(
    ("data", "words"),
    [(b"", "empty"), (b"%PDF-1.4\n1 0 obj", "PDF"), (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "PNG"),
     (b"\x7fELF\x02\x01\x01\x00\x00\x00", "executable")],
)
def test_unusable_input_raises_a_clear_input_error(data, words):
    with pytest.raises(InputError, match=words):
        clean(RawPage(data, "bad.html"))


def test_page_over_the_size_limit_is_refused():
    data = b"<html><body><p>" + b"a" * MAX_PAGE_BYTES + b"</p></body></html>"
    with pytest.raises(InputError, match="too large"):
        clean(RawPage(data, "big.html"))


# ----------------------------------------------------------------------------------------------- real pages


@pytest.mark.skipif(not SEED.with_suffix(".html").exists(), reason="shared seed not available")
def test_seed_article_matches_its_hand_cleaned_text():
    article = clean(RawPage(SEED.with_suffix(".html").read_bytes(), str(SEED)))
    gold = [line.strip() for line in SEED.with_suffix(".txt").read_text(encoding="utf-8").splitlines()
            if line.strip()]
    assert article.paragraphs == gold
    assert article.title == "Rocket strike on Kramatorsk railway station kills more than 30 civilians"
    assert article.authors == ["Staff Reporter"]
    assert article.published == "2022-04-08T09:14:00-04:00"
    assert article.source == "Example Daily"
    assert article.url == "https://news.example.org/2022/04/08/kramatorsk-station-strike/"
    assert article.declared_language == "en"
    assert article.is_article


CORPUS_PAGES = sorted(p for p in CORPUS.rglob("*") if p.name.endswith((".html", ".htm", ".html.gz")))


@pytest.mark.skipif(not CORPUS_PAGES, reason="bundled corpus not written yet")
@pytest.mark.parametrize("path", CORPUS_PAGES, ids=lambda p: p.name)
def test_bundled_corpus_pages_give_a_story(path):
    article = clean(RawPage(path.read_bytes(), str(path)))
    assert article.title and len(article.blocks) >= 3
    assert article.published and article.published.startswith("2026")
    assert "\ufffd" not in article.text and "Ã" not in article.text
    assert not article.source.endswith(".example")  # every bundled outlet names itself in og:site_name or <title>
    assert len(article.paragraphs[0]) >= 20  # no section label or date line opens the story


def test_body_split_around_ads_into_twin_containers_is_read_whole():
    first = "".join(f"<p>{p}</p>" for p in STORY[:2])
    second = "".join(f"<p>{p}</p>" for p in STORY[2:])
    html = (f"<html><body><main><div class='story-text'>{first}</div><div class='ad-slot'>Advertisement</div>"
            f"<div class='story-text'>{second}</div></main></body></html>")
    assert run(html).paragraphs == STORY


def test_standfirst_before_the_body_container_is_kept():
    lead = "Forty years after the last boat, the islands will be linked to the old town again."
    html = story_html().replace("<div class='story-body'>", f"<div class='intro'><p>{lead}</p></div>"
                                "<div class='story-body'>")
    html = html.replace("<article>", "<div class='wrap'>").replace("</article>", "</div>")
    assert run(html).paragraphs[0] == lead


def test_post_shipped_as_html_template_is_read():
    paragraphs = "".join(f"<p>{p}</p>" for p in STORY)
    html = (f"<html><body><div class='post-body' itemprop='articleBody'><script type='text/template'>{paragraphs}"
            f"</script></div><footer><p>© Harbour News</p></footer></body></html>")
    assert run(html).paragraphs == STORY


# ----------------------------------------------------------------------------------------------- headline and date sources


def page(head: str = "", top: str = "", h1: str = "Ferry line to the islands approved", after: str = "") -> str:
    paragraphs = "".join(f"<p>{p}</p>" for p in STORY)
    return (f"<html><head><meta charset='utf-8'>{head}</head><body>{top}<article><h1>{h1}</h1>"
            f"<div class='story-body'>{paragraphs}</div></article>{after}</body></html>")


def test_headline_that_title_and_structured_data_agree_on_beats_a_short_display_h1():
    head = ("<title>Islands get their first ferry in forty years - Harbour News</title>"
            "<script type='application/ld+json'>{\"@type\": \"NewsArticle\", "
            "\"headline\": \"Islands get their first ferry in forty years\"}</script>"
            "<meta property='og:title' content='Ferry approved'>")
    assert run(page(head, h1="Ferry approved")).title == "Islands get their first ferry in forty years"


def test_bare_title_copying_og_title_does_not_outvote_a_confirmed_h1():
    head = ("<title>Islands get their first ferry in forty years</title>"
            "<meta property='og:title' content='Islands get their first ferry in forty years'>"
            "<meta name='twitter:title' content='Ferry line to the islands approved'>")
    assert run(page(head)).title == "Ferry line to the islands approved"


def test_h1_that_only_slightly_differs_from_og_title_is_the_headline():
    head = "<meta property='og:title' content='Ferry lines to the islands approved'>"
    assert run(page(head)).title == "Ferry line to the islands approved"


def test_h1_framing_the_og_title_with_a_series_name_is_kept_whole():
    head = "<meta property='og:title' content='Ferry line to the islands approved'>"
    h1 = "Island Report: Ferry line to the islands approved | Broadcast of 5 March"
    assert run(page(head, h1=h1)).title == h1


@pytest.mark.parametrize("h1", [
    "<span class='article-heading__kicker'>Island Report</span><span class='visually-hidden'>: </span>"
    "<span class='article-heading__title'>Ferry line to the islands approved</span>",
    "<span class='title-header'>Island Report</span><span aria-hidden='true'> – </span>"
    "<span>Ferry line to the islands approved</span>",
])
def test_a_kicker_inside_the_h1_is_not_part_of_the_headline(h1):
    head = ("<title>Island Report: Ferry line to the islands approved | Harbour News</title>"
            "<meta property='og:title' content='Island Report: Ferry line to the islands approved'>")
    article = run(page(head, h1=h1))
    assert article.title == "Ferry line to the islands approved"
    assert article.title_extras == ["Island Report"]
    assert "Island Report" not in article.text and article.paragraphs == STORY


def test_h1_that_the_json_ld_headline_repeats_beats_a_series_name_in_title_and_og_title():
    head = ("<title>Island Report | Ferry line to the islands approved | Harbour News</title>"
            "<meta property='og:title' content='Island Report | Ferry line to the islands approved'>"
            "<script type='application/ld+json'>{\"@type\": \"NewsArticle\", "
            "\"headline\": \"Ferry line to the islands approved\"}</script>")
    assert run(page(head)).title == "Ferry line to the islands approved"


@pytest.mark.parametrize("generic", ["Home", "Startseite", "Harbour News"])
def test_a_title_naming_the_site_or_its_home_page_gives_way_to_the_h1(generic):
    head = (f"<title>{generic} | Harbour News</title><meta property='og:title' content='{generic}'>"
            "<meta property='og:site_name' content='Harbour News'>")
    assert run(page(head)).title == "Ferry line to the islands approved"


def test_logo_h1_repeating_the_site_segment_of_title_is_not_the_headline():
    head = "<title>Ferry approved – New pier | Harbour and Island News Weekly</title>"
    top = "<div class='logo'><h1>Harbour and Island News Weekly</h1></div>"
    article = run(page(head, top=top, h1=""), url="https://example.org/ferry")
    assert article.title == "Ferry approved – New pier"


def test_dublin_core_title_in_a_space_separated_meta_name():
    head = "<title>Page</title><meta name='x:title dc:title' content='Ferry line to the islands approved'>"
    assert run(page(head, h1="")).title == "Ferry line to the islands approved"


def test_shown_local_day_corrects_a_utc_timestamp_one_day_off():
    head = "<meta property='article:published_time' content='2022-05-04T00:25:56Z'>"
    top = "<span class='mod-date'><time datetime='3 de mayo de 2022'>3 de mayo de 2022</time></span>"
    assert run(page(head, top=top), url=None).published[:10] == "2022-05-03"


def test_utc_timestamp_is_kept_when_the_shown_day_agrees():
    head = "<meta property='article:published_time' content='2022-05-04T09:25:56Z'>"
    top = "<time datetime='2022-05-04'>4 May 2022</time>"
    assert run(page(head, top=top), url=None).published == "2022-05-04T09:25:56+00:00"


def test_dates_of_related_stories_are_not_the_page_date():
    related = ("<div class='related-posts'><article><time class='published' datetime='2020-12-03'>3 Dec 2020</time>"
               "<a href='/old'>An older story</a></article></div>")
    top = "<span class='published'>31 October 2023</span>"
    assert run(page(top=top, after=related), url=None).published == "2023-10-31"


def test_date_mentioned_in_a_sentence_is_not_taken_for_the_page_date():
    footer = ("<p>The next meeting takes place on 5 February 2020 at the town hall.</p>"
              "<ul><li>This page was last modified on 29 January 2020, at 13:22.</li></ul>")
    assert run(page(after=footer), url=None).published[:10] == "2020-01-29"


def test_date_from_a_script_state_blob_as_last_resort():
    state = "<script>window.__STATE__ = {\"story\": {\"createdAt\": \"2022-01-31T15:58:43+01:00\"}}</script>"
    assert run(page(after=state), url=None).published == "2022-01-31T15:58:43+01:00"


def test_standfirst_in_the_story_header_is_kept():
    lead = "Forty years after the last boat, the islands are getting a ferry line again, the commission decided."
    html = (f"<html><body><main><article><header class='article-header'><h1>Ferry line approved</h1>"
            f"<div class='summary'>{lead}</div></header><div class='story-body'>"
            + "".join(f"<p>{p}</p>" for p in STORY) + "</div></article></main></body></html>")
    assert run(html).paragraphs == [lead, *STORY]


@pytest.mark.parametrize("box", ["<div class='alert alert--success'>The item was added to your wish list.</div>",
                                 "<div class='products-slider'><p>Today we recommend: our espresso blend.</p></div>",
                                 "<div class='field-name-field-license'><p>This text is published under a CC "
                                 "licence.</p></div>",
                                 "<div class='modTeaser'><p>Symposium asks how young people can take part.</p></div>"])
def test_notice_slider_licence_and_camelcase_teaser_boxes_are_dropped(box):
    html = page(after=box).replace("</article>", box + "</article>")
    assert run(html).paragraphs == STORY


def test_text_in_a_modal_dialog_is_not_the_story_even_when_it_is_all_paragraphs():
    modal = ("<div class='modal disclosures-modal'><div class='modal__body'><p>Disclosures: the authors report "
             "grants from the regional transport fund, paid to their institution, outside the submitted work.</p>"
             "<p>Acknowledgment: the authors thank the seminar participants for their comments.</p></div></div>")
    sections = "".join(f"<section><h2>Part {i}</h2><div>{p}</div></section>" for i, p in enumerate(STORY))
    html = f"<html><body><article><h1>Ferry line approved</h1>{sections}{modal}</article></body></html>"
    text = run(html).text
    assert "Disclosures" not in text and STORY[0] in text


def test_a_story_opened_in_an_overlay_over_the_section_page_is_the_story():
    teasers = "".join(f"<li><a href='/s/{i}'>Teaser {i}</a><p>{'Short summary of another story. ' * 8}</p></li>"
                      for i in range(30))
    overlay = (f"<div id='story-modal' class='modal-layer modal-open'><article><h1>Ferry line approved</h1>"
               f"{''.join(f'<p>{p}</p>' for p in STORY)}</article></div>")
    html = (f"<html><head><title>Ferry line approved</title><meta property='og:title' content='Ferry line approved'>"
            f"</head><body><ul class='stream'>{teasers}</ul>{overlay}</body></html>")
    article = run(html)
    assert article.title == "Ferry line approved" and STORY[0] in article.text and "Teaser 3" not in article.text


def test_formulas_are_read_as_text_even_when_a_script_marks_them_as_having_a_menu():
    # MathJax draws a formula with styled glyphs and keeps it as MathML for screen readers, in a container whose
    # class says a context menu is attached; the TeX source in <annotation> is not what the reader sees.
    def formula(mathml: str) -> str:
        return (f"<mjx-container class='MathJax CtxtMenu_Attached_0'><mjx-math></mjx-math><mjx-assistive-mml>"
                f"<math>{mathml}<annotation encoding='application/x-tex'>TEXSOURCE</annotation></math>"
                f"</mjx-assistive-mml></mjx-container>")

    inline = formula("<mi>r</mi><mo>=</mo><mn>4</mn>")
    display = formula("<mi>V</mi><mo>≈</mo><mn>268</mn>")
    html = (f"<html><body><article><h1>Ferry line approved</h1><p>{STORY[0]}</p>"
            f"<p>The new tank has a radius {inline} metres, so its volume is</p><div>{display}</div>"
            f"<p>{STORY[1]}</p></article></body></html>")
    text = run(html).text
    assert "r=4 metres" in text and "V≈268" in text and "TEXSOURCE" not in text


# ----------------------------------------------------------------------------------------------- QA fixes


FERRY = "Ferry line to the islands approved"


@pytest.mark.parametrize(
    ("title", "h1", "source"),
    [(f"{FERRY} | Harbour Evening Post", FERRY, "Harbour Evening Post"),
     (f"Harbour Evening Post – {FERRY}", FERRY, "Harbour Evening Post"),
     ("Паромная линия одобрена: острова ждут | Вечерний Порт", "Паромная линия одобрена: острова ждут",
      "Вечерний Порт"),
     (f"{FERRY} | Kai Ostermann - Harbour Notes", FERRY, "Kai Ostermann - Harbour Notes"),
     (f"{FERRY} | Transport | Harbour Evening Post", FERRY, "Harbour Evening Post")],
)
def test_source_from_the_title_segment_beside_the_headline(title, h1, source):
    html = (f"<html><head><title>{title}</title></head><body><article><h1>{h1}</h1>"
            + "".join(f"<p>{p}</p>" for p in STORY) + "</article></body></html>")
    article = run(html, url="https://harbour-post.example/2024/ferry")
    assert article.source == source
    assert article.title == h1


def test_topic_prefix_in_title_is_not_taken_for_the_source():
    html = ("<html><head><title>Transport: Ferry line to the islands approved</title></head><body><article>"
            "<h1>Transport: Ferry line to the islands approved</h1>"
            + "".join(f"<p>{p}</p>" for p in STORY) + "</article></body></html>")
    assert run(html, url="https://harbour-post.example/2024/ferry").source == "harbour-post.example"


def test_og_site_name_still_beats_the_title():
    head = ("<title>Ferry line to the islands approved | Harbour Evening Post</title>"
            "<meta property='og:site_name' content='HEP Online'>")
    assert run(story_html(head=head)).source == "HEP Online"


def test_date_line_and_section_label_before_the_story_are_dropped():
    arabic = ("<html lang='ar'><body><article><p class='section'>ثقافة</p><h1>افتتاح متحف جديد في المدينة</h1>"
              "<div class='story-meta'><span class='byline'>بقلم: سلمى</span> – "
              "<time datetime='2026-10-14T17:00:00+01:00'>الأربعاء 14 أكتوبر/تشرين الأول 2026 – 17:00</time></div>"
              "<p>فتح المتحف الجديد أبوابه أمام الزوار صباح الأربعاء بعد أشغال ترميم طويلة، وقال مديره إن المجموعة "
              "تضم أكثر من خمسمائة قطعة من الحرف التقليدية التي جمعت من ورشات المدينة القديمة.</p>"
              "<p>ويفتح المتحف أبوابه يومياً من التاسعة صباحاً إلى السادسة مساءً.</p></article></body></html>")
    article = run(arabic)
    assert article.paragraphs[0].startswith("فتح المتحف")
    assert not any("17:00" in p or p == "ثقافة" for p in article.paragraphs)
    japanese = ("<html lang='ja'><body><article><p class='genre'>文化</p><h1>港町の文学賞に新人作家</h1>"
                "<p>第十二回の文学賞の選考会が十二日に神戸市で開かれ、港町を舞台にした長編小説が受賞作に決まった。"
                "賞金は三百万円で、贈呈式は来年一月に開かれる。</p><p>受賞者は「とても驚いた」と話した。</p>"
                "<p>選考委員の一人は、登場人物の会話が生き生きしていると評価した。</p></article></body></html>")
    article = run(japanese)
    assert article.paragraphs[0].startswith("第十二回")
    assert "文化" not in article.paragraphs
    assert article.paragraphs[1] == "受賞者は「とても驚いた」と話した。"


def test_short_opening_paragraph_and_wire_dateline_stay():
    first = "WARSAW, April 24, 2026 – The night train from Kyiv arrived."
    html = (f"<html><body><article><h1>Night train arrives</h1><p>{first}</p><p>It was full.</p>"
            + "".join(f"<p>{p}</p>" for p in STORY) + "</article></body></html>")
    article = run(html)
    assert article.paragraphs[:2] == [first, "It was full."]


@pytest.mark.parametrize("data", [b"hello", b"hello\n", "Привет, мир".encode("utf-16")])
def test_plain_text_without_markup_is_refused(data):
    with pytest.raises(InputError, match="not an HTML page"):
        clean(RawPage(data, "notpage.txt"))


def test_html_fragment_without_html_element_is_still_cleaned():
    fragment = "".join(f"<p>{p}</p>" for p in STORY)
    assert run(fragment).paragraphs == STORY


def test_editor_credit_closing_a_chinese_story_is_not_text():
    story = ("<p>杭州一家农业无人机企业八日宣布完成新一轮融资，资金将用于研发适合丘陵茶园的小型植保无人机，"
             "并扩大在浙江和福建的服务网络。</p><p>公司创始人表示，产品已在约一千个茶园使用。</p>")
    article = run(f"<html lang='zh'><body><article><h1>无人机企业完成融资</h1>{story}"
                  "<p>（责任编辑：王明）</p></article></body></html>")
    assert article.paragraphs[-1] == "公司创始人表示，产品已在约一千个茶园使用。"


# ----------------------------------------------------------------------------------------------- headline and date: more sources


def test_h1_in_a_breadcrumb_gives_way_to_the_marked_article_headline():
    head = ("<script type='application/ld+json'>{\"@type\": \"NewsArticle\", "
            "\"headline\": \"Islands: ferry plan passes, first boats in June\"}</script>"
            "<meta property='og:title' content='Ferry line to the islands approved'>")
    crumbs = ("<nav class='breadcrumb'><a href='/'>Home</a>"
              "<h1>Islands: ferry plan passes, first boats in June</h1></nav>")
    html = page(head, top=crumbs, h1="").replace("<h1></h1>", "<h2 class='article-headline'>"
                                                              "Ferry line to the islands approved</h2>")
    assert run(html, url=None).title == "Ferry line to the islands approved"


def test_dates_in_a_teaser_carousel_are_not_the_page_date():
    carousel = ("<aside><div class='swiper-slide'><article class='teaser'><a href='/other'>Another story</a>"
                "<span class='teaser__date'>01. Juli 2020</span></article></div></aside>")
    top = "<div class='article-header__timeline' data-date='18. März 2020'></div>"
    assert run(page(top=carousel + top), url=None).published == "2020-03-18"


def test_day_in_the_url_corrects_a_utc_timestamp_one_day_off():
    head = "<meta property='article:published_time' content='2019-11-19T04:58:46Z'>"
    assert run(page(head), url="https://news.example/2019/11/18/ferry/").published == "2019-11-18"
    assert run(page(head), url="https://news.example/2019/11/19/ferry/").published == "2019-11-19T04:58:46+00:00"


def test_posted_time_beats_an_update_time_shown_first():
    top = ("<p class='meta'><time datetime='2019-11-19'>Updated Nov 19, 9:41 AM</time> "
           "<time datetime='2019-11-18'>Posted Nov 18, 8:19 PM</time></p>")
    assert run(page(top=top), url=None).published == "2019-11-18"


@pytest.mark.parametrize(
    ("head", "top", "published"),
    [("", "<p>April 17, 2015 -- Imagine a ferry that never comes, the islanders said for forty years.</p>",
      "2015-04-17"),
     ("<title>Ferry line approved - 07.12.2017 - Harbour News</title>", "", "2017-12-07"),
     ("", "<span property='dc:date dc:created' content='2019-02-08T00:00:00+01:00'>8 février 2019</span>",
      "2019-02-08T00:00:00+01:00"),
     ("", "<p><b>Aktualisiert am </b>17.01.2021.</p>", "2021-01-17")],
)
def test_dateline_title_rdfa_and_closing_dates(head, top, published):
    assert run(page(head, top=top), url=None).published == published


def test_todays_date_widget_and_hidden_stamps_are_not_the_story_date():
    top = ("<header><div class='site-current-date'>Sa, 19. Okt 2019</div></header>"
           "<div class='entry-meta'>Anna Berg <span class='updated rich-snippet-hidden'>2019-10-25T10:10:52+01:00"
           "</span> Fr, 18. Oktober 2019</div>")
    assert run(page(top=top), url=None).published == "2019-10-18"


def test_live_blog_update_lines_yield_to_the_original_report_date():
    updates = ("<p><strong>Update vom 03. Mai 2020, 16:05 Uhr:</strong> Neue Bilder aufgetaucht.</p>"
               "<p><strong>Erstmeldung vom 29.04.2020:</strong> Der Diktator ist zurück.</p>")
    assert run(page(top=updates), url=None).published == "2020-04-29"


def test_date_segment_of_the_title_is_not_part_of_the_headline():
    head = "<title>Ferry line to the islands approved - 07.12.2017 - Harbour News</title>"
    article = run(page(head, h1=""), url=None)
    assert article.title == "Ferry line to the islands approved"
    assert article.published == "2017-12-07"


def test_author_escaped_twice_keeps_its_accent_and_is_not_cut_at_the_entity():
    head = "<meta name='author' content='Redacci&amp;oacute;n Diario Harbour'>"
    assert run(page(head), url=None).authors == ["Redacción Diario Harbour"]


def test_a_page_that_looks_like_xml_is_read_as_html_without_a_library_warning():
    """An upload that is XML (a feed saved as .html, an export) is read as HTML, on purpose: BeautifulSoup's warning
    about it would only be noise on the archivist's terminal."""
    import warnings

    from indexer.clean.extract import clean
    from indexer.models import RawPage

    page = (b'<?xml version="1.0"?><rss><channel><title>Harbour feed</title><item><title>Ferry leaves late</title>'
            b"<description>The ferry to the northern islands left forty minutes late on the morning of the storm, "
            b"the harbour master said.</description></item></channel></rss>")
    with warnings.catch_warnings(record=True) as raised:
        warnings.simplefilter("always")
        article = clean(RawPage(page, "harbour.html"))
    assert "forty minutes late" in article.text
    assert [str(w.message)[:60] for w in raised] == []


def test_a_bylines_role_after_the_name_is_no_author():
    """"Tom Reddaway, Local Democracy Reporter": the words after the comma say what the author does; the author
    facet would otherwise list "Local Democracy Reporter" as a person."""
    from indexer.clean.bylines import clean_authors

    assert clean_authors(["By Tom Reddaway, Local Democracy Reporter"]) == ["Tom Reddaway"]
    assert clean_authors(["Von Anna Berg, Korrespondentin in Kiew"]) == ["Anna Berg"]
    assert clean_authors(["Par Jeanne Martin, envoyée spéciale à Lyon"]) == ["Jeanne Martin"]
    assert clean_authors(["Anna Berg und Tom Hale"]) == ["Anna Berg", "Tom Hale"]
    assert clean_authors(["Staff Reporter"]) == ["Staff Reporter"]  # an unsigned story's byline
    assert clean_authors(["Ada Reporter"]) == ["Ada Reporter"]
