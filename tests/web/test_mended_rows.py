"""A game that holds half a character anyway (a row from before the check at the door, or written by hand)
still renders everywhere, and the migration 0003 mends its rows (issue 24, point 1)."""
from __future__ import annotations

import sqlalchemy as sa

from companion.models import db
from tests.conftest import csrf_token
from tests.web.test_plain_text import mice_game, renders


def put_raw(app, statement: str, **values) -> None:
    """Write into the database by hand, past every check of the app."""
    with app.app_context():
        with db.engine.begin() as connection:
            connection.execute(sa.text(statement), values)


def holds_half_a_character(app, client) -> None:
    code = mice_game(client, "Tea time")
    token = csrf_token(client, f"/g/{code}")
    client.post("/device", data={"csrf_token": token, "label": "Anna"})
    assert client.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": "mouse:lily"}).status_code == 303
    for version, (action, params) in enumerate([("earn_achievement", {"achievement": "story", "name": "Miz Maggie"}),
                                                ("mark_victory", {}), ("next_chapter", {"replay": "yes"})]):
        assert client.post(f"/api/games/{code}/actions",
                           json={"action": action, "version": version, "params": params}).status_code == 200
    assert client.post(f"/api/games/{code}/undo", json={"version": 3}).status_code == 200
    with app.app_context():
        sqlite = db.engine.dialect.name == "sqlite"
    # As a JSON column holds it: an escape (PostgreSQL's json type keeps it as written, too).
    for table, column in (("game", "state"), ("event", "params"), ("event", "label"), ("event", "state_before")):
        changed = f"replace({column}, 'Miz Maggie', :bad)" if sqlite else f"replace({column}::text, 'Miz Maggie', :bad)::json"
        put_raw(app, f"UPDATE {table} SET {column} = {changed}", bad="Miz \\ud800")
    put_raw(app, "UPDATE event SET notices = :bad WHERE seq = 2" if sqlite else
            "UPDATE event SET notices = CAST(:bad AS json) WHERE seq = 2", bad='[{"msgid": "x\\udfff", "params": {}}]')
    if sqlite:  # as text: UTF-8's bytes for a surrogate, which SQLite keeps (PostgreSQL refuses them)
        for table, column in (("game", "title"), ("event", "device_label"), ("device", "label")):
            put_raw(app, f"UPDATE {table} SET {column} = CAST(:bad AS TEXT)", bad=b"Tea \xed\xa0\x80")
    bodies = renders(client, code)
    assert any("Miz \ufffd" in body for body in bodies)
    assert any("Tea \ufffd" in body for body in bodies) == sqlite
    assert all("\ud800" not in body for body in bodies)


def test_a_game_whose_rows_hold_a_lone_surrogate_still_renders_everywhere(client, app):
    holds_half_a_character(app, client)


def test_on_postgresql_a_game_whose_json_holds_a_lone_surrogate_still_renders_everywhere(pg_app):  # noqa: F811
    holds_half_a_character(pg_app, pg_app.test_client())
