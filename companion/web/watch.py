"""One watcher per server process: it asks the database, a few times a second and in one query,
for the live tokens of the games that devices are waiting on, and wakes their requests.

Without it every waiting device would query on its own; with it the database load stays the same
whether two devices wait or two hundred. The database stays the only source of truth, so several
server processes each run their own watcher and all see every change.
"""
from __future__ import annotations

import threading
import time
from collections import Counter

import sqlalchemy as sa
from flask import Flask

from ..models import Game, db

GONE = "gone"


class Watcher:
    def __init__(self, app: Flask, interval: float):
        self.app, self.interval = app, interval
        self.changed = threading.Condition()
        self.tokens: dict[str, str] = {}
        self.waiting: Counter[str] = Counter()
        self.thread: threading.Thread | None = None

    def wait(self, code: str, seen: str, current: str, timeout: float) -> str | None:
        """The game's new token once it differs from `seen`, or None after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self.changed:
            self.waiting[code] += 1
            self.tokens.setdefault(code, current)
            self._start()
            try:
                while True:
                    token = self.tokens[code]
                    if not _same(token, seen):
                        return token
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        return None
                    self.changed.wait(remaining)
            finally:
                self.waiting[code] -= 1
                if self.waiting[code] <= 0:
                    del self.waiting[code]
                    self.tokens.pop(code, None)

    def _start(self) -> None:
        # Started lazily in each worker process (a thread does not survive a fork).
        if self.thread is None or not self.thread.is_alive():
            self.thread = threading.Thread(target=self._run, name="live-watcher", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        while True:
            time.sleep(self.interval)
            with self.changed:
                codes = list(self.waiting)
            if not codes:
                continue
            try:
                fresh = self._read(codes)
            except Exception:  # a locked or restarting database: try again on the next tick
                self.app.logger.exception("live watcher could not read the games")
                continue
            with self.changed:
                moved = False
                for code in codes:
                    token = fresh.get(code, GONE)
                    if code in self.tokens and self.tokens[code] != token:
                        self.tokens[code] = token
                        moved = True
                if moved:
                    self.changed.notify_all()

    def _read(self, codes: list[str]) -> dict[str, str]:
        with self.app.app_context():
            try:
                rows = db.session.execute(sa.select(Game.code, Game.version, Game.seating)
                                          .where(Game.code.in_(codes))).all()
            finally:
                db.session.remove()
        return {r.code: f"{r.version}.{r.seating}" for r in rows}


def _same(token: str, seen: str) -> bool:
    """A script may ask by version alone ("7"); pages ask by the whole token ("7.2")."""
    return (token if "." in seen else token.split(".")[0]) == seen


def init_app(app: Flask) -> None:
    app.extensions["live_watcher"] = Watcher(app, app.config["LIVE_POLL_INTERVAL"])
