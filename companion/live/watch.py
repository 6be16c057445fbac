"""Devices waiting for their game to move on, one registry per server process.

A change committed by this process wakes its own waiting devices at once (the store's
`changes.committed` signal). On SQLite that is all there is: the server is one process. On PostgreSQL
other processes and hosts commit too, and the database stays the only source of truth: every commit
sends a NOTIFY, and one connection per process LISTENs and wakes the devices. A listener that
(re)connects, and every few seconds in any case, reads the waited games again: a missed notification
costs a delay, never a lost change.
A device takes its place before it reads its game's token, so a change after that read always
finds it waiting.

Under gunicorn's gevent worker a waiting device is a greenlet (a few KB), never an OS thread.
"""
from __future__ import annotations

import os
import threading
import time
from collections import Counter
from contextlib import contextmanager
from collections.abc import Callable, Iterator

import sqlalchemy as sa
from flask import Flask

from ..storage.changes import CHANNEL, GONE, Heard, LiveToken, game_moved, read_token
from ..storage.models import Game, db


class TooManyWaiting(Exception):
    """This device or address already holds as many waiting requests as it may (HTTP 429)."""


def newer(token: Heard, than: Heard) -> bool:
    """Versions and seating only grow, and a deleted game stays deleted: an older token arriving
    late (a read that began before the change) never wins."""
    if isinstance(than, LiveToken) and isinstance(token, LiveToken):
        return token > than
    return than is not GONE and token is GONE


def same(token: Heard, seen: str) -> bool:
    """Whether `token` is what a device says it saw: a script may ask by version alone ("7"), pages ask by
    the whole token ("7.2")."""
    if not isinstance(token, LiveToken):
        return False
    return (str(token) if "." in seen else str(token.version)) == seen


class _Waited:
    """One game that devices wait on: its latest known token and an event set when it moves."""

    __slots__ = ("token", "count", "moved")

    def __init__(self, token: Heard):
        self.token, self.count, self.moved = token, 0, threading.Event()


class Watcher:
    def __init__(self, app: Flask):
        self.app = app
        # Another process's changes are heard only on PostgreSQL: a server on SQLite is one process.
        self.url = sa.engine.make_url(app.config["SQLALCHEMY_DATABASE_URI"])
        self.listens = self.url.get_backend_name() == "postgresql"
        self.catch_up_every = app.config["LIVE_CATCH_UP_SECONDS"]  # the safety net under notifications
        self.max_per_device = app.config["LIVE_MAX_WAITING_PER_DEVICE"]
        self.max_per_address = app.config["LIVE_MAX_WAITING_PER_ADDRESS"]
        self.lock = threading.Lock()
        self.games: dict[str, _Waited] = {}
        self.per_device: Counter[str] = Counter()
        self.per_address: Counter[str] = Counter()
        self.thread: threading.Thread | None = None
        self.started_in = 0  # the process whose watcher thread runs
        self.stopping = threading.Event()
        game_moved.connect(self._committed_here, sender=app, weak=False)

    # --- the waiting side ---------------------------------------------------------------------

    @contextmanager
    def waiting(self, code: str, device: str, address: str) -> Iterator[Callable[[str, Heard, float], Heard | None]]:
        """Hold a place for a device waiting on `code`; yields wait(seen, current, timeout)."""
        with self.lock:
            if self.per_device[device] >= self.max_per_device or self.per_address[address] >= self.max_per_address:
                raise TooManyWaiting()
            self.per_device[device] += 1
            self.per_address[address] += 1
            entry = self.games.get(code)
            if entry is None:
                entry = self.games[code] = _Waited(LiveToken(0, 0))
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

    def _wait(self, entry: _Waited, seen: str, current: Heard, timeout: float) -> Heard | None:
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

    def _move(self, entry: _Waited, token: Heard) -> None:
        with self.lock:
            if not newer(token, entry.token):
                return
            entry.token = token
            moved, entry.moved = entry.moved, threading.Event()
        moved.set()

    def publish(self, code: str, token: Heard) -> None:
        entry = self.games.get(code)
        if entry is not None and newer(token, entry.token):  # most games did not move: no lock for them
            self._move(entry, token)

    def _committed_here(self, _app, code: str, token: Heard) -> None:
        self.publish(code, token)

    # --- hearing of other processes' changes ------------------------------------------------------

    def _start(self) -> None:
        # Started lazily in each worker process (a thread does not survive a fork), once: a thread is not
        # alive until its start() returns, and under gevent start() lets other devices run meanwhile
        # (asking is_alive() started a watcher per device arriving then: 31 LISTEN connections per process).
        if not self.listens or self.started_in == os.getpid():
            return
        with self.lock:
            if self.started_in == os.getpid():
                return
            self.started_in = os.getpid()
        self.thread = threading.Thread(target=self._run, name="live-watcher", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                _listen_postgres(self, self.url)
            except Exception:  # a restarting database: read everything again once it is back
                if self.stopping.is_set():
                    return
                self.app.logger.exception("live watcher lost the database; retrying")
                self.stopping.wait(1.0)

    def stop(self) -> None:
        """Hear no more of other processes' changes: the app is done with its database (a test's app, whose
        database is dropped next). The thread ends at its next notification, catch-up or lost connection."""
        self.stopping.set()

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
        self.publish_all(codes, {r.code: LiveToken(r.version, r.seating) for r in rows})

    def publish_all(self, codes: list[str], found: dict[str, LiveToken]) -> None:
        """`found`: the tokens read of `codes`; a code not found is a deleted game (or one in the bin)."""
        for code in codes:
            self.publish(code, found.get(code, GONE))


def _listen_postgres(watcher: Watcher, url: sa.engine.URL) -> None:
    import psycopg  # psycopg 3 cooperates with gevent by itself (3.1.14 and later)

    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(f"LISTEN {CHANNEL}")
        watcher.catch_up()  # whatever happened before this connection listened
        while not watcher.stopping.is_set():
            for note in connection.notifies(timeout=watcher.catch_up_every):
                code, _, token = note.payload.partition(" ")
                watcher.publish(code, read_token(token))
            watcher.catch_up()


def init_app(app: Flask) -> None:
    app.extensions["live_watcher"] = Watcher(app)
