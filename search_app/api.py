"""JSON API: /api/search, /api/quotes, /api/articles/<id> (and its diff), the exports, /api/stats and the OpenAPI
document."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template, request, stream_with_context, url_for

from search_app import export
from search_app.context import get_service, link_base
from search_app.errors import BIGGEST_ID, int_arg, yes_arg
from search_app.i18n import reader_language
from search_app.openapi import openapi_document
from search_app.service import FILTERS, QUOTE_FILTERS, MissingVersion

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
                                  interval=request.args.get("interval") or None, base_url=link_base(),
                                  collapse=yes_arg("collapse"), reader=reader_language())
    return jsonify(result)


@api.get("/search/export")
def search_export():
    """Every article the search finds, as CSV or JSON Lines, streamed (no page cap). An empty q with filters
    browses what they keep, newest first, as the search page does."""
    fmt = export.checked_format(request.args.get("format"))
    q = request.args.get("q", "").strip()
    sort = request.args.get("sort") or ("relevance" if q else "newest")
    rows = get_service().export_articles(q or "*", {f: request.args.get(f) for f in FILTERS}, sort=sort,
                                         base_url=link_base())
    return _download(export.lines(rows, export.ARTICLE_COLUMNS, fmt), export.filename(q, fmt), fmt)


@api.get("/quotes/export")
def quotes_export():
    """Every quote the quote search finds, as CSV or JSON Lines, streamed."""
    fmt = export.checked_format(request.args.get("format"))
    q = request.args.get("q", "").strip()
    rows = get_service().export_quotes(q or None, speaker=request.args.get("speaker") or None,
                                       filters={f: request.args.get(f) for f in QUOTE_FILTERS},
                                       fragments=yes_arg("fragments", True), base_url=link_base())
    return _download(export.lines(rows, export.QUOTE_COLUMNS, fmt), export.filename(q, fmt, "quotes"), fmt)


def _download(lines, name: str, fmt: str) -> Response:
    return Response(stream_with_context(lines), content_type=export.FORMATS[fmt],
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@api.get("/quotes")
def quotes():
    q = request.args.get("q") or None
    result = get_service().quotes(q, speaker=request.args.get("speaker") or None, limit=int_arg("limit", 20, 1, 100),
                                  page=int_arg("page", 1), filters={f: request.args.get(f) for f in QUOTE_FILTERS},
                                  fragments=yes_arg("fragments", True), sort=request.args.get("sort") or "relevance",
                                  facet_limit=int_arg("facets", 10, 1, 200), base_url=link_base(),
                                  reader=reader_language())
    return jsonify(result)


@api.get("/quotes/<quote_id>")
def quote(quote_id: str):
    record = get_service().quote(quote_id, base_url=link_base())
    if record is None:
        return jsonify({"error": f"no quotation with id {quote_id!r}"}), 404
    return jsonify(record)


@api.get("/articles/<article_id>")
def article(article_id: str):
    version = int_arg("version", 0, 1, BIGGEST_ID) or None
    service = get_service()
    record = service.article(article_id, version, base_url=link_base())
    if record is None:
        versions = service.archive.store.article_info(article_id)
        if versions is None:
            return jsonify({"error": f"no article with id {article_id!r}"}), 404
        return jsonify({"error": f"article {article_id!r} has no version {version}: it has versions 1 to "
                                 f"{versions['current_version']}; leave out 'version' for the newest"}), 404
    return jsonify(record)


@api.get("/articles/<article_id>/diff")
def article_diff(article_id: str):
    """The paragraphs changed, added and removed from version `from` to `to` (default: the newest and the one
    before it)."""
    before = int_arg("from", 0, 1, BIGGEST_ID) or None
    after = int_arg("to", 0, 1, BIGGEST_ID) or None
    try:
        record = get_service().diff(article_id, before, after)
    except MissingVersion as exc:
        return jsonify({"error": f"{exc}; leave out 'from' and 'to' for the newest change",
                        "versions": exc.versions}), 404
    if record is None:
        return jsonify({"error": f"no article with id {article_id!r}"}), 404
    return jsonify(record)


@api.get("/stats")
def stats():
    return jsonify(get_service().stats())
