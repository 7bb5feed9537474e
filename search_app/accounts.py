"""Who may add to the archive: archivists and admins, with salted scrypt password hashes in the archive's store
(its `users` table). Searching needs no account; adding articles does."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from werkzeug.security import check_password_hash, generate_password_hash

from indexer.store import Store, now

ROLES = ("admin", "archivist")
MIN_PASSWORD = 10
_NAME = re.compile(r"^[\w.@-]{2,64}$")


@cache
def _dummy_hash() -> str:
    """Checked against when a name is unknown, so a wrong name costs as long as a wrong password (no name probing).
    Made at the first sign-in, not at import: a hash costs 0.2 s, which every server start would pay."""
    return generate_password_hash("not a real password")


class AccountError(ValueError):
    """A user could not be created or changed; the message says what to change."""


@dataclass(frozen=True)
class User:
    name: str
    role: str

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


class Accounts:
    def __init__(self, store: Store):
        self.store = store

    def add(self, name: str, password: str, role: str | None = None) -> User:
        """Create a user. The archive's first user is always an admin, whatever role was asked for."""
        name = name.strip()
        if not _NAME.match(name):
            raise AccountError(f"user name {name!r} is not allowed: use 2–64 letters, digits, '.', '_', '@' or '-'")
        _check_password(password)
        if role is not None and role not in ROLES:
            raise AccountError(f"role {role!r} is unknown: use one of {', '.join(ROLES)}")
        with self.store.transaction() as db:
            if db.execute("SELECT 1 FROM users WHERE name=?", (name,)).fetchone():
                raise AccountError(f"there is already a user called {name!r}")
            first = db.execute("SELECT COUNT(*) FROM users").fetchone()[0] == 0
            role = "admin" if first else (role or "archivist")
            db.execute("INSERT INTO users (name, password_hash, role, created_at) VALUES (?,?,?,?)",
                       (name, generate_password_hash(password), role, now()))
        return User(name, role)

    def set_password(self, name: str, password: str) -> User:
        """A new password ends every session of the user and clears the wait after wrong passwords."""
        _check_password(password)
        with self.store.transaction() as db:
            if not db.execute("UPDATE users SET password_hash=? WHERE name=?",
                              (generate_password_hash(password), name.strip())).rowcount:
                raise AccountError(f"there is no user called {name!r}; `newsarchive user list` shows them")
        self.store.end_sessions(name.strip())
        return self.get(name)

    def remove(self, name: str) -> None:
        """Delete a user; the last admin stays, so someone can always manage the accounts."""
        with self.store.transaction() as db:
            row = db.execute("SELECT role FROM users WHERE name=?", (name.strip(),)).fetchone()
            if row is None:
                raise AccountError(f"there is no user called {name!r}; `newsarchive user list` shows them")
            admins = db.execute("SELECT COUNT(*) FROM users WHERE role='admin'").fetchone()[0]
            if row["role"] == "admin" and admins == 1:
                raise AccountError(f"{name!r} is the only admin; add another admin before removing this one")
            db.execute("DELETE FROM users WHERE name=?", (name.strip(),))
        self.store.end_sessions(name.strip())

    def verify(self, name: str, password: str) -> User | None:
        """The user when name and password match, else None (the same time is spent either way)."""
        row = self.store.db.execute("SELECT name, password_hash, role FROM users WHERE name=?",
                                    (name.strip(),)).fetchone()
        if row is None:
            check_password_hash(_dummy_hash(), password)
            return None
        return _user(row) if check_password_hash(row["password_hash"], password) else None

    def get(self, name: str) -> User | None:
        row = self.store.db.execute("SELECT name, role FROM users WHERE name=?", (name,)).fetchone()
        return _user(row) if row else None

    def all(self) -> list[User]:
        return [User(r["name"], r["role"]) for r in self.store.db.execute("SELECT name, role FROM users ORDER BY name")]


def _user(row) -> User:
    return User(row["name"], row["role"])


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise AccountError(f"the password is too short: use at least {MIN_PASSWORD} characters")
    if password.strip() != password:
        raise AccountError("the password starts or ends with a space, which is easy to mistype; remove it")
