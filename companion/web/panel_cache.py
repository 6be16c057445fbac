"""Live panels drawn once per game moment and view, served to every device of that view as they are.

Right after each change every device of a game asks for its panel at once. A live panel holds no secret of
a device (the CSRF token travels as a request header), so one drawing serves every device showing the
same view (its seat, named or not, just watching, its language) of the same moment (version and seating).
The kind's part, most of a panel and the same for every view, is drawn once per moment. Only a game's
newest moment is kept, each panel with its ETag, its gzipped bytes and its stream event, made once.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import threading
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple
from collections.abc import Iterator

from flask import Flask, Response, current_app, request

from ..storage.changes import LiveToken
from .i18n import current_language

MAX_GAMES = 1024  # (game, language) pairs, each holding its newest moment's panels (about 30 KB a view)
GATE_WAIT = 2.0  # seconds a device waits for another's drawing of the same moment before it draws itself
GZIP_LEVEL = 6


class GameKey(NamedTuple):
    """A game in one language: its code and creation as well, so that a new game never inherits a deleted
    one's panels."""

    game_id: int
    code: str
    created_at: str
    language: str


class MomentKey(NamedTuple):
    """A game's moment in one language: the game, then its live token (version and seating)."""

    game: GameKey
    token: LiveToken


class View(NamedTuple):
    """What a live panel shows of the device itself."""

    seat: str | None  # the seat it holds
    named: bool  # seated, with a name to offer
    watching: bool  # no seat: just watching


class Panel:
    """One view's live panel, its ETag, and the same gzipped and as an event, each made once when first asked."""

    __slots__ = ("html", "view", "etag", "_gzip", "_event")

    def __init__(self, html: str, view: str, etag: str):
        self.html, self.view, self.etag = html, view, etag
        self._gzip: bytes | None = None
        self._event: str | None = None

    def gzipped(self) -> bytes:
        if self._gzip is None:
            self._gzip = gzip.compress(self.html.encode(), GZIP_LEVEL, mtime=0)
        return self._gzip

    def event(self, token: str) -> str:
        """`event: panel` for a page's stream: the live token it was drawn for, its view, its HTML (JSON
        escapes line breaks: one data line). `token` is its moment's: the same for every device."""
        if self._event is None:
            self._event = "event: panel\ndata: {}\n\n".format(json.dumps(
                {"token": token, "view": self.view, "html": self.html}, ensure_ascii=False))
        return self._event


class Moment:
    """A game's panels at one moment in one language: who holds which seat, the kind's part, each view's."""

    __slots__ = ("key", "seat_of", "kind_view", "kind_html", "panels")

    def __init__(self, key: MomentKey, seat_of: dict[str, str]):
        self.key, self.seat_of = key, seat_of  # device id -> the seat it holds
        self.kind_view: dict | None = None  # the kind's view of the state, the same for every view
        self.kind_html: str | None = None  # the kind's part: one drawing for every view (games.draw_panel)
        self.panels: dict[View, Panel] = {}


class PanelCache:
    def __init__(self, build: str) -> None:
        self.build = build  # what drew the panels: a new release never answers 304 with an old one's
        self._lock = threading.Lock()
        self._games: OrderedDict[GameKey, Moment] = OrderedDict()  # each game's newest moment
        self._gates: dict[MomentKey, list] = {}  # moment key -> [lock, holders]: one drawing at a time

    def kept(self, key: MomentKey) -> Moment | None:
        with self._lock:
            moment = self._games.get(key.game)
        return moment if moment is not None and moment.key == key else None

    def moment(self, key: MomentKey, seat_of: dict[str, str]) -> Moment:
        """The kept moment at `key`, or a new one kept unless the game is already past it."""
        with self._lock:
            kept = self._games.get(key.game)
            if kept is not None and kept.key == key:
                return kept
            moment = Moment(key, seat_of)
            if kept is None or kept.key.token < key.token:  # versions and seatings only grow
                self._games[key.game] = moment
                self._games.move_to_end(key.game)
                while len(self._games) > MAX_GAMES:
                    self._games.popitem(last=False)
            return moment

    @contextmanager
    def drawing(self, key: MomentKey) -> Iterator[None]:
        """One request at a time per moment in this process: the first draws, the others then find it kept.
        Bounded: a drawing that hangs (a database away) holds no device for long."""
        with self._lock:
            gate = self._gates.setdefault(key, [threading.Lock(), 0])
            gate[1] += 1
        locked = gate[0].acquire(timeout=GATE_WAIT)
        try:
            yield
        finally:
            if locked:
                gate[0].release()
            with self._lock:
                gate[1] -= 1
                if gate[1] == 0:
                    del self._gates[key]

    def etag(self, key: MomentKey, view: str) -> str:
        return hashlib.sha256(repr((self.build, key, view)).encode()).hexdigest()[:24]


def moment_key(game_id: int, code: str, created_at, token: LiveToken) -> MomentKey:
    """The moment at `token` of the game, in the request's language."""
    return MomentKey(GameKey(game_id, code, str(created_at), current_language()), token)


def answer(panel: Panel) -> Response:
    """The panel, or 304 when the device already has it; gzipped (once for all) if the device takes it."""
    if request.if_none_match.contains_weak(panel.etag):
        response = Response(status=304)
    elif request.accept_encodings["gzip"] > 0:
        response = Response(panel.gzipped(), mimetype="text/html")
        response.headers["Content-Encoding"] = "gzip"  # Flask-Compress leaves it as it is
    else:
        response = Response(panel.html, mimetype="text/html")
    response.set_etag(panel.etag, weak=True)  # the same panel however it is encoded
    response.headers["Cache-Control"] = "private, no-cache"  # asked again each time: the ETag answers
    response.vary.update(("Accept-Encoding", "HX-Request"))  # the page at the same address is another
    return response


def cache() -> PanelCache:
    return current_app.extensions["panel_cache"]


def build_of(app: Flask) -> str:
    """The templates and code a panel is drawn with, as one digest."""
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parents[1]
    for path in sorted([*Path(app.root_path, app.template_folder or "templates").rglob("*.html"),
                        *root.rglob("*.py"), *root.rglob("*.po")]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def init_app(app: Flask) -> None:
    app.extensions["panel_cache"] = PanelCache(build_of(app))
