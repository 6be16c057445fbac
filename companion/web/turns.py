"""A change to a game waits its turn at the game: on PostgreSQL, at most GAME_CONNECTIONS_PER_PROCESS of a
process's requests to one game hold a database connection at once; the others wait here, in order, without
one, at most GAME_WAIT_SECONDS (then Busy: a 503 that says to try again). So a game whose row another
session holds (a peer server frozen mid-change) keeps few of the process's connections, and every other
game finds one in SQLAlchemy's pool (database.py)."""
from __future__ import annotations

import functools
import threading
from collections import deque
from contextlib import contextmanager
from collections.abc import Iterator

import sqlalchemy as sa
from flask import Flask, current_app

from ..storage import store


class FairGate:
    """At most `places` holders at once; the others wait and are let in by arrival (a place given back
    passes straight to the longest waiting, never to a newcomer). Under gevent its lock and events are
    greenlets'."""

    def __init__(self, places: int):
        self._lock = threading.Lock()
        self._free = places
        self._waiting: deque[threading.Event] = deque()

    def enter(self, timeout: float | None) -> bool:
        with self._lock:
            if self._free > 0 and not self._waiting:
                self._free -= 1
                return True
            turn = threading.Event()
            self._waiting.append(turn)
        if turn.wait(timeout):
            return True
        with self._lock:
            if turn.is_set():  # handed its place just as the wait ran out
                return True
            self._waiting.remove(turn)
            return False

    def leave(self) -> None:
        with self._lock:
            if self._waiting:
                self._waiting.popleft().set()  # the place passes on: nobody can take it in between
            else:
                self._free += 1


class Busy(Exception):
    """No place came free in time."""


class FairGates:
    """A FairGate of `places` for each key (a game), made while someone holds or awaits it."""

    def __init__(self, places: int):
        self._places = places
        self._lock = threading.Lock()
        self._gates: dict[str, tuple[FairGate, int]] = {}  # key -> (its gate, requests holding or awaiting it)

    @contextmanager
    def place(self, key: str, timeout: float) -> Iterator[None]:
        """Hold one of `key`'s places (waiting in turn up to `timeout` seconds, else Busy)."""
        with self._lock:
            gate, users = self._gates.get(key) or (FairGate(self._places), 0)
            self._gates[key] = (gate, users + 1)
        try:
            if not gate.enter(timeout):
                raise Busy(key)
            try:
                yield
            finally:
                gate.leave()
        finally:
            with self._lock:
                users = self._gates[key][1] - 1
                if users:
                    self._gates[key] = (gate, users)
                else:
                    del self._gates[key]


def in_turn(view):
    """The view, once this request's turn at the game `code` has come."""
    @functools.wraps(view)
    def taking_turn(*args, **kwargs):
        gates = current_app.extensions.get("game_turns")
        code = kwargs.get("code")
        if gates is None or code is None:
            return view(*args, **kwargs)
        with gates.place(store.normalize_code(code), current_app.config["GAME_WAIT_SECONDS"]):
            return view(*args, **kwargs)
    return taking_turn


def init_app(app: Flask) -> None:
    """PostgreSQL only: on SQLite writers take turns on the process's write lock (database.one_writer)."""
    if sa.engine.make_url(app.config["SQLALCHEMY_DATABASE_URI"]).get_backend_name() == "postgresql":
        app.extensions["game_turns"] = FairGates(app.config["GAME_CONNECTIONS_PER_PROCESS"])
