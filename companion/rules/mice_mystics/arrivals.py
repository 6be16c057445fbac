"""Minions arriving on the track and figures leaving it (MM-INI-1..6, MM-INI-8)."""
from __future__ import annotations

import random
from typing import Any, Literal, overload
from collections.abc import Mapping

from ..base import BadParams, N_, Outcome, RuleError, Text, param_bool, param_int, param_str
from . import initiative_track as track_ops
from .achievements import boss_defeated
from .catalogue import MAX_LIFE, card_name, type_name
from .params import die_values, minion_list
from .rounds import leave_track, start_turn

SOURCES = ("encounter", "surge", "event")
# The books the app knows give no boss's Life: it is printed on the boss's initiative card.
LIFE_ASKED = N_("{card} has arrived: enter its Life, from its initiative card.")


def needs_life(card: dict) -> bool:
    """A boss card whose Life the group has not entered yet."""
    return card["kind"] == "minion" and "wounds" in card and card["life"] is None


def join_track(state: dict, minions: list[dict], rng: random.Random, source: str, ambush: bool,
               dice: track_ops.Dice, notices: list[Text]) -> None:
    """Lay out (MM-INI-2) or add (MM-INI-3/5) the minions, Born to Lead, then any ambush (MM-INI-8)."""
    arrivals = [(m["type"], m["figures"]) for m in minions]
    new_order = source == "encounter" and not track_ops.has_minions(state)
    boss_ambushes: list[str] = []
    cards_before = len(state["initiative_track"])
    ids_before = {c["card"] for c in state["initiative_track"]}
    if new_order:
        track_ops.lay_out(state, arrivals, rng)
    else:
        boss_ambushes, placed = track_ops.place(state, arrivals, rng, source == "surge")
        notices += placed
    # Born to Lead looks at the track as the cards are placed, before any ambush moves them.
    if new_order or len(state["initiative_track"]) > cards_before:
        track_ops.born_to_lead(state, notices)
    if ambush:  # an Ambush encounter moves every minion card, the boss's first one among them
        moves = track_ops.ambush_all(state, dice)
        # The book does not say whether minions from an earlier surge are ambushed: the app reads "surge
        # minions excepted" as every card that came with a surge, and says so.
        notices += [Text(N_("{card} came with a surge: not ambushed (the app's reading of the rule)."),
                         {"card": card_name(state, card)})
                    for card in state["initiative_track"] if card["kind"] == "minion" and card["surge"]]
    else:
        moves = [track_ops.ambush(state, card_id, dice.roll()) for card_id in boss_ambushes]
    dice.check_all_used()
    if new_order:
        state["acting"] = 0
        state["round"] += 1
        notices.append(Text(N_("New initiative order: round {n} begins on space 1."), {"n": state["round"]}))
        start_turn(state, notices)
    state["ambush_log"] = moves
    notices += track_ops.move_notices(state, moves)
    notices += [Text(LIFE_ASKED, {"card": card_name(state, card)}) for card in state["initiative_track"]
                if card["card"] not in ids_before and needs_life(card)]


def arrival_label(state: dict, minions: list[dict]) -> Text:
    if len(minions) == 1:
        return Text(N_("{minion} joined the track"), {"minion": type_name(state, minions[0]["type"])})
    return Text(N_("{n} minion type arrived"), {"n": len(minions)}, plural=N_("{n} minion types arrived"))


def minions_arrive(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """Minions come (encounter, surge or chapter event), with an optional Ambush encounter."""
    minions = minion_list(state["minion_types"], params)
    source = param_str(params, "source", default="encounter", choices=SOURCES)
    ambush = param_bool(params, "ambush")
    dice = track_ops.Dice(die_values(params), rng)
    notices: list[Text] = []
    join_track(state, minions, rng, source, ambush, dice, notices)
    return Outcome(state, arrival_label(state, minions), tuple(notices))


def find_card(state: dict, params: Mapping[str, Any]) -> dict:
    card_id = param_str(params, "card", 40)
    card = next((c for c in state["initiative_track"] if c["card"] == card_id), None)
    if card is None or card["kind"] != "minion":
        raise RuleError(N_("There is no minion card {card} on the track."), card=card_id)
    return card


@overload
def figure_number(card: dict, params: Mapping[str, Any], required: Literal[True]) -> int: ...
@overload
def figure_number(card: dict, params: Mapping[str, Any], required: bool) -> int | None: ...
def figure_number(card: dict, params: Mapping[str, Any], required: bool) -> int | None:
    """Which figure (1, 2, …) of a card with wounds per figure; None when not named and not required."""
    if params.get("figure") in (None, "") and not required:
        return None
    return param_int(params, "figure", 1, card["figures"])


def take_figures(state: dict, card: dict, positions: list[int], notices: list[Text]) -> bool:
    """MM-INI-6: the figures at these 0-based positions leave the board; every card of the type
    shows the new count, and with no figure left the type's cards leave. Returns whether they left."""
    left = card["figures"] - len(positions)
    wounds = [w for i, w in enumerate(card.get("figure_wounds", [])) if i not in positions]
    for same in track_ops.cards_of_type(state, card["minion"]):
        same["figures"] = left
        if "figure_wounds" in same:
            same["figure_wounds"] = list(wounds)
    if left:
        return False
    for same in track_ops.cards_of_type(state, card["minion"]):
        leave_track(state, track_ops.index_of(state, same["card"]), notices)
    return True


def remove_figures(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """MM-INI-6: figures leave the board; with none left the card leaves and the rest move up.

    With wounds kept per figure a chosen `figure` can leave; otherwise the last to arrive go first."""
    card = find_card(state, params)
    n = param_int(params, "n", 1, default=1)
    name = type_name(state, card["minion"])
    if n > card["figures"]:
        raise RuleError(N_("Only {n} figure of {minion} is on the board."),
                        plural=N_("Only {n} figures of {minion} are on the board."), n=card["figures"], minion=name)
    figure = figure_number(card, params, False) if "figure_wounds" in card else None
    positions = [figure - 1] if figure else list(range(card["figures"] - n, card["figures"]))
    notices: list[Text] = []
    if take_figures(state, card, positions, notices):
        return Outcome(state, Text(N_("{minion} left the track"), {"minion": name}), tuple(notices))
    if figure:
        return Outcome(state, Text(N_("{minion} {number} removed"), {"minion": name, "number": figure}))
    return Outcome(state, Text(N_("{n} figure of {minion} removed"), {"n": n, "minion": name},
                               plural=N_("{n} figures of {minion} removed")), tuple(notices))


def wound_boss(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """A boss card takes wounds; at its life it leaves, and the boss leaves with its last card."""
    card = find_card(state, params)
    n = param_int(params, "n", 1, MAX_LIFE, default=1)
    if not state["minion_types"][card["minion"]]["boss"]:
        raise RuleError(N_("Only bosses take wounds on their card; remove the figures instead."))
    if params.get("life") not in (None, ""):
        card["life"] = param_int(params, "life", 1, MAX_LIFE)
    if card["life"] is None:
        raise BadParams(N_("Missing value: {name}"), name="life")
    card["wounds"] += n
    notices: list[Text] = []
    name = card_name(state, card)
    label = Text(N_("{card} took {n} wound"), {"card": name, "n": n}, plural=N_("{card} took {n} wounds"))
    if card["wounds"] >= card["life"]:
        acting = track_ops.acting_card(state)  # whose turn the last wound fell in, before the card leaves
        leave_track(state, track_ops.index_of(state, card["card"]), notices)
        notices.append(Text(N_("{card} leaves the track."), {"card": name}))
        if not track_ops.cards_of_type(state, card["minion"]):
            notices.append(Text(N_("{boss} is defeated."), {"boss": type_name(state, card["minion"])}))
            boss_defeated(state, card["minion"], acting, notices)
    return Outcome(state, label, tuple(notices))


def set_boss_life(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """A boss card's Life, read from the card when the boss arrives (once; Undo corrects a mistake)."""
    card = find_card(state, params)
    if not state["minion_types"][card["minion"]]["boss"]:
        raise RuleError(N_("Only a boss card has a Life of its own to enter."))
    if card["life"] is not None:
        raise RuleError(N_("{card}'s Life is already {life}."), card=card_name(state, card), life=card["life"])
    card["life"] = param_int(params, "life", 1, MAX_LIFE)
    return Outcome(state, Text(N_("{card}: Life {life}"), {"card": card_name(state, card), "life": card["life"]}))


ACTIONS = {"minions_arrive": minions_arrive, "remove_figures": remove_figures, "wound_boss": wound_boss,
           "set_boss_life": set_boss_life}
