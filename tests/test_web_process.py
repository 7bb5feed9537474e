"""The web process stays small: it answers searches without the annotation models, and an upload job runs in a
process of its own that still reports progress. Checked in a fresh interpreter, since this test session has long
imported everything."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import ROOT, page_html

from indexer.archive import Archive
from search_app.accounts import Accounts
from search_app.jobs import Jobs

PASSWORD = "tram-line-to-the-airport"
STORY = page_html("City council approves new tram line",
                  ["The council voted on Tuesday to build a tram line to the airport.",
                   "“It will carry twelve thousand people a day,” said Ilse Vandenberghe, the transport alderman."],
                  url="https://www.test-courier.example/tram/")
# (numpy is no longer among them: the Whoosh engine counts facets and bounds scores with it)
ANNOTATION = ["natasha", "slovnet", "navec", "langdetect", "bs4", "indexer.annotate.stage",
              "indexer.annotate.quotes", "indexer.annotate.entities.recognizer", "indexer.language", "indexer.clean.extract", "indexer.ingest.pipeline"]

# A journalist searches (typed filters too: their values are keyed like the archive's entities) while an archivist
# uploads a page; then the journalist finds it. Prints what the process imported and what it saw.
SESSION = """
import io, json, os, re, sys, time
from search_app import create_app

client = create_app(sys.argv[1], TESTING=True).test_client()
token = lambda html: re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
searches = [{"q": "x"}, {"q": "*", "person": "Ilse Vandenberghe"}, {"q": "*", "place": "Київ"},
            {"q": "*", "speaker": "Дмитрий Песков"}, {"q": "*", "organization": "Deutsche Bahn"}]
statuses = [client.get("/api/search", query_string=q).status_code for q in searches]
client.post("/archive/sign-in", data={"name": "editor", "password": sys.argv[2],
                                      "csrf_token": token(client.get("/archive/sign-in").get_data(as_text=True))})
r = client.post("/archive/add", data={"files": [(io.BytesIO(sys.argv[3].encode()), "tram.html")], "csrf_token": token(
    client.get("/archive").get_data(as_text=True))}, content_type="multipart/form-data")
job_id = int(r.headers["Location"].rsplit("/", 1)[1])
end = time.monotonic() + 240
while (job := client.get(f"/api/jobs/{job_id}").get_json())["status"] not in ("done", "failed") and time.monotonic() < end:
    time.sleep(0.1)
hits = client.get("/api/search", query_string={"q": "tram", "person": "Ilse Vandenberghe"}).get_json()["hits"]
print(json.dumps({"pid": os.getpid(), "statuses": statuses, "job": job, "titles": [h["title"] for h in hits],
                  "loaded": [m for m in sys.argv[4:] if m in sys.modules]}))
"""


def test_the_web_process_never_loads_the_annotation_models_and_jobs_run_elsewhere(tmp_path):
    data = tmp_path / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("editor", PASSWORD)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PYTHONWARNINGS="ignore")
    proc = subprocess.run([sys.executable, "-c", SESSION, str(data), PASSWORD, STORY, *ANNOTATION],
                          capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    assert seen["statuses"] == [200] * 5
    job = seen["job"]
    assert job["status"] == "done" and job["report"]["added"] == 1, job
    assert job["progress"]["done"] == job["progress"]["total"] == len(STORY.encode()), "progress crosses over"
    assert seen["titles"] == ["City council approves new tram line"], "the job's articles are found by the server"
    assert seen["loaded"] == [], "the web process imported annotation code"
    with Archive(data) as archive:
        ran_in = Jobs(archive.store).get(job["id"]).pid
    assert ran_in and ran_in != seen["pid"], "the job ran in a process of its own"
