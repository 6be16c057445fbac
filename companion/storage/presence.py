"""Which devices look at which game: noted in memory, written in one batch.

Every waiting device re-asks within seconds and every device fetches its panel after each change;
a write per device per request would put hundreds of write transactions a second in the queue in
front of the taps. Each process notes them here (at most once per device and game every few
seconds) and writes them all in one transaction shortly after; whoever reads presence (the roster,
the group screen, recent games) writes what is pending first, so nothing reads stale.
"""
from __future__ import annotations

import threading
from datetime import datetime, timedelta

import sqlalchemy as sa
from flask import Flask, current_app
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from .database import one_writer
from .models import Game, Presence, db, utcnow

REFRESH = timedelta(seconds=10)  # a device's presence is noted again after this long
BATCH = 500  # rows per INSERT: well under SQLite's limit of bound parameters


class PresenceBuffer:
    def __init__(self, app: Flask):
        self.app = app
        self.lock = threading.Lock()
        self.noted: dict[tuple[int, str], datetime] = {}
        self.pending: dict[tuple[int, str], datetime] = {}
        self.timer: threading.Timer | None = None
        self.delay = app.config["PRESENCE_FLUSH_SECONDS"]

    def note(self, game_id: int, device_id: str) -> None:
        now, key = utcnow(), (game_id, device_id)
        with self.lock:
            if now - self.noted.get(key, datetime.min) < REFRESH:
                return
            if len(self.noted) > 20_000:
                self.noted.clear()
            self.noted[key] = self.pending[key] = now
            if self.timer is None:
                self.timer = threading.Timer(self.delay, self._flush_later)
                self.timer.daemon = True
                self.timer.start()

    def _flush_later(self) -> None:
        with self.app.app_context():
            try:
                self.flush()
            finally:
                db.session.remove()

    def flush(self) -> None:
        """Write what is pending (in the current app context), in one transaction."""
        with self.lock:
            rows, self.pending = self.pending, {}
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None
        if not rows:
            return
        try:
            _write(rows)
        except sa.exc.SQLAlchemyError:  # a courtesy, never a failed request: noted again on the next poll
            db.session.rollback()
            self.app.logger.exception("presence could not be written")


def _write(rows: dict[tuple[int, str], datetime]) -> None:
    # One statement, compiled once and run for every row: built with the rows in it, each batch would be
    # compiled anew while holding SQLite's write lock, every tap waiting behind it.
    insert = sqlite_insert if db.session.get_bind().dialect.name == "sqlite" else postgresql_insert
    statement = insert(Presence)
    statement = statement.on_conflict_do_update(index_elements=["game_id", "device_id"],
                                                set_={"last_seen": statement.excluded.last_seen})
    with one_writer():
        # A game whose row another session holds (PostgreSQL) is left out, not waited for: its presence is
        # noted again on a later poll, and the page that asked for this write (another game's) is drawn now.
        games = set(db.session.scalars(sa.select(Game.id).where(Game.id.in_({g for g, _ in rows}))
                                       .with_for_update(key_share=True, skip_locked=True)))
        values = [{"game_id": g, "device_id": d, "last_seen": at} for (g, d), at in rows.items() if g in games]
        for start in range(0, len(values), BATCH):
            db.session.execute(statement, values[start:start + BATCH])
        db.session.commit()


def buffer() -> PresenceBuffer:
    return current_app.extensions["presence"]


def init_app(app: Flask) -> None:
    app.extensions["presence"] = PresenceBuffer(app)
