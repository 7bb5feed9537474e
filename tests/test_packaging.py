"""The package as a user installs it: `pip install .` builds it without a warning from setuptools, and the installed
copy (not the source tree) works from any folder with all its data files: the gazetteer and name tables, the
templates, static files and translations of the web app."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
KHARKIV_PAGE = CORPUS / "uk" / "ranok-visnyk-2026-06-09-kharkivskyi-startap-polevyd-investytsii.html"
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", ".cache", ".bench", "build", "dist", "*.egg-info",
                                    "__pycache__", "newsarchive-data", "cluster-data", "node_modules")


def run(args, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    for name in ("NEWSARCHIVE_DATA", "NEWSARCHIVE_INDEX", "NEWSARCHIVE_STORE", "PYTHONPATH"):  # (a checkout on it
        # would be imported instead of the installed copy)
        env.pop(name, None)
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=600, env=env, **kwargs)


def build_backend() -> Path:
    """A folder holding the wheels of the build backend that pyproject.toml asks for (setuptools, wheel), fetched
    once with pip into .cache/ (the newest ones then) and read from there after, so that a build needs no network."""
    folder = ROOT / ".cache" / "build-backend"
    if not (list(folder.glob("setuptools-*.whl")) and list(folder.glob("wheel-*.whl"))):
        fetch = run([sys.executable, "-m", "pip", "download", "--only-binary", ":all:", "--dest", folder,
                     "setuptools>=68", "wheel"])
        if fetch.returncode != 0:
            pytest.skip("building needs setuptools>=68 and wheel, which pip cannot fetch from here: "
                        + (fetch.stderr.strip().splitlines() or ["no reason given"])[-1])
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A wheel built from a copy of the project as `pip install .` builds it (an isolated build with a recent
    setuptools), installed without its source tree into a fresh virtualenv. The dependencies come from this test's
    own environment through a path entry (not its site folder, so its editable install of newsarchive is not read):
    nothing is downloaded."""
    base = tmp_path_factory.mktemp("packaging")
    source, wheels, venv = base / "source", base / "wheels", base / "venv"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    build = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index", "--find-links", build_backend(),
                 "--wheel-dir", wheels, source])
    assert build.returncode == 0, build.stdout + build.stderr
    (wheel,) = wheels.glob("newsarchive-*.whl")

    run([sys.executable, "-m", "venv", "--without-pip", venv]).check_returncode()
    python = venv / "bin" / "python"
    purelib = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    (purelib / "_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    install = run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index", wheel])
    assert install.returncode == 0, install.stdout + install.stderr
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return {"build": build, "install": install, "venv": venv, "python": python, "cwd": elsewhere, "source": source}


def test_the_build_prints_no_warning(installed):
    output = installed["build"].stdout + installed["build"].stderr + installed["install"].stdout \
        + installed["install"].stderr
    assert "warning" not in output.lower(), output


def test_the_installed_copy_is_the_one_that_runs(installed):
    where = run([installed["python"], "-c", "import indexer, search_app; print(indexer.__file__, search_app.__file__)"],
                cwd=installed["cwd"])
    assert where.returncode == 0, where.stderr
    for path in where.stdout.split():
        assert Path(path).is_relative_to(installed["venv"]), path


def test_annotate_reads_the_gazetteer_of_the_installed_package(installed):
    """The Kharkiv story names the town only by its adjective: finding it takes indexer/data/places.tsv.gz."""
    result = run([installed["venv"] / "bin" / "newsarchive", "annotate", "--json", KHARKIV_PAGE],
                 cwd=installed["cwd"])
    assert result.returncode == 0, result.stderr
    article = json.loads(result.stdout.splitlines()[0])
    assert article["language"] == "uk"
    assert ("Kharkiv", "place") in {(e["name"], e["type"]) for e in article["entities"]}
    assert article["quotes"]


def test_ingest_and_search_from_another_folder(installed):
    newsarchive, cwd = installed["venv"] / "bin" / "newsarchive", installed["cwd"]
    pages = cwd / "pages"
    pages.mkdir()
    for page in sorted((CORPUS / "pl").glob("*.html"))[:2]:
        shutil.copy(page, pages)
    ingest = run([newsarchive, "ingest", "--data", "archive", "pages"], cwd=cwd)
    assert ingest.returncode == 0, ingest.stderr
    found = run([newsarchive, "search", "--data", "archive", "--json", "Wrocław"], cwd=cwd)
    assert found.returncode == 0, found.stderr
    answer = json.loads(found.stdout)
    assert answer["total"] >= 1 and answer["hits"][0]["language"] == "pl"
    assert (cwd / "archive" / "archive.sqlite3").exists()


def test_the_web_app_has_its_templates_static_files_and_translations(installed, tmp_path):
    script = """
import sys
from search_app import create_app
client = create_app(sys.argv[1]).test_client()
page = client.get("/search", headers={"Accept-Language": "uk"})
css = client.get("/static/style.css")
print(page.status_code, css.status_code, 'lang="uk"' in page.get_data(as_text=True), len(css.data) > 0)
"""
    result = run([installed["python"], "-c", script, tmp_path / "archive"], cwd=installed["cwd"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["200", "200", "True", "True"]


def test_an_editable_install_prints_no_warning(installed, tmp_path):
    """What `bash scripts/serve` runs (`pip install -e .`) in a fresh environment: silent, and the source is used."""
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv]).check_returncode()
    python = venv / "bin" / "python"
    install = run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
                   "--find-links", build_backend(), "--editable", installed["source"]])
    assert install.returncode == 0, install.stdout + install.stderr
    assert "warning" not in (install.stdout + install.stderr).lower(), install.stdout + install.stderr
    where = run([python, "-c", "import indexer; print(indexer.__file__)"], cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(installed["source"]), where.stdout + where.stderr
