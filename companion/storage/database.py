"""The database: SQLAlchemy on SQLite (WAL, busy timeout) by default, PostgreSQL by DATABASE_URL."""
from __future__ import annotations

import sqlite3
import sys
import threading
from contextlib import contextmanager, nullcontext
from datetime import datetime, UTC
from pathlib import Path
from contextlib import AbstractContextManager as ContextManager
from collections.abc import Iterator

import sqlalchemy as sa
from alembic.migration import MigrationContext
from flask import Flask, current_app
from flask_migrate import Migrate

from . import mended_text
from .models import db

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
migrate = Migrate(directory=str(MIGRATIONS), render_as_batch=True)


def cooperative() -> bool:
    """Served by gevent (gunicorn's gevent worker patched the standard library)."""
    gevent_monkey = sys.modules.get("gevent.monkey")
    return bool(gevent_monkey and gevent_monkey.is_module_patched("threading"))


def one_writer() -> ContextManager:
    """Hold this around a write transaction (from its first write to its commit).

    SQLite lets one connection write at a time; another waits in its busy handler, which sleeps in C: under
    gevent the whole process, the writer it waits for included, would stand still. So the process's writers
    take turns on a lock (a greenlet's under gevent) and meet SQLite only when it is free. Reentrant: a
    change that calls another write helper holds it once. PostgreSQL needs none."""
    writer = current_app.extensions.get("sqlite_writer")
    return writer if writer is not None else nullcontext()


def init_app(app: Flask) -> None:
    url = sa.engine.make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() == "sqlite":
        app.extensions["sqlite_writer"] = threading.RLock()  # made in the worker, after gevent patched threading
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # A copy: the defaults' dict is shared by every app made in this process.
        options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        options["connect_args"] = {"timeout": 15, **options.get("connect_args", {})}
        # A request holds its connection until it has rendered; with a server thread per waiting
        # device, SQLAlchemy's default pool (5 + 10) made requests queue for one. SQLite connections
        # are cheap file handles: keep some, open more when needed.
        options.setdefault("pool_size", 16)
        options.setdefault("max_overflow", 512)
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options
    elif url.get_backend_name() == "postgresql":
        # Few connections: each one is a PostgreSQL process wanting a core, and on a small machine more of
        # them only queue for the cores, slower for all. Requests hold one only to read or write, never to
        # render; a change first waits its turn at its game (web/turns.py), then at most GAME_WAIT_SECONDS
        # for a connection from SQLAlchemy's QueuePool (then 503 with Retry-After).
        options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        options.setdefault("pool_size", app.config["DATABASE_POOL_SIZE"])
        options.setdefault("max_overflow", app.config["DATABASE_POOL_OVERFLOW"])
        options.setdefault("pool_timeout", app.config["GAME_WAIT_SECONDS"])
        options["connect_args"] = {**options.get("connect_args", {}),
                                   "options": _bounded_waits(app, url.query.get("options", ""))}
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options
    # A JSON column read back: half a character that an old row holds is mended (see mended_text.py).
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    options.setdefault("json_deserializer", mended_text.loads)
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options
    db.init_app(app)
    migrate.init_app(app, db)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            sa.event.listen(db.engine, "connect", _sqlite_pragmas)


def _bounded_waits(app: Flask, options: str | tuple) -> str:
    """PostgreSQL: no statement waits on a lock longer than GAME_WAIT_SECONDS, and none runs longer than
    DATABASE_STATEMENT_SECONDS (set as the connection opens: no round trip). Then it fails, and what it
    began is rolled back."""
    given = " ".join(options) if isinstance(options, tuple) else options
    lock_ms = round(app.config["GAME_WAIT_SECONDS"] * 1000)
    statement_ms = round(app.config["DATABASE_STATEMENT_SECONDS"] * 1000)
    return f"{given} -c lock_timeout={lock_ms} -c statement_timeout={statement_ms}".strip()


# PostgreSQL's SQLSTATEs for a wait that ran out (a lock, a statement) or a deadlock: another try may pass.
_BUSY_STATES = {"55P03", "57014", "40P01", "40001"}
# A database that cannot serve now: its connection (08), its resources (53: a full disk), shut down or
# restarting (57P01-57P03), its own I/O (58).
_DOWN_CLASSES = ("08", "53", "57P0", "58")
# SQLite's: a full disk, an I/O error, a file it cannot open, no memory; busy and locked beyond the timeout.
_SQLITE_DOWN = ("SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_NOMEM")
_SQLITE_BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")


def busy(error: BaseException) -> bool:
    """The database refused to wait any longer (for a lock, a statement, a pooled connection): the same
    request a little later may pass. Nothing it began was kept."""
    if isinstance(error, sa.exc.TimeoutError):  # no pooled connection came free in time
        return True
    orig = getattr(error, "orig", None)
    return (getattr(orig, "sqlstate", None) in _BUSY_STATES
            or str(getattr(orig, "sqlite_errorname", "")).startswith(_SQLITE_BUSY))


def unavailable(error: BaseException) -> bool:
    """The database cannot serve now (down, restarting, out of disk, failing I/O): nothing was changed, and
    waiting is what helps."""
    if not isinstance(error, sa.exc.OperationalError):
        return False
    orig = error.orig
    if isinstance(orig, sqlite3.Error):
        return str(getattr(orig, "sqlite_errorname", "")).startswith(_SQLITE_DOWN)
    state = getattr(orig, "sqlstate", None)
    return state is None or state.startswith(_DOWN_CLASSES)  # None: no server answered at all


def warm_up(app: Flask) -> None:
    """PostgreSQL: open the process's pool of connections before the first request needs one.

    A new connection is a new PostgreSQL process, which reads the tables' definitions from its catalog
    the first time a statement touches them: tens of milliseconds on a busy machine. Opened lazily,
    that landed on the first taps after a server started, and on each tap that found the pool short
    of a connection (a server's slowest actions were these). A statement that finds no row plans the
    tables an action reads and writes, with their indexes, as the action will."""
    from .models import Event, Game, Seat
    with app.app_context():
        engine = db.engine
        if engine.dialect.name != "postgresql":
            return  # SQLite's connections are file handles
        probe = sa.union_all(*(sa.select(sa.literal(1)).where(column == -1)
                               for column in (Game.id, Event.game_id, Seat.game_id)))
        assert isinstance(engine.pool, sa.pool.QueuePool)  # init_app's pool_size: SQLAlchemy's default pool
        opened = [engine.connect() for _ in range(engine.pool.size())]
        try:
            for connection in opened:
                connection.execute(probe)
                connection.rollback()
        finally:
            for connection in opened:
                connection.close()  # back to the pool, open


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    # WAL lets live-update readers run while a device writes; FULL syncs the log at every commit, so
    # an answered change survives a power cut, not only a crash (tests/web/test_power_cut.py).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
    # SQLite keeps whatever bytes a text was given; sqlite3 fails the whole query on any that are not UTF-8.
    dbapi_connection.text_factory = mended_text.decoded


@contextmanager
def foreign_keys_off(connection: sa.Connection) -> Iterator[None]:
    """SQLite foreign keys off on this connection (a migration's), then every reference checked.

    The pragma only takes effect outside a transaction, so it is set before the migration's
    transaction begins; it is set back before the pooled connection serves the app again."""
    connection.rollback()  # end any read transaction first, or the pragma is silently ignored
    connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
    connection.commit()
    try:
        yield
        broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise RuntimeError(f"the migration left rows pointing nowhere: {broken[:5]}")
    finally:
        connection.rollback()
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")
        connection.commit()


def backup_before_upgrade(connection: sa.Connection, script) -> Path | None:
    """A copy of the SQLite file in backups/ beside it, when a migration is about to change it.

    Only a database that has been migrated before and is behind the newest migration is copied
    (a fresh database has nothing to lose). SQLite's online backup API copies a consistent snapshot
    even while the file is in WAL mode. Returns the copy's path."""
    path = connection.engine.url.database
    if not path or path == ":memory:" or not sa.inspect(connection).has_table("alembic_version"):
        return None
    current = set(MigrationContext.configure(connection).get_current_heads())
    if current == set(script.get_heads()):
        return None
    connection.rollback()  # the inspection's read transaction would hold back the backup's snapshot
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    name = f"{Path(path).stem}-{'-'.join(sorted(current))}-{stamp}.db"
    target = Path(path).resolve().parent / "backups" / name
    target.parent.mkdir(parents=True, exist_ok=True)
    source, copy = sqlite3.connect(path), sqlite3.connect(target)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
    finally:
        copy.close()
        source.close()
    return target


def upgrade() -> None:
    """Bring the database schema up to date (fresh or older): Alembic migrations."""
    from flask_migrate import upgrade as alembic_upgrade
    alembic_upgrade(directory=str(MIGRATIONS))
