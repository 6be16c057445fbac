"""Friction for guessers: wrong game codes and new games are counted per client address.

A code is 5 letters of 25 (about 9.8 million): unlimited, one client could try ~350 a second and find
one of ten live games in under an hour. Only answers of 404 count against the wrong-code limit, so a
player opening their own game never does. Counts live in memory by default (per server process);
RATELIMIT_STORAGE_URI (redis://…, memcached://…) shares them between processes and hosts.
"""
from __future__ import annotations

import time

from flask import Flask, Response, current_app, make_response
from flask_babel import gettext as _
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from .errors import error_response


def _is_wrong_code(response: Response) -> bool:
    return response.status_code == 404


limiter = Limiter(
    get_remote_address,
    application_limits=[lambda: current_app.config["WRONG_CODE_LIMIT"]],
    application_limits_deduct_when=_is_wrong_code,
    # No X-RateLimit-* or Retry-After on answers that were not refused: a 201 has nothing to retry. A 429
    # says when to try again (too_many below).
    headers_enabled=False,
)

# The setup form, the API and import share one budget: each makes a game.
new_game_limit = limiter.shared_limit(lambda: current_app.config["NEW_GAME_LIMIT"], scope="new-game",
                                      methods=["POST"])


def init_app(app: Flask) -> None:
    limiter.init_app(app)

    @app.errorhandler(RateLimitExceeded)
    def too_many(_error: RateLimitExceeded):
        response = make_response(error_response(429, _("Too many tries from this device. Wait a while and "
                                                       "try again.")))
        breached = limiter.current_limit
        seconds = int(breached.reset_at - time.time()) if breached else 60  # as Flask-Limiter counts it
        response.headers["Retry-After"] = str(max(1, seconds))
        return response
