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


def pick_in_queue_order(state, tactics) -> dict:
    """Each player in the pick queue takes the next tactic of `tactics`."""
    for tactic in tactics:
        seat = KIND.view(state)["pick_queue"][0]
        state = do(state, "pick_tactic", player=seat, tactic=tactic)
    return state


def pick_first_available(state) -> dict:
    while state["phase"] == "tactics":
        view = KIND.view(state)
        state = do(state, "pick_tactic", player=view["pick_queue"][0], tactic=view["tactics_available"][0])
    return state


def prepare(state) -> dict:
    """Tick every preparation step."""
    while state["phase"] == "preparation":
        state = do(state, "tick_step", step=KIND.view(state)["current_step"])
    return state


def end_round_now(state) -> dict:
    """The current seat announces End of Round; everyone else ends their last turn."""
    state = do(state, "announce_end_of_round", player=state["turn"]["seat"], deck_empty=True)
    while state["phase"] == "turns":
        state = do(state, "end_turn", player=state["turn"]["seat"])
    return state


def turn_seats(state, n) -> tuple[dict, list[str]]:
    """End `n` turns in a row, returning whose turns they were."""
    seats = []
    for _ in range(n):
        seats.append(state["turn"]["seat"])
        state = do(state, "end_turn", player=state["turn"]["seat"])
    return state, seats


def text_of(outcome: Outcome) -> str:
    return " | ".join(t.render() for t in (outcome.label, *outcome.notices))


__all__ = ["KIND", "Text", "ScriptedRng", "form", "new_game", "act", "do", "rendered", "pick_in_queue_order",
           "pick_first_available", "prepare", "end_round_now", "turn_seats", "text_of"]
