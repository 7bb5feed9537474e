"""What the blueprints take from the request's app: its search service, and the address its absolute links start
with. A module of its own so that they need not import the package that imports them (search_app ↔ its blueprints
was an import cycle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Flask only where a request is served: `newsarchive search` uses the service without it
    from search_app.service import SearchService


def get_service() -> SearchService:
    from flask import current_app

    return current_app.extensions["newsarchive.service"]()


def link_base() -> str:
    """Where permalinks, citations and feed links point, without a trailing slash: the configured base URL
    (`serve --base-url`), else, behind a trusted proxy (`serve --behind-proxy`), the address the proxy says the
    reader asked for. Never the request's own Host header, which any client can forge."""
    from flask import current_app, request

    configured = current_app.config.get("BASE_URL")
    return (configured or request.host_url).rstrip("/")


def absolute(path: str) -> str:
    """An absolute link to a path of this site (from url_for), on the link base."""
    return link_base() + path
