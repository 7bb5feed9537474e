"""JSON API: /api/search, /api/quotes, /api/articles/<id>, /api/stats and the OpenAPI document."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request, url_for

from search_app.context import get_service
from search_app.openapi import openapi_document
from search_app.service import FILTERS, QUOTE_FILTERS, EngineUnavailable, QueryError, SearchBusy

api = Blueprint("api", __name__)


class BadRequest(ValueError):
    pass


def _int_arg(name: str, default: int, low: int = 1, high: int = 10_000) -> int:
    raw = request.args.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"'{name}' must be a whole number, got {raw!r}") from None
    if not low <= value <= high:
        raise BadRequest(f"'{name}' must be between {low} and {high}, got {value}")
    return value


@api.errorhandler(QueryError)
@api.errorhandler(BadRequest)
def bad_query(exc):
    return jsonify({"error": str(exc)}), 400


@api.errorhandler(SearchBusy)
def busy(exc):
    return jsonify({"error": str(exc)}), 429, {"Retry-After": "1"}


@api.errorhandler(EngineUnavailable)
def engine_unavailable(exc):
    """The search cluster is down: the request was fine, try again later (the message names no password)."""
    return jsonify({"error": str(exc)}), 503, {"Retry-After": "30"}


@api.errorhandler(404)
def not_found(exc):
    return jsonify({"error": "not found: see /api/openapi.json for the endpoints"}), 404


@api.get("/")
def index():
    return render_template("api.html", spec_url=url_for("api.openapi"))


@api.get("/openapi.json")
def openapi():
    return jsonify(openapi_document())


@api.get("/search")
def search():
    q = request.args.get("q", "")
    filters = {f: request.args.get(f) for f in FILTERS}
    result = get_service().search(q, filters, page=_int_arg("page", 1), limit=_int_arg("limit", 10, 1, 100),
                                  sort=request.args.get("sort") or "relevance",
                                  facet_limit=_int_arg("facets", 10, 1, 200))
    return jsonify(result)


@api.get("/quotes")
def quotes():
    q = request.args.get("q") or None
    result = get_service().quotes(q, speaker=request.args.get("speaker") or None, limit=_int_arg("limit", 20, 1, 100),
                                  page=_int_arg("page", 1), filters={f: request.args.get(f) for f in QUOTE_FILTERS},
                                  fragments=request.args.get("fragments", "yes").lower() not in ("no", "0", "false"))
    return jsonify(result)


@api.get("/quotes/<quote_id>")
def quote(quote_id: str):
    record = get_service().quote(quote_id)
    if record is None:
        return jsonify({"error": f"no quotation with id {quote_id!r}"}), 404
    return jsonify(record)


@api.get("/articles/<article_id>")
def article(article_id: str):
    version = request.args.get("version")
    record = get_service().article(article_id, int(version) if version and version.isdigit() else None)
    if record is None:
        return jsonify({"error": f"no article with id {article_id!r}"}), 404
    return jsonify(record)


@api.get("/stats")
def stats():
    return jsonify(get_service().stats())
