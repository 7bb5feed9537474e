"""The request's search service, for the blueprints: a module of its own so that they need not import the package
that imports them (search_app ↔ its blueprints was an import cycle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Flask only where a request is served: `newsarchive search` uses the service without it
    from search_app.service import SearchService


def get_service() -> SearchService:
    from flask import current_app

    return current_app.extensions["newsarchive.service"]()
