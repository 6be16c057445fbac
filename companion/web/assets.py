"""Static files under content-hashed URLs, so browsers may cache them for a year."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Flask, current_app, url_for


@lru_cache(maxsize=256)
def _digest(path: str, mtime: float) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def asset_url(filename: str) -> str:
    path = Path(current_app.static_folder) / filename
    try:
        version = _digest(str(path), path.stat().st_mtime)
    except FileNotFoundError:
        version = "missing"
    return url_for("static", filename=filename, v=version)


def init_app(app: Flask) -> None:
    app.jinja_env.globals["asset_url"] = asset_url
