"""A game's pages: the controller, actions through the pipeline, undo, history, settings."""
from __future__ import annotations

import json
import random

from flask import Blueprint, Response, abort, current_app, g, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from . import security
from ..storage import store
from .i18n import current_language, translate
from ..storage.models import Event, Game, utcnow
from ..rules.table_settings import turn_time_shown
from ..rules.base import (N_, BadParams, NotThisSeatsMoment, RuleError, Text, another_seats_moment,
                          another_seats_undo)
from ..rules.mage_knight.score_parts import score_parts
from . import devices, evening, join, panel_cache
from .action_forms import ActionForms
from .errors import deleted_answer, error_response
from .limits import change_limit
from .forms import BadForm, action_params, refusal_text, short_text, version
from .render import draw_block, draw_template, is_htmx, page_or_block

bp = Blueprint("games", __name__, url_prefix="/g/<code>")


def seats_context(game: Game, kind, held: dict[str, tuple[str, str]]) -> dict:
    """The game's seats with who holds them (none for a kind without seats), and this device's seat with its
    cue (your turn …)."""
    me = devices.current().id
    seats = []
    for seat in kind.seats(game.state):
        holder, label = held.get(seat["id"], (None, ""))
        seats.append({**seat, "holder": holder, "mine": holder == me, "holder_label": "" if holder == me else label})
    mine = next((seat for seat in seats if seat["mine"]), None)
    moment_seat = kind.moment_seat(game.state) if seats else None
    return {"seats": seats, "my_seat": mine,
            "my_status": kind.seat_status(game.state, mine["id"]) if mine else None,
            "for_seat": another_seats_moment(kind, game.state, mine["id"] if mine else None),
            "moment_seat": moment_seat,
            "moment_seat_name": next((s["name"] for s in seats if s["id"] == moment_seat), ""),
            "act_step": {"inside": False}}  # macros.html `act_for`: drawing its controls now


def game_context(shot: store.Snapshot, *, live: bool | None = None, kind_view: dict | None = None, **extra) -> dict:
    """What the panel shows, from one snapshot (a render asks the store nothing more). `live`: the panel
    alone, as every device of its view gets it: no CSRF field (the page sends its token as a header).
    `kind_view`: the kind's view of this very state, if worked out already."""
    game, kind = shot.game, shot.kind
    live = is_htmx() if live is None else live
    view = kind.view(game.state) if kind_view is None else kind_view
    context = {"game": game, "kind": kind, "state": game.state, "view": view,
               "last_event": shot.last_event, "news": news_of(kind, shot.last_event, game.state),
               "undo_target": shot.undo_target,
               "live": live,
               "me": devices.current(), "act_url": url_for("games.act", code=game.code),
               **seats_context(game, kind, shot.seating), **extra}
    context["watching"] = watching(game.code)
    context["ask_seat"] = bool(context["seats"]) and not context["my_seat"] and not context["watching"]
    context["device_view"] = device_view(view_of(context["my_seat"] and context["my_seat"]["id"],
                                                 context["me"], context["watching"]))
    # Whose controls `act_for` (macros.html) folds behind "Act for …": in a live panel (its kind part drawn
    # once for every device) at every seat's moment, opened by app.js on that seat's phone; in a whole page
    # (this device's alone) only on another seat's phone.
    context["fold_for"] = context["moment_seat"] if live else context["for_seat"]
    context["undo_for"] = undo_for(shot.undo_target, context["seats"], context["my_seat"])
    if live:
        context["csrf_field"] = lambda: ""
    else:
        # Only a whole page with its roster offers deletion (an import's first drawing has none to offer).
        context.update(devices=shot.connected or [], join_url=join.join_url(game.code), may_delete=shot.may_delete)
    context["forms"] = ActionForms(context["act_url"], game.version, context["act_step"], context["fold_for"],
                                   context.get("csrf_field", security.csrf_field))
    # How the game went (its summary's folded section): read from the history only when that section is drawn.
    context.update(evening=lambda: evening.course_of(game), fame_chart=evening.fame_chart,
                   chapter_chart=evening.chapter_chart, campaign_of=evening.campaign_of,
                   campaign_chart=evening.campaign_chart, minutes=evening.minutes, score_parts=score_parts,
                   parts_chart=evening.parts_chart)
    context.setdefault("kind_panel", lambda: Markup(draw_template(kind.template, **context)))
    return context


NEWS_SHOWN = 2  # the group screen fits them (tests/browser/test_kiosk_screen.py); the rest stay in the notes


def news_of(kind, event: Event | None, state: dict | None = None) -> list[Text]:
    """What the last change brought that the table should see at once (a kind's `headlines`: the minions
    swapping, a rescue, a cheese an ability put down), shown unfolded until the next change; all its notices
    stay in its notes. Before the first change, what the setup did (a kind's `opening_news` of `state`)."""
    marked = kind.headlines
    if event is None:
        return kind.opening_news(state)[:NEWS_SHOWN] if state is not None else []
    if not marked:
        return []
    return [Text.from_json(n) for n in event.notices if isinstance(n, dict) and n.get("msgid") in marked][:NEWS_SHOWN]


def history_notes(kind, event: Event) -> list[Text]:
    """What the history shows under a change besides its label: the notes a kind keeps for the history (a
    chapter's summary under the change that ended it), then its news."""
    kept = [Text.from_json(n) for n in event.notices if isinstance(n, dict) and n.get("msgid") in kind.history_notes]
    return kept + news_of(kind, event)


def undo_for(target: Event | None, seats: list[dict], my_seat: dict | None) -> dict | None:
    """The seat behind "Undo for …" on this seated phone (another device's change at that seat's moment), or
    None: one tap. "Made here" is read from the seating, not the cookie: the panel stays one per view."""
    if target is None or my_seat is None:
        return None
    seat_id = another_seats_undo(target.moment_seat, target.device_id == my_seat["holder"], my_seat["id"])
    return next((seat for seat in seats if seat["id"] == seat_id), None)


def show_game(shot: store.Snapshot, status: int = 200, **extra):
    """The game's page, or for htmx its live panel (with `extra`, an error: this device's own)."""
    if is_htmx() and not extra:
        return panel_cache.answer(live_panel(shot))
    return page_or_block("game.html", "panel", status, **game_context(shot, **extra))


def view_of(my_seat: str | None, me: store.DeviceRef, watching: bool) -> panel_cache.View:
    """What a live panel shows of the device itself: its seat, a name (offered when seated), just watching."""
    return panel_cache.View(my_seat, bool(me.label) and my_seat is not None, watching and my_seat is None)


def device_view(view: panel_cache.View) -> str:
    """The view and language as the page sees it (data-device-view): a panel the stream brings, drawn from
    the stream's older cookies, is used only if it matches."""
    return f"{view.seat or ''}.{int(view.named)}.{int(view.watching)}.{current_language()}"


def live_panel(shot: store.Snapshot) -> panel_cache.Panel:
    """This device's live panel for the game as `shot` read it: kept, or drawn and kept for its view."""
    game = shot.game
    key = panel_cache.moment_key(game.id, game.code, game.created_at, store.live_token(game))
    moment = panel_cache.cache().moment(key, {seat[0]: seat_id for seat_id, seat in shot.seating.items()})
    return kept_panel(moment) or draw_panel(moment, shot)


def kept_for(key: panel_cache.MomentKey) -> panel_cache.Panel | None:
    moment = panel_cache.cache().kept(key)
    return None if moment is None else kept_panel(moment)


def device_view_of(moment: panel_cache.Moment) -> panel_cache.View:
    me = devices.current()
    return view_of(moment.seat_of.get(me.id), me, watching(moment.key.game.code))


def kept_panel(moment: panel_cache.Moment) -> panel_cache.Panel | None:
    return moment.panels.get(device_view_of(moment))


def keep_panel(moment: panel_cache.Moment, view: panel_cache.View, html: str) -> panel_cache.Panel:
    shown_as = device_view(view)
    panel = moment.panels[view] = panel_cache.Panel(html, shown_as, panel_cache.cache().etag(moment.key, shown_as))
    return panel


def draw_panel(moment: panel_cache.Moment, shot: store.Snapshot) -> panel_cache.Panel:
    """Draw and keep this device's view of `moment`; the kind's part once for every view."""
    store.done_reading()  # no connection held while drawing
    context = game_context(shot, live=True, kind_view=moment.kind_view)
    moment.kind_view = context["view"]
    if moment.kind_html is None:
        moment.kind_html = draw_template(context["kind"].template, **context)
    kind_html = moment.kind_html
    context["kind_panel"] = lambda: Markup(kind_html)
    view = view_of(context["my_seat"] and context["my_seat"]["id"], context["me"], context["watching"])
    return keep_panel(moment, view, draw_block("game.html", "panel", **context))


def panel_at(code: str, row: store.LiveRow | None = None, seen_by: str | None = None) -> panel_cache.Panel | None:
    """This device's live panel for the game now, or exactly at `row` (a stream's token): kept, or drawn by
    one device of its view while the others wait. None if the game is gone or past `row`."""
    row = row or store.live_row(code)
    if row is None:
        return None
    if seen_by is not None:
        store.touch_presence(row.id, seen_by)
    cache = panel_cache.cache()
    key = panel_cache.moment_key(row.id, code, row.created_at, row.token)
    found = kept_for(key)
    if found is not None:
        return found
    store.done_reading()  # no connection held while waiting: the device drawing needs one
    with cache.drawing(key):
        found = kept_for(key)  # drawn meanwhile by a device of the same view
        if found is not None:
            return found
        try:
            store.one_statement_each()  # one read, nothing written: no transaction around it
            shot = store.find_with_snapshot(code)
        except store.GameNotFound:
            return None
        if store.live_token(shot.game) != row.token:
            return None  # moved on since: the devices hear of that next
        return live_panel(shot)


@bp.get("")
def show(code: str):
    if is_htmx():
        found = panel_at(store.normalize_code(code), seen_by=devices.current().id)
        if found is not None:
            return panel_cache.answer(found)
    return show_game(store.find_with_snapshot(code, devices.current().id, roster=True))


@bp.get("/folded/<section>")
def folded(code: str, section: str):
    """A section folded below the moment, fetched when opened (the live panel carries its summary only)."""
    shot = store.find_with_snapshot(code)
    out: dict = {}
    draw_block("game.html", "panel", **game_context(shot, folded_only=section, folded_out=out))
    if "body" not in out:
        # No such section at this moment of the game. A page opening it was drawn at a moment that had it (a
        # Mice and Mystics fold opened as the chapter ended, crawler seed 227): the live panel that follows
        # replaces it, so htmx is told there is nothing to swap (a 404 would be an error in the page's console).
        if is_htmx():
            return "", 204
        abort(404)
    return page_or_block("folded.html", "body", game=shot.game, **out)


@bp.post("/act")
@change_limit
def act(code: str):
    seen = version(request.form.get("version"))
    action = short_text(request.form.get("action"), _("The action"), 40)
    return answer(code, store.page_action(code, devices.current(), action, action_params(request.form), seen,
                                          random.SystemRandom(), for_seat=request.form.get("for_seat"),
                                          whole_page=not is_htmx(), translate=lambda msgid: translate(Text(msgid))))


@bp.post("/undo")
@change_limit
def undo(code: str):
    seen = version(request.form.get("version"))
    from_history = request.form.get("from") == "history"
    shot = store.page_undo(code, devices.current(), seen, for_seat=request.form.get("for_seat"),
                           whole_page=from_history or not is_htmx())
    if shot is None and from_history:
        return redirect(url_for("games.history", code=code), 303)
    return answer(code, shot, undone=True)


@bp.errorhandler(BadForm)
def refused_form(bad: BadForm):
    """A form the page could not have sent (tampered, stale): 400 with the game as it is, unchanged."""
    if request.method != "POST":
        return error_response(400, str(bad))
    try:
        assert request.view_args is not None  # the blueprint's routes all name their game
        shot = store.find_with_snapshot(request.view_args["code"], devices.current().id, roster=not is_htmx())
    except store.GameNotFound as missing:
        return current_app.handle_user_exception(missing)  # 404 or 410, as for any other request
    return show_game(shot, 400, error=str(bad))


def answer(code: str, shot: store.Snapshot | None, undone: bool = False):
    """A tap answered: htmx gets the fresh panel, a plain form post a redirect (303); a refusal its message."""
    if shot is None:
        return redirect(url_for("games.show", code=code), 303)
    if shot.refused is None:
        return show_game(shot)
    status, error = refusal(shot.refused, undone)
    return show_game(shot, status, error=error)


def refusal(refused: store.Refusal, undone: bool) -> tuple[int, Text]:
    """The status and the players' message (the page translates it) for a tap the game did not take."""
    if isinstance(refused, store.TapCameTwice):
        return 409, Text(N_("That tap came twice: it undid one change. This is the game now.") if undone
                         else N_("That tap came twice: it counted once. This is the game now."))
    if isinstance(refused, store.TapNoLongerApplies):
        return 409, Text(N_("Your tap before this one moved the game on, and this Undo no longer applies: nothing "
                            "was undone. This is the game now.") if undone
                         else N_("Your tap before this one moved the game on, and this tap no longer applies: "
                                 "nothing was applied. This is the game now."))
    if isinstance(refused, store.StaleVersion):
        return 409, Text(N_("Someone else changed the game first. This is the game now; nothing was undone.")
                         if undone else N_("Someone else changed the game first. This is the game now; nothing "
                                           "was applied."))
    if isinstance(refused, NotThisSeatsMoment):
        return 403, refused.text
    return 400 if isinstance(refused, BadParams) else 422, refusal_text(refused)


def after_change(game: Game, status: int = 200, error: str | None = None):
    """As `answer`, for a change made without the pipeline (a seat, a setting)."""
    if status == 200 and not is_htmx():
        return redirect(url_for("games.show", code=game.code), 303)
    shot = store.snapshot(game, devices.current().id, roster=not is_htmx())
    return show_game(shot, status, **({"error": error} if error else {}))


def screen_context(game: Game, unseen: bool = False) -> dict:
    kind = store.kind_of(game)
    seats = seats_context(game, kind, store.seating(game))["seats"]
    over = kind.is_over(game.state)
    context = {"game": game, "kind": kind, "state": game.state, "view": kind.view(game.state), "seats": seats,
               "news": news_of(kind, store.latest_event(game), game.state),
               # Every seat taken, or the game (the chapter) over: nobody joins now, the join code and the devices go
               # to a corner (the live panel says so) and the free seats are no longer named.
               "join_folded": over or (bool(seats) and all(seat["holder"] for seat in seats)),
               # At the game's or the chapter's end, its main chart (read from the history only then).
               "evening": lambda: evening.course_of(game), "fame_chart": evening.fame_chart,
               "chapter_chart": evening.chapter_chart, "minutes": evening.minutes,
               # The table's setting: the current turn's and round's minutes so far, quiet (app.js ticks them).
               "turn_time": turn_time(game) if turn_time_shown(game.state) and not over else None}
    if not is_htmx():  # the join code and devices sit outside the panel: the live update leaves them be
        context.update(devices_context(game, seats, unseen), join_url=join.join_url(game.code),
                       # The join code shows until every seat is taken or the table folds it: then a chip.
                       join_open=not context["join_folded"] and request.cookies.get(f"qr_hidden_{game.code}") != "1")
    return context


def turn_time(game: Game) -> dict[str, dict | None] | None:
    """The group screen's turn time of a game under way: for the turn and the round, when it began (ISO, UTC) and
    its seconds so far by the server's clock (a tablet's own clock may be wrong: app.js counts on from these); the
    turn's None when the game is in nobody's turn. None when no round goes on."""
    now, began = utcnow(), evening.under_way(game)
    if began["round"] is None:
        return None
    return {part: None if at is None else {"since": at.isoformat(timespec="seconds") + "Z",
                                           "seconds": max(0, int((now - at).total_seconds()))}
            for part, at in began.items()}


def seat_names_by_device(seats: list[dict]) -> dict[str, list]:
    names: dict[str, list] = {}
    for seat in seats:
        if seat["holder"]:
            names.setdefault(seat["holder"], []).append(translate(seat["name"]))
    return names


def devices_context(game: Game, seats: list[dict], unseen: bool = False) -> dict:
    """The group screen's connected devices, each with the seats it holds."""
    return {"connected": [] if unseen else store.connected_devices(game), "seat_names": seat_names_by_device(seats)}


@bp.get("/screen/devices")
def screen_devices(code: str):
    """The group screen's devices again (asked every 15 s): a phone joining changes no game, nothing is pushed."""
    game = store.find(code)
    if not is_htmx():
        return redirect(url_for("games.screen", code=game.code), 303)
    seats = seats_context(game, store.kind_of(game), store.seating(game))["seats"]
    return page_or_block("screen.html", "screen_devices", game=game, again=True, **devices_context(game, seats))


@bp.get("/screen")
def screen(code: str):
    """The group screen: read from across the table, updates live, needs no taps."""
    game = store.find(code)
    store.touch_presence(game.id, devices.current().id)
    return page_or_block("screen.html", "panel", **screen_context(game))


@bp.post("/screen/this")
def screen_here(code: str):
    """The creating tablet is the group screen: it holds no seat (not asked again) and opens the screen."""
    game = store.find(code)
    target = url_for("games.screen", code=game.code)
    # From a live panel (htmx, the token in a header): the browser itself goes there.
    response = make_response("", 204, {"HX-Redirect": target}) if is_htmx() else redirect(target, 303)
    security.set_cookie(response, watching_cookie(game.code), "1", 60 * 60 * 24 * 30)
    return response


@bp.post("/screen/qr")
def screen_qr(code: str):
    game = store.find(code)
    response = redirect(url_for("games.screen", code=game.code), 303)
    security.set_cookie(response, f"qr_hidden_{game.code}", "1" if request.form.get("hide") == "1" else "0",
                        60 * 60 * 24 * 30)
    return response


@bp.get("/qr.svg")
def qr(code: str):
    """The game's join QR code as an image: a phone's page loads it only when scrolled near (the group screen
    draws it inline, at once)."""
    game = store.find(code)
    return Response(join.qr_image(join.join_url(game.code)), mimetype="image/svg+xml",
                    headers={"Cache-Control": "private, max-age=3600"})


@bp.get("/calc/<name>")
def calculate(code: str, name: str):
    """A question that changes nothing (the Hand limit now, say): answered from the current state."""
    game = store.find(code)
    calculator = store.kind_of(game).calculators.get(name)
    if calculator is None:
        abort(404)
    try:
        answer, status = translate(calculator(game.state, request.args)), 200
    except RuleError as error:
        answer, status = translate(refusal_text(error)), 400 if isinstance(error, BadParams) else 422
    return page_or_block("calc.html", "answer", status, game=game, answer=answer, failed=status != 200)


@bp.post("/seat")
@change_limit
def take_seat(code: str):
    game = store.find(code)
    kind = store.kind_of(game)
    seat_id = request.form.get("seat", "")
    seats = {seat["id"]: seat for seat in kind.seats(game.state)}
    if seat_id not in seats:
        return after_change(game, 400, _("There is no such seat in this game."))
    try:
        store.take_seat(game, seat_id, devices.current().id, take_over=request.form.get("take_over") == "yes")
    except store.SeatTaken as taken:
        holder = devices.device_name(taken.holder_label, taken.holder_id) if taken.holder_id else _("another device")
        return after_change(game, 409, _("%(seat)s is held by %(device)s. Tick “Take over” to take it.",
                                         seat=translate(seats[seat_id]["name"]), device=holder))
    return after_change(game)


def watching_cookie(code: str) -> str:
    return f"watching_{code}"


def watching(code: str) -> bool:
    """This device said it is just watching (in this request, or before)."""
    return g.get("watching", False) or request.cookies.get(watching_cookie(code)) == "1"


@bp.post("/watch")
def watch(code: str):
    """This device answers "Who is this phone?" with "just watching": it is not asked again."""
    game = store.find(code)
    g.watching = True  # the cookie goes out with this answer: the panel is drawn as it will be
    response = make_response(after_change(game))
    security.set_cookie(response, watching_cookie(game.code), "1", 60 * 60 * 24 * 30)
    return response


@bp.post("/seat/release")
@change_limit
def release_seat(code: str):
    game = store.find(code)
    store.release_seat(game, devices.current().id)
    return after_change(game)


def history_context(game: Game) -> dict:
    events = store.history(game)
    target = store.undo_target(game)
    kind = store.kind_of(game)
    seats = seats_context(game, kind, store.seating(game))
    return {"game": game, "events": events, "undo_target": target,
            "news_of": lambda event: history_notes(kind, event),  # what each change brought besides itself
            # The history is a deliberate place of its own: its Undo carries the step's mark.
            "undo_for": undo_for(target, seats["seats"], seats["my_seat"]),
            "undone": {e.undoes_seq for e in events if e.undoes_seq},
            "seat_names": seat_names_by_device(seats["seats"]),  # a seated phone is its player, not "Device J4Q"
            "palette": store.kind_of(game).view(game.state).get("palette", "day")}


@bp.get("/history")
def history(code: str):
    return render_template("history.html", **history_context(store.find(code)))


def draw_every_page(game: Game) -> None:
    """Render the game's page, group screen and history (an import does, before it keeps the game)."""
    render_template("game.html", **game_context(store.snapshot(game), live=False))
    render_template("screen.html", **screen_context(game, unseen=True))
    render_template("history.html", **history_context(game))


@bp.get("/devices")
def roster(code: str):
    game = store.find(code)
    store.touch_presence(game.id, devices.current().id)
    return render_template("roster.html", game=game, devices=store.connected_devices(game),
                           me=devices.current())


@bp.post("/rename")
@change_limit
def rename(code: str):
    game = store.find(code)
    store.rename(game, short_text(request.form.get("title"), _("The game's name"), 80))
    return redirect(url_for("games.show", code=game.code), 303)


@bp.post("/archive")
@change_limit
def archive(code: str):
    game = store.find(code)
    store.set_archived(game, request.form.get("archived") == "1")
    return redirect(url_for("games.show", code=game.code), 303)


@bp.post("/delete")
@change_limit
def delete(code: str):
    game = store.find(code)
    me = devices.current().id
    if not store.may_delete(game, me):
        return after_change(game, 403, _("Only a device that started this game, holds a seat in it or made a "
                                         "change in it can delete it."))
    if request.form.get("confirm") != "yes":
        return after_change(game, 400, _("Tick “Yes, delete this game” to delete it."))
    store.delete(game, me)
    return redirect(url_for("home.index"), 303)


@bp.post("/restore")
@change_limit
def restore(code: str):
    """Out of the bin, in one tap from the home page of a device that had it."""
    game = store.find(code, deleted=True)
    if game.deleted_at is not None:
        if not store.may_restore(game, devices.current().id):
            return deleted_answer(game, 403)
        store.restore(game)
    return redirect(url_for("games.show", code=game.code), 303)


@bp.get("/export")
def export(code: str):
    game = store.find(code)
    body = json.dumps(store.export_game(game), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="table-companion-{game.code}-v{game.version}.json"'})
