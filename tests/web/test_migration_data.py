"""Migrations never lose a row: every step down and back up keeps every game, event, seat and device.

On SQLite, Alembic's batch mode rebuilds a table with DROP TABLE; with foreign keys on, dropping `game`
cascaded into every event, seat and presence row. These tests populate a database through the app,
walk the migrations down and up again, and compare every row that the schema still holds.
"""
from __future__ import annotations

import shutil
import sqlite3

import sqlalchemy as sa
from alembic.script import ScriptDirectory
from flask import current_app
from flask_migrate import downgrade, upgrade

from companion.storage import database
from companion.storage.models import db
from tests.conftest import make_app
from tests.web.helpers import populate

BATCH_ALTER_GAME = '''
"""a test migration that rebuilds the game table on SQLite"""
from alembic import op
import sqlalchemy as sa

revision = "9999"
down_revision = "{head}"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game") as batch_op:
        batch_op.alter_column("title", type_=sa.String(100), existing_type=sa.String(80))


def downgrade():
    with op.batch_alter_table("game") as batch_op:
        batch_op.alter_column("title", type_=sa.String(80), existing_type=sa.String(100))
'''


def rows() -> dict[str, set[tuple]]:
    """Every row of every table (but Alembic's own), as {table: {(column, value) pairs}}."""
    inspector = sa.inspect(db.engine)
    result = {}
    with db.engine.connect() as connection:
        for table in inspector.get_table_names():
            if table == "alembic_version":
                continue
            found = connection.execute(sa.text(f'SELECT * FROM "{table}"')).mappings()
            result[table] = {tuple(sorted((k, repr(v)) for k, v in row.items())) for row in found}
    return result


def kept(before: dict[str, set[tuple]], now: dict[str, set[tuple]]) -> dict[str, set[tuple]]:
    """`before` cut down to the tables and columns that `now` has (what a downgrade keeps)."""
    result = {}
    for table, table_rows in now.items():
        columns = {k for row in table_rows for k, _ in row} or None
        if columns is None:  # an empty table: take its columns from the schema
            columns = {c["name"] for c in sa.inspect(db.engine).get_columns(table)}
        result[table] = {tuple(kv for kv in row if kv[0] in columns) for row in before.get(table, set())}
    return result


def revisions_down_to_first() -> list[str]:
    script = ScriptDirectory.from_config(
        current_app.extensions["migrate"].migrate.get_config(str(database.MIGRATIONS)))
    return [rev.revision for rev in script.walk_revisions()]  # head first


def walk_down_and_up(app) -> None:
    populate(app)
    with app.app_context():
        full = rows()
        assert len(full["event"]) >= 5 and full["seat"] and full["presence"] and full["device"]
        # 0005 reads each kept change's moment seat back from its state: a tactic pick has one to lose.
        assert any(("moment_seat", repr(None)) not in row for row in full["event"])
        steps = revisions_down_to_first()
        lowest = full
        for older in steps[1:]:
            downgrade(directory=str(database.MIGRATIONS), revision=older)
            now = rows()
            assert now == kept(full, now), f"rows lost going down to {older}"
            lowest = now
        upgrade(directory=str(database.MIGRATIONS))
        assert kept(rows(), lowest) == lowest, "rows lost going back up"
        assert rows()["event"] == full["event"]


def test_every_migration_down_and_up_keeps_every_row_on_sqlite(tmp_path):
    walk_down_and_up(make_app(tmp_path / "populated.db"))


def test_every_migration_down_and_up_keeps_every_row_on_postgresql(pg_app):  # noqa: F811
    walk_down_and_up(pg_app)


def test_a_migration_that_rebuilds_the_game_table_keeps_its_events(tmp_path):
    app = make_app(tmp_path / "populated.db")
    populate(app)
    migrations = tmp_path / "migrations"
    shutil.copytree(database.MIGRATIONS, migrations)
    with app.app_context():
        head = revisions_down_to_first()[0]
        (migrations / "versions" / "9999_rebuild_game.py").write_text(BATCH_ALTER_GAME.format(head=head))
        before = rows()
        upgrade(directory=str(migrations))
        assert rows() == before
        downgrade(directory=str(migrations), revision=head)
        assert rows() == before
    check = sqlite3.connect(tmp_path / "populated.db")
    assert check.execute("PRAGMA foreign_key_check").fetchall() == []
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_the_app_still_enforces_foreign_keys_after_a_migration(tmp_path):
    app = make_app(tmp_path / "fk.db")
    with app.app_context(), db.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_a_pending_migration_is_preceded_by_a_backup_of_the_sqlite_file(tmp_path):
    app = make_app(tmp_path / "companion.db")
    populate(app)
    with app.app_context():
        older = revisions_down_to_first()[1]
        downgrade(directory=str(database.MIGRATIONS), revision=older)
        before = rows()
    assert not (tmp_path / "backups").exists()  # neither the fresh database nor the downgrade copied it
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])  # what bin/serve runs
    assert result.exit_code == 0, result.output
    [backup] = (tmp_path / "backups").glob("companion-*.db")
    copy = sqlite3.connect(backup)
    assert copy.execute("SELECT version_num FROM alembic_version").fetchone()[0] == older
    assert copy.execute("SELECT count(*) FROM event").fetchone()[0] == len(before["event"])
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert app.test_cli_runner().invoke(args=["db", "upgrade"]).exit_code == 0
    assert len(list((tmp_path / "backups").iterdir())) == 1  # nothing pending: no second copy


def test_0006_gives_a_player_action_kept_before_it_its_players_seat(tmp_path):
    """A Fame change kept before player actions had a seat (0005 set none): after the upgrade another seat's
    phone undoes it through "Undo for …", as it does a change made today."""
    from tests.web.test_act_for_seat import MK3
    app = make_app(tmp_path / "m.db", extra_kinds=("companion.rules.mage_knight",))
    client = app.test_client()
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": MK3}).get_json()["code"]
    assert client.post(f"/api/games/{code}/actions", json={"action": "change_fame", "version": 0,
                                                           "params": {"player": "p2", "delta": 2}}).status_code == 200
    with app.app_context():
        downgrade(directory=str(database.MIGRATIONS), revision="0005")
        with db.engine.begin() as connection:  # as 0005 left it: a player action had no seat
            connection.execute(sa.text("UPDATE event SET moment_seat = NULL WHERE action = 'change_fame'"))
        upgrade(directory=str(database.MIGRATIONS))
        with db.engine.connect() as connection:
            seats = connection.execute(sa.text("SELECT moment_seat FROM event WHERE action = 'change_fame'")).all()
    assert [seat for (seat,) in seats] == ["p2"]
