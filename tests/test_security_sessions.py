"""Sessions end on the server: a cookie copied before sign-out, a new password or a removed account is worth
nothing afterwards, and no session outlives its idle and absolute lifetimes. Wrong passwords slow down guessing
from one address without keeping the real owner out."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from conftest import run_cli
from web_server import served

from indexer.archive import Archive
from search_app import create_app
from search_app.accounts import Accounts

PASSWORD = "lighthouse-keeper-of-the-north"
NEW_PASSWORD = "a second lighthouse, further south"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def _call(url: str, cookie: str = "", form: dict | None = None) -> tuple[int, dict, str]:
    """One request as a browser would send it, the cookie given by hand (so a copy of it can be replayed)."""
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(url, data=data, headers={"Cookie": cookie} if cookie else {})
    try:
        with _opener.open(request, timeout=30) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as r:
        return r.code, dict(r.headers), r.read().decode()


def _cookie(headers: dict, old: str = "") -> str:
    found = re.match(r"(session=[^;]*)", headers.get("Set-Cookie", ""))
    return found.group(1) if found else old


def _token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def _sign_in(base: str, name: str = "editor", password: str = PASSWORD) -> str:
    """The session cookie of a fresh sign-in."""
    _, headers, html = _call(base + "/archive/sign-in")
    cookie = _cookie(headers)
    status, headers, _ = _call(base + "/archive/sign-in", cookie,
                               {"name": name, "password": password, "csrf_token": _token(html)})
    assert status == 302, "the sign-in was refused"
    return _cookie(headers, cookie)


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    data = tmp_path_factory.mktemp("sessions") / "data"
    with Archive(data) as archive:
        accounts = Accounts(archive.store)
        accounts.add("chief", PASSWORD)
        accounts.add("editor", PASSWORD)
    return data


@pytest.fixture(scope="module")
def server(data):
    with served(data) as base:
        yield base


def test_a_cookie_copied_before_sign_out_is_refused_afterwards(server):
    cookie = _sign_in(server)
    copied = cookie
    assert _call(server + "/api/jobs", cookie)[0] == 200
    _, _, page = _call(server + "/archive", cookie)
    status, headers, _ = _call(server + "/archive/sign-out", cookie, {"csrf_token": _token(page)})
    assert status == 302
    status, _, body = _call(server + "/api/jobs", copied)
    assert status == 401 and "sign in first" in body
    status, headers, _ = _call(server + "/archive", copied)
    assert status == 302 and "/archive/sign-in" in headers["Location"]


def test_signing_out_ends_that_session_only(server):
    laptop, phone = _sign_in(server), _sign_in(server)
    _, _, page = _call(server + "/archive", laptop)
    _call(server + "/archive/sign-out", laptop, {"csrf_token": _token(page)})
    assert _call(server + "/api/jobs", laptop)[0] == 401
    assert _call(server + "/api/jobs", phone)[0] == 200, "the user's other session goes on"


def test_user_passwd_ends_every_session_of_that_user_at_once(server, data):
    first, second = _sign_in(server), _sign_in(server)
    others = _sign_in(server, "chief")
    changed = run_cli("user", "passwd", "--data", str(data), "editor", "--password-stdin",
                      input_text=NEW_PASSWORD + "\n")
    assert changed.returncode == 0, changed.stderr
    assert _call(server + "/api/jobs", first)[0] == 401
    assert _call(server + "/api/jobs", second)[0] == 401
    assert _call(server + "/api/jobs", others)[0] == 200, "another user's session is not touched"
    assert _call(server + "/api/jobs", _sign_in(server, password=NEW_PASSWORD))[0] == 200
    run_cli("user", "passwd", "--data", str(data), "editor", "--password-stdin", input_text=PASSWORD + "\n",
            check=True)


def test_user_remove_ends_the_sessions_of_that_user(server, data):
    with Archive(data) as archive:
        Accounts(archive.store).add("intern", PASSWORD)
    cookie = _sign_in(server, "intern")
    assert _call(server + "/api/jobs", cookie)[0] == 200
    assert run_cli("user", "remove", "--data", str(data), "intern").returncode == 0
    assert _call(server + "/api/jobs", cookie)[0] == 401
    with Archive(data) as archive:  # the same name, created again, does not bring the old sessions back
        Accounts(archive.store).add("intern", PASSWORD)
    assert _call(server + "/api/jobs", cookie)[0] == 401


@pytest.mark.parametrize("column, hours", [("seen", 2.5), ("started", 13)])
def test_a_session_ends_after_its_idle_and_its_absolute_lifetime(server, data, column, hours):
    """Idle for longer than 2 hours, or signed in for longer than 12 (a working day), however busy."""
    cookie = _sign_in(server)
    assert _call(server + "/api/jobs", cookie)[0] == 200
    with Archive(data) as archive, archive.store.transaction() as db:  # the clock moves on for this session
        db.execute(f"UPDATE sessions SET {column} = {column} - ?", (hours * 3600,))
    status, _, body = _call(server + "/api/jobs", cookie)
    assert status == 401 and "sign in first" in body


def test_the_cookie_holds_no_user_name_and_the_store_no_usable_token(server, data):
    cookie = _sign_in(server, "chief")
    with Archive(data) as archive:
        stored = [r[0] for r in archive.store.db.execute("SELECT token_hash FROM sessions")]
    value = cookie.split("=", 1)[1]
    assert stored and not any(token in value for token in stored), "a copy of the file gives no live session"


# -- throttling -------------------------------------------------------------------------------------------------

def _client(data, address: str):
    client = create_app(data, TESTING=True).test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _try(client, name: str, password: str):
    token = _token(client.get("/archive/sign-in").get_data(as_text=True))
    return client.post("/archive/sign-in", data={"name": name, "password": password, "csrf_token": token})


@pytest.fixture
def fresh(tmp_path):
    data = tmp_path / "data"
    with Archive(data) as archive:
        Accounts(archive.store).add("chief", PASSWORD)
    return data


def test_guessing_from_one_address_cannot_keep_the_owner_out(fresh):
    attacker = _client(fresh, "203.0.113.66")
    for _ in range(5):
        assert _try(attacker, "chief", "is it this one?").status_code == 401
    slowed = _try(attacker, "chief", PASSWORD)
    assert slowed.status_code == 429, "guessing from that address now waits, even with the right password"
    text = slowed.get_data(as_text=True)
    assert "wait 2 second(s)" in text and "other addresses is not slowed" in text
    assert int(slowed.headers["Retry-After"]) == 2
    owner = _client(fresh, "198.51.100.7")
    assert _try(owner, "chief", PASSWORD).status_code == 302, "the owner, from their own address, signs in"


def test_each_wrong_password_doubles_the_wait(fresh):
    attacker = _client(fresh, "203.0.113.66")
    waits = []
    for _ in range(5):
        _try(attacker, "chief", "wrong again, sadly")
    with Archive(fresh) as archive:
        for _ in range(4):
            with archive.store.transaction() as db:  # the wait has passed
                db.execute("UPDATE sign_in_failures SET last = last - 3600")
            assert _try(attacker, "chief", "wrong again, sadly").status_code == 401
            waits.append(int(_try(attacker, "chief", "wrong again, sadly").headers["Retry-After"]))
    assert waits == [4, 8, 16, 32]


def test_a_new_password_clears_the_wait(fresh):
    attacker = _client(fresh, "203.0.113.66")
    for _ in range(8):
        _try(attacker, "chief", "not the password")
    assert _try(attacker, "chief", PASSWORD).status_code == 429
    run_cli("user", "passwd", "--data", str(fresh), "chief", "--password-stdin", input_text=NEW_PASSWORD + "\n",
            check=True)
    assert _try(attacker, "chief", NEW_PASSWORD).status_code == 302, "as the sign-in message advises"


def test_a_right_password_clears_the_count_of_typos(fresh):
    owner = _client(fresh, "198.51.100.7")
    for _ in range(4):
        assert _try(owner, "chief", "typo typo typo").status_code == 401
    assert _try(owner, "chief", PASSWORD).status_code == 302
    for _ in range(4):
        assert _try(owner, "chief", "typo typo typo").status_code == 401, "four typos again are free"
