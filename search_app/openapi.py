"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from indexer import __version__
from indexer.index.query_limits import MAX_DEPTH, MAX_PROXIMITY, MAX_QUERY_CHARS, MAX_QUERY_WORDS


def _param(name: str, description: str, kind: str = "string", **schema) -> dict:
    return {"name": name, "in": "query", "required": False, "description": description,
            "schema": {"type": kind, **schema}}


def _whole(name: str, description: str, low: int, high: int) -> dict:
    """A whole-number argument; out of range (or not a number) is a 400 that says so, empty is the default (the
    contract's `?q=&page=` leaves it empty)."""
    return {"name": name, "in": "query", "required": False, "description": description,
            "schema": {"anyOf": [{"type": "integer", "minimum": low, "maximum": high}, {"const": ""}]}}


BIGGEST_ID = 2**63 - 1
# ISO 8601: a year, a month or a day, and on a day a time and a zone (what from/to say in their 400); empty is none
DATE = r"^(\d{4}(-\d{2}(-\d{2}([T ]\d{2}(:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?)?)?)?$"
YEAR = r"^(\d{4})?$"
SORTS = ["", "relevance", "newest", "oldest"]
YES_NO = ["", "yes", "no", "true", "false", "1", "0", "on", "off"]  # what errors.yes_arg reads


def _query(description: str) -> dict:
    """The `q` argument: never required (a filter may stand instead; an empty q with no filter is a 400 that says
    so). Its limits are counted once spaces around it are stripped, which no JSON schema says: they are told."""
    return _param("q", f"{description}. At most {MAX_QUERY_CHARS} characters (spaces around it aside), "
                       f"{MAX_QUERY_WORDS} words, {MAX_DEPTH} levels of brackets and {MAX_PROXIMITY} proximity "
                       "operators (w/N, near/N, pre/N); a query that would cost more than a search may (too many "
                       "words behind its wildcards and proximity operators, or more than 2 s of matching) is a 400 "
                       "that says how to narrow it")


def _dates(what: str = "") -> list[dict]:
    return [_param("from", f"earliest {what}date: YYYY, YYYY-MM or YYYY-MM-DD (ISO 8601, a time may follow)",
                   pattern=DATE),
            _param("to", f"latest {what}date, included: YYYY, YYYY-MM or YYYY-MM-DD (ISO 8601, a time may follow)",
                   pattern=DATE)]


CUT_SHORT = {"type": "array", "items": {"type": "string"},
             "description": "what kept the search from being complete (the time limit, a part of the index that did "
                            "not answer); empty when the answer is complete"}


CITED = {
    "permalink": {"type": "string", "description": "absolute URL of the article's page in this archive, pinned to "
                                                   "the version (/articles/<id>?version=N)"},
    "citation": {"type": "string", "description": 'one line: outlet, "headline", date, original URL; archived at '
                                                  "<permalink>"},
}

FACET_LIST = {"type": "array", "items": {"type": "object", "properties": {
    "value": {"type": "string"}, "count": {"type": "integer"},
    "key": {"type": "string", "description": "people, places, organisations and speakers: the entity's URL key "
                                            "(/api/entities/<key>), which a filter also takes"},
    "partial": {"type": "boolean", "description": "a surname alone or an initial that the archive cannot tie to "
                                                 "one person: filter by its key, not its name"}}}}

UNDATED = {"type": "boolean", "description": "the article has no publication date: listed after every dated one "
                                             "when sorted by date"}
_DAYS = ("on each article's own calendar (the day it printed): YYYY-MM-DD, a month YYYY-MM or a year YYYY; a time "
         "with an offset (2026-03-14T18:00+02:00) is a moment. A `from` after `to` is a 400")
FROM, TO = f"published on or after this day, {_DAYS}", f"published on or before this day, {_DAYS}"

DEGRADED = {"type": "array", "items": {"type": "string", "enum": ["store"]}, "description": "present when the "
            "answer left out what only the store knows, because it did not answer (the search itself needs only the "
            "index): hits' copies (null), facets' display names (their keys instead), quotes' article URL and "
            "version (url null, the permalink without a version)"}

SEARCH_RESULT = {
    "type": "object",
    "required": ["total", "hits", "facets"],
    "properties": {
        "total": {"type": "integer"},
        "cut_short": CUT_SHORT,
        "degraded": DEGRADED,
        "relaxed": {"type": "boolean", "description": "no article has every word of the plain query: these are "
                                                      "ranked by how many of its words they have"},
        "sentence": {"type": "boolean", "description": "the query was typed as a sentence (five words or more, "
                                                       "stop words among them): ranked by its words, none required"},
        "hits": {"type": "array", "items": {"type": "object", "properties": {
            **{k: {"type": ["string", "null"]} for k in
               ("id", "title", "url", "published", "language", "source", "snippet", "snippet_html")},
            "version": {"type": "integer", "description": "the article's version the index holds"},
            "undated": UNDATED,
            "copies": {"type": ["integer", "null"], "description": "other articles of the archive that are the "
                       "same wire story (its copies, whether they match or not); null while the store does not "
                       "answer"},
            "folded": {"type": "integer", "description": "with collapse=yes only: other matching articles of "
                                                         "the same story folded into this one"},
            "story": {"type": ["string", "null"], "description": "the story across outlets and languages it "
                                                                "belongs to: /api/stories/<story>"},
            "story_reports": {"type": ["object", "null"], "description": "that story's `articles` (how many) and "
                                                                        "`languages`"},
            **CITED}}},
        "collapse": {"type": "boolean", "description": "true when wire copies are folded: total, the pages "
                                                       "and the histogram then count stories"},
        "facets": {"type": "object", "properties": {f: FACET_LIST for f in
                                                    ("person", "place", "organization", "speaker", "language",
                                                     "source", "year", "author")}},
        "histogram": {
            "type": "object", "required": ["interval", "buckets"],
            "description": "every match counted by publication date (not only this page): the buckets and "
                           "`undated` add up to `total`; buckets in date order, empty ones included",
            "properties": {
                "interval": {"enum": ["year", "month", "week", "day"]},
                "undated": {"type": "integer", "description": "matches without a publication date"},
                "buckets": {"type": "array", "items": {"type": "object", "required": ["start", "count"], "properties": {
                    "start": {"type": "string", "format": "date",
                              "description": "first day (YYYY-MM-DD; a week starts on Monday)"},
                    "end": {"type": "string", "format": "date", "description": "last day of the bucket"},
                    "count": {"type": "integer"}}}}}},
    },
}

QUOTE_RESULT = {
    "type": "object",
    "required": ["total", "quotes"],
    "properties": {"total": {"type": "integer"}, "cut_short": CUT_SHORT, "degraded": DEGRADED, "quotes": {"type": "array", "items": {"type": "object", "properties": {
        **{k: {"type": ["string", "null"]} for k in
           ("text", "speaker", "speaker_description", "article_id", "title", "published", "language", "source", "url")},
        "undated": UNDATED, **CITED}}},
        "facets": {"type": "object", "properties": {f: FACET_LIST for f in ("speaker", "language", "source")}}},
}

CHANGE = {"type": "object", "required": ["change", "before", "after"], "properties": {
    "change": {"enum": ["changed", "added", "removed"]},
    "before": {"type": ["string", "null"], "description": "the paragraph in version `from` (null when added)"},
    "after": {"type": ["string", "null"], "description": "the paragraph in version `to` (null when removed)"},
    "from_position": {"type": ["integer", "null"]}, "to_position": {"type": ["integer", "null"]},
    "words": {"type": "array", "items": {"type": "object", "properties": {
        "op": {"enum": ["same", "removed", "added"]}, "text": {"type": "string"}}}}}}

DIFF = {"type": "object", "required": ["from", "to", "versions", "changes"], "properties": {
    "id": {"type": "string"}, "from": {"type": "integer"}, "to": {"type": "integer"},
    "versions": {"type": "array", "items": {"type": "integer"}}, "changes": {"type": "array", "items": CHANGE},
    "unchanged": {"type": "integer", "description": "paragraphs of version `to` that did not change"}}}

MISSING_VERSION = {"description": "No such article, or not in that version: `versions` lists those it has.",
                   "content": {"application/json": {"schema": {"type": "object", "properties": {
                       "error": {"type": "string"}, "versions": {"type": "array", "items": {"type": "integer"}}}}}}}

EXPORT_FORMAT = {"name": "format", "in": "query", "required": True, "description": "csv or jsonl",
                 "schema": {"enum": ["csv", "jsonl"]}}


ERROR = {"description": "The request cannot be answered as asked; `error` says what to change.",
         "content": {"application/json": {"schema": {"type": "object", "properties": {"error": {"type": "string"}}}}}}


BUSY = {**ERROR, "description": "Too many costly searches at once (wildcards, ranges, phrases, proximity operators, "
                               "long queries): try again after Retry-After, or search for a few plain words."}
UNAVAILABLE = {**ERROR, "description": "The search cluster does not answer: try again after Retry-After."}


def _export(summary: str, parameters: list[dict], columns: str) -> dict:
    """An export endpoint: its parameters after `format`, streaming every match as CSV or JSON Lines."""
    streamed = {"description": f"Every match, streamed, as an attachment. Columns: {columns}. CSV: UTF-8 with a "
                               "byte order mark and a header row, lists joined with '; '; JSON Lines: one object a "
                               "line, lists as arrays.",
                "content": {"text/csv": {"schema": {"type": "string"}},
                            "application/x-ndjson": {"schema": {"type": "string"}}}}
    return {"get": {"summary": summary, "parameters": [EXPORT_FORMAT, *parameters],
                    "responses": {"200": streamed, "400": ERROR, "429": BUSY, "503": UNAVAILABLE}}}


def _ok(schema: dict) -> dict:
    return {"description": "OK", "content": {"application/json": {"schema": schema}}}


ENTITY_TYPE = {"enum": ["person", "place", "organization"]}
ENTITY_REF = {"type": "object", "required": ["key", "name", "type", "articles"], "properties": {
    "key": {"type": "string", "description": "the entity's URL key (letters, digits, hyphens): /api/entities/<key>; "
                                            "it stays valid when the archive is annotated again or reindexed"},
    "name": {"type": "string", "description": "its name, as articles in the reader's language write it where "
                                             "there are such articles"},
    "type": ENTITY_TYPE, "articles": {"type": "integer", "description": "articles that name it"}}}
QUOTE_WITH_FIRST = {"type": "object", "properties": {
    **{k: {"type": ["string", "null"]} for k in ("id", "text", "speaker", "article_id", "title", "published", "language",
                                                 "source", "url")},
    "fragment": {"type": "boolean", "description": "words quoted inside the writer's own sentence"},
    "first_reported": {"type": "object", "description": "the earliest report of the same statement in the archive "
                                                        "(`translated`: in another language)"},
    "reports": {"type": "integer", "description": "reports of the same statement found"}, **CITED}}
QUOTED = {"type": "object", "required": ["total", "hits"], "properties": {
    "total": {"type": "integer"}, "hits": {"type": "array", "items": QUOTE_WITH_FIRST}}}
STORY = {"type": "object", "required": ["id", "title", "languages", "sources", "articles", "first", "last"],
         "properties": {
             "id": {"type": "string", "description": "the story's id: URL-safe; an id merged into another story "
                                                    "redirects to it"},
             "title": {"type": "string", "description": "the headline of its earliest article"},
             "languages": {"type": "array", "items": {"type": "string"}, "description": "most articles first"},
             "sources": {"type": "array", "items": {"type": "string"}, "description": "outlets, most articles first"},
             "articles": {"type": "integer"},
             "first": {"type": ["string", "null"], "description": "publication time of its earliest article"},
             "last": {"type": ["string", "null"], "description": "publication time of its latest article"}}}
ENTITY = {
    "type": "object",
    "required": ["key", "name", "type", "names", "languages", "articles", "timeline", "quotes_by", "quotes_about",
                 "related", "sources"],
    "properties": {
        "key": {"type": "string"}, "name": {"type": "string"}, "type": ENTITY_TYPE,
        "names": {"type": "array", "description": "every spelling its articles write, in every script, most written "
                  "first (a spelling no article writes, the canonical `name` too, is left out)",
                  "items": {"type": "object", "required": ["name", "count"], "properties": {
                      "name": {"type": "string"},
                      "count": {"type": "integer", "description": "the articles that write this spelling"}}}},
        "languages": {"type": "array", "items": {"type": "object", "required": ["code", "count"], "properties": {
            "code": {"type": "string"}, "count": {"type": "integer"}}}},
        "articles": {"type": "object", "required": ["total", "hits"], "properties": {
            "total": {"type": "integer"}, "hits": {"type": "array", "items": {"type": "object"}}},
            "description": "newest first, narrowed by `language` and `source`"},
        "timeline": {"type": "object", "required": ["interval", "buckets"], "properties": {
            "interval": {"enum": ["year", "month", "week", "day"]},
            "buckets": {"type": "array", "items": {"type": "object", "required": ["start", "count"]}}}},
        "quotes_by": {**QUOTED, "description": "what it said, newest first (fragments flagged)"},
        "quotes_about": {**QUOTED, "description": "quotations by others that name it, newest first"},
        "related": {"type": "array", "description": "entities named with it more often than chance says, by "
                                                   "log-likelihood (`score`) over the archive's articles",
                    "items": {**ENTITY_REF, "required": ["key", "name", "type", "articles", "score"],
                              "properties": {**ENTITY_REF["properties"], "score": {"type": "number"}}}},
        "sources": {"type": "array", "items": {"type": "object", "required": ["name", "count"], "properties": {
            "name": {"type": "string"}, "count": {"type": "integer"}}}},
        "stories": {"type": "array", "items": STORY}}}
STORY_DETAIL = {"type": "object", "required": ["id", "title", "languages", "sources", "articles", "first", "last",
                                             "quotes"], "properties": {
    **{k: v for k, v in STORY["properties"].items() if k != "articles"},
    "count": {"type": "integer", "description": "its articles"},
    "articles": {"type": "array", "description": "earliest first", "items": {
        "type": "object", "required": ["id", "title", "url", "language", "source", "published"], "properties": {
            **{k: {"type": ["string", "null"]} for k in ("id", "title", "url", "language", "source", "published")},
            **CITED}}},
    "quotes": {"type": "array", "items": {"type": "object"}},
    "entities": {"type": "array", "items": ENTITY_REF, "description": "the entities its articles name most"}}}
MOVED = {"description": "The key (or id) now lives at another address: follow Location."}


def openapi_document() -> dict:
    return {
        "openapi": "3.1.0",
        "info": {"title": "newsarchive API", "version": __version__,
                 "description": "Full-text search over a multilingual news archive, with facets on entities, quote "
                                "speakers, language, source and year; quotation search; article records."},
        "paths": {
            "/api/search": {"get": {
                "summary": "Search articles",
                "description": "With a filter and no `q`, every article the filters keep, newest first.",
                "parameters": [_query("Whoosh query: words, \"phrases\", AND/OR/NOT, field:value (author: "
                                      "searches bylines), wildcards, w/N near/N pre/N; may be left out when a filter "
                                      "is given"),
                               *[_param(f, f"filter on {f}: any spelling of a name, or a facet value's key "
                                           "(a surname alone matches every person of that surname)") for f in
                                 ("person", "place", "organization", "speaker")],
                               _param("language", "ISO 639-1 code"), _param("source", "outlet name"),
                               _param("year", "four-digit year", pattern=YEAR),
                               _param("author", "a byline name, as the author facet shows it"),
                               _param("from", FROM, pattern=DATE), _param("to", TO, pattern=DATE),
                               _param("sort", "relevance (default), newest or oldest (by each article's own day, "
                                      "then the moment; undated articles last)", enum=SORTS),
                               _param("interval", "the histogram's bars: year, month, week or day (default: chosen "
                                      "by the span of the matches' dates)", enum=["", "year", "month", "week", "day"]),
                               _param("collapse", "yes: one result per wire story, shown as its earliest "
                                      "matching article (facets still count every article); refused with a 400 "
                                      "when the matches cannot all be read within 2 s", enum=["", "yes", "no"]),
                               _whole("page", "page number, from 1", 1, 10_000),
                               _whole("limit", "hits per page, 1-100", 1, 100),
                               _whole("facets", "values per facet, 1-200 (default 10)", 1, 200)],
                "responses": {"200": _ok(SEARCH_RESULT), "400": ERROR, "429": BUSY, "503": UNAVAILABLE}}},
            "/api/quotes": {"get": {
                "summary": "Search quotations",
                "parameters": [_query("words in the quotation; may be left out (every quotation, newest first)"),
                               _param("speaker", "speaker name"),
                               _param("language", "ISO 639-1 code of the quotation"),
                               _param("source", "outlet that reported it"), _param("article", "article id"),
                               _param("from", FROM, pattern=DATE), _param("to", TO, pattern=DATE),
                               _param("sort", "relevance (default; newest first without q), newest or oldest",
                                      enum=SORTS),
                               _whole("facets", "values per facet, 1-200 (default 10)", 1, 200),
                               _whole("page", "page number, from 1", 1, 10_000),
                               _whole("limit", "quotes per page, 1-100 (default 20)", 1, 100),
                               _param("fragments", "'no' leaves out fragments (scare quotes, titles, words quoted "
                                      "inside the writer's sentence); default yes", enum=YES_NO)],
                "responses": {"200": _ok(QUOTE_RESULT), "400": ERROR, "429": BUSY, "503": UNAVAILABLE}}},
            "/api/quotes/{id}": {"get": {
                "summary": "One quotation with every article that reported the same statement, earliest first",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {"200": _ok({"type": "object"}), "404": ERROR}}},
            "/api/articles/{id}": {"get": {
                "summary": "One article with its quotes, entities and versions",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
                               _whole("version", "a past version number (default: the newest)", 1, BIGGEST_ID)],
                "responses": {"200": _ok({"type": "object"}), "400": ERROR, "404": ERROR}}},
            "/api/search/export": _export(
                "Every article the search finds, as CSV or JSON Lines (no page cap)",
                [_query("the query, as for /api/search; empty browses what the filters keep, '*' is every "
                        "article"),
                 *[_param(f, f"filter on {f}") for f in ("person", "place", "organization", "speaker", "language",
                                                          "source", "author")],
                 _param("year", "filter on year: four digits", pattern=YEAR), *_dates(),
                 _param("sort", "relevance (default with words), newest (default without) or oldest", enum=SORTS)],
                "id, title, source, author, published, language, url, version, permalink, citation, people, places, "
                "organizations, speakers"),
            "/api/quotes/export": _export(
                "Every quotation the quote search finds, as CSV or JSON Lines",
                [_query("words in the quotation; may be left out"), _param("speaker", "speaker name"),
                 *[_param(f, f"filter on {f}") for f in ("language", "source", "article")], *_dates("publication "),
                 _param("fragments", "'no' leaves out fragments; default yes", enum=YES_NO)],
                "id, text, speaker, fragment, article_id, title, source, published, language, permalink, citation, "
                "speaker_description"),
            "/api/articles/{id}/diff": {"get": {
                "summary": "What changed between two versions of an article, paragraph by paragraph",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
                               _whole("from", "the earlier version (default: the one before `to`)", 1, BIGGEST_ID),
                               _whole("to", "the later version (default: the newest)", 1, BIGGEST_ID)],
                "responses": {"200": _ok(DIFF), "400": ERROR, "404": MISSING_VERSION}}},
            "/api/stats": {"get": {"summary": "Archive summary", "responses": {"200": _ok({"type": "object"})}}},
            "/api/entities": {"get": {
                "summary": "People, places and organisations by name, in any spelling or script, best match first",
                "parameters": [_param("q", "a name (Breslau, Вроцлав, Wroclaw find Wrocław; a surname alone every "
                                           "person of that surname)"),
                               _param("type", "only this type", enum=["", "person", "place", "organization"]),
                               _whole("limit", "entities to list, 1-50 (default 10)", 1, 50)],
                "responses": {"200": _ok({"type": "object", "required": ["entities"], "properties": {
                    "entities": {"type": "array", "items": ENTITY_REF}}}), "400": ERROR}}},
            "/api/entities/{key}": {"get": {
                "summary": "An entity's profile: names, languages, articles, timeline, quotations by and about it, "
                           "related entities, sources",
                "parameters": [{"name": "key", "in": "path", "required": True, "schema": {"type": "string"}},
                               _param("language", "only articles in this language (ISO 639-1)"),
                               _param("source", "only articles of this outlet"),
                               _whole("page", "page of articles, from 1", 1, 10_000),
                               _whole("limit", "articles per page, 1-100 (default 10)", 1, 100)],
                "responses": {"200": _ok(ENTITY), "301": MOVED, "400": ERROR, "404": ERROR, "503": UNAVAILABLE}}},
            "/api/stories": {"get": {
                "summary": "Stories across outlets and languages, newest first (by their latest article)",
                "parameters": [_query("keep the stories of the articles this search finds"),
                               _param("from", "stories with a report on or after this date: YYYY, YYYY-MM or "
                                              "YYYY-MM-DD (ISO 8601, a time may follow), as the search's `from`",
                                      pattern=DATE),
                               _param("to", "stories with a report on or before this date, included: YYYY, YYYY-MM "
                                            "or YYYY-MM-DD (ISO 8601, a time may follow)", pattern=DATE),
                               _param("language", "stories with an article in this language (ISO 639-1)"),
                               _whole("limit", "stories per page, 1-100 (default 20)", 1, 100),
                               _whole("page", "page number, from 1", 1, 10_000)],
                "responses": {"200": _ok({"type": "object", "required": ["total", "stories"], "properties": {
                    "total": {"type": "integer"}, "stories": {"type": "array", "items": STORY}}}),
                    "400": ERROR, "429": BUSY, "503": UNAVAILABLE}}},
            "/api/stories/{id}": {"get": {
                "summary": "One story: its articles (earliest first), its quotations and the entities it names",
                "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {"200": _ok(STORY_DETAIL), "301": MOVED, "404": ERROR}}},
            "/api/jobs": {"get": {
                "summary": "Recent ingest jobs (signed-in archivists; sign in at /archive/sign-in)",
                "responses": {"200": _ok({"type": "object"}), "401": ERROR}}},
            "/api/jobs/{id}": {"get": {
                "summary": "One ingest job: status, progress in bytes, and its report as `ingest --json` prints it",
                "parameters": [{"name": "id", "in": "path", "required": True,
                                "schema": {"type": "integer", "minimum": 1, "maximum": BIGGEST_ID}}],
                "responses": {"200": _ok({"type": "object"}), "401": ERROR, "404": ERROR}}},
        },
    }
