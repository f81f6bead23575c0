import pytest
from django.contrib.auth import get_user_model

from tests.roles import grant


@pytest.fixture
def staff_client(client, db):
    """A client logged in as an organiser of the default club."""
    client.force_login(grant(get_user_model().objects.create_user("anna", password="pw-anna-1")))
    return client
