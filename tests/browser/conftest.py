"""Playwright fixtures for browser tests (sync API, Debian's Chromium).

Reuse them in any browser test:

    pytestmark = pytest.mark.browser

    def test_something(page, live_server, staff_login):
        staff_login(page)                      # logs in as staff user "staff"
        page.goto(live_server.url + "/staff/")

``browser`` is one Chromium per session; ``page`` is a fresh context (German,
phone-sized with ``phone_page``) per test. Without ``/usr/bin/chromium`` the
tests are skipped with the reason, except when ``CI=true``, where they fail.
"""

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
STAFF_USER = "staff"
STAFF_PASSWORD = "staff-pw-1234"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def playwright():
    """Playwright, started once per process: a second ``sync_playwright`` while one runs
    is refused (its event loop is running), so a test that needs its own Chromium (with
    other arguments: a fake camera) launches it from this one."""
    if not Path(CHROMIUM).exists():
        message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(message + "; CI needs the browser tests.")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright):
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="de-AT", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(
        locale="de-AT",
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def staff_user(transactional_db, django_user_model):
    return django_user_model.objects.create_user(
        STAFF_USER, password=STAFF_PASSWORD, is_staff=True, is_superuser=True
    )


@pytest.fixture
def staff_login(live_server, staff_user):
    """Log a page in through the login form; returns the page."""

    def login(page):
        page.goto(live_server.url + "/accounts/login/")
        page.fill("#id_username", STAFF_USER)
        page.fill("#id_password", STAFF_PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(live_server.url + "/staff/")
        return page

    return login
