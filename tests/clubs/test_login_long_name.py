"""A login with a user name far longer than any account is refused without a server
error, on PostgreSQL too (axes counts the failure under the name cut to 150)."""

import pytest

pytestmark = pytest.mark.django_db
def test_a_very_long_user_name_is_refused_without_error(client):
    r = client.post("/accounts/login/", {"username": "9" * 400, "password": "x"})
    assert r.status_code in (200, 429)
