"""Validate an imported state: types, ranges and cross-references."""
from __future__ import annotations

from typing import Any

from ..base import N_, RuleError
from .daytime import VARIANTS
from .later_keys import LATER_KEYS, with_later_keys
from .preparation import STEPS
from .scenario_end import record_is_valid
from .score_sheet import check_score_sheet
from .seats import DUMMY, seat_ids
from .setup import MAX_PLAYERS, MAX_ROUNDS, MODES, SCENARIOS
from .source import BASIC, COLOURS, DICE_MODES, STATUSES, source_size
from .tactics import FLIPPED_WHEN_USED, TACTICS

MAX_DUMMY_CRYSTALS, MAX_DUMMY_CARDS = 99, 99
PHASES = ["preparation", "tactics", "turns", "round_end", "finished"]
KEYS = {"scenario", "mode", "round_limit", "blitz", "players", "dummy", "round", "time_of_day", "phase",
        "preparation", "core_tile_revealed", "monasteries", "source", "source_rolls", "source_check",
        "units_offer", "round_order", "tactics", "removed_tactics", "flipped_tactics", "turn", "final_turns",
        "end_of_round_by", "scenario_end_met", "rounds", "ended_by", "dice_mode", "flipped_tokens", "mines",
        "daytime", "scenario_end_record", "screen_turn_time"}


class _Invalid(Exception):
    pass


def _expect(condition: Any, what: str) -> None:
    if not condition:
        raise _Invalid(what)


def _is_name(value: Any) -> bool:
    """A player's or hero's name as setup takes it: 1 to 40 characters."""
    return isinstance(value, str) and 0 < len(value) <= 40


def _is_int(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _check_setup(state: dict) -> None:
    _expect(state["scenario"] in SCENARIOS or state["scenario"] == "custom", "scenario")
    _expect(state["mode"] in MODES and _is_int(state["round_limit"], 1, MAX_ROUNDS), "mode/round_limit")
    _expect(isinstance(state["blitz"], bool) and isinstance(state["core_tile_revealed"], bool), "flags")
    _expect(_is_int(state["monasteries"], 0, 20), "monasteries")
    players = state["players"]
    _expect(isinstance(players, list) and 1 <= len(players) <= MAX_PLAYERS, "players")
    for i, p in enumerate(players):
        _expect(isinstance(p, dict) and set(p) == {"id", "name", "hero", "fame"}, "player")
        _expect(p["id"] == f"p{i + 1}" and _is_name(p["name"]), "player id/name")
        _expect(_is_name(p["hero"]) and _is_int(p["fame"], 0, 10_000), "hero/fame")
    dummy = state["dummy"]
    _expect((dummy is not None) == (state["mode"] != "competitive"), "dummy")
    if dummy is not None:
        _check_dummy(dummy)
    _expect((state["mode"] == "solo") == (len(players) == 1), "solo")


def _check_dummy(dummy: Any) -> None:
    _expect(isinstance(dummy, dict) and _is_name(dummy.get("hero")), "dummy")
    if set(dummy) == {"hero"}:
        return  # saved before the app tracked the Dummy: it gets its setup values when loaded
    _expect(set(dummy) == {"hero", "crystals", "deck", "cards"}, "dummy")
    crystals = dummy["crystals"]
    _expect(isinstance(crystals, dict) and set(crystals) == set(BASIC)
            and all(_is_int(n, 0, MAX_DUMMY_CRYSTALS) for n in crystals.values()), "dummy crystals")
    _expect(_is_int(dummy["cards"], 0, MAX_DUMMY_CARDS) and _is_int(dummy["deck"], 0, dummy["cards"]), "dummy deck")


def _check_source(state: dict) -> None:
    n = source_size(len(state["players"]), state["blitz"])
    _expect(state["dice_mode"] in DICE_MODES, "dice mode")
    dice = state["source"]
    # An empty Source: the table's roll not entered yet, at setup or after a skipped preparation.
    awaited = dice == [] and state["dice_mode"] == "table" and state["phase"] == "tactics" \
        and set(state["tactics"]) <= {DUMMY} and state["source_rolls"] == []
    _expect(isinstance(dice, list) and (len(dice) == n or awaited), "source size")
    for die in dice:
        _expect(isinstance(die, dict) and set(die) == {"colour", "status"}, "die")
        _expect(die["colour"] in COLOURS and die["status"] in STATUSES, "die colour/status")
    stolen = [d for d in dice if d["status"] == "stolen"]
    _expect(len(stolen) <= 1 and (not stolen or "mana_steal" in state["tactics"].values()), "stolen die")
    _expect(state["phase"] == "turns" or all(d["status"] != "taken" for d in dice), "taken dice")
    rolls = state["source_rolls"]
    _expect(isinstance(rolls, list) and (rolls or awaited), "source rolls")
    _expect(all(isinstance(r, list) and len(r) == n and all(c in COLOURS for c in r) for r in rolls), "rolls")
    check = state["source_check"]
    _expect(check is None or (set(check) == {"colours", "reroll", "rolls"} and len(check["colours"]) == n
                              and all(_is_int(i, 0, n - 1) for i in check["reroll"])
                              and isinstance(check["rolls"], list) and check["rolls"][-1:] == [check["colours"]]
                              and all(isinstance(r, list) and len(r) == n and all(c in COLOURS for c in r)
                                      for r in check["rolls"])), "source check")
    _expect(isinstance(state["units_offer"], list)
            and all(u in ("elite", "regular", "advanced_action") for u in state["units_offer"]), "units offer")


def _check_round(state: dict) -> None:
    seats = seat_ids(state)
    phase = state["phase"]
    _expect(phase in PHASES and state["time_of_day"] in ("day", "night"), "phase/time")
    _expect(_is_int(state["round"], 1, state["round_limit"]), "round")
    _expect(sorted(state["round_order"]) == sorted(seats), "round order")
    prep = state["preparation"]
    _expect((prep is not None) == (phase == "preparation"), "preparation")
    if prep is not None:
        # "source_entered" is left from games saved before the entered roll became the Source step itself.
        _expect(isinstance(prep, dict) and set(prep) - {"source_entered"} == {"done"}
                and isinstance(prep["done"], list), "prep")
        _expect(prep["done"] == STEPS[:len(prep["done"])] and len(prep["done"]) < len(STEPS), "prep steps")
    tactics = state["tactics"]
    _expect(isinstance(tactics, dict) and set(tactics) <= set(seats), "tactics")
    _expect(len(set(tactics.values())) == len(tactics), "tactic taken twice")
    for tactic in tactics.values():
        _expect(tactic in TACTICS and TACTICS[tactic]["time"] == state["time_of_day"], "tactic time")
        _expect(tactic not in state["removed_tactics"], "removed tactic in use")
    _expect(phase not in ("turns", "round_end") or set(tactics) == set(seats), "tactics missing")
    removed = state["removed_tactics"]
    _expect(isinstance(removed, list) and len(set(removed)) == len(removed) and set(removed) <= set(TACTICS), "removed")
    _expect(set(state["flipped_tactics"]) <= set(FLIPPED_WHEN_USED) & set(tactics.values()), "flipped")
    turn = state["turn"]
    _expect((turn is not None) == (phase == "turns"), "turn")
    if turn is not None:
        flags = ("die_taken", "mana_search_used", "sparing_power_used", "extra")
        _expect(set(turn) == {"seat", *flags} and turn["seat"] in seats, "turn")
        _expect(turn["seat"] != DUMMY or not turn["die_taken"], "dummy die")
        _expect(all(isinstance(turn[k], bool) for k in flags), "turn flags")
    final = state["final_turns"]
    _expect(final is None or (phase == "turns" and final["by"] in ("end_of_round", "scenario_end")
                              and len(set(final["remaining"])) == len(final["remaining"])
                              and set(final["remaining"]) <= set(seats) and final["remaining"]
                              and set(final) - {"under_way"} == {"by", "remaining"}
                              and final.get("under_way", turn and turn["seat"]) == (turn and turn["seat"])),
            "final turns")
    _expect(state["end_of_round_by"] is None or state["end_of_round_by"] in seats, "end of round")
    _expect(isinstance(state["scenario_end_met"], bool), "scenario end")
    _expect(record_is_valid(state), "scenario end record")
    _expect((state["ended_by"] is not None) == (phase == "finished")
            and state["ended_by"] in (None, "round_limit", "scenario_end"), "ended by")


def _check_history(state: dict) -> None:
    history = state["rounds"]
    _expect(isinstance(history, list), "rounds")
    recorded = state["phase"] in ("round_end", "finished")  # the current round is in the record already
    _expect(len(history) == state["round"] - (0 if recorded else 1), "rounds played")
    times = [r["time_of_day"] for r in history] + ([] if recorded else [state["time_of_day"]])
    if state["daytime"]["variant"] == "darkness_is_coming":  # Day after Day, until night falls for good
        _expect(times == sorted(times), "Darkness is Coming: Days, then Nights")
    else:
        _expect(all(a != b for a, b in zip(times, times[1:])), "Day/Night alternate")
    for i, r in enumerate(history):
        _expect(set(r) == {"round", "time_of_day", "end_of_round_by"} and r["round"] == i + 1, "round record")
        _expect(r["end_of_round_by"] is None or r["end_of_round_by"] in seat_ids(state), "announcer")


def _check_specials(state: dict) -> None:
    players = [p["id"] for p in state["players"]]
    flipped = state["flipped_tokens"]
    _expect(isinstance(flipped, list) and len(set(flipped)) == len(flipped) and set(flipped) <= set(players),
            "flipped tokens")
    mines = state["mines"]
    _expect(isinstance(mines, dict) and set(mines) <= set(players)
            and all(_is_int(n, 0, 20) for n in mines.values()), "mines")
    daytime = state["daytime"]
    _expect(isinstance(daytime, dict) and set(daytime) == {"variant", "darkness_rolls"}
            and daytime["variant"] in VARIANTS, "daytime")
    rolls = daytime["darkness_rolls"]
    _expect(isinstance(rolls, list) and len(rolls) < state["round"]
            and all(isinstance(r, list) and len(r) == 2 and all(c in COLOURS for c in r) for r in rolls)
            and all("black" not in r for r in rolls[:-1])
            and (not rolls or daytime["variant"] == "darkness_is_coming"), "darkness rolls")


def check_state(state: Any) -> None:
    """Raise RuleError unless `state` is a Mage Knight state this engine could have produced."""
    try:
        # Keys added later may be missing (saved before they existed); score_sheet is absent until an entry.
        _expect(isinstance(state, dict) and (set(state) | set(LATER_KEYS)) - {"score_sheet"} == KEYS, "keys")
        state = with_later_keys(state)
        _expect(isinstance(state["screen_turn_time"], bool), "turn time setting")
        _check_setup(state)
        _check_source(state)
        _check_round(state)
        _check_history(state)
        _check_specials(state)
        _expect(check_score_sheet(state), "score sheet")
    except _Invalid as problem:
        raise RuleError(N_("Not a valid Mage Knight game: {problem}."), problem=str(problem)) from None
    except (KeyError, TypeError, AttributeError, ValueError):
        raise RuleError(N_("Not a valid Mage Knight game: {problem}."), problem="structure") from None
