"""Ukrainian and Russian names as a reader of the archive would notice them: institutions under their whole
name, companies as organisations, people with their initials and patronymics, given names not taken for towns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from indexer.annotate.entities import extract_entities
from indexer.annotate.entities.inflection import agreed_nominative
from indexer.annotate.entities.lang.slavic import (
    country_after,
    descriptor_start,
    extend_org_end,
    is_company_name,
    land_names,
    org_phrases,
    place_phrases,
    quoted_orgs,
    split_bracketed_acronym,
    state_adjectives,
)
from indexer.models import Entity

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
EVAL = SHARED / "eval"

pytest.importorskip("pymorphy3")


def typed(entities: list[Entity]) -> dict[str, str]:
    return {form: e.type for e in entities for form in [e.name, *e.aliases]}


def phrases(text: str, language: str = "uk") -> list[str]:
    return [text[s.start : s.end] for s in org_phrases(text, language)]


def test_court_and_council_names_run_on_in_lower_case():
    text = ("Позов відхилила колегія Господарського суду Харківської області ще в березні. "
            "Головне управління юстиції у Волинській області оприлюднило звіт.")
    assert phrases(text) == ["Господарського суду Харківської області",
                             "Головне управління юстиції у Волинській області"]


def test_institution_name_stops_before_the_person_who_heads_it():
    text = "Звернення голови Ізюмської міської ради Харківської області Василя Гречка оприлюднили вчора."
    assert phrases(text) == ["Ізюмської міської ради Харківської області"]


def test_city_council_is_an_organisation_not_the_city():
    ents = typed(extract_entities(["Адміністративна колегія визнала дії Київради порушенням закону ."], "uk"))
    assert ents.get("Київради") == "organization"


def test_ministry_short_names_are_organisations():
    text = "Гроші виділив Мінфін , а кошторис погодили в Міноборони ."
    assert phrases(text) == ["Мінфін", "Міноборони"]
    assert phrases("Мінськ прийняв делегацію , а мінус тут один .") == []


def test_quoted_company_name_without_the_legal_form():
    text = "Підряд отримала компанія «Промтехбуд», а в поемі «Наймичка» про це ні слова."
    assert [text[s.start : s.end] for s in quoted_orgs(text)] == ["Промтехбуд"]


def test_legal_form_with_quoted_name_is_one_organisation():
    ents = extract_entities(["Угоду підписали з ТОВ «Ріверта Плюс» на постачання зерна ."], "uk")
    forms = typed(ents)
    assert forms.get("ТОВ «Ріверта Плюс»") == "organization"
    assert "Ріверта Плюс" not in forms or forms["Ріверта Плюс"] == "organization"


def test_company_suffix_makes_an_organisation():
    assert is_company_name("Каліндо Лімітед")
    assert is_company_name("Tolexis Trading Limited")
    assert not is_company_name("Олена Четверикова")


def test_initials_and_patronymics_belong_to_the_name():
    ents = typed(extract_entities(["Вчений Д . І . Менделєєв казав , що Т. Шевченко писав .",
                                   "Про це сказала Харченко Світлана Юріївна ."], "uk"))
    assert ents.get("Д . І . Менделєєв") == "person"
    assert ents.get("Харченко Світлана Юріївна") == "person"


def test_russian_given_name_is_not_split_off_as_a_town():
    pytest.importorskip("natasha")
    ents = typed(extract_entities(["Об этом рассказал Дэвид Кэмерон, а Роман Абрамович промолчал."], "ru"))
    assert ents.get("Дэвид Кэмерон") == "person"
    assert "Дэвид" not in ents or ents["Дэвид"] == "person"


def test_russian_kind_word_joins_the_organisation_name():
    text = "Акции нефтяной компании «Русснефть» подешевели."
    start = descriptor_start(text, text.index("Русснефть"), "ru")
    assert start == text.index("нефтяной")
    assert descriptor_start(text, text.index("Русснефть"), "uk") is None


def test_russian_ministry_takes_its_country_and_loses_its_bracketed_acronym():
    text = "Об этом заявили в МИД России и Минэнерго РФ, а в Москве промолчали."
    assert text[: country_after(text, text.index(" России"), "ru")].endswith("МИД России")
    assert country_after(text, text.index(" Москве") - 2, "ru") is None
    assert split_bracketed_acronym("Федеральной службы по тарифам (ФСТ") == ("Федеральной службы по тарифам", "ФСТ")
    assert split_bracketed_acronym("Федеральной службы по тарифам") is None


def test_russian_institution_runs_on_in_lower_case():
    text = "Жалобу переслали Областному совету народных депутатов ещё в марте."
    start, stop = text.index("Областн"), text.index("совету") + len("совету")
    assert text[start : extend_org_end(text, start, stop, "ru")] == "Областному совету народных депутатов"


def test_state_adjective_before_an_institution_names_the_state():
    found = state_adjectives(["Российские власти и американская компания спорят о русском языке."], "ru")
    assert [surface for _start, surface, _state in found] == ["американская"]  # not "русском языке"
    russia = [e for e in extract_entities(["Об этом сообщили российские власти."], "ru") if e.type == "place"]
    assert len(russia) == 1 and "российские" in russia[0].aliases and "Россия" in russia[0].aliases


def test_regions_named_after_towns_are_places():
    text = ["Ми їздили на Харківщину , а Донеччина чекає ."]
    assert {surface for _start, surface in land_names(text, "uk")} == {"Харківщину", "Донеччина"}


def test_states_written_as_acronyms_are_places_once():
    ents = extract_entities(["Він переїхав до РФ , а потім до СРСР ."], "uk")
    assert {(e.name, e.type, e.mentions) for e in ents} == {("РФ", "place", 1), ("СРСР", "place", 1)}


def test_streets_and_named_landscape_features_are_places():
    text = "Ми гуляли в Маріїнського парку біля вул. Паращука, 5 , а Першого каналу не дивились ."
    assert [text[s.start : s.end] for s in place_phrases(text, "uk")] == ["вул. Паращука, 5", "Маріїнського парку"]
    ents = {(e.name, e.type) for e in extract_entities(["Кораблі стоять біля Віргінських островів ."], "uk")}
    assert any(kind == "place" and "Віргін" in name for name, kind in ents)


def test_institution_is_listed_under_its_nominative_name():
    assert agreed_nominative("Хмельницького відділення АМКУ", "uk") == "Хмельницьке відділення АМКУ"
    assert agreed_nominative("Господарського суду Харківської області", "uk") == "Господарський суд Харківської області"
    assert agreed_nominative("Херсонської ТЕЦ", "uk") == "Херсонська ТЕЦ"
    assert agreed_nominative("Всероссийскому совету местного самоуправления", "ru") == (
        "Всероссийский совет местного самоуправления")
    ents = extract_entities(["Рішення оскаржила Запорізька облрада , а юристи Запорізької облради мовчать ."], "uk")
    councils = [e for e in ents if e.type == "organization"]
    assert [e.name for e in councils] == ["Запорізька облрада"] and councils[0].mentions == 2


def _f1(name: str, language: str, limit: int) -> float:
    path = EVAL / name / "ner.jsonl"
    if not path.exists():
        pytest.skip("shared evaluation data not available")
    from indexer.text.names import fold

    tp = fp = fn = 0
    for line in path.read_text(encoding="utf-8").splitlines()[:limit]:
        doc = json.loads(line)
        kinds = {"PER": "person", "LOC": "place", "ORG": "organization"}
        gold = {(fold(e["text"]), kinds[e["coarse"]]) for e in doc["entities"] if e.get("coarse") in kinds}
        pred = {(fold(a), e.type) for e in extract_entities(doc["text"].split("\n"), language)
                for a in [e.name, *e.aliases] if a and a in doc["text"]}
        tp, fp, fn = tp + len(gold & pred), fp + len(pred - gold), fn + len(gold - pred)
    return 2 * tp / (2 * tp + fp + fn)


def test_ukrainian_news_entities_are_mostly_right():
    assert _f1("ner_uk", "uk", 12) >= 0.6


def test_the_russian_tagger_kept_in_the_tables_cache_tags_as_a_freshly_loaded_one(tmp_path):
    """The tagger is loaded once and kept in the tables cache (loading it was a third of a one-page ingest), its
    vocabulary as one string: a process that reads the kept copy has every word and finds the same names as the one
    that loaded it."""
    import os
    import subprocess
    import sys

    script = ("from indexer.annotate.entities.tagger import _natasha, _natasha_spans\n"
              "text = 'Вчера мэр Казани Ильсур Метшин встретился с делегацией из Новосибирска.'\n"
              "print([(s.start, s.stop, s.type) for s, _ in _natasha_spans(_natasha(), text)])\n"
              "vocab = _natasha().infer.encoder.words_vocab\n"
              "print(len(vocab.items), vocab.encode('казани') != vocab.unk_id, vocab.decode(vocab.encode('мэр')))\n")
    env = {**os.environ, "NEWSARCHIVE_CACHE": str(tmp_path)}
    root = Path(__file__).resolve().parents[1]
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=root,
                           timeout=120) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr + runs[1].stderr
    assert list((tmp_path / "tables").glob("natasha-ner-*.pickle")), "the first process keeps the tagger"
    assert runs[0].stdout == runs[1].stdout and "PER" in runs[0].stdout and "LOC" in runs[0].stdout
    words, known, decoded = runs[1].stdout.split("\n")[1].split()
    assert int(words) > 100_000 and known == "True" and decoded == "мэр", "the kept copy has its whole vocabulary"


def test_the_taggers_decoding_gives_slovnets_tags():
    """The CRF decoding written here (fewer array operations a token) gives the tags slovnet's own gives, for a
    batch of sequences of different lengths (padding masked) and for ties between tags."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("slovnet")
    from slovnet.exec.model import CRF, Weight

    from indexer.annotate.entities.tagger import _crf_decode

    rng = np.random.default_rng(7)
    transitions = rng.normal(size=(7, 7)).astype("float32")
    crf = CRF(Weight(transitions.shape, "float32", transitions))
    for seq_len in (1, 2, 40, 300):
        emissions = rng.normal(size=(3, seq_len, 7)).astype("float32")
        emissions[1, :, 2:4] = 0.5  # two tags tied all along
        mask = np.ones((3, seq_len), dtype=bool)
        mask[2, seq_len // 2 + 1 :] = False  # a shorter sequence in the batch
        ours = _crf_decode(emissions, mask, transitions)
        theirs = crf.decode(emissions, mask)
        assert [t.tolist() for t in ours] == [t.tolist() for t in theirs]


def test_a_place_at_the_end_of_a_sentence_does_not_take_the_verb_after_it():
    """Ukrainian dictionaries read "зросла" (rose) first as a participle: the tagger's span "Харкові зросла" is the
    city and its verb, not an organisation called "Харко зросла"."""
    found = [(e.name, e.type) for e in extract_entities(["За даними Держстату, середня зарплата в Харкові зросла."], "uk")]
    assert ("Kharkiv", "place") in found
    assert not [name for name, _ in found if "зросла" in name]


@pytest.mark.parametrize("lang, text, person", [
    # genitive, instrumental: the lemmatiser gives the nominative, also of a stem that drops its e in the cases
    ("cs", "Podle Tomáše Kováře se stavba zdrží.", "Tomáš Kovář"),
    ("cs", "Podle Václava Havla to byla chyba.", "Václav Havel"),
    ("pl", "Minister spotkał się z Piotrem Kowalem.", "Piotr Kowal"),
    # and a man's genitive is still his name
    ("cs", "Podle Jana Nováka se most otevře v květnu.", "Jan Novák"),
])
def test_a_mans_inflected_name_comes_out_in_the_nominative(lang, text, person):
    """Slavic given name and surname agree in case: "s Pavlem Kovářem" is Pavel Kovář, not "Pavel Kovářem", so the
    person facet holds one name for him however the sentence inflects it."""
    assert person in {e.name for e in extract_entities([text], lang) if e.type == "person"}


def test_an_inflected_club_keeps_the_type_of_its_known_name():
    """Czech "o Manchesteru City": the club in the locative, not the city of Manchester."""
    found = {(e.name, e.type) for e in extract_entities(
        ["Trenér mluvil o Manchesteru City a o jeho hře. Tým pořád hraje dobře."], "cs")}
    assert ("Manchester City", "organization") in found, found


def test_a_country_with_its_first_word_cut_to_an_initial_is_the_country():
    """Polish "W. Brytania" is Wielka Brytania, in any case ("z W. Brytanią"), not a person with an initial."""
    found = {(e.name, e.type) for e in extract_entities(
        ["Premier powiedział, że W. Brytania pozostaje ważnym partnerem. Rozmowy z W. Brytanią trwają."], "pl")}
    assert ("United Kingdom", "place") in found and not [n for n, k in found if k == "person"], found
