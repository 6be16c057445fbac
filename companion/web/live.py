"""Live updates by long polling on the game's live token (its version and seating).

A device asks "has the game moved on from what I show?"; the server answers at once when it has
(200 with the new token), or after a while with 204. The database is the only source of truth,
so this works across any number of server processes (see watch.py); a phone that slept simply
asks again. Each device then fetches its own fragment, so role-specific views stay on the server.
"""
from __future__ import annotations

from flask import Blueprint, abort, current_app, g, jsonify, request

from .. import store
from ..models import db
from .watch import _same

bp = Blueprint("live", __name__)


@bp.get("/g/<code>/live")
def wait_for_change(code: str):
    code = store.normalize_code(code)
    seen = request.args.get("v", "")[:40]
    try:
        wait = max(0.0, min(float(request.args.get("wait", "25")), current_app.config["LIVE_WAIT_SECONDS"]))
    except ValueError:
        abort(400)
    found = store.current_token(code)
    if found is None:
        abort(404)
    game_id, current = found
    if not _same(current, seen):
        return changed(current)
    store.touch_presence(game_id, g.device_id)
    db.session.close()  # hand the connection back while waiting: no transaction held open
    token = current_app.extensions["live_watcher"].wait(code, seen, current, wait) if wait else None
    if token is None:
        return "", 204
    if store.current_token(code) is None:
        abort(404)
    return changed(token)


def changed(token: str):
    return jsonify(token=token, version=int(token.split(".")[0]))
