"""The kind's part of the game panel, rendered once per game version and language.

Right after each change every device viewing the game fetches its panel. The kind's part is most of
that HTML and most of its time, and it is the same for every device but the CSRF token: so it is
rendered once with a placeholder token, kept for that version, and each device gets its own token put
in. Every change (undo included) bumps the version, so a kept panel is never out of date; the key also
holds the game's code and creation time, so a game created after another was deleted never inherits it.
"""
from __future__ import annotations

import secrets
import threading
from collections import OrderedDict

from flask import Flask, current_app, render_template
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ..models import Game

MAX_ENTRIES = 512  # (game, language) pairs, about 20–40 KB each


class PanelCache:
    def __init__(self) -> None:
        # Letters and digits only, so escaping leaves it as it is; random, so no typed text is it by chance.
        self.placeholder = "csrf" + secrets.token_hex(12)
        self._lock = threading.Lock()
        self._panels: OrderedDict[tuple, tuple[int, str]] = OrderedDict()

    def render(self, game: Game, context: dict) -> Markup:
        key = (game.id, game.code, game.created_at, str(get_locale() or "en"))
        with self._lock:
            version, html = self._panels.get(key, (None, ""))
        if version != game.version:
            placeholder = self.placeholder
            html = render_template(context["kind"].template, **{**context, "csrf_token": lambda: placeholder})
            with self._lock:
                self._panels[key] = (game.version, html)
                self._panels.move_to_end(key)
                while len(self._panels) > MAX_ENTRIES:
                    self._panels.popitem(last=False)
        return Markup(html.replace(self.placeholder, generate_csrf()))


def kind_panel(game: Game, context: dict) -> Markup:
    return current_app.extensions["panel_cache"].render(game, context)


def init_app(app: Flask) -> None:
    app.extensions["panel_cache"] = PanelCache()
