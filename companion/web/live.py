"""Live updates by long polling on the game's live token (its version and seating).

A device asks "has the game moved on from what I show?"; the server answers at once when it has
(200 with the new token), or after a while with 204. A change is pushed to the waiting request the
moment it commits (see watch.py), in this process or any other; a phone that slept simply asks
again. Each device then fetches its own fragment, so role-specific views stay on the server.
"""
from __future__ import annotations

from flask import Blueprint, abort, current_app, g, jsonify, request
from flask_babel import gettext as _

from .. import store
from ..changes import GONE
from ..models import db
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
        response = jsonify(error=_("Too many open live requests from this device or network. Try again soon."),
                           status=429)
        response.status_code = 429
        response.headers["Retry-After"] = "5"
        return response
    if token is None:
        return "", 204
    if token == GONE:
        abort(404)
    return changed(token)


def changed(token: str):
    return jsonify(token=token, version=int(token.split(".")[0]))
