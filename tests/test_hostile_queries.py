"""Queries a hostile visitor sends to break search or freeze it for everyone (issue #41): each is refused with a 400
that says what to change, or answered within the deadline; costly ones wait their turn and give way to cheap ones,
so a plain search keeps its usual time while hostile clients search (a real server process, real clients)."""

from __future__ import annotations

import json
import statistics
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter

import pytest
from test_app import data_dir  # noqa: F401  (the same small archive as the API tests)
from test_whoosh_engine import NINE, texts_of_nine_words
from web_server import served

from indexer.archive import Archive
from indexer.index import priority
from indexer.models import AnnotatedArticle, Article, Block
from search_app import create_app
from search_app import service as service_module

CHAIN_W5 = " w/5 ".join(["ab"] * 200)  # 1,395 characters: a RecursionError (HTTP 500) inside Whoosh before
CHAIN_PRE5 = " pre/5 ".join(["ab"] * 200)
BRACKETS = "(" * 995 + "harbour" + ")" * 995  # a 400 that said "maximum recursion depth exceeded" before
ENDPOINTS = ["/api/search", "/search", "/api/quotes", "/quotes", "/api/search/export", "/api/quotes/export"]


@pytest.fixture(scope="module")
def client(data_dir):  # noqa: F811
    return create_app(data_dir, TESTING=True).test_client()


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("hostile, says", [
    (CHAIN_W5, "The query has 200 words; at most 64 fit in one search: keep the words that matter most"),
    (CHAIN_PRE5, "The query has 200 words; at most 64 fit in one search"),
    (BRACKETS, "The query puts brackets 995 levels deep; at most 10 levels fit in one search: remove the brackets"),
    (" w/5 ".join(["harbour", "council"] * 5), "The query has 9 proximity operators (w/N, near/N, pre/N); at most 8"),
], ids=["200 w/5", "200 pre/5", "995 brackets", "9 w/5"])
def test_queries_that_recursed_inside_whoosh_get_a_400_that_says_what_to_change(client, endpoint, hostile, says):
    asked = {"q": hostile, **({"format": "csv"} if endpoint.endswith("/export") else {})}
    r = client.get(endpoint, query_string=asked)
    assert r.status_code == 400
    if endpoint.startswith("/api/"):
        message = r.get_json()["error"]  # the error schema of every API refusal
        assert message.startswith(says)
    else:
        message = r.get_data(as_text=True)
        assert says.replace("(", "").split(";")[0] in message.replace("(", "")
    assert "recursion" not in message


@pytest.mark.parametrize("costly", ['"city council"', "council w/5 project", "atleast2(council)", "counc*",
                                    "published:[2026-01-01 to 2026-12-31]",
                                    " ".join(["council"] * 17)])
def test_costly_queries_of_every_kind_share_the_places_for_them(client, costly, monkeypatch):
    """While BROAD_AT_ONCE costly searches run, another costly one waits its turn a moment (SEARCH_DEADLINE, here
    shortened) and is turned away with a 429 that says to try again; a plain search answers meanwhile."""
    monkeypatch.setattr(service_module, "SEARCH_DEADLINE", 0.2)
    held = [service_module._broad_searches.acquire(timeout=5) for _ in range(service_module.BROAD_AT_ONCE)]
    try:
        assert all(held)
        assert client.get("/api/search", query_string={"q": "council"}).status_code == 200
        busy = client.get("/api/search", query_string={"q": costly})
        assert busy.status_code == 429 and "try again" in busy.get_json()["error"]
        assert busy.headers["Retry-After"] == "1"
    finally:
        for _ in held:
            service_module._broad_searches.release()
    assert client.get("/api/search", query_string={"q": costly}).status_code == 200


def test_a_costly_search_gives_way_while_a_cheap_one_runs():
    """Threads of one process: the costly one waits at its deadline checks until the cheap one ends (within
    MAX_WAIT), and the time it waited does not count against its deadline."""
    looked, cheap_started = threading.Event(), threading.Event()
    waited: list[float] = []

    def costly() -> None:
        with priority.costly():
            cheap_started.wait(10)
            before = priority.search_clock()
            start = time.monotonic()
            assert not priority.past(before + 0.2)  # gives way here while the cheap search runs
            waited.append(time.monotonic() - start)
            assert priority.search_clock() - before < 0.2, "the wait is not on the search's clock"
            looked.set()

    thread = threading.Thread(target=costly)
    thread.start()
    with priority.cheap():
        cheap_started.set()
        assert not looked.wait(0.5), "the costly search went on while the cheap one ran"
    thread.join(10)
    # (it waited while the cheap one ran, 0.5 s: less the moment between the cheap one's start and its own clock)
    assert looked.is_set() and 0.45 <= waited[0] < priority.MAX_WAIT + 1


def test_a_costly_search_gives_way_for_at_most_max_wait(monkeypatch):
    monkeypatch.setattr(priority, "MAX_WAIT", 0.3)
    with priority.cheap():
        done = []

        def costly() -> None:
            with priority.costly():
                priority.give_way()
                done.append(True)

        thread = threading.Thread(target=costly)
        thread.start()
        thread.join(5)
        assert done == [True], "a stream of cheap searches delays a costly one, never stops it"


# -- real processes ----------------------------------------------------------------------------------------------
PLAIN = "Millbridge"
ISSUE_QUERIES = [" w/50 ".join(("river", "flood")[i % 2] for i in range(150)), " w/50 ".join(["tr*"] * 50),
                 CHAIN_W5, CHAIN_PRE5, BRACKETS]
# the costliest queries the limits let through: over these texts they run until the deadline, or answer
ALLOWED_COSTLY = ["amber w/5 bridge w/5 cellar", "amber w/20 bridge", "am* w/10 br*", "amber w/3 bridge w/3 cellar",
                  '"amber bridge" NOT zzz', " ".join(NINE * 7)[:400], "am* w/50 br* w/50 ce* w/50 do*"]


@pytest.fixture(scope="module")
def hostile_archive(tmp_path_factory):
    """Texts where proximities of common words take seconds, and a few plain news articles about a harbour."""
    data = tmp_path_factory.mktemp("hostile") / "data"
    news = [(f"n{i}", 1, AnnotatedArticle(Article(
        title=f"Harbour works, week {i}", blocks=[Block(f"The harbour of Millbridge reopens in week {i}."),
                                                  Block("The council voted the budget on Monday.")],
        published="2026-03-14T10:00:00+00:00", source="Test Courier"), "en")) for i in range(30)]
    with Archive(data) as archive:
        archive.engine.write_articles(texts_of_nine_words(30, 3000) + news)
    return data


def _get(base: str, text: str) -> tuple[float, int, dict]:
    start = time.monotonic()
    try:
        with urllib.request.urlopen(f"{base}/api/search?" + urllib.parse.urlencode({"q": text}), timeout=120) as r:
            status, body = r.status, json.load(r)
    except urllib.error.HTTPError as exc:
        status, body = exc.code, json.loads(exc.read() or b"{}")
    return time.monotonic() - start, status, body


def test_a_plain_search_keeps_its_usual_time_while_hostile_clients_search(hostile_archive):
    """A server process answers three clients that send hostile queries in a loop (issue #41's, refused at once,
    and the costliest the limits let through, which run until the deadline) and a reader's plain search beside
    them. Before, the plain search waited for the chains (5.8 s to 71 s in the issue; past 120 s here), and
    without the costly searches giving way it took several times as long as alone.

    The times are medians of eight searches, alone and then behind the attack; the other test worker shares the
    two cores, so a round whose plain searches were slowed by it is measured again (at most three rounds): a
    search that waits for the hostile ones is slow in every round."""
    with served(hostile_archive) as base:
        for text in ISSUE_QUERIES:
            _, status, body = _get(base, text)
            assert status == 400 and "at most" in body["error"], text[:40]
        for _ in range(3):
            assert _get(base, PLAIN)[1] == 200  # the serving threads' searchers open
        rounds = []
        for _ in range(3):
            usual, slowed, statuses = _plain_beside_hostile(base)
            rounds.append(f"alone {usual:.3f} s, behind hostile clients {slowed:.3f} s ({statuses})")
            # measured: 40-50 ms alone, 55-75 ms behind them on a busy machine; before, past 120 s
            if slowed < 2 * usual + 0.15:
                break
        else:
            pytest.fail("a plain search was slowed in every round: " + "; ".join(rounds))


def _plain_beside_hostile(base: str) -> tuple[float, float, Counter]:
    """(median seconds of a plain search alone, behind three hostile clients, the hostile answers' statuses)."""
    alone = [_get(base, PLAIN)[0] for _ in range(8)]
    stop = threading.Event()
    answers: list[tuple[str, int, dict]] = []

    def attack(queries: list[str]) -> None:
        while not stop.is_set():
            for text in queries:
                try:
                    answers.append((text, *_get(base, text)[1:]))
                except OSError as exc:  # the server went away or did not answer at all
                    answers.append((text, 0, {"error": str(exc)}))

    attackers = [threading.Thread(target=attack, args=(queries,), daemon=True) for queries in
                 (ALLOWED_COSTLY, ALLOWED_COSTLY[::-1], ISSUE_QUERIES + ALLOWED_COSTLY[:1])]
    for thread in attackers:
        thread.start()
    try:
        time.sleep(1.0)  # the hostile searches are running
        behind = [_get(base, PLAIN) for _ in range(8)]
    finally:
        stop.set()
        for thread in attackers:
            thread.join(120)
    statuses = Counter(status for _, status, _ in answers)
    assert set(statuses) <= {200, 400, 429}, statuses
    assert all("at most" in body["error"] for asked, _, body in answers if asked in ISSUE_QUERIES)
    assert [(status, body.get("total")) for _, status, body in behind] == [(200, 30)] * len(behind)
    return statistics.median(alone), statistics.median(t for t, _, _ in behind), statuses
