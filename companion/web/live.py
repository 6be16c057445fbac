"""Live updates on the game's live token (its version and seating), heard the moment a change commits
in any process (companion/live/watch.py).

- Pages keep one stream open (`Accept: text/event-stream`): an event when the game moves on, a heartbeat
  every LIVE_BEAT_SECONDS so the page knows soon when the server is out of reach. With `panel=1` the event
  brings the device's live panel itself, with the token and view it was drawn for (the page fetches its
  own when the view differs: the stream's cookies are those of its start); else `moved`.
- Scripts long poll: 200 with the new token as soon as the game is past `v`, 204 after `wait` seconds.
"""
from __future__ import annotations

import math
import time
from contextlib import ExitStack
from collections.abc import Callable, Iterator

from flask import Blueprint, Response, abort, current_app, g, jsonify, request, stream_with_context
from flask_babel import gettext as _

from ..storage import store
from ..storage.changes import GONE, Heard, LiveToken
from ..storage.models import db
from . import games
from ..live.watch import TooManyWaiting, same

bp = Blueprint("live", __name__)


@bp.get("/g/<code>/live")
def wait_for_change(code: str):
    code = store.normalize_code(code)
    seen = request.args.get("v", "")[:40]
    try:
        wait = float(request.args.get("wait", "25"))
    except ValueError:
        abort(400)
    if not math.isfinite(wait) or wait < 0:  # nan would wait not at all, as 0 does: refused, not guessed at
        abort(400)
    wait = min(wait, current_app.config["LIVE_WAIT_SECONDS"])
    watcher = current_app.extensions["live_watcher"]
    if request.accept_mimetypes.best == "text/event-stream":
        return stream(code, seen, panels=request.args.get("panel"))
    try:
        # The place is taken before the token is read: a change after the read finds it waiting.
        with watcher.waiting(code, g.device_id, request.remote_addr or "") as wait_on:
            found = store.current_token(code)
            if found is None:
                raise store.GameNotFound(code)
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
    if not isinstance(token, LiveToken):  # GONE
        abort(404)
    return changed(token)


def changed(token: LiveToken):
    return jsonify(token=str(token), version=token.version)


def too_many():
    return jsonify(error=_("Too many open live requests from this device or network. Try again soon."),
                   status=429), 429, {"Retry-After": "5"}


# A page reads its stream with EventSource, which hands a script no comment: its heartbeat is an event.
PAGE_BEAT = "event: beat\ndata: \n\n"


def stream(code: str, seen: str, panels: str | None = None):
    """`moved` (data: the new token), or with `panels` this device's live `panel` when at hand. ("2": pages
    of an older release, which put their CSRF token into the panel: the same now.)"""
    def moved(row: store.LiveRow, token: LiveToken) -> tuple[list[str], str]:
        event = panel_event(code, row.at(token)) if panels in ("1", "2") else None
        return [event or f"event: moved\ndata: {token}\n\n"], str(token)
    return event_stream(code, seen, moved, beat=PAGE_BEAT)


def panel_event(code: str, row: store.LiveRow) -> str | None:
    """`event: panel` with this device's live panel for the game at `row`, or None."""
    try:
        found = games.panel_at(code, row)
    finally:
        db.session.close()  # nothing held open between changes
    return None if found is None else found.event(str(row.token))


# A stream's answer to a change: (its events, what the device has seen now, as it would say it)
Moved = Callable[[store.LiveRow, LiveToken], tuple[list[str], str]]


def event_stream(code: str, seen: str | None, moved: Moved, beat: str = ": beat\n\n"):
    """Every stream of a game: a place among the waiting devices (or 429), then `moved(row, new token)` ->
    (its events, what is seen now) each time the game is past `seen` (None: its version now), `gone`,
    heartbeats (`beat`); it ends after LIVE_STREAM_SECONDS (the client opens the next one)."""
    watcher = current_app.extensions["live_watcher"]
    place = ExitStack()
    try:
        wait_on = place.enter_context(watcher.waiting(code, g.device_id, request.remote_addr or ""))
    except TooManyWaiting:
        return too_many()
    row = store.live_row(code)
    if row is None:
        place.close()
        raise store.GameNotFound(code)
    game_id, current = row.id, row.token
    seen_now = str(current.version) if seen is None else seen
    store.touch_presence(game_id, g.device_id)
    db.session.close()  # no connection held while the stream is open
    every, lifetime = current_app.config["LIVE_BEAT_SECONDS"], current_app.config["LIVE_STREAM_SECONDS"]
    device = g.device_id

    def events() -> Iterator[str]:
        nonlocal seen_now, current
        with place:  # the place is given back when the stream ends or the device goes away
            yield "retry: 1000\n\n"
            ends = time.monotonic() + lifetime
            while time.monotonic() < ends:
                token: Heard | None = current if not same(current, seen_now) else wait_on(seen_now, current, every)
                # A beat or a change: the device is there (presence.py notes it at most every few seconds).
                store.touch_presence(game_id, device)
                if token is None:
                    yield beat
                elif token is GONE:
                    yield "event: gone\ndata: \n\n"
                    return
                elif isinstance(token, LiveToken):
                    told, seen_now = moved(row, token)
                    current = token
                    yield from told

    response = Response(stream_with_context(events()), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
    response.call_on_close(place.close)  # also when the stream is closed before its first event
    return response
