"""How a committed change reaches the devices waiting on its game.

The store calls `within(code, token)` inside the write transaction and `committed(code, token)` after
the commit. On PostgreSQL the first sends a NOTIFY, which the database delivers to every listening
process (on every host) only if the transaction commits. The second wakes this process's own waiting
devices at once, through a signal that the live watcher listens to (the store knows nothing of it).
"""
from __future__ import annotations

import sqlalchemy as sa
from blinker import Namespace
from flask import current_app

from .models import db

CHANNEL = "game_changes"
GONE = "gone"  # the token of a deleted game

game_moved = Namespace().signal("game-moved")


def within(code: str, token: str) -> None:
    """Inside the write transaction: other processes and hosts hear of it when it commits."""
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(sa.select(sa.func.pg_notify(CHANNEL, announcement(code, token))))


def announcing(update: sa.Update) -> sa.Update:
    """PostgreSQL: the change's own UPDATE of the game row, sending the NOTIFY in the same statement (one
    round trip less per change than `within`), with the bound parameter "announced" (`announcement`):
    it returns a row only if it changed one."""
    return update.returning(sa.func.pg_notify(CHANNEL, sa.bindparam("announced", type_=sa.String)))


def announcement(code: str, token: str) -> str:
    return f"{code} {token}"


def committed(code: str, token: str) -> None:
    """After the commit: wake this process's devices waiting on the game."""
    game_moved.send(current_app._get_current_object(), code=code, token=token)
