"""The request's search service, for the blueprints: a module of its own so that they need not import the package
that imports them (search_app ↔ its blueprints was an import cycle)."""

from __future__ import annotations

from flask import current_app

from search_app.service import SearchService


def get_service() -> SearchService:
    return current_app.extensions["newsarchive.service"]()
