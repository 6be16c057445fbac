"""What the scenario's end records (MK-RND-5, MK-SCO-4): Solo Conquest, Full and Blitz Cooperation end before
their last round only when every city is conquered, so marking their end says how many were; the score reads it."""
from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from ..base import N_, RuleError, param_int

MAX_CITIES = 20
# Cities on the map by scenario (the book's setups; a Megapolis or a variant changes it: the group says so).
CITIES = {"solo_conquest": lambda players: 2, "full_cooperation": lambda players: players + 1,
          "blitz_cooperation": lambda players: players}
# Scenarios whose end is "all cities are conquered" (rulebook: Solo Conquest, Full Cooperation, Blitz Cooperation).
CITY_GOAL = tuple(CITIES)


def default_cities(state: dict) -> int | None:
    return CITIES[state["scenario"]](len(state["players"])) if state["scenario"] in CITIES else None


def end_record(state: dict, params: Mapping[str, Any]) -> dict | None:
    """The cities conquered when a city-goal scenario's end is marked; refused unless every city is."""
    if state["scenario"] not in CITY_GOAL:
        return None
    total = param_int(params, "cities_total", 1, MAX_CITIES, default=default_cities(state))
    conquered = param_int(params, "cities_conquered", 0, MAX_CITIES)
    if conquered < total:
        raise RuleError(N_("This scenario ends before its last round only when every city is conquered: {n} of "
                           "{total} so far. Play on."), n=conquered, total=total)
    if conquered > total:
        raise RuleError(N_("{n} city conquered, but the map holds {total}."),
                        plural=N_("{n} cities conquered, but the map holds {total}."), n=conquered, total=total)
    return {"cities_conquered": conquered, "cities_total": total}


def record_is_valid(state: dict) -> bool:
    """An imported state's record: only in a city-goal scenario whose end was marked, every city conquered."""
    record = state["scenario_end_record"]
    if record is None:
        return True
    is_count = lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_CITIES  # noqa: E731
    return (isinstance(record, dict) and set(record) == {"cities_conquered", "cities_total"}
            and state["scenario"] in CITY_GOAL and state["scenario_end_met"]
            and is_count(record["cities_total"]) and record["cities_conquered"] == record["cities_total"])
