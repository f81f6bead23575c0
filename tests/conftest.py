import os
import tempfile
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM
# would otherwise refuse to run there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_configure(config):
    """Each test process its own cache directory (parallel runs never share keys), and
    the computer's moves and analyses run at once in the request (Django's immediate
    task backend), as one process; ``tests/live/`` runs the real queue and worker."""
    from django.conf import settings
    from django.core.signals import setting_changed

    if settings.CACHES["default"]["BACKEND"].endswith("FileBasedCache"):
        location = Path(tempfile.gettempdir()) / f"schnapsen-test-cache-{os.getpid()}"
        settings.CACHES["default"]["LOCATION"] = str(location)
    immediate = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    settings.TASKS = immediate
    # the apps' tasks were made (and their backend looked up) when Django set up: tell
    # django.tasks that the setting changed, as override_settings would
    setting_changed.send(sender=None, setting="TASKS", value=immediate, enter=True)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Tests reuse primary keys: no version or page of an earlier test may be served."""
    from django.core.cache import cache

    from games.services.tables import forget_kept

    cache.clear()
    forget_kept()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's language: a request of the test client in another
    one (``Accept-Language: en``) leaves it active in the thread (the locale middleware
    does not deactivate it), and a later test of German texts would read English."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


# Fixtures through which a test reaches the database: pytest-django's, the live
# server's (the browser tests), and the test database itself, which a module's fixture
# requests to build its data once (tests/web/test_no_server_error.py).
DB_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "django_db_setup",
    "live_server",
}


def uses_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DB_FIXTURES.intersection(getattr(item, "fixturenames", ()))
    )


def pytest_collection_modifyitems(config, items):
    from django.db import connection

    if connection.vendor == "postgresql":
        # ./dev.sh test runs the suite on SQLite first; its PostgreSQL run leaves out the
        # tests that touch no database (the engines, the draw, the layouts): they ran.
        if os.environ.get("SCHNAPSEN_DATABASE_TESTS_ONLY") == "1":
            kept, left = [], []
            for item in items:
                (kept if uses_database(item) or "postgres" in item.keywords else left).append(item)
            config.hook.pytest_deselected(items=left)
            items[:] = kept
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (run with DATABASE_URL=postgres://...)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)
