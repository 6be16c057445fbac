""""Can I play this?": one Deed card's effect checked against this turn's mana (MK-DEED-1..5)."""
from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from ..base import N_, RuleError, Text, param_bool, param_int, param_str
from .deeds import CARD_TYPES, EFFECTS, can_pay_cost, extra_cost, mana_payment, mana_that_pays, sideways_options
from .seats import DUMMY
from .source import BASIC
from .turns import COLOUR_NAMES, join
from .view import takeable_dice

OTHER_CARDS = {"card": ["basic_action"], "wounds": ["wound"], "none": []}
MAX_CRYSTALS = 3  # an Inventory holds at most 3 crystals of a colour


def _dice(state: dict) -> tuple[list[tuple[str, Text]], list[tuple[str, Text]]]:
    """(the Source dice the current player may still take — at most one of them —, the dice already theirs
    this turn: the one taken, the one on Mana Steal)."""
    turn = state["turn"]
    if state["phase"] != "turns" or turn["seat"] == DUMMY:
        return [], []
    takeable = takeable_dice(state)
    options, own = [], []
    for i, die in enumerate(state["source"]):
        name = Text(COLOUR_NAMES[die["colour"]])
        if die["status"] == "taken":
            own.append((die["colour"], Text(N_("the {colour} die taken this turn"), {"colour": name})))
        elif die["status"] == "stolen" and i in takeable:
            own.append((die["colour"], Text(N_("the {colour} die on Mana Steal"), {"colour": name})))
        elif i in takeable:
            options.append((die["colour"], Text(N_("a {colour} die from the Source"), {"colour": name})))
    return options, own


def _crystals(params: Mapping[str, Any]) -> list[tuple[str, Text]]:
    return [(c, Text(N_("a {colour} crystal"), {"colour": Text(COLOUR_NAMES[c])}))
            for c in BASIC for _ in range(param_int(params, f"crystal_{c}", 0, MAX_CRYSTALS, default=0))]


def can_i_play(state: dict, params: Mapping[str, Any]) -> Text:
    """Whether the current player can play a card's effect now, and with which mana."""
    card = param_str(params, "card", choices=CARD_TYPES)
    effect = param_str(params, "effect", choices=EFFECTS, default="basic")
    colour: str | None = param_str(params, "colour", choices=["none", *BASIC], default="none")
    colour = None if colour == "none" else colour
    if effect == "sideways":
        if not sideways_options(card):
            return Text(N_("No: a Wound is never played, not even sideways."))
        return Text(N_("Yes: sideways for Move 1, Influence 1, Attack 1 or Block 1 — never ranged, siege or "
                       "elemental. It adds to the other effects of the same kind played this turn."))
    is_night = state["time_of_day"] == "night"
    payments = mana_that_pays(card, is_night)[effect]
    if card == "wound":
        return Text(N_("No: a Wound is never played."))
    if payments is None:
        return Text(N_("No: a Spell's strong effect needs black mana, which is only usable at Night."))
    if payments and colour is None and any("own" in p for p in payments):
        raise RuleError(N_("Choose the card's colour."))
    cost = param_str(params, "cost", choices=["none", "discard", "destroy"], default="none")
    if cost != "none":
        other = OTHER_CARDS[param_str(params, "other", choices=list(OTHER_CARDS), default="card")]
        if not can_pay_cost(other, param_bool(params, "wounds_allowed")):
            return Text(N_("No: the cost needs another card from your hand, and a Wound cannot pay it unless the "
                           "effect says so."))
    options, own = _dice(state)
    crystals = _crystals(params)
    options.sort(key=lambda die: die[0] == "gold")  # a die of the very colour before gold standing in for it
    for die in [*options, None]:  # at most one die from the Source this turn
        mana = own + ([die] if die else []) + crystals
        chosen = mana_payment(payments, [m[0] for m in mana], colour)
        if chosen is not None:
            break
    else:
        shown = [m[1] for m in own + options + crystals]
        return Text(N_("No: not enough mana of the right colour now ({mana})."),
                    {"mana": join(shown) if shown else Text(N_("no mana at hand"))})
    tail = Text(N_("It adds to the other effects of the same kind played this turn."))
    if extra_cost(card, effect) == "destroy_self":
        return Text(N_("Yes: destroy the Artifact (out of the game) for its strong effect. {tail}"), {"tail": tail})
    if not payments:
        return Text(N_("Yes, with no mana. {tail}"), {"tail": tail})
    return Text(N_("Yes: pay with {mana}. {tail}"), {"mana": join([mana[i][1] for i in chosen]), "tail": tail})
