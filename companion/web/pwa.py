"""Installable and offline-aware: the web app manifest, the service worker at /sw.js (its scope the whole
app), /offline. The worker's shell is filled in here: a change to any file in it changes the script."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for
from flask_babel import gettext as _

from . import game_icons
from .i18n import current_language
from .assets import asset_url, static_folder

bp = Blueprint("pwa", __name__)

THEME = "#1d2a3a"       # meta theme-color in base.html
BACKGROUND = "#f3ede2"  # --bg in static/css/app.css (the app's own palette)

# Our static files every page needs, precached by the service worker (icons come from ICONS), besides each
# style sheet of static/css/, which is served minified from static/vendor/css/ (build_steps/bundles.py).
SHELL_ASSETS = ("vendor/js/page.js", "vendor/js/keys.js", "vendor/htmx.min.js", "vendor/NoSleep.min.js",
                *(f"vendor/{sprite}" for sprite in game_icons.SPRITES), "vendor/fonts/fira-sans.css")
ICONS = (
    {"file": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    {"file": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"file": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"file": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
     "purpose": "maskable"},
)
APPLE_TOUCH_ICON = "icons/apple-touch-icon.png"

# In static/js/sw.js: `const SHELL = /* shell */ {...} /* /shell */;` — replaced when served.
_SHELL_SLOT = re.compile(r"/\* shell \*/.*?/\* /shell \*/", re.S)


@bp.get("/manifest.webmanifest")
def manifest():
    data = {
        "id": "/",
        "name": "Table Companion",
        "short_name": "Table Companion",
        "description": _("Bookkeeping beside your board game, on every device at the table."),
        "lang": current_language(),
        "start_url": url_for("home.index"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [{"src": asset_url(icon["file"]), "sizes": icon["sizes"], "type": icon["type"],
                   "purpose": icon["purpose"]} for icon in ICONS],
    }
    return Response(json.dumps(data, ensure_ascii=False, indent=1), mimetype="application/manifest+json",
                    headers={"Cache-Control": "no-cache", "Vary": "Accept-Language, Cookie"})


def shell_urls() -> list[str]:
    """What the service worker precaches: the offline page and our static files, by hashed URL."""
    sheets = sorted(f"vendor/css/{sheet.name}" for sheet in (Path(static_folder()) / "css").glob("*.css"))
    files = [*sheets, *SHELL_ASSETS, *(icon["file"] for icon in ICONS), APPLE_TOUCH_ICON]
    return [url_for("pwa.offline"), *(asset_url(name) for name in files)]


def _templates_digest() -> str:
    """The offline page's templates: a change to them must refresh the precached page too."""
    assert current_app.template_folder is not None  # the app's templates/
    folder = Path(current_app.template_folder)
    digest = hashlib.sha256()
    for name in ("base.html", "offline.html"):
        digest.update((folder / name).read_bytes())
    return digest.hexdigest()


@bp.get("/sw.js")
def service_worker():
    urls = shell_urls()
    build = hashlib.sha256((json.dumps(urls) + _templates_digest()).encode()).hexdigest()[:12]
    source = (Path(static_folder()) / "js" / "sw.js").read_text(encoding="utf-8")
    shell = json.dumps({"build": build, "urls": urls})
    script = _SHELL_SLOT.sub(lambda _match: shell, source, count=1)
    return Response(script, mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@bp.get("/offline")
def offline():
    return render_template("offline.html"), {"Cache-Control": "no-cache"}
