"""The notices that say what just happened on the table, besides the change itself: the minions swapping on the
track, a cheese an ability or the rules put down, a captured mouse's turn (rescued, or skipped). The devices show
them unfolded for the moment (the group screen under whose turn, the phones under the last change); every notice
stays in the change's notes. The rest — instructions, what the change's own label says — stay folded."""
from __future__ import annotations

from ..base import Text
from .initiative_track import BORN_TO_LEAD, BORN_TO_LEAD_CAPTURED
from .rounds import AGGRESSIVE_SWAP, RESCUED, SKIPS, TIME_IS_SHORT

HEADLINES = frozenset({AGGRESSIVE_SWAP, TIME_IS_SHORT, SKIPS, RESCUED, BORN_TO_LEAD, BORN_TO_LEAD_CAPTURED})


def opening(state: dict) -> list[Text]:
    """What the chapter's setup did, before any change (a next chapter's start is a change with its notices):
    Born to Lead's cheese when the track was laid out with Collin below space 1 (MM-INI-9)."""
    track = state["initiative_track"]
    if any(m["id"] == "collin" and not m["captured"] for m in state["mice"]) and track[0]["card"] != "collin":
        return [Text(BORN_TO_LEAD)]
    return []
