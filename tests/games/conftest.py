import pytest
from django.test import Client
from django.utils import translation


@pytest.fixture(autouse=True)
def _english():
    """The tests read messages in English, whatever the catalogue translates."""
    with translation.override("en"):
        yield


@pytest.fixture
def client():
    return Client(headers={"accept-language": "en"})
