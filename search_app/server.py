"""The web app under waitress, as `newsarchive serve` runs it: a number of threads, and a gate in front of the app.

waitress reads a request's whole body (into memory, then a temporary file) before the app sees the request, so the
app alone cannot refuse an upload before it is read: a 300 MiB upload from anyone took 300 MiB of /tmp before the
app even looked at it. The gate looks at the headers as soon as they are in: a body larger than ANONYMOUS_BODY from a
client without a signed-in session cookie (checked by its signature, as the app signed it) is refused at once with
a 401, and the connection closed, before any of the body is read. Only the upload form takes bodies that large; the
session row itself is checked by the app, before it reads the form (search_app.auth)."""

from __future__ import annotations

import errno
import ipaddress
import socket
from typing import TYPE_CHECKING

from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import BaseWSGIServer
from waitress.utilities import Error

from indexer.models import InputError
from search_app.auth import holds_session

if TYPE_CHECKING:
    from flask import Flask

ANONYMOUS_BODY = 64 * 1024  # a sign-in form is far smaller; only a signed-in archivist uploads
IDENT = "newsarchive"


class NotSignedIn(Error):
    code = 401
    reason = "Unauthorized"


def make_server(app: Flask, host: str, port: int, threads: int):
    """A waitress server for `app`, listening but not yet answering: `.run()` serves; `.effective_port` is the port
    it listens on (port 0 picks a free one). A port that is taken or not ours is an InputError of one line."""
    servers: dict = {}
    try:
        # waitress drops X-Forwarded-* itself unless told that a proxy sends them; behind one, ProxyFix reads them
        server = create_server(app, map=servers, host=host, port=port, threads=threads, ident=IDENT,
                               clear_untrusted_proxy_headers=not app.config.get("BEHIND_PROXY"))
    except OSError as exc:
        raise InputError(_cannot_listen(exc, host, port)) from None
    channel = _gated_channel(app)
    for each in list(servers.values()):  # one per address the host name has (IPv4 and IPv6 for "localhost")
        if isinstance(each, BaseWSGIServer):
            each.channel_class = channel
    return server


def _cannot_listen(exc: OSError, host: str, port: int) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (f"port {port} on {host} is already in use (by another program, or another newsarchive serve): "
                f"choose another with --port, e.g. --port {port + 1 if port < 65535 else 5000}")
    if exc.errno == errno.EACCES:
        return (f"port {port} on {host} needs administrator rights (ports below 1024 do): choose --port 5000 or "
                "another above 1023, and put a proxy in front for port 80 or 443")
    return f"cannot listen on {host} port {port} ({exc.strerror or exc}): check --host (an address of this machine)"


def served_at(host: str, port: int) -> str:
    """The address of a server listening on `host` and `port`, for its links when no base URL is given: a wildcard
    host (every interface) is named by this machine's name."""
    if host in ("", "0.0.0.0", "::"):
        host = socket.getfqdn()
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:  # a name
        pass
    return f"http://{host}:{port}"


def refusal(app: Flask, headers: dict, chunked: bool) -> Error | None:
    """Why a request whose headers are in must not send its body, or None. `headers` as waitress keeps them
    (upper case, '_' for '-')."""
    try:
        length = int(headers.get("CONTENT_LENGTH") or 0)
    except ValueError:  # waitress refuses it itself
        return None
    if (length <= ANONYMOUS_BODY and not chunked) or holds_session(app, headers.get("COOKIE", "")):
        return None
    return NotSignedIn(f"Sign in first at /archive/sign-in: only a signed-in archivist may send more than "
                       f"{ANONYMOUS_BODY // 1024} KiB (an upload). Nothing was read.")


def _gated_channel(app: Flask) -> type[HTTPChannel]:
    class GatedParser(HTTPRequestParser):
        def __init__(self, adj, channel: GatedChannel):
            super().__init__(adj)
            self.channel = channel

        def received(self, data):
            had_headers = self.headers_finished
            consumed = super().received(data)
            if not had_headers and self.headers_finished and not self.completed:  # the headers are in, a body follows
                refused = refusal(app, self.headers, self.chunked)
                if refused is not None:
                    self.error, self.completed = refused, True
                    self.expect_continue = False  # no "100 Continue": the client need not send the body at all
                    self.channel.refused = True
                    return len(data)  # what came with the headers is dropped, not read as a request of its own
            return consumed

    class GatedChannel(HTTPChannel):
        refused = False  # until the 401 is sent and the connection closed, what arrives is dropped unread

        def parser_class(self, adj) -> GatedParser:  # (waitress calls self.parser_class(self.adj))
            return GatedParser(adj, self)

        def received(self, data):
            return False if self.refused else super().received(data)

    return GatedChannel
