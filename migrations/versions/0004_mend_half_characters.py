"""mend text that holds half a character (a lone surrogate)

Before the check at the door (issue 24), JSON's "\\ud800" was stored as it came: in a game's state, an
event's params, label, notices or the state before it. Every page of such a game failed. Each such
character becomes U+FFFD; nothing else of the row changes, and a row without one is not written.
SQLite's text (a game's title, a device's label) may hold UTF-8's bytes for a surrogate, written by hand:
mended the same way. PostgreSQL's text cannot hold them. The SQLite file is copied into backups/ first
(database.backup_before_upgrade); there is no way back but that copy, so the downgrade changes nothing.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 01:10:00

"""
import json

import sqlalchemy as sa
from alembic import op

from companion.storage import mended_text

# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

JSON_COLUMNS = {"game": ("state",), "event": ("params", "label", "notices", "state_before")}
TEXT_COLUMNS = {"game": ("title",), "event": ("device_label",), "device": ("label",)}
ESCAPE = "\\ud"  # JSON's escape of any surrogate starts so (a pair's too: those rows are read, and kept)


def upgrade():
    connection = op.get_bind()
    sqlite = connection.dialect.name == "sqlite"
    for table, columns in JSON_COLUMNS.items():
        for column in columns:
            _mend_json(connection, table, column, sqlite)
    if sqlite:
        for table, columns in TEXT_COLUMNS.items():
            for column in columns:
                _mend_sqlite_text(connection, table, column)


def _mend_json(connection, table: str, column: str, sqlite: bool) -> None:
    # Only rows whose text holds the escape are read (SQLite's LIKE ignores the case of ASCII letters).
    if sqlite:
        found = sa.text(f"SELECT id, CAST({column} AS BLOB) FROM {table} WHERE {column} LIKE :escape")
        pattern = f"%{ESCAPE}%"
    else:
        found = sa.text(f"SELECT id, {column}::text FROM {table} WHERE strpos(lower({column}::text), :escape) > 0")
        pattern = ESCAPE
    mended = []
    for key, raw in connection.execute(found, {"escape": pattern}):
        text = mended_text.decoded(raw) if isinstance(raw, bytes) else raw
        if mended_text.holds_lone_escape(text):
            mended.append({"key": key, "value": json.dumps(mended_text.mended_data(json.loads(text)))})
    value = ":value" if sqlite else "CAST(:value AS json)"
    for row in mended:
        connection.execute(sa.text(f"UPDATE {table} SET {column} = {value} WHERE id = :key"), row)


def _mend_sqlite_text(connection, table: str, column: str) -> None:
    mended = []
    for key, raw in connection.execute(sa.text(f"SELECT id, CAST({column} AS BLOB) FROM {table}")):
        if raw is None:
            continue
        try:
            raw.decode()
        except UnicodeDecodeError:
            mended.append({"key": key, "value": mended_text.decoded(raw)})
    for row in mended:
        connection.execute(sa.text(f"UPDATE {table} SET {column} = :value WHERE id = :key"), row)


def downgrade():
    pass  # the mended characters were half characters: nothing to restore (the backup holds the old file)
