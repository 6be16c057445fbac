"""Idle games are archived after IDLE_ARCHIVE_DAYS, then deleted ARCHIVED_DELETE_DAYS later; games a
device deleted are purged DELETED_KEEP_DAYS after (until then they can be restored).

The sweep is two statements: it runs from `flask sweep-games` (a cron job, if wanted) and, at most once
a day per server process, when someone opens the home page, the page that lists the dates.
"""
from __future__ import annotations

import threading
from datetime import datetime, timedelta

import click
from flask import Flask, current_app

from . import store
from .models import Game, utcnow

SWEEP_EVERY = timedelta(days=1)


def _periods() -> tuple[timedelta, timedelta]:
    config = current_app.config
    return timedelta(days=config["IDLE_ARCHIVE_DAYS"]), timedelta(days=config["ARCHIVED_DELETE_DAYS"])


def keep_deleted() -> timedelta:
    return timedelta(days=current_app.config["DELETED_KEEP_DAYS"])


def sweep() -> tuple[int, int]:
    return store.sweep_idle(utcnow(), *_periods(), keep_deleted())


def sweep_if_due() -> None:
    state = current_app.extensions["expiry"]
    with state["lock"]:
        if state["last"] is not None and utcnow() - state["last"] < SWEEP_EVERY:
            return
        state["last"] = utcnow()
    sweep()


def deadlines(game: Game) -> tuple[datetime, datetime]:
    """(archived on, deleted on) for the home page's list."""
    return store.idle_deadlines(game, *_periods())


def init_app(app: Flask) -> None:
    app.extensions["expiry"] = {"lock": threading.Lock(), "last": None}
    app.jinja_env.globals["idle_deadlines"] = deadlines
    app.jinja_env.globals["restore_until"] = lambda game: store.restore_until(game, keep_deleted())

    @app.cli.command("sweep-games")
    def sweep_games() -> None:
        """Archive idle games, delete long-archived ones and purge those deleted long enough ago."""
        archived, deleted = sweep()
        click.echo(f"{archived} archived, {deleted} deleted")
