"""A mouse's turn checklist (MM-TURN): move and one action, free actions, one ability card."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, Outcome, RuleError, Text, param_str
from .catalogue import mouse_name

ACTION_KINDS = {"scurry": N_("Scurry"), "battle": N_("Battle"), "search": N_("Search"),
                "recover": N_("Recover"), "explore": N_("Explore")}
FREE_ACTIONS = {"share": N_("Share"), "equip": N_("Equip"), "level_up": N_("Level up")}
LEVEL_UP_COST = 6


def fresh_turn(mouse_id: str) -> dict:
    return {"mouse": mouse_id, "moved": False, "action": None, "in_action": False,
            "free": {name: False for name in FREE_ACTIONS}, "ability_card": False}


def reset_turn(state: dict) -> None:
    """The checklist of whoever holds the acting card: a fresh one for a mouse, none for minions."""
    card = state["initiative_track"][state["acting"]]
    state["turn"] = fresh_turn(card["mouse"]) if card["kind"] == "mouse" else None


def _mouse_turn(state: dict) -> tuple[dict, dict]:
    turn = state["turn"]
    if turn is None:
        raise RuleError(N_("It is the minions' turn, not a mouse's."))
    mouse = next(m for m in state["mice"] if m["id"] == turn["mouse"])
    if mouse["captured"]:
        raise RuleError(N_("{mouse} is captured and cannot act."), mouse=mouse_name(state, mouse["id"]))
    return turn, mouse


def _not_during_action(state: dict, turn: dict) -> None:
    if turn["in_action"]:
        raise RuleError(N_("Finish the {action} action first."),
                        action=Text(ACTION_KINDS[turn["action"]]))


def do_move(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    turn, mouse = _mouse_turn(state)
    _not_during_action(state, turn)
    if turn["moved"]:
        raise RuleError(N_("{mouse} has already moved this turn."), mouse=mouse_name(state, mouse["id"]))
    turn["moved"] = True
    return Outcome(state, Text(N_("{mouse} moved"), {"mouse": mouse_name(state, mouse["id"])}))


def do_action(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """MM-TURN-1: one action per turn; it stays open until finish_action (free actions wait)."""
    kind = param_str(params, "kind", choices=ACTION_KINDS)
    turn, mouse = _mouse_turn(state)
    if turn["action"] is not None:
        raise RuleError(N_("{mouse} has already taken an action this turn."),
                        mouse=mouse_name(state, mouse["id"]))
    turn["action"], turn["in_action"] = kind, True
    notices = []
    if kind == "explore" and any(c["kind"] == "minion" for c in state["initiative_track"]):
        notices.append(Text(N_("Reminder: explore only when no minions are on your tile.")))
    return Outcome(state, Text(N_("{mouse} started {action}"), {"mouse": mouse_name(state, mouse["id"]),
                                                         "action": Text(ACTION_KINDS[kind])}),
                   tuple(notices))


def finish_action(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    turn, mouse = _mouse_turn(state)
    if not turn["in_action"]:
        raise RuleError(N_("No action is under way."))
    turn["in_action"] = False
    return Outcome(state, Text(N_("{mouse} finished {action}"), {
        "mouse": mouse_name(state, mouse["id"]), "action": Text(ACTION_KINDS[turn["action"]])}))


def _free_action(state: dict, name: str) -> tuple[dict, dict]:
    """MM-TURN-2: each free action once per turn, never during another action."""
    turn, mouse = _mouse_turn(state)
    _not_during_action(state, turn)
    if turn["free"][name]:
        raise RuleError(N_("{action} is allowed once per turn."), action=Text(FREE_ACTIONS[name]))
    turn["free"][name] = True
    return turn, mouse


def share(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    _, mouse = _free_action(state, "share")
    return Outcome(state, Text(N_("{mouse} shared"), {"mouse": mouse_name(state, mouse["id"])}))


def equip(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    _, mouse = _free_action(state, "equip")
    return Outcome(state, Text(N_("{mouse} equipped"), {"mouse": mouse_name(state, mouse["id"])}))


def level_up(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """MM-CHZ-4: the mouse whose turn it is spends 6 cheese for one new ability card."""
    _, mouse = _free_action(state, "level_up")
    if mouse["cheese"] < LEVEL_UP_COST:
        raise RuleError(N_("{mouse} has {n} cheese; a level costs {cost}."),
                        plural=N_("{mouse} has {n} cheese; a level costs {cost}."),
                        mouse=mouse_name(state, mouse["id"]), n=mouse["cheese"], cost=LEVEL_UP_COST)
    mouse["cheese"] -= LEVEL_UP_COST
    mouse["ability_cards"] += 1
    return Outcome(state, Text(N_("{mouse} levelled up: a new ability card"),
                               {"mouse": mouse_name(state, mouse["id"])}))


def use_ability_card(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """MM-TURN-3: one ability card per turn, even when several are free actions."""
    card = param_str(params, "card", 40, default="")
    turn, mouse = _mouse_turn(state)
    if turn["ability_card"]:
        raise RuleError(N_("Only one ability card per turn."))
    turn["ability_card"] = True
    if card:
        return Outcome(state, Text(N_("{mouse} used {card}"), {"mouse": mouse_name(state, mouse["id"]),
                                                                "card": card}))
    return Outcome(state, Text(N_("{mouse} used an ability card"), {"mouse": mouse_name(state, mouse["id"])}))


ACTIONS = {"do_move": do_move, "do_action": do_action, "finish_action": finish_action, "share": share,
           "equip": equip, "level_up": level_up, "use_ability_card": use_ability_card}
