"""The API documentation (``/api/v1/docs``) works without internet: a venue laptop has
none. Swagger UI's script and style come from the project's static files, not a CDN."""

import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_the_api_docs_load_nothing_from_another_site(client):
    page = client.get("/api/v1/docs")
    assert page.status_code == 200
    html = page.content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assets = [s for s in sources if s.endswith((".js", ".css"))]
    assert assets, html  # Swagger UI's bundle and style
    for source in assets:
        assert not re.match(r"^(https?:)?//", source), f"{source} is loaded from another site"
        path = source.split("?")[0].removeprefix("/static/")
        assert finders.find(path), f"{source} is not among the static files"
