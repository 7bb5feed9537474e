"""The explorer on the web: the front page, entity pages and story pages, and their JSON (/api/entities,
/api/stories). Thin: the work is in search_app.explore."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext

from search_app.context import get_service
from search_app.errors import int_arg
from search_app.explore import Explorer, Moved
from search_app.i18n import N_, reader_language
from search_app.timeline import bars

explore = Blueprint("explore", __name__)

TYPE_LABELS = {"person": N_("Person"), "place": N_("Place"), "organization": N_("Organisation")}
NEWS_LABELS = {"person": N_("People"), "place": N_("Places"), "organization": N_("Organisations")}


def _explorer() -> Explorer:
    return Explorer(get_service().archive)


# -- JSON ------------------------------------------------------------------------------------------------------
@explore.get("/api/entities")
def api_lookup():
    return jsonify(_explorer().lookup(request.args.get("q", ""), request.args.get("type") or None,
                                      reader=reader_language(), limit=int_arg("limit", 10, 1, 50)))


@explore.get("/api/entities/<key>")
def api_entity(key: str):
    try:
        record = _explorer().entity(key, reader=reader_language(), language=request.args.get("language") or None,
                                    source=request.args.get("source") or None, page=int_arg("page", 1),
                                    limit=int_arg("limit", 10, 1, 100), base_url=request.url_root)
    except Moved as moved:
        return redirect(url_for("explore.api_entity", key=moved.to, **request.args), 301)
    if record is None:
        return jsonify({"error": f"no entity with key {key[:80]!r}: find one with /api/entities?q=NAME"}), 404
    return jsonify(record)


@explore.get("/api/stories")
def api_stories():
    return jsonify(_explorer().stories(request.args.get("q") or None, request.args.get("from") or None,
                                       request.args.get("to") or None, request.args.get("language") or None,
                                       limit=int_arg("limit", 20, 1, 100), page=int_arg("page", 1)))


@explore.get("/api/stories/<story_id>")
def api_story(story_id: str):
    try:
        record = _explorer().story(story_id, base_url=request.url_root, reader=reader_language())
    except Moved as moved:
        return redirect(url_for("explore.api_story", story_id=moved.to), 301)
    if record is None:
        return jsonify({"error": f"no story with id {story_id[:80]!r}: list them with /api/stories"}), 404
    return jsonify(record)


# -- pages -----------------------------------------------------------------------------------------------------
@explore.get("/entities/<key>")
def entity(key: str):
    """An entity's page: its names in every script, its articles (filtered by language and outlet), their dates as
    a chart, what it said and what others said of it, the entities named with it, its stories."""
    language, source = request.args.get("language") or None, request.args.get("source") or None
    try:
        record = _explorer().entity(key, reader=reader_language(), language=language, source=source,
                                    page=int_arg("page", 1), limit=10, base_url=request.url_root)
    except Moved as moved:
        return redirect(url_for("explore.entity", key=moved.to, **request.args), 301)
    if record is None:
        abort(404, gettext("No person, place or organisation has this address. Search for the name instead."))
    return render_template("entity.html", e=record, bars=bars(record["timeline"]),
                           type_label=gettext(TYPE_LABELS.get(record["type"], record["type"])),
                           type_labels={k: gettext(v) for k, v in TYPE_LABELS.items()},
                           filters={k: v for k, v in (("language", language), ("source", source)) if v})


@explore.get("/stories/<story_id>")
def story(story_id: str):
    """A story: its articles in order of publication (by day), its languages and outlets, who was quoted, the
    entities it names."""
    try:
        record = _explorer().story(story_id, base_url=request.url_root, reader=reader_language())
    except Moved as moved:
        return redirect(url_for("explore.story", story_id=moved.to), 301)
    if record is None:
        abort(404, gettext("No story has this address. The front page lists the latest ones."))
    days: dict[str, list[dict]] = {}
    for article in record["articles"]:
        days.setdefault(article["day"], []).append(article)
    speakers: dict[str, dict] = {}
    for quote in record["quotes"]:
        if quote["speaker"] and not quote["fragment"]:
            who = speakers.setdefault(quote["speaker_key"] or quote["speaker"], {
                "name": quote["speaker"], "key": quote["speaker_key"], "quotes": []})
            who["quotes"].append(quote)
    return render_template("story.html", s=record, days=days, speakers=list(speakers.values()),
                           type_labels={k: gettext(v) for k, v in TYPE_LABELS.items()},
                           languages=_counted(a["language"] for a in record["articles"]),
                           sources=_counted(a["source"] for a in record["articles"] if a["source"]))


@explore.get("/stories")
def stories():
    """Every story, newest first, narrowed by words (the search's), language and dates."""
    q = request.args.get("q", "").strip()
    language = request.args.get("language") or None
    page = int_arg("page", 1)
    result = _explorer().stories(q or None, request.args.get("from") or None, request.args.get("to") or None,
                                 language, limit=20, page=page, least=2 if request.args.get("all") != "yes" else 1)
    return render_template("stories.html", result=result, stories_q=q, language=language, page=page,
                           everything=request.args.get("all") == "yes")


@explore.get("/")
def front():
    """The front page: the latest stories, who and what is in the news, the latest quotations."""
    service = get_service()
    news = Explorer(service.archive).front(reader=reader_language(), base_url=request.url_root)
    return render_template("front.html", news=news, stats=news["summary"], focus_search=True,
                           labels={k: gettext(v) for k, v in NEWS_LABELS.items()})


def _counted(values) -> list[tuple[str, int]]:
    from collections import Counter

    return Counter(values).most_common()
