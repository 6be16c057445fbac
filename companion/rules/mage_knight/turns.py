"""Turns within a round: whose turn, the next seat, the reminders at its start and end (MK-TURN)."""
from __future__ import annotations

from ..base import N_, Text, listed
from .seats import DUMMY, seat_name
from .tactics import TURN_END, TURN_START, tactic_name

COLOUR_NAMES = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "white": N_("white"),
                "gold": N_("gold"), "black": N_("black")}
TIME_NAMES = {"day": N_("Day"), "night": N_("Night")}
PHASE_NAMES = {"preparation": N_("round preparation"), "tactics": N_("tactic selection"), "turns": N_("players' turns"),
               "round_end": N_("round end"), "finished": N_("the end of the game")}


def join(items: list) -> Text:
    """A comma-separated list whose items (plain names or Texts) are translated one by one."""
    return _joined(listed(items))


def _joined(items: list) -> Text:
    if len(items) == 1:
        return Text("{item}", {"item": items[0]})
    return Text(N_("{first}, {rest}"), {"first": items[0], "rest": _joined(items[1:])})


def colour_list(colours: list[str]) -> Text:
    return join([Text(COLOUR_NAMES[c]) for c in colours])


def seats_after(state: dict, seat: str) -> list[str]:
    """Every seat in Round Order starting right after `seat` and ending with it (wrapping)."""
    order = state["round_order"]
    i = order.index(seat)
    return order[i + 1:] + order[:i + 1]


def tactic_of(state: dict, seat: str) -> str | None:
    """The seat's tactic as far as its effects go: the Dummy's only fixes its place in Round Order."""
    return None if seat == DUMMY else state["tactics"].get(seat)


def unflipped(state: dict, seat: str, tactic: str) -> bool:
    return tactic_of(state, seat) == tactic and tactic not in state["flipped_tactics"]


def turn_fresh(state: dict) -> bool:
    """Nothing done yet this turn: no die taken or used, no Mana Search."""
    turn = state["turn"]
    return not (turn["die_taken"] or turn["mana_search_used"] or any(d["status"] == "taken" for d in state["source"]))


def new_turn(state: dict, seat: str, extra: bool = False) -> list[Text]:
    """Start `seat`'s turn and return the reminders for its start."""
    state["turn"] = {"seat": seat, "die_taken": False, "mana_search_used": False, "sparing_power_used": False,
                     "extra": extra}
    notices = [Text(N_("Turn: {name}"), {"name": seat_name(state, seat)})]
    if seat == DUMMY:
        return notices  # what the Dummy flips: rounds.start_turn
    tactic = tactic_of(state, seat)
    if tactic in TURN_START and unflipped(state, seat, tactic):
        notices.append(Text(TURN_START[tactic], {"name": seat_name(state, seat)}))
    for die in state["source"]:
        if die["status"] == "stolen" and tactic == "mana_steal":  # only its owner holds that die
            # Notices are shown on every device: name the owner, never "your".
            notices.append(Text(N_("{tactic}: {name} can use the {colour} die on the card this turn."),
                                {"tactic": tactic_name("mana_steal"), "name": seat_name(state, seat),
                                 "colour": Text(COLOUR_NAMES[die["colour"]])}))
    return notices


def turn_end_reminders(state: dict, seat: str) -> list[Text]:
    """Reminders for the end of a turn from the owner's tactic (the dice go back before: see end_turn)."""
    if seat == DUMMY:
        return []
    notices = []
    tactic = tactic_of(state, seat)
    if tactic == "planning" or (tactic in TURN_END and unflipped(state, seat, tactic)
                                and state["final_turns"] is None):
        notices.append(Text(TURN_END[tactic], {"name": seat_name(state, seat)}))
    return notices
