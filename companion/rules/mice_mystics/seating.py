"""Seats a phone can take — one per player (the mice they control), or one per mouse — and its cue."""
from __future__ import annotations

from ..base import N_, Text
from .initiative_track import acting_card, lowest_mouse
from .catalogue import mouse_name
from .mouse_turn import ACTIONS as MOUSE_TURN_ACTIONS
from .upgrade import upgrade

# The actions that act for the mouse whose turn it is (its checklist, and Next, which ends its turn): another
# seat's phone takes them only through a deliberate second step (web/games.py `for_seat`). A minion card's Next
# and the surge question are nobody's in particular.
SEAT_ACTIONS = frozenset({*MOUSE_TURN_ACTIONS, "next_turn"})


def seats(state: dict) -> list[dict]:
    """Players by their controller name when the party named them; otherwise one seat per mouse."""
    result: list[dict] = []
    for mouse in state["mice"]:
        if mouse["controller"]:
            seat_id = "player:" + mouse["controller"]
            if not any(s["id"] == seat_id for s in result):
                result.append({"id": seat_id, "name": mouse["controller"]})
        else:
            result.append({"id": "mouse:" + mouse["id"], "name": mouse_name(state, mouse["id"])})
    return result


def mice_of(state: dict, seat: str) -> list[str]:
    kind, _, key = seat.partition(":")
    if kind == "player":
        return [m["id"] for m in state["mice"] if m["controller"] == key]
    return [m["id"] for m in state["mice"] if m["id"] == key and not m["controller"]]


def moment_seat(state: dict) -> str | None:
    """The seat holding the mouse whose turn it is, or None: a minion card's turn, the chapter over."""
    if state["finished"]:
        return None
    card = acting_card(state)
    if card["kind"] != "mouse":
        return None
    return next((seat["id"] for seat in seats(state) if card["mouse"] in mice_of(state, seat["id"])), None)


def is_over(state: dict) -> bool:
    """GameKind.is_over: the chapter is won or lost (a campaign's next chapter may follow), a state of any age."""
    return bool(upgrade(state)["finished"])


def turn_of(state: dict) -> str | None:
    """The card on the initiative track whose turn a state is in, a state of any age (GameKind.turn_of): a mouse's
    (its id) or the minions'; a player with two mice has two turns a round."""
    state = upgrade(state)
    return None if state["finished"] else acting_card(state)["card"]


def chapter_figures(state: dict) -> dict[str, int]:
    """The chapter's race, for its summary's chart (GameKind.course_figures): the hourglass's page and the end
    marker's, the cheese on the wheel, the mice captured."""
    state = upgrade(state)
    return {"page": state["hourglass_page"], "end": state["chapter_end_page"], "cheese": state["cheese_wheel"],
            "captured": sum(1 for mouse in state["mice"] if mouse["captured"])}


def seat_of(state: dict, mouse_id: str) -> str | None:
    return next((seat["id"] for seat in seats(state) if mouse_id in mice_of(state, seat["id"])), None)


def seat_status(state: dict, seat: str) -> dict:
    """{"now": is it this seat's moment, "text": what to show}: your turn / move the minions / waiting."""
    if state["finished"]:
        return {"now": False, "text": Text(N_("The chapter is over."))}
    mine = mice_of(state, seat)
    card = acting_card(state)
    if card["kind"] == "mouse":
        if card["mouse"] in mine:
            return {"now": True, "text": Text(N_("Your turn: {mouse}"), {"mouse": mouse_name(state, card["mouse"])})}
        return {"now": False, "text": Text(N_("Waiting for {mouse}"), {"mouse": mouse_name(state, card["mouse"])})}
    if lowest_mouse(state) in mine:
        return {"now": True, "text": Text(N_("You move the minions"))}
    return {"now": False, "text": Text(N_("The minions act"))}
