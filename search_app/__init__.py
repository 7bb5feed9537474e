"""newsarchive web app: search pages, a JSON API and the archivists' area over one archive folder."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from indexer.archive import Archive, default_data_dir

if TYPE_CHECKING:  # Flask is imported by create_app, so `newsarchive search` (which uses the service) skips it
    from flask import Flask

    from search_app.service import SearchService


def create_app(data_dir: Path | str | None = None, **config) -> Flask:
    """Build the app for one archive. Each serving thread opens its own store connection and searchers."""
    from flask import Flask, g

    from search_app.service import SearchService

    app = Flask(__name__)
    app.config.update(DATA_DIR=str(data_dir or default_data_dir()), JSON_SORT_KEYS=False, **config)
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    Archive(app.config["DATA_DIR"]).close()  # create the folder now: fail at start-up, not on the first request
    local = threading.local()

    def service() -> SearchService:
        if "service" not in g:
            archive = getattr(local, "archive", None)
            if archive is None:
                archive = local.archive = Archive(app.config["DATA_DIR"])
            g.service = SearchService(archive)
        return g.service

    app.extensions["newsarchive.service"] = service

    from search_app import archive_area, auth
    from search_app.api import api
    from search_app.pages import pages

    app.register_blueprint(pages)
    app.register_blueprint(api, url_prefix="/api")
    auth.install(app)
    archive_area.install(app)

    @app.errorhandler(404)
    def not_found(exc):
        from flask import jsonify, request

        if request.path.startswith("/api/"):
            return jsonify({"error": f"no such endpoint {request.path}: see /api/openapi.json"}), 404
        return exc

    return app


def get_service() -> SearchService:
    from flask import current_app

    return current_app.extensions["newsarchive.service"]()
