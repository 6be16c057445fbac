"""Seats a phone can take (one per real player) and what that phone should lead with."""
from __future__ import annotations

from ..base import N_, Text
from .daytime import darkness_roll_due
from .rounds import source_awaited
from .score_sheet import score_view
from .seats import DUMMY, seat_name
from .tactics import pick_queue
from .turns import seats_after


# The actions that act for the seat whose moment it is (its tactic pick, its turn): another seat's phone
# takes them only through a deliberate second step (web/games.py `for_seat`). The API takes them as ever.
# flip_token too: a token flips in the acting player's turn (their city assault, a PvP combat they started).
SEAT_ACTIONS = frozenset({"pick_tactic", "take_die", "mana_search", "use_tactic", "end_turn",
                          "announce_end_of_round", "forfeit_turn", "flip_token"})
# A player's own counts, at any moment: its Fame, its mines, its score sheet (the `player` param). Another seat's
# phone changes them through "Act for …" too (the score sheet's fold, the Fame list's).
PLAYER_ACTIONS = frozenset({"change_fame", "set_mines", "enter_score"})


def seats(state: dict) -> list[dict]:
    return [{"id": p["id"], "name": p["name"]} for p in state["players"]]


def moment_seat(state: dict) -> str | None:
    """The seat whose moment it is (its tactic pick, its turn), or None when the moment is nobody's in
    particular: the preparation, the Dummy's pick or turn, the round's end, the score."""
    if state["phase"] == "tactics":
        queue = pick_queue(state)
        seat = queue[0] if queue else None
    elif state["phase"] == "turns" and state["turn"]:
        seat = state["turn"]["seat"]
    else:
        seat = None
    return None if seat == DUMMY else seat


def is_over(state: dict) -> bool:
    """GameKind.is_over: the game's end is met (the score follows)."""
    return state["phase"] == "finished"


def turn_of(state: dict) -> str | None:
    """The seat whose turn a state is in, the Dummy's too (GameKind.turn_of): not a tactic pick."""
    turn = state.get("turn") if state.get("phase") == "turns" else None
    return turn["seat"] if turn else None


def fame_of(state: dict) -> dict[str, int]:
    """Each player's Fame, by seat (GameKind.course_figures)."""
    return {p["id"]: p["fame"] for p in state["players"]}


def _taps_for_the_dummy(state: dict) -> str:
    """The player who plays right after the Dummy in Round Order taps its turn (in solo: the player)."""
    return next(s for s in seats_after(state, DUMMY) if s != DUMMY)


def seat_status(state: dict, seat: str) -> dict:
    """{"now": is it this seat's moment, "text": what to show}: your pick / your turn / waiting for …."""
    phase = state["phase"]
    if phase == "finished":
        return _score_status(state, seat)
    if phase in ("preparation", "tactics") and source_awaited(state) and not darkness_roll_due(state):
        # The table's own Source dice are owed (MK-SRC-2): nobody's pick yet, whoever holds the dice taps them.
        # One short line, a refused roll too (its verdict, under it, names the dice to reroll).
        return {"now": False, "text": Text(N_("Enter the Source dice"))}
    if phase == "preparation":
        return {"now": False, "text": Text(N_("Round preparation: everyone helps."))}
    if phase == "round_end":
        return {"now": False, "text": Text(N_("The round is ending: choose the tactic to remove."))}
    if phase == "tactics":
        queue = pick_queue(state)
        if queue and queue[0] == seat:
            return {"now": True, "text": Text(N_("Your pick"))}
        if not queue:
            return {"now": False, "text": Text(N_("Waiting for the Dummy's pick"))}
        return {"now": False, "text": Text(N_("Waiting for {name} to pick a tactic"),
                                          {"name": seat_name(state, queue[0])})}
    current = state["turn"]["seat"] if state["turn"] else None
    if current == seat:
        return {"now": True, "text": Text(N_("Your turn"))}
    if current == DUMMY and seat == _taps_for_the_dummy(state):
        return {"now": True, "text": Text(N_("The Dummy's turn: tap for it"))}
    if current is None:
        return {"now": False, "text": Text(N_("Waiting"))}
    return {"now": False, "text": Text(N_("Waiting for {name}"), {"name": seat_name(state, current)})}


def _score_status(state: dict, seat: str) -> dict:
    """After the game: this seat's sheet is its moment until it is complete."""
    score = score_view(state)
    assert score is not None  # the game is over
    if not score["fields"]:
        return {"now": False, "text": Text(N_("The game is over."))}
    if seat in score["waiting"]:
        return {"now": True, "text": Text(N_("Count your score and enter it"))}
    if score["waiting"]:
        return {"now": False, "text": Text(N_("Your sheet is complete. Waiting for {name}'s sheet"),
                                          {"name": seat_name(state, score["waiting"][0])})}
    return {"now": False, "text": Text(N_("The game is over: the score is complete."))}
