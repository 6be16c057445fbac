"""The minion cheese wheel (MM-CHZ-1..3): cheese on, cheese off, and the surge at 6."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, RuleError, Text, param_int, param_str
from . import hourglass

WHEEL_SIZE = 6
ADD_REASONS = {"minion_attack": N_("minion attack"), "minion_defence": N_("minion defence"),
               "greedy_roach": N_("greedy roach"), "room_rule": N_("room rule")}
REMOVE_REASONS = {"filch_pilfer": N_("Filch's Pilfer"), "room_rule": N_("room rule"),
                  "correction": N_("correction")}


def put_cheese(state: dict, n: int, notices: list[Text]) -> bool:
    """Add a whole roll's n cheese; at 6 or more the surge starts at once (MM-CHZ-3).

    The surge clears the wheel, so cheese past the 6th is lost, never carried into the next surge.
    Returns whether it surged."""
    total = state["cheese_wheel"] + n
    if total < WHEEL_SIZE:
        state["cheese_wheel"] = total
        return False
    if total > WHEEL_SIZE:
        notices.append(Text(N_("{n} cheese above 6 is discarded with the rest: nothing carries over."),
                            {"n": total - WHEEL_SIZE},
                            plural=N_("{n} cheese above 6 are discarded with the rest: nothing carries over.")))
    start_surge(state, notices)
    return True


def start_surge(state: dict, notices: list[Text]) -> None:
    """The wheel empties and the hourglass moves; the minions wait for the room question."""
    state["cheese_wheel"] = 0
    hourglass.advance(state, notices)
    if state["finished"]:
        return
    state["pending_surge"] = {"page": state["hourglass_page"]}
    notices.append(Text(N_("Surge! Hourglass to page {page}. Does this room have a special surge?"),
                        {"page": state["hourglass_page"]}))


# MM-CHZ-2: Brodie's cheese never goes on the wheel, attacking or defending; Captain Vurst's attack cheese
# neither (his card). Said beside the wheel while they are on the track; an attack's cheese is refused on
# their turns (a defence's is rolled on a mouse's turn: the app cannot tell who defends).
NO_WHEEL_CHEESE = {"brodie": N_("Brodie's cheese, attacking or defending, never goes on the wheel."),
                   "captain_vurst": N_("Captain Vurst's attack cheese does not go on the wheel.")}


def attack_cheese_refused(state: dict) -> str | None:
    """The acting minion type whose attack cheese stays off the wheel, if it is acting."""
    card = state["initiative_track"][state["acting"]]
    return card["minion"] if card["kind"] == "minion" and card["minion"] in NO_WHEEL_CHEESE else None


def cheese_exceptions(state: dict) -> list[Text]:
    """What to remember about minion cheese while those minions are on the track."""
    present = {c["minion"] for c in state["initiative_track"] if c["kind"] == "minion"}
    return [Text(note) for type_id, note in NO_WHEEL_CHEESE.items() if type_id in present]


def surge_label(state: dict) -> Text:
    return Text(N_("Surge! Hourglass to page {page}"), {"page": state["hourglass_page"]})


def add_cheese(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    n = param_int(params, "n", 1, WHEEL_SIZE, default=1)
    reason = param_str(params, "reason", choices=ADD_REASONS)
    if reason == "minion_attack" and (refused := attack_cheese_refused(state)):
        raise RuleError(NO_WHEEL_CHEESE[refused])
    notices: list[Text] = []
    if put_cheese(state, n, notices):
        return Outcome(state, surge_label(state) if not state["finished"] else notices[-1], tuple(notices))
    return Outcome(state, Text(N_("{n} cheese on the wheel ({reason})"),
                               {"n": n, "reason": Text(ADD_REASONS[reason])},
                               plural=N_("{n} cheese on the wheel ({reason})")))


def _filch(state: dict) -> dict | None:
    return next((m for m in state["mice"] if m["id"] == "filch" and not m["captured"]), None)


def can_pilfer(state: dict) -> bool:
    """MM-CHZ-2: Filch's Pilfer takes one cheese back off the wheel; Filch must be there to use it."""
    return _filch(state) is not None


def remove_cheese(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    n = param_int(params, "n", 1, WHEEL_SIZE, default=1)
    reason = param_str(params, "reason", choices=REMOVE_REASONS)
    if reason == "filch_pilfer":
        if not can_pilfer(state):
            raise RuleError(N_("Only Filch, in the party and not captured, can Pilfer."))
        if n != 1:
            raise RuleError(N_("Filch's Pilfer takes back one cheese."))
    if n > state["cheese_wheel"]:
        raise RuleError(N_("The wheel holds only {n} cheese."), plural=N_("The wheel holds only {n} cheese."),
                        n=state["cheese_wheel"])
    state["cheese_wheel"] -= n
    if reason == "filch_pilfer":  # Pilfer: the cheese from a defeated Rat goes off the wheel into Filch's stash
        filch = _filch(state)
        assert filch is not None  # can_pilfer above
        filch["cheese"] += 1
        filch["cheese_gained"] += 1
        return Outcome(state, Text(N_("1 cheese off the wheel into Filch's stash (Filch's Pilfer)")))
    return Outcome(state, Text(N_("{n} cheese off the wheel ({reason})"),
                               {"n": n, "reason": Text(REMOVE_REASONS[reason])},
                               plural=N_("{n} cheese off the wheel ({reason})")))


ACTIONS = {"add_cheese": add_cheese, "remove_cheese": remove_cheese}
