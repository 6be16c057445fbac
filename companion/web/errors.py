"""Bad input gets a clear page (or fragment) and a 4xx; nothing here ever answers 500 on purpose."""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .forms import BadForm
from .render import is_htmx


def wants_json() -> bool:
    return request.path.startswith("/api/")


def error_response(status: int, message: str, join_form: bool = False, code: str = ""):
    if wants_json():
        return jsonify(error=message, status=status), status
    if is_htmx():
        # Into the page's message area, not over the panel the request targeted.
        return render_template("error_fragment.html", message=message), status, {
            "HX-Retarget": "#flash", "HX-Reswap": "innerHTML"}
    return render_template("error.html", status=status, message=message, join_form=join_form, code=code), status


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
        return error_response(status, messages.get(status, error.name))

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("unexpected error", exc_info=error)
        return error_response(500, _("Something went wrong on the server. Nothing was changed; "
                                     "reload the page."))
