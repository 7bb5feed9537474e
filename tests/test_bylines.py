"""The byline a reader sees in the archive: the story's writers, not the outlet, a place, a label or a commenter."""

from __future__ import annotations

from indexer.clean.bylines import clean_authors
from indexer.clean.extract import clean
from indexer.models import RawPage

STORY = "".join(
    f"<p>{text}</p>" for text in (
        "Die Fähre zwischen den Inseln fährt ab Juni wieder täglich, wie die Reederei am Dienstag mitteilte, und "
        "die ersten Fahrkarten sind schon verkauft.",
        "Im Winter hatte ein Sturm den Anleger beschädigt; die Reparatur dauerte länger als geplant, weil Teile "
        "aus dem Ausland geliefert werden mussten.",
        "Die Gemeinde rechnet mit mehr Gästen als im Vorjahr und will den Parkplatz am Hafen erweitern, sobald "
        "der Haushalt dafür beschlossen ist.",
    ))


def byline(head: str = "", before: str = "", after: str = "", site: str = "Nordsee Bote") -> str:
    page = (f"<html lang='de'><head><meta property='og:site_name' content='{site}'>{head}</head><body><article>"
            f"<h1>Fähre fährt wieder</h1>{before}{STORY}{after}</article></body></html>")
    return clean(RawPage(page.encode(), "faehre.html", url="https://www.nordsee-bote.example/faehre")).byline


def test_a_company_byline_gives_the_writer_without_its_company_place_and_country():
    head = "<meta name='author' content='Anna Berg, Nordwind Reisen GmbH, Hamburg, Deutschland'>"
    assert byline(head) == "Anna Berg"


def test_the_outlet_and_credentials_beside_a_writer_go():
    assert byline("<meta name='author' content='Tanza Loudenback, Nordsee Bote'>") == "Tanza Loudenback"
    assert byline("<meta name='author' content='Ilana Muhlstein, MS, RDN'>") == "Ilana Muhlstein"


def test_the_outlet_only_when_no_writer_is_named():
    outlet = "<meta name='author' content='Nordsee Bote'>"
    writer = "<p class='meta'>Text: <span class='author vcard'>Lena Vogt</span></p>"
    assert byline(outlet, before=writer) == "Lena Vogt"
    assert byline(outlet) == "Nordsee Bote"
    institute = "<meta name='author' content='Landesanstalt für Wald und Forstwirtschaft - LWF'>"
    assert byline(institute, after="<p>Autor <span itemprop='author'>Joachim Brandt</span></p>") == "Joachim Brandt"
    assert byline(institute) == "Landesanstalt für Wald und Forstwirtschaft"


def test_words_that_are_not_names_give_no_byline():
    assert byline("<meta name='author' content='No Author'>") == ""
    assert byline("<meta name='author' content='Artikel von'>") == ""
    profile = ("<div class='post-author vcard'>Publié par <span itemprop='author'>Unknown</span></div>"
               "<a rel='author' href='/profile/1'>Afficher mon profil complet</a>")
    assert byline(after=profile) == ""


def test_a_user_name_in_the_author_element_beats_the_date_in_the_byline_line():
    line = ("<div class='byline'>Dezember 10, 2019 · von freeman1984 · in Allgemein</div>"
            "<span class='author vcard'>freeman1984</span>")
    assert byline(before=line) == "freeman1984"


def test_commenters_are_not_the_byline():
    comments = ("<section class='comments'><p class='comment-form-author'>Name *</p>"
                "<span class='comment-author-link'>Peter Ulmer</span><p>Toller Artikel!</p></section>")
    assert byline(after=comments) == ""


def test_a_profile_address_is_not_a_name():
    head = "<meta property='article:author' content='https://www.facebook.com/HenningLobin/posts/'>"
    assert byline(head, before="<span class='byline'>Von Henning Lobin</span>") == "Henning Lobin"


def test_names_joined_by_and_split_but_an_organisation_stays_whole():
    assert clean_authors(["Anna Berg und Tom Hale"]) == ["Anna Berg", "Tom Hale"]
    assert clean_authors(["Hanns-Seidel-Stiftung e.V."]) == ["Hanns-Seidel-Stiftung e.V"]
    assert clean_authors(["Posted by Nathan Parker, Varun Khaneja and Kiran C Nair - Safe Browsing team"]) == [
        "Nathan Parker", "Varun Khaneja", "Kiran C Nair"]
