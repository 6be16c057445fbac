"""CSRF on every form and htmx request, a strict Content-Security-Policy, careful cookies."""
from __future__ import annotations

import time

from flask import Flask, Response, request, session
from flask_wtf.csrf import CSRFProtect, generate_csrf
from markupsafe import Markup

csrf = CSRFProtect()

# No inline script and no eval anywhere: htmx is configured by a meta tag and our own JS is a file.
CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    # NoSleep.js (the screen wake fallback where the Wake Lock API is missing) plays a tiny silent
    # video from a data: URI; nothing else of ours plays media.
    "media-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


IMPORTS = {"home.import_game", "api.import_game"}


def fragment() -> bool:
    """An htmx request for a fragment (not a boosted page): the page it lands in sends the token."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def day_number() -> int:
    """Days since 1970 (UTC): when the session cookie was last renewed."""
    return int(time.time() // (24 * 60 * 60))


def init_app(app: Flask) -> None:
    @app.before_request
    def import_limit() -> None:
        # Before the CSRF check reads the form: a game file may be larger than any other request.
        if request.endpoint in IMPORTS:
            request.max_content_length = app.config["IMPORT_MAX_BYTES"]

    csrf.init_app(app)

    @app.before_request
    def keep_session() -> None:
        # The CSRF token lives in the session: keep it for months so a long game never loses it. The
        # cookie's months start again once a day, not with every answer: signing it anew cost more
        # than the rest of a live update (SESSION_REFRESH_EACH_REQUEST is off).
        if request.endpoint != "static":
            if not session.permanent:
                session.permanent = True
            today = day_number()
            if session.get("renewed") != today:
                session["renewed"] = today

    @app.context_processor
    def csrf_fields() -> dict:
        # generate_csrf keeps the request's token: a page with dozens of forms signs it once. A live panel
        # (an htmx fragment) has no field at all: the page sends its token as a header (base.html's
        # hx-headers), so the panel is the same for every device; a whole page, the no-JavaScript path,
        # has one in every form.
        field = lambda: "" if fragment() else Markup(  # noqa: E731
            f'<input type="hidden" name="csrf_token" value="{generate_csrf()}">')
        return {"csrf_token": generate_csrf, "csrf_field": field}

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response
