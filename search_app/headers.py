"""Security headers on every response (pages, API, errors, static files): what the browser may load and run, and
that no other site may frame the archive area's forms. And what caches may keep:

- answers that depend on who is signed in (the archive area, sign-in, saved searches and their feeds, whose address
  holds a key; the jobs API) are never stored: `no-store`;
- errors of the API are not stored either (a 429 or a 503 is over in a moment);
- the API's documents (its page and the OpenAPI document) change only with an upgrade: kept for an hour;
- the API's other answers (searches, quotes, articles, exports, stats) are the same for every reader but change
  whenever something is added: `no-cache`, so a cache asks again each time; an unchanged JSON answer then comes back
  as a bodiless 304 (its ETag is the answer's hash). They vary with the reader's language (facet labels are spelled
  for it), from Accept-Language or the language switch's cookie.
"""

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
PRIVATE = ("auth", "archive", "saved")  # blueprints whose answers belong to one user
DOCUMENTS = ("api.index", "api.openapi")
DOCUMENTS_AGE = 3600


def install(app: Flask) -> None:
    @app.after_request
    def secure(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if request.blueprint in PRIVATE:
            response.headers["Cache-Control"] = "no-store"
        elif request.path.startswith("/api/"):
            response.headers["Cache-Control"] = _public_api(response)
        return response


def _public_api(response) -> str:
    if response.status_code >= 400:
        return "no-store"
    if request.endpoint in DOCUMENTS:
        return f"public, max-age={DOCUMENTS_AGE}"
    response.vary.update(("Accept-Language", "Cookie"))
    if not response.is_streamed:  # (an export is streamed: it has no hash before it is sent)
        response.add_etag()
        response.make_conditional(request)
    return "no-cache"
