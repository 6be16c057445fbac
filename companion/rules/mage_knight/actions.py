"""The actions players take at the table: each `(state_copy, params, rng) -> Outcome`."""
from __future__ import annotations

import random
from typing import Any, Mapping

from ..base import N_, BadParams, Outcome, RuleError, Text, param_bool, param_int, param_str
from . import preparation, rounds
from .fame import level_ups
from .seats import DUMMY, player, seat_name, seat_param
from .source import BASIC, COLOURS, dice_to_reroll, is_depleted, min_basic, source_size
from .tactics import FLIPPED_WHEN_USED, ON_TAKE, TACTICS, available_tactics, pick_queue, tactic_name
from .turns import (COLOUR_NAMES, PHASE_NAMES, colour_list, new_turn, seats_after, tactic_of, turn_end_reminders,
                    turn_fresh, unflipped)

Params = Mapping[str, Any]


def _phase(state: dict, *phases: str) -> None:
    if state["phase"] not in phases:
        raise RuleError(N_("Not possible now: the round is at {phase}."), phase=Text(PHASE_NAMES[state["phase"]]))


def _current(state: dict, params: Params, allow_dummy: bool = True) -> str:
    """The `player` param, who must be the one whose turn it is."""
    seat = seat_param(state, params)
    if seat != state["turn"]["seat"]:
        raise RuleError(N_("It is not {name}'s turn: it is {current}'s."), name=seat_name(state, seat),
                        current=seat_name(state, state["turn"]["seat"]))
    if seat == DUMMY and not allow_dummy:
        raise RuleError(N_("The Dummy cannot do that."))
    return seat


def _at_turn_start(state: dict) -> None:
    if not turn_fresh(state):
        raise RuleError(N_("Only at the start of a turn, before anything else is done."))


def _colours(params: Params, name: str, n: int | None = None) -> list[str]:
    """A list of die colours (a list, or one comma-separated string)."""
    raw = params.get(name)
    if isinstance(raw, str):
        raw = [c for c in raw.replace(";", ",").split(",") if c.strip()]
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise BadParams(N_("Missing value: {name}"), name=name)
    colours = [c.strip().lower() for c in raw]
    bad = [c for c in colours if c not in COLOURS]
    if bad:
        raise BadParams(N_("Unknown choice for {name}: {value}"), name=name, value=bad[0][:20])
    if n is not None and len(colours) != n:
        raise RuleError(N_("Enter exactly {n} dice (got {got})."), n=n, got=len(colours))
    return colours


def _new_faces(params: Params, rng: random.Random, n: int) -> list[str]:
    """Faces for rerolled dice: what the physical dice show when given, else the app's roll."""
    if params.get("colours") not in (None, "", []):
        return _colours(params, "colours", n)
    return [rng.choice(COLOURS) for _ in range(n)]


def _die(state: dict, params: Params, name: str = "die") -> int:
    return param_int(params, name, lo=0, hi=len(state["source"]) - 1)


# --- facts the preparation depends on -------------------------------------------------------

def set_core_tile_revealed(state: dict, params: Params, rng: random.Random) -> Outcome:
    state["core_tile_revealed"] = param_bool(params, "revealed")
    label = N_("Core tile revealed") if state["core_tile_revealed"] else N_("No Core tile revealed")
    return Outcome(state, Text(label))


def set_monasteries(state: dict, params: Params, rng: random.Random) -> Outcome:
    state["monasteries"] = param_int(params, "count", lo=0, hi=20)
    return Outcome(state, Text(N_("Unburned monasteries: {n}"), {"n": state["monasteries"]}))


def monastery_revealed(state: dict, params: Params, rng: random.Random) -> Outcome:
    """A monastery revealed mid-round adds an AA card to the Units offer at once."""
    if state["monasteries"] >= 20:
        raise RuleError(N_("That is more monasteries than the map can hold."))
    state["monasteries"] += 1
    notices = []
    units_dealt = state["phase"] != "preparation" or "units" in state["preparation"]["done"]
    if units_dealt:
        state["units_offer"].append("advanced_action")
        notices.append(Text(N_("Add an Advanced Action card from the deck to the Units offer now.")))
    return Outcome(state, Text(N_("Monastery revealed")), tuple(notices))


# --- preparation --------------------------------------------------------------------------

def tick_step(state: dict, params: Params, rng: random.Random) -> Outcome:
    _phase(state, "preparation")
    step = param_str(params, "step", choices=preparation.STEPS)
    current = preparation.current_step(state)
    if step != current:
        raise RuleError(N_("Tick the steps in order: the next one is {step}."),
                        step=Text(preparation.STEP_NAMES[current]))
    notices = []
    if step == "source":
        _no_entry_pending(state)
    if step == "source" and not state["preparation"]["source_entered"]:
        notices.append(rounds.roll_source(state, rng))
    if step == "units":
        rounds.deal_units_offer(state)
    state["preparation"]["done"].append(step)
    if preparation.current_step(state) is None:
        notices += rounds.start_tactics(state, rng)
    return Outcome(state, Text(N_("Preparation: {step} done"), {"step": Text(preparation.STEP_NAMES[step])}),
                   tuple(notices))


def skip_preparation(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The group prepares on its own; the app still resets its Source and Units offer."""
    _phase(state, "preparation")
    _no_entry_pending(state)
    done = state["preparation"]["done"]
    notices = [Text(N_("Preparation skipped on purpose: the app reset the Source and the Units offer."))]
    if "source" not in done and not state["preparation"]["source_entered"]:
        notices.append(rounds.roll_source(state, rng))
    if "units" not in done:
        rounds.deal_units_offer(state)
    notices += rounds.start_tactics(state, rng)
    return Outcome(state, Text(N_("Preparation skipped")), tuple(notices))


def enter_source(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The colours the physical dice show: the app says whether the roll stands or which dice to reroll."""
    if state["phase"] == "preparation":
        if "source" in state["preparation"]["done"]:
            raise RuleError(N_("The Source was already reset this round."))
    elif not (state["phase"] == "tactics" and state["round"] == 1 and set(state["tactics"]) <= {DUMMY}):
        raise RuleError(N_("The dice are entered while the Source is reset: at setup or in round preparation."))
    n = source_size(len(state["players"]), state["blitz"])
    colours = _colours(params, "colours", n)
    check = state["source_check"]
    if check:
        kept = [i for i in range(n) if i not in check["reroll"] and colours[i] != check["colours"][i]]
        if kept:
            raise RuleError(N_("Only the gold and black dice are rerolled: die {die} should still show {colour}."),
                            die=kept[0] + 1, colour=Text(COLOUR_NAMES[check["colours"][kept[0]]]))
    rolls = (check["rolls"] if check else []) + [colours]
    reroll = dice_to_reroll(colours)
    if reroll:
        # The entry waits here; the Source (and its rolls) stay as they are until the roll stands.
        state["source_check"] = {"colours": colours, "reroll": reroll, "rolls": rolls}
        notice = Text(N_("The roll does not stand: fewer than {half} basic dice. Reroll dice {dice} "
                         "(all gold and black) and enter the colours again."),
                      {"half": min_basic(n), "dice": ", ".join(str(i + 1) for i in reroll)})
        return Outcome(state, Text(N_("Source entered: reroll needed")), (notice,))
    rounds.set_source(state, rolls)
    if state["phase"] == "preparation":
        state["preparation"]["source_entered"] = True
    return Outcome(state, Text(N_("Source entered: the roll stands")),
                   (Text(N_("The roll stands: {dice}."), {"dice": colour_list(colours)}),))


def drop_source_entry(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The group gives up entering its dice: the app's roll is used (now, or at the Source step)."""
    if not state["source_check"]:
        raise RuleError(N_("No entered roll is waiting for a reroll."))
    state["source_check"] = None
    if state["phase"] == "preparation":
        notice = Text(N_("The entered dice were set aside: the app rolls the Source when the step is done."))
    else:
        notice = Text(N_("The entered dice were set aside: the app's roll stands: {dice}. Set the real dice to match."),
                      {"dice": colour_list([d["colour"] for d in state["source"]])})
    return Outcome(state, Text(N_("Entered dice set aside")), (notice,))


def _no_entry_pending(state: dict) -> None:
    """An entered roll waiting for its reroll must stand, or be set aside, before the Source is settled."""
    check = state["source_check"]
    if check:
        raise RuleError(N_("The entered dice still need a reroll: reroll dice {dice} and enter them again, "
                           "or use the app's roll instead."),
                        dice=", ".join(str(i + 1) for i in check["reroll"]))


# --- tactics ------------------------------------------------------------------------------

def pick_tactic(state: dict, params: Params, rng: random.Random) -> Outcome:
    _phase(state, "tactics")
    _no_entry_pending(state)
    seat = seat_param(state, params)
    tactic = param_str(params, "tactic", choices=list(TACTICS))
    if seat == DUMMY:
        raise RuleError(N_("The Dummy's tactic is drawn at random by the app."))
    queue = pick_queue(state)
    if seat in state["tactics"]:
        raise RuleError(N_("{name} already has a tactic this round."), name=seat_name(state, seat))
    if seat != queue[0]:
        raise RuleError(N_("It is {name}'s pick now."), name=seat_name(state, queue[0]))
    if TACTICS[tactic]["time"] != state["time_of_day"]:
        raise RuleError(N_("{tactic} is not a tactic of this time of day."), tactic=tactic_name(tactic))
    if tactic in state["removed_tactics"]:
        raise RuleError(N_("{tactic} was removed from the game."), tactic=tactic_name(tactic))
    if tactic not in available_tactics(state):
        raise RuleError(N_("{tactic} is already taken."), tactic=tactic_name(tactic))
    has_die = params.get("die") not in (None, "")
    if has_die and tactic != "mana_steal":
        raise RuleError(N_("Only Mana Steal takes a die from the Source."))
    notices = [Text(ON_TAKE[tactic])] if tactic in ON_TAKE else []
    if has_die:
        die = state["source"][_die(state, params)]
        if die["colour"] not in BASIC or die["status"] != "ready":
            raise RuleError(N_("Mana Steal takes a basic-colour die that is in the Source."))
        die["status"] = "stolen"
        notices = [Text(N_("Mana Steal: the {colour} die is set aside on the card for a later turn this Day."),
                        {"colour": Text(COLOUR_NAMES[die["colour"]])})]
    state["tactics"][seat] = tactic
    notices += rounds.after_pick(state, rng)
    return Outcome(state, Text(N_("{name} picked {tactic}"), {"name": seat_name(state, seat),
                                                              "tactic": tactic_name(tactic)}), tuple(notices))


def remove_tactic(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Cooperative round end: the group removes one of the players' tactics from the game."""
    _phase(state, "round_end")
    tactic = param_str(params, "tactic", choices=list(TACTICS))
    if tactic not in [state["tactics"][p["id"]] for p in state["players"]]:
        raise RuleError(N_("Remove one of the tactics the players used this round (not the Dummy's)."))
    notices = rounds.remove_tactic(state, tactic)
    return Outcome(state, Text(N_("{tactic} removed from the game"), {"tactic": tactic_name(tactic)}),
                   tuple(notices))


# --- turns --------------------------------------------------------------------------------

def take_die(state: dict, params: Params, rng: random.Random) -> Outcome:
    """One die per turn from the Source; the die set aside on Mana Steal does not count."""
    _phase(state, "turns")
    seat = _current(state, params, allow_dummy=False)
    index = _die(state, params)
    die = state["source"][index]
    if die["status"] == "stolen":
        if tactic_of(state, seat) != "mana_steal":
            raise RuleError(N_("That die is on someone else's Mana Steal card."))
    else:
        if die["status"] != "ready":
            raise RuleError(N_("That die was already used this turn."))
        if is_depleted(die["colour"], state["time_of_day"]):
            raise RuleError(N_("That die is depleted: it cannot be used this round."))
        if state["turn"]["die_taken"]:
            raise RuleError(N_("Only one die from the Source per turn."))
        state["turn"]["die_taken"] = True
    die["status"] = "taken"
    return Outcome(state, Text(N_("{name} took a {colour} die"), {"name": seat_name(state, seat),
                                                                 "colour": Text(COLOUR_NAMES[die["colour"]])}))


def mana_search(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Reroll up to two Source dice, depleted ones first, once per turn before taking mana."""
    _phase(state, "turns")
    seat = _current(state, params, allow_dummy=False)
    if tactic_of(state, seat) != "mana_search":
        raise RuleError(N_("Only the owner of Mana Search can do that."))
    turn = state["turn"]
    if turn["mana_search_used"] or turn["die_taken"]:
        raise RuleError(N_("Mana Search: once per turn, before taking mana from the Source."))
    raw = params.get("dice")
    raw = raw.split(",") if isinstance(raw, str) else raw
    if not isinstance(raw, list) or not raw:
        raise BadParams(N_("Missing value: {name}"), name="dice")
    dice = sorted({param_int({"die": d}, "die", lo=0, hi=len(state["source"]) - 1) for d in raw})
    if len(dice) > 2:
        raise RuleError(N_("Mana Search rerolls at most two dice."))
    if any(state["source"][i]["status"] != "ready" for i in dice):
        raise RuleError(N_("Only dice in the Source can be rerolled."))
    depleted = [i for i, d in enumerate(state["source"])
                if d["status"] == "ready" and is_depleted(d["colour"], state["time_of_day"])]
    if any(i not in depleted for i in dice) and any(i not in dice for i in depleted[:2]):
        raise RuleError(N_("Mana Search rerolls depleted dice first."))
    for i, colour in zip(dice, _new_faces(params, rng, len(dice))):
        state["source"][i]["colour"] = colour
    turn["mana_search_used"] = True
    shows = Text(N_("The Source now shows: {dice}."), {"dice": colour_list([d["colour"] for d in state["source"]])})
    return Outcome(state, Text(N_("{name} used Mana Search"), {"name": seat_name(state, seat)}), (shows,))


def use_tactic(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Flip a once-per-round tactic (Long Night, Midnight Meditation, Sparing Power) as its owner uses it."""
    _phase(state, "turns")
    seat = _current(state, params, allow_dummy=False)
    tactic = tactic_of(state, seat)
    if tactic not in FLIPPED_WHEN_USED or tactic == "the_right_moment":
        raise RuleError(N_("Your tactic is not one that is used and flipped."))
    if tactic in state["flipped_tactics"]:
        raise RuleError(N_("{tactic} was already used this round."), tactic=tactic_name(tactic))
    state["flipped_tactics"].append(tactic)
    return Outcome(state, Text(N_("{name} used {tactic}"), {"name": seat_name(state, seat),
                                                           "tactic": tactic_name(tactic)}))


def end_turn(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Reroll and return the used dice first; then the next turn, or The Right Moment's extra one."""
    _phase(state, "turns")
    seat = _current(state, params)
    extra = param_bool(params, "extra_turn")
    if extra:
        if not unflipped(state, seat, "the_right_moment"):
            raise RuleError(N_("Only the owner of The Right Moment takes an extra turn, once this Day."))
        if state["final_turns"] is not None:
            raise RuleError(N_("Not on a last turn: everyone gets exactly one more turn."))
    notices = turn_end_reminders(state, seat)
    taken = [d for d in state["source"] if d["status"] == "taken"]
    for die, colour in zip(taken, _new_faces(params, rng, len(taken)) if taken else []):
        die.update(colour=colour, status="ready")
    if taken:
        notices.append(Text(N_("Rerolled and returned: {dice}."), {"dice": colour_list([d["colour"] for d in taken])}))
    if extra:
        state["flipped_tactics"].append("the_right_moment")
        notices += new_turn(state, seat, extra=True)
    else:
        notices += rounds.consume_turn(state, seat)
    return Outcome(state, Text(N_("{name} ended the turn"), {"name": seat_name(state, seat)}), tuple(notices))


def announce_end_of_round(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Instead of a turn, with an empty Deed deck: every other seat gets exactly one more turn (MK-RND-4)."""
    _phase(state, "turns")
    seat = _current(state, params)
    if state["end_of_round_by"] is not None:
        raise RuleError(N_("End of Round was already announced by {name}."),
                        name=seat_name(state, state["end_of_round_by"]))
    if not param_bool(params, "deck_empty"):
        raise RuleError(N_("End of Round can be announced only with an empty Deed deck."))
    _at_turn_start(state)
    state["end_of_round_by"] = seat
    notices = []
    if state["final_turns"] is None:
        others = [s for s in seats_after(state, seat) if s != seat]
        state["final_turns"] = {"by": "end_of_round", "remaining": others}
        notices.append(Text(N_("Everyone else takes exactly one more turn, then the round ends.")))
    else:
        notices.append(Text(N_("The scenario end came first: its last turns stand.")))
    notices += rounds.consume_turn(state, seat)
    return Outcome(state, Text(N_("{name} announced End of Round"), {"name": seat_name(state, seat)}),
                   tuple(notices))


def forfeit_turn(state: dict, params: Params, rng: random.Random) -> Outcome:
    """No cards in deck or hand after the round's end was set in motion: the last turn is lost."""
    _phase(state, "turns")
    seat = _current(state, params)
    if state["final_turns"] is None:
        raise RuleError(N_("With an empty Deed deck and an empty hand you must announce End of Round."))
    _at_turn_start(state)
    notices = rounds.consume_turn(state, seat)
    return Outcome(state, Text(N_("{name} forfeited the last turn"), {"name": seat_name(state, seat)}),
                   tuple(notices))


def mark_scenario_end(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The scenario's end condition is met: everyone gets one last turn, unless End of Round came first."""
    _phase(state, "tactics", "turns")
    if state["scenario_end_met"]:
        raise RuleError(N_("The scenario end was already marked."))
    state["scenario_end_met"] = True
    if state["final_turns"] is not None:
        notice = Text(N_("End of Round came first: its last turns stand; the game ends after this round."))
    elif state["phase"] == "turns":
        state["final_turns"] = {"by": "scenario_end", "remaining": seats_after(state, state["turn"]["seat"])}
        notice = Text(N_("After this turn everyone, this player too, takes one last turn; then the game ends."))
    else:
        notice = Text(N_("Everyone takes one last turn this round; then the game ends."))
    return Outcome(state, Text(N_("Scenario end condition met")), (notice,))


# --- fame ---------------------------------------------------------------------------------

def change_fame(state: dict, params: Params, rng: random.Random) -> Outcome:
    seat = seat_param(state, params, allow_dummy=False)
    delta = param_int(params, "delta", lo=-500, hi=500)
    p = player(state, seat)
    if p["fame"] + delta < 0:
        raise RuleError(N_("Fame cannot go below 0 ({name} has {fame})."), name=p["name"], fame=p["fame"])
    notices = tuple(level_ups(p["fame"], p["fame"] + delta))
    p["fame"] += delta
    label = N_("{name}: Fame +{n}") if delta >= 0 else N_("{name}: Fame {n}")
    return Outcome(state, Text(label, {"name": p["name"], "n": delta}), notices)


ACTIONS = {f.__name__: f for f in (
    set_core_tile_revealed, set_monasteries, monastery_revealed, tick_step, skip_preparation, enter_source,
    drop_source_entry,
    pick_tactic, remove_tactic, take_die, mana_search, use_tactic, end_turn, announce_end_of_round,
    forfeit_turn, mark_scenario_end, change_fame)}
