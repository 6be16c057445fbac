"""Our readings where the book leaves room, each shown to the players where and when it applies (the view's
`readings`, by the place on the page that shows them; docs/rules-mice-mystics.md lists them with their sources)."""
from __future__ import annotations

from ..base import N_, Text
from . import achievements, initiative_track as track_ops
from .campaign import SAT_OUT_READING
from .catalogue import mouse_name

MOVER_PASSES = N_("{captured} is the lowest mouse on the track but captured, its figure off the board: the minions "
                  "are moved by the player of the next mouse up, {mouse}.")
NEW_ORDER = N_("An encounter now, with no minion cards on the track, reshuffles every card, the mice too, and a new "
               "round begins: the card on space 1 acts next. Minions from a surge or a chapter event join the next "
               "free spaces instead.")
SURGE_NOT_AMBUSHED = N_("An Ambush moves every minion card up, top to bottom, except cards that came with a surge, "
                        "an earlier surge's included.")
AMBUSH_MOVES = N_("Ambushed cards move up by the die, never above space 1; the card whose turn it is keeps its turn, "
                  "and a card ambushed above it has missed this round.")
BORN_TO_LEAD = N_("Born to Lead looks at the track as the cards are placed, before any ambush moves them.")
AGGRESSIVE = N_("After their turn they swap with the card above (on space 1 nothing happens); the card below them "
                "acts next, so the card they passed does not act twice.")
SURGE_ROW = N_("The encounter card's row is read for the page the hourglass has just moved to.")
ABILITY_IN_ACTION = N_("An ability card may be used while an action is under way; the free actions wait until it is "
                       "finished.")
SUMMARY = N_("Rounds played is the round the chapter ended in; cheese gained counts what each mouse gained, not what "
             "it spent.")
REPLAY = N_("A replay begins as the chapter began: the end marker where the chapter put it before any achievement "
            "or ally moved it, the same minions on the board.")


def mover(state: dict) -> list[Text]:
    """MM-INI-9 with the lowest mouse captured."""
    lowest, moving = track_ops.lowest_on_track(state), track_ops.lowest_mouse(state)
    if lowest == moving:
        return []
    return [Text(MOVER_PASSES, {"captured": mouse_name(state, lowest), "mouse": mouse_name(state, moving)})]


def arrive(state: dict) -> list[Text]:
    """The arrival form: which layout rule an encounter takes now, and which cards an Ambush moves."""
    shown = [] if track_ops.has_minions(state) else [Text(NEW_ORDER)]
    return shown + [Text(SURGE_NOT_AMBUSHED)]


def ambush(state: dict) -> list[Text]:
    """Beside the last arrival's ambush moves."""
    if not state["ambush_log"]:
        return []
    shown = [Text(AMBUSH_MOVES)]
    return shown + ([Text(BORN_TO_LEAD)] if any(m["id"] == "collin" for m in state["mice"]) else [])


def acting(state: dict) -> list[Text]:
    """The card whose turn it is: an aggressive type's swap."""
    if state["finished"] or state["pending_surge"] is not None:
        return []
    card = track_ops.acting_card(state)
    aggressive = card["kind"] == "minion" and state["minion_types"][card["minion"]]["aggressive"]
    return [Text(AGGRESSIVE)] if aggressive else []


def readings(state: dict) -> dict[str, list[Text]]:
    """Every reading that applies now, by where the page shows it."""
    turn = state["turn"]
    return {"mover": mover(state), "achievements": achievements.readings(state), "acting": acting(state),
            "arrive": arrive(state), "ambush": ambush(state),
            "surge": [Text(SURGE_ROW)] if state["pending_surge"] is not None else [],
            "turn": [Text(ABILITY_IN_ACTION)] if turn and turn["in_action"] and not turn["ability_card"] else [],
            "summary": [Text(SUMMARY)] if state["finished"] else [],
            "campaign": [Text(SAT_OUT_READING)] if state["finished"] else [],
            "replay": [Text(REPLAY)] if state["finished"] else []}
