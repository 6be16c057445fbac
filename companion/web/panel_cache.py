"""Game panels rendered once and shared by every device that would get the same HTML.

Right after each change every device viewing the game fetches its panel: hundreds of fetches a second
at a club. Two caches, both kept per game version (every change, undo included, bumps the version, so
a kept panel is never out of date; the key also holds the game's code and creation time, so a game
created after another was deleted never inherits it):

- The kind's part, per version and language: most of the panel's HTML and time, the same for every
  device (the full page uses it too).
- The whole live panel (the htmx fragment), per version, seating, language and what the panel shows of
  the device itself: its seat, whether it has a name, whether it said it is just watching. Seating (who
  holds which seat, and their names) moves the live token like a change does. A device that asks for its
  panel then costs one indexed read of the game's row and no render.

Both are rendered with a placeholder CSRF token; each device gets its own token put in.
"""
from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path
from typing import Hashable, Iterator

from flask import Flask, Response, current_app, request
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ..changes import GONE, game_moved
from ..i18n import current_language
from ..models import Game
from .gzip_parts import GzipParts, deflated
from .panel_disk import PanelDisk
from .render import draw_template

MAX_ENTRIES = 512  # (game, language) pairs of the kind's part, about 20–40 KB each
MAX_SHARED = 1024  # (game version, language) sets of whole panels
GATE_WAIT = 2.0  # seconds a device waits for another's drawing of the same panel before it draws itself


class KeptPanel:
    """One live panel with the placeholder token, and the same gzipped once (when a device asks for gzip)
    and as a JSON string once (for the page's event stream), deflated once too (for a gzipped stream)."""

    __slots__ = ("html", "placeholder", "_gzip", "_json", "_deflated_json")

    def __init__(self, html: str, placeholder: str):
        self.html, self.placeholder, self._gzip, self._json, self._deflated_json = html, placeholder, None, None, None

    def as_json(self, token: str) -> str:
        # The placeholder and the tokens are letters, digits, "-", "_" and ".": JSON leaves them as they are.
        return self.json_with_placeholder().replace(self.placeholder, token)

    def deflated_json(self) -> tuple[bytes, bytes]:
        """(as JSON with the placeholder in, as UTF-8; the same deflated), made once for every device."""
        if self._deflated_json is None:
            text = self.json_with_placeholder().encode()
            self._deflated_json = text, deflated(text)
        return self._deflated_json

    def json_with_placeholder(self) -> str:
        if self._json is None:
            self._json = json.dumps(self.html, ensure_ascii=False)
        return self._json

    def gzipped(self, token: str) -> bytes:
        # Tokens are all as long (a signed session secret): one compression serves every device.
        if self._gzip is None or self._gzip.token_length != len(token):
            self._gzip = GzipParts(self.html.encode(), self.placeholder.encode(), len(token))
        return self._gzip.with_token(token.encode())


class SharedPanels:
    """One game version's live panels in one language: who holds which seat, and the panel per variant."""

    __slots__ = ("seat_of", "panels")

    def __init__(self, seat_of: dict[str, str]):
        self.seat_of = seat_of  # device id -> the seat it holds, as the panels were drawn
        self.panels: dict[Hashable, KeptPanel] = {}


class PanelCache:
    def __init__(self, disk: PanelDisk | None = None) -> None:
        # Letters and digits only, so escaping leaves it as it is; random, so no typed text is it by chance.
        self.placeholder = "csrf" + secrets.token_hex(12)
        self._lock = threading.Lock()
        self._panels: OrderedDict[tuple, tuple[int, str]] = OrderedDict()
        self._shared: OrderedDict[tuple, SharedPanels] = OrderedDict()
        self._newest: dict[tuple, tuple] = {}  # (game, language) -> the key of its newest kept panels
        self._gates: dict[tuple, list] = {}  # shared key -> [lock, holders]: one drawing at a time
        self.disk = disk  # panels the other server processes on this host drew

    def render(self, game: Game, context: dict, token: str | None = None) -> Markup:
        """The kind's part of the panel, with `token` (this request's CSRF token unless given) put in."""
        key = (game.id, game.code, game.created_at, locale())
        with self._lock:
            version, html = self._panels.get(key, (None, ""))
        if version != game.version:
            placeholder = self.placeholder
            html = draw_template(context["kind"].template, **{**context, "csrf_token": lambda: placeholder})
            with self._lock:
                self._panels[key] = (game.version, html)
                self._panels.move_to_end(key)
                while len(self._panels) > MAX_ENTRIES:
                    self._panels.popitem(last=False)
        return Markup(html.replace(self.placeholder, generate_csrf() if token is None else token))

    # --- whole live panels ------------------------------------------------------------------------

    def shared(self, key: tuple) -> SharedPanels | None:
        with self._lock:
            entry = self._shared.get(key)
        if entry is not None or self.disk is None:
            return entry
        found = self.disk.load(key)
        if found is None:
            return None
        seat_of, placeholder, panels = found
        entry = SharedPanels(seat_of)
        entry.panels = {variant: KeptPanel(html.replace(placeholder, self.placeholder), self.placeholder)
                        for variant, html in panels.items()}
        with self._lock:
            self._remember(key, entry)
        return entry

    @contextmanager
    def drawing(self, key: tuple) -> Iterator[None]:
        """Held by one request at a time per game version, seating and language, on this host. A change
        wakes all of a game's devices at once; the first draws and keeps the panel, the others wait here
        and then find it kept (a device of another kind draws its own after): look again inside."""
        with self._lock:
            gate = self._gates.get(key)
            if gate is None:
                gate = self._gates[key] = [threading.Lock(), 0]
            gate[1] += 1
        # Bounded: a drawing that hangs (a database away) must not hold every device of the game behind it.
        locked = gate[0].acquire(timeout=GATE_WAIT)
        try:
            claim = self.disk.claim(key) if self.disk is not None else None
            try:
                yield
            finally:
                if claim is not None:
                    self.disk.release(claim)
        finally:
            if locked:
                gate[0].release()
            with self._lock:
                gate[1] -= 1
                if gate[1] == 0:
                    del self._gates[key]

    def keep(self, key: tuple, seat_of: dict[str, str], variant: Hashable, html: str) -> KeptPanel:
        kept = KeptPanel(html, self.placeholder)
        with self._lock:
            entry = self._shared.get(key)
            if entry is None or entry.seat_of != seat_of:
                entry = SharedPanels(seat_of)
            entry.panels[variant] = kept
            if not self._remember(key, entry):
                return kept  # the game has moved on since: served to this device, kept for nobody
            panels = {variant: kept.html for variant, kept in entry.panels.items()}
        if self.disk is not None:
            self.disk.save(key, seat_of, self.placeholder, panels)
        return kept

    def _remember(self, key: tuple, entry: SharedPanels) -> bool:
        # Only a game's newest panels are ever served (a device asks for the game as it is now): older ones
        # leave memory when newer ones come, rather than fill it with every version a session went through.
        game = _game_of(key)
        newest = self._newest.get(game)
        if newest is not None and _moment(key) < _moment(newest):
            return False  # drawn for a moment the game has already left: nobody will ask for it
        if newest is not None and newest != key:
            self._shared.pop(newest, None)
        self._newest[game] = key
        self._shared[key] = entry
        self._shared.move_to_end(key)
        while len(self._shared) > MAX_SHARED:
            evicted, _ = self._shared.popitem(last=False)
            if self._newest.get(_game_of(evicted)) == evicted:
                del self._newest[_game_of(evicted)]
        return True

    def answer(self, kept: KeptPanel) -> Response:
        """The panel with this device's CSRF token, gzipped if the device takes gzip."""
        token = generate_csrf()
        if request.accept_encodings["gzip"] > 0:
            response = Response(kept.gzipped(token), mimetype="text/html")
            response.headers["Content-Encoding"] = "gzip"  # Flask-Compress leaves it as it is
            response.vary.add("Accept-Encoding")
            return response
        return Response(kept.html.replace(self.placeholder, token), mimetype="text/html")


def _game_of(key: tuple) -> tuple:
    """A shared key without its moment: the game (id, code, creation) and the language."""
    return (*key[:3], key[5])


def _moment(key: tuple) -> tuple[int, int]:
    """A shared key's version and seating: both only grow."""
    return key[3], key[4]


locale = current_language

def shared_key(game_id: int, code: str, created_at, version: int, seating: int) -> tuple:
    """What a whole panel is kept under: the game, its live token, the language."""
    return (game_id, code, created_at, version, seating, locale())


def cache() -> PanelCache:
    return current_app.extensions["panel_cache"]


def kind_panel(game: Game, context: dict) -> Markup:
    return cache().render(game, context, context.get("panel_token"))


def init_app(app: Flask) -> None:
    folder = app.config.get("PANEL_FOLDER")
    panels = app.extensions["panel_cache"] = PanelCache(PanelDisk.for_database(
        app.instance_path, app.config["SQLALCHEMY_DATABASE_URI"], *([Path(folder)] if folder else [])))

    def deleted(_app, code: str, token: str) -> None:
        if token == GONE and panels.disk is not None:
            panels.disk.forget(code)

    game_moved.connect(deleted, sender=app, weak=False)
