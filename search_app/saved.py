"""Saved searches, the journalist's desk: save the search in view, see what is new in each since the last visit, and
follow each in a feed reader through an Atom feed whose address holds an unguessable token (the reader has no
session; the token is the key, so a wrong one is a 404 that confirms nothing).

Thin: what may be saved and how a saved search runs is in saved_query, the Atom document in feed, the rows in the
store."""

from __future__ import annotations

import secrets

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext

from search_app.auth import current_user, sign_in_required
from search_app.context import absolute, get_service
from search_app.errors import BIGGEST_ID
from search_app.feed import CONTENT_TYPE, Entry, document, rfc3339
from search_app.i18n import N_, language_name, translated
from search_app.pages import FACET_LABELS
from search_app.saved_query import MAX_NAME, MAX_SAVED, SavedQuery, SaveError, feed_token, read_form
from search_app.service import QueryError

saved = Blueprint("saved", __name__)
FEED_ENTRIES = 50
NEW_AT_MOST = 500  # new articles looked for per visit; more than this since the last visit counts as "at least"
LABELS = FACET_LABELS | {"q": N_("Words"), "article": N_("Article")}


@saved.get("/saved-searches")
@sign_in_required
def index():
    """The user's saved searches, each with what is new since their last visit to this list (which this visit
    ends: next time, only what comes after it is new)."""
    user, service = current_user(), get_service()
    store = service.archive.store
    new_since: dict[str, set[str]] = {}
    items = []
    for row in store.saved_searches(user.name):
        if row["last_visit"] not in new_since:
            new_since[row["last_visit"]] = set(store.first_seen_since(row["last_visit"], NEW_AT_MOST))
        items.append(_item(row, new_since[row["last_visit"]], service))
    store.visit_saved_searches(user.name)
    return render_template("saved.html", items=items, error=None)


def _item(row: dict, new_ids: set[str], service) -> dict:
    query = SavedQuery.from_json(row["kind"], row["query"])
    item = {"id": row["id"], "name": row["name"], "kind": row["kind"], "last_visit": row["last_visit"],
            "words": describe(query), "run": _run_url(query), "feed": _feed_url(row), "error": None}
    try:
        count, exact = query.count_new(service, new_ids)
    except QueryError as exc:  # saved before the engine changed its rules: say so, and keep the others going
        item["error"] = translated(exc)
    else:
        item["new"] = (ngettext("%(num)s new since your last visit", "%(num)s new since your last visit", count)
                       if exact else ngettext("at least %(num)s new since your last visit",
                                              "at least %(num)s new since your last visit", count))
        item["new_count"] = count
    return item


def describe(query: SavedQuery) -> list[tuple[str, str]]:
    """What a saved search searches, in words: (label, value) pairs in the interface's language."""
    parts = [(gettext(LABELS["q"]), query.q)] if query.q else []
    if query.speaker:
        parts.append((gettext("Speaker"), query.speaker))
    for key, value in query.filters.items():
        parts.append((gettext(LABELS.get(key, key)), language_name(value) if key == "language" else value))
    if query.statements_only:
        parts.append((gettext("Quotations"), gettext("only full statements")))
    return parts


def _run_url(query: SavedQuery, external: bool = False) -> str:
    endpoint = "pages.quotes" if query.kind == "quotes" else "pages.search"
    path = url_for(endpoint, **query.arguments())
    return absolute(path) if external else path


def _feed_url(row: dict, external: bool = False) -> str:
    token = feed_token(str(current_app.config["SECRET_KEY"]), row["feed_salt"])
    path = url_for("saved.feed", search_id=row["id"], token=token)
    return absolute(path) if external else path


@saved.post("/saved-searches")
@sign_in_required
def save():
    """Save the search of the form (from the search or the quotes page); a form that cannot be saved comes back
    with what to change, nothing saved."""
    user, service = current_user(), get_service()
    store = service.archive.store
    try:
        name, query, not_kept = read_form(request.form)
        if len(store.saved_searches(user.name)) >= MAX_SAVED:
            raise SaveError("You have %(most)s saved searches, the most one account may keep: delete one you no "
                            "longer follow, then save this one.", most=MAX_SAVED)
        query.run(service, 1)  # one that cannot run is refused now, not found broken in a feed reader later
    except (SaveError, QueryError) as exc:
        return render_template("saved.html", items=None, error=translated(exc), form=request.form,
                               max_name=MAX_NAME), 400
    salt = secrets.token_urlsafe(16)
    store.save_search(user.name, name, query.kind, query.as_json(), salt,
                      feed_token(str(current_app.config["SECRET_KEY"]), salt))
    flash(gettext("Saved “%(name)s”. Its feed is below.", name=name))
    if not_kept:
        flash(gettext("Not saved with it: %(fields)s (not arguments of this search).", fields=", ".join(not_kept)))
    return redirect(url_for("saved.index"), 303)


@saved.post("/saved-searches/<int:search_id>/delete")
@sign_in_required
def delete(search_id: int):
    """Delete one of your own saved searches (its feed stops with it); another user's is not found."""
    if search_id > BIGGEST_ID or not get_service().archive.store.delete_saved_search(search_id, current_user().name):
        abort(404, gettext("You have no saved search %(id)s: it may have been deleted already.", id=search_id))
    flash(gettext("The saved search was deleted, and its feed with it."))
    return redirect(url_for("saved.index"), 303)


@saved.get("/saved-searches/<int:search_id>/feed.atom")
def feed(search_id: int):
    """The newest FEED_ENTRIES matches of a saved search as Atom, for a feed reader: no session, the token is the
    key; a missing or wrong token is a 404, as for a search that does not exist."""
    token = request.args.get("token", "")
    row = get_service().archive.store.saved_search_by_feed(token) if 0 < len(token) <= 200 else None
    if row is None or row["id"] != search_id:
        abort(404)
    query = SavedQuery.from_json(row["kind"], row["query"])
    items, _ = query.run(get_service(), FEED_ENTRIES)
    entries = _quote_entries(items) if query.kind == "quotes" else _article_entries(items)
    updated = max([e.updated for e in entries] + [rfc3339(row["created_at"])])
    body = document(absolute(url_for("saved.feed", search_id=search_id)), row["name"],
                    _feed_url(row, external=True), _run_url(query, external=True), updated, entries)
    return Response(body, content_type=CONTENT_TYPE)


def _article_entries(hits: list[dict]) -> list[Entry]:
    seen = get_service().archive.store.seen_dates(h["id"] for h in hits)
    entries = []
    for h in hits:
        link = absolute(url_for("pages.article", article_id=h["id"]))
        first, updated = seen.get(h["id"], (None, None))
        entries.append(Entry(id=link, title=h["title"] or gettext("(untitled)"), link=link,
                             updated=rfc3339(updated) or rfc3339(h["published"]) or rfc3339(first) or "",
                             author=h["source"] or "newsarchive", summary=h["snippet"],
                             published=rfc3339(h["published"]), language=h["language"] or None))
    return entries


def _quote_entries(quotes: list[dict]) -> list[Entry]:
    seen = get_service().archive.store.seen_dates({q["article_id"] for q in quotes})
    entries = []
    for q in quotes:
        link = absolute(url_for("pages.quote", quote_id=q["id"]))
        speaker = q["speaker"] or gettext("speaker not named")
        _, updated = seen.get(q["article_id"], (None, None))
        entries.append(Entry(id=link, title=gettext("%(speaker)s: “%(text)s”", speaker=speaker, text=q["text"]), link=link,
                             updated=rfc3339(updated) or rfc3339(q["published"]) or "",
                             author=q["speaker"] or q["source"] or "newsarchive",
                             summary=gettext("Quoted in “%(title)s”, %(source)s.", title=q["title"] or "",
                                             source=q["source"] or ""),
                             published=rfc3339(q["published"]), language=q["language"] or None))
    return entries


def install(app) -> None:
    app.register_blueprint(saved)
