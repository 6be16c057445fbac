"""The JSON API: the same pipeline and the same 409/422/404/400 answers as the pages (docs/API.md).

It is exempt from the form CSRF token because it only accepts `application/json` bodies, which a
page on another origin cannot send without a CORS preflight that this app never grants.
"""
from __future__ import annotations

import random
from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request, url_for
from flask_babel import gettext as _

from .. import store
from ..i18n import translate
from ..models import Game
from ..rules.base import BadParams, RuleError
from ..security import csrf
from . import devices
from .games import draw_every_page
from .limits import new_game_limit
from .forms import BadForm, json_params, request_json, short_text, version

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)


def game_json(game: Game) -> dict[str, Any]:
    undo_target = store.undo_target(game)
    return {"code": game.code, "kind": game.kind, "title": game.title, "version": game.version,
            "archived": game.archived, "state": game.state,
            "view": store.kind_of(game).view(game.state),
            "undo": translate(undo_target.label) if undo_target else None,
            "url": url_for("games.show", code=game.code, _external=True)}


def body() -> dict[str, Any]:
    data = request_json(request.max_content_length or current_app.config["IMPORT_MAX_BYTES"])
    if not isinstance(data, dict):
        raise BadForm(_("The body must be a JSON object."))
    return data


def fail(status: int, message: str, game: Game | None = None):
    payload: dict[str, Any] = {"error": message, "status": status}
    if game is not None:
        payload["game"] = game_json(game)
    return jsonify(payload), status


def load(code: str) -> Game:
    try:
        return store.find(code)
    except store.GameNotFound:
        abort(404)


@bp.post("/games")
@new_game_limit
def create():
    try:
        data = body()
        kind = str(data.get("kind", ""))[:32]
        title = short_text(data.get("title", ""), _("The game's name"), 80, required=False)
        game = store.create_game(kind, json_params(data.get("setup", {})), title, random.SystemRandom())
    except BadForm as error:
        return fail(400, str(error))
    except RuleError as error:
        return fail(400 if isinstance(error, BadParams) else 422, translate(error.text))
    return jsonify(game_json(game)), 201


@bp.get("/games/<code>")
def show(code: str):
    return jsonify(game_json(load(code)))


@bp.post("/games/<code>/actions")
def act(code: str):
    game = load(code)
    try:
        data = body()
        seen = version(data.get("version"))
        action = short_text(data.get("action"), _("The action"), 40)
        store.apply_action(game, action, json_params(data.get("params", {})), seen,
                           devices.current(), random.SystemRandom())
    except BadForm as error:
        return fail(400, str(error))
    except store.StaleVersion as stale:
        return fail(409, _("Someone else changed the game first; nothing was applied."), stale.game)
    except RuleError as error:
        return fail(400 if isinstance(error, BadParams) else 422, translate(error.text), game)
    return jsonify(game_json(game))


@bp.post("/games/<code>/undo")
def undo(code: str):
    game = load(code)
    try:
        store.undo(game, version(body().get("version")), devices.current())
    except BadForm as error:
        return fail(400, str(error))
    except store.StaleVersion as stale:
        return fail(409, _("Someone else changed the game first; nothing was undone."), stale.game)
    except RuleError as error:
        return fail(422, translate(error.text), game)
    return jsonify(game_json(game))


@bp.get("/games/<code>/events")
def events(code: str):
    game = load(code)
    return jsonify([{"seq": e.seq, "action": e.action, "params": e.params, "label": translate(e.label),
                     "device": e.device_label, "at": e.at.isoformat() + "Z", "undoes": e.undoes_seq}
                    for e in store.history(game)])


@bp.get("/games/<code>/export")
def export(code: str):
    return jsonify(store.export_game(load(code)))


@bp.post("/import")
@new_game_limit
def import_game():
    try:
        game = store.import_game(body(), render=lambda game: (draw_every_page(game), game_json(game)))
    except BadForm as error:
        return fail(400, str(error))
    except store.BadImport as error:
        return fail(400, _(str(error)))
    return jsonify(game_json(game)), 201
