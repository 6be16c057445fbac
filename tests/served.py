"""The app as the browser tests' gunicorn serves it (gunicorn.conf.py, gevent workers, as bin/serve):
the test kinds and templates beside the real games, on the database the fixture made for the test."""
from __future__ import annotations

import os

from tests.conftest import make_app


def create():
    return make_app(database_url=os.environ["DATABASE_URL"], upgrade=False,
                    LIVE_WAIT_SECONDS=20.0, PUBLIC_URL="")
