"""newsarchive web app: search pages, a JSON API and the archivists' area over one archive folder."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from indexer.archive import Archive, default_data_dir
from indexer.index import priority
from indexer.store_db import fail_fast
from search_app.context import get_service  # noqa: F401 - (the blueprints' accessor, also importable from here)

if TYPE_CHECKING:  # Flask is imported by create_app, so `newsarchive search` (which uses the service) skips it
    from flask import Flask

    from search_app.service import SearchService


OPEN_ARCHIVES = 3  # two searches at once and a page beside them; searches share one GIL, more buys no speed


class _Archives:
    """At most `size` open archives, each lent to one request at a time and kept open for the next (the most
    recently used first, so a quiet server keeps one warm).

    Each open archive holds its own store connection, searchers and facet tables (~35 MiB at 1,000 articles, growing
    with the archive); one per serving thread, as before, multiplied that by waitress's 8 threads."""

    def __init__(self, data_dir: str, size: int):
        self.data_dir = data_dir
        self._slots = threading.BoundedSemaphore(size)
        self._free: list[Archive] = []
        self._lock = threading.Lock()

    def lend(self) -> Archive:
        self._slots.acquire()
        try:
            with self._lock:
                if self._free:
                    return self._free.pop()
            return Archive(self.data_dir)
        except BaseException:
            self._slots.release()
            raise

    def give_back(self, archive: Archive) -> None:
        with self._lock:
            self._free.append(archive)
        self._slots.release()


def _cheap_first(wsgi_app):
    """Every request counts as cheap (`priority.cheap`) while the app answers it, unless it runs a costly search:
    costly searches give way to it meanwhile (a streamed export's rows are read after that, and count for nothing)."""

    def app(environ, start_response):
        with priority.cheap():
            return wsgi_app(environ, start_response)

    return app


def create_app(data_dir: Path | str | None = None, **config) -> Flask:
    """Build the app for one archive; its requests borrow open archives from a small shared set (OPEN_ARCHIVES).

    Absolute links (permalinks, citations, feeds) start with BASE_URL; without one, behind a trusted proxy
    (BEHIND_PROXY: one hop of X-Forwarded-Proto/Host/For, read by werkzeug's ProxyFix) they name the address the
    proxy was asked for, else $NEWSARCHIVE_BASE_URL or http://127.0.0.1:5000 as in the CLI. Never the Host header."""
    from flask import Flask, g
    from werkzeug.middleware.proxy_fix import ProxyFix

    from search_app.citation import base_url
    from search_app.service import SearchService

    app = Flask(__name__)
    app.config.update(DATA_DIR=str(data_dir or default_data_dir()), JSON_SORT_KEYS=False, **config)
    app.config.setdefault("OPEN_ARCHIVES", OPEN_ARCHIVES)
    app.config.setdefault("BEHIND_PROXY", False)
    if app.config["BEHIND_PROXY"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)
    elif not app.config.get("BASE_URL"):
        app.config["BASE_URL"] = base_url()
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    fail_fast()  # a request never waits out the store's timeouts: while it is down, a 503 at once
    archive = Archive(app.config["DATA_DIR"])  # open now: fail at start-up, not on the first request; then watched
    archive.update_explorer()  # an archive stored by an older newsarchive: its entities' pages and stories
    if archive.store.remote and not app.config.get("SECRET_KEY"):
        # the cookie key in the shared store, not one folder: every web server of the archive reads the sessions
        app.config["SECRET_KEY"] = archive.store.shared_secret("web_secret_key")
    archives = _Archives(app.config["DATA_DIR"], app.config["OPEN_ARCHIVES"])

    def service() -> SearchService:
        if "service" not in g:
            g.service = SearchService(archives.lend)  # lent on first use (a costly search waits for its turn first)
        return g.service

    @app.teardown_appcontext
    def give_back(exc) -> None:
        lent = g.pop("service", None)
        if lent is not None and lent.borrowed is not None:
            archives.give_back(lent.borrowed)

    app.extensions["newsarchive.service"] = service
    app.wsgi_app = _cheap_first(app.wsgi_app)

    from search_app import archive_area, auth, errors, headers, i18n, operations, saved
    from search_app.api import api
    from search_app.explore_views import explore
    from search_app.pages import pages

    operations.install(app, operations.Watched(archive))
    i18n.install(app)
    app.register_blueprint(pages)
    app.register_blueprint(explore)
    app.register_blueprint(api, url_prefix="/api")
    auth.install(app)
    archive_area.install(app)
    saved.install(app)
    errors.install(app)
    headers.install(app)
    return app
