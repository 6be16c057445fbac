"""The home page: start a game, join by code, recent games, import; device label and language; about."""
from __future__ import annotations

import random
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ..storage import expiry, store
from . import game_icons, security
from .. import kinds
from .i18n import LANG_COOKIE, translate
from ..rules.base import BadParams, RuleError, Text
from . import devices, limits
from .errors import error_response
from .forms import CONTROL, BadForm, action_params, gunzip, json_loads, refusal_text, setup_limits, short_text
from .games import draw_every_page
from .limits import new_game_limit

bp = Blueprint("home", __name__)
TITLE_MAX = 80
GZIP_MAGIC = b"\x1f\x8b"


def home_page(status: int = 200, message: str | None = None):
    every = kinds.every()
    return render_template("home.html", kinds=every, kinds_by_key={kind.key: kind for kind in every}, message=message,
                           recent=store.recent_games(devices.current().id),
                           deleted=store.deleted_games(devices.current().id),
                           device=devices.current()), status


@bp.get("/")
def index():
    expiry.sweep_if_due()
    return home_page()


@bp.get("/about")
def about():
    """What the app is, and the credits the icons' and the font's licences ask for."""
    return render_template("about.html", icons=game_icons.credits())


@bp.get("/shortcuts")
def shortcuts():
    """The keyboard shortcuts' list, fetched by keys.js where a keyboard is used: no game page carries it."""
    return render_template("shortcuts.html")


@bp.post("/join")
def join():
    code = store.normalize_code(request.form.get("code", "")[:40])
    if not code:
        return home_page(400, _("Type the game's code, e.g. K7Q3M."))
    limits.check_code(code)
    try:
        game = store.find(code, deleted=True)  # a deleted one: its page says so
    except store.GameNotFound:
        refusal = limits.wrong_code(code)
        if refusal is not None:
            raise refusal from None
        # Keep what was typed in the box, so a mistyped letter can be seen and fixed.
        return error_response(404, _("No game has the code %(code)s. Check it and try again.", code=code),
                              join_form=True, code=code)
    return redirect(url_for("games.show", code=game.code), 303)


@bp.route("/new/<kind_key>", methods=["GET", "POST"])
@new_game_limit
def new_game(kind_key: str):
    kind = kinds.get(kind_key)
    if kind is None:
        abort(404)
    if request.method == "GET":
        return render_template("setup.html", kind=kind, form={})
    if "players" in request.form:  # a player-count button: the same form with that many rows, nothing lost
        return render_template("setup.html", kind=kind, form=request.form)
    try:
        title = short_text(request.form.get("title", ""), _("The game's name"), TITLE_MAX, required=False)
        game = store.create_game(kind.key, localized_setup(kind, action_params(request.form, setup_limits(kind))),
                                 title or translate(kind.name), random.SystemRandom(), created_by=devices.current().id)
    except BadForm as error:
        return render_template("setup.html", kind=kind, form=request.form, message=str(error)), 400
    except RuleError as error:
        status = 400 if isinstance(error, BadParams) else 422
        return render_template("setup.html", kind=kind, form=request.form,
                               message=translate(refusal_text(error))), status
    store.touch_presence(game.id, devices.current().id)
    seats = kind.seats(game.state)
    if len(seats) == 1:  # one seat (a solo game): "Who is this phone?" has one answer, the starting device
        store.take_seat(game, seats[0]["id"], devices.current().id)
    return redirect(url_for("games.show", code=game.code), 303)


def localized_setup(kind, form: dict) -> dict:
    """Names the players typed in their language, read back into what the rules know (if the kind asks)."""
    return kind.localize_setup(form, lambda msgid: translate(Text(msgid)))


@bp.post("/device")
def label_device():
    try:
        label = short_text(request.form.get("label", ""), _("The device's name"), 40, required=False)
    except BadForm as error:
        return home_page(400, str(error))
    devices.set_label(label)
    return redirect(_safe_next(), 303)


@bp.post("/lang")
def choose_language():
    lang = request.form.get("lang", "")
    if lang not in current_app.config["LANGUAGES"]:
        return home_page(400, _("Unknown language."))
    return remember_for_this_device(LANG_COOKIE, lang)


def remember_for_this_device(cookie: str, value: str):
    """A per-device choice (language, text size): a long-lived cookie, then back where it was made."""
    response = redirect(_safe_next(), 303)
    security.set_cookie(response, cookie, value, devices.TWO_YEARS)
    return response


# Text size, per device: a class on <html> (static/css/app.css scales --text-scale), no inline style.
TEXT_COOKIE = "text_size"
TEXT_SIZES = ("small", "normal", "large")


@bp.app_template_global()
def text_size() -> str:
    size = request.cookies.get(TEXT_COOKIE, "normal")
    return size if size in TEXT_SIZES else "normal"


@bp.post("/text-size")
def choose_text_size():
    size = request.form.get("size", "")
    if size not in TEXT_SIZES:
        return home_page(400, _("Unknown text size."))
    return remember_for_this_device(TEXT_COOKIE, size)


@bp.post("/import")
@new_game_limit
def import_game():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return home_page(400, _("Choose a game file to import."))
    limit = current_app.config["IMPORT_MAX_BYTES"]
    try:
        raw = upload.read(limit + 1)
        if raw[:2] == GZIP_MAGIC:
            raw = gunzip(raw, limit)
        limits.spend_on_import(len(raw))
        game = store.import_game(json_loads(raw), render=draw_every_page, created_by=devices.current().id)
    except BadForm:
        return home_page(400, _("This is not a Table Companion game file."))
    except store.BadImport as error:
        return home_page(400, _(str(error)))
    store.touch_presence(game.id, devices.current().id)
    return redirect(url_for("games.show", code=game.code), 303)


def _safe_next() -> str:
    """Back to where the form was, only to a page of this app (control characters go first: browsers drop
    them, so "/\t/evil.example" would leave the site as "//evil.example")."""
    target = CONTROL.sub("", request.form.get("next", "/"))
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or "\\" in target or parts.scheme or parts.netloc:
        return "/"
    return target
