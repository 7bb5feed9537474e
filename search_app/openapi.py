"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from indexer import __version__


def _param(name: str, description: str, kind: str = "string", **schema) -> dict:
    return {"name": name, "in": "query", "required": False, "description": description,
            "schema": {"type": kind, **schema}}


def _whole(name: str, description: str, low: int, high: int) -> dict:
    """A whole-number argument; out of range (or not a number) is a 400 that says so, empty is the default (the
    contract's `?q=&page=` leaves it empty)."""
    return {"name": name, "in": "query", "required": False, "description": description,
            "schema": {"anyOf": [{"type": "integer", "minimum": low, "maximum": high}, {"const": ""}]}}


BIGGEST_ID = 2**63 - 1
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

SEARCH_RESULT = {
    "type": "object",
    "required": ["total", "hits", "facets"],
    "properties": {
        "total": {"type": "integer"},
        "cut_short": CUT_SHORT,
        "relaxed": {"type": "boolean", "description": "no article has every word of the plain query: these are "
                                                      "ranked by how many of its words they have"},
        "sentence": {"type": "boolean", "description": "the query was typed as a sentence (five words or more, "
                                                       "stop words among them): ranked by its words, none required"},
        "hits": {"type": "array", "items": {"type": "object", "properties": {
            **{k: {"type": ["string", "null"]} for k in
               ("id", "title", "url", "published", "language", "source", "snippet", "snippet_html")},
            "version": {"type": "integer", "description": "the article's version the index holds"},
            "copies": {"type": "integer", "description": "other articles of the archive that are the same wire "
                                                         "story (its copies, whether they match or not)"},
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
    "properties": {"total": {"type": "integer"}, "cut_short": CUT_SHORT, "quotes": {"type": "array", "items": {"type": "object", "properties": {
        **{k: {"type": ["string", "null"]} for k in
           ("text", "speaker", "article_id", "title", "published", "language", "source", "url")},
        **CITED}}},
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


BUSY = {**ERROR, "description": "Too many searches with wildcards or ranges at once: try again after Retry-After."}
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
        "names": {"type": "array", "description": "every spelling the archive has, in every script, most used first",
                  "items": {"type": "object", "required": ["name", "count"], "properties": {
                      "name": {"type": "string"}, "count": {"type": "integer"}}}},
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
                "parameters": [_param("q", "Whoosh query: words, \"phrases\", AND/OR/NOT, field:value (author: "
                                      "searches bylines), wildcards; may be left out when a filter is given"),
                               *[_param(f, f"filter on {f}: any spelling of a name, or a facet value's key "
                                           "(a surname alone matches every person of that surname)") for f in
                                 ("person", "place", "organization", "speaker")],
                               _param("language", "ISO 639-1 code"), _param("source", "outlet name"),
                               _param("year", "four-digit year"),
                               _param("author", "a byline name, as the author facet shows it"),
                               _param("from", "earliest date, ISO 8601"),
                               _param("to", "latest date, ISO 8601"),
                               _param("sort", "relevance (default), newest or oldest"),
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
                "parameters": [_param("q", "words in the quotation"), _param("speaker", "speaker name"),
                               _param("language", "ISO 639-1 code of the quotation"),
                               _param("source", "outlet that reported it"), _param("article", "article id"),
                               _param("from", "published on or after (ISO 8601)"),
                               _param("to", "published on or before (ISO 8601)"),
                               _param("sort", "relevance (default; newest first without q), newest or oldest"),
                               _whole("facets", "values per facet, 1-200 (default 10)", 1, 200),
                               _whole("page", "page number, from 1", 1, 10_000),
                               _whole("limit", "quotes per page, 1-100 (default 20)", 1, 100),
                               _param("fragments", "'no' leaves out fragments (scare quotes, titles, words quoted "
                                      "inside the writer's sentence); default yes")],
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
                [_param("q", "the query, as for /api/search; empty browses what the filters keep, '*' is every "
                             "article"),
                 *[_param(f, f"filter on {f}") for f in ("person", "place", "organization", "speaker", "language",
                                                          "source", "year", "from", "to")],
                 _param("sort", "relevance (default with words), newest (default without) or oldest")],
                "id, title, source, author, published, language, url, version, permalink, citation, people, places, "
                "organizations, speakers"),
            "/api/quotes/export": _export(
                "Every quotation the quote search finds, as CSV or JSON Lines",
                [_param("q", "words in the quotation"), _param("speaker", "speaker name"),
                 *[_param(f, f"filter on {f}") for f in ("language", "source", "article", "from", "to")],
                 _param("fragments", "'no' leaves out fragments; default yes")],
                "id, text, speaker, fragment, article_id, title, source, published, language, permalink, citation"),
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
                "parameters": [_param("q", "keep the stories of the articles this search finds"),
                               _param("from", "stories running on or after this day, ISO 8601"),
                               _param("to", "stories running on or before this day, ISO 8601"),
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
