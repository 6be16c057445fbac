"""How a committed change reaches the devices waiting on its game.

The store calls `within(code, token)` inside the write transaction and `committed(code, token)` after
the commit. On PostgreSQL the first sends a NOTIFY, which the database delivers to every listening
process (on every host) only if the transaction commits. The second wakes this process's own waiting
devices at once, through a signal that the live watcher listens to (the store knows nothing of it).
"""
from __future__ import annotations

from typing import NamedTuple

import sqlalchemy as sa
from blinker import Namespace
from flask import current_app

from .models import db

CHANNEL = "game_changes"


class LiveToken(NamedTuple):
    """What a device last saw of a game: its version and its seating (both change what a screen shows).
    Both only grow, so tokens order as the game moved on. Written "7.2" in live requests, stream events and
    notifications."""

    version: int
    seating: int = 0

    def __str__(self) -> str:
        return f"{self.version}.{self.seating}"


class Gone:
    """The token of a deleted game: it follows every other and is the last."""

    def __str__(self) -> str:
        return "gone"


GONE = Gone()
Heard = LiveToken | Gone  # what the devices waiting on a game hear of it


def read_token(text: str) -> Heard:
    """A token as written ("7.2", "7", "gone"); ValueError for anything else."""
    if text == "gone":
        return GONE
    version, _, seating = text.partition(".")
    return LiveToken(int(version), int(seating or 0))

game_moved = Namespace().signal("game-moved")


def within(code: str, token: Heard) -> None:
    """Inside the write transaction: other processes and hosts hear of it when it commits."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(sa.select(sa.func.pg_notify(CHANNEL, announcement(code, token))))


def announcing(update: sa.Update) -> sa.Update:
    """PostgreSQL: the change's own UPDATE of the game row, sending the NOTIFY in the same statement (one
    round trip less per change than `within`), with the bound parameter "announced" (`announcement`):
    it returns a row only if it changed one."""
    return update.returning(sa.func.pg_notify(CHANNEL, sa.bindparam("announced", type_=sa.String)))


def announcement(code: str, token: Heard) -> str:
    return f"{code} {token}"


def committed(code: str, token: Heard) -> None:
    """After the commit: wake this process's devices waiting on the game."""
    # Flask types current_app as the app itself, not the proxy it is.
    game_moved.send(current_app._get_current_object(), code=code, token=token)  # type: ignore[attr-defined]
