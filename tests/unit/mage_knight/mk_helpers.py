"""Shared helpers for the Mage Knight rules tests: set up games and drive them through actions."""
from __future__ import annotations

import random

from companion.rules.base import Outcome, Text
from companion.rules.mage_knight import KIND

HEROES = ["tovak", "goldyx", "norowas", "arythea", "krang"]


class ScriptedRng(random.Random):
    """A Random whose choice() returns the scripted values in order (then falls back to a seeded one)."""

    def __init__(self, values, seed=0):
        super().__init__(seed)
        self.values = list(values)

    def choice(self, seq):
        if self.values:
            value = self.values.pop(0)
            assert value in seq, (value, seq)
            return value
        return super().choice(seq)


def form(players=2, scenario="full_conquest", **extra) -> dict:
    names = ["Anna", "Boris", "Chen", "Dana", "Emil"][:players]
    return {"player_name": names, "hero": HEROES[:players], "scenario": scenario, **extra}


def new_game(players=2, scenario="full_conquest", seed=0, **extra) -> dict:
    rng = random.Random(seed)
    return KIND.new_state(KIND.parse_setup(form(players, scenario, **extra)), rng)


def act(state, action, rng=None, **params) -> Outcome:
    return KIND.apply(state, action, params, rng or random.Random(0))


def do(state, action, rng=None, **params) -> dict:
    return act(state, action, rng, **params).state


def rendered(texts) -> list[str]:
    return [t.render() for t in texts]


def pick(state, seat, tactic) -> dict:
    """`seat` picks `tactic`; Mana Steal takes the first basic-colour die it can (MK-TAC-3)."""
    die = next((a["params"]["die"] for a in KIND.view(state)["actions"] if a["action"] == "pick_tactic"
                and a["params"]["tactic"] == tactic and "die" in a["params"]), None)
    return do(state, "pick_tactic", player=seat, tactic=tactic, **({"die": die} if die is not None else {}))


def pick_in_queue_order(state, tactics) -> dict:
    """Each player in the pick queue takes the next tactic of `tactics`."""
    for tactic in tactics:
        state = pick(state, KIND.view(state)["pick_queue"][0], tactic)
    return state


def pick_first_available(state) -> dict:
    while state["phase"] == "tactics":
        view = KIND.view(state)
        state = pick(state, view["pick_queue"][0], view["tactics_available"][0])
    return state


def prepare(state, spell_colour="red") -> dict:
    """Tick every preparation step (with a Dummy, the leaving Spell is `spell_colour`)."""
    while state["phase"] == "preparation":
        extra = {"spell_colour": spell_colour} if state["dummy"] else {}
        state = do(state, "tick_step", step=KIND.view(state)["current_step"], **extra)
    return state


def quiet_colour(state) -> str:
    """A 3rd-card colour the Dummy holds fewest crystals of: its turn flips the fewest cards."""
    crystals = state["dummy"]["crystals"]
    return min(crystals, key=lambda c: crystals[c])


def end_turn(state) -> dict:
    """The current seat's turn ends: a player's End turn, or the Dummy's flip with a quiet 3rd card."""
    seat = state["turn"]["seat"]
    if seat == "dummy":
        return do(state, "dummy_turn", third=quiet_colour(state))
    return do(state, "end_turn", player=seat)


def end_round_now(state) -> dict:
    """The current player (after the Dummy's turn, if it is the Dummy's) announces End of Round; everyone
    else ends their last turn."""
    if state["turn"]["seat"] == "dummy":
        state = end_turn(state)
    state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    while state["phase"] == "turns":
        state = end_turn(state)
    return state


def turn_seats(state, n) -> tuple[dict, list[str]]:
    """End `n` turns in a row, returning whose turns they were."""
    seats = []
    for _ in range(n):
        seats.append(state["turn"]["seat"])
        state = end_turn(state)
    return state, seats


def mark_end(state) -> Outcome:
    """Mark the scenario's end as the view offers it (a city-goal scenario says every city is conquered)."""
    params = next(a["params"] for a in KIND.view(state)["actions"] if a["action"] == "mark_scenario_end")
    return act(state, "mark_scenario_end", **params)


def text_of(outcome: Outcome) -> str:
    return " | ".join(t.render() for t in (outcome.label, *outcome.notices))


__all__ = ["KIND", "Text", "ScriptedRng", "form", "new_game", "act", "do", "rendered", "pick_in_queue_order",
           "pick_first_available", "prepare", "quiet_colour", "end_turn", "end_round_now", "turn_seats", "text_of",
           "mark_end"]
