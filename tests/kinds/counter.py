"""A tiny game kind that exercises the pipeline without depending on a real game's rules."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from companion.rules.base import N_, GameKind, Outcome, RuleError, Text, param_int, param_str


def add(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    n = param_int(params, "n", -10, 10)
    if state["count"] + n < 0:
        raise RuleError(N_("The counter cannot go below zero."))
    state["count"] += n
    return Outcome(state, Text(N_("Add {n}"), {"n": n}))


def roll(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    state["rolls"].append(rng.randint(1, 6))
    return Outcome(state, Text(N_("Roll a die")), (Text(N_("Rolled {n}"), {"n": state["rolls"][-1]}),))


def name(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    state["name"] = param_str(params, "name", 40)
    return Outcome(state, Text(N_("Name: {name}"), {"name": state["name"]}))


ACTIONS = {"add": add, "roll": roll, "name": name}


class Counter(GameKind):
    key = "counter"
    name = "Counter"
    template = "kinds/counter.html"
    setup_template = "kinds/counter_setup.html"
    actions = ACTIONS

    def parse_setup(self, form: Mapping[str, Any]) -> dict:
        return {"start": param_int(form, "start", 0, 100, default=0)}

    def new_state(self, setup: dict, rng: random.Random) -> dict:
        return {"count": setup["start"], "rolls": [], "name": ""}

    def check_state(self, state: Any) -> None:
        if not (isinstance(state, dict) and set(state) == {"count", "rolls", "name"}
                and isinstance(state["count"], int) and state["count"] >= 0
                and isinstance(state["rolls"], list) and isinstance(state["name"], str)):
            raise RuleError(N_("Not a counter state."))

    def seats(self, state: dict) -> list[dict]:
        return [{"id": "even", "name": "Even"}, {"id": "odd", "name": "Odd"}]

    def seat_status(self, state: dict, seat: str) -> dict:
        now = (state["count"] % 2 == 0) == (seat == "even")
        return {"now": now, "text": Text(N_("Your turn") if now else N_("Waiting"))}

    def view(self, state: dict) -> dict:
        return {"palette": "night" if state["count"] % 2 else "day"}


KIND = Counter()
