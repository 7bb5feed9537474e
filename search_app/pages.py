"""HTML pages: search, quotations, one quotation with its provenance, and the article page. Thin: all the work is
in the search service."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext

from search_app.context import get_service, link_base
from search_app.errors import BIGGEST_ID, int_arg, yes_arg
from search_app.i18n import N_, day, reader_language, translated
from search_app.service import FILTERS, QUOTE_FILTERS, MissingVersion, QueryError
from search_app.timeline import bars

pages = Blueprint("pages", __name__)

FACET_SHOWN, FACET_MORE = 10, 50  # values shown per facet, and how many more a click unfolds
FACET_LABELS = {"person": N_("People"), "place": N_("Places"), "organization": N_("Organisations"),
                "speaker": N_("Quoted"), "language": N_("Language"), "source": N_("Source"), "year": N_("Year"),
                "author": N_("Author"), "from": N_("From"), "to": N_("To")}
QUOTE_FACET_LABELS = {"speaker": N_("Speaker"), "language": N_("Language"), "source": N_("Source")}
QUOTE_FILTER_LABELS = {**FACET_LABELS, "article": N_("Article")}
DATES = ("from", "to")
ENTITY_TYPES = {"person": N_("person"), "place": N_("place"), "organization": N_("organisation")}
SORTS = {"relevance": N_("relevance"), "newest": N_("newest"), "oldest": N_("oldest")}
INTERVALS = {"auto": N_("automatic"), "year": N_("year"), "month": N_("month"), "week": N_("week"), "day": N_("day")}


@pages.get("/search")
def search():
    q = request.args.get("q", "").strip()
    filters = {f: request.args.get(f) for f in FILTERS if request.args.get(f)}
    sort = request.args.get("sort") or ("relevance" if q else "newest")
    page = int_arg("page", 1)
    collapse, interval = yes_arg("collapse"), request.args.get("interval") or None
    view = {"collapse": "yes" if collapse else None, "interval": interval}  # how the list is shown, kept by links
    result, error = None, None
    service = get_service()
    if q or filters:  # a filter alone browses: every article it keeps, newest first
        try:
            result = service.search(q or "*", filters, page=page, limit=10, sort=sort, facet_limit=FACET_MORE,
                                    base_url=link_base(), collapse=collapse, interval=interval,
                                    reader=reader_language())
        except QueryError as exc:
            error = translated(exc)
    status = 400 if error else 200
    labels = {k: gettext(v) for k, v in FACET_LABELS.items()}
    facet_names = [labels[f] for f, values in (result or {}).get("facets", {}).items() if values]
    return render_template("search.html", q=q, filters=filters, sort=sort, result=result, error=error,
                           labels=labels, shown=FACET_SHOWN, facet_target=facet_target,
                           stats=None if result else service.summary(),  # (the intro's: a search needs only the index)
                           chips=_chip_labels(filters, result), facet_names=facet_names,
                           sorts=[(s, gettext(label)) for s, label in SORTS.items()],
                           page_numbers=page_numbers, bars=bars((result or {}).get("histogram")),
                           dates=DATES, view=view, intervals=[(i, gettext(label)) for i, label in INTERVALS.items()]), \
        status


def page_numbers(page: int, pages: int, around: int = 2) -> list[int | None]:
    """The page links of a result list: the first, the last and `around` either side of this one; None marks a gap
    (1 … 4 5 [6] 7 8 … 20)."""
    keep = {1, pages} | set(range(max(1, page - around), min(pages, page + around) + 1))
    numbers: list[int | None] = []
    for n in sorted(keep):
        if numbers and n - numbers[-1] > 1:
            numbers.append(None if n - numbers[-1] > 2 else n - 1)
        numbers.append(n)
    return numbers


def facet_target(value: dict) -> str:
    """What a facet link filters by: the shown name, except for a surname-only person value ("Carter" when the
    archive knows several Carters), whose name typed as a filter would match every Carter: its key then."""
    return value["key"] if value.get("partial") else value["value"]


def _chip_labels(filters: dict[str, str], result: dict | None) -> dict[str, str]:
    """Filter chips show a clicked key ("person:carter") by the name its facet value shows."""
    labels = {k: day(v) if k in DATES and day(v) else v for k, v in filters.items()}
    for facet, value in filters.items():
        for v in (result or {}).get("facets", {}).get(facet, []):
            if v.get("key") == value:
                labels[facet] = v["value"]
    return labels


@pages.get("/quotes")
def quotes():
    """Who said what: quotations by their words, narrowed by speaker, language, source, article and dates."""
    q = request.args.get("q", "").strip()
    speaker = request.args.get("speaker", "").strip()
    filters = {f: request.args.get(f) for f in QUOTE_FILTERS if request.args.get(f)}
    statements_only = request.args.get("fragments") == "no"
    sort = request.args.get("sort") or ("relevance" if q else "newest")
    page = int_arg("page", 1)
    result, error = None, None
    if q or speaker or filters:
        try:
            result = get_service().quotes(q or None, speaker=speaker or None, limit=20, page=page, filters=filters,
                                          fragments=not statements_only, sort=sort, facet_limit=FACET_SHOWN,
                                          base_url=link_base(), reader=reader_language())
        except QueryError as exc:
            error = translated(exc)
    return render_template("quotes.html", quotes_q=q, speaker=speaker, filters=filters, page=page, result=result,
                           statements_only=statements_only, error=error, sort=sort,
                           sorts=[(s, gettext(label)) for s, label in SORTS.items() if q or s != "relevance"],
                           facet_labels={k: gettext(v) for k, v in QUOTE_FACET_LABELS.items()},
                           labels={k: gettext(v) for k, v in QUOTE_FILTER_LABELS.items()},
                           chips=_chip_labels(filters, None)), 400 if error else 200


@pages.get("/quotes/<quote_id>")
def quote(quote_id: str):
    record = get_service().quote(quote_id, base_url=link_base())
    if record is None:
        abort(404)
    return render_template("quote.html", qt=record)


@pages.get("/articles/<article_id>")
def article(article_id: str):
    """The article as archived: its newest version, or `?version=N` (a version it lacks is a 404 naming those it
    has), with what changed since the version before it, or since `?diff=N`, and its citation."""
    version = int_arg("version", 0, 1, BIGGEST_ID) or None
    service = get_service()
    record = service.article(article_id, version, base_url=link_base())
    if record is None:
        info = service.archive.store.article_info(article_id)
        if info is None:
            abort(404)
        _no_version(version, info["current_version"])
    since = int_arg("diff", 0, 1, BIGGEST_ID) or record["version"] - 1
    changes = None
    if since and since != record["version"]:
        try:
            changes = service.diff(article_id, since, record["version"])
        except MissingVersion as exc:
            _no_version(exc.version, max(exc.versions))
    return render_template("article.html", a=record, changes=changes,
                           entity_types={k: gettext(v) for k, v in ENTITY_TYPES.items()})


def _no_version(version: int | None, newest: int):
    abort(404, gettext("This article has no version %(version)s: it has versions 1 to %(newest)s",
                       version=version, newest=newest))
