"""Tactic cards: the sets, the pick queue, Round Order rearrangement, removal (MK-TAC)."""
from __future__ import annotations

import random
from typing import Any

from ..base import N_, Text
from .seats import seat_ids
from .source import BASIC

TACTICS: dict[str, dict[str, Any]] = {
    "early_bird": {"time": "day", "number": 1},
    "rethink": {"time": "day", "number": 2},
    "mana_steal": {"time": "day", "number": 3},
    "planning": {"time": "day", "number": 4},
    "great_start": {"time": "day", "number": 5},
    "the_right_moment": {"time": "day", "number": 6},
    "from_the_dusk": {"time": "night", "number": 1},
    "long_night": {"time": "night", "number": 2},
    "mana_search": {"time": "night", "number": 3},
    "midnight_meditation": {"time": "night", "number": 4},
    "preparation": {"time": "night", "number": 5},
    "sparing_power": {"time": "night", "number": 6},
}

TACTIC_NAMES = {
    "early_bird": N_("Early Bird"), "rethink": N_("Rethink"), "mana_steal": N_("Mana Steal"),
    "planning": N_("Planning"), "great_start": N_("Great Start"), "the_right_moment": N_("The Right Moment"),
    "from_the_dusk": N_("From the Dusk"), "long_night": N_("Long Night"), "mana_search": N_("Mana Search"),
    "midnight_meditation": N_("Midnight Meditation"), "preparation": N_("Preparation"),
    "sparing_power": N_("Sparing Power"),
}

# "When you take this tactic": done right after the pick (MK-TAC-3). Notices reach every device, so each
# names the tactic's owner ({name}) instead of saying "you".
ON_TAKE = {
    "rethink": N_("Rethink: {name} discards up to 3 cards, draws as many, then shuffles the discard pile into "
                  "the deck."),
    "mana_steal": N_("Mana Steal: {name} sets a basic-colour die from the Source aside on this card."),
    "great_start": N_("Great Start: {name} draws 2 cards."),
    "preparation": N_("Preparation: {name} searches the Deed deck for one card, takes it, then shuffles."),
}

# Reminders at the start of the owner's turn, while the tactic is not flipped.
TURN_START = {
    "mana_search": N_("Mana Search: before taking mana {name} may reroll up to two Source dice "
                      "(depleted ones first), once this turn."),
    "sparing_power": N_("Sparing Power: before the turn, {name} puts the top Deed card under it, "
                        "or flips it and takes all those cards into hand."),
    "long_night": N_("Long Night (once this round): with an empty Deed deck {name} may shuffle the "
                     "discard pile and put 3 cards back as the deck."),
    "midnight_meditation": N_("Midnight Meditation (once this round, before the turn): {name} may shuffle up "
                              "to 5 cards from hand into the deck and draw as many."),
}

# Reminders at the end of the owner's turn.
TURN_END = {
    "planning": N_("Planning: with 2 or more cards in hand, the Hand limit of {name} is 1 higher now."),
    "the_right_moment": N_("The Right Moment (once this Day): {name} may take another turn right now."),
}

# Tactics that are flipped when used and then do nothing more this round (Sparing Power when its cards are taken).
FLIPPED_WHEN_USED = ["the_right_moment", "long_night", "midnight_meditation", "sparing_power"]
# Sparing Power is used once before each of its owner's turns until flipped: the top Deed card goes under it
# ("store"), or it is flipped and the cards under it go into the hand ("take").
SPARING_POWER_CHOICES = ("store", "take")
# Of those, the ones used before the owner's turn, never once it is under way.
BEFORE_THE_TURN = ["midnight_meditation", "sparing_power"]


def tactic_name(tactic: str) -> Text:
    return Text(TACTIC_NAMES[tactic])


def tactics_for(time_of_day: str) -> list[str]:
    """The set laid out for a time of day, by number."""
    return sorted((t for t, d in TACTICS.items() if d["time"] == time_of_day),
                  key=lambda t: TACTICS[t]["number"])


def available_tactics(state: dict) -> list[str]:
    """This round's set minus tactics removed from the game and those already taken."""
    taken = set(state["tactics"].values())
    return [t for t in tactics_for(state["time_of_day"])
            if t not in state["removed_tactics"] and t not in taken]


def pick_queue(state: dict) -> list[str]:
    """Players still to pick, in order: round 1 reverse hero choice; then lowest Fame, ties to the lower token."""
    waiting = [p for p in state["players"] if p["id"] not in state["tactics"]]
    if state["round"] == 1:
        return [p["id"] for p in reversed(waiting)]
    position = {seat: i for i, seat in enumerate(state["round_order"])}
    return [p["id"] for p in sorted(waiting, key=lambda p: (p["fame"], -position[p["id"]]))]


def dummy_picks(state: dict, rng: random.Random) -> Text:
    """The Dummy takes a random remaining tactic."""
    tactic = rng.choice(available_tactics(state))
    state["tactics"]["dummy"] = tactic
    return Text(N_("The Dummy took {tactic}."), {"tactic": tactic_name(tactic)})


def stealable_dice(state: dict) -> list[int]:
    """The Source dice Mana Steal can take (MK-TAC-3, MK-SRC-5): basic colour, in the Source."""
    return [i for i, die in enumerate(state["source"]) if die["colour"] in BASIC and die["status"] == "ready"]


def rearranged_round_order(state: dict) -> list[str]:
    """Round Order by tactic number, lowest first."""
    return sorted(seat_ids(state), key=lambda seat: TACTICS[state["tactics"][seat]]["number"])


def removal_candidates(state: dict) -> list[str]:
    """Cooperative round end: the tactics the real players used this round."""
    return [state["tactics"][p["id"]] for p in state["players"]]


def removal_matters(state: dict) -> bool:
    """Whether a later round of this time of day may come, which removed tactics would be missing from
    (MK-TAC-5: after the last Day and the last Night it no longer matters). Darkness is Coming: the very
    next round may be of the same time (MK-SCN-5)."""
    darkness = state.get("daytime", {}).get("variant") == "darkness_is_coming"
    return state["round"] + (1 if darkness else 2) <= state["round_limit"]


def removal_leaves_enough(state: dict, count: int) -> bool:
    """Whether removing `count` tactics still leaves one for every seat in the next round of this time of day."""
    if not removal_matters(state):
        return True
    left = [t for t in tactics_for(state["time_of_day"]) if t not in state["removed_tactics"]]
    return len(left) - count >= len(seat_ids(state))
