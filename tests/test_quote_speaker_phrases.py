"""A quote's speaker is the person, not the phrase around the name; an incise is the writer's, not the quote's.

Slavic languages put a possessor after its noun in the genitive, and a sentence start capitalises the noun:
"Przemówienie Agnieszki Lipińskiej" is "Agnieszka Lipińska's speech", so the run of capitals is no person called
that, but the one the article names elsewhere. French, Spanish and Italian set "a-t-il précisé", "explicó X" off by
commas inside the quotation marks: those words are the writer's tag, and its subject is the speaker. All sentences
are invented.
"""

from __future__ import annotations

import pytest
from conftest import cli_json, run_cli

from indexer.annotate.quotes import extract_quotes


def quotes(paragraphs: list[str], lang: str, people: tuple[str, ...] = ()) -> list[tuple[str, str | None]]:
    return [(q.text, q.speaker) for q in extract_quotes(paragraphs, lang, people)]


# ---------------------------------------------------------------- "<noun> <Name in the genitive>"

GENITIVE_PHRASES = {
    "pl": (["„Nowa linia połączy oba miasta już w maju” – powiedziała na konferencji wiceminister Agnieszka Lipińska.",
            "Przemówienie Agnieszki Lipińskiej przerwały brawa. „Pierwsze bilety trafią do sprzedaży w kwietniu”"
            " – dodała Lipińska."], "Agnieszka Lipińska"),
    "cs": (["„Most otevřeme v červnu,“ řekl starosta Petr Havlík.",
            "Slova Petra Havlíka potvrdila radnice. „Zkoušky začnou v pondělí,“ dodal Havlík."], "Petr Havlík"),
    "ru": (["«Мост откроем в июне», — сказал мэр Игорь Соколов.",
            "Выступление Игоря Соколова встретили аплодисментами. «Испытания начнутся в понедельник», — добавил "
            "Соколов."], "Игорь Соколов"),
    "uk": (["«Міст відкриємо в червні», — сказав мер Ігор Соколенко.",
            "Виступ Ігоря Соколенка зустріли оплесками. «Випробування почнуться в понеділок», — додав Соколенко."],
           "Ігор Соколенко"),
}


@pytest.mark.parametrize("lang", sorted(GENITIVE_PHRASES))
def test_a_noun_before_a_name_in_the_genitive_does_not_become_the_speaker(lang):
    paragraphs, person = GENITIVE_PHRASES[lang]
    found = quotes(paragraphs, lang, (person,))
    assert len(found) == 2
    assert [speaker for _, speaker in found] == [person, person]  # the article's entity, in the nominative


def test_the_genitive_phrase_yields_to_the_name_even_without_the_entity_list():
    paragraphs, person = GENITIVE_PHRASES["pl"]
    assert [speaker for _, speaker in quotes(paragraphs, "pl")] == [person, person]


def test_an_organisation_opening_the_sentence_keeps_its_first_word():
    found = quotes(["Deutsche Bahn poinformowała wczoraj, że „do odwołania” wstrzymuje kursy do Szczecina."], "pl")
    assert found == [("do odwołania", "Deutsche Bahn")]  # not "Bahn"


def test_an_office_adjective_opening_the_sentence_is_no_name():
    found = quotes(["Wojewódzki konserwator zabytków przekazał, że „prace przy kamienicy mogą ruszyć wiosną”."], "pl")
    assert found == [("prace przy kamienicy mogą ruszyć wiosną", "Wojewódzki konserwator zabytków")]


# ---------------------------------------------------------------- incises inside the marks


@pytest.mark.parametrize(
    ("lang", "paragraphs", "people", "text", "speaker"),
    [
        ("fr", ["Le maire, Paul Ferrand, a répondu aux riverains. « Le pont rouvrira en juin, a-t-il précisé. "
                "Les essais commencent lundi. »"], ("Paul Ferrand",),
         "Le pont rouvrira en juin. Les essais commencent lundi.", "Paul Ferrand"),
        ("fr", ["« Si la pluie revient, a expliqué Claire Dumas, nous lèverons les restrictions. »"], (),
         "Si la pluie revient, nous lèverons les restrictions.", "Claire Dumas"),
        ("es", ["«Si llueve en otoño, explicó la alcaldesa Marta Ruiz, levantaremos los cortes»."], (),
         "Si llueve en otoño, levantaremos los cortes", "Marta Ruiz"),
        ("it", ["«Il bilancio è solido, ha detto Paolo Conti, e lo resterà anche nel 2027»."], (),
         "Il bilancio è solido, e lo resterà anche nel 2027", "Paolo Conti"),
        # a dash inside the quote before the incise: the incise is the second dash pair, not the first
        ("ru", ["«Город — это люди, — сказал мэр Пётр Орлов. — Мы начнём ремонт с дворов»."], (),
         "Город — это люди. Мы начнём ремонт с дворов", "Пётр Орлов"),
    ],
)
def test_an_incise_leaves_the_quote_and_names_its_speaker(lang, paragraphs, people, text, speaker):
    assert quotes(paragraphs, lang, people) == [(text, speaker)]


def test_a_clause_of_the_quote_with_a_verb_in_it_is_no_incise():
    found = quotes(["„Wenn es im Herbst regnet, so vergisst man, wie trocken der Sommer war“, schrieb Anna Berg."], "de")
    assert found == [("Wenn es im Herbst regnet, so vergisst man, wie trocken der Sommer war", "Anna Berg")]


# ---------------------------------------------------------------- epithets: "el técnico", "le prévenu"


def test_an_epithet_stands_for_the_person_just_named_or_quoted():
    found = quotes([
        "«Hemos sufrido hasta el último minuto», relató Dani Cortés tras el partido.",
        "«Este ascenso es para el barrio», añadió el delantero, criado a dos calles del estadio.",
        "El entrenador, Ramón Gil, pidió calma. «Nadie aquí cobra por ganar», dijo el técnico.",
    ], "es")
    assert [speaker for _, speaker in found] == ["Dani Cortés", "Dani Cortés", "Ramón Gil"]


def test_a_court_report_names_the_accused_once_then_calls_him_the_defendant():
    found = quotes([
        "Le tribunal jugeait mardi l'ancien trésorier du club, Marc Vallet, poursuivi pour abus de confiance.",
        "Selon l'accusation, les fonds auraient servi à rembourser des dettes personnelles.",
        "« J'ai toujours voulu rendre cet argent », a déclaré le prévenu à la barre. Il a ajouté qu'il avait "
        "« agi dans l'urgence ».",
    ], "fr")
    assert [speaker for _, speaker in found] == ["Marc Vallet", "Marc Vallet"]


# ---------------------------------------------------------------- what a user of the archive sees


def test_quote_search_by_speaker_finds_the_polish_quotes(write_page, tmp_path):
    write_page("en.html", "Night train to Gdansk", [
        "Deputy minister Agnieszka Lipinska opened the new night line on Friday.",
        "“The first tickets go on sale in April,” Lipinska said."], lang="en")
    write_page("pl.html", "Nocny pociąg do Gdańska", [
        "Wiceminister Agnieszka Lipińska otworzyła w piątek nową nocną linię.",
        "Przemówienie Agnieszki Lipińskiej przerwały brawa. „Pierwsze bilety trafią do sprzedaży w kwietniu”"
        " – powiedziała Lipińska."], lang="pl")
    write_page("fr.html", "Le pont de Valence rouvrira", [
        "Le maire, Paul Ferrand, a répondu aux riverains mardi soir.",
        "« Le pont rouvrira en juin, a-t-il précisé. Les essais commencent lundi. »"], lang="fr")
    data = tmp_path / "data"
    assert run_cli("ingest", str(tmp_path / "pages"), data=data).returncode == 0

    found = cli_json("quotes", "--json", "--speaker", "Lipinska", data=data)
    assert sorted(q["language"] for q in found["quotes"]) == ["en", "pl"]
    speakers = [f["value"] for f in cli_json("quotes", "--json", "--language", "pl", data=data)["facets"]["speaker"]]
    assert not any("Przemówienie" in s for s in speakers)

    french = cli_json("quotes", "--json", "--speaker", "Paul Ferrand", data=data)["quotes"]
    assert [q["text"] for q in french] == ["Le pont rouvrira en juin. Les essais commencent lundi."]


def test_the_speaker_ends_before_the_day_and_keeps_an_institution_s_whole_name():
    """News writing puts when the words were said right after the speaker ("a déclaré François Bayrou mardi"): the
    day is no part of the speaker, who would otherwise read as an office and be taken from the next paragraph. An
    institution named "X of Y" is one speaker, and an office before a long name leaves the name whole."""
    assert quotes(["« Nous ne reculerons pas », a déclaré le Premier ministre François Bayrou mardi.",
                     "« C'est une catastrophe », confie Jeanne Martin, agricultrice dans la Beauce."], "fr") == [
        ("Nous ne reculerons pas", "François Bayrou"), ("C'est une catastrophe", "Jeanne Martin")]
    assert quotes(['"We will appeal," said Mayor Ann Lee Tuesday.'], "en") == [("We will appeal", "Ann Lee")]
    assert quotes(['"This is a dark day for press freedom," the National Union of Journalists said.'], "en") == [
        ("This is a dark day for press freedom", "the National Union of Journalists")]
    assert quotes(['"We will appeal," said Tom Smith of the county council.'], "en") == [
        ("We will appeal", "Tom Smith")]
    assert quotes(['"Não vamos desistir", disse o presidente Luiz Inácio Lula da Silva em Brasília.'], "pt") == [
        ("Não vamos desistir", "Luiz Inácio Lula da Silva")]


def test_a_firm_named_in_marks_beside_its_head_is_neither_quote_part_nor_speaker():
    """Russian and Ukrainian news set a company's name in «»: "глава «Газпрома» Алексей Миллер". The name in marks is
    not the first half of the quote that follows, nor the one speaking; the person named after it is."""
    def speakers(paragraphs, language):
        return [(q.text, q.speaker) for q in extract_quotes(paragraphs, language) if not q.fragment]

    assert speakers(["Глава «Северсталь-Логистики» Павел Орехов заявил: «Склады будут готовы к марту»."], "ru") == [
        ("Склады будут готовы к марту", "Павел Орехов")]
    assert speakers(["«Ми готові до зими», — сказав голова «Полтаваенерго» Сергій Ткаченко."], "uk") == [
        ("Ми готові до зими", "Сергій Ткаченко")]
    assert speakers(["«Цены вырастут», — сообщает газета «Вечерний Курьер»."], "ru") == [
        ("Цены вырастут", "Вечерний Курьер")]
    assert speakers(['“Turkey,” I said, “what do you think of this?”'], "en") == [
        ("Turkey, what do you think of this?", "I")]


@pytest.mark.parametrize(("paragraph", "language", "expected"), [
    # an Italian preposition joined with its article ends the speaker
    ("«Abbiamo mantenuto la promessa», ha detto Manfredi ai giornalisti.", "it",
     ("Abbiamo mantenuto la promessa", "Manfredi")),
    ("«Il ponte riapre a maggio», ha spiegato l'assessora Lucia Ferri nella sala consiliare.", "it",
     ("Il ponte riapre a maggio", "Lucia Ferri")),
    # who calls something by the word in marks is its speaker, named without the office before the name
    ('Wethouder Vincent Karremans noemde de sluiting "onvermijdelijk".', "nl", ("onvermijdelijk", "Vincent Karremans")),
    ("La maire Johanna Rolland a qualifié la décision d’« injuste ».", "fr", ("injuste", "Johanna Rolland")),
    ('El alcalde José Luis Sanz calificó la medida de "improvisada".', "es", ("improvisada", "José Luis Sanz")),
    ("Il ministro Giancarlo Giorgetti ha definito la manovra «prudente».", "it", ("prudente", "Giancarlo Giorgetti")),
    # Spain's news tells in the perfect tense; French reporters let people sigh and let slip
    ('"No salgan de casa", ha declarado el alcalde de Alzira, Diego Gómez, en la radio.', "es",
     ("No salgan de casa", "Diego Gómez")),
    ("« On ne peut pas continuer comme ça », soupire Martine Roux, qui attend son train depuis une heure.", "fr",
     ("On ne peut pas continuer comme ça", "Martine Roux")),
    # Polish news opens words said with a dash; a platform's one-letter name is not who wrote
    ("– Sytuacja jest bardzo poważna – powiedział wojewoda Maciej Awiżeń na konferencji prasowej.", "pl",
     ("Sytuacja jest bardzo poważna", "Maciej Awiżeń")),
    ("Premier Donald Tusk zapowiedział pomoc. „Nikogo nie zostawimy” – napisał na platformie X.", "pl",
     ("Nikogo nie zostawimy", "Donald Tusk")),
    # a Portuguese name keeps its "das", "dos", "da" inside
    ('"Perdemos tudo", disse a costureira Maria das Graças Souza, de 61 anos.', "pt",
     ("Perdemos tudo", "Maria das Graças Souza")),
])
def test_the_speaker_is_the_person_named_in_every_language(paragraph, language, expected):
    assert quotes([paragraph], language) == [expected]


def test_a_colon_after_a_sentence_naming_one_person_introduces_that_person():
    """Whatever its verb ("verteidigte den Ausstand:"), a sentence that names one person and ends in a colon gives
    that person's words; so does a label "Name, office:"; and in German the finite modal before the subject of a
    closing "darf X sagen" is no part of the speaker."""
    paragraphs = [
        "Der Streik traf am Montag vor allem Pendler. „Wir bedauern die Einschränkungen“, sagte LVB-Sprecher Marc Backhaus.",
        "Verdi-Verhandlungsführer Paul Schmidt verteidigte den Ausstand: „Die Arbeitgeber haben uns kein Angebot vorgelegt.“",
        "Ines Hartmann, Landrätin des Landkreises Nordsachsen: „Wir brauchen eine Lösung bis Weihnachten.“",
        "„Das ist ein Anfang“, darf Hartmann am Ende noch sagen.",
    ]
    assert [speaker for _, speaker in quotes(paragraphs, "de", ("Marc Backhaus", "Paul Schmidt", "Ines Hartmann"))] == [
        "Marc Backhaus", "Paul Schmidt", "Ines Hartmann", "Ines Hartmann"]
