"""Schema-driven tests of the open API against its own OpenAPI schema (schemathesis):
for every operation, generated requests get no server error and every response (its
status, headers, content type and body) matches the schema. Generated ids are mapped onto
real tournaments, rounds, pairings and series half the time, so the rich answers are
checked too; the write endpoint gets a real token half the time."""

from __future__ import annotations

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings

from api.tokens import create_token
from tests.api import world as worlds
from tournaments.models import Pairing

app = get_wsgi_application()
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


@pytest.fixture
def in_process():
    """The WSGI app on the test's database connection: like Django's test client, the
    requests must not close it (``close_old_connections``) at their end."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(db, in_process):
    w = worlds.build()
    _token, w["secret"] = create_token(w["club"], "table", "Schema-Test")
    w["tournament_ids"] = [w[k].pk for k in ("running", "finished", "knockout", "hidden")]
    w["pairing_ids"] = list(Pairing.objects.values_list("pk", flat=True))
    return w


def _real(value, choices):
    """A generated id mapped onto a real one (for even values), else as generated."""
    if isinstance(value, int) and value % 2 == 0 and choices:
        return choices[value // 2 % len(choices)]
    return value


@schema.parametrize()
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_every_operation_matches_the_schema(case, world):
    params = case.path_parameters or {}
    if "tournament_id" in params:
        params["tournament_id"] = _real(params["tournament_id"], world["tournament_ids"])
    if "series_id" in params:
        params["series_id"] = _real(params["series_id"], [world["series"].pk])
    if "pairing_id" in params:
        params["pairing_id"] = _real(params["pairing_id"], world["pairing_ids"])
    if "number" in params and isinstance(params["number"], int) and params["number"] % 2 == 0:
        params["number"] = 1 + params["number"] // 2 % 2
    headers = {"Host": "testserver"}
    if case.method == "POST" and len(str(case.body)) % 2 == 0:
        headers["Authorization"] = f"Bearer {world['secret']}"
    case.call_and_validate(headers=headers)
