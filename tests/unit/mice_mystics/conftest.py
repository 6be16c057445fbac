"""Helpers for the Mice and Mystics rules tests: set up a chapter, act, lay a chosen track."""
from __future__ import annotations

import copy
import json
import random

import pytest

from companion.rules.mice_mystics import KIND
from companion.rules.mice_mystics.mouse_turn import reset_turn

PARTY = ("lily", "filch", "tilda", "nez")


class Table:
    """A chapter at the table, driven through the kind's public functions only."""

    def setup(self, mice=PARTY, minions=(), seed=0, **form):
        data = {"mouse": list(mice), **form}
        if minions:
            data["minion_type"] = [m for m, _ in minions]
            data["minion_count"] = [str(n) for _, n in minions]
        state = KIND.new_state(KIND.parse_setup(data), random.Random(seed))
        KIND.check_state(state)
        return state

    def act(self, state, action, seed=0, **params):
        """Apply an action; the input stays untouched and the result is a valid JSON state."""
        before = copy.deepcopy(state)
        outcome = KIND.apply(state, action, params, random.Random(seed))
        assert state == before
        assert json.loads(json.dumps(outcome.state)) == outcome.state
        KIND.check_state(outcome.state)
        return outcome

    def lay(self, state, *specs, acting=0):
        """Put the track in a chosen order: "lily" (a mouse), "rat_warriors:3", "brodie_chases"."""
        state = copy.deepcopy(state)
        types = state["minion_types"]
        mice = {m["id"] for m in state["mice"]}
        track = []
        for spec in specs:
            card_id, _, figures = spec.partition(":")
            if card_id in mice:
                track.append({"kind": "mouse", "card": card_id, "mouse": card_id})
                continue
            type_id = next(t for t, d in types.items() if card_id in d["cards"])
            card = {"kind": "minion", "card": card_id, "minion": type_id, "figures": int(figures or 1),
                    "surge": False}
            if types[type_id]["boss"]:
                card.update(wounds=0, life=types[type_id]["life"])
            elif (types[type_id]["life"] or 1) > 1:
                card["figure_wounds"] = [0] * card["figures"]
            track.append(card)
        state["initiative_track"], state["acting"] = track, acting
        reset_turn(state)
        KIND.check_state(state)
        return state

    @staticmethod
    def order(state):
        return [c["card"] for c in state["initiative_track"]]

    @staticmethod
    def mouse(state, mouse_id):
        return next(m for m in state["mice"] if m["id"] == mouse_id)

    @staticmethod
    def card(state, card_id):
        return next(c for c in state["initiative_track"] if c["card"] == card_id)

    @staticmethod
    def msgids(outcome):
        return [n.msgid for n in outcome.notices]


@pytest.fixture
def table():
    return Table()
