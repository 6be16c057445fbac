"""Bad input gets a clear page (or fragment) and a 4xx; a database that cannot serve now a 503 that says to
wait; nothing here ever answers 500 on purpose."""
from __future__ import annotations

import math

import sqlalchemy as sa
from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import format_date, gettext as _
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, TooManyRequests

from ..storage import database, expiry, store
from ..storage.models import Game, db
from . import devices
from .forms import BadForm
from .limits import retry_after, wrong_code
from .render import is_htmx
from .turns import Busy


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str, join_form: bool = False, code: str = "", headers: dict | None = None):
    headers = dict(headers or {})
    if wants_json():
        return jsonify(error=message, status=status), status, headers
    if is_htmx():
        # Into the page's message area, not over the panel the request targeted.
        return render_template("error_fragment.html", message=message), status, {
            **headers, "HX-Retarget": "#flash", "HX-Reswap": "innerHTML"}
    return render_template("error.html", status=status, message=message, join_form=join_form,
                           code=code), status, headers


def deleted_answer(game: Game, status: int = 410):
    """A deleted game's code, on every path: gone, restorable until when, and (where allowed) how."""
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


# What a 503 asks a client to wait when the database itself cannot serve (down, restarting, its disk full).
DOWN_RETRY_SECONDS = 15


def wait_answer(error: Exception):
    """503 with Retry-After: the database could not serve this request now; nothing it began was kept."""
    try:
        db.session.rollback()
    except sa.exc.SQLAlchemyError:
        pass  # the connection is gone: nothing of it to keep either
    if isinstance(error, Busy) or getattr(getattr(error, "orig", None), "sqlstate", None) == "55P03":
        current_app.logger.warning("a game waited too long for its turn: %s", error)
        message = _("This game is busy: another change to it is taking too long. Nothing was changed; "
                    "wait a few seconds and try again.")
        wait = math.ceil(current_app.config["GAME_WAIT_SECONDS"])
    elif database.busy(error):
        current_app.logger.warning("the database is busy: %s", error)
        message = _("The server is too busy just now. Nothing was changed; wait a few seconds and try again.")
        wait = math.ceil(current_app.config["GAME_WAIT_SECONDS"])
    else:
        current_app.logger.error("the database cannot serve: %s", error)
        message = _("The server cannot save anything just now: its database is out of reach or its disk is "
                    "full. Nothing was changed; wait a little and try again.")
        wait = DOWN_RETRY_SECONDS
    return error_response(503, message, headers={"Retry-After": str(max(1, wait))})


def said_why(error: HTTPException) -> bool:
    """A 429 that carries its own message (which limit, what to do), not the default one."""
    if isinstance(error, RateLimitExceeded):
        return bool(error.limit.error_message)
    return isinstance(error, TooManyRequests) and error.description != TooManyRequests.description


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(_error):
        return error_response(400, _("This page is out of date or came from elsewhere. "
                                     "Reload it and try again."))

    @app.errorhandler(BadForm)
    def bad_form(error: BadForm):
        return error_response(400, str(error))

    @app.errorhandler(404)
    def not_found(_error):
        return error_response(404, _("There is no game or page here. Check the code and try again."),
                              join_form=True)

    @app.errorhandler(store.GameNotFound)
    def no_such_game(error: store.GameNotFound):
        if isinstance(error, store.GameDeleted):
            return deleted_answer(error.game)
        refusal = wrong_code(error.args[0])
        return other_http(refusal) if refusal is not None else not_found(error)

    @app.errorhandler(413)
    def too_large(_error):
        return error_response(400, _("That was too much data to send. Nothing was changed."))

    @app.errorhandler(HTTPException)
    def other_http(error: HTTPException):
        status = error.code or 400
        messages = {400: _("That request could not be understood. Nothing was changed."),
                    405: _("That is not how this page is used. Nothing was changed."),
                    408: _("The request arrived too slowly. Nothing was changed."),
                    429: _("Too many tries from this device. Wait a while and try again.")}
        why = error.description if status == 429 and said_why(error) else None
        message = why if why is not None else messages.get(status, error.name)
        headers = {}
        wait = retry_after(error) if isinstance(error, TooManyRequests) else None
        if wait:
            headers["Retry-After"] = str(wait)
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            headers["Allow"] = ", ".join(sorted(error.valid_methods))  # RFC 9110: a 405 says which
        return error_response(status, message, headers=headers)

    @app.errorhandler(Busy)
    def game_busy(error: Busy):
        return wait_answer(error)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        if database.busy(error) or database.unavailable(error):
            return wait_answer(error)
        app.logger.exception("unexpected error", exc_info=error)
        return error_response(500, _("Something went wrong on the server. Nothing was changed; "
                                     "reload the page."))
