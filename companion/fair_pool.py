"""A connection pool that serves the requests waiting for a connection in the order they came.

SQLAlchemy's QueuePool hands a returned connection to whoever asks next: a request that just arrived
takes it before the one woken for it gets to run. Under gevent, with hundreds of greenlets asking,
some waited until the pool's timeout (PostgreSQL, 250 tables: server times of 5–20 s and
"QueuePool limit … reached" errors, while PostgreSQL itself sat idle waiting for the app). Here a
place is taken in a first-come first-served queue before a connection is, and a connection given
back passes its place straight to the longest waiting request.
"""
from __future__ import annotations

import threading
from collections import deque
from contextlib import contextmanager
from typing import Iterator

from sqlalchemy import exc
from sqlalchemy.pool import ConnectionPoolEntry, QueuePool


class FairGate:
    """At most `places` holders at once; the others wait and are let in by arrival."""

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


class FairQueuePool(QueuePool):
    """QueuePool (pool_size + max_overflow connections) with waiting requests served in order."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        limited = self._max_overflow > -1
        self._gate = FairGate(self._pool.maxsize + self._max_overflow) if limited else None

    def _do_get(self) -> ConnectionPoolEntry:
        if self._gate is None:
            return super()._do_get()
        if not self._gate.enter(self._timeout):
            raise exc.TimeoutError(
                f"QueuePool limit of size {self.size()} overflow {self._max_overflow} reached, "
                f"connection timed out, timeout {self._timeout:.2f}", code="3o7r")
        try:
            return super()._do_get()  # a place held means a connection is free or may be opened
        except BaseException:
            self._gate.leave()
            raise

    def _do_return_conn(self, record: ConnectionPoolEntry) -> None:
        try:
            super()._do_return_conn(record)
        finally:
            if self._gate is not None:
                self._gate.leave()
