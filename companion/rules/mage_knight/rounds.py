"""A round's life: Source and Units offer, tactics, turns, End of Round, the next preparation (MK-RND)."""
from __future__ import annotations

import random

from ..base import N_, Text, copied
from . import daytime, dummy, source, units
from .preparation import current_step
from .seats import DUMMY, seat_ids, seat_name
from .specials import elite_units_dealt, mines_reminders, round_end_reminders
from .tokens import skip_turn, token_flipped
from .tactics import (
    dummy_picks,
    pick_queue,
    rearranged_round_order,
    removal_leaves_enough,
    removal_matters,
    tactic_name,
)
from .turns import TIME_NAMES, colour_list, join, new_turn, seats_after


def roll_source(state: dict, rng: random.Random) -> Text:
    """The app rolls the Source with the half-basic rule, keeping every roll made; the table copies the faces."""
    rolls = source.roll_source(rng, source.source_size(len(state["players"]), state["blitz"]),
                               lambda colours: daytime.source_reroll(state, colours))
    set_source(state, rolls)
    return Text(N_("Set the Source dice to the app's roll: {dice}."), {"dice": colour_list(rolls[-1])})


def await_source(state: dict) -> None:
    """The table rolls the Source itself: until it says what came up, the app shows no Source of its own."""
    state.update(source=[], source_rolls=[], source_check=None)


def source_entry_open(state: dict) -> bool:
    """Whether the dice of a Source reset can be entered now: in preparation until its Source step is done,
    or before the first pick when the Source was reset at setup (or the table prepared the round on its own)."""
    if state["phase"] == "preparation":
        return current_step(state) in ("flip_board", "source")
    return (state["phase"] == "tactics" and set(state["tactics"]) <= {DUMMY}
            and (state["round"] == 1 or not state["source"]))


def source_awaited(state: dict) -> bool:
    """The table must say what its Source dice show before the round goes on."""
    return bool(state["source_check"]) or (state["dice_mode"] == "table" and source_entry_open(state)
                                           and (state["phase"] == "preparation" or not state["source"]))


def set_source(state: dict, rolls: list[list[str]]) -> None:
    state["source_rolls"] = rolls
    state["source"] = source.fresh_source(rolls[-1])
    state["source_check"] = None


def deal_units_offer(state: dict) -> None:
    state["units_offer"] = units.units_offer(len(state["players"]), state["blitz"],
                                             elite_units_dealt(state), state["monasteries"])


def start_tactics(state: dict, rng: random.Random) -> list[Text]:
    """Lay out the tactics; in cooperative games the Dummy picks first (MK-TAC-5)."""
    state.update(phase="tactics", preparation=None, tactics={}, flipped_tactics=[], turn=None)
    if state["mode"] == "cooperative" and state["dummy"]:
        return [dummy_picks(state, rng)]
    return []


def after_pick(state: dict, rng: random.Random) -> list[Text]:
    """Solo: the Dummy picks right after the player; once all have picked, turns begin."""
    notices = []
    if state["mode"] == "solo" and DUMMY not in state["tactics"]:
        notices.append(dummy_picks(state, rng))
    if len(state["tactics"]) == len(seat_ids(state)):
        notices += begin_turns(state)
    return notices


def begin_turns(state: dict) -> list[Text]:
    """Round Order by tactic number (MK-TAC-4), then the first turn."""
    state["round_order"] = rearranged_round_order(state)
    state["phase"] = "turns"
    if state["scenario_end_met"]:
        state["final_turns"] = {"by": "scenario_end", "remaining": last_turn_takers(state, state["round_order"])}
    order = Text(N_("Round Order: {order}."), {"order": join([seat_name(state, s) for s in state["round_order"]])})
    first = state["final_turns"]["remaining"][0] if state["final_turns"] else state["round_order"][0]
    return [order, *turn_for(state, first)]


def last_turn_takers(state: dict, seats: list[str]) -> list[str]:
    """Who takes a last turn once the scenario's end is met: everyone, but in solo and cooperative
    scenarios the Dummy takes none (MK-RND-5)."""
    return [s for s in seats if s != DUMMY]


def start_turn(state: dict, seat: str) -> list[Text]:
    """`seat`'s turn begins; a Dummy with an empty deck announces End of Round instead, or, on a last
    turn, has nothing to flip (MK-DUM-3)."""
    notices = new_turn(state, seat)
    if seat != DUMMY:
        return notices
    if state["dummy"]["deck"]:
        return notices + [dummy.turn_prompt(state["dummy"])]
    return notices + dummy_deck_empty(state)


def dummy_deck_empty(state: dict) -> list[Text]:
    if state["final_turns"] is None:
        return [Text(N_("The Dummy's deck is empty: it announces End of Round.")), *announce(state, DUMMY)]
    return [Text(N_("The Dummy's deck is empty: it has nothing to flip on its last turn.")),
            *consume_turn(state, DUMMY)]


def announce(state: dict, seat: str) -> list[Text]:
    """`seat` announces End of Round instead of a turn: every other seat gets exactly one more turn (MK-RND-4)."""
    state["end_of_round_by"] = seat
    notices = []
    if state["final_turns"] is None:
        others = [s for s in seats_after(state, seat) if s != seat]
        state["final_turns"] = {"by": "end_of_round", "remaining": others}
        notices.append(Text(N_("Everyone else takes exactly one more turn, then the round ends.")))
    else:
        notices.append(Text(N_("The scenario end came first: its last turns stand.")))
    return notices + consume_turn(state, seat)


def consume_turn(state: dict, seat: str) -> list[Text]:
    """`seat`'s turn is over (played, announced or forfeited): the next turn, or the end of the round."""
    final = state["final_turns"]
    if final is None:
        return turn_for(state, seats_after(state, seat)[0])
    # A turn under way when the scenario end was marked is not a last turn (named when the same seat's last
    # turn comes next, as in solo: the player's turn, then the player's last turn).
    if final["remaining"][0] == seat and final.pop("under_way", None) != seat:
        final["remaining"].pop(0)
    if not final["remaining"]:
        return end_round(state)
    return turn_for(state, final["remaining"][0])


def who_comes_next(state: dict) -> str | None:
    """The seat that acts after the one acting now, as the round stands (the group screen names it): the next
    to pick a tactic, or the next turn once this one ends — skipped tokens and End of Round's last turns
    counted. None when nobody is known yet (the last pick decides Round Order) or the round ends after it."""
    if state["phase"] == "tactics":
        queue = pick_queue(state)
        return queue[1] if len(queue) > 1 else None
    if state["phase"] != "turns" or state["turn"] is None:
        return None
    after = copied(state)
    consume_turn(after, state["turn"]["seat"])
    return after["turn"]["seat"] if after["phase"] == "turns" and after["turn"] else None


def turn_for(state: dict, seat: str) -> list[Text]:
    """`seat`'s turn starts — or, with its Round Order token face down, is skipped (MK-TOK-2)."""
    if token_flipped(state, seat):
        state["turn"] = None
        return [skip_turn(state, seat), *consume_turn(state, seat)]
    return start_turn(state, seat)


def end_round(state: dict) -> list[Text]:
    """Record the round; then the game ends (MK-RND-5), tactics leave the game, or the next round is prepared."""
    state["rounds"].append({"round": state["round"], "time_of_day": state["time_of_day"],
                            "end_of_round_by": state["end_of_round_by"]})
    state.update(turn=None, final_turns=None)
    for die in state["source"]:
        die["status"] = "ready"
    notices = [Text(N_("Round {round} is over."), {"round": state["round"]})]
    if state["scenario_end_met"] or state["round"] >= state["round_limit"]:
        state["phase"] = "finished"
        state["ended_by"] = "scenario_end" if state["scenario_end_met"] else "round_limit"
        return notices + [Text(N_("The game is over: score it by the scenario."))]
    notices += round_end_reminders(state)
    if state["mode"] == "solo":
        used = [state["tactics"][s] for s in seat_ids(state)]
        if removal_leaves_enough(state, len(used)):
            state["removed_tactics"] += used
            notices += [Text(N_("{tactic} leaves the game."), {"tactic": tactic_name(t)}) for t in used]
        else:
            notices.append(Text(N_("No tactics leave the game this round: too few would be left to pick from.")))
    elif state["mode"] == "cooperative":
        if not removal_matters(state):  # nothing to choose: no later round of this time of day
            notices.append(Text(N_("No tactic is removed: no later round of this time of day is left.")))
        elif removal_leaves_enough(state, 1):
            state["phase"] = "round_end"
            return notices + [Text(N_("Choose one of the tactics the players used to remove from the game."))]
        else:
            notices.append(Text(N_("No tactics leave the game this round: too few would be left to pick from.")))
    return notices + begin_preparation(state)


def remove_tactic(state: dict, tactic: str) -> list[Text]:
    """Cooperative round end: the chosen tactic leaves the game."""
    state["removed_tactics"].append(tactic)
    return begin_preparation(state)


def begin_preparation(state: dict) -> list[Text]:
    """The next round, Day/Night flipped; its preparation checklist starts."""
    state["round"] += 1
    state["time_of_day"] = daytime.next_time_of_day(state)
    state.update(phase="preparation", preparation={"done": []},
                 tactics={}, flipped_tactics=[], end_of_round_by=None)
    if daytime.darkness_roll_due(state):
        notices = [Text(N_("Round {round}: prepare the round. Darkness is Coming: roll two mana dice first — "
                           "a black one and night falls."), {"round": state["round"]})]
    else:
        notices = [Text(N_("Round {round} ({time}): prepare the round."),
                        {"round": state["round"], "time": Text(TIME_NAMES[state["time_of_day"]])})]
    return notices + mines_reminders(state)
