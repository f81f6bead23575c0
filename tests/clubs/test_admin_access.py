"""The Django admin is for site administrators only: every admin page answers 403 to
club staff of every role (and changes nothing), and works for a superuser."""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs import services
from clubs.models import Role
from tests.tournaments.helpers import make_tournament
from tournaments.models import AuditLog, Tournament

pytestmark = pytest.mark.django_db


def _admin_urls():
    """The index, every app index, and every model's list, add page and one object."""
    urls = [reverse("admin:index")]
    apps = set()
    for model in admin.site._registry:
        meta = model._meta
        apps.add(meta.app_label)
        urls.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        urls.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_add"))
        obj = model._default_manager.first()
        if obj is not None:
            urls.append(
                reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[obj.pk])
            )
    urls += [reverse("admin:app_list", args=[app]) for app in sorted(apps)]
    return urls


def test_every_admin_page_is_refused_to_club_staff(client):
    make_tournament(16, entries=[1] * 16)
    club = Tournament.objects.get().club
    users = []
    for role in Role.values:
        user = get_user_model().objects.create_user(f"rolle-{role}", password="pw", is_staff=True)
        services.grant_role(club, user, role)
        users.append(user)
    urls = _admin_urls()
    assert len(urls) > 20
    before = (AuditLog.objects.count(), Tournament.objects.values_list("name", flat=True)[0])
    for user in users:
        client.force_login(user)
        for url in urls:
            assert client.get(url).status_code == 403, (user, url)
            assert client.post(url, {"name": "Geändert"}).status_code == 403, (user, url)
    assert (AuditLog.objects.count(), Tournament.objects.values_list("name", flat=True)[0]) == before
    client.logout()
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_the_site_administrator_manages_clubs_in_the_admin(client):
    make_tournament(16, entries=[1] * 16)
    root = get_user_model().objects.create_superuser("root", password="pw")
    client.force_login(root)
    for url in _admin_urls():
        assert client.get(url).status_code in (200, 403), url  # 403: read-only records' add
    assert client.get(reverse("admin:clubs_club_changelist")).status_code == 200
    page = client.get(reverse("admin:tournaments_auditlog_changelist")).content.decode()
    assert "role" in page.lower()
