import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_is_clean_with_production_settings():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "x" * 30 + "-production-secret-key-for-the-check-0123456789",
        "DJANGO_ALLOWED_HOSTS": "schnapsen.example.org",
    }
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": ""}
    run = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode != 0
    assert "DJANGO_SECRET_KEY" in run.stderr


def test_production_with_redis_uses_it_for_the_cache_and_the_channel_layer():
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "x" * 30 + "-production-secret-key-for-the-check-0123456789",
        "DJANGO_ALLOWED_HOSTS": "schnapsen.example.org",
        "REDIS_URL": "redis://127.0.0.1:6379/6",
    }
    code = (
        "from django.conf import settings;"
        "print(settings.CACHES['default']['BACKEND']);"
        "print(settings.CHANNEL_LAYERS['default']['BACKEND']);"
        "print(settings.TASKS['default']['BACKEND']);"
        "print(settings.CHANNEL_LAYERS['default']['CONFIG']['capacity'] >= 1000)"
    )
    run = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [
        "django.core.cache.backends.redis.RedisCache",
        "channels_redis.core.RedisChannelLayer",
        "django_tasks_db.DatabaseBackend",
        "True",  # room for the pushes of many open pages (tests/test_push.py)
    ]
    check = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_embedded_default_needs_no_server():
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    code = (
        "from django.conf import settings;"
        "print(settings.CACHES['default']['BACKEND']);"
        "print(settings.CHANNEL_LAYERS['default']['BACKEND'])"
    )
    run = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.stdout.split() == [
        "django.core.cache.backends.filebased.FileBasedCache",
        "channels.layers.InMemoryChannelLayer",
    ]
