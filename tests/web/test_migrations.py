"""The schema comes from the migrations, and the migrations match the models."""
from __future__ import annotations

import sqlite3

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from companion import create_app
from companion.storage import database
from companion.storage.models import db


def test_migrations_match_the_models(app):
    with app.app_context(), db.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
    assert diff == []


def test_an_old_or_empty_database_is_brought_up_to_date(tmp_path):
    path = tmp_path / "old.db"
    sqlite3.connect(path).close()  # an empty file, as a first run finds it
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "GAME_KINDS": ()})
    with app.app_context():
        database.upgrade()
        database.upgrade()  # running it again changes nothing
    tables = {r[0] for r in sqlite3.connect(path).execute("select name from sqlite_master where type='table'")}
    assert {"game", "event", "device", "presence", "alembic_version"} <= tables
    assert sqlite3.connect(path).execute("pragma journal_mode").fetchone()[0] == "wal"


def test_secret_key_is_generated_once_into_the_instance_folder(tmp_path, monkeypatch):
    from companion import config
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = config.secret_key(str(tmp_path))
    assert len(first) == 64 and config.secret_key(str(tmp_path)) == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
