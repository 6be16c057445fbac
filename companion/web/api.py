"""The JSON API: the same pipeline and the same 409/422/404/400 answers as the pages (docs/API.md).

It is exempt from the form CSRF token because it only accepts `application/json` bodies, which a
page on another origin cannot send without a CORS preflight that this app never grants.
"""
from __future__ import annotations

import json
import random
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, jsonify, request, url_for
from flask_babel import gettext as _

from ..storage import store
from ..storage.changes import LiveToken
from .i18n import translate
from ..storage.models import Game, db
from ..rules.base import BadParams, RuleError
from .security import csrf
from . import devices, limits, live, messages, play_record
from .. import kinds
from .games import draw_every_page
from .limits import change_limit, new_game_limit
from .openapi import document
from .forms import (BadForm, json_loads, json_params, refusal_text, request_bytes, setup_limits, short_text,
                    version)

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)
# The bounds of what the API reads, as openapi.yaml writes them too (tests/web/test_openapi.py compares them).
EVENTS_PAGE, EVENTS_MAX = 100, 500  # the history's page: by default, and at most
SEQ_MAX = 10 ** 9 - 1  # a change's seq as the API reads it (9 digits: bounded_int reads no more)


def game_json(game: Game) -> dict[str, Any]:
    undo_target = store.undo_target(game)
    return {"code": game.code, "kind": game.kind, "title": game.title, "version": game.version,
            "archived": game.archived, "state": game.state,
            "view": messages.view_json(store.kind_of(game).view(game.state)),
            "undo": translate(undo_target.label) if undo_target else None,
            "url": url_for("games.show", code=game.code, _external=True)}


def body(raw: bytes | None = None) -> dict[str, Any]:
    """The request's JSON object (or `raw`'s, read already)."""
    limit = request.max_content_length or current_app.config["IMPORT_MAX_BYTES"]
    data = json_loads(raw if raw is not None else request_bytes(limit))
    if not isinstance(data, dict):
        raise BadForm(_("The body must be a JSON object."))
    return data


def fail(status: int, message: str, game: Game | None = None):
    payload: dict[str, Any] = {"error": message, "status": status}
    if game is not None:
        payload["game"] = game_json(game)
    return jsonify(payload), status


@bp.errorhandler(RuleError)
def refused(error: RuleError):
    """The rules refused: the game as it is (a tap's game, read before it) beside the reason."""
    return fail(400 if isinstance(error, BadParams) else 422, translate(refusal_text(error)), g.get("api_game"))


@bp.errorhandler(store.StaleVersion)
def stale(error: store.StaleVersion):
    return fail(409, _("Someone else changed the game first; nothing was undone.") if request.endpoint == "api.undo"
                else _("Someone else changed the game first; nothing was applied."), error.game)


@bp.errorhandler(store.BadImport)
def bad_import(error: store.BadImport):
    return fail(400, _(str(error)))


def load_with_seat(code: str) -> tuple[Game, str | None]:
    """The game and this device's seat in one read (no query after the change); the game for a refusal."""
    g.api_game, seat = store.find_with_seat(code, devices.current().id)
    return g.api_game, seat


@bp.post("/games")
@new_game_limit
def create():
    data = body()
    title = short_text(data.get("title", ""), _("The game's name"), 80, required=False)
    kind = str(data.get("kind", ""))[:32]
    known = kinds.get(kind)  # an unknown kind is refused by create_game
    game = store.create_game(kind, json_params(data.get("setup", {}), setup_limits(known) if known else None), title,
                             random.SystemRandom(), created_by=devices.current().id)
    limits.remember(game.code)
    return jsonify(game_json(game)), 201


@bp.get("/games/<code>")
def show(code: str):
    return jsonify(game_json(store.find(code)))


@bp.post("/games/<code>/actions")
@change_limit
def act(code: str):
    game, seat = load_with_seat(code)
    data = body()
    store.apply_action(game, short_text(data.get("action"), _("The action"), 40),
                       json_params(data.get("params", {})), version(data.get("version")), devices.current(),
                       random.SystemRandom())
    return jsonify(with_change(game, seat))


@bp.post("/games/<code>/undo")
@change_limit
def undo(code: str):
    game, seat = load_with_seat(code)
    store.undo(game, version(body().get("version")), devices.current())
    return jsonify(with_change(game, seat))


def with_change(game: Game, seat: str | None) -> dict[str, Any]:
    """The game after a change the device holding `seat` made, and the change: its label and notices, as
    in /events."""
    return {**game_json(game), "change": messages.change(game.last_change, seat)}


@bp.get("/games/<code>/events")
def events(code: str):
    """The history, newest first, a page at a time: `before` (a seq, exclusive) and `limit`."""
    game = store.find(code)
    before = bounded_int(request.args.get("before"), 1, SEQ_MAX)
    limit = bounded_int(request.args.get("limit"), 1, EVENTS_MAX) or EVENTS_PAGE
    page = store.events_before(game, before, limit)
    seat_of = store.seats_by_device(game.id)
    return jsonify([messages.change(e, seat_of.get(e.device_id)) for e in page])


@bp.get("/games/<code>/stream")
def stream(code: str):
    """Server-sent events, one `change` per change (id: its seq), from the one after `Last-Event-ID`
    (or `?after=`), else from now on; `gone` when the game is deleted; a heartbeat comment between."""
    after = bounded_int(request.headers.get("Last-Event-ID") or request.args.get("after"), 0, SEQ_MAX)
    told = after

    def moved(row: store.LiveRow, token: LiveToken) -> tuple[list[str], str]:
        nonlocal told
        game_id = row.id
        told = row.version if told is None else told  # no `after`: the version at its start
        batch = store.events_after(game_id, told, EVENTS_PAGE)
        seat_of = store.seats_by_device(game_id) if batch else {}
        db.session.close()  # nothing held open between changes
        lines = [f"id: {e.seq}\nevent: change\ndata: {json.dumps(messages.change(e, seat_of.get(e.device_id)))}\n\n"
                 for e in batch]
        if not batch:  # nothing after `told` (an id from another game's history): wait for the next change
            return lines, str(token.version)
        told = batch[-1].seq
        return lines, str(told)

    return live.event_stream(store.normalize_code(code), None if after is None else str(after), moved)


def bounded_int(raw: str | None, lo: int, hi: int) -> int | None:
    """A whole number from the query string, lo..hi (None when absent); BadForm otherwise."""
    if raw is None:
        return None
    # At most 9 digits before int() reads them: a thousand digits cost it a while.
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9 or not lo <= int(raw) <= hi:
        raise BadForm(_("Not a whole number in range: %(raw)s", raw=raw[:20]))
    return int(raw)


@bp.get("/games/<code>/export")
def export(code: str):
    return jsonify(store.export_game(store.find(code)))


@bp.get("/games/<code>/record")
def record(code: str):
    """The game's play record (web/play_record.py), JSON, its names in the request's language."""
    answer = jsonify(_kept_record(code))
    answer.vary.update(("Accept-Language", "Cookie"))
    return answer


@bp.get("/games/<code>/record.csv")
def record_csv(code: str):
    """The same, CSV: a row per player, to open in a spreadsheet or a play log."""
    kept = _kept_record(code)
    return Response(play_record.as_csv(kept), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{kept["code"]}-{kept["date"]}.csv"',
                             "Vary": "Accept-Language, Cookie"})  # its names are in the request's language


def _kept_record(code: str) -> dict[str, Any]:
    kept = play_record.record(store.find(code))
    if kept is None:
        abort(404)
    return kept


@bp.post("/import")
@new_game_limit
def import_game():
    raw = request_bytes(current_app.config["IMPORT_MAX_BYTES"])
    limits.spend_on_import(len(raw))

    def render(game: Game) -> None:
        draw_every_page(game)
        game_json(game)

    game = store.import_game(body(raw), render=render, created_by=devices.current().id)
    return jsonify(game_json(game)), 201


@bp.get("/openapi.json")
def openapi_document():
    """This API described for machines (OpenAPI 3.1)."""
    return jsonify(document())
