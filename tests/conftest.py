"""Fixtures: an app on a fresh SQLite file per test (schema by the real migrations), a client; the same on
a fresh PostgreSQL database when TEST_POSTGRES_URL names a server (`.ci/run` starts one with
bin/postgres-for-tests; REQUIRE_POSTGRES=1 makes its absence a failure)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from jinja2 import ChoiceLoader, FileSystemLoader

from build_steps import bundles
from companion import config, create_app
from companion.storage import database, store

TESTS = Path(__file__).resolve().parent


def pytest_sessionstart(session):
    """The pages load our scripts and styles as bin/setup minified them into static/vendor/: a source edited
    since is built again, so that the tests run what the sources say."""
    if bundles.stale():
        bundles.write()


APPS: list = []  # every app this process made: their live watchers stop before a test's database is dropped


def make_app(db_path: Path | None = None, database_url: str | None = None, upgrade: bool = True, **overrides):
    """The app on a SQLite file (or any database URL), schema brought up by the migrations."""
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": database_url or f"sqlite:///{db_path}",
        # The test kind beside the real games (extra_kinds kept for callers that name them).
        "GAME_KINDS": ("tests.kinds.counter", "companion.rules.mage_knight", "companion.rules.mice_mystics",
                       *overrides.pop("extra_kinds", ())),
        "LIVE_WAIT_SECONDS": 2.0,
        "PUBLIC_URL": "http://192.0.2.10:5000",
        # Tests make many games from one address; tests/web/test_guessers.py turns the limits on.
        "RATELIMIT_ENABLED": False,
        **overrides,
    }
    app = create_app(config)
    if app.extensions["live_watcher"].listens:
        APPS.append(app)
    app.jinja_loader = ChoiceLoader([app.jinja_loader, FileSystemLoader(str(TESTS / "templates"))])
    if upgrade:
        with app.app_context():
            database.upgrade()
    return app


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path / "test.db")


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(client, path: str = "/") -> str:
    """The token a real page would carry in its forms."""
    html = client.get(path).get_data(as_text=True)
    match = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert match, "page has no CSRF token"
    return match.group(1)


POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "")


@pytest.fixture
def pg_url(worker_id):
    """A fresh, empty database on the test server: its postgresql:// URL; dropped after the test.

    Named after this process too: another test run on the same server (a second checkout, CI beside it)
    never drops it from under this one."""
    if not POSTGRES_URL:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail("TEST_POSTGRES_URL is not set")
        pytest.skip("no PostgreSQL (set TEST_POSTGRES_URL)")
    name = f"companion_test_{worker_id}_{os.getpid()}"
    admin = sa.create_engine(config.sqlalchemy_url(POSTGRES_URL), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield POSTGRES_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        for made in APPS:  # no watcher left asking for the database, nor finding the next test's of its name
            made.extensions["live_watcher"].stop()
        APPS.clear()
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def pg_app(pg_url):
    app = make_app(database_url=config.sqlalchemy_url(pg_url))
    yield app
    with app.app_context():
        store.db.engine.dispose()
