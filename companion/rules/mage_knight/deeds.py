"""Deed card reference: how each card type is played and what mana pays for it (MK-DEED, seed 003).

A mana requirement is a list of payments; each payment lists the mana colours that can pay it.
"own" stands for the card's own colour.
"""
from __future__ import annotations

from itertools import permutations

from ..base import N_
from .source import BASIC

CARD_TYPES = ["basic_action", "advanced_action", "spell", "artifact", "wound"]
EFFECTS = ["basic", "strong"]
SIDEWAYS = ["move", "influence", "attack", "block"]
NEVER_SIDEWAYS = ["ranged_attack", "siege_attack", "fire_attack", "ice_attack", "cold_fire_attack",
                  "fire_block", "ice_block", "cold_fire_block"]
COSTS = ["discard", "destroy"]

HOW_TO_PLAY = {
    "basic_action": N_("Basic effect for free, or the powered effect with one mana of the card's colour."),
    "advanced_action": N_("Basic effect for free, or the powered effect with one mana of the card's colour."),
    "spell": N_("One mana of the spell's colour for the basic effect; the strong effect only at Night, "
                "with one black mana more."),
    "artifact": N_("Basic effect, or destroy it (out of the game) for the strong effect."),
    "wound": N_("Never played; it cannot pay a discard or destroy cost unless an effect says so."),
}


def _own(is_night: bool) -> list[str]:
    # By Day gold stands for any basic colour; by Night gold is depleted.
    return ["own"] if is_night else ["own", "gold"]


def mana_that_pays(card_type: str, is_night: bool) -> dict[str, list[list[str]] | None]:
    """For each effect: the payments it needs ([] = free), or None when it cannot be played."""
    if card_type not in CARD_TYPES:
        raise ValueError(f"unknown card type {card_type!r}")
    if card_type in ("basic_action", "advanced_action"):
        return {"basic": [], "strong": [_own(is_night)]}
    if card_type == "spell":
        # Black is depleted by Day, so the strong effect is Night-only.
        return {"basic": [_own(is_night)], "strong": [_own(is_night), ["black"]] if is_night else None}
    if card_type == "artifact":
        return {"basic": [], "strong": []}
    return {"basic": None, "strong": None}


def extra_cost(card_type: str, effect: str) -> str | None:
    """A cost beyond mana: an artifact's strong effect destroys the artifact itself."""
    return "destroy_self" if card_type == "artifact" and effect == "strong" else None


def _pays(payment: list[str], mana: str, colour: str | None) -> bool:
    return mana in payment or ("own" in payment and colour is not None and mana == colour)


def can_pay_mana(payments: list[list[str]], mana: list[str], colour: str | None) -> bool:
    """Whether distinct mana from `mana` covers every payment."""
    if len(payments) > len(mana):
        return False
    return any(all(_pays(p, m, colour) for p, m in zip(payments, chosen))
               for chosen in permutations(mana, len(payments)))


def can_pay_cost(card_types: list[str], allows_wounds: bool = False) -> bool:
    """A discard/destroy cost needs another card; a Wound counts only when the effect says so."""
    return any(t != "wound" or allows_wounds for t in card_types)


def can_play(card_type: str, effect: str = "basic", is_night: bool = False, mana: list[str] = (),
             colour: str | None = None, cost: str | None = None, other_cards: list[str] = (),
             cost_allows_wounds: bool = False) -> bool:
    """Whether the card's effect can be played now: playable at all, mana paid, any extra cost paid.

    `colour`: the card's colour (actions, spells); `cost`: "discard"/"destroy" another card from
    `other_cards` (the types of the other cards in hand).
    """
    if effect not in EFFECTS:
        raise ValueError(f"unknown effect {effect!r}")
    if colour is not None and colour not in BASIC:
        raise ValueError(f"a card's colour is basic, not {colour!r}")
    payments = mana_that_pays(card_type, is_night)[effect]
    if payments is None or not can_pay_mana(payments, list(mana), colour):
        return False
    if cost is not None:
        if cost not in COSTS:
            raise ValueError(f"unknown cost {cost!r}")
        return can_pay_cost(list(other_cards), cost_allows_wounds)
    return True


def sideways_options(card_type: str) -> list[str]:
    """Any card but a Wound may be played sideways as Move 1, Influence 1, Attack 1 or Block 1."""
    if card_type not in CARD_TYPES:
        raise ValueError(f"unknown card type {card_type!r}")
    return [] if card_type == "wound" else list(SIDEWAYS)


def can_play_sideways(card_type: str, effect: str) -> bool:
    """Sideways gives only the four plain effects: never ranged, siege or elemental ones."""
    return effect in sideways_options(card_type)


def combine_effects(effects: list[tuple[str, int]]) -> dict[str, int]:
    """Effects of the same kind add up, whatever cards they came from."""
    total: dict[str, int] = {}
    for kind, amount in effects:
        total[kind] = total.get(kind, 0) + amount
    return total


def end_of_turn_cards(played: list[str], hand: list[str], discard: list[str] = ()) -> dict[str, list[str]]:
    """Played cards go to the discard pile; unused ones stay in hand unless the player discards them."""
    rest = list(hand)
    for card in discard:
        if card not in rest:
            raise ValueError(f"{card!r} is not in hand")
        rest.remove(card)
    return {"discard_pile": list(played) + list(discard), "hand": rest}


def deed_reference(is_night: bool) -> list[dict]:
    """The reference the app shows for the current round: how each type plays and what pays."""
    return [{"card_type": t, "how": HOW_TO_PLAY[t], "mana": mana_that_pays(t, is_night),
             "sideways": sideways_options(t)} for t in CARD_TYPES]
