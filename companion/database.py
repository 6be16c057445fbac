"""The database: SQLAlchemy on SQLite (WAL, busy timeout) by default, PostgreSQL by DATABASE_URL."""
from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from flask import Flask
from flask_migrate import Migrate

from .models import db

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
migrate = Migrate(directory=str(MIGRATIONS), render_as_batch=True)


def init_app(app: Flask) -> None:
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # A copy: the defaults' dict is shared by every app made in this process.
        options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        options["connect_args"] = {"timeout": 15, **options.get("connect_args", {})}
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options
    db.init_app(app)
    migrate.init_app(app, db)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            sa.event.listen(db.engine, "connect", _sqlite_pragmas)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets live-update readers run while a device writes; NORMAL sync is durable across
    # an app crash (a power cut may lose the last change, never corrupt the file).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def upgrade() -> None:
    """Bring the database schema up to date (fresh or older): Alembic migrations."""
    from flask_migrate import upgrade as alembic_upgrade
    alembic_upgrade(directory=str(MIGRATIONS))
