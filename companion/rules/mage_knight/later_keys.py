"""State keys added after games were saved: the value an older game has for each (read and checked alike)."""
from __future__ import annotations

import copy

LATER_KEYS = {
    "dice_mode": "app",  # before the group chose who rolls: the app rolled
    "flipped_tokens": [],  # MK-TOK: seats whose Round Order token is face down
    "mines": {},  # MK-SCN-3: seat -> mines liberated
    "daytime": {"variant": "alternate", "darkness_rolls": []},  # MK-SCN-5
    "scenario_end_record": None,  # MK-SCO-4: what a city-goal scenario's end recorded
}


def with_later_keys(state: dict) -> dict:
    """`state` with every later key present (a fresh copy of the default where it is missing)."""
    missing = {k: copy.deepcopy(v) for k, v in LATER_KEYS.items() if k not in state}
    return {**state, **missing} if missing else state
