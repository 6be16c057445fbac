"""State keys added after games were saved: the value an older game has for each (read and checked alike)."""
from __future__ import annotations

import copy
from typing import Any

LATER_KEYS: dict[str, Any] = {
    "dice_mode": "app",  # before the group chose who rolls: the app rolled
    "flipped_tokens": [],  # MK-TOK: seats whose Round Order token is face down
    "mines": {},  # MK-SCN-3: seat -> mines liberated
    "daytime": {"variant": "alternate", "darkness_rolls": []},  # MK-SCN-5
    "scenario_end_record": None,  # MK-SCO-4: what a city-goal scenario's end recorded
    "screen_turn_time": False,  # table_settings.py: the group screen shows no turn time
}


# A turn under way saved before Sparing Power was used once before each turn (MK-TAC-3): not used yet.
LATER_TURN_KEYS: dict[str, Any] = {"sparing_power_used": False}


def with_later_keys(state: dict) -> dict:
    """`state` with every later key present (a fresh copy of the default where it is missing)."""
    missing = {k: copy.deepcopy(v) for k, v in LATER_KEYS.items() if k not in state}
    turn = state.get("turn")
    if isinstance(turn, dict) and any(k not in turn for k in LATER_TURN_KEYS):
        missing["turn"] = {**LATER_TURN_KEYS, **turn}
    return {**state, **missing} if missing else state
