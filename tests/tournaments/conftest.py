import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # staff users in these tests need no real password hashing
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
