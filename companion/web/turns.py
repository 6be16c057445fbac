"""A change to a game waits its turn at the game: on PostgreSQL, at most GAME_CONNECTIONS_PER_PROCESS of a
process's requests to one game hold a database connection at once (database.py); the others wait here, in
order, without one, at most GAME_WAIT_SECONDS (then fair_pool.Busy: a 503 that says to try again). So a game
whose row another session holds keeps few of the process's connections, and every other game finds one."""
from __future__ import annotations

import functools

from flask import current_app

from .. import store


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
