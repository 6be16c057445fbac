"""Static files under content-hashed URLs, so browsers may cache them for a year."""
from __future__ import annotations

import gzip
import hashlib
import os
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, current_app, g, request, url_for
from jinja2 import pass_context
from jinja2.runtime import Context
from werkzeug.security import safe_join
from flask_compress import Compress

from . import game_icons
from ..rules.base import GameKind


def static_folder() -> str:
    """The app's static folder (Flask's types allow an app none; this one always has it)."""
    folder = current_app.static_folder
    assert folder is not None
    return folder


@lru_cache(maxsize=256)
def _digest(path: str, mtime: float) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def page_kind(context: Context) -> str | None:
    """The game kind a template draws: its `game`'s, or on a setup page its `kind`; none on a page of no game."""
    game, kind = context.get("game"), context.get("kind")
    return getattr(game, "kind", None) or (kind.key if isinstance(kind, GameKind) else None)


@pass_context
def icon_sprite(context: Context) -> str:
    """The URL of the sprite with the icons of the game the template draws (the chrome's on a page of no game),
    the same for a whole page and for each of its live panels. Looked up once per request and sprite: a page
    draws dozens of icons."""
    name = game_icons.sprite_file(page_kind(context))
    urls = g.setdefault("icon_sprites", {})
    if name not in urls:
        urls[name] = asset_url(f"vendor/{name}")
    return urls[name]


@pass_context
def style_sheets(context: Context, screen: bool = False) -> list[str]:
    """The style sheets a page loads, in order (build_steps/bundles.py minifies static/css/): every page's,
    then its game's, and on the group screen the screen's and its game's there. A Mage Knight phone loads
    none of Mice and Mystics' rules, nor the group screen's."""
    kind = page_kind(context)
    names = ["app", kind, *(["screen", kind and f"{kind}_screen"] if screen else [])]
    folder = Path(static_folder()) / "vendor" / "css"
    return [asset_url(f"vendor/css/{name}.css") for name in names if name and (folder / f"{name}.css").exists()]


def asset_url(filename: str) -> str:
    path = Path(static_folder()) / filename
    try:
        version = _digest(str(path), path.stat().st_mtime)
    except FileNotFoundError:
        version = "missing"
    return url_for("static", filename=filename, v=version)


COMPRESSIBLE = {"text/css", "application/javascript", "text/javascript", "image/svg+xml",
                "application/manifest+json"}


@lru_cache(maxsize=64)
def _gzipped(path: str, mtime: float) -> bytes:
    """The file gzipped: as bin/setup compressed it ahead (build_steps/precompress.py: Zopfli, smaller), unless the
    file changed since; else by zlib at its best, here."""
    ahead = Path(path + ".gz")
    try:
        if ahead.stat().st_mtime >= mtime:
            return ahead.read_bytes()
    except FileNotFoundError:
        pass
    return gzip.compress(Path(path).read_bytes(), compresslevel=9, mtime=0)


def gzip_static(response: Response) -> Response:
    """Static files leave gzipped, compressed once (Flask-Compress would gzip send_file's stream each time and
    leave its file to the collector)."""
    if (request.endpoint != "static" or response.status_code != 200
            or response.mimetype not in COMPRESSIBLE
            or "gzip" not in request.headers.get("Accept-Encoding", "")):
        return response
    assert request.view_args is not None  # the static route's
    path = safe_join(static_folder(), request.view_args["filename"])
    if path is None:
        return response
    response.close()  # the file send_file opened: we answer with the cached gzip bytes instead
    response.direct_passthrough = False
    response.set_data(_gzipped(path, os.stat(path).st_mtime))
    response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    etag, _weak = response.get_etag()
    if etag:
        response.set_etag(etag + "-gz")
    return response


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(asset_url=asset_url, icon_sprite=icon_sprite, style_sheets=style_sheets,
                                 game_icon=game_icons.game_icon)
    Compress(app)
    app.after_request(gzip_static)
