"""Live updates on the game's live token (its version and seating), two ways to ask.

- Pages keep one stream open (`Accept: text/event-stream`): an event the moment the game moves on
  from what the page shows, and a heartbeat every LIVE_BEAT_SECONDS while nothing happens, so the page
  knows within seconds when the server is out of reach (a dropped Wi-Fi never says so itself).
- Scripts long poll: 200 with the new token as soon as the game is past `v`, 204 after `wait` seconds.

A change is pushed to the waiting request the moment it commits (see watch.py), in this process or
any other. Each device then fetches its own fragment, so role-specific views stay on the server; a
game page's stream (`panel=2`) brings the device's own fragment itself when it can (live_panels.py).
"""
from __future__ import annotations

import time
from contextlib import ExitStack, closing
from typing import Callable, Iterator, Union

from flask import Blueprint, Response, abort, current_app, g, jsonify, request, stream_with_context
from flask_babel import gettext as _

from .. import store
from ..changes import GONE
from ..models import db
from . import live_panels
from .gzip_parts import GzipStream
from .watch import TooManyWaiting, same

bp = Blueprint("live", __name__)


@bp.get("/g/<code>/live")
def wait_for_change(code: str):
    code = store.normalize_code(code)
    seen = request.args.get("v", "")[:40]
    try:
        wait = max(0.0, min(float(request.args.get("wait", "25")), current_app.config["LIVE_WAIT_SECONDS"]))
    except ValueError:
        abort(400)
    watcher = current_app.extensions["live_watcher"]
    if request.accept_mimetypes.best == "text/event-stream":
        return stream(code, seen, panels=request.args.get("panel"))
    try:
        # The place is taken before the token is read: a change after the read finds it waiting.
        with watcher.waiting(code, g.device_id, request.remote_addr or "") as wait_on:
            found = store.current_token(code)
            if found is None:
                abort(404)
            game_id, current = found
            if not same(current, seen):
                return changed(current)
            store.touch_presence(game_id, g.device_id)
            db.session.close()  # hand the connection back while waiting: no transaction held open
            token = wait_on(seen, current, wait) if wait else None
    except TooManyWaiting:
        return too_many()
    if token is None:
        return "", 204
    if token == GONE:
        abort(404)
    return changed(token)


def changed(token: str):
    return jsonify(token=token, version=int(token.split(".")[0]))


def too_many():
    response = jsonify(error=_("Too many open live requests from this device or network. Try again soon."),
                       status=429)
    response.status_code = 429
    response.headers["Retry-After"] = "5"
    return response


def stream(code: str, seen: str, panels: str | None = None):
    """Server-sent events: `moved` (data: the new token), or with `panels` ("1", or "2": the page puts
    its token in, and takes the stream gzipped if it takes gzip) this device's own `panel` when one is at
    hand (live_panels.py); `gone`, and a comment as heartbeat."""
    page_puts_token = panels == "2"

    def moved(row: store.LiveRow, token: str) -> tuple[list[Event], str]:
        event = live_panels.panel_event(code, row.at(token), page_puts_token) if panels in ("1", "2") else None
        return [event or f"event: moved\ndata: {token}\n\n"], token
    return event_stream(code, seen, moved, gzipped=page_puts_token and request.accept_encodings["gzip"] > 0)


Event = Union[str, live_panels.PanelEvent]
Moved = Callable[[store.LiveRow, str], tuple[list[Event], str]]


def event_stream(code: str, seen: str, moved: Moved, gzipped: bool = False):
    """The shape every stream of a game shares: a place among the waiting devices (429 when it has none),
    `retry`, `moved(the game's row as the stream began, new token)` -> (its events, what is seen now) each
    time the game is past `seen`, `gone` if it is deleted, a heartbeat comment every LIVE_BEAT_SECONDS; it
    ends after LIVE_STREAM_SECONDS (the client opens the next one). `gzipped`: as one gzip member, each
    event whole as it arrives (gzip_parts.GzipStream)."""
    watcher = current_app.extensions["live_watcher"]
    place = ExitStack()
    try:
        wait_on = place.enter_context(watcher.waiting(code, g.device_id, request.remote_addr or ""))
    except TooManyWaiting:
        return too_many()
    row = store.live_row(code)
    if row is None:
        place.close()
        abort(404)
    game_id, current = row.id, row.token
    store.touch_presence(game_id, g.device_id)
    db.session.close()  # no connection held while the stream is open
    beat, lifetime = current_app.config["LIVE_BEAT_SECONDS"], current_app.config["LIVE_STREAM_SECONDS"]
    device = g.device_id

    @stream_with_context
    def events():
        nonlocal seen, current
        with place:  # the place is given back when the stream ends or the device goes away
            yield "retry: 1000\n\n"
            ends = time.monotonic() + lifetime
            while time.monotonic() < ends:
                token = current if not same(current, seen) else wait_on(seen, current, beat)
                # Whatever the stream sends — a beat or a change — the device is there (noted at most every
                # few seconds: presence.py). A game moving faster than the beat must not drop it from the roster.
                store.touch_presence(game_id, device)
                if token is None:
                    yield ": beat\n\n"
                elif token == GONE:
                    yield "event: gone\ndata: \n\n"
                    return
                else:
                    told, seen = moved(row, token)
                    current = token
                    yield from told

    response = Response(in_gzip(events()) if gzipped else as_text(events()), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    if gzipped:
        response.headers["Content-Encoding"] = "gzip"  # Flask-Compress leaves it as it is
        response.vary.add("Accept-Encoding")
    response.call_on_close(place.close)  # also when the stream is closed before its first event
    return response


def as_text(events: Iterator[Event]) -> Iterator[str]:
    with closing(events):
        for event in events:
            yield event if isinstance(event, str) else event.text()


def in_gzip(events: Iterator[Event]) -> Iterator[bytes]:
    stream = GzipStream()
    with closing(events):
        yield stream.start()
        for event in events:
            yield stream.plain(event.encode()) if isinstance(event, str) else event.gzipped(stream)
        yield stream.end()
