"""A request's body must arrive within BODY_READ_SECONDS: a client trickling it is answered 408.

gunicorn's gevent worker bounds the time a request's headers may take (KEEPALIVE in gunicorn.conf.py),
not its body, which the app reads. Under gevent a slow body holds only a greenlet, never a thread, but
it should not hold even that for ever."""
from __future__ import annotations

import time
from typing import Any

from flask import Flask
from werkzeug.exceptions import RequestTimeout

from ..database import cooperative


class BoundedBody:
    def __init__(self, app, seconds: float):
        self.app, self.seconds = app, seconds

    def __call__(self, environ: dict, start_response):
        if cooperative() and environ.get("CONTENT_LENGTH", "0") not in ("", "0"):
            environ["wsgi.input"] = _TimedInput(environ["wsgi.input"], time.monotonic() + self.seconds)
        return self.app(environ, start_response)


class _TimedInput:
    def __init__(self, stream, deadline: float):
        self._stream, self._deadline = stream, deadline

    def _timed(self, read, *args: Any):
        import gevent
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise RequestTimeout()
        with gevent.Timeout(remaining, RequestTimeout()):
            return read(*args)

    def read(self, *args: Any) -> bytes:
        return self._timed(self._stream.read, *args)

    def readline(self, *args: Any) -> bytes:
        return self._timed(self._stream.readline, *args)

    def readlines(self, *args: Any) -> list[bytes]:
        return self._timed(self._stream.readlines, *args)

    def __iter__(self):
        return iter(self.readline, b"")


def init_app(app: Flask) -> None:
    app.wsgi_app = BoundedBody(app.wsgi_app, app.config["BODY_READ_SECONDS"])
