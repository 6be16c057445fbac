"""The join link and its QR code: an absolute URL that phones on the same network can open."""
from __future__ import annotations

import io
import socket
from functools import lru_cache
from urllib.parse import urlsplit

import segno
from flask import current_app, request, url_for
from markupsafe import Markup

LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}


@lru_cache(maxsize=1)
def lan_address() -> str:
    """This machine's address on the local network (a UDP connect() only picks a route: no packet)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def base_url() -> str:
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured.rstrip("/")
    parts = urlsplit(request.host_url)
    host = parts.hostname or "localhost"
    if host in LOOPBACK:
        # The tablet opened the app on the server itself: phones need the LAN address instead.
        port = f":{parts.port}" if parts.port else ""
        return f"{parts.scheme}://{lan_address()}{port}"
    return request.host_url.rstrip("/")


def join_url(code: str) -> str:
    return base_url() + url_for("games.show", code=code)


def qr_svg(url: str) -> Markup:
    """The QR code as inline SVG (no external image, no inline style: fits the CSP)."""
    return Markup(segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff",
                                                        omitsize=True, title=url))


def qr_image(url: str) -> bytes:
    """The QR code as an SVG file, for an <img>."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, dark="#000", light="#fff", title=url)
    return out.getvalue()


def init_app(app) -> None:
    app.jinja_env.globals["qr_svg"] = qr_svg
