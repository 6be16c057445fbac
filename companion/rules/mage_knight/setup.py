"""Setup: players and heroes, scenario presets, the first Source roll and Units offer (MK-SET)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable, Mapping

from ..base import N_, BadParams, RuleError, Text, param_bool, param_int, param_str
from ..describe import lists_in_step, text
from . import rounds
from .dummy import new_dummy, random_hero
from .seats import DUMMY
from .daytime import VARIANTS
from .source import DICE_MODES
from .specials import start_fame

HEROES = ["arythea", "goldyx", "norowas", "tovak", "wolfhawk", "krang", "braevalar"]
HERO_NAMES = {"arythea": N_("Arythea"), "goldyx": N_("Goldyx"), "norowas": N_("Norowas"), "tovak": N_("Tovak"),
              "wolfhawk": N_("Wolfhawk"), "krang": N_("Krang"), "braevalar": N_("Braevalar")}
MODES = ["solo", "cooperative", "competitive"]
RANDOM = "random"  # the Dummy's hero, drawn when the game starts
MAX_PLAYERS = 5
MAX_ROUNDS = 20

# rounds: a number, or {player count: number}; solo_rounds: the solo variant of a competitive scenario;
# epic_rounds: the scenario's Epic version (3 Days and 3 Nights); players: the player counts a scenario is made
# for, where setup must hold to them.
SCENARIOS: dict[str, dict[str, Any]] = {
    "first_reconnaissance": {"mode": "competitive", "rounds": 3, "solo_rounds": 4},
    "full_conquest": {"mode": "competitive", "rounds": 6},
    "blitz_conquest": {"mode": "competitive", "rounds": 4, "blitz": True},
    "solo_conquest": {"mode": "solo", "rounds": 6},
    # Cooperative scenarios are for 2 or 3 players: one Dummy deck paces 3 heroes at most (rulebook.md:1195).
    "full_cooperation": {"mode": "cooperative", "rounds": 6, "players": (2, 3)},
    "blitz_cooperation": {"mode": "cooperative", "rounds": 4, "blitz": True, "players": (2, 3)},
    "dungeon_lords": {"mode": "competitive", "rounds": 5},
    "mines_liberation": {"mode": "competitive", "rounds": 4},
    "druid_nights": {"mode": "competitive", "rounds": 4, "epic_rounds": 6},
    # 6 rounds for 2 players, 4 for 4; for 3 the book recommends 4, as with 4 (rulebook.md:1753).
    "conquer_and_hold": {"mode": "competitive", "rounds": {2: 6, 3: 4, 4: 4, 5: 4}},
    "one_to_return": {"mode": "competitive", "rounds": 4, "epic_rounds": 6},
}
SCENARIO_NAMES = {
    "first_reconnaissance": N_("First Reconnaissance"), "full_conquest": N_("Full Conquest"),
    "blitz_conquest": N_("Blitz Conquest"), "solo_conquest": N_("Solo Conquest"),
    "full_cooperation": N_("Full Cooperation"), "blitz_cooperation": N_("Blitz Cooperation"),
    "dungeon_lords": N_("Dungeon Lords"), "mines_liberation": N_("Mines Liberation"),
    "druid_nights": N_("Druid Nights"), "conquer_and_hold": N_("Conquer and Hold"),
    "one_to_return": N_("One to Return"), "custom": N_("Custom scenario"),
}


def _as_list(form: Mapping[str, Any], name: str) -> list[str]:
    raw = form.get(name, [])
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        raise BadParams(N_("Not text: {name}"), name=name)
    return [v.strip() for v in raw]


def typed_heroes_to_ids(form: Mapping[str, Any], translate: Callable[[str], str]) -> Mapping[str, Any]:
    """Heroes typed in the device's language ("Товак") → ids, as the setup page lists them (MK-SET-1): else a
    known hero would count as a custom one, and the Dummy could be drawn the same hero (MK-DUM-1). The rules
    read ids and English names; `translate` (injected by the web layer) gives each name as the players see it."""
    heroes = form.get("hero")
    if heroes is None:
        return form
    by_name = {translate(HERO_NAMES[hero]).strip().lower(): hero for hero in HEROES}

    def one(text: Any) -> Any:
        return by_name.get(text.strip().lower(), text) if isinstance(text, str) else text

    return {**form, "hero": [one(h) for h in heroes] if isinstance(heroes, list) else one(heroes)}


def _hero_id(text: str) -> str:
    """A known hero's id, or the custom name as typed."""
    return text.lower() if text.lower() in HEROES else text


def _scenario_rules(scenario: str, form: Mapping[str, Any], players: int) -> tuple[str, int, bool]:
    """(mode, round limit, blitz) for a preset or a custom scenario."""
    if scenario == "custom":
        mode = param_str(form, "mode", choices=MODES, default="competitive")
        return mode, param_int(form, "round_limit", lo=1, hi=MAX_ROUNDS), param_bool(form, "blitz")
    preset = SCENARIOS[scenario]
    mode, rounds_ = preset["mode"], preset["rounds"]
    if "players" in preset and players not in preset["players"]:
        raise RuleError(N_("{scenario} is for 2 or 3 players (one Dummy paces at most three heroes); for another "
                           "count choose a custom cooperative scenario."), scenario=Text(SCENARIO_NAMES[scenario]))
    if param_bool(form, "epic"):
        if "epic_rounds" not in preset:
            raise RuleError(N_("Only Druid Nights and One to Return have an Epic version (3 Days and 3 Nights)."))
        rounds_ = preset["epic_rounds"]
    if mode == "competitive" and players == 1:
        if "solo_rounds" not in preset:
            raise RuleError(N_("This scenario needs 2 or more players; choose a solo scenario or a custom one."))
        mode, rounds_ = "solo", preset["solo_rounds"]
    if isinstance(rounds_, dict):
        if players not in rounds_:
            raise RuleError(N_("This scenario needs 2 or more players; choose a solo scenario or a custom one."))
        rounds_ = rounds_[players]
    return mode, rounds_, bool(preset.get("blitz"))


# What parse_setup cannot do without, for the API's description (rules/describe.py reads the rest from its
# code): a name and a hero for each of 1 to MAX_PLAYERS players, two lists in step; a custom scenario's
# round limit.
SETUP_NEEDS = {
    **lists_in_step({"player_name": text(40, blank=False), "hero": text(40, blank=False)},
                    required=("player_name", "hero"), lo=1, hi=MAX_PLAYERS),
    "if": {"required": ["scenario"], "properties": {"scenario": {"const": "custom"}}},
    "then": {"required": ["round_limit"]},
}
SETUP_EXAMPLE = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "first_reconnaissance"}


def parse_setup(form: Mapping[str, Any]) -> dict:
    """The setup form: player_name[] and hero[] in hero-choice order, scenario, epic (Druid Nights and One to
    Return: 6 rounds), round_limit/mode/blitz (custom only), dummy_hero, start_at_night, daytime (a Day/Night
    variant: alternate, night_arrival, darkness_is_coming), core_tile_revealed, monasteries, dice_mode ("table": the
    group rolls its real dice and enters them; "app", the default: the app rolls)."""
    names, heroes = _as_list(form, "player_name"), _as_list(form, "hero")
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise RuleError(N_("Mage Knight is played by 1 to {n} players."), n=MAX_PLAYERS)
    if len(heroes) != len(names):
        raise BadParams(N_("Each player needs a name and a hero."))
    if any(not name or len(name) > 40 for name in names) or any(not h or len(h) > 40 for h in heroes):
        raise BadParams(N_("Each player needs a name and a hero (up to 40 characters)."))
    heroes = [_hero_id(h) for h in heroes]
    if len(set(heroes)) != len(heroes) or len(set(names)) != len(names):
        raise RuleError(N_("Two players cannot have the same name or the same hero."))
    scenario = param_str(form, "scenario", choices=[*SCENARIOS, "custom"], default="full_conquest")
    mode, round_limit, blitz = _scenario_rules(scenario, form, len(names))
    if (mode == "solo") != (len(names) == 1):
        raise RuleError(N_("A solo game has exactly one player; cooperative and competitive ones two or more."))
    daytime = param_str(form, "daytime", choices=VARIANTS, default="alternate")
    start_at_night = param_bool(form, "start_at_night") or daytime == "night_arrival"
    if daytime == "darkness_is_coming" and start_at_night:
        raise RuleError(N_("Darkness is Coming starts with a Day round."))
    dummy = None
    if mode in ("solo", "cooperative"):
        dummy = _hero_id(param_str(form, "dummy_hero", max_len=40, default="") or RANDOM)
        if dummy in heroes:
            raise RuleError(N_("The Dummy needs a hero nobody plays."))
    return {
        "players": [{"name": n, "hero": h} for n, h in zip(names, heroes)],
        "scenario": scenario, "mode": mode, "round_limit": round_limit, "blitz": blitz, "dummy_hero": dummy,
        "start_at_night": start_at_night, "daytime": daytime,
        "core_tile_revealed": param_bool(form, "core_tile_revealed"),
        "monasteries": param_int(form, "monasteries", lo=0, hi=20, default=0),
        "dice_mode": param_str(form, "dice_mode", choices=DICE_MODES, default="app"),
    }


def _dummy_hero(setup: dict, rng: random.Random) -> str:
    """The hero chosen for the Dummy, or one nobody plays drawn at random (MK-DUM-1)."""
    if setup["dummy_hero"] != RANDOM:
        return setup["dummy_hero"]
    return random_hero([h for h in HEROES if h not in (p["hero"] for p in setup["players"])], rng)


def new_state(setup: dict, rng: random.Random) -> dict:
    """Round 1: Source rolled (or awaited from the table) and Units offer dealt as in preparation; tactics start
    at once (MK-SET-5)."""
    players = [{"id": f"p{i + 1}", "name": p["name"], "hero": p["hero"], "fame": start_fame(setup["blitz"])}
               for i, p in enumerate(setup["players"])]
    state = {
        "scenario": setup["scenario"], "mode": setup["mode"], "round_limit": setup["round_limit"],
        "blitz": setup["blitz"], "players": players,
        "dummy": new_dummy(_dummy_hero(setup, rng)) if setup["dummy_hero"] else None,
        "round": 1, "time_of_day": "night" if setup["start_at_night"] else "day",
        "phase": "tactics", "preparation": None,
        "core_tile_revealed": setup["core_tile_revealed"], "monasteries": setup["monasteries"],
        "source": [], "source_rolls": [], "source_check": None, "units_offer": [],
        # The Round Order tokens start in hero-choice order, the Dummy's last.
        "round_order": [p["id"] for p in players] + ([DUMMY] if setup["dummy_hero"] else []),
        "dice_mode": setup["dice_mode"],
        "tactics": {}, "removed_tactics": [], "flipped_tactics": [],
        "turn": None, "final_turns": None, "end_of_round_by": None, "scenario_end_met": False,
        "rounds": [], "ended_by": None, "scenario_end_record": None,
        "flipped_tokens": [], "mines": {},
        "daytime": {"variant": setup.get("daytime", "alternate"), "darkness_rolls": []},
    }
    if state["dice_mode"] == "app":
        rounds.roll_source(state, rng)
    rounds.deal_units_offer(state)
    rounds.start_tactics(state, rng)
    return state
