"""The actions the group takes for the Dummy: its turn, corrections, its part of round preparation (MK-DUM)."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, BadParams, Outcome, RuleError, Text, param_int, param_str
from . import dummy, rounds
from .seats import DUMMY
from .source import BASIC
from .turns import COLOUR_NAMES

Params = Mapping[str, Any]
DECK = "deck"  # `adjust_dummy`'s `what` for the deck count; else a crystal colour


def _dummy(state: dict) -> dict:
    if not state["dummy"]:
        raise RuleError(N_("There is no Dummy in this game."))
    return state["dummy"]


def dummy_turn(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The Dummy's whole turn in one tap: the colour of its 3rd card (or that its deck ran out before it)."""
    if state["phase"] != "turns" or state["turn"]["seat"] != DUMMY:
        raise RuleError(N_("It is not the Dummy's turn."))
    figure = _dummy(state)
    if not figure["deck"]:  # emptied by a correction during its turn
        label = N_("The Dummy announced End of Round") if state["final_turns"] is None else \
            N_("The Dummy had nothing to flip")
        return Outcome(state, Text(label), tuple(rounds.dummy_deck_empty(state)))
    if params.get("third") in (None, ""):
        if dummy.colour_asked(figure):
            raise RuleError(N_("Tap the colour of the Dummy's 3rd card, or that its deck ran out before it."))
        third = dummy.LAST_CARDS  # its last cards (3 at most): their colour changes nothing
    else:
        third = param_str(params, "third", choices=[*BASIC, dummy.RAN_OUT])
    before = figure["deck"]
    notices = dummy.take_turn(figure, third)
    flipped = before - figure["deck"]
    notices += rounds.consume_turn(state, DUMMY)
    notices += [said for said in (dummy.outlook(state),) if said is not None]
    return Outcome(state, Text(N_("The Dummy flipped {n} card"), {"n": flipped},
                               plural=N_("The Dummy flipped {n} cards")), tuple(notices))


def adjust_dummy(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The group corrects the Dummy: a crystal of a colour, or the cards left in its deck, by ±."""
    figure = _dummy(state)
    what = param_str(params, "what", choices=[*BASIC, DECK])
    delta = param_int(params, "delta", lo=-99, hi=99)
    if what == DECK:
        if not 0 <= figure["deck"] + delta <= figure["cards"]:
            raise RuleError(N_("The Dummy's deck holds 0 to {n} card (all its cards)."),
                            plural=N_("The Dummy's deck holds 0 to {n} cards (all its cards)."), n=figure["cards"])
        figure["deck"] += delta
        return Outcome(state, Text(N_("The Dummy's deck: {n} card"), {"n": figure["deck"]},
                                   plural=N_("The Dummy's deck: {n} cards")),
                       tuple(said for said in (dummy.outlook(state),) if said is not None))
    if not 0 <= figure["crystals"][what] + delta <= 99:
        raise RuleError(N_("The Dummy cannot have fewer than 0 crystals of a colour."))
    figure["crystals"][what] += delta
    return Outcome(state, Text(N_("The Dummy's {colour} crystals: {n}"),
                               {"colour": Text(COLOUR_NAMES[what]), "n": figure["crystals"][what]}))


def spell_colour(params: Params) -> str | None:
    """The colour of the Spell leaving the offer, as the group tapped it (None when not given)."""
    raw = params.get("spell_colour")
    if raw in (None, ""):
        return None
    if not isinstance(raw, str) or raw not in BASIC:
        raise BadParams(N_("Unknown choice for {name}: {value}"), name="spell_colour", value=str(raw)[:20])
    return raw


def prepare_step(state: dict, step: str, params: Params) -> list[Text]:
    """The Dummy's part of a preparation step: the leaving AA card joins its deck; the leaving Spell's colour
    gives it a crystal (MK-DUM-4)."""
    if not state["dummy"]:
        return []
    if step == "aa_offer":
        return [dummy.gain_advanced_action(state["dummy"])]
    if step == "spell_offer":
        colour = spell_colour(params)
        if colour is None:
            raise RuleError(N_("Tap the colour of the Spell leaving the offer: the Dummy gains a crystal of it."))
        return [dummy.gain_crystal(state["dummy"], colour)]
    return []


def skip_steps(state: dict, done: list[str], params: Params) -> list[Text]:
    """Preparation skipped: the Dummy still takes the AA card; its crystal only if the Spell's colour was given."""
    if not state["dummy"]:
        return []
    notices = [] if "aa_offer" in done else prepare_step(state, "aa_offer", params)
    if "spell_offer" not in done:
        if spell_colour(params):
            notices += prepare_step(state, "spell_offer", params)
        else:
            notices.append(Text(N_("Give the Dummy its crystal of the leaving Spell's colour with + under The Dummy.")))
    return notices


DUMMY_ACTIONS = {"dummy_turn": dummy_turn, "adjust_dummy": adjust_dummy}
