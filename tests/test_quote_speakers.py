"""Who said it, as the facets name it: a person or organisation the article's entities hold, a description of an
unnamed source kept apart, or nobody. Each test runs the whole annotation stage (recogniser, quote finder,
speakers resolved against the entities) on an invented article that shows one class of page seen on the web."""

from __future__ import annotations

import json

import pytest
from conftest import page_html, run_cli

from indexer.annotate.quotes import find_quotes
from indexer.annotate.stage import annotate
from indexer.archive import Archive
from indexer.ingest.pipeline import ingest
from indexer.models import Article, Block
from search_app import create_app


def quotes(paragraphs: list[str], language: str, title: str = "Report", kinds: dict[int, str] | None = None):
    blocks = [Block(p, (kinds or {}).get(i, "p")) for i, p in enumerate(paragraphs)]
    found = annotate(Article(title=title, blocks=blocks, declared_language=language)).quotes
    return [(q.text, q.speaker, q.speaker_description) for q in found if not q.fragment]


def speaker_of(paragraphs: list[str], language: str, words: str, **kwargs) -> tuple[str | None, str | None]:
    for text, speaker, description in quotes(paragraphs, language, **kwargs):
        if words in text:
            return speaker, description
    raise AssertionError(f"no quote holds {words!r}: {quotes(paragraphs, language, **kwargs)}")


# ---------------------------------------------------------------- unnamed sources and descriptions


@pytest.mark.parametrize("paragraphs, language, words, description", [
    (["Mayor Helen Arkwright opened the new ferry terminal in Portsmouth on Monday.",
      "“The timetable will double by spring,” said a spokesman for the harbour authority."],
     "en", "timetable will double", "a spokesman for the harbour authority"),
    (["Senator Paul Deverill announced his retirement on Friday, surprising his own staff in Raleigh.",
      "“He left everybody stranded,” said one GOP operative in the state."],
     "en", "left everybody stranded", "one GOP operative in the state"),
    (["El ministro Julián Ortega Prado presentó el informe en Buenos Aires.",
      "Consultada por este diario, una fuente de los servicios lo resumió así: “Es un plan de sabotajes y mucha "
      "prensa, más que de violencia”."],
     "es", "plan de sabotajes", "una fuente de los servicios"),
])
def test_an_unnamed_source_is_a_description_not_a_speaker(paragraphs, language, words, description):
    assert speaker_of(paragraphs, language, words) == (None, description)


def test_a_definite_description_is_the_person_the_article_gives_that_title():
    paragraphs = [
        "US-Präsident Donald Trump hat sich am Montag zu den Gerüchten über Nordkorea geäußert.",
        "Die Regierung in Seoul äußerte sich zurückhaltend zu den Berichten aus dem Norden.",
        "Der US-Präsident schrieb später auf Twitter: „Ich wünsche ihm wirklich alles Gute.“",
    ]
    assert speaker_of(paragraphs, "de", "alles Gute") == ("Donald Trump", None)


def test_the_president_is_the_one_called_president_not_the_last_one_named():
    paragraphs = [
        "President Barack Obama met the Kenyan opposition leader Raila Odinga in Nairobi on Saturday.",
        "Odinga later visited a school in Kibera with his grandson Jomo Kamau.",
        "“I am not a fan of discrimination of anybody, anywhere,” the president said.",
    ]
    assert speaker_of(paragraphs, "en", "not a fan") == ("Barack Obama", None)


def test_a_coach_is_not_the_president_named_two_paragraphs_before():
    paragraphs = [
        "President Laura Whitcombe attended the final in Cardiff on Saturday.",
        "The stadium was full two hours before kick-off, and thousands more watched outside.",
        "“We defended for ninety minutes and it paid off,” the coach said after the match.",
    ]
    assert speaker_of(paragraphs, "en", "defended for ninety") == (None, "the coach")


def test_a_description_right_after_a_name_stands_for_that_person():
    paragraphs = [
        "Für Jonas Veldhoff, den Sprecher der Junglandwirte in Westfalen, zählt vor allem die Planungssicherheit. "
        "„Ohne feste Zusagen übernimmt niemand einen Hof“, sagt der Landwirt aus Paderborn.",
    ]
    assert speaker_of(paragraphs, "de", "feste Zusagen") == ("Jonas Veldhoff", None)


@pytest.mark.parametrize("paragraphs, language, words", [
    (["Insbesondere Südamerika sei ein Brennpunkt, heißt es. „Dort fehlen die Daten völlig“, so der Bericht."],
     "de", "fehlen die Daten"),
    (["Siempre dijo lo mismo en la radio: “No me rindo”."], "es", "No me rindo"),
    (["Imagine my surprise when the doors opened and it said: “We are closed for the season.”"], "en", "We are closed"),
    (["The night was cold. “We made it home,” said nobody at all."], "en", "made it home"),
])
def test_words_that_name_nobody_are_no_speaker(paragraphs, language, words):
    speaker, _ = speaker_of(paragraphs, language, words)
    assert speaker is None


def test_a_speaker_is_an_entity_of_the_article_by_its_full_name():
    paragraphs = [
        "Mia Ortland has patrolled the docks of Tampa for twelve years.",
        "“The driver lost control of the vehicle at the junction,” said Tampa Harbor Police Sergeant Mia Ortland.",
    ]
    assert speaker_of(paragraphs, "en", "lost control") == ("Mia Ortland", None)


def test_a_capital_may_speak_for_its_government():
    """(A guard: keeping speakers to the article's people and bodies must not silence a capital.)"""
    paragraphs = ["Talks on grain exports resumed in Istanbul on Tuesday.",
                  "“The corridor must stay open,” Moscow said in a statement."]
    speaker, _ = speaker_of(paragraphs, "en", "corridor must stay open")
    assert speaker == "Moscow"


def test_the_names_beside_verbs_of_saying_are_evidence_for_the_recogniser():
    english = find_quotes(["Jarosław Wilk said the dam would hold. Later, the agency said nothing."], "en",
                          evidence=True)
    assert english.quotes == [] and english.said == {"Jarosław Wilk"}  # not "the agency": a role names nobody
    german = find_quotes(["„Wir bauen weiter“, sagte Jonas Albrecht. Die Deutsche Bahn erklärte nichts."], "de",
                         evidence=True)
    assert german.said == {"Jonas Albrecht", "Deutsche Bahn"}


# ---------------------------------------------------------------- quotes without marks


def test_an_interview_transcript_gives_each_labelled_answer_to_its_speaker():
    paragraphs = [
        "We talked to Priya Raman, who leads the design team, and Tomasz Lewicki, an engineer in Kraków.",
        "How did the project start?",
        "Priya: It began as a weekend experiment with three of us and an old laptop in a shared office.",
        "Tomasz: I joined later, when the experiment had already turned into a product with real users.",
    ]
    found = quotes(paragraphs, "en")
    assert ("Priya Raman", "weekend experiment") in [(s, "weekend experiment") for t, s, _ in found
                                                      if "weekend experiment" in t]
    assert speaker_of(paragraphs, "en", "joined later") == ("Tomasz Lewicki", None)
    assert not any("How did the project" in t for t, _, _ in found)  # the interviewer asks, and is no source


def test_answers_after_questions_are_the_words_of_the_one_the_headline_names():
    paragraphs = [
        "Interview: Lena Hart",
        "Marta Quiroga leads the farmers of the valley since the floods. She spoke to us in her kitchen.",
        "*What happens next in the valley?\n-We do not know yet, but the farmers are organising every week now.",
        "*And the government?\n-It has promised a lot and delivered almost nothing since the floods began.",
    ]
    found = quotes(paragraphs, "en", title="Farmer leader Marta Quiroga: the valley will not give up")
    assert [s for t, s, _ in found if "farmers are organising" in t or "promised a lot" in t] == [
        "Marta Quiroga", "Marta Quiroga"]


def test_a_block_statement_is_attributed_by_the_dash_line_after_it():
    paragraphs = [
        "Przewodnicząca komisji Anna Kowalczyk napisała w mediach społecznościowych, że głosowanie to sukces.",
        "Cieszę się z wyniku głosowania. To duży krok naprzód dla nas wszystkich",
        "— zaznaczyła.",
    ]
    assert speaker_of(paragraphs, "pl", "Cieszę się", kinds={1: "quote"}) == ("Anna Kowalczyk", None)


# ---------------------------------------------------------------- who, by the article's names


def test_a_pronoun_goes_to_the_person_named_alone_by_surname_in_its_paragraph():
    paragraphs = [
        "“The hospital is out of fuel,” said Dr. Lina Haddad, who runs the maternity ward.",
        "During an interview, Qassem paused, then went on. “We stopped the dialysis machines yesterday,” he said.",
        "Dr. Omar Qassem directs the kidney unit of the same hospital.",
    ]
    assert speaker_of(paragraphs, "en", "dialysis machines") == ("Omar Qassem", None)


def test_a_pronoun_goes_to_the_person_the_paragraph_before_brings_in():
    paragraphs = [
        "“We are concerned about where the pills come from,” said inspector Karen Holt of the county police.",
        "Margaret Ellison issued a plea for young people to stay away from such pills.",
        "“My daughter never understood how dangerous they were,” she said.",
    ]
    assert speaker_of(paragraphs, "en", "never understood") == ("Margaret Ellison", None)


@pytest.mark.parametrize("paragraphs, language, words, speaker", [
    (["„Der Markt ist leergefegt“, sagt Anton Berger vom Mieterbund. „Viele Familien finden nichts mehr“, gibt "
      "Berger zu bedenken."], "de", "Viele Familien", "Anton Berger"),
    (["\"Je to výborný tým,\" píše na Twitteru Petr Novotný. \"Zaslouží si obrovský kredit,\" kroutí hlavou "
      "Novotný."], "cs", "obrovský kredit", "Petr Novotný"),
    (["Liittokansleri Angela Merkel tapasi keskiviikkona Sanna Marinin Berliinissä.",
      "”Ratkaisuun on vielä pitkä matka”, Merkel muistutti lehdistötilaisuudessa."], "fi", "pitkä matka",
     "Angela Merkel"),
])
def test_a_clause_after_the_quote_names_its_speaker_with_any_verb(paragraphs, language, words, speaker):
    assert speaker_of(paragraphs, language, words)[0] == speaker


def test_a_quote_after_a_sentence_about_someone_is_theirs():
    paragraphs = [
        "„Wir brauchen Zusagen“, sagte Simon Kessler vom Bioland-Nachwuchs.",
        "Beim Treffen ging es auch um das Budget. Clara Vogt, die den Jugendverband vertrat, zeigte sich danach "
        "optimistisch. „Wenn der Wille da ist, lassen sich diese Fragen lösen.“",
    ]
    assert speaker_of(paragraphs, "de", "Wenn der Wille") == ("Clara Vogt", None)


def test_a_colon_frame_with_a_description_for_its_subject():
    paragraphs = [
        "Am Dienstag trafen sie sich mit der Landwirtschaftsministerin Ursula Brandhorst.",
        "Die Ministerin zeigte sich offen für die Forderung: „Das Thema greifen wir gerne auf.“",
    ]
    assert speaker_of(paragraphs, "de", "greifen wir gerne") == ("Ursula Brandhorst", None)


def test_german_reported_speech_goes_on_with_the_one_who_spoke():
    paragraphs = [
        "Die Pressefreiheit sei aus dem Blick geraten, erklärt dazu Verbandschef Dietmar Wollberg. Das sei "
        "gefährlich, denn „gerade jetzt nutzen Regierungen die Krise als Vorwand“.",
    ]
    found = annotate(Article(blocks=[Block(p) for p in paragraphs], declared_language="de")).quotes
    assert [q.speaker for q in found if "Vorwand" in q.text] == ["Dietmar Wollberg"]


def test_a_team_is_named_after_its_lead():
    paragraphs = [
        "„Das Risiko einer Epidemie steigt mit jedem gerodeten Wald“, schreiben Forscher um Aneta Kowalska von der "
        "Universität Warschau in einer Studie.",
    ]
    assert speaker_of(paragraphs, "de", "Risiko einer Epidemie") == ("Aneta Kowalska", None)


def test_german_attribution_after_a_clause_is_the_inverted_subject():
    paragraphs = [
        "„Wenn Wälder verschwinden, rücken Viren näher“, sagt Jonas Brenner vom Tropeninstitut. Vor allem Asien "
        "sei ein Brennpunkt, sagt der Virologe. „Dort leben sehr viele Wildtiere dicht beim Menschen.“",
    ]
    assert speaker_of(paragraphs, "de", "Wildtiere") == ("Jonas Brenner", None)


def test_french_incise_after_an_abbreviated_title():
    paragraphs = ["Le Premier ministre François Bayrou a présenté son budget mardi.",
                  "« C’est un texte juste, a dit M. Bayrou. Nous ne reculerons pas. »"]
    found = quotes(paragraphs, "fr")
    assert found == [("C’est un texte juste. Nous ne reculerons pas.", "François Bayrou", None)]


def test_spanish_aside_before_the_verb_and_the_dropped_subject():
    paragraphs = [
        "El inspector general de la Policía, Álvaro Ibarra, anunció una coordinación con Carabineros.",
        "“Debemos investigar cada caso por separado”, señaló el funcionario en una entrevista.",
        "El escándalo salpicó al teniente coronel Raúl Quispe, quien está detenido.",
        "“Tenemos conocimiento de muchos casos más”, entre ellos el de Quispe, añadió.",
    ]
    assert speaker_of(paragraphs, "es", "muchos casos") == ("Álvaro Ibarra", None)


def test_a_name_given_in_marks_belongs_to_the_subject_after_the_conjunction():
    found = annotate(Article(blocks=[Block(
        "El politólogo Samuel Hartmann la definía como pretoriana y el jurista Carlos Nieva llamó a la Argentina "
        "“un país al margen de la ley”.")], declared_language="es")).quotes
    assert [q.speaker for q in found if "margen de la ley" in q.text] == ["Carlos Nieva"]


def test_a_colon_frame_without_a_verb_speaks_through_the_person_in_it():
    paragraphs = ["Bob Harwell has fished halibut off Alaska for forty years.",
                  "Harwell summed up the journey from a boat in the Bering Sea to a grocery shelf: “It is old school "
                  "meets new school.”"]
    assert speaker_of(paragraphs, "en", "old school")[0] == "Bob Harwell"


@pytest.mark.parametrize("paragraphs, language, words, speaker", [
    (["„Nikdo nás teď nezastaví,“ řekl Vodražka."], "cs", "nezastaví", "Vodražka"),
    (["Hokejisté Zlína vyhráli i třetí zápas za sebou.",
      "„Nikdo nás teď nezastaví,“ poznamenal po utkání brankář Vodražka."], "cs", "nezastaví", "Vodražka"),
    (["“The bridge stays shut until spring,” Okonkwo wrote in a letter to the council."], "en", "bridge", "Okonkwo"),
])
def test_a_name_seen_once_is_confirmed_by_the_quotation_it_speaks(paragraphs, language, words, speaker):
    """A surname named once, with no title or gazetteer entry to type it: the verb of saying beside a quotation
    says it is someone, so it is the speaker and a person of the article's facets."""
    article = annotate(Article(title="Report", blocks=[Block(p) for p in paragraphs], declared_language=language))
    assert [q.speaker for q in article.quotes if words in q.text] == [speaker]
    assert (speaker, "person") in [(e.name, e.type) for e in article.entities]


@pytest.mark.parametrize("paragraphs, language", [
    (["Přemýšlím o tom často a pak si říkám: „Nic ještě není ztraceno.“"], "cs"),  # a capital opening a sentence
    (["Obránce hrál skvěle. „Je to dříč,“ píše server Brambor and Kedluben."], "cs"),  # the end of a name with "and"
    (["Prices fell this spring at Whole Larder.", "“The price gap is gone,” Whole Larder said in a memo."],
     "en"),  # the end of a longer name ("Larder" is no one)
    (["If I ran the photo desk, I’d start by asking “how do we receive images?”"], "en"),  # a pronoun and its verb
])
def test_a_quotation_confirms_no_word_that_is_not_written_as_a_name(paragraphs, language):
    article = annotate(Article(title="Report", blocks=[Block(p) for p in paragraphs], declared_language=language))
    assert [q.speaker for q in article.quotes] == [None]
    assert [e for e in article.entities if e.type == "person"] == []


def test_a_title_before_a_name_seen_once_leaves_it_a_name():
    paragraphs = ["Als Beispiel wird von Herrn A. Wendlhuber in Unterbrunn Folgendes mitgeteilt: „Ich habe die Kühe "
                  "im Stall numeriert.“"]
    assert speaker_of(paragraphs, "de", "Kühe") == ("A. Wendlhuber", None)


def test_a_noun_with_an_article_beside_a_quotation_describes_the_source():
    paragraphs = ["„Kinder brauchen eine gute Betreuung“, sagt die Pendlerinnen-Vertretung."]
    assert speaker_of(paragraphs, "de", "Betreuung") == (None, "die Pendlerinnen-Vertretung")


def test_a_speaker_named_without_his_generation_suffix_is_the_person_with_it():
    paragraphs = ["“You were outvoted before I could speak,” Rep. Harold Wexley III (R-Ida.) said during the hearing."]
    assert speaker_of(paragraphs, "en", "outvoted") == ("Harold Wexley III", None)


@pytest.mark.parametrize("paragraphs, language, words, description", [
    (["«Прибыль выросла вдвое», - говорит режиссер."], "ru", "Прибыль", "режиссер"),
    (["„Proto musíme spolupracovat,“ dodal předseda."], "cs", "spolupracovat", "předseda"),
])
def test_a_lone_role_noun_in_a_language_without_articles_describes_the_source(paragraphs, language, words,
                                                                              description):
    assert speaker_of(paragraphs, language, words) == (None, description)


# ---------------------------------------------------------------- where quotes are shown

UNNAMED = ("Ferry timetable to double", [
    "Mayor Helen Arkwright opened the new ferry terminal in Portsmouth on Monday.",
    "“The timetable will double by spring,” said a spokesman for the harbour authority.",
    "“It is the busiest crossing we have,” Arkwright said."])


@pytest.fixture(scope="module")
def unnamed_source(tmp_path_factory):
    root = tmp_path_factory.mktemp("unnamed")
    page = root / "ferry.html"
    page.write_text(page_html(*UNNAMED, url="https://www.test-courier.example/ferry/"), encoding="utf-8")
    with Archive(root / "data") as archive:
        report = ingest(archive, [str(page)])
    assert len(report.added) == 1, report.failed
    return page, root / "data"


def test_annotate_json_gives_the_description_with_speaker_null(unnamed_source):
    page, _ = unnamed_source
    proc = run_cli("annotate", "--json", str(page))
    record = json.loads(proc.stdout.splitlines()[0])
    by_text = {q["text"][:20]: q for q in record["quotes"]}
    assert by_text["The timetable will d"]["speaker"] is None
    assert by_text["The timetable will d"]["speaker_description"] == "a spokesman for the harbour authority"
    assert by_text["It is the busiest cr"]["speaker"] == "Helen Arkwright"
    assert by_text["It is the busiest cr"]["speaker_description"] is None


def test_the_api_and_pages_show_the_description_where_the_speaker_is_not_named(unnamed_source):
    _, data = unnamed_source
    client = create_app(data, TESTING=True).test_client()
    body = client.get("/api/quotes", query_string={"q": "timetable"}).get_json()
    [quote] = body["quotes"]
    assert quote["speaker"] is None and quote["speaker_description"] == "a spokesman for the harbour authority"
    assert [f["value"] for f in body["facets"]["speaker"]] == []  # a description is no facet value
    article = client.get(f"/api/articles/{quote['article_id']}").get_json()
    assert [q["speaker_description"] for q in article["quotes"]] == ["a spokesman for the harbour authority", None]
    assert client.get(f"/api/quotes/{quote['id']}").get_json()["speaker_description"] == quote["speaker_description"]
    page = client.get("/quotes", query_string={"q": "timetable"}).get_data(as_text=True)
    assert "a spokesman for the harbour authority" in page
    export = client.get("/api/quotes/export", query_string={"format": "jsonl", "q": "timetable"}).get_data(as_text=True)
    assert json.loads(export.splitlines()[0])["speaker_description"] == "a spokesman for the harbour authority"


def test_a_description_without_articles_stands_for_the_one_the_text_is_about():
    paragraphs = [
        "\"Je to výborný tým,\" řekl Petr Novotný. Fanoušci ale věří, že Novotný zůstane nejméně do léta.",
        "\"Každé ráno se probouzíme s obrovskou touhou po tréninku,\" tvrdí mladá česká hvězda.",
    ]
    assert speaker_of(paragraphs, "cs", "obrovskou touhou") == ("Petr Novotný", None)
    experts = ["\"Je to výborný tým,\" řekl Petr Novotný.", "\"Tým ztratí formu,\" tvrdí zahraniční odborníci."]
    assert speaker_of(experts, "cs", "ztratí formu") == (None, "zahraniční odborníci")  # several: nobody named


@pytest.mark.parametrize("paragraphs, language, words, speaker", [
    (["The senator Maria Cole has pushed the coastal bill for months.",
      "In its statement, Greenpeace put it this way: “The bill is a step backwards for the coast.”"],
     "en", "step backwards", "Greenpeace"),
    (["Der Stadtrat Jens Korte hat den Plan für das neue Bad in Ulm vorgestellt.",
      "Bei Greenpeace heißt es dazu: „Der Plan ist ein Rückschritt für die Stadt.“"],
     "de", "Rückschritt", "Greenpeace"),
])
def test_a_colon_frame_naming_no_person_but_one_organisation_gives_its_words(paragraphs, language, words, speaker):
    assert speaker_of(paragraphs, language, words) == (speaker, None)


def test_dotted_initials_do_not_end_the_sentence_that_names_the_speaker():
    paragraphs = ["President Obama told the U.N. General Assembly that he would seek “real breakthroughs on these "
                  "two issues, the nuclear program and peace.”"]
    found = annotate(Article(blocks=[Block(p) for p in paragraphs], declared_language="en")).quotes
    assert [q.speaker for q in found if "real breakthroughs" in q.text] == ["Obama"]


HEADED_ROUNDUP = [  # a roundup's section headings name who speaks below them; their own words are the editor's
    "Nuestras figuras de la televisión cuentan anécdotas de su infancia.",
    "Rosario Benavides: me escapé del colegio",
    "“Tenía catorce años y jamás imaginé que mi madre me descubriría en la plaza”.",
    "Julia Montalvo: una chancleta voladora",
    "“De niña fui muy golosa y un día me comí el flan entero de la familia”.",
]
INTERVIEW = [  # only the first answer is labelled; a paragraph about the interviewee closes it
    "Die Stadtplanerin Ilka Brandstetter erklärt, warum Ulm neue Radwege braucht.",
    "Stadtblatt: Frau Brandstetter, warum baut Ulm jetzt so viele Radwege?",
    "Ilka Brandstetter: Weil der Verkehr in der Innenstadt seit Jahren zunimmt und die Straßen voll sind.",
    "Was sagen die Händler dazu?",
    "Viele waren zuerst skeptisch. Inzwischen sehen sie, dass mehr Kundschaft mit dem Rad kommt.",
    "Die Zahlen geben ihnen recht, der Umsatz ist gestiegen.",
    "Und wie geht es weiter?",
    "Im nächsten Jahr verbinden wir die Radwege mit den Nachbarorten.",
    "Ilka Brandstetter leitet seit 2019 das Amt für Stadtplanung in Ulm.",
]


@pytest.mark.parametrize("paragraphs, language, expected", [
    (HEADED_ROUNDUP, "es", [
        ("Tenía catorce años y jamás imaginé que mi madre me descubriría en la plaza", "Rosario Benavides", None),
        ("De niña fui muy golosa y un día me comí el flan entero de la familia", "Julia Montalvo", None)]),
    (INTERVIEW, "de", [
        ("Weil der Verkehr in der Innenstadt seit Jahren zunimmt und die Straßen voll sind.", "Ilka Brandstetter", None),
        ("Viele waren zuerst skeptisch. Inzwischen sehen sie, dass mehr Kundschaft mit dem Rad kommt.\n\n"
         "Die Zahlen geben ihnen recht, der Umsatz ist gestiegen.", "Ilka Brandstetter", None),
        ("Im nächsten Jahr verbinden wir die Radwege mit den Nachbarorten.", "Ilka Brandstetter", None)]),
], ids=["heading-is-no-turn", "interview-goes-on-without-labels"])
def test_a_layout_names_who_speaks_below_it(paragraphs, language, expected):
    assert quotes(paragraphs, language) == expected


# ---------------------------------------------------------------- issue 40: speakers on real pages


def all_quotes(paragraphs: list[str], language: str) -> list[tuple[str, str | None, bool]]:
    """Every quote with its speaker, fragments included."""
    found = annotate(Article(title="Report", blocks=[Block(p) for p in paragraphs], declared_language=language)).quotes
    return [(q.text, q.speaker, q.fragment) for q in found]


def test_an_indefinite_description_stands_for_nobody_though_someone_named_bears_its_title():
    paragraphs = ["Marta Quell, a longtime forum user, started a fund for the tests in March.",
                  "“She is generous. A gift to all of us,” one user wrote on the board, a site that opened later."]
    assert speaker_of(paragraphs, "en", "generous") == (None, "one user")


def test_phrases_quoted_inside_a_sentence_belong_to_the_speaker_its_closing_clause_names():
    paragraphs = ["Marta Quell runs the laboratory of the Harbour Clinic in Leeds.",
                  "Working at the clinic is “more gratifying” and “calmer” than her old job, Quell told me."]
    assert all_quotes(paragraphs, "en") == [("more gratifying", "Marta Quell", True), ("calmer", "Marta Quell", True)]


WHO_REPORT = ("The World Health Organization (WHO) published its yearly report on Monday. Its author, Dr. Tomas "
              "Brenner, presented it in Geneva.")


def test_a_body_named_with_its_article_speaks_and_so_does_its_closing_clause():
    assert speaker_of([WHO_REPORT, "“Wash your hands before every meal,” the WHO said."], "en", "Wash") == (
        "World Health Organization", None)
    assert all_quotes([WHO_REPORT, "Skipping the second dose is the “single biggest risk” for the elderly, the WHO "
                                   "says."], "en") == [("single biggest risk", "World Health Organization", True)]


def test_a_name_the_recogniser_did_not_accept_is_nobody_not_the_person_named_before():
    paragraphs = ["Dr. Tomas Brenner presented the yearly report in Geneva on Monday.",
                  "“Wash your hands before every meal,” the Clarion said on Tuesday."]
    assert speaker_of(paragraphs, "en", "Wash") == (None, None)


def test_a_clause_of_comparison_names_whose_words_they_are_whatever_its_verb():
    paragraphs = ["The Harbour Clinic in Leeds relies on Tomas Brenner, its chemist, and on volunteers.",
                  "They are a mix of “idealists,” as Brenner put it, and medical students."]
    assert all_quotes(paragraphs, "en") == [("idealists", "Tomas Brenner", True)]
    paragraphs = ["Reuters covered the siege in Sydney all night.",
                  "The gunman raised a black flag – “spreading,” as Reuters reported, “fear across the whole harbour "
                  "city.”"]
    assert [(q[1], q[2]) for q in all_quotes(paragraphs, "en")] == [("Reuters", False)]


@pytest.mark.parametrize("paragraphs, language", [
    (["Anna Berg met the guards at the gate on Friday.",
      "Then the guards came back. “You are free to go,” they said."], "en"),
    (["Tareq Salem sprach mit den Wachleuten über die Lage.",
      "Wir gingen raus und fragten nach. Und sie sagten uns: „Ihr dürft gehen, aber nicht weit.“"], "de"),
])
def test_a_plural_pronoun_is_never_one_person_alone(paragraphs, language):
    assert [q[1] for q in all_quotes(paragraphs, language)] == [None]


def test_a_name_qualifying_a_noun_after_one_is_nobody_s_attribution():
    paragraphs = ["Brightway, the ride service, raised its fares in Leeds during the storm, and Twitter users were quick "
                  "to answer.", "A storm of anger broke out – “@Brightway_Leeds, stop being so greedy,” one Twitter reply "
                  "began – and Brightway soon offered free rides out of the area instead."]
    assert [q[1] for q in all_quotes(paragraphs, "en")] == [None]


def test_a_phrase_quoted_after_someone_s_phrase_or_words_is_theirs():
    paragraphs = ["Marta Quell, an economist at Leeds, has long written about prices.",
                  "The firm let the market rule, as if there were (in economist Marta Quell’s phrase) “a price for "
                  "everything” in a city under siege."]
    assert all_quotes(paragraphs, "en") == [("a price for everything", "Marta Quell", True)]


def test_a_new_sentence_that_reaches_a_verb_of_saying_after_an_aside_is_no_attribution():
    paragraphs = ["“The work is quite boring,” Marta Quell says. But one part of it still surprises her: the moment the "
                  "results appear. “Every time it is something different.” For instance, one sample she tested held "
                  "chalk, a filler added to increase the weight."]
    assert [q[1] for q in all_quotes(paragraphs, "en")] == ["Marta Quell", "Marta Quell"]


def test_an_abbreviated_title_before_a_name_seen_once_leaves_it_a_name():
    paragraphs = ["Users of the forum test what they buy before they use it.",
                  "“It made me ill for a week,” Dr. Gloom, a forum user, wrote on the board after the test."]
    assert speaker_of(paragraphs, "en", "ill for a week") == ("Gloom", None)


def test_an_indefinite_description_written_as_a_name_s_apposition_is_that_name():
    paragraphs = ["Harbour fees went up twice this year.", "As we wrote, a May report by the Institute for Trade "
                  "Studies, a Leeds-based policy group, concluded that, after a survey of shippers, “the whole of the "
                  "fee is passed on to shoppers within two months.”"]
    assert [q[1] for q in all_quotes(paragraphs, "en")] == ["Institute for Trade Studies"]


def test_a_name_and_its_apposition_after_a_quote_ending_in_an_exclamation_are_its_attribution():
    paragraphs = ["The broadcaster complained that its bank was closing its accounts.",
                  "“Long live free speech!” Marta Quell, the editor in chief of the channel, wrote on Monday."]
    assert [q[1] for q in all_quotes(paragraphs, "en")] == ["Marta Quell"]
