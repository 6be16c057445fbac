"""The changed panel travels in the game page's own event stream: the fetch after each change is saved.

The stream request carries the device's cookies (its device, session, language, "just watching"), so
the stream can answer as `GET /g/<code>` would: the kept panel for this device's variant, or drawn now
and kept for the devices alike, with the device's own CSRF token put in. An event holds the live token
it was drawn for (the page ignores a panel no newer than the one it shows) and the device view it was
drawn for: the stream's cookies are those of its start, so after the device changed its own (took
"just watching", a name, a language) the page sees a view unlike its own and fetches instead.
Whenever the panel cannot be exactly the one for `token`, the stream says `moved` as before.

A page that takes gzip gets its stream gzipped (live.py): the panel's HTML, 40 KB as text, travels as
the 5 KB its kept panel was compressed to once for every device alike (PanelEvent).
"""
from __future__ import annotations

import json

from flask import current_app, session
from flask_wtf.csrf import generate_csrf

from .. import store
from ..models import db
from . import games, panel_cache
from .gzip_parts import GzipStream


class PanelEvent:
    """`event: panel` for one device, as text, or into a gzipped stream (then the page puts its token in).

    The page asks with `panel=2`: the panel comes with the placeholder in (`csrf_in`) and the device's
    token beside it (`csrf_token`), so that the HTML, the same for every device alike, is compressed once
    for all of them. `panel=1` (a page from before, still open): the token already in, as text."""

    __slots__ = ("head", "kept", "token", "page_puts_token")
    TAIL = "}\n\n"  # JSON escapes line breaks: one data line

    def __init__(self, head: str, kept: panel_cache.KeptPanel, token: str, page_puts_token: bool):
        self.kept, self.token, self.page_puts_token = kept, token, page_puts_token
        if page_puts_token:  # letters, digits, "-", "_" and ".": as they are in JSON
            head += '"csrf_token": "%s", "csrf_in": "%s", ' % (token, kept.placeholder)
        self.head = head + '"html": '

    def text(self) -> str:
        html = self.kept.json_with_placeholder() if self.page_puts_token else self.kept.as_json(self.token)
        return self.head + html + self.TAIL

    def gzipped(self, stream: GzipStream) -> bytes:
        """Only for `panel=2` (a stream is gzipped only then): the HTML as compressed once for all."""
        return (stream.plain(self.head.encode()) + stream.deflated(*self.kept.deflated_json())
                + stream.plain(self.TAIL.encode()))


def panel_event(code: str, row: store.LiveRow, page_puts_token: bool = False) -> PanelEvent | None:
    """`event: panel` with this device's own live panel for the game at `row` (its token as the watcher
    heard it), or None."""
    if current_app.config["WTF_CSRF_FIELD_NAME"] not in session:
        return None  # a token made now could not be saved: the stream's cookies went out long ago
    try:
        found = own_panel(code, row)
    finally:
        db.session.close()  # nothing held open between changes
    if found is None:
        return None
    kept, view = found
    return PanelEvent('event: panel\ndata: {"token": "%s", "view": %s, ' % (row.token, json.dumps(view)),
                      kept, generate_csrf(), page_puts_token)


def own_panel(code: str, row: store.LiveRow) -> tuple[panel_cache.KeptPanel, str] | None:
    """(the kept panel, its device view) at exactly `row`'s token: kept already, or drawn now (once for
    the devices alike)."""
    found = games.one_panel(code, known=row)
    return None if found is None else (found[0], games.device_view(found[1]))
