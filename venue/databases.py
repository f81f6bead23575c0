"""The settings' database as ``backups.Database``, and what the commands ask of it."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from .backups import Database


def settings_database() -> Database:
    conf = settings.DATABASES["default"]
    engine = conf["ENGINE"]
    if engine.endswith("sqlite3"):
        vendor = "sqlite"
    elif engine.endswith("postgresql"):
        vendor = "postgresql"
    else:
        vendor = engine
    return Database(
        vendor=vendor,
        name=str(conf["NAME"]),
        host=str(conf.get("HOST") or ""),
        port=str(conf.get("PORT") or ""),
        user=str(conf.get("USER") or ""),
        password=str(conf.get("PASSWORD") or ""),
    )


def table_count() -> int:
    """How many tables the database holds (0: new and empty)."""
    if connection.vendor == "sqlite":
        if not Path(settings.DATABASES["default"]["NAME"]).exists():
            return 0
    return len(connection.introspection.table_names())


def applied_migrations() -> dict[str, str]:
    """The last migration applied per app (recorded in a copy's manifest)."""
    last: dict[str, str] = {}
    if MigrationRecorder.Migration._meta.db_table not in connection.introspection.table_names():
        return last
    for app, name in MigrationRecorder.Migration.objects.order_by("id").values_list("app", "name"):
        last[app] = name
    return last


def pending_migrations() -> int:
    executor = MigrationExecutor(connection)
    return len(executor.migration_plan(executor.loader.graph.leaf_nodes()))


def empty_postgres() -> None:
    """Every table of the PostgreSQL database gone (the restore fills it again)."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE")
        cursor.execute("CREATE SCHEMA public")
    connection.close()
