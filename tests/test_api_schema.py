"""The whole JSON API against its own OpenAPI document, by property-based testing (schemathesis): requests made
from the document's parameters, valid and not, sent to a real server on 127.0.0.1, must never get a 5xx nor an
answer the document does not describe (status, content type, JSON shape)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from test_app import data_dir  # noqa: F401  (the same small archive as the API tests)
from test_security_sessions import _sign_in
from web_server import served

from indexer.archive import Archive
from search_app.accounts import Accounts
from search_app.openapi import openapi_document

schemathesis = pytest.importorskip("schemathesis")

PASSWORD = "schema-checker-at-night"


@pytest.fixture(scope="module")
def server(data_dir):  # noqa: F811
    with Archive(data_dir) as archive:
        Accounts(archive.store).add("editor", PASSWORD)
    with served(data_dir) as base:
        yield base


@pytest.fixture(scope="module")
def cookie(server):
    """Signed in, so the jobs endpoints answer more than 401."""
    return _sign_in(server, "editor", PASSWORD)


# Every check, the one of requests the document allows among them: such a request may still be refused with a
# documented 400 that says why (a query of operators only, one that would cost more than a search may), or a 429
# (costly searches are running), which no JSON schema of a string can foresee; never with anything else.
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "404", "429"]}}})
# The document as the server serves it (it is built without a request); the server it describes is started below.
schema = schemathesis.openapi.from_dict(openapi_document(), config=CONFIG)


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_the_api_answers_as_its_openapi_document_says(case, server, cookie):
    case.call_and_validate(base_url=server, headers={"Cookie": cookie})


def test_the_document_tested_is_the_one_served(server):
    import json
    import urllib.request

    with urllib.request.urlopen(server + "/api/openapi.json", timeout=30) as r:
        assert json.load(r) == openapi_document()
