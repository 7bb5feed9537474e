"""The interface's language: gettext catalogs (Flask-Babel) in search_app/translations/, chosen by the visitor's
switch (a cookie), else their browser's Accept-Language, else English; dates, numbers and language names formatted
for it (Babel). The language of the interface only changes what the pages say, never what a search finds.

A new language is a new catalog: `pybabel init -i search_app/translations/messages.pot -d search_app/translations
-l CODE`, translate the .po file, `pybabel compile -d search_app/translations` (docs/development.md, "Adding an
interface language")."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.dates import format_date
from flask import Blueprint, Flask, current_app, redirect, request, url_for
from flask_babel import Babel, get_locale, gettext
from werkzeug.exceptions import NotFound

from search_app.auth import local_target
from search_app.quotation_marks import quoted

TRANSLATIONS = Path(__file__).with_name("translations")
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600

ui = Blueprint("ui", __name__)


def N_(message: str) -> str:
    """Marks a constant for the catalogs (pybabel -k N_) where it is defined; it is translated where it is shown."""
    return message


def languages() -> tuple[str, ...]:
    """English and every language with a compiled catalog, in the order of their codes."""
    return _catalogs(current_app.config["BABEL_TRANSLATION_DIRECTORIES"])


@cache
def _catalogs(folder: str) -> tuple[str, ...]:
    found = {p.parent.parent.name for p in Path(folder).glob("*/LC_MESSAGES/messages.mo")}
    return (DEFAULT, *sorted(found - {DEFAULT}))


def _switched() -> str | None:
    """The interface language the visitor chose with the switch, if we have it."""
    chosen = request.cookies.get(COOKIE, "")
    return chosen if chosen in languages() else None


def choose() -> str:
    """The visitor's switch if it names a language we have, else the best of their browser's, else English."""
    return _switched() or request.accept_languages.best_match(languages()) or DEFAULT


def reader_language() -> str | None:
    """The language a reader reads names in, for facet labels: the interface language they switched to, else the
    first of their browser's (any language: names have spellings in more languages than the interface has)."""
    chosen = _switched()
    if chosen:
        return chosen
    for value, _ in request.accept_languages:
        code = value.split("-")[0].lower()
        if code.isalpha() and len(code) <= 3:
            return code
    return None


@ui.get("/language/<code>")
def switch(code: str):
    """The switch at the foot of every page: remember the language in a cookie and go back to the page."""
    if code not in languages():
        raise NotFound(f"there is no interface language {code[:20]!r}: choose one of {', '.join(languages())}")
    response = redirect(local_target(request.args.get("next", "")) or url_for("pages.search"))
    response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def translated(exc) -> str:
    """A QueryError's message in the interface's language (its template is in the catalogs; see QueryError)."""
    return gettext(exc.template, **exc.params)


def native_name(code: str) -> str:
    """A language as its own speakers write it ("Deutsch", "Українська"), for the switch."""
    return _locale(code).get_display_name(code).capitalize() if _locale(code) else code


def language_name(code: str | None) -> str:
    """A language of the archive (an ISO 639-1 code) in the interface's language: "de" is "German" or "Deutsch"."""
    found = _locale(code or "")
    return found.get_display_name(get_locale()) if found else (code or "")


def direction() -> str:
    return "rtl" if get_locale().character_order == "right-to-left" else "ltr"


def day(value: str | None) -> str:
    """An ISO date or date-time as the interface's language writes a day ("2 Dec 2026", "02.12.2026")."""
    moment = _parse(value)
    return format_date(moment, "medium", locale=get_locale()) if moment else ""


def moment(value: str | None) -> str:
    """An ISO date-time as a day, the time of day and the offset it was given with (never silently UTC)."""
    when = _parse(value)
    if when is None:
        return ""
    if "T" not in (value or ""):
        return day(value)
    offset = when.strftime("%z")
    zone = "UTC" if offset in ("", "+0000") and when.tzinfo else (f"UTC{offset[:3]}:{offset[3:]}" if offset else "")
    return f"{day(value)} {when:%H:%M} {zone}".rstrip()


def number(value: int | float) -> str:
    from flask_babel import format_decimal

    return format_decimal(value)


@cache
def _locale(code: str) -> Locale | None:
    try:
        return Locale.parse(code.replace("-", "_")) if code else None
    except (ValueError, UnknownLocaleError):
        return None


def _parse(value: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")) if value else None
    except ValueError:
        return None


def install(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))  # one folder (tests add a language)
    Babel(app, locale_selector=choose)
    app.register_blueprint(ui)
    app.jinja_env.filters.update(day=day, moment=moment, number=number, language_name=language_name, quoted=quoted)

    @app.context_processor
    def interface():
        code = str(get_locale())
        return {"ui_code": code, "ui_dir": direction(),
                "ui_languages": [(c, native_name(c)) for c in languages()]}
