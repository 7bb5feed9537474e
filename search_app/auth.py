"""Sign-in for the archive area: sessions kept in the archive's SQLite file (the cookie carries only a random token,
so signing out, a new password or a removed account ends them on the server), a CSRF token for every form that
changes something, and a secret key kept in the data folder so cookies survive a restart."""

from __future__ import annotations

import functools
import hmac
import math
import os
import secrets
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
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext
from werkzeug.http import parse_cookie

from search_app.accounts import Accounts, User
from search_app.context import get_service

auth = Blueprint("auth", __name__)
SECRET_FILE = "secret_key"


def secret_key(data_dir: Path | str) -> str:
    """The app's cookie key: created once per archive, readable only by its owner."""
    path = Path(data_dir) / SECRET_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # made before, maybe by another process starting at the same moment
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)
    else:
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return path.read_text().strip()


class _Sessions(SecureCookieSessionInterface):
    """Flask's signed cookie, marked Secure whenever the reader came over HTTPS: directly, through the trusted proxy
    (`serve --behind-proxy`), or at a configured https:// base URL. A browser then never sends it over plain HTTP."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return (super().get_cookie_secure(app) or request.is_secure
                or str(app.config.get("BASE_URL") or "").startswith("https:"))


def holds_session(app: Flask, cookie_header: str) -> bool:
    """Whether a request's Cookie header carries a signed-in session this app signed (checked by its signature
    alone, before the request is read: the session row itself is checked once the app answers it)."""
    value = parse_cookie(cookie_header).get(app.config["SESSION_COOKIE_NAME"])
    serializer = app.session_interface.get_signing_serializer(app) if value else None
    if serializer is None:
        return False
    try:
        data = serializer.loads(value, max_age=int(app.permanent_session_lifetime.total_seconds()))
    except Exception:  # a bad signature, an expired or a mangled cookie: not signed in
        return False
    return isinstance(data, dict) and bool(data.get("sid"))


def install(app: Flask) -> None:
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(app.config["DATA_DIR"])
    app.config.update(SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax")
    app.session_interface = _Sessions()
    app.config.setdefault("SIGN_IN_HOURS", 12)  # a working day; a copied cookie is not a key for ever
    app.config.setdefault("SESSION_IDLE_MINUTES", 120)  # a session left alone for a long lunch ends

    @app.before_request
    def load_user() -> None:
        if request.endpoint == "static":  # a style sheet or script needs no account, nor a store connection
            return
        token = session.get("sid")
        name = _store().session_user(token, *_lifetimes()) if token else None
        g.user = accounts().get(name) if name else None
        if token and g.user is None:  # ended, expired, or the account was removed
            session.pop("sid", None)
        if g.user is None and request.blueprint in ("archive", "saved"):
            return  # the view sends them to sign in, and their upload is never read: the session first, then CSRF
        if request.method == "POST" and request.blueprint in ("auth", "archive", "saved"):
            sent, expected = request.form.get("csrf_token", ""), session.get("csrf_token", "")
            if not sent or not expected or not hmac.compare_digest(sent, expected):
                abort(400, "the form expired or did not come from this site; reload the page and try again")

    @app.context_processor
    def template_globals() -> dict:
        if "csrf_token" not in session:
            session["csrf_token"] = secrets.token_urlsafe(32)
        return {"current_user": g.get("user"), "csrf_token": session["csrf_token"]}

    app.register_blueprint(auth)


def _store():
    return get_service().archive.store


def _lifetimes() -> tuple[float, float]:
    """(idle, absolute) lifetime of a session, in seconds."""
    config = current_app.config
    return config["SESSION_IDLE_MINUTES"] * 60, config["SIGN_IN_HOURS"] * 3600


def accounts() -> Accounts:
    return Accounts(_store())


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
        address = request.remote_addr or "unknown"
        store = _store()
        # the attempt is counted before its password is checked: guesses sent at the same moment take turns here,
        # and only those the wait allows go on (counted afterwards, all of them passed the same check at once)
        remaining = store.sign_in_attempt(name, address, backoff)
        if remaining > 0:
            wait = math.ceil(remaining)
            error = (f"Too many wrong passwords for {name!r} from your address: wait {wait} second(s) and try "
                     "again (each wrong password doubles the wait). Sign-in from other addresses is not slowed; an "
                     "admin's `newsarchive user passwd` clears the wait.")
            return render_template("sign_in.html", error=error, has_users=True), 429, {"Retry-After": str(wait)}
        user = accounts().verify(name, request.form.get("password", ""))
        if user is None:
            store.sign_in_failed(name, address)
        else:
            store.sign_in_succeeded(name, address)
            session.clear()  # nothing from before the sign-in is carried into it (session fixation)
            session["sid"] = store.start_session(user.name, _lifetimes()[1])
            session["csrf_token"] = secrets.token_urlsafe(32)
            return redirect(local_target(request.args.get("next", "")) or url_for("archive.dashboard"))
        error = "Wrong name or password. Accounts are created by an admin with `newsarchive user add NAME`."
    has_users = bool(accounts().all())
    return render_template("sign_in.html", error=error, has_users=has_users), (401 if error else 200)


FREE_FAILURES, MAX_WAIT = 5, 15 * 60


def backoff(failures: int) -> int:
    """Seconds to wait after the last of `failures` wrong passwords in a row for one name from one address: none
    for the first few typos, then 2, 4, 8 … up to 15 minutes. Kept per address, so guessing from one machine cannot
    keep the real owner, signing in from theirs, out."""
    return 0 if failures < FREE_FAILURES else min(MAX_WAIT, 2 ** (failures - FREE_FAILURES + 1))


def local_target(target: str) -> str | None:
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
    if session.get("sid"):
        _store().end_session(session["sid"])  # a copy of the cookie is worth nothing from now on
    session.clear()
    flash(gettext("Signed out."))
    return redirect(url_for("pages.search"))
