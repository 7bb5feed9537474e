"""One person, one facet value (issue #5): person keys carry the given name, so Ben and Denise Carter are two values,
while one person stays one value across spellings and scripts ("Mykola Tkachenko", "Николай Ткаченко", "Mikołaj
Tkaczenko"). A surname alone ("Carter said") joins the one Carter the archive knows, and stays a value of its own
when the archive knows several. Runs on a small archive built in this process through the real store and index."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from indexer.annotate.entities import entity_key, extract_entities, speaker_key
from indexer.archive import Archive
from indexer.models import AnnotatedArticle, Article, Block, Quote, RawPage
from indexer.text.names import keys_may_match, resolve_partial_keys, skeleton
from search_app.service import SearchService

pytest.importorskip("pymorphy3")

# (language, title, paragraphs, quotes as (text, speaker))
ARTICLES = [
    ("en", "Harbour pier reopens", ["Ben Carter, the harbour master, reopened the pier on Monday.",
                                    "Carter said the repairs took six weeks."],
     [("The pier is safe again.", "Ben Carter")]),
    ("en", "New ferry timetable", ["The new ferry timetable was announced by Ben Carter on Tuesday."],
     [("Ferries will run every hour.", "the harbour master")]),
    ("en", "School budget presented", ["Denise Carter, the school principal, presented the budget to parents."],
     [("We need two more teachers.", "Denise Carter")]),
    ("en", "Weekend market opens", ["The market was opened by Mr B. Carter on Saturday morning."], []),
    ("en", "Council meeting", ["The council met on Friday. Mr Carter declined to comment on the plans."], []),
    ("en", "Irpin bridge opens", ["Mykola Tkachenko, the mayor of Irpin, opened the new bridge."], []),
    ("ru", "Мост в Ирпене", ["Николай Ткаченко открыл новый мост в Ирпене."], []),
    ("de", "Brücke in Irpin", ["Mykola Tkatschenko eröffnete am Montag die neue Brücke in Irpin."], []),
    ("pl", "Most w Irpieniu", ["Mikołaj Tkaczenko otworzył w poniedziałek nowy most w Irpieniu."], []),
    ("en", "Bridge under budget", ["The bridge cost less than planned, Tkachenko said on Wednesday."],
     [("It cost less than we planned.", "Tkachenko")]),
    ("en", "Zelensky in Irpin", ["Volodymyr Zelensky visited Irpin on Thursday."], []),
    ("uk", "Зеленський в Ірпені", ["Володимир Зеленський відвідав Ірпінь у четвер."], []),
    ("ru", "Зеленский в Ирпене", ["Владимир Зеленский посетил Ирпень в четверг."], []),
    ("de", "Selenskyj in Irpin", ["Wolodymyr Selenskyj besuchte am Donnerstag Irpin."], []),
    ("en", "Video address", ["Zelenskyy thanked the rescue teams in a video address."], []),
    ("en", "Managua rally", ["Daniel Ortega spoke to supporters in Managua."], []),
    ("en", "Seville exhibition", ["María José Ortega opened the exhibition in Seville."], []),
    ("en", "Rail strike ends", ["The strike at Deutsche Bahn ended on Friday."],
     [("Trains will run normally from Saturday.", "Deutsche Bahn"),
      ("We will review the timetable.", "la enviada especial de la ONU")]),
    ("ar", "تطبيق جديد", ["قالت سلمى بنعلي إن التطبيق جاهز."], [("التطبيق جاهز", "سلمى بنعلي")]),
    ("ar", "مكتب جديد", ["افتتحت فاطمة بنعلي مكتبا جديدا."], []),
    ("zh", "无人机", ["陈思远介绍了新产品。李文军表示支持。"], [("支持", "李文军")]),
    ("en", "Drone aid", ["Li Wenjun, head of the Chinese delegation, said Beijing would share satellite data."], []),
]
CARTERS = 5  # articles naming a Carter: Ben (3, one of them as "B. Carter"), Denise (1), "Mr Carter" (1)


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    with Archive(tmp_path_factory.mktemp("people")) as arch:
        for i, (lang, title, paragraphs, quotes) in enumerate(ARTICLES):
            article = Article(title=title, blocks=[Block(p) for p in paragraphs], source="Test Courier",
                              published=f"2026-03-{i + 1:02d}T10:00:00+00:00", url=f"https://courier.example/{i}")
            annotated = AnnotatedArticle(article, lang, [Quote(t, s) for t, s in quotes],
                                         extract_entities(paragraphs, lang))
            page = arch.store.receive(RawPage(f"page {i}".encode(), f"test://{i}"))
            arch.store.add_article(page.page_id, annotated)
        arch.sync_index()
        yield arch


@pytest.fixture(scope="module")
def service(archive) -> SearchService:
    return SearchService(archive)


def person_facet(service: SearchService, facet: str = "person", **filters) -> dict[str, int]:
    return {v["value"]: v["count"] for v in service.search("*", filters, facet_limit=100)["facets"][facet]}


def total(service: SearchService, **filters) -> int:
    return service.search("*", filters)["total"]


# ---------------------------------------------------------------- keys


def test_same_surname_different_given_names_are_different_keys():
    assert entity_key("Ben Carter", "person") != entity_key("Denise Carter", "person")
    assert entity_key("Daniel Ortega", "person") != entity_key("María José Ortega", "person")
    assert entity_key("Hunter Biden", "person") != entity_key("Joe Biden", "person")


@pytest.mark.parametrize("variant", ["Zelenskyy", "Володимир Зеленський", "Владимир Зеленский",
                                     "Wolodymyr Selenskyj", "Zelensky", "President Zelensky"])
def test_one_person_across_spellings_and_scripts(variant):
    assert entity_key(variant, "person") == entity_key("Volodymyr Zelensky", "person")


@pytest.mark.parametrize("variant", ["Николай Ткаченко", "Микола Ткаченко", "Mykola Tkatschenko", "Mikołaj Tkaczenko",
                                     "Nikolai Tkachenko"])
def test_given_names_are_compared_through_the_equivalence_table(variant):
    assert entity_key(variant, "person") == entity_key("Mykola Tkachenko", "person")


@pytest.mark.parametrize(("a", "b"), [("Oleksandr Hrytsenko", "Александр Гриценко"),
                                      ("Serhiy Petrenko", "Sergej Petrenko"), ("Yevhen Kovalenko", "Евгений Коваленко"),
                                      ("Andriy Melnyk", "Andrzej Melnyk")])
def test_east_slavic_and_central_european_given_names(a, b):
    assert entity_key(a, "person") == entity_key(b, "person")


def test_the_table_puts_no_spelling_in_two_groups():
    from indexer.text.names import _GIVEN_FILE

    owner: dict[str, str] = {}
    for line in _GIVEN_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            names = [n for n in line.split("\t") if n.strip()]
            for n in names:
                assert owner.setdefault(skeleton(n), names[0]) == names[0], (n, owner[skeleton(n)], names[0])


def test_gazetteer_people_keep_their_canonical_key():
    assert entity_key("Zelensky", "person") == entity_key("Volodymyr Zelensky", "person")  # a surname alone
    assert entity_key("北原健二", "person") == entity_key("Kenji Kitahara", "person")
    assert entity_key("Sato Haruka", "person") == entity_key("Haruka Sato", "person")


def test_a_surname_alone_resolves_only_when_the_archive_knows_one_such_person():
    ben, denise = entity_key("Ben Carter", "person"), entity_key("Denise Carter", "person")
    bare, initial = entity_key("Carter", "person"), entity_key("B. Carter", "person")
    assert resolve_partial_keys([ben, bare, initial]) == {bare: ben, initial: ben}
    both = resolve_partial_keys([ben, denise, bare, initial])
    assert both == {initial: ben}, "'Carter' could be either; 'B. Carter' only Ben"
    assert resolve_partial_keys([entity_key("Bob Carter", "person"), ben, initial]) == {}


def test_speaker_keys_follow_the_same_rule_and_roles_have_none():
    assert speaker_key("Ben Carter") != speaker_key("Denise Carter")
    assert speaker_key("Николай Ткаченко") == speaker_key("Mykola Tkachenko")
    assert speaker_key("the mayor") is None
    assert keys_may_match(speaker_key("Carter"), speaker_key("Ben Carter"))
    assert not keys_may_match(speaker_key("D. Carter"), speaker_key("Ben Carter"))


# ---------------------------------------------------------------- facets and filters through the index


def test_two_carters_are_two_facet_values_with_their_own_counts(service):
    people = person_facet(service)
    assert people["Ben Carter"] == 3  # "B. Carter" is the only Carter with a B: he joins Ben
    assert people["Denise Carter"] == 1
    assert people["Carter"] == 1  # "Mr Carter": the archive knows two Carters, so it says not which
    assert sum(n for name, n in people.items() if name.endswith("Carter")) == CARTERS


def test_clicking_a_person_filters_to_that_person(service):
    assert total(service, person="Ben Carter") == 3
    assert total(service, person="Denise Carter") == 1
    assert set(person_facet(service, person="Denise Carter")) == {"Denise Carter"}


def test_a_typed_surname_matches_every_person_of_that_surname(service):
    assert total(service, person="Carter") == CARTERS
    assert total(service, person="Ortega") == 2
    assert total(service, person="B. Carter") == 3  # an initial: every Carter it fits
    assert total(service, person="Zelensky") == 5  # a gazetteer person's surname is that person


def test_the_surname_alone_joins_the_one_tkachenko_and_scripts_are_one_value(service):
    people = person_facet(service)
    tkachenko = [n for name, n in people.items() if skeleton(name.split()[-1]) == skeleton("Tkachenko")]
    assert tkachenko == [5], people  # en, ru, de, pl and "Tkachenko said"
    zelensky = [n for name, n in people.items() if "elensk" in name or "Зеленськ" in name or "Selensk" in name]
    assert zelensky == [5], people
    for spelling in ("Николай Ткаченко", "Mikołaj Tkaczenko", "Tkachenko", "Mykola Tkatschenko"):
        assert total(service, person=spelling) == 5, spelling
    for spelling in ("Владимир Зеленский", "Wolodymyr Selenskyj", "Zelenskyy"):
        assert total(service, person=spelling) == 5, spelling


def test_query_syntax_person_field_follows_the_same_rule(service):
    assert service.search('person:Carter')["total"] == CARTERS
    assert service.search('person:"Denise Carter"')["total"] == 1
    assert service.search('person:"Николай Ткаченко"')["total"] == 5


def test_speaker_facet_and_quote_search_by_speaker(service):
    speakers = person_facet(service, "speaker")
    assert speakers.get("Ben Carter") == 1 and speakers.get("Denise Carter") == 1
    assert not any("harbour master" in s for s in speakers), "a role is no speaker value"
    # quoted as "Tkachenko" only: the value is the one Tkachenko, shown by his full name
    assert [n for s, n in speakers.items() if skeleton(s.split()[-1]) == skeleton("Tkachenko")] == [1], speakers
    assert not any(s.startswith("person:") for s in speakers), speakers
    assert service.quotes(speaker="Carter")["total"] == 2
    assert [q["speaker"] for q in service.quotes(speaker="Denise Carter")["quotes"]] == ["Denise Carter"]
    assert service.quotes(speaker="Николай Ткаченко")["total"] == 1  # "Tkachenko" alone: the one Tkachenko


def test_the_web_page_links_a_surname_only_value_to_itself(archive):
    from search_app import create_app

    client = create_app(archive.root, TESTING=True).test_client()
    html = client.get("/search", query_string={"q": "*"}).get_data(as_text=True)
    people = html[html.index('data-facet="person"'):].split("</section>")[0]
    links = dict((label, href) for href, label in re.findall(r'<a href="([^"]+)">([^<]+)</a>', people))
    bare = parse_qs(urlparse(links["Carter"].replace("&amp;", "&")).query)["person"][0]
    page = client.get("/search", query_string={"q": "*", "person": bare}).get_data(as_text=True)
    assert '<span id="total">1</span>' in page, "only the article that says just 'Mr Carter'"
    assert "People: Carter" in page  # the chip shows the name, not the key
    ben = parse_qs(urlparse(links["Ben Carter"].replace("&amp;", "&")).query)["person"][0]
    assert ben == "Ben Carter"  # a full name links by its name, as before
    page = client.get("/search", query_string={"q": "*", "person": ben}).get_data(as_text=True)
    assert '<span id="total">3</span>' in page


def test_check_says_when_stored_keys_predate_given_names(tmp_path, capsys):
    from indexer.annotate.release import annotator
    from indexer.cli import main

    with Archive(tmp_path / "data") as arch:
        paragraphs = ["Ben Carter, the harbour master, reopened the pier on Monday."]
        annotated = AnnotatedArticle(Article(title="Pier", blocks=[Block(p) for p in paragraphs]), "en", [],
                                     extract_entities(paragraphs, "en"), annotator=annotator())
        arch.store.add_article(arch.store.receive(RawPage(b"pier", "test://pier")).page_id, annotated)
        arch.sync_index()
        assert main(["check", "--data", str(tmp_path / "data")]) == 0
        assert "reannotate" not in capsys.readouterr().out
        with arch.store.transaction() as db:  # as an archive annotated before person keys had given names
            db.execute("UPDATE entities SET key='person:carter' WHERE name='Ben Carter'")
    assert main(["check", "--data", str(tmp_path / "data")]) == 0
    assert "newsarchive reindex --reannotate" in capsys.readouterr().out


def test_cli_person_filter_takes_a_surname_or_a_full_name(archive, capsys):
    import json

    from indexer.cli import main

    def cli_total(*args: str) -> int:
        assert main(["search", "--json", "--data", str(archive.root), "*", *args]) == 0
        return json.loads(capsys.readouterr().out)["total"]

    assert cli_total("--person", "Carter") == CARTERS
    assert cli_total("--person", "Denise Carter") == 1
    assert cli_total("--speaker", "Ben Carter") == 1


# ---------------------------------------------------------------- names in other orders and scripts


def test_chinese_names_put_the_surname_first_in_every_script():
    assert entity_key("Li Wenjun", "person") == entity_key("李文军", "person") == entity_key("李文軍", "person")
    assert entity_key("Lin Chih-hao", "person").startswith("person:lin|")  # Wade-Giles, surname first
    assert entity_key("王晓岚", "person").startswith("person:王|") and entity_key("王", "person") == "person:王"
    assert entity_key("Lee Smith", "person").startswith("person:smith|")  # a Western name keeps its order


def test_a_surname_in_another_script_finds_the_known_person(service):
    assert entity_key("佐藤", "person") == entity_key("Sato", "person")  # from the known "佐藤遥" / "Haruka Sato"
    assert entity_key("الإدريسي", "person") == entity_key("Idrissi", "person")
    assert total(service, person="Li") == total(service, person="李文军") == 2  # the zh and en articles


def test_two_arabic_women_of_one_family_name_are_two_values(service):
    people = person_facet(service)
    assert people.get("سلمى بنعلي") == 1 and people.get("فاطمة بنعلي") == 1
    assert total(service, person="بنعلي") == 2  # the family name alone: both


def test_a_body_that_speaks_is_an_organisation_and_an_office_is_no_speaker(service):
    assert speaker_key("Deutsche Bahn").startswith("organization:")
    assert speaker_key("Ayuntamiento de Sevilla").startswith("organization:")  # not a person named Sevilla
    assert speaker_key("la enviada especial de la ONU") is None
    assert speaker_key("prezydent miasta") is None and speaker_key("女性") is None and speaker_key("الشركة") is None
    assert speaker_key("التازي") is not None  # a family name with the article is a name
    speakers = person_facet(service, "speaker")
    assert speakers.get("Deutsche Bahn") == 1 and not any("ONU" in s for s in speakers)
    assert service.quotes(speaker="Deutsche Bahn")["total"] == 1
