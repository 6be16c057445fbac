"""A request's body must arrive within BODY_READ_SECONDS (a large one a little longer), or 408: gunicorn
bounds only the headers' time."""
from __future__ import annotations

import time
from typing import Any

from flask import Flask
from werkzeug.exceptions import RequestTimeout

from ..storage.database import cooperative


class BoundedBody:
    def __init__(self, app, seconds: float, bytes_per_second: float):
        self.app, self.seconds, self.bytes_per_second = app, seconds, bytes_per_second

    def __call__(self, environ: dict, start_response):
        length = environ.get("CONTENT_LENGTH", "")
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if cooperative() and (chunked or length not in ("", "0")):
            allowance = int(length) / self.bytes_per_second if length.isdigit() else 0.0
            environ["wsgi.input"] = _TimedInput(environ["wsgi.input"], self.seconds + allowance)
        return self.app(environ, start_response)


class _TimedInput:
    """All the reads of one body together may wait for the client at most `seconds`.

    Only the waiting counts: a body already here is read at once however busy the server was (a deadline
    on the clock cut off slow *servers*). But the waits add up, so a client that sends each piece just in
    time for its read still has to send the whole within `seconds`."""

    def __init__(self, stream, seconds: float):
        self._stream, self._left = stream, seconds

    def _timed(self, read, *args: Any):
        import gevent
        if self._left <= 0:
            raise RequestTimeout()
        start = time.monotonic()
        try:
            with gevent.Timeout(self._left, RequestTimeout()):
                return read(*args)
        finally:
            self._left -= time.monotonic() - start

    def read(self, *args: Any) -> bytes:
        return self._timed(self._stream.read, *args)

    def readline(self, *args: Any) -> bytes:
        return self._timed(self._stream.readline, *args)

    def readlines(self, *args: Any) -> list[bytes]:
        return self._timed(self._stream.readlines, *args)

    def __iter__(self):
        return iter(self.readline, b"")


def init_app(app: Flask) -> None:
    # Flask's documented way to wrap its WSGI app, which its types take for a method.
    app.wsgi_app = BoundedBody(  # type: ignore[method-assign]
        app.wsgi_app, app.config["BODY_READ_SECONDS"], app.config["BODY_BYTES_PER_SECOND"])
