"""A game's pages: the controller, actions through the pipeline, undo, history, settings."""
from __future__ import annotations

import json
import random

from flask import Blueprint, Response, abort, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import format_date, gettext as _

from .. import security, store
from ..i18n import translate
from ..models import Game
from ..rules.base import BadParams, RuleError, Text
from . import devices, expiry, join, panel_cache
from .errors import error_response, wants_json
from .limits import change_limit
from .forms import BadForm, action_params, short_text, version
from .render import draw_block, is_htmx, page_or_block

bp = Blueprint("games", __name__, url_prefix="/g/<code>")


def load(code: str, find=store.find) -> Game:
    """The game; GameNotFound (a 404, counted as a wrong code: see errors.py) or GameDeleted (410)."""
    return find(code)


def seats_context(game: Game, kind, held: dict[str, tuple[str, str]]) -> dict:
    """The game's seats with who holds them, and this device's seat with its cue (your turn …)."""
    if not hasattr(kind, "seats"):
        return {"seats": [], "my_seat": None, "my_status": None}
    me = devices.current().id
    seats = []
    for seat in kind.seats(game.state):
        holder, label = held.get(seat["id"], (None, ""))
        seats.append({**seat, "holder": holder, "mine": holder == me, "holder_label": "" if holder == me else label})
    mine = next((seat for seat in seats if seat["mine"]), None)
    return {"seats": seats, "my_seat": mine,
            "my_status": kind.seat_status(game.state, mine["id"]) if mine else None}


def game_context(game: Game, *, unseen: bool = False, fragment: bool = False, shot: store.Snapshot | None = None,
                 **extra) -> dict:
    """What the panel shows, from one snapshot of the store; the whole page adds the roster and the join code.

    `unseen`: a game not yet committed (an import), which no device has opened: its roster is empty,
    and reading presence would write the pending batch and commit the import half-drawn.
    `fragment`: the panel alone, outside an htmx request (drawn for a page's event stream).
    `shot`: the snapshot, when it was read with the game (store.find_with_snapshot)."""
    kind = store.kind_of(game)
    shot = shot or store.snapshot(game)
    context = {"game": game, "kind": kind, "state": game.state, "view": kind.view(game.state),
               "last_event": shot.last_event, "undo_target": shot.undo_target,
               "me": devices.current(), "act_url": url_for("games.act", code=game.code),
               **seats_context(game, kind, shot.seating), **extra}
    context.setdefault("watching", request.cookies.get(watching_cookie(game)) == "1")
    context["ask_seat"] = bool(context["seats"]) and not context["my_seat"] and not context["watching"]
    context["device_view"] = device_view(variant_of(context))
    context["kind_panel"] = lambda: panel_cache.kind_panel(game, context)
    if not (fragment or is_htmx()):
        context.update(devices=[] if unseen else store.connected_devices(game), join_url=join.join_url(game.code),
                       may_delete=not unseen and store.may_delete(game, devices.current().id))
    return context


def show_game(game: Game, status: int = 200, **extra):
    store.touch_presence(game.id, devices.current().id)
    context = game_context(game, **extra)
    if is_htmx() and status == 200 and not context.get("error"):
        return shared_panel(game, context)
    return page_or_block("game.html", "panel", status, **context)


def panel_variant(my_seat: str | None, me: store.DeviceRef, watching: bool) -> tuple:
    """What the live panel shows of the device itself (beside its language and CSRF token)."""
    return my_seat, bool(me.label), watching


def device_view(variant: tuple) -> str:
    """The variant and language a panel was drawn for, as the page sees it (data-device-view): a panel
    brought by the page's event stream, drawn from the stream's older cookies, is used only if it matches."""
    my_seat, named, watching = variant
    return f"{my_seat or ''}.{int(named)}.{int(watching)}.{panel_cache.locale()}"


def shared_panel(game: Game, context: dict) -> Response:
    """The live panel, drawn once per game version for every device that would get the same HTML: the
    devices woken by this change wait for this drawing (and this one for theirs) rather than draw it too."""
    cache = panel_cache.cache()
    key = panel_cache.shared_key(game.id, game.code, game.created_at, game.version, game.seating)
    store.done_reading()  # no connection held while waiting
    with cache.drawing(key):
        shared = cache.shared(key)
        kept = None
        if shared is not None and shared.seat_of == seating_of(context):
            kept = shared.panels.get(variant_of(context))
        return cache.answer(kept or keep_panel(game, context))


def seating_of(context: dict) -> dict[str, str]:
    """Which device holds which seat, as the panel of `context` shows it."""
    return {seat["holder"]: seat["id"] for seat in context["seats"] if seat["holder"]}


def variant_of(context: dict) -> tuple:
    return panel_variant(context["my_seat"]["id"] if context["my_seat"] else None, context["me"], context["watching"])


def keep_panel(game: Game, context: dict) -> panel_cache.KeptPanel:
    """Draw the live panel with the placeholder CSRF token and keep it for the devices alike."""
    cache = panel_cache.cache()
    context["panel_token"] = cache.placeholder
    store.done_reading()
    html = draw_block("game.html", "panel", **{**context, "csrf_token": lambda: cache.placeholder})
    return cache.keep(panel_cache.shared_key(game.id, game.code, game.created_at, game.version, game.seating),
                      seating_of(context), variant_of(context), html)


def one_panel(code: str, known: store.LiveRow | None = None) -> tuple[panel_cache.KeptPanel, tuple, int] | None:
    """(this device's live panel, its variant, the game's id) for the game as it is now, or at `known` (a
    stream's row at the token the watcher heard): kept already — one read, or none — or drawn now by one
    of the devices alike while the others wait for it (on this host). None if the game is gone or has
    moved on from `known` (the stream hears of that next)."""
    row = known or store.live_row(code)
    if row is None:
        return None
    found = kept_for(row, code)
    if found is not None:
        return (*found, row.id)
    cache = panel_cache.cache()
    store.done_reading()  # no connection held while waiting: the device drawing needs one
    with cache.drawing(panel_cache.shared_key(row.id, code, row.created_at, row.version, row.seating)):
        found = kept_for(row, code)  # drawn meanwhile by a device alike, here or in another process
        if found is not None:
            return (*found, row.id)
        try:
            store.one_statement_each()  # one read, nothing written: no transaction around it
            shot = store.find_with_snapshot(code)
        except store.GameNotFound:
            return None
        game = shot.game
        if store.live_token(game) != row.token:
            return None  # moved on since: the devices hear of that next
        context = game_context(game, fragment=True, shot=shot)
        return keep_panel(game, context), variant_of(context), game.id


def kept_for(row: store.LiveRow, code: str) -> tuple[panel_cache.KeptPanel, tuple] | None:
    """(the kept live panel, its variant) for this device and the game at `row`, if one was drawn."""
    shared = panel_cache.cache().shared(
        panel_cache.shared_key(row.id, code, row.created_at, row.version, row.seating))
    if shared is None:
        return None
    me = devices.current()
    watching = request.cookies.get(watching_cookie_of(code)) == "1"
    variant = panel_variant(shared.seat_of.get(me.id), me, watching)
    kept = shared.panels.get(variant)
    return None if kept is None else (kept, variant)


@bp.get("")
def show(code: str):
    if is_htmx():
        found = one_panel(store.normalize_code(code))
        if found is not None:
            store.touch_presence(found[2], devices.current().id)
            return panel_cache.cache().answer(found[0])
    shot = store.find_with_snapshot(code)
    return show_game(shot.game, shot=shot)


def localized(game: Game, action: str, params: dict) -> dict:
    """Names the players typed in their language, read back into what the rules know (if the kind asks)."""
    localize = getattr(store.kind_of(game), "localize_params", None)
    return localize(action, params, lambda msgid: translate(Text(msgid))) if localize else params


@bp.post("/act")
@change_limit
def act(code: str):
    game = load(code, store.find_for_change)
    try:
        seen = version(request.form.get("version"))
        action = short_text(request.form.get("action"), _("The action"), 40)
        store.apply_action(game, action, localized(game, action, action_params(request.form)), seen,
                           devices.current(), random.SystemRandom())
    except BadForm as error:
        return show_game(game, 400, error=str(error))
    except store.StaleVersion as stale:
        return show_game(stale.game, 409, error=stale_message(stale.game, seen))
    except RuleError as error:
        return show_game(game, 400 if isinstance(error, BadParams) else 422, error=translate(error.text))
    return after_change(game)


def tapped_twice(game: Game, seen: int) -> bool:
    """The one change since the version this device saw was made by this device: a double tap."""
    latest = store.latest_event(game)
    return game.version == seen + 1 and latest is not None and latest.device_id == devices.current().id


def stale_message(game: Game, seen: int, twice: str = "", elsewhere: str = "") -> str:
    """Why nothing was done: a double tap on this device, or a change from another one."""
    if tapped_twice(game, seen):
        return twice or _("That tap came twice: it counted once. This is the game now.")
    return elsewhere or _("Someone else changed the game first. This is the game now; nothing was applied.")


@bp.post("/undo")
@change_limit
def undo(code: str):
    game = load(code, store.find_for_change)
    try:
        seen = version(request.form.get("version"))
        store.undo(game, seen, devices.current())
    except BadForm as error:
        return show_game(game, 400, error=str(error))
    except store.StaleVersion as stale:
        return show_game(stale.game, 409, error=stale_message(
            stale.game, seen, twice=_("That tap came twice: it undid one change. This is the game now."),
            elsewhere=_("Someone else changed the game first. This is the game now; nothing was undone.")))
    except RuleError as error:
        return show_game(game, 422, error=translate(error.text))
    if request.form.get("from") == "history":
        return redirect(url_for("games.history", code=game.code), 303)
    return after_change(game)


def after_change(game: Game):
    """htmx gets the fresh panel; a plain form post is redirected (POST → 303 → GET)."""
    if is_htmx():
        return show_game(game)
    return redirect(url_for("games.show", code=game.code), 303)


def screen_context(game: Game, unseen: bool = False) -> dict:
    kind = store.kind_of(game)
    seats = seats_context(game, kind, store.seating(game))["seats"]
    context = {"game": game, "kind": kind, "state": game.state, "view": kind.view(game.state), "seats": seats,
               # Every seat taken: the join code and the devices go to a corner (the live panel says so).
               "all_seated": bool(seats) and all(seat["holder"] for seat in seats)}
    if not is_htmx():  # the join code and devices sit outside the panel: the live update leaves them be
        seat_names: dict[str, list] = {}
        for seat in seats:
            if seat["holder"]:
                seat_names.setdefault(seat["holder"], []).append(translate(seat["name"]))
        context.update(connected=[] if unseen else store.connected_devices(game), seat_names=seat_names,
                       join_url=join.join_url(game.code),
                       show_qr=request.cookies.get(f"qr_hidden_{game.code}") != "1")
    return context


@bp.get("/screen")
def screen(code: str):
    """The group screen: read from across the table, updates live, needs no taps."""
    game = load(code)
    store.touch_presence(game.id, devices.current().id)
    return page_or_block("screen.html", "panel", **screen_context(game))


@bp.post("/screen/qr")
def screen_qr(code: str):
    game = load(code)
    response = redirect(url_for("games.screen", code=game.code), 303)
    security.set_cookie(response, f"qr_hidden_{game.code}", "1" if request.form.get("hide") == "1" else "0",
                        60 * 60 * 24 * 30)
    return response


@bp.get("/calc/<name>")
def calculate(code: str, name: str):
    """A question that changes nothing (the Hand limit now, say): answered from the current state."""
    game = load(code)
    calculator = getattr(store.kind_of(game), "calculators", {}).get(name)
    if calculator is None:
        abort(404)
    try:
        answer, status = translate(calculator(game.state, request.args)), 200
    except RuleError as error:
        answer, status = translate(error.text), 400 if isinstance(error, BadParams) else 422
    return page_or_block("calc.html", "answer", status, game=game, answer=answer, failed=status != 200)


@bp.post("/seat")
@change_limit
def take_seat(code: str):
    game = load(code)
    kind = store.kind_of(game)
    seat_id = request.form.get("seat", "")
    seats = {seat["id"]: seat for seat in kind.seats(game.state)} if hasattr(kind, "seats") else {}
    if seat_id not in seats:
        return show_game(game, 400, error=_("There is no such seat in this game."))
    try:
        store.take_seat(game, seat_id, devices.current().id, take_over=request.form.get("take_over") == "yes")
    except store.SeatTaken as taken:
        holder = devices.device_name(taken.holder_label, taken.holder_id) if taken.holder_id else _("another device")
        return show_game(game, 409, error=_("%(seat)s is held by %(device)s. Tick “Take over” to take it.",
                                            seat=translate(seats[seat_id]["name"]), device=holder))
    return after_change(game)


def watching_cookie(game: Game) -> str:
    return watching_cookie_of(game.code)


def watching_cookie_of(code: str) -> str:
    return f"watching_{code}"


@bp.post("/watch")
def watch(code: str):
    """This device answers "Who is this phone?" with "just watching": it is not asked again."""
    game = load(code)
    response = show_game(game, watching=True) if is_htmx() else redirect(url_for("games.show", code=game.code), 303)
    response = make_response(response)
    security.set_cookie(response, watching_cookie(game), "1", 60 * 60 * 24 * 30)
    return response


@bp.post("/seat/release")
@change_limit
def release_seat(code: str):
    game = load(code)
    store.release_seat(game, devices.current().id)
    return after_change(game)


def history_context(game: Game) -> dict:
    events = store.history(game)
    return {"game": game, "events": events, "undo_target": store.undo_target(game),
            "undone": {e.undoes_seq for e in events if e.undoes_seq},
            "palette": store.kind_of(game).view(game.state).get("palette", "day")}


@bp.get("/history")
def history(code: str):
    return render_template("history.html", **history_context(load(code)))


def draw_every_page(game: Game) -> None:
    """Render the game's page, group screen and history (an import does, before it keeps the game)."""
    render_template("game.html", **game_context(game, unseen=True))
    render_template("screen.html", **screen_context(game, unseen=True))
    render_template("history.html", **history_context(game))


@bp.get("/devices")
def roster(code: str):
    game = load(code)
    store.touch_presence(game.id, devices.current().id)
    return render_template("roster.html", game=game, devices=store.connected_devices(game),
                           me=devices.current())


@bp.post("/rename")
@change_limit
def rename(code: str):
    game = load(code)
    try:
        store.rename(game, short_text(request.form.get("title"), _("The game's name"), 80))
    except BadForm as error:
        return show_game(game, 400, error=str(error))
    return redirect(url_for("games.show", code=game.code), 303)


@bp.post("/archive")
@change_limit
def archive(code: str):
    game = load(code)
    store.set_archived(game, request.form.get("archived") == "1")
    return redirect(url_for("games.show", code=game.code), 303)


@bp.post("/delete")
@change_limit
def delete(code: str):
    game = load(code)
    me = devices.current().id
    if not store.may_delete(game, me):
        return show_game(game, 403, error=_("Only a device that started this game, holds a seat in it or made a "
                                            "change in it can delete it."))
    if request.form.get("confirm") != "yes":
        return show_game(game, 400, error=_("Tick “Yes, delete this game” to delete it."))
    store.delete(game, me)
    return redirect(url_for("home.index"), 303)


@bp.post("/restore")
@change_limit
def restore(code: str):
    """Out of the bin, in one tap from the home page of a device that had it."""
    game = load(code, lambda code: store.find(code, deleted=True))
    if game.deleted_at is not None:
        if not store.may_restore(game, devices.current().id):
            return deleted_answer(game, 403)
        store.restore(game)
    return redirect(url_for("games.show", code=game.code), 303)


def deleted_answer(game: Game, status: int = 410):
    """What a deleted game's code answers, on every path: that it is gone, until when it can be restored, and
    (to a device that had it) the button that restores it."""
    until = store.restore_until(game, expiry.keep_deleted())
    message = _("This game was deleted. It can be restored until %(date)s, then it is gone for good.",
                date=format_date(until))
    if wants_json():
        return jsonify(error=message, status=status, restore_until=until.isoformat() + "Z"), status
    if is_htmx():
        return error_response(status, message)
    deleted_by = store.device_label(game.deleted_by) if game.deleted_by else ""
    return render_template("deleted.html", game=game, message=message, until=until,
                           deleted_by=devices.device_name(deleted_by, game.deleted_by) if game.deleted_by else "",
                           may_restore=store.may_restore(game, devices.current().id),
                           refused=status == 403), status


@bp.get("/export")
def export(code: str):
    game = load(code)
    body = json.dumps(store.export_game(game), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="table-companion-{game.code}-v{game.version}.json"'})
