"""HTML pages: the search page and the article page. Thin: all the work is in the search service."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for

from . import get_service
from .service import FILTERS, QueryError

pages = Blueprint("pages", __name__)

FACET_LABELS = {"person": "People", "place": "Places", "organization": "Organisations", "speaker": "Quoted",
                "language": "Language", "source": "Source", "year": "Year"}


@pages.get("/")
def home():
    return redirect(url_for("pages.search"))


@pages.get("/search")
def search():
    q = request.args.get("q", "").strip()
    filters = {f: request.args.get(f) for f in FILTERS if request.args.get(f)}
    sort = request.args.get("sort") or "relevance"
    try:
        page = max(1, int(request.args.get("page", 1)))
    except ValueError:
        page = 1
    result, error = None, None
    service = get_service()
    if q:
        try:
            result = service.search(q, filters, page=page, limit=10, sort=sort)
        except QueryError as exc:
            error = str(exc)
    status = 400 if error else 200
    return render_template("search.html", q=q, filters=filters, sort=sort, result=result, error=error,
                           labels=FACET_LABELS, stats=service.stats()), status


@pages.get("/articles/<article_id>")
def article(article_id: str):
    record = get_service().article(article_id)
    if record is None:
        abort(404)
    return render_template("article.html", a=record)
