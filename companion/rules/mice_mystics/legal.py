"""Every action the rules accept now, with concrete params (the view's `actions`, as Mage Knight's): what a
script or a piece of table hardware may offer. Actions that need typed input (a story achievement's name,
a new chapter's minions, an encounter card's rows, the table's die values) are left out; the app rolls."""
from __future__ import annotations

from .cheese_wheel import ADD_REASONS, REMOVE_REASONS, attack_cheese_refused, can_pilfer
from .achievements import ACHIEVEMENTS, can_earn
from .hourglass import END_REASONS
from .mouse_turn import ACTION_KINDS, FREE_ACTIONS, LEVEL_UP_COST
from .surge import YES_NO
from .arrivals import SOURCES
from .upgrade import upgrade


def act(action: str, **params) -> dict:
    return {"action": action, "params": params}


def legal_actions(state: dict) -> list[dict]:
    state = upgrade(state)
    if state["finished"]:
        return [act("next_chapter", replay=True)]
    types = sorted(state["minion_types"])
    if state["pending_surge"] is not None:
        return ([act("resolve_surge", room_surge=answer) for answer in YES_NO]
                + [act("resolve_surge", room_surge="yes", minion_type=[t]) for t in types]
                + [act("set_encounter_card")])
    acts = [act("next_turn"), act("mark_victory"), act("set_encounter_card")]
    acts += [act("add_cheese", reason=r) for r in ADD_REASONS
             if r != "minion_attack" or not attack_cheese_refused(state)]
    if state["cheese_wheel"]:
        acts += [act("remove_cheese", reason=r) for r in REMOVE_REASONS if r != "filch_pilfer" or can_pilfer(state)]
    acts += [act("move_end_marker", reason=r) for r in END_REASONS]
    earned = {a["id"] for a in state["achievements"]}
    acts += [act("earn_achievement", achievement=a, mouse=m["id"]) for a in ACHIEVEMENTS if a not in earned
             for m in state["mice"] if can_earn(state, a, m)]
    for mouse in state["mice"]:
        if not mouse["captured"]:
            acts += [act("mouse_cheese", mouse=mouse["id"], delta=1), act("capture_mouse", mouse=mouse["id"])]
        if mouse["cheese"]:
            acts.append(act("mouse_cheese", mouse=mouse["id"], delta=-1))
    acts += [act("minions_arrive", minion_type=[t], source=s) for t in types for s in SOURCES]
    acts += _minion_cards(state)
    return acts + _mouse_turn(state)


def _minion_cards(state: dict) -> list[dict]:
    acts = []
    for card in state["initiative_track"]:
        if card["kind"] != "minion":
            continue
        acts.append(act("remove_figures", card=card["card"]))
        if state["minion_types"][card["minion"]]["boss"]:
            if card.get("life") is not None:
                acts.append(act("wound_boss", card=card["card"]))
        elif "figure_wounds" in card:
            acts += [act("wound_minion", card=card["card"], figure=i + 1) for i in range(card["figures"])]
        else:
            acts.append(act("wound_minion", card=card["card"]))
    return acts


def _mouse_turn(state: dict) -> list[dict]:
    """MM-TURN-1..3: a move and one action (open until finished), each free action once, one ability card."""
    turn = state["turn"]
    if turn is None:
        return []
    mouse = next(m for m in state["mice"] if m["id"] == turn["mouse"])
    if mouse["captured"]:
        return []
    acts = []
    if turn["action"] is None:
        acts += [act("do_action", kind=k) for k in ACTION_KINDS]
    if turn["in_action"]:
        acts.append(act("finish_action"))
    else:
        if not turn["moved"]:
            acts.append(act("do_move"))
        acts += [act(name) for name in FREE_ACTIONS if not turn["free"][name]
                 and (name != "level_up" or mouse["cheese"] >= LEVEL_UP_COST)]
    if not turn["ability_card"]:
        acts.append(act("use_ability_card"))
    return acts
