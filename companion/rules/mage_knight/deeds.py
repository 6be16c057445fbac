"""Deed card reference: how each card type is played and what mana pays for it (MK-DEED, seed 003).

A mana requirement is a list of payments; each payment lists the mana colours that can pay it.
"own" stands for the card's own colour.
"""
from __future__ import annotations

from itertools import permutations

from ..base import N_

CARD_TYPES = ["basic_action", "advanced_action", "spell", "artifact", "wound"]
EFFECTS = ["basic", "strong", "sideways"]
SIDEWAYS = ["move", "influence", "attack", "block"]

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


def mana_payment(payments: list[list[str]], mana: list[str], colour: str | None) -> tuple[int, ...] | None:
    """Which of `mana` (indices, one per payment, each used once) pays every payment, or None."""
    if len(payments) > len(mana):
        return None
    return next((chosen for chosen in permutations(range(len(mana)), len(payments))
                 if all(_pays(p, mana[i], colour) for p, i in zip(payments, chosen))), None)


def can_pay_cost(card_types: list[str], allows_wounds: bool = False) -> bool:
    """A discard/destroy cost needs another card; a Wound counts only when the effect says so (MK-DEED-4)."""
    return any(t != "wound" or allows_wounds for t in card_types)


def sideways_options(card_type: str) -> list[str]:
    """Any card but a Wound may be played sideways as Move 1, Influence 1, Attack 1 or Block 1 (never ranged,
    siege or elemental: those are simply not among the options)."""
    if card_type not in CARD_TYPES:
        raise ValueError(f"unknown card type {card_type!r}")
    return [] if card_type == "wound" else list(SIDEWAYS)


# Rules for every card, shown under the types (MK-DEED-4..6).
PLAY_RULES = [
    N_("Wounds are never played, not even sideways, and cannot pay a discard or destroy cost unless the effect "
       "says so."),
    N_("Sideways gives only Move 1, Influence 1, Attack 1 or Block 1: never ranged, siege, fire, ice or cold "
       "fire."),
    N_("Effects of the same kind add up, whatever cards they come from: Move with Move, Attack with Attack."),
    N_("At the end of the turn the played cards go to the discard pile; unplayed cards stay in hand (any may be "
       "discarded)."),
    N_("An effect whose cost (mana, a discarded or destroyed card) cannot be paid cannot be played."),
]


def deed_reference(is_night: bool) -> list[dict]:
    """The reference the app shows for the current round: how each type plays and what pays."""
    return [{"card_type": t, "how": HOW_TO_PLAY[t], "mana": mana_that_pays(t, is_night),
             "sideways": sideways_options(t)} for t in CARD_TYPES]
