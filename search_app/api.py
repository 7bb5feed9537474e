"""JSON API: /api/search, /api/quotes, /api/articles/<id>, /api/stats and the OpenAPI document."""

from __future__ import annotations

from flask import Blueprint, jsonify, render_template, request, url_for

from search_app.context import get_service
from search_app.errors import BIGGEST_ID, int_arg
from search_app.openapi import openapi_document
from search_app.service import FILTERS, QUOTE_FILTERS

api = Blueprint("api", __name__)


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
    result = get_service().search(q, filters, page=int_arg("page", 1), limit=int_arg("limit", 10, 1, 100),
                                  sort=request.args.get("sort") or "relevance",
                                  facet_limit=int_arg("facets", 10, 1, 200),
                                  interval=request.args.get("interval") or None)
    return jsonify(result)


@api.get("/quotes")
def quotes():
    q = request.args.get("q") or None
    result = get_service().quotes(q, speaker=request.args.get("speaker") or None, limit=int_arg("limit", 20, 1, 100),
                                  page=int_arg("page", 1), filters={f: request.args.get(f) for f in QUOTE_FILTERS},
                                  fragments=request.args.get("fragments", "yes").lower() not in ("no", "0", "false"),
                                  sort=request.args.get("sort") or "relevance",
                                  facet_limit=int_arg("facets", 10, 1, 200))
    return jsonify(result)


@api.get("/quotes/<quote_id>")
def quote(quote_id: str):
    record = get_service().quote(quote_id)
    if record is None:
        return jsonify({"error": f"no quotation with id {quote_id!r}"}), 404
    return jsonify(record)


@api.get("/articles/<article_id>")
def article(article_id: str):
    version = int_arg("version", 0, 1, BIGGEST_ID) or None
    service = get_service()
    record = service.article(article_id, version)
    if record is None:
        versions = service.archive.store.article_info(article_id)
        if versions is None:
            return jsonify({"error": f"no article with id {article_id!r}"}), 404
        return jsonify({"error": f"article {article_id!r} has no version {version}: it has versions 1 to "
                                 f"{versions['current_version']}; leave out 'version' for the newest"}), 404
    return jsonify(record)


@api.get("/stats")
def stats():
    return jsonify(get_service().stats())
