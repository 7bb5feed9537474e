"""What a saved search is: read from the "Save this search" form, checked, run again, and described in words.

Apart from the blueprint (search_app/saved.py) so that the rules of what may be saved are in one place, and free of
Flask: a form is a plain mapping here. A saved search keeps every argument its search knows (the articles search's
FILTERS; the quotes search's words, speaker, QUOTE_FILTERS and `fragments=no`); anything else the form carried is
named back to the user, never kept silently nor dropped silently.
"""

from __future__ import annotations

import hashlib
import hmac
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from search_app.service import FILTERS, QUOTE_FILTERS, SearchService

KINDS = ("articles", "quotes")
MAX_NAME = 200  # characters of a saved search's name
MAX_VALUE = 1000  # characters of the query or of one filter
MAX_SAVED = 100  # saved searches per user
FORM_FIELDS = {"csrf_token", "name", "kind"}  # the form's own fields, not arguments of the search
PAGE = 100  # matches read at a time when counting what is new
MAX_PAGES = 10  # ... and at most this many pages per saved search (1,000 matches): beyond, "at least"


class SaveError(ValueError):
    """The form cannot be saved as sent; the message (a template with %-style parameters, for the catalogs) says
    what to change."""

    def __init__(self, template: str, **params):
        self.template, self.params = template, params
        super().__init__(template % params if params else template)


@dataclass
class SavedQuery:
    kind: str  # articles | quotes
    q: str = ""
    filters: dict[str, str] = field(default_factory=dict)
    speaker: str = ""  # quotes only
    statements_only: bool = False  # quotes only: `fragments=no`

    def as_json(self) -> dict:
        saved = {"q": self.q, "filters": self.filters}
        if self.kind == "quotes":
            saved |= {"speaker": self.speaker, "fragments": not self.statements_only}
        return saved

    @classmethod
    def from_json(cls, kind: str, saved: dict) -> SavedQuery:
        return cls(kind, saved.get("q", ""), dict(saved.get("filters", {})), saved.get("speaker", ""),
                   not saved.get("fragments", True))

    def arguments(self) -> dict[str, str]:
        """The search's address arguments (for the link that runs it)."""
        args = {"q": self.q} if self.q else {}
        if self.speaker:
            args["speaker"] = self.speaker
        args |= self.filters
        if self.statements_only:
            args["fragments"] = "no"
        return args

    def run(self, service: SearchService, limit: int, page: int = 1) -> tuple[list[dict], int]:
        """One page of its matches, newest first where the engine can order them so: (hits or quotes, total)."""
        if self.kind == "quotes":
            found = service.quotes(self.q or None, speaker=self.speaker or None, limit=limit, page=page,
                                   filters=self.filters, fragments=not self.statements_only)
            return found["quotes"], found["total"]
        found = service.search(self.q or "*", self.filters, page=page, limit=limit, sort="newest", facet_limit=1)
        return found["hits"], found["total"]

    def count_new(self, service: SearchService, new_ids: set[str]) -> tuple[int, bool]:
        """How many of its matches are of the articles `new_ids`, and whether that is exact (False: at least).

        The index knows nothing of when an article came in, so the matches are read newest first and looked up
        among the new articles, until every new one is found or MAX_PAGES pages were read."""
        if not new_ids:
            return 0, True
        found, page = 0, 1
        while True:
            items, total = self.run(service, PAGE, page)
            found += sum(1 for item in items if item.get("article_id", item["id"]) in new_ids)
            if (self.kind == "articles" and found == len(new_ids)) or page * PAGE >= total:
                return found, True
            if page == MAX_PAGES:
                return found, False
            page += 1


def read_form(form: Mapping[str, str]) -> tuple[str, SavedQuery, list[str]]:
    """(name, query, fields not kept) from the form; SaveError when it cannot be saved as sent."""
    kind = form.get("kind") or "articles"
    if kind not in KINDS:
        raise SaveError("kind must be articles or quotes, not %(kind)r", kind=kind[:20])
    known = FILTERS if kind == "articles" else (*QUOTE_FILTERS, "speaker", "fragments")
    values = {}
    for key in ("q", *known):
        value = form.get(key, "").strip()
        if len(value) > MAX_VALUE:
            raise SaveError("%(field)s is longer than %(most)s characters: shorten it and save again.",
                            field=key, most=MAX_VALUE)
        if value:
            values[key] = _plain(value, key)
    fragments = values.pop("fragments", "")
    if fragments not in ("", "no"):
        raise SaveError("fragments may only be no (only full statements), not %(value)r", value=fragments[:20])
    query = SavedQuery(kind, values.pop("q", ""), speaker=values.pop("speaker", ""), statements_only=bool(fragments))
    query.filters = values
    if not (query.q or query.speaker or query.filters):
        raise SaveError("There is nothing to save: give words to search for, a speaker or a filter.")
    name = form.get("name", "").strip()
    if not name:
        raise SaveError("Give the saved search a name, so you can tell it from the others.")
    if len(name) > MAX_NAME:
        raise SaveError("The name is longer than %(most)s characters: shorten it and save again.", most=MAX_NAME)
    not_kept = sorted(k for k in form if k not in FORM_FIELDS and k != "q" and k not in known and form.get(k))
    return _plain(name, "name"), query, not_kept


def _plain(value: str, key: str) -> str:
    """The value as typed, or SaveError for a control character (a tab, a newline, a NUL), which no search needs
    and which would make the name or the feed unreadable."""
    if any(unicodedata.category(c) == "Cc" for c in value):
        raise SaveError("%(field)s contains control characters (such as a tab or a line break): type it on one "
                        "line and save again.", field=key)
    return value


def feed_token(secret: str, salt: str) -> str:
    """The key to a saved search's feed: the same every time the list is shown (derived from the app's secret key
    and the search's salt), unguessable without that key; the store keeps only its hash."""
    return hmac.new(secret.encode("utf-8"), f"saved-search-feed:{salt}".encode(), hashlib.sha256).hexdigest()
