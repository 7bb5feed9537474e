"""The `newsarchive` command end to end, in subprocesses, as a user runs it."""

from __future__ import annotations

import gzip
import json
import shutil

import pytest
from conftest import cli_json, run_cli

STORY = [
    "Emergency crews in Wrocław worked through the night as the Oder rose above its banks on Saturday.",
    "“We have moved four hundred families to higher ground,” said Katarzyna Wiśniewska, the head of the "
    "regional crisis office.",
    "Trains between Berlin and Wrocław were suspended until further notice, the railway said.",
]


def test_ingest_search_stats_round_trip(tmp_path, write_page):
    data = tmp_path / "data"
    write_page("flood.html", "Oder flood forces evacuations in Wrocław", STORY,
               url="https://www.test-courier.example/2026/03/14/oder-flood/")
    write_page("other.html", "City council approves new tram line",
               ["The council voted on Tuesday to build a tram line to the airport.",
                "Construction is due to start next spring, officials said."],
               url="https://www.test-courier.example/2026/03/15/tram/")
    summary = cli_json("ingest", "--json", str(tmp_path / "pages"), data=data)
    assert summary["added"] == 2 and summary["failed"] == []

    result = cli_json("search", "--json", "evacuations", data=data)
    assert result["total"] == 1
    hit = result["hits"][0]
    assert set(hit) >= {"id", "title", "url", "published", "language", "source", "snippet"}
    assert hit["title"] == "Oder flood forces evacuations in Wrocław"
    assert hit["url"] == "https://www.test-courier.example/2026/03/14/oder-flood/"
    assert hit["language"] == "en" and hit["source"] == "Test Courier"
    assert hit["published"].startswith("2026-03-14")
    assert set(result["facets"]) == {"person", "place", "organization", "speaker", "language", "source", "year", "author"}
    assert {"value": "en", "count": 1} in result["facets"]["language"]

    stats = cli_json("stats", "--json", data=data)
    assert stats["articles"] == 2 and stats["languages"] == {"en": 2}
    assert set(stats) >= {"articles", "languages", "sources", "quotes", "entities"}


def test_ingest_is_idempotent_and_versions_changed_pages(tmp_path, write_page):
    data = tmp_path / "data"
    url = "https://www.test-courier.example/2026/03/14/oder-flood/"
    page = write_page("flood.html", "Oder flood forces evacuations in Wrocław", STORY, url=url)
    assert cli_json("ingest", "--json", str(page), data=data)["added"] == 1
    again = cli_json("ingest", "--json", str(page), data=data)
    assert (again["added"], again["updated"], again["unchanged"]) == (0, 0, 1)

    write_page("flood.html", "Oder flood forces evacuations in Wrocław",
               [*STORY, "By Sunday morning the water had begun to fall."], url=url)
    changed = cli_json("ingest", "--json", str(page), data=data)
    assert (changed["added"], changed["updated"]) == (0, 1)
    assert cli_json("stats", "--json", data=data)["articles"] == 1
    hits = cli_json("search", "--json", "Sunday", data=data)["hits"]
    assert len(hits) == 1, "the index shows the newest version"


def test_bad_inputs_fail_alone_with_reasons(tmp_path, write_page):
    data = tmp_path / "data"
    good = write_page("good.html", "Oder flood forces evacuations in Wrocław", STORY)
    pdf = tmp_path / "pages" / "report.html"
    pdf.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
    empty = tmp_path / "pages" / "empty.html"
    empty.write_bytes(b"")
    (tmp_path / "pages" / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0 not a page")
    proc = run_cli("ingest", "--json", str(tmp_path / "pages"), str(tmp_path / "nowhere.html"), data=data)
    assert proc.returncode == 1
    summary = json.loads(proc.stdout)
    assert summary["added"] == 1
    failed = {f["path"]: f["error"] for f in summary["failed"]}
    assert set(failed) == {str(pdf), str(empty), str(tmp_path / "nowhere.html")}
    assert all(reason for reason in failed.values())
    assert summary["skipped"] == [str(tmp_path / "pages" / "photo.jpg")]
    assert "Traceback" not in proc.stderr
    assert cli_json("search", "--json", "evacuations", data=data)["total"] == 1
    assert good.exists()


def test_gzip_pages_and_human_summary(tmp_path, write_page):
    page = write_page("flood.html", "Oder flood forces evacuations in Wrocław", STORY)
    packed = tmp_path / "pages" / "flood.html.gz"
    packed.write_bytes(gzip.compress(page.read_bytes()))
    page.unlink()
    proc = run_cli("ingest", str(tmp_path / "pages"), data=tmp_path / "data")
    assert proc.returncode == 0, proc.stderr
    assert "added 1, updated 0, unchanged 0, failed 0" in proc.stdout


@pytest.mark.parametrize(("lang", "title", "body", "place"), [
    ("hr", "Most u Splitu zatvoren do proljeća", [
        "Ministarstvo prometa objavilo je da će most u Splitu biti zatvoren do proljeća.",
        "Ivan Horvat rekao je da autobusi voze preko Trogira, a vlakovi prema Rijeci kasne dvadeset minuta."], "Split"),
    ("sr", "Нова аутобуска линија у Нишу", [
        "Градска управа саопштила је да ће Ниш добити нову аутобуску линију до аеродрома.",
        "Ана Јовановић рекла је да ће вожња од центра трајати двадесет минута, а карте ће бити јефтиније."],
     "Niš"),
])
def test_a_page_in_a_language_the_lemma_dictionaries_file_under_another_code_is_annotated(write_page, lang, title,
                                                                                        body, place):
    """simplemma files Croatian, Serbian and Bosnian under one code ("hbs"): asked for "hr", a failed build left a
    file behind that made every later word of the process fail, so no Croatian page could be annotated."""
    record = cli_json("annotate", "--json", str(write_page(f"{lang}.html", title, body)))
    assert "error" not in record and record["language"] == lang
    assert place in {e["name"] for e in record["entities"] if e["type"] == "place"}


def test_annotate_json_contract_in_input_order(tmp_path, write_page):
    first = write_page("a.html", "Oder flood forces evacuations in Wrocław", STORY)
    broken = tmp_path / "pages" / "b.html"
    broken.write_bytes(b"\x00\x01\x02\x03binary\x00junk" * 50)
    third = write_page("c.html", "City council approves new tram line",
                       ["The council voted on Tuesday to build a tram line to the airport."])
    proc = run_cli("annotate", "--json", str(first), str(broken), str(third))
    assert proc.returncode == 1
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["path"] for r in lines] == [str(first), str(broken), str(third)]
    record = lines[0]
    assert set(record) >= {"path", "url", "title", "byline", "published", "source", "language", "text", "quotes",
                           "entities"}
    assert record["byline"] == "Ada Reporter" and record["language"] == "en"
    assert "Advertisement" not in record["text"] and "Read next" not in record["text"]
    quote = next(q for q in record["quotes"] if q["text"].startswith("We have moved"))
    assert quote["speaker"] == "Katarzyna Wiśniewska" and quote["fragment"] is False
    assert {"name": "Wrocław", "type": "place"} in [{k: e[k] for k in ("name", "type")} for e in record["entities"]]
    assert set(lines[1]) == {"path", "error"} and lines[1]["error"]
    assert lines[2]["title"] == "City council approves new tram line"
    assert "Traceback" not in proc.stderr


def test_query_errors_exit_2_with_a_message(tmp_path, write_page):
    data = tmp_path / "data"
    write_page("a.html", "Oder flood forces evacuations in Wrocław", STORY)
    run_cli("ingest", str(tmp_path / "pages"), data=data, check=True)
    proc = run_cli("search", '"unclosed phrase', data=data)
    assert proc.returncode == 2 and "double quote" in proc.stderr and "Traceback" not in proc.stderr
    proc = run_cli("search", "--json", "nosuchfield:x", data=data)
    assert proc.returncode == 2 and "Unknown field" in json.loads(proc.stdout)["error"]


def test_check_finds_and_repairs_a_lost_index_and_reindex_rebuilds(tmp_path, write_page):
    data = tmp_path / "data"
    write_page("a.html", "Oder flood forces evacuations in Wrocław", STORY)
    write_page("b.html", "City council approves new tram line", ["The council voted for a tram line."])
    run_cli("ingest", str(tmp_path / "pages"), data=data, check=True)
    assert run_cli("check", data=data).returncode == 0
    shutil.rmtree(data / "index")
    proc = run_cli("check", "--json", data=data)
    assert proc.returncode == 1 and len(json.loads(proc.stdout)["missing"]) == 2
    assert run_cli("check", "--repair", data=data).returncode == 0
    assert cli_json("search", "--json", "tram", data=data)["total"] == 1
    proc = run_cli("reindex", data=data, check=True)
    assert "2 articles" in proc.stdout
    assert cli_json("search", "--json", "evacuations", data=data)["total"] == 1


def test_quotes_command_contract(tmp_path, write_page):
    data = tmp_path / "data"
    write_page("a.html", "Oder flood forces evacuations in Wrocław", STORY)
    run_cli("ingest", str(tmp_path / "pages"), data=data, check=True)
    result = cli_json("quotes", "--json", "--speaker", "Katarzyna Wiśniewska", data=data)
    assert result["total"] == 1
    quote = result["quotes"][0]
    assert set(quote) >= {"text", "speaker", "article_id", "title", "published", "language", "source"}
    assert quote["text"].startswith("We have moved four hundred families")
    assert cli_json("quotes", "--json", "families", data=data)["total"] == 1
    assert cli_json("quotes", "--json", "elephants", data=data)["total"] == 0
    hint = run_cli("quotes", "Wiśniewska", data=data, check=True).stdout
    assert "0 quotes" in hint and "newsarchive quotes --speaker 'Wiśniewska'" in hint
    wrong_field = run_cli("quotes", "person:Wiśniewska", data=data)
    assert wrong_field.returncode != 0
    assert "Search one of these fields: text, speaker, language" in wrong_field.stdout + wrong_field.stderr


def test_help_explains_every_command():
    proc = run_cli("--help", check=True)
    for command in ("annotate", "ingest", "search", "quotes", "stats", "reindex", "check", "export", "serve"):
        assert command in proc.stdout
    assert "--data" in run_cli("ingest", "--help", check=True).stdout


def test_export_jsonl_and_warc(tmp_path, write_page):
    data = tmp_path / "data"
    page = write_page("a.html", "Oder flood forces evacuations in Wrocław", STORY,
                      url="https://www.test-courier.example/flood/")
    run_cli("ingest", str(tmp_path / "pages"), data=data, check=True)
    out = tmp_path / "out.jsonl"
    run_cli("export", "--format", "jsonl", "-o", str(out), data=data, check=True)
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 1 and records[0]["title"] == "Oder flood forces evacuations in Wrocław"
    assert records[0]["versions"][0]["version"] == 1
    warc = tmp_path / "out.warc"
    run_cli("export", "--format", "warc", "-o", str(warc), data=data, check=True)
    raw = warc.read_bytes()
    assert raw.startswith(b"WARC/1.1\r\n") and b"WARC-Type: resource" in raw
    assert b"WARC-Target-URI: https://www.test-courier.example/flood/" in raw
    assert page.read_bytes() in raw, "the raw page is exported byte for byte"


def test_serve_demo_fills_an_empty_archive_then_answers_http(tmp_path, write_page):
    import os
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    from conftest import ROOT

    write_page("a.html", "Oder flood forces evacuations in Wrocław", STORY)
    write_page("b.html", "City council approves new tram line", ["The council voted for a tram line."])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, NEWSARCHIVE_CORPUS=str(tmp_path / "pages"), PYTHONWARNINGS="ignore")
    server = subprocess.Popen([sys.executable, "-m", "indexer.cli", "serve", "--demo", "--data",
                               str(tmp_path / "data"), "--port", str(port)], cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        deadline, stats = time.monotonic() + 120, None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/stats", timeout=5) as r:
                    stats = json.loads(r.read())
                break
            except OSError:
                time.sleep(0.5)
        assert stats is not None, "the server did not answer"
        assert stats["articles"] == 2
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/search?q=tram", timeout=5) as r:
            assert "City council approves new tram line" in r.read().decode()
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert "adding the bundled sample articles" in err and "Traceback" not in err


def test_reading_commands_refuse_a_folder_without_an_archive(tmp_path):
    for args in (("search", "x"), ("stats",), ("quotes",), ("check",)):
        proc = run_cli(*args, data=tmp_path / "nowhere")
        assert proc.returncode == 2 and "There is no archive" in proc.stderr, args
    assert not (tmp_path / "nowhere").exists(), "a typo in --data must not create an empty archive"
    proc = run_cli("search", "--limit", "0", "x", data=tmp_path)
    assert proc.returncode == 2 and "must be 1 or more" in proc.stderr


def test_reindex_reannotate_refreshes_annotations_from_raw_pages(tmp_path, write_page):
    import sqlite3

    data = tmp_path / "data"
    write_page("a.html", "Oder flood forces evacuations in Wrocław", STORY)
    run_cli("ingest", str(tmp_path / "pages"), data=data, check=True)
    with sqlite3.connect(data / "archive.sqlite3") as db:  # as if an older annotator had missed the speaker
        db.execute("UPDATE quotes SET speaker=NULL, speaker_key=NULL")
    proc = run_cli("reindex", "--reannotate", data=data, check=True)
    assert "re-annotated 1 article" in proc.stdout
    assert cli_json("quotes", "--json", "--speaker", "Katarzyna Wiśniewska", data=data)["total"] == 1
    assert cli_json("stats", "--json", data=data)["versions"] == 1, "same story: no new version"
