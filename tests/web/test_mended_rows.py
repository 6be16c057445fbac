"""A game that holds half a character anyway (a row from before the check at the door, or written by hand)
still renders everywhere, and the migration 0004 mends its rows (issue 24, point 1)."""
from __future__ import annotations

import json

import sqlalchemy as sa
from flask_migrate import downgrade

from companion.storage import database, presence
from companion.storage.models import db
from tests.conftest import csrf_token, make_app
from tests.web.helpers import populate
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
    with app.app_context():  # the devices' presence written now, not by its timer while the rows are compared
        presence.buffer().flush()
    with app.app_context():
        sqlite = db.engine.dialect.name == "sqlite"
    # As a JSON column holds it: an escape (PostgreSQL's json type keeps it as written, too).
    for table, column in (("game", "state"), ("event", "params"), ("event", "label"), ("event", "state_before")):
        changed = (f"replace({column}, 'Miz Maggie', :bad)" if sqlite
                   else f"replace({column}::text, 'Miz Maggie', :bad)::json")
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


JSON_COLUMNS = {"game": ("state",), "event": ("params", "label", "notices", "state_before")}
TEXT_COLUMNS = {"game": ("title",), "event": ("device_label",), "device": ("label",)}
TABLES = {"game": "id", "event": "id", "device": "id", "seat": "game_id, seat_id", "presence": "game_id, device_id"}


def raw_rows(app) -> dict[str, list[dict]]:
    """Every row as the database holds it, read past the app's mending: JSON parsed as it is written."""
    result = {}
    with app.app_context(), db.engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        for table, order in TABLES.items():
            columns = [c["name"] for c in sa.inspect(connection).get_columns(table)]
            chosen = ", ".join(f"CAST({c} AS BLOB)" if sqlite else f"{c}::text" for c in columns)
            rows = connection.exec_driver_sql(f"SELECT {chosen} FROM {table} ORDER BY {order}").all()
            result[table] = [{c: read(table, c, v) for c, v in zip(columns, row)} for row in rows]
    return result


def read(table: str, column: str, value):
    text = value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else value
    return json.loads(text) if text is not None and column in JSON_COLUMNS.get(table, ()) else text


def every_string(data, change):
    if isinstance(data, str):
        return change(data)
    if isinstance(data, dict):
        return {change(k): every_string(v, change) for k, v in data.items()}
    if isinstance(data, list):
        return [every_string(v, change) for v in data]
    return data


def mends_every_row(app, head: str) -> None:
    client = app.test_client()
    populate(app)  # both games with history (an undo among it), seats, devices with labels and presence
    code = mice_game(client, "Tea time")
    token = csrf_token(client, f"/g/{code}")
    client.post("/device", data={"csrf_token": token, "label": "Anna"})
    for version, (action, params) in enumerate([("earn_achievement", {"achievement": "story", "name": "Miz Maggie"}),
                                                ("mark_victory", {}), ("next_chapter", {"replay": "yes"})]):
        assert client.post(f"/api/games/{code}/actions",
                           json={"action": action, "version": version, "params": params}).status_code == 200
    assert client.post(f"/api/games/{code}/undo", json={"version": 3}).status_code == 200
    with app.app_context():  # the devices' presence written now, not by its timer while the rows are compared
        presence.buffer().flush()
    # Each change's moment seat (0005, after the mending) is read back from its state on the way up.
    moment_seats = [row["moment_seat"] for row in raw_rows(app)["event"]]
    assert any(moment_seats)
    with app.app_context():
        downgrade(directory=str(database.MIGRATIONS), revision="0003")
        sqlite = db.engine.dialect.name == "sqlite"
    before = raw_rows(app)
    for table, columns in JSON_COLUMNS.items():  # as JSON's escape, the way the app once stored it
        for column in columns:
            changed = (f"replace({column}, 'Miz Maggie', :bad)" if sqlite
                       else f"replace({column}::text, 'Miz Maggie', :bad)::json")
            put_raw(app, f"UPDATE {table} SET {column} = {changed}", bad="Miz \\ud800")
    put_raw(app, "UPDATE event SET notices = replace(notices, '[]', :bad)" if sqlite else
            "UPDATE event SET notices = replace(notices::text, '[]', :bad)::json",
            bad='[{"msgid": "Tea \\udfff", "params": {}}]')
    expected = {table: [{column: every_string(value, lambda s: s.replace("Miz Maggie", "Miz \ufffd"))
                         if column in JSON_COLUMNS.get(table, ()) else value for column, value in row.items()}
                        for row in rows] for table, rows in before.items()}
    for row in expected["event"]:
        row["notices"] = row["notices"] or [{"msgid": "Tea \ufffd", "params": {}}]
    if sqlite:  # and as the bytes of a surrogate in SQLite's text, written by hand
        for table, columns in TEXT_COLUMNS.items():
            for column in columns:
                put_raw(app, f"UPDATE {table} SET {column} = CAST(replace(CAST({column} AS BLOB), CAST('Ann' AS BLOB), "
                             f":bad) AS TEXT)", bad=b"A\xed\xa0\x80n")
                for row in expected[table]:
                    row[column] = row[column].replace("Ann", "A\ufffdn")
    corrupt = raw_rows(app)
    halves = []
    every_string(corrupt["event"], lambda text: halves.extend(ch for ch in text if "\ud800" <= ch <= "\udfff"))
    assert corrupt != expected and halves
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])  # what bin/serve runs at every start
    assert result.exit_code == 0, result.output
    mended = raw_rows(app)
    assert [row.pop("moment_seat") for row in mended["event"]] == moment_seats
    assert mended == expected
    with app.app_context(), db.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == head
    assert renders(client, code)


def test_the_migration_mends_every_half_character_and_changes_nothing_else_on_sqlite(tmp_path):
    app = make_app(tmp_path / "companion.db")
    mends_every_row(app, "0006")
    assert list((tmp_path / "backups").glob("companion-0003-*.db"))  # the file as it was, kept


def test_the_migration_mends_every_half_character_and_changes_nothing_else_on_postgresql(pg_app):  # noqa: F811
    mends_every_row(pg_app, "0006")
