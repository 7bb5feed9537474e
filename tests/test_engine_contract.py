"""The search engine's contract, written against `SearchEngine` only, so every backend runs it unchanged.

Query syntax, fields, facets, filters, snippets, errors, quotes, provenance candidates and suggestions on a small fixed
set of annotated articles. A backend joins by adding its name to BACKENDS and a branch to `new_engine`; what only one
backend has (segments, locks) is tested in that backend's own file (test_whoosh_engine.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from indexer.index.backends import open_engine
from indexer.index.engine import MAX_EXPANSION, IndexStats, QueryError, QueryTooBroad, SearchEngine
from indexer.models import AnnotatedArticle, Article, Block, Entity, Quote

BACKENDS = ["whoosh", "solr"]
_fresh = itertools.count()


@contextmanager
def new_engine(backend: str, request) -> Iterator[SearchEngine]:
    """An empty engine of `backend` with its own index (a folder for Whoosh, a pair of collections for Solr)."""
    folder = request.getfixturevalue("tmp_path_factory").mktemp(f"{backend}-{next(_fresh)}")
    if backend == "whoosh":
        eng = open_engine(folder)
        yield eng
        eng.close()
    elif backend == "solr":
        cluster = request.getfixturevalue("solr_cluster")  # skips when there is no cluster and none can start
        url = cluster.new_collections()
        eng = open_engine(folder, url)
        try:
            yield eng
        finally:
            eng.close()
            cluster.drop_collections(url)
    else:
        raise ValueError(f"no such backend {backend!r}")


def doc(title, text, lang="en", published="2026-03-14T10:00:00+00:00", source="Test Courier", entities=(),
        quotes=(), authors=()) -> AnnotatedArticle:
    return AnnotatedArticle(Article(title=title, blocks=[Block(p) for p in text.split("\n\n")],
                                    published=published, source=source, url=None, authors=list(authors)),
                            lang, list(quotes), list(entities))


STATEMENT = "We will rebuild the railway station before the winter comes, whatever it costs."


@pytest.fixture(scope="module", params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def empty(backend, request) -> SearchEngine:
    with new_engine(backend, request) as eng:
        yield eng


@pytest.fixture(scope="module")
def engine(backend, request) -> SearchEngine:
    with new_engine(backend, request) as eng:
        yield from _filled(eng)


def _filled(eng: SearchEngine) -> Iterator[SearchEngine]:
    zel = Entity("Volodymyr Zelensky", "person", 2, ["Zelensky"])
    eng.write_articles([
        ("a1", 1, doc("Rocket strike on Kramatorsk railway station",
                      "Two rockets hit the railway station in Kramatorsk on Friday.\n\nOfficials counted the dead.",
                      entities=[Entity("Kramatorsk", "place", 2), zel], authors=["Olena Kovalenko"],
                      quotes=[Quote("The same cruelty.", "Volodymyr Zelensky"),
                              Quote(STATEMENT, "Volodymyr Zelensky")])),
        ("a2", 1, doc("Night train links Kyiv and Warsaw",
                      "The station in Warsaw welcomed the first sleeper train from Kyiv.",
                      published="2026-04-17T06:00:00+00:00", source="Global Wire Daily",
                      authors=["Olena Kovalenko", "Mark Webb"],
                      entities=[Entity("Warsaw", "place"), Entity("Kyiv", "place")],
                      quotes=[Quote("We will rebuild the railway station before winter comes, whatever it costs.",
                                    "Zelensky"),
                              Quote("sleeper", None, fragment=True)])),
        ("a3", 1, doc("Hochwasser erreicht Frankfurt (Oder)",
                      "Die Oder ist über die Ufer getreten. Züge nach Breslau fallen aus.", lang="de",
                      published="2025-03-15T06:00:00+01:00", source="Rheinische Abendpost",
                      entities=[Entity("Frankfurt (Oder)", "place")],
                      quotes=[Quote("Wir bauen den Bahnhof vor dem Winter wieder auf, koste es, was es wolle.",
                                    "Dietmar Woidke")])),
    ])
    yield eng


def ids(result) -> list[str]:
    return [h.id for h in result.hits]


def test_words_phrases_and_boolean_operators(engine):
    assert ids(engine.search("Kramatorsk")) == ["a1"]
    assert ids(engine.search('"railway station"')) == ["a1"]
    assert ids(engine.search('"station railway"')) == []
    assert set(ids(engine.search("station"))) == {"a1", "a2"}
    assert ids(engine.search("station AND Warsaw")) == ["a2"]
    assert ids(engine.search("station NOT Warsaw")) == ["a1"]
    assert set(ids(engine.search("Kramatorsk OR Oder"))) == {"a1", "a3"}
    assert ids(engine.search("Kramat*")) == ["a1"]


def test_stemming_per_language_and_title_boost(engine):
    assert ids(engine.search("rocket")) == ["a1"]  # "rockets" in the body, "Rocket" in the title
    assert ids(engine.search("Zug")) == ["a3"]  # German stemmer: Züge ~ Zug
    hits = engine.search("station").hits
    assert hits[0].id == "a1" and hits[0].title.startswith("Rocket strike")


def test_fields_title_text_and_facets(engine):
    assert ids(engine.search("title:station")) == ["a1"]
    assert set(ids(engine.search("text:station"))) == {"a1", "a2"}
    assert ids(engine.search('person:"Volodymyr Zelensky"')) == ["a1"]
    assert ids(engine.search("language:de")) == ["a3"]
    assert ids(engine.search("year:2025")) == ["a3"]


def test_date_range_and_filters(engine):
    assert ids(engine.search("station", {"from": "2026-04-01"})) == ["a2"]
    assert ids(engine.search("station", {"to": "2026-03-14"})) == ["a1"]
    assert ids(engine.search("station", {"source": "Global Wire Daily"})) == ["a2"]
    assert ids(engine.search("station", {"place": "Kramatorsk"})) == ["a1"]
    assert ids(engine.search("station", {"speaker": "Volodymyr Zelensky"})) == ["a1", "a2"], "a2 quotes 'Zelensky'"
    assert ids(engine.search("station", {"speaker": "Dietmar Woidke"})) == []


def test_facet_counts_follow_the_hits(engine):
    result = engine.search("station OR Oder")
    assert result.total == 3
    assert dict(result.facets["language"]) == {"en": 2, "de": 1}
    assert dict(result.facets["year"]) == {"2026": 2, "2025": 1}
    only_en = engine.search("station OR Oder", {"language": "en"})
    assert only_en.total == 2 and dict(only_en.facets["language"]) == {"en": 2}


def test_snippets_mark_the_matched_words(engine):
    hit = engine.search("rockets").hits[0]
    assert "rockets" in hit.snippet.lower()
    assert "<mark>" in hit.snippet_html and "<mark>" not in hit.snippet


def test_the_same_search_gives_the_same_snippet_every_time(empty):
    """Paragraphs that match equally well: the snippet shows the first two, on every request (Whoosh broke the tie
    by the fragments' memory addresses, so six identical searches gave three different snippets)."""
    filler = " ".join(["The harbour board met again on Tuesday to hear the engineers and the mayor."] * 4)
    paragraphs = [f"Paragraph {n} names the lighthouse once. {filler}" for n in range(1, 9)]
    empty.write_articles([("s1", 1, doc("Harbour works", "\n\n".join(paragraphs)))])
    snippets = {empty.search("lighthouse").hits[0].snippet for _ in range(8)}
    assert len(snippets) == 1
    (snippet,) = snippets
    assert "Paragraph 1 names" in snippet and "Paragraph 2 names" in snippet, snippet


def test_sort_by_date(engine):
    assert ids(engine.search("station OR Oder", sort="newest")) == ["a2", "a1", "a3"]
    assert ids(engine.search("station OR Oder", sort="oldest")) == ["a3", "a1", "a2"]


def test_hits_in_date_order_keep_their_relevance_as_score(engine):
    """The JSON's `score` is the hit's relevance whatever the order (Whoosh used to give its date sort key, a
    number like -6.4e16), on every page."""
    relevance = {h.id: h.score for h in engine.search("station OR Oder").hits}
    assert len(relevance) == 3 and all(0 < score < 1000 for score in relevance.values())
    for sort in ("newest", "oldest"):
        assert {h.id: h.score for h in engine.search("station OR Oder", sort=sort).hits} == pytest.approx(relevance)
        second = engine.search("station OR Oder", sort=sort, page=2, limit=2).hits
        assert [h.score for h in second] == pytest.approx([relevance[h.id] for h in second])


@pytest.mark.parametrize("bad, words", [
    ('"railway station', "double quote"),
    ("(Kramatorsk OR Kyiv", "parenthesis"),
    ("Kramatorsk)", "parenthesis"),
    ("", "empty"),
    ("\x00", "empty"),
    ("()", "no words"),
    ("foo:bar", "Unknown field"),
    ("x" * 5000, "shorten"),
    ("AND", "only operators"),
    ("OR NOT", "only operators"),
    ("Kramatorsk AND", "ends with an operator"),
    ("published:[2026-13-01 to 2026-04-30]", "could not be read"),
    # the newsroom operators: a number out of range, or something that cannot stand beside one
    ("Kramatorsk w/0 Kyiv", "from 1 to 50: type e.g. Kyiv w/5 train"),
    ("Kramatorsk w/51 Kyiv", "from 1 to 50"),
    ("Kramatorsk pre/100 Kyiv", "from 1 to 50: type e.g. Kyiv pre/5 train"),
    ("atleast0(strike)", "from 1 to 50: type e.g. atleast3"),
    ("atleast51(strike)", "from 1 to 50"),
    ("atleast2()", "counts one word"),
    ("atleast2(two words)", "counts one word"),
    ("Kramatorsk w/5 AND Kyiv", "on each side"),
    ("Kramatorsk w/5 NOT Kyiv", "on each side"),
    ("Kramatorsk w/5 w/5 Kyiv", "on each side"),
    ("place:Kyiv w/5 Kramatorsk", "on each side"),
])
def test_unreadable_queries_get_a_clear_error(engine, bad, words):
    with pytest.raises(QueryError, match=words):
        engine.search(bad)


def test_quote_search(engine):
    result = engine.search_quotes("cruelty")
    assert result.total == 1 and result.quotes[0].speaker == "Volodymyr Zelensky"
    assert engine.search_quotes(speaker="Volodymyr Zelensky").total == 3
    assert engine.search_quotes(speaker="Somebody Else").total == 0


def test_deleting_an_article_deletes_its_quotes(empty):
    empty.write_articles([("x", 1, doc("Harbour strike", "Dockers walked out.",
                                       quotes=[Quote("Not one crane moves today.", "Ada Docker")]))])
    assert empty.search("dockers").total == 1 and empty.search_quotes("crane").total == 1
    assert empty.write_articles([("x", 0, None)]) == 1
    assert empty.search("dockers").total == 0 and empty.search_quotes("crane").total == 0
    assert empty.quote("x:0") is None and empty.indexed_versions() == {}


def test_did_you_mean_for_misspelled_words(engine):
    result = engine.search("Kramatosk")
    assert result.total == 0
    assert result.suggestion == "kramatorsk"
    assert engine.search(result.suggestion).total == 1
    assert engine.search("Kramatorsk").suggestion is None
    assert engine.search('"railwya station" AND title:x').suggestion == '"railway station" AND title:x'


def test_plain_words_fall_back_to_any_word_ranking(engine):
    strict = engine.search("Kramatorsk Warsaw")
    assert strict.relaxed and ids(strict)[0] in {"a1", "a2"} and set(ids(strict)) == {"a1", "a2"}
    assert engine.search("Kramatorsk AND Warsaw").total == 0, "explicit operators are taken at their word"
    assert not engine.search("Kramatorsk station").relaxed
    aside = engine.search("Kramatorsk (the station) Warsaw")
    assert aside.relaxed and set(ids(aside)) == {"a1", "a2"}, "a sentence's brackets are no operators"
    assert engine.search("(Kramatorsk AND Warsaw) station").total == 0, "a group with an operator stays one"


def test_a_name_that_is_also_a_stop_word_is_found(engine):
    assert "a3" in ids(engine.search("Oder")), "the river Oder, though 'oder' is a German stop word"


def test_a_stop_word_typed_in_a_sentence_is_not_required_where_the_language_drops_it(engine):
    # "to" and "from" are not indexed in English: an English article cannot contain them, so before, such a
    # sentence matched nothing and fell back to any word, listing every article with one of the words
    result = engine.search("sleeper train from Kyiv to Warsaw")
    assert not result.relaxed and ids(result) == ["a2"]
    assert engine.search("Kramatorsk to Warsaw").relaxed, "the words that are indexed must all be there"
    assert engine.search("train from Kyiv").hits[0].score == engine.search("train Kyiv").hits[0].score
    assert engine.search("Kyiv OR to").total == 1, "in an OR the stop word's language would match everything"
    assert engine.search("Die Oder").total == 1, "a German stop word is not required of the German article"


def test_a_query_typed_as_a_sentence_is_ranked_by_its_words(engine):
    described = engine.search("the first sleeper train to the station in Kramatorsk")  # no article has them all
    assert described.sentence and not described.relaxed and set(ids(described)) == {"a1", "a2"}
    keywords = engine.search("sleeper train Kyiv Kramatorsk")
    assert not keywords.sentence and keywords.relaxed, "keywords must all be there; none has them all"


def test_date_range_queries_in_iso_form(engine):
    assert ids(engine.search("published:[2026-04-01 to 2026-04-30]")) == ["a2"]
    assert set(ids(engine.search("station published:[2026-03 to 2026-04]"))) == {"a1", "a2"}
    assert ids(engine.search("published:<2026-01-01")) == ["a3"]


def test_pages_past_the_end_are_empty_and_filter_only_queries_are_newest_first(engine):
    assert engine.search("station", page=5, limit=1).hits == []
    assert ids(engine.search("year:2026 OR year:2025")) == ["a2", "a1", "a3"]


def test_star_lists_every_article_newest_first_with_lead_snippets(engine):
    """`*` (what facet links on article pages search for) is every document, not a wildcard over each text field:
    the per-field form unions every term's postings and took 16 s on 1,000 articles (benchmarks/scale.py)."""
    result = engine.search("*")
    assert ids(result) == ["a2", "a1", "a3"]
    assert result.hits[0].snippet.startswith("The station in Warsaw")
    assert ids(engine.search("*", {"place": "Kramatorsk"})) == ["a1"]


def test_facets_follow_updates_and_deletions_across_commits(empty):
    """A replaced or deleted article must not count in the facets (Whoosh keeps facet tables per segment)."""
    eng = empty
    eng.write_articles([("x1", 1, doc("Ferry strike", "Ferries stopped in Gdańsk.", entities=[Entity("Gdańsk", "place")])),
                        ("x2", 1, doc("Ferry fares", "Ferry fares rise in Gdynia.", entities=[Entity("Gdynia", "place")]))])
    assert dict(eng.search("ferry").facets["place"]) == {"place:gdansk": 1, "place:gdynia": 1}
    eng.write_articles([("x1", 2, doc("Ferry strike ends", "Ferries sail again from Sopot.",
                                      entities=[Entity("Sopot", "place")]))])
    assert dict(eng.search("ferry").facets["place"]) == {"place:sopot": 1, "place:gdynia": 1}
    eng.write_articles([("x2", 0, None)])
    assert dict(eng.search("ferry").facets["place"]) == {"place:sopot": 1}


def test_the_engine_implements_the_interface(engine):
    assert isinstance(engine, SearchEngine)
    assert engine.replaced_layout is False


def test_versions_languages_and_stats(engine):
    assert engine.indexed_versions() == {"a1": 1, "a2": 1, "a3": 1}
    assert engine.languages() == ["de", "en"]
    assert engine.stats() == IndexStats(articles=3, quotes=5, languages=["de", "en"])


def test_writing_a_new_version_replaces_the_old_one(empty):
    empty.write_articles([("v", 1, doc("Tram fares", "Tram fares rise in Lyon.",
                                       quotes=[Quote("Fares must rise.", "Jean Martin")]))])
    empty.write_articles([("v", 2, doc("Tram fares frozen", "Tram fares stay as they are in Lyon."))])
    assert empty.indexed_versions() == {"v": 2}
    assert ids(empty.search("tram")) == ["v"] and empty.search("tram").hits[0].title == "Tram fares frozen"
    assert empty.search_quotes("fares").total == 0
    assert empty.write_articles([]) == 0


def test_clear_empties_everything(empty):
    empty.write_articles([("c", 1, doc("Bridge closed", "The bridge is closed.", quotes=[Quote("Closed.", "A B")]))])
    empty.clear()
    assert empty.indexed_versions() == {} and empty.stats() == IndexStats(articles=0, quotes=0, languages=[])
    assert empty.search("bridge").total == 0 and empty.search_quotes().total == 0


def test_hits_carry_what_the_results_page_shows(engine):
    hit = engine.search("Warsaw").hits[0]
    assert (hit.id, hit.title, hit.language, hit.source, hit.published) == (
        "a2", "Night train links Kyiv and Warsaw", "en", "Global Wire Daily", "2026-04-17T06:00:00+00:00")
    assert hit.score > 0
    result = engine.search("station", page=2, limit=1)
    assert (result.total, result.page, result.limit, len(result.hits)) == (2, 2, 1, 1)


def test_entity_facets_count_keys_and_filters_take_any_spelling(engine):
    result = engine.search("*")
    assert dict(result.facets["place"])["place:kramatorsk"] == 1
    [(key, count)] = result.facets["person"]
    assert key.startswith("person:") and count == 1
    assert dict(result.facets["source"]) == {"Test Courier": 1, "Global Wire Daily": 1, "Rheinische Abendpost": 1}
    assert ids(engine.search("*", {"person": "Zelensky"})) == ["a1"]
    assert ids(engine.search("*", {"person": key})) == ["a1"], "a facet value's own key filters"
    assert ids(engine.search("*", {"year": "2025"})) == ["a3"]
    assert len(engine.search("*", facet_limit=1).facets["source"]) == 1


def test_unknown_sort_and_unreadable_dates_are_query_errors(engine):
    with pytest.raises(QueryError, match="sort"):
        engine.search("station", sort="loudest")
    with pytest.raises(QueryError, match="ISO 8601"):
        engine.search("station", {"from": "last week"})


def test_quotes_by_speaker_filters_and_fragments(engine):
    by_zelensky = engine.search_quotes(speaker="Zelensky")
    assert by_zelensky.total == 3, "the surname alone stands for the one Zelensky the archive knows"
    everything = engine.search_quotes()
    assert everything.total == 5
    assert [q.published for q in everything.quotes][:1] == ["2026-04-17T06:00:00+00:00"], "newest first"
    assert engine.search_quotes(include_fragments=False).total == 4
    assert engine.search_quotes(filters={"language": "de"}).quotes[0].speaker == "Dietmar Woidke"
    assert engine.search_quotes(filters={"article_id": "a2"}).total == 2
    assert engine.search_quotes(filters={"from": "2026-04-01"}).total == 2
    assert engine.search_quotes(filters={"source": "Test Courier"}).total == 2
    assert engine.search_quotes("rebuild", limit=1).total == 2 and len(engine.search_quotes("rebuild", limit=1).quotes) == 1
    with pytest.raises(QueryError):
        engine.search_quotes('"unclosed')


def test_one_quote_by_id(engine):
    quote = engine.quote("a1:1")
    assert quote is not None
    assert (quote.text, quote.speaker, quote.article_id, quote.fragment, quote.language, quote.source, quote.title) == (
        STATEMENT, "Volodymyr Zelensky", "a1", False, "en", "Test Courier",
        "Rocket strike on Kramatorsk railway station")
    assert engine.quote("a1:9") is None and engine.quote("nope") is None


def test_provenance_candidates_share_words_and_language(engine):
    found = [q.id for q in engine.quote_candidates(STATEMENT, "en")]
    assert set(found[:2]) == {"a1:1", "a2:0"}, "the statement and its lightly edited report rank first"
    assert "a3:0" not in found, "another language is another statement"
    assert engine.quote_candidates("…", "en") == []
    # a statement of more words than a query may hold (64) still finds its reports: its longest words are searched
    longer = STATEMENT + " " + " ".join(f"point{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(70))
    assert set(q.id for q in engine.quote_candidates(longer, "en")[:2]) == {"a1:1", "a2:0"}


def test_suggest_on_its_own(engine):
    assert engine.suggest("Kramatosk railwya") == "kramatorsk railway"
    assert engine.suggest("Kramatorsk") is None


def test_an_index_url_no_backend_serves_is_refused(tmp_path):
    with pytest.raises(ValueError, match="ftp://example.org"):
        open_engine(tmp_path, url="ftp://example.org/index")


# -- bounded queries ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("pattern", ["**", "*?*", "*a*", "a*", "?ation", "title:*station"])
def test_a_wildcard_without_two_letters_in_front_is_refused_with_what_to_type(engine, pattern):
    with pytest.raises(QueryError, match=r"at least 2 letters before its first \* or \?.*type \* alone"):
        engine.search(pattern)


CHAIN_200 = " w/5 ".join(["ab"] * 200)  # issue #41: 1,395 characters, a RecursionError (HTTP 500) inside Whoosh


@pytest.mark.parametrize("hostile, words", [
    (CHAIN_200, r"has 200 words; at most 64 fit in one search: keep the words that matter most"),
    (" pre/5 ".join(["ab"] * 200), r"has 200 words; at most 64"),
    ("(" * 995 + "Kyiv" + ")" * 995, r"brackets 995 levels deep; at most 10 levels fit in one search: remove"),
    ("(" * 11 + "Kyiv" + ")" * 11, r"brackets 11 levels deep"),
    (" ".join(["Kyiv"] * 65), r"has 65 words"),
    ('"' + " ".join(["Kyiv"] * 65) + '"', r"has 65 words; .*each word of a phrase counts"),
    (" w/50 ".join(["Kyiv", "train"] * 5), r"has 9 proximity operators \(w/N, near/N, pre/N\); at most 8 .* split"),
    (" near/3 ".join(["tr*"] * 12), r"has 11 proximity operators"),
])
def test_queries_beyond_the_limits_are_refused_with_what_to_change(engine, hostile, words):
    """Depth, words and proximity operators are counted on the text, before a parser builds a query tree that
    Whoosh would walk by recursion (and every backend parses alike, so every backend refuses the same)."""
    for ask in (engine.search, engine.search_quotes, engine.matching_ids):
        with pytest.raises(QueryError, match=words):
            ask(hostile)


def test_queries_at_the_limits_are_answered(engine):
    assert engine.search("(" * 10 + "Kyiv" + ")" * 10).total >= 1
    assert engine.search(" ".join(["Kyiv"] * 64)).total >= 1


def test_proximity_operators_over_too_many_expanded_words_are_refused_before_they_run(empty):
    """Each wildcard beside a proximity operator stands for up to MAX_EXPANSION words whose positions are all
    compared: more than MAX_SPAN_WORDS in all is refused, saying to lengthen the prefixes."""
    stems = [f"{a}{b}" for a in "bcdfghklmnprstvz" for b in "aeiou"][:MAX_EXPANSION]
    text = " ".join(f"{prefix}{stem}x" for prefix in ("tra", "cor", "sel") for stem in stems)
    nine = "amber bridge cellar dolphin engine forest garden harbour island".split()
    empty.write_articles([("s1", 1, doc("Many words", text + "\n\n" + " ".join(nine)))])
    assert ids(empty.search(" w/50 ".join(nine))) == ["s1"], "8 proximity operators are answered"
    with pytest.raises(QueryError, match=r"compare the positions of \d+ words once its wildcards are expanded; at "
                                         r"most 128 fit in one search: use longer wildcard prefixes"):
        empty.search("tra* w/5 cor* w/5 sel*")
    assert empty.search("tra* w/5 cor*").total == 1, "two of them (128 words) fit"
    assert empty.search("tra* OR cor* OR sel*").total == 1, "without a proximity, wildcards cost what they did"


def test_wildcards_with_a_prefix_answer_and_say_when_they_were_cut_short(empty):
    words = [f"fest{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(MAX_EXPANSION + 20)]
    empty.write_articles([(f"w{i}", 1, doc(f"Report {w}", f"The {w} was held in spring.")) for i, w in
                          enumerate(words)])
    broad = empty.search("fest*", limit=5)
    assert broad.cut_short == ["fest*"]
    assert MAX_EXPANSION <= broad.total < len(words) and len(broad.hits) == 5
    narrow = empty.search("festa?", limit=50)
    assert narrow.cut_short == [] and 20 <= narrow.total <= 26  # festa? : festaa … festaz (a few stemmed away)
    assert empty.search("Kyiv").cut_short == []
    assert empty.search_quotes("fest*").cut_short in ([], ["fest*"])


# -- rebuilding beside the index in use --------------------------------------------------------------------------
def test_rebuild_switches_at_once_and_catches_up_what_was_written_meanwhile(empty, tmp_path_factory):
    empty.write_articles([(f"r{i}", 1, doc(f"Ferry report {i}", "The ferry sailed on time.")) for i in range(4)])
    seen_during: list[int] = []

    def catch_up(written):
        assert written == {f"r{i}": 1 for i in range(3)}
        # another writer added r9 and removed r0 while the new index was built; readers still see the old one
        seen_during.append(empty.search("ferry").total)
        yield "r9", 1, doc("Ferry report 9", "The ferry sailed late.")
        yield "r0", 0, None

    rebuilt = empty.rebuild(((f"r{i}", 1, doc(f"Ferry report {i}", "The ferry sailed on time.")) for i in range(3)),
                            catch_up)
    assert seen_during == [4]
    assert rebuilt == 3
    assert sorted(empty.indexed_versions()) == ["r1", "r2", "r9"]
    assert empty.search("ferry").total == 3
    empty.write_articles([("r5", 1, doc("Ferry report 5", "The ferry sailed again."))])
    assert empty.search("ferry").total == 4


@pytest.mark.parametrize("text, filters, sort", [
    ("*", None, "relevance"),
    ("station", None, "relevance"),
    ("station OR Oder", None, "oldest"),
    ("*", {"place": "Kramatorsk"}, "newest"),
    ("Kramatorsk Warsaw", None, "relevance"),  # no article has both words: the same any-word fallback
    ("zzqxvv", None, "relevance"),
])
def test_matching_ids_are_every_match_in_search_order(engine, text, filters, sort):
    found = engine.search(text, filters, limit=100, sort=sort)
    assert list(engine.matching_ids(text, filters, sort)) == ids(found)


def test_matching_ids_page_through_more_than_a_batch_and_refuse_bad_queries(empty):
    empty.write_articles((f"m{i:04}", 1, doc(f"Budget vote {i}", f"The council voted on budget number {i}.",
                                              published=f"2026-01-01T00:{i // 60:02}:{i % 60:02}+00:00"))
                         for i in range(1234))
    every = list(empty.matching_ids("budget", sort="oldest"))
    assert len(every) == 1234 and every[:2] == ["m0000", "m0001"] and len(set(every)) == 1234
    with pytest.raises(QueryError):
        empty.matching_ids('"unclosed')
    with pytest.raises(QueryError):
        empty.matching_ids("budget", sort="sideways")
    with pytest.raises(QueryTooBroad):  # folding copies reads every match within the search's deadline, or says so
        list(empty.matching_ids("budget", sort="oldest", deadline=0))
    # the page of a folded list is searched again by id (ids apart by spaces), for its snippets
    picked = empty.search("budget", {"id": "m0007 m0001 nonesuch"}, sort="oldest")
    assert picked.total == 2 and [h.id for h in picked.hits] == ["m0001", "m0007"]


def test_hits_carry_the_indexed_version(empty):
    empty.write_articles([("v1", 3, doc("Third version of a story", "Some text about a story."))])
    assert [h.version for h in empty.search("story").hits] == [3]


# -- the journalist's desk (#16): browsing by filters, the date histogram, bylines, quote facets and order ----------
def test_filters_alone_browse_newest_first(engine):
    assert ids(engine.search("*", {"place": "Warsaw"})) == ["a2"]
    assert ids(engine.search("*", {"source": "Test Courier"})) == ["a1"]
    assert ids(engine.search("*", {"from": "2026-01-01"})) == ["a2", "a1"], "newest first"


def test_histogram_counts_every_match_by_month_over_a_year(engine):
    result = engine.search("*", limit=1)
    h = result.histogram
    assert h.interval == "month", "a span of 13 months is drawn by month"
    assert h.buckets[0] == ("2025-03-01", 1) and h.buckets[-1] == ("2026-04-01", 1)
    assert len(h.buckets) == 14, "every month between, empty ones too"
    assert dict(h.buckets)["2026-03-01"] == 1 and dict(h.buckets)["2025-09-01"] == 0
    assert sum(n for _, n in h.buckets) + h.undated == result.total == 3, "not only the one hit of the page"


def test_histogram_follows_the_query_and_an_asked_interval(engine):
    assert engine.search("station").histogram.interval == "week", "34 days: by week"
    weeks = engine.search("station").histogram.buckets
    assert weeks[0] == ("2026-03-09", 1) and weeks[-1] == ("2026-04-13", 1), "weeks start on Monday"
    assert len(weeks) == 6
    assert engine.search("*", interval="year").histogram.buckets == [("2025-01-01", 1), ("2026-01-01", 2)]
    days = engine.search("Kramatorsk", interval="day").histogram
    assert days.interval == "day" and days.buckets == [("2026-03-14", 1)]
    nothing = engine.search("zzzqqq").histogram
    assert nothing.buckets == [] and nothing.undated == 0
    with pytest.raises(QueryError, match="interval"):
        engine.search("*", interval="fortnight")


def test_undated_articles_are_counted_apart_in_the_histogram(empty):
    empty.write_articles([("d1", 1, doc("Ferry sails", "The ferry sails.", published=None)),
                          ("d2", 1, doc("Ferry late", "The ferry is late.", published="2026-02-03T09:00:00Z")),
                          ("d3", 1, doc("Ferry back", "The ferry is back.", published="2026-02-05T23:30:00Z"))])
    h = empty.search("ferry").histogram
    assert h.interval == "day" and h.undated == 1
    assert h.buckets == [("2026-02-03", 1), ("2026-02-04", 0), ("2026-02-05", 1)]


def test_an_archive_of_undated_articles_still_lists_them_by_date(empty):
    empty.write_articles([("u1", 1, doc("Ferry soup", "A ferry soup.", published=None, quotes=[Quote("Soup.", "A B")])),
                          ("u2", 1, doc("Ferry shop", "A ferry shop.", published="not a date"))])
    assert ids(empty.search("*")) == ["u1", "u2"] and ids(empty.search("ferry", sort="oldest")) == ["u1", "u2"]
    assert empty.search_quotes(sort="newest").total == 1
    empty.write_articles([("d1", 1, doc("Ferry news", "Ferry news."))])
    assert ids(empty.search("*")) == ["d1", "u1", "u2"] and ids(empty.search("*", sort="oldest")) == ["d1", "u1", "u2"]


def test_bylines_are_searchable_and_an_author_facet(engine):
    assert ids(engine.search("author:Kovalenko", sort="newest")) == ["a2", "a1"]
    assert ids(engine.search('author:"Mark Webb"')) == ["a2"]
    assert ids(engine.search("station author:webb")) == ["a2"]
    assert ids(engine.search("*", {"author": "Mark Webb"})) == ["a2"]
    assert ids(engine.search("*", {"author": "Webb"})) == [], "the facet filter is the name as the byline has it"
    assert engine.search("*").facets["author"] == [("Olena Kovalenko", 2), ("Mark Webb", 1)]
    assert engine.search("Oder").facets["author"] == []


def test_quote_facets_count_every_match(engine):
    result = engine.search_quotes(limit=1)
    assert len(result.quotes) == 1 and result.total == 5
    assert dict(result.facets["language"]) == {"en": 4, "de": 1}
    assert dict(result.facets["source"]) == {"Test Courier": 2, "Global Wire Daily": 2, "Rheinische Abendpost": 1}
    speakers = dict(result.facets["speaker"])
    assert len(speakers) == 2 and 3 in speakers.values(), "'Zelensky' counts for Volodymyr Zelensky"
    assert dict(engine.search_quotes(filters={"language": "de"}).facets["language"]) == {"de": 1}


def test_quote_sort(engine):
    newest = [q.published[:10] for q in engine.search_quotes(sort="newest").quotes]
    oldest = [q.published[:10] for q in engine.search_quotes(sort="oldest").quotes]
    assert newest[0] == "2026-04-17" and newest[-1] == "2025-03-15"
    assert oldest == newest[::-1] or (oldest[0], oldest[-1]) == ("2025-03-15", "2026-04-17")
    assert engine.search_quotes("rebuild", sort="oldest").quotes[0].article_id == "a1"
    assert engine.search_quotes("rebuild", sort="newest").quotes[0].article_id == "a2"
    with pytest.raises(QueryError, match="sort"):
        engine.search_quotes(sort="loudest")


# -- dates people can rely on (#40): each publication's own calendar day, undated articles last --------------------
@pytest.fixture(scope="module")
def calendar(backend, request) -> SearchEngine:
    """Articles of one week of May 2022 in five time zones (the UTC day is not the day they printed), and two
    undated ones."""
    with new_engine(backend, request) as eng:
        said = [Quote("The ferry will sail at dawn.", "Marta Quiroga")]
        eng.write_articles([
            ("ba", 1, doc("Ferry strike ends in Buenos Aires", "The ferry crews went back to work.",
                          published="2022-05-03T22:46:00-03:00", quotes=said)),  # May 4, 01:46 in UTC
            ("be", 1, doc("Ferry timetable for Berlin lakes", "The ferry timetable changes on Sunday.",
                          published="2022-05-04T00:30:00+02:00", quotes=said)),  # May 3, 22:30 in UTC
            ("tk", 1, doc("Tokyo bay ferry", "A new ferry crosses Tokyo bay.", published="2022-05-03T10:00:00+09:00")),
            ("ld", 1, doc("Thames ferry", "The Thames ferry is late again.", published="2022-05-03T09:00:00+00:00")),
            ("ny", 1, doc("New Year ferry", "The ferry runs all night.", published="2022-12-31T23:30:00-05:00")),
            ("u1", 1, doc("Ferry recipes", "Ferry fish soup, a recipe.", published=None, quotes=said)),
            ("u2", 1, doc("Ferry shop", "Buy a ferry model ship.", published=None)),
        ])
        yield eng


def test_days_are_each_publications_own_calendar_days(calendar):
    """An article of 22:46 −03:00 on May 3 is of May 3 in filters, the histogram, the year and published: ranges,
    though it is May 4 in UTC."""
    may3 = {"from": "2022-05-03", "to": "2022-05-03"}
    assert ids(calendar.search("*", may3, sort="oldest")) == ["tk", "ld", "ba"]
    assert ids(calendar.search("ferry", {"from": "2022-05-04", "to": "2022-05-04"})) == ["be"]
    assert ids(calendar.search("published:[2022-05-03 to 2022-05-03]", sort="oldest")) == ["tk", "ld", "ba"]
    may = calendar.search("*", {"from": "2022-05", "to": "2022-05"}, interval="day").histogram
    assert may.buckets == [("2022-05-03", 3), ("2022-05-04", 1)] and may.undated == 0
    assert calendar.search("*").facets["year"] == [("2022", 5)], "New Year's Eve in New York is of 2022"
    assert ids(calendar.search("*", {"year": "2022", "from": "2022-12-31"})) == ["ny"]
    assert calendar.search("*", {"from": "2023"}).total == 0 and calendar.search("*", {"to": "2022"}).total == 5
    assert calendar.search_quotes(filters=may3).total == 1 and calendar.search_quotes(filters=may3).quotes[0].article_id == "ba"


def test_a_time_in_from_or_to_is_read_on_each_publications_clock_unless_it_has_an_offset(calendar):
    assert ids(calendar.search("*", {"from": "2022-05-03T09:30", "to": "2022-05-03"}, sort="oldest")) == ["tk", "ba"]
    # with an offset it names a moment: 01:46 UTC on May 4 is the Buenos Aires evening, 22:30 UTC on May 3 Berlin's
    assert ids(calendar.search("*", {"from": "2022-05-04T00:00Z", "to": "2022-05-04T23:59Z"})) == ["ba"]
    assert ids(calendar.search("*", {"from": "2022-05-03T20:00-02:00", "to": "2022-05-03"})) == ["ba"]


def test_date_sorts_go_by_day_then_moment_and_put_undated_articles_last(calendar):
    newest = ["ny", "be", "ba", "ld", "tk"]  # May 3 by moment: Buenos Aires 01:46 UTC (May 4), London 9:00, Tokyo 1:00
    assert ids(calendar.search("ferry", sort="newest")) == newest + ["u1", "u2"]
    assert ids(calendar.search("ferry", sort="oldest")) == newest[::-1] + ["u1", "u2"]
    assert ids(calendar.search("*"))[:5] == newest, "browsing every article opens with the newest, not the undated"
    assert ids(calendar.search("*", {"language": "en"}, limit=3)) == newest[:3], "a filter alone browses alike"
    assert ids(calendar.search("*", page=3, limit=3)) == ["u2"]
    assert list(calendar.matching_ids("*")) == newest + ["u1", "u2"], "exports follow the page's order"
    assert list(calendar.matching_ids("ferry", sort="oldest")) == newest[::-1] + ["u1", "u2"]
    scores = [h.score for h in calendar.search("ferry recipes OR ferry").hits]
    assert scores == sorted(scores, reverse=True), "relevance keeps its order"
    assert ids(calendar.search("recipes")) == ["u1"]
    quotes = calendar.search_quotes(sort="newest").quotes
    assert [q.article_id for q in quotes] == ["be", "ba", "u1"]
    assert [q.article_id for q in calendar.search_quotes(sort="oldest").quotes] == ["ba", "be", "u1"]
    assert [q.article_id for q in calendar.search_quotes().quotes] == ["be", "ba", "u1"], "no words: newest first"


def test_from_after_to_is_an_error_that_says_so(calendar):
    for start, end in (("2022-05-04", "2022-05-03"), ("2022-06", "2022-05-31"), ("2023", "2022-12"),
                       ("2022-05-03T12:00Z", "2022-05-03T11:00Z")):
        with pytest.raises(QueryError, match="after"):
            calendar.search("ferry", {"from": start, "to": end})
        with pytest.raises(QueryError, match="after"):
            calendar.matching_ids("*", {"from": start, "to": end})
        with pytest.raises(QueryError, match="after"):
            calendar.search_quotes(filters={"from": start, "to": end})
    assert calendar.search("*", {"from": "2022-05", "to": "2022-05-03"}).total == 3, "a month and a day of it overlap"
    for bad in ("2022-13", "May 3", "2022-05-32", "3.5.2022"):
        with pytest.raises(QueryError, match="ISO 8601"):
            calendar.search("*", {"to": bad})


# -- newsroom operators (w/N, near/N, pre/N, atleastN(word)) -----------------------------------------------------
@pytest.fixture(scope="module")
def desk(backend, request) -> SearchEngine:
    """Short sentences whose word distances the operator tests count on (stop words are not counted)."""
    with new_engine(backend, request) as eng:
        linked = AnnotatedArticle(Article(title="Timetable page", blocks=[Block("Timetables for the winter.")],
                                          published="2026-02-01T08:00:00+00:00", source="Test Courier",
                                          url="https://x.example/w/5"), "en", [], [])
        eng.write_articles([
            # ferry 1, left 2, Gdynia 3, noon 4, reached 5, island 6, Hel 7, storm 8
            ("p1", 1, doc("Midday crossing", "The ferry left Gdynia at noon and reached the island of Hel before "
                                             "the storm.")),
            # Gdynia 0, welcomed 1, ferry 2
            ("p2", 1, doc("Arrival from Sweden", "Gdynia welcomed the ferry from Sweden after a long night at sea.",
                          quotes=[Quote("The ferry from Sweden will sail again tomorrow.", "Anna Holm")])),
            ("p3", 1, doc("Weather diary", "Storms again: the storm warning came late, and the third storm hit the "
                                           "harbour at night.")),
            ("p4", 1, doc("Storm over Gdynia, storm over Hel", "One storm passed the coast quietly.")),
            ("p5", 1, doc("Mittagsfähre", "Die Fähre verließ Gdynia am Mittag und erreichte Hel vor dem Sturm.",
                          lang="de")),
            ("p6", 1, linked),
        ])
        yield eng


def test_within_n_words_matches_either_order_and_not_further(desk):
    assert set(ids(desk.search("ferry w/2 Gdynia"))) == {"p1", "p2"}
    assert set(ids(desk.search("Gdynia w/2 ferry"))) == {"p1", "p2"}
    assert ids(desk.search("ferry w/1 Gdynia")) == []
    assert ids(desk.search("Fähre w/2 Gdynia")) == ["p5"], "each language's own word forms, near in its own field"
    assert set(ids(desk.search("FERRY W/2 gdynia"))) == {"p1", "p2"}, "the operator in capitals is the same"


def test_a_proximity_that_matches_nothing_is_not_relaxed_to_any_word(desk):
    result = desk.search("ferry w/1 Gdynia")
    assert result.total == 0 and not result.relaxed
    assert desk.search("ferry near/2 Gdyna").suggestion == "ferry near/2 gdynia", "the operator is not corrected"


def test_pre_n_keeps_the_order(desk):
    assert ids(desk.search("ferry pre/2 Gdynia")) == ["p1"]
    assert ids(desk.search("Gdynia pre/2 ferry")) == ["p2"]
    assert ids(desk.search("Gdynia pre/1 ferry")) == []
    assert ids(desk.search("Gdynia Pre/5 island")) == ["p1"]


def test_near_n_is_within_n(desk):
    for n in (1, 2, 5):
        assert ids(desk.search(f"Gdynia near/{n} ferry")) == ids(desk.search(f"Gdynia w/{n} ferry"))
    assert set(ids(desk.search("Gdynia near/2 ferry"))) == {"p1", "p2"}


def test_proximity_sides_may_be_phrases_wildcards_fields_groups_and_chains(desk):
    assert ids(desk.search('"reached the island" w/2 Gdynia')) == ["p1"]
    assert ids(desk.search('"reached the island" w/1 Gdynia')) == []
    assert set(ids(desk.search("ferr* w/2 Gdynia"))) == {"p1", "p2"}
    assert ids(desk.search("title:storm w/2 Hel")) == ["p4"], "near each other in the headline"
    assert ids(desk.search("text:storm w/2 Hel")) == ["p1"], "near each other in the body"
    assert set(ids(desk.search("ferry w/2 (Gdynia OR Sweden)"))) == {"p1", "p2"}
    assert ids(desk.search("ferry w/2 Gdynia w/1 noon")) == ["p1"], "noon next to the span ferry … Gdynia"
    assert ids(desk.search("ferry w/2 Gdynia AND Sweden")) == ["p2"], "binds tighter than AND"
    assert desk.search_quotes("ferry pre/1 Sweden").total == 1
    assert desk.search_quotes("Sweden pre/1 ferry").total == 0


def test_atleast_counts_the_word_in_the_body(desk):
    assert ids(desk.search("atleast3(storm)")) == ["p3"], "storms, storm, storm: word forms count"
    assert ids(desk.search("atleast2(storm)")) == ["p3"], "p4 has storm twice in its headline, once in its body"
    assert set(ids(desk.search("atleast1(storm)"))) == {"p1", "p3", "p4"}
    assert ids(desk.search("atleast4(storm)")) == []
    assert ids(desk.search("ATLEAST3(storm) harbour")) == ["p3"]


def test_lucene_phrase_slop_keeps_working(desk):
    assert ids(desk.search('"ferry Gdynia"')) == []
    assert ids(desk.search('"ferry Gdynia"~2')) == ["p1"], "in order, at most 2 positions apart"
    assert ids(desk.search('"ferry Gdynia"~1')) == []


@pytest.mark.parametrize("text", ["w/5", "w/5 ferry", "ferry w/5", "ferry w/x Gdynia", "pre/ ferry", "near/ ferry",
                                  "atleast3", "atleast", "atleast3 storm", "ferry near/5"])
def test_words_that_only_look_like_operators_are_words(desk, text):
    result = desk.search(text)  # never an error: searched as the words they are
    assert all(h.id.startswith("p") for h in result.hits)
    if "ferry" in text:
        assert "p1" in ids(result)


def test_an_operator_inside_a_url_is_part_of_the_url(desk):
    assert ids(desk.search('url:"https://x.example/w/5"')) == ["p6"]
