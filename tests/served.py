"""The app as the browser tests' gunicorn serves it (gunicorn.conf.py, gevent workers, as bin/serve):
the test kinds and templates beside the real games, on the database the fixture made for the test."""
from __future__ import annotations

import os

from tests.conftest import make_app

# How long its pages wait for a heartbeat before they say "Offline" and keep their taps: longer than any
# test, so a busy machine (a late beat, a slow other device) never turns a tap into "Not sent". A test
# about that silence runs the page's clock past it (Playwright's clock), whatever the machine's speed.
SILENCE_SECONDS = 600.0


def create():
    return make_app(database_url=os.environ["DATABASE_URL"], upgrade=False,
                    LIVE_WAIT_SECONDS=20.0, LIVE_SILENCE_SECONDS=SILENCE_SECONDS, PUBLIC_URL="")


def create_limited():
    """The app with its limits on, as a real server has them (the limits the test sets in the environment);
    each answer says which worker process gave it (X-Worker), so a test can reach both."""
    limits = {name: os.environ[name] for name in ("WRONG_CODE_LIMIT", "ACTION_LIMIT_PER_DEVICE") if name in os.environ}
    app = make_app(database_url=os.environ["DATABASE_URL"], upgrade=False, PUBLIC_URL="", RATELIMIT_ENABLED=True,
                   LIVE_WAIT_SECONDS=20.0, LIVE_SILENCE_SECONDS=SILENCE_SECONDS, **limits)

    @app.after_request
    def worker(response):
        response.headers["X-Worker"] = str(os.getpid())
        return response
    return app


class _SeededDice:
    """Stands for the `random` module in the API's view of it: a request that names a seed in its
    `X-Crawl-Seed` header gets dice drawn from that seed (the crawler's walk is the same each time it runs);
    every other request the system's randomness, as the app has it."""

    @staticmethod
    def SystemRandom():  # noqa: N802 — the name the API calls
        import random

        from flask import request
        seed = request.headers.get("X-Crawl-Seed")
        return random.Random(seed) if seed else random.SystemRandom()


def create_seeded():
    """The app as `create()` has it, whose JSON API draws a change's dice from the seed its request names
    (tests/browser/crawler.py sends one per step): the app's own rolls, the same for the same seed."""
    from companion.web import api
    api.random = _SeededDice
    return create()
