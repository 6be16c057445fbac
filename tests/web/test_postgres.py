"""DATABASE_URL switches to PostgreSQL: the same migrations, the same pipeline, the same race.

Runs when TEST_POSTGRES_URL points at a server where the role may create databases
(`.ci/run` starts one with bin/postgres-for-tests); REQUIRE_POSTGRES=1 makes its absence a failure.
"""
from __future__ import annotations

import os
import time
from collections import Counter

import pytest
import sqlalchemy as sa

from companion import config, store
from tests.conftest import make_app
from tests.web.race_worker import race

URL = os.environ.get("TEST_POSTGRES_URL", "")


@pytest.fixture
def pg_app(worker_id):
    if not URL:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail("TEST_POSTGRES_URL is not set")
        pytest.skip("no PostgreSQL (set TEST_POSTGRES_URL)")
    name = f"companion_test_{worker_id}"
    admin = sa.create_engine(config.sqlalchemy_url(URL), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    app = make_app(database_url=config.sqlalchemy_url(URL.rsplit("/", 1)[0] + "/" + name))
    yield app
    with app.app_context():
        store.db.engine.dispose()


def test_postgres_migrations_pipeline_undo_and_race(pg_app):
    client = pg_app.test_client()
    code = client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
    act = lambda version, n: client.post(f"/api/games/{code}/actions",
                                         json={"action": "add", "version": version, "params": {"n": n}})
    assert act(0, 2).status_code == 200
    assert act(0, 2).status_code == 409
    assert act(1, -9).status_code == 422
    assert client.post(f"/api/games/{code}/undo", json={"version": 1}).get_json()["state"]["count"] == 1
    statuses = race(pg_app, code, 2, 12, time.time() + 0.3)
    assert Counter(statuses) == {200: 1, 409: 11}
    game = client.get(f"/api/games/{code}").get_json()
    assert (game["version"], game["state"]["count"]) == (3, 2)
    assert len(client.get(f"/api/games/{code}/events").get_json()) == 3
    exported = client.get(f"/api/games/{code}/export").get_json()
    assert client.post("/api/import", json=exported).status_code == 201
