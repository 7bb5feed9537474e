"""Sign-in for the archive area: a signed session cookie naming the user, a CSRF token for every form that changes
something, and a secret key kept in the data folder so sessions survive a restart."""

from __future__ import annotations

import functools
import hmac
import os
import secrets
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from search_app.accounts import Accounts, User
from search_app.context import get_service

auth = Blueprint("auth", __name__)
SECRET_FILE = "secret_key"


def secret_key(data_dir: Path | str) -> str:
    """The app's session key: created once per archive, readable only by its owner."""
    path = Path(data_dir) / SECRET_FILE
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return path.read_text().strip()


def install(app: Flask) -> None:
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(app.config["DATA_DIR"])
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax")
    app.config.setdefault("SIGN_IN_HOURS", 12)  # a working day; a copied cookie is not a key for ever
    app.extensions["newsarchive.throttle"] = _Throttle()

    @app.before_request
    def load_user() -> None:
        name = session.get("user")
        g.user = accounts().get(name) if name else None
        expired = time.time() - session.get("since", 0) > current_app.config["SIGN_IN_HOURS"] * 3600
        if g.user is not None and (session.get("stamp") != g.user.stamp or expired):  # new password, removed, old
            session.clear()
            g.user = None
        if request.method == "POST" and request.blueprint in ("auth", "archive"):
            sent, expected = request.form.get("csrf_token", ""), session.get("csrf_token", "")
            if not sent or not expected or not hmac.compare_digest(sent, expected):
                abort(400, "the form expired or did not come from this site; reload the page and try again")

    @app.context_processor
    def template_globals() -> dict:
        if "csrf_token" not in session:
            session["csrf_token"] = secrets.token_urlsafe(32)
        return {"current_user": g.get("user"), "csrf_token": session["csrf_token"]}

    app.register_blueprint(auth)


def accounts() -> Accounts:
    return Accounts(get_service().archive.store)


def current_user() -> User | None:
    return g.get("user")


def sign_in_required(view):
    """Pages redirect to the sign-in form; API calls get a JSON 401 that says how to sign in."""
    @functools.wraps(view)
    def wrapped(*args, **kwargs):
        if current_user() is None:
            if request.path.startswith("/api/"):
                return {"error": "sign in first at /archive/sign-in; the API then answers to the same session "
                                 "(accounts are created with `newsarchive user add`)"}, 401
            return redirect(url_for("auth.sign_in", next=request.full_path))
        return view(*args, **kwargs)
    return wrapped


@auth.route("/archive/sign-in", methods=["GET", "POST"])
def sign_in():
    error = None
    if request.method == "POST":
        name = request.form.get("name", "").strip()
        throttle = current_app.extensions["newsarchive.throttle"]
        wait = throttle.wait(name)
        if wait:
            error = (f"Too many wrong passwords for {name!r}: wait {wait // 60 + 1} minute(s) and try again, or ask "
                     "an admin to set a new password with `newsarchive user passwd`.")
            return render_template("sign_in.html", error=error, has_users=True), 429
        user = accounts().verify(name, request.form.get("password", ""))
        if user is None:
            throttle.failed(name)
        else:
            throttle.clear(name)
            session.clear()
            session["user"] = user.name
            session["stamp"] = user.stamp
            session["since"] = time.time()
            session["csrf_token"] = secrets.token_urlsafe(32)
            return redirect(_local_target(request.args.get("next", "")) or url_for("archive.dashboard"))
        error = "Wrong name or password. Accounts are created by an admin with `newsarchive user add NAME`."
    has_users = bool(accounts().all())
    return render_template("sign_in.html", error=error, has_users=has_users), (401 if error else 200)


class _Throttle:
    """Wrong passwords per user name in this process: after MAX_FAILURES within WINDOW seconds, sign-in for that
    name waits until the window has passed (guessing a password by trying gets slow)."""

    MAX_FAILURES, WINDOW = 5, 15 * 60

    def __init__(self) -> None:
        self._failures: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def failed(self, name: str) -> None:
        with self._lock:
            self._failures.setdefault(name.casefold(), []).append(time.monotonic())

    def clear(self, name: str) -> None:
        with self._lock:
            self._failures.pop(name.casefold(), None)

    def wait(self, name: str) -> int:
        """Seconds until this name may try again (0: now)."""
        with self._lock:
            recent = [t for t in self._failures.get(name.casefold(), []) if time.monotonic() - t < self.WINDOW]
            self._failures[name.casefold()] = recent
            if len(recent) < self.MAX_FAILURES:
                return 0
            return int(self.WINDOW - (time.monotonic() - recent[-self.MAX_FAILURES]))


def _local_target(target: str) -> str | None:
    """A path on this site to return to after signing in, or None: never another host ("//evil", "/\tevil",
    "https:…"), never control characters that could split the Location header."""
    if not target.startswith("/") or any(ord(c) < 32 or c in "\\\x7f" for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return None
    return target


@auth.post("/archive/sign-out")
def sign_out():
    session.clear()
    flash("Signed out.")
    return redirect(url_for("pages.search"))
