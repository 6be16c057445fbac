"""The notices that say what just happened on the table, besides the change itself: the minions swapping on the
track, a cheese an ability or the rules put down, a captured mouse's turn (rescued, or skipped). The devices show
them unfolded for the moment (the group screen under whose turn, the phones under the last change); every notice
stays in the change's notes. The rest — instructions, what the change's own label says — stay folded."""
from __future__ import annotations

from .initiative_track import BORN_TO_LEAD, BORN_TO_LEAD_CAPTURED
from .rounds import AGGRESSIVE_SWAP, RESCUED, SKIPS, TIME_IS_SHORT

HEADLINES = frozenset({AGGRESSIVE_SWAP, TIME_IS_SHORT, SKIPS, RESCUED, BORN_TO_LEAD, BORN_TO_LEAD_CAPTURED})
