"""Errors as a user can act on them: the API answers JSON `{"error": …}`, the pages a page of the site that says
what went wrong and what to do; no input gives a 5xx, and a bug that does answers without its traceback."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext
from markupsafe import escape
from werkzeug.exceptions import BadRequest, HTTPException, InternalServerError

from indexer.store_db import StoreUnavailable
from search_app.i18n import N_, translated
from search_app.service import EngineUnavailable, QueryError, SearchBusy

BIGGEST_ID = 2**63 - 1  # SQLite's integers; a larger number names nothing stored

# What to do, by status, when the code that refused the request gave no reason of its own.
ADVICE = {
    400: N_("The request could not be read. Check the address or the form and try again."),
    401: N_("Sign in first at /archive/sign-in."),
    403: N_("Your account may not do this. Ask an admin, or sign in as another user."),
    404: N_("There is nothing at this address. Check it for typos, or search the archive from the box above."),
    405: N_("This address does not answer this kind of request. Follow a link or a form of the site instead."),
    429: N_("Too many requests at once. Wait a moment and try again."),
    500: N_("Something went wrong on the server; nothing you sent was lost. Try again in a moment, and if it keeps "
         "happening, tell the archive's admin what you did."),
}
STORE_DOWN = N_("The archive's store (its database) does not answer at the moment; nothing stored is lost. Searches "
               "still work; try this again in a minute.")
INDEX_DOWN = N_("The archive's search index does not answer at the moment; nothing stored is lost. Try again in a "
                "minute.")
TITLES = {400: N_("Bad request"), 401: N_("Sign in first"), 403: N_("Not allowed"), 404: N_("Not found"),
          405: N_("Method not allowed"), 413: N_("Too large"), 429: N_("Busy"), 500: N_("Server error"),
          503: N_("Search unavailable")}


def int_arg(name: str, default: int, low: int = 1, high: int = 10_000) -> int:
    """A whole-number query argument, or a 400 that says which and why (never silently the default)."""
    raw = request.args.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"'{name}' must be a whole number, got {raw[:40]!r}") from None
    if not low <= value <= high:
        raise BadRequest(f"'{name}' must be between {low} and {high}, got {raw[:40]}")
    return value


def yes_arg(name: str, default: bool = False) -> bool:
    """A yes/no query argument (yes, no, true, false, 1, 0, on, off), or a 400 that says what it takes."""
    raw = (request.args.get(name) or "").strip().lower()
    if not raw:
        return default
    if raw in ("yes", "true", "1", "on"):
        return True
    if raw in ("no", "false", "0", "off"):
        return False
    raise BadRequest(f"'{name}' must be yes or no, got {raw[:40]!r}")


def install(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        own = exc.description if exc.description != type(exc).description else None
        headers = {}
        if getattr(exc, "valid_methods", None):  # 405
            headers["Allow"] = ", ".join(sorted(exc.valid_methods))
            own = own or f"{request.method} is not answered at {request.path}: use {headers['Allow']}"
        return answer(exc.code or 500, own, headers)

    @app.errorhandler(QueryError)
    def bad_query(exc: QueryError):  # the pages show their own; the API's is a 400 that says what to change
        return answer(400, str(exc), shown=translated(exc))

    @app.errorhandler(SearchBusy)
    def busy(exc: SearchBusy):
        return answer(429, str(exc), {"Retry-After": "1"}, shown=translated(exc))

    @app.errorhandler(StoreUnavailable)
    def store_unavailable(exc: StoreUnavailable):
        """The store is down: the request was fine, try again later. The message names neither the server nor the
        user (the operator's log has them, once per outage: indexer/outage.py)."""
        return answer(503, STORE_DOWN, {"Retry-After": "30"}, shown=gettext(STORE_DOWN))

    @app.errorhandler(EngineUnavailable)
    def engine_unavailable(exc: EngineUnavailable):
        """The search index is down: as for the store."""
        return answer(503, INDEX_DOWN, {"Retry-After": "30"}, shown=gettext(INDEX_DOWN))

    @app.errorhandler(Exception)
    def server_error(exc: Exception):
        if isinstance(exc, HTTPException):
            return http_error(exc)
        app.logger.exception("error answering %s %s", request.method, request.path)
        return answer(InternalServerError.code, None)


def answer(status: int, message: str | None, headers: dict | None = None, shown: str | None = None):
    """The error response for this request: JSON under /api/ (in English, for programs), else the site's error page
    (`shown`, the message in the reader's language, where there is one)."""
    advice = ADVICE.get(status, ADVICE[400] if status < 500 else ADVICE[500])
    if request.path.startswith("/api/"):
        if message is None and status == 404:
            message = f"no such endpoint {request.path}: see /api/openapi.json for the endpoints"
        return jsonify({"error": message or advice}), status, headers or {}
    try:
        page = render_template("error.html", status=status, title=TITLES.get(status, "Error"),
                               message=(shown or message) and (shown or message).rstrip("."), advice=advice)
    except Exception:  # the page itself failed (a broken template or store): still answer, plainly
        page = escape(f"{status} {TITLES.get(status, 'Error')}: {message or advice}")
    return page, status, headers or {}
