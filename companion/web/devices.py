"""Each browser is a device: a random id in a long-lived cookie, and an optional label."""
from __future__ import annotations

import hashlib
import re
import secrets

from flask import Flask, Response, g, request, session
from flask_babel import gettext as _

from . import security
from ..storage import store
from .i18n import isolated

DEVICE_COOKIE = "device"
_VALID = re.compile(r"^[A-Za-z0-9_-]{16,32}$")
TWO_YEARS = 60 * 60 * 24 * 730


def current() -> store.DeviceRef:
    """This request's device with its label (kept in the signed session: no lookup per action)."""
    if getattr(g, "device", None) is None:
        if session.get("device_id") != g.device_id:
            session["device_id"], session["device_label"] = g.device_id, store.device_label(g.device_id)
        g.device = store.DeviceRef(g.device_id, session.get("device_label", ""))
    return g.device


TAG_ALPHABET = "ACDEFGHJKLMNPQRTUVWXY34679"  # no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B)


def device_name(label: str, device_id: str) -> str:
    """What other devices see: the chosen label, or a short steady tag ("Device K7Q") until one is set."""
    if label:
        return label
    digest = hashlib.sha256(device_id.encode()).digest()
    tag = "".join(TAG_ALPHABET[b % len(TAG_ALPHABET)] for b in digest[:3])
    return _("Device %(tag)s", tag=tag)


def set_label(label: str) -> None:
    store.set_device_label(current().id, label)
    session["device_label"] = label
    g.device = store.DeviceRef(g.device_id, label)


def init_app(app: Flask) -> None:
    # On a page a device's name is a name a player may have written: isolated (i18n.isolated).
    app.jinja_env.globals["device_name"] = lambda label, device_id: isolated(device_name(label, device_id))

    @app.before_request
    def identify() -> None:
        if request.endpoint == "static":
            g.new_device = False
            return
        cookie = request.cookies.get(DEVICE_COOKIE, "")
        g.new_device = not _VALID.match(cookie)
        g.device_id = secrets.token_urlsafe(16) if g.new_device else cookie

    @app.after_request
    def remember(response: Response) -> Response:
        if getattr(g, "new_device", False):
            security.set_cookie(response, DEVICE_COOKIE, g.device_id, TWO_YEARS)
        return response
