"""Tables kept on disk between processes (indexer.text.cache): never stale, never fatal."""

from indexer.text.cache import stored_table


def _builder(source, calls):
    def build():
        calls.append(1)
        return source.read_text(encoding="utf-8").upper()

    return build


def test_a_stored_table_is_built_once_and_again_when_its_input_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("NEWSARCHIVE_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "places.tsv"
    source.write_text("kyiv", encoding="utf-8")
    calls: list[int] = []
    build = _builder(source, calls)
    assert stored_table("t", [source], build) == "KYIV"
    assert stored_table("t", [source], build) == "KYIV"
    assert len(calls) == 1
    source.write_text("lviv", encoding="utf-8")
    assert stored_table("t", [source], build) == "LVIV"
    assert len(calls) == 2


def test_copies_for_other_inputs_are_kept_a_while(tmp_path, monkeypatch):
    """Two versions sharing a cache (a running server, a newer CLI) must not rebuild each other's table at every
    turn; only the least recently used copies beyond the last few go."""
    monkeypatch.setenv("NEWSARCHIVE_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "places.tsv"
    calls: list[int] = []
    build = _builder(source, calls)
    for city in ("kyiv", "lviv", "kyiv", "odesa", "kharkiv"):
        source.write_text(city, encoding="utf-8")
        assert stored_table("t", [source], build) == city.upper()
    assert len(calls) == 4, "going back to the inputs of a kept copy builds nothing"
    source.write_text("lviv", encoding="utf-8")
    stored_table("t", [source], build)
    assert len(calls) == 5, "the least recently used copy (lviv) was removed when kharkiv's was written"
    assert len(list((tmp_path / "cache" / "tables").glob("t-*.pickle"))) == 3


def test_a_damaged_table_file_is_built_again(tmp_path, monkeypatch):
    monkeypatch.setenv("NEWSARCHIVE_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "places.tsv"
    source.write_text("kyiv", encoding="utf-8")
    calls: list[int] = []
    build = _builder(source, calls)
    stored_table("t", [source], build)
    (stored,) = (tmp_path / "cache" / "tables").glob("t-*.pickle")
    stored.write_bytes(b"not a pickle")
    assert stored_table("t", [source], build) == "KYIV"
    assert len(calls) == 2


def test_stored_given_names_answer_as_the_freshly_read_dictionary(tmp_path, monkeypatch):
    """gender-guesser's name dictionary is read once and stored: a later process must get the same names."""
    from indexer.annotate.entities import gazetteer
    from indexer.annotate.quotes import speaker_gender

    monkeypatch.setenv("NEWSARCHIVE_CACHE", str(tmp_path / "cache"))
    fresh = gazetteer._read_nam_dict()
    stored = gazetteer._nam_dict.__wrapped__()  # builds and stores
    assert gazetteer._nam_dict.__wrapped__() == stored == fresh  # the second reads the stored copy
    assert len(list((tmp_path / "cache" / "tables").glob("nam-dict-*.pickle"))) == 1
    if fresh[0]:  # gender-guesser installed
        assert {"irene", "paul"} <= fresh[1] <= fresh[0]
        guesses = [speaker_gender.gender_detector.__wrapped__() for _ in range(2)]  # built, then read back
        assert [g("Anna") for g in guesses] == ["female", "female"]
        assert [g("Peter") for g in guesses] == ["male", "male"]
