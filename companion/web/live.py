"""Live updates by long polling on the game's version.

A device asks "has the game moved on from what I show (version and seating)?"; the server
answers at once when it has (200 with the new token), or after a while with 204. The database is the only source of
truth, so this works across any number of server processes; a phone that slept simply asks
again. Each device then fetches its own fragment, so role-specific views stay on the server.
"""
from __future__ import annotations

import time

from flask import Blueprint, abort, current_app, g, jsonify, request

from .. import store
from ..models import db

bp = Blueprint("live", __name__)


@bp.get("/g/<code>/live")
def wait_for_change(code: str):
    code = store.normalize_code(code)
    seen = request.args.get("v", "")[:40]
    try:
        wait = max(0.0, min(float(request.args.get("wait", "25")), current_app.config["LIVE_WAIT_SECONDS"]))
    except ValueError:
        abort(400)
    interval = current_app.config["LIVE_POLL_INTERVAL"]
    deadline = time.monotonic() + wait
    present = False
    while True:
        found = store.current_token(code)
        if found is None:
            abort(404)
        game_id, current = found
        # A script may ask by version alone ("v=7"); pages ask by the whole token ("v=7.2").
        if (current if "." in seen else current.split(".")[0]) != seen:
            return jsonify(token=current, version=int(current.split(".")[0]))
        if not present:
            store.touch_presence(game_id, g.device_id)
            present = True
        db.session.close()  # hand the connection back while waiting: no transaction held open
        if time.monotonic() >= deadline:
            return "", 204
        time.sleep(interval)
