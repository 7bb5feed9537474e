"""Security headers on every response (pages, API, errors, static files): what the browser may load and run, and
that no other site may frame the archive area's forms."""

from __future__ import annotations

from flask import Flask, request

# Everything the pages use comes from this site; nothing runs inline, so an injected <script> or onclick= does not run.
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # a search or an unpublished article's address is not told to other sites
    "Cross-Origin-Opener-Policy": "same-origin",
}


def install(app: Flask) -> None:
    @app.after_request
    def secure(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        # signed-in pages, job reports, saved searches and their feeds (the address holds a key) stay out of shared caches
        if request.blueprint in ("auth", "archive", "saved"):
            response.headers["Cache-Control"] = "no-store"
        return response
