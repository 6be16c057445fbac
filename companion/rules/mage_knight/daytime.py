"""Day and Night variants: Night Arrival and Darkness is Coming (MK-SET-3, MK-SCN-5)."""
from __future__ import annotations

from ..base import N_, Text
from .source import BASIC, dice_to_reroll

VARIANTS = ["alternate", "night_arrival", "darkness_is_coming"]
VARIANT_NAMES = {"alternate": N_("Day and Night alternate"), "night_arrival": N_("Night Arrival"),
                 "darkness_is_coming": N_("Darkness is Coming")}
DARKNESS_DICE = 2


def variant(state: dict) -> str:
    return state["daytime"]["variant"]


def night_has_fallen(state: dict) -> bool:
    """Darkness is Coming: once a black die came up, every remaining round is Night."""
    return any("black" in roll for roll in state["daytime"]["darkness_rolls"])


def darkness_roll_due(state: dict) -> bool:
    """The two dice for the round just ended are still to be rolled: first thing in the preparation."""
    if variant(state) != "darkness_is_coming" or state["phase"] != "preparation" or night_has_fallen(state):
        return False
    return len(state["daytime"]["darkness_rolls"]) < state["round"] - 1


def next_time_of_day(state: dict) -> str:
    """The time of day of the round being prepared (Darkness is Coming: Day until its dice say otherwise)."""
    if variant(state) == "darkness_is_coming":
        return "night" if night_has_fallen(state) else "day"
    return "night" if state["time_of_day"] == "day" else "day"


def record_darkness_roll(state: dict, colours: list[str]) -> Text:
    state["daytime"]["darkness_rolls"].append(colours)
    if "black" in colours:
        state["time_of_day"] = "night"
        return Text(N_("Darkness is Coming: a black die — night falls: this round and every one after it is Night."))
    state["time_of_day"] = "day"
    return Text(N_("Darkness is Coming: no black die — another Day; roll again at its end."))


def source_reroll(state: dict, colours: list[str]) -> list[int]:
    """Dice of a starting Source roll to reroll: Night Arrival's round 1 rolls until no gold and no black."""
    if variant(state) == "night_arrival" and state["round"] == 1:
        return [i for i, c in enumerate(colours) if c not in BASIC]
    return dice_to_reroll(colours)
