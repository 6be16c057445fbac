"""Devices waiting for their game to move on, one registry per server process.

A change committed by this process wakes its own waiting devices at once (the store's
`changes.committed` signal). Changes made by other processes, or other hosts, arrive through the
database, which stays the only source of truth:
- PostgreSQL: every commit sends a NOTIFY; one connection per process LISTENs and wakes the devices.
- SQLite (one host): `PRAGMA data_version` moves when another connection commits; it costs
  microseconds to ask, so it is asked often, and the games are read only when it moved.
A device takes its place before it reads its game's token, so a change after that read always
finds it waiting. A listener that (re)connects, and every few seconds in any case, reads the waited
games again: a missed notification costs a delay, never a lost change.

Under gunicorn's gevent worker a waiting device is a greenlet (a few KB), never an OS thread.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections import Counter
from contextlib import contextmanager
from typing import Callable, Iterator

import sqlalchemy as sa
from flask import Flask

from .changes import CHANNEL, GONE, game_moved
from .models import Game, db


class TooManyWaiting(Exception):
    """This device or address already holds as many waiting requests as it may (HTTP 429)."""


def _order(token: str) -> tuple[int, int]:
    version, _, seating = token.partition(".")
    return int(version), int(seating or 0)


def newer(token: str, than: str) -> bool:
    """Versions and seating only grow, and a deleted game stays deleted: an older token arriving
    late (a read that began before the change) never wins."""
    if token == than or than == GONE:
        return False
    return token == GONE or _order(token) > _order(than)


def same(token: str, seen: str) -> bool:
    """A script may ask by version alone ("7"); pages ask by the whole token ("7.2")."""
    return (token if "." in seen else token.split(".")[0]) == seen


class _Waited:
    """One game that devices wait on: its latest known token and an event set when it moves."""

    __slots__ = ("token", "count", "moved")

    def __init__(self, token: str):
        self.token, self.count, self.moved = token, 0, threading.Event()


class Watcher:
    def __init__(self, app: Flask):
        self.app = app
        self.poll = app.config["LIVE_POLL_INTERVAL"]
        self.catch_up_every = app.config["LIVE_CATCH_UP_SECONDS"]  # the safety net under notifications
        self.max_per_device = app.config["LIVE_MAX_WAITING_PER_DEVICE"]
        self.max_per_address = app.config["LIVE_MAX_WAITING_PER_ADDRESS"]
        self.lock = threading.Lock()
        self.games: dict[str, _Waited] = {}
        self.per_device: Counter[str] = Counter()
        self.per_address: Counter[str] = Counter()
        self.thread: threading.Thread | None = None
        self.started_in = 0  # the process whose watcher thread runs
        game_moved.connect(self._committed_here, sender=app, weak=False)

    # --- the waiting side ---------------------------------------------------------------------

    @contextmanager
    def waiting(self, code: str, device: str, address: str) -> Iterator[Callable[[str, str, float], str | None]]:
        """Hold a place for a device waiting on `code`; yields wait(seen, current, timeout)."""
        with self.lock:
            if self.per_device[device] >= self.max_per_device or self.per_address[address] >= self.max_per_address:
                raise TooManyWaiting()
            self.per_device[device] += 1
            self.per_address[address] += 1
            entry = self.games.get(code)
            if entry is None:
                entry = self.games[code] = _Waited("0.0")
            entry.count += 1
        self._start()
        try:
            yield lambda seen, current, timeout: self._wait(entry, seen, current, timeout)
        finally:
            with self.lock:
                entry.count -= 1
                if entry.count <= 0 and self.games.get(code) is entry:
                    del self.games[code]
                for counter, key in ((self.per_device, device), (self.per_address, address)):
                    counter[key] -= 1
                    if counter[key] <= 0:
                        del counter[key]

    def _wait(self, entry: _Waited, seen: str, current: str, timeout: float) -> str | None:
        """The game's new token once it differs from `seen`, or None after `timeout` seconds.

        `current` was read from the database after this device's place was taken: any change after
        that read wakes the entry, so nothing can slip between the read and the wait."""
        self._move(entry, current)
        deadline = time.monotonic() + timeout
        while True:
            token = entry.token
            if not same(token, seen):
                return token
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            entry.moved.wait(remaining)

    def _move(self, entry: _Waited, token: str) -> None:
        with self.lock:
            if not newer(token, entry.token):
                return
            entry.token = token
            moved, entry.moved = entry.moved, threading.Event()
        moved.set()

    def publish(self, code: str, token: str) -> None:
        entry = self.games.get(code)
        if entry is not None and newer(token, entry.token):  # most games did not move: no lock for them
            self._move(entry, token)

    def _committed_here(self, _app, code: str, token: str) -> None:
        self.publish(code, token)

    # --- hearing of other processes' changes ------------------------------------------------------

    def _start(self) -> None:
        # Started lazily in each worker process (a thread does not survive a fork), once: a thread is not
        # alive until its start() returns, and under gevent start() lets other devices run meanwhile
        # (asking is_alive() started a watcher per device arriving then: 31 LISTEN connections per process).
        if self.started_in == os.getpid():
            return
        with self.lock:
            if self.started_in == os.getpid():
                return
            self.started_in = os.getpid()
        self.thread = threading.Thread(target=self._run, name="live-watcher", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        url = sa.engine.make_url(self.app.config["SQLALCHEMY_DATABASE_URI"])
        listen = _listen_postgres if url.get_backend_name() == "postgresql" else _watch_sqlite
        while True:
            try:
                listen(self, url)
            except Exception:  # a restarting database: read everything again once it is back
                self.app.logger.exception("live watcher lost the database; retrying")
                time.sleep(1.0)

    def catch_up(self) -> None:
        """Read the tokens of every waited game (one query) and wake the ones that moved."""
        codes = list(self.games)
        if not codes:
            return
        with self.app.app_context():
            try:
                rows = db.session.execute(sa.select(Game.code, Game.version, Game.seating)
                                          .where(Game.code.in_(codes), Game.deleted_at.is_(None))).all()
            finally:
                db.session.remove()
        self.publish_all(codes, {r.code: f"{r.version}.{r.seating}" for r in rows})

    def publish_all(self, codes: list[str], found: dict[str, str]) -> None:
        """`found`: the tokens read of `codes`; a code not found is a deleted game (or one in the bin)."""
        for code in codes:
            self.publish(code, found.get(code, GONE))


def _watch_sqlite(watcher: Watcher, url: sa.engine.URL) -> None:
    if url.database in (None, "", ":memory:"):  # one process: the store's signal is all there is
        return _until_stopped()
    connection = sqlite3.connect(url.database, check_same_thread=False, isolation_level=None)
    try:
        seen_version, caught_up_at, read_before = None, time.monotonic(), {}
        while True:
            time.sleep(watcher.poll)
            if not watcher.games:
                seen_version = None  # nobody waits: nothing to compare against when someone does
                continue
            data_version = connection.execute("PRAGMA data_version").fetchone()[0]
            due = time.monotonic() - caught_up_at >= watcher.catch_up_every
            if data_version != seen_version or due:
                seen_version = data_version
                codes = list(watcher.games)
                read = _sqlite_rows(connection, codes)
                if due:  # every game again now and then, whatever was read before
                    caught_up_at, read_before = time.monotonic(), {}
                # Only the games whose row moved since the last read: under load some process commits every
                # few milliseconds, and each time this runs for every waited game.
                moved = [code for code in codes if read.get(code) != read_before.get(code)]
                read_before = read
                watcher.publish_all(moved, {code: f"{read[code][0]}.{read[code][1]}" for code in moved if code in read})
    finally:
        connection.close()


def _sqlite_rows(connection: sqlite3.Connection, codes: list[str]) -> dict[str, tuple[int, int]]:
    """The waited games' versions and seatings, read on the watcher's own connection: plain sqlite3, one
    statement whatever the number of games (prepared once), without the ORM."""
    return {code: (version, seating) for code, version, seating in connection.execute(
        f"SELECT code, version, seating FROM {Game.__tablename__} WHERE code IN (SELECT value FROM json_each(?)) "
        "AND deleted_at IS NULL",
        (json.dumps(codes),))}


def _listen_postgres(watcher: Watcher, url: sa.engine.URL) -> None:
    import psycopg  # psycopg 3 cooperates with gevent by itself (3.1.14 and later)

    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(f"LISTEN {CHANNEL}")
        watcher.catch_up()  # whatever happened before this connection listened
        while True:
            for note in connection.notifies(timeout=watcher.catch_up_every):
                code, _, token = note.payload.partition(" ")
                watcher.publish(code, token)
            watcher.catch_up()


def _until_stopped() -> None:
    threading.Event().wait()


def init_app(app: Flask) -> None:
    app.extensions["live_watcher"] = Watcher(app)
