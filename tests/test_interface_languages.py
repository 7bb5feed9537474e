"""The interface in the journalist's language: every text of the pages is in the catalogs and translated in each of
them; the language comes from the browser or the switch; dates, numbers and language names follow it; what a search
finds does not."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup, Comment, Doctype
from test_app import data_dir  # noqa: F401  (the same small archive as the API tests)

from search_app import create_app

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "search_app/translations"
TEMPLATES = ROOT / "search_app/templates"
LANGUAGES = ("de", "uk", "es", "pl")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]")
SHOWN_ATTRIBUTES = ("placeholder", "title", "aria-label", "alt", "value")


@pytest.fixture(scope="module")
def client(data_dir):  # noqa: F811
    return create_app(data_dir, TESTING=True).test_client()


def _catalog(language: str):
    with open(TRANSLATIONS / language / "LC_MESSAGES/messages.po", "rb") as po:
        return read_po(po)


def test_the_catalogs_are_in_step_with_the_code():
    """A text added to a template or a view without running scripts/translations fails here."""
    pybabel = Path(sys.executable).with_name("pybabel")
    proc = subprocess.run(["bash", str(ROOT / "scripts/translations"), "check"], capture_output=True, text=True,
                          env=os.environ | {"PYBABEL": str(pybabel)}, timeout=120)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("template", sorted(p.name for p in TEMPLATES.glob("*.html")))
def test_no_template_shows_a_text_that_is_not_a_message(template):
    """What a template shows is `_()` or a value: take out every Jinja expression and tag, and no words are left
    (but code, `translate="no"` and the names of the product and its formats)."""
    source = (TEMPLATES / template).read_text(encoding="utf-8")
    bare = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", " ", source, flags=re.S)
    soup = BeautifulSoup(bare, "html.parser")
    for keep in soup.select("code, [translate=no], script, style"):
        keep.decompose()
    words = [t.strip() for t in soup.find_all(string=True) if not isinstance(t, (Comment, Doctype)) and _has_words(t)]
    words += [f'{tag.name}[{a}]="{tag[a]}"' for tag in soup.find_all(True) for a in SHOWN_ATTRIBUTES
              if tag.has_attr(a) and _has_words(tag[a]) and not (tag.name == "input" and a == "value")]
    assert words == []


def _has_words(text: str) -> bool:
    return bool(re.search(r"[^\W\d_]{2,}", re.sub(r"\b(?:newsarchive|https?://\S+|API|JSON|GET)\b", "", text)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_with_its_placeholders(language):
    catalog = _catalog(language)
    plurals = catalog.num_plurals
    missing, broken = [], []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings) or (len(ids) > 1 and len(strings) != plurals):
            missing.append(ids[0])
            continue
        want = set(PLACEHOLDER.findall(ids[-1]))
        broken += [ids[0] for s in strings if set(PLACEHOLDER.findall(s)) - want or
                   (len(ids) == 1 and set(PLACEHOLDER.findall(s)) != want)]
    assert (missing, broken) == ([], [])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalog_is_the_translated_one(language):
    """The app reads the .mo files: each says what its .po says (scripts/translations compiles them)."""
    with open(TRANSLATIONS / language / "LC_MESSAGES/messages.mo", "rb") as mo:
        compiled = {_key(m.id): _key(m.string) for m in read_mo(mo) if m.id}
    written = {_key(m.id): _key(m.string) for m in _catalog(language) if m.id and not m.fuzzy}
    assert compiled == written


def _key(value):
    return tuple(value) if isinstance(value, (list, tuple)) else value


def test_the_browser_language_chooses_the_interface(client):
    german = client.get("/search", headers={"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="de" dir="ltr">' in german
    assert _catalog("de")["Search the news archive"].string in german
    assert '<html lang="en"' in client.get("/search", headers={"Accept-Language": "fi, sv"}).get_data(as_text=True)
    assert '<html lang="en"' in client.get("/search").get_data(as_text=True)


def test_the_switch_is_remembered_and_returns_only_to_this_site(data_dir):  # noqa: F811
    client = create_app(data_dir, TESTING=True).test_client()  # its own cookies
    r = client.get("/language/uk", query_string={"next": "/search?q=Oder"})
    assert r.status_code == 302 and r.headers["Location"] == "/search?q=Oder"
    assert "lang=uk" in r.headers["Set-Cookie"] and "HttpOnly" in r.headers["Set-Cookie"]
    page = client.get("/quotes", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="uk"' in page, "the switch wins over the browser"
    for hostile in ("//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"):
        r = client.get("/language/de", query_string={"next": hostile})
        assert r.headers["Location"] == "/search", hostile
    r = client.get("/language/xx")
    assert r.status_code == 404 and "de, es, pl, uk" in r.get_data(as_text=True)


def test_the_interface_language_never_changes_what_a_search_finds(client):
    def hits(language: str, path: str) -> list[str]:
        page = client.get(path, headers={"Accept-Language": language}).get_data(as_text=True)
        return [a["href"] for a in BeautifulSoup(page, "html.parser").select(".hit .title")]

    for path in ("/search?q=Oder", "/search?q=train+OR+Oder&sort=newest", "/search?language=en"):
        found = hits("en", path)
        assert found and all(hits(language, path) == found for language in LANGUAGES), path
    api = [client.get("/api/search?q=Oder", headers={"Accept-Language": lang}).get_json() for lang in ("en", "uk")]
    assert api[0] == api[1]


def test_dates_numbers_and_language_names_follow_the_interface(client):
    english = client.get("/search?q=Oder", headers={"Accept-Language": "en"}).get_data(as_text=True)
    german = client.get("/search?q=Oder", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Mar 14, 2026" in english and "14.03.2026" in german
    assert ">German</a>" in english and ">Deutsch</a>" in german
    ukrainian = client.get("/search?q=Oder", headers={"Accept-Language": "uk"}).get_data(as_text=True)
    assert "німецька" in ukrainian.lower()


def test_a_query_error_is_told_in_the_readers_language_and_in_english_to_programs(client):
    german = client.get('/search?q="unclosed', headers={"Accept-Language": "de"})
    message = _catalog("de")['The query has an unmatched double quote ("): close the phrase or remove the quote.']
    assert german.status_code == 400 and message.string.replace('"', "&#34;") in german.get_data(as_text=True)
    api = client.get('/api/search?q="unclosed', headers={"Accept-Language": "de"}).get_json()
    assert api["error"].startswith("The query has an unmatched double quote")
