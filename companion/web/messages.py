"""What the app says, for a JSON client: each message as its msgid tree and in the request's language."""
from __future__ import annotations

from typing import Any

from .i18n import translate
from ..storage.models import Event
from ..rules.base import Text


def message(text: Text | dict) -> dict[str, Any]:
    """{"msgid", "params", "plural", "text"}: the id tree (as stored in events) and the rendered words."""
    data = text.as_json() if isinstance(text, Text) else Text.from_json(text).as_json()
    return {"msgid": data["msgid"], "params": data["params"], "plural": data.get("plural"),
            "text": translate(text)}


def rendered(value: Any) -> Any:
    """A kind's view with every message in it also rendered (the rest as it is)."""
    if isinstance(value, Text):
        return message(value)
    # A view holds hundreds of plain values: passed as they are, without a call each (a tap's answer).
    if isinstance(value, dict):
        return {k: rendered(v) if isinstance(v, _HOLDS_TEXT) else v for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rendered(v) if isinstance(v, _HOLDS_TEXT) else v for v in value]
    return value


_HOLDS_TEXT = (Text, dict, list, tuple)


def view_json(view: dict) -> dict:
    """A kind's view for the API: each message rendered, and each table of names (`names`, `*_names`: id ->
    msgid) joined by `<table>_text` (id -> the name in the request's language)."""
    shown = rendered(view)
    for key, table in view.items():
        if (key == "names" or key.endswith("_names")) and isinstance(table, dict) \
                and all(isinstance(v, str) for v in table.values()):
            shown[f"{key}_text"] = {ident: translate(Text(msgid)) for ident, msgid in table.items()}
    return shown


def change(event: Event, seat: str | None = None) -> dict[str, Any]:
    """One change as the API tells it: what it made of the game, its label and notices, who made it."""
    return {"seq": event.seq, "version": event.seq, "action": event.action, "params": event.params,
            "label": translate(event.label), "label_message": message(event.label),
            "notices": [message(n) for n in event.notices or []],
            "device": event.device_label, "seat": seat, "at": event.at.isoformat() + "Z",
            "undoes": event.undoes_seq}
