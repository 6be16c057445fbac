"""CSRF on every form and htmx request, a strict Content-Security-Policy, careful cookies."""
from __future__ import annotations

import time

from flask import Flask, Response, current_app, has_request_context, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect, generate_csrf
from markupsafe import Markup
from werkzeug.wrappers import Response as AnyResponse

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


# Browsers that met the app over https keep to https for a year. Not for subdomains: the host may be
# a club's, with other services of its own.
HSTS = "max-age=31536000"


def over_https() -> bool:
    """This request came over https: to the server's own certificate (TLS_CERT), or through a proxy the
    app believes (PROXIES, X-Forwarded-Proto), or the app is published at an https address (PUBLIC_URL:
    a proxy in front terminates TLS, whether it says so or not). Plain http on a LAN is none of these."""
    return request.is_secure or current_app.config.get("PUBLIC_URL", "").lower().startswith("https://")


def set_cookie(response: AnyResponse, name: str, value: str, max_age: int) -> None:
    """Every cookie of the app's own: out of scripts' reach, not sent by other sites' forms, and over https
    Secure (never sent over plain http, where it could be read on the way)."""
    response.set_cookie(name, value, max_age=max_age, httponly=True, samesite="Lax",
                        secure=has_request_context() and over_https())


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie (it holds the CSRF token) is Secure over https, like the app's other cookies."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and over_https())


IMPORTS = {"home.import_game", "api.import_game"}


def fragment() -> bool:
    """An htmx request for a fragment (not a boosted page): the page it lands in sends the token."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def day_number() -> int:
    """Days since 1970 (UTC): when the session cookie was last renewed."""
    return int(time.time() // (24 * 60 * 60))


def csrf_field() -> Markup:
    """A form's CSRF field: none in an htmx fragment (its page sends the token as a header)."""
    return Markup("") if fragment() else Markup('<input type="hidden" name="csrf_token" value="{}">').format(
        generate_csrf())


def init_app(app: Flask) -> None:
    @app.before_request
    def import_limit() -> None:
        # Before the CSRF check reads the form: a game file may be larger than any other request.
        if request.endpoint in IMPORTS:
            request.max_content_length = app.config["IMPORT_MAX_BYTES"]

    csrf.init_app(app)
    app.session_interface = SessionInterface()

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
        return {"csrf_token": generate_csrf, "csrf_field": csrf_field}

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        if over_https():
            response.headers.setdefault("Strict-Transport-Security", HSTS)
        return response
