"""A fresh PostgreSQL database for a benchmark: the one the URL names, dropped and
created again (its other connections closed first)."""

from __future__ import annotations


def fresh_database(url: str) -> None:
    import dj_database_url
    import psycopg

    cfg = dj_database_url.parse(url)
    with psycopg.connect(
        host=cfg["HOST"],
        port=cfg["PORT"] or 5432,
        user=cfg["USER"],
        password=cfg["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{cfg["NAME"]}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{cfg["NAME"]}"')
