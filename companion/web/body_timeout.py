"""A request's body must arrive within BODY_READ_SECONDS, or 408: gunicorn bounds only the headers' time."""
from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.exceptions import RequestTimeout

from ..database import cooperative


class BoundedBody:
    def __init__(self, app, seconds: float):
        self.app, self.seconds = app, seconds

    def __call__(self, environ: dict, start_response):
        if cooperative() and environ.get("CONTENT_LENGTH", "0") not in ("", "0"):
            environ["wsgi.input"] = _TimedInput(environ["wsgi.input"], self.seconds)
        return self.app(environ, start_response)


class _TimedInput:
    """Each read may wait for the client at most `seconds` (an overall deadline cut off slow servers)."""

    def __init__(self, stream, seconds: float):
        self._stream, self._seconds = stream, seconds

    def _timed(self, read, *args: Any):
        import gevent
        with gevent.Timeout(self._seconds, RequestTimeout()):
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
