"""The actions players take at the table: each `(state_copy, params, rng) -> Outcome`."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, BadParams, Outcome, RuleError, Text, param_bool, param_int, param_str
from . import daytime, dummy_actions, preparation, rounds, scenario_end
from .fame import level_ups
from .seats import DUMMY, player, seat_name, seat_param
from .special_actions import SPECIAL_ACTIONS
from .specials import blitz_fame
from .source import BASIC, COLOURS, DICE_MODES, dice_to_reroll, is_depleted, min_basic, source_size
from .tactics import (BEFORE_THE_TURN, FLIPPED_WHEN_USED, ON_TAKE, SPARING_POWER_CHOICES, TACTICS, available_tactics,
                      pick_queue, stealable_dice, tactic_name)
from .turns import (COLOUR_NAMES, PHASE_NAMES, colour_list, join, new_turn, seats_after, tactic_of,
                    turn_end_reminders, turn_fresh, unflipped)

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


def _not_the_dummy(seat: str) -> None:
    if seat == DUMMY:
        raise RuleError(N_("The Dummy's turn: tap the colour of its 3rd card; it announces End of Round by itself "
                           "when its deck is empty."))


def _at_turn_start(state: dict) -> None:
    if not turn_fresh(state):
        raise RuleError(N_("Only at the start of a turn, before anything else is done."))


def _colour(raw: Any, name: str) -> str:
    if not isinstance(raw, str) or raw.strip().lower() not in COLOURS:
        raise BadParams(N_("Unknown choice for {name}: {value}"), name=name, value=str(raw)[:20])
    return raw.strip().lower()


def _colours(params: Params, name: str, n: int | None = None) -> list[str]:
    """A list of die colours (a list, or one comma-separated string)."""
    raw = params.get(name)
    if isinstance(raw, str):
        raw = [c for c in raw.replace(";", ",").split(",") if c.strip()]
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise BadParams(N_("Missing value: {name}"), name=name)
    colours = [_colour(c, name) for c in raw]
    if n is not None and len(colours) != n:
        raise RuleError(N_("Enter exactly {n} die (got {got})."), plural=N_("Enter exactly {n} dice (got {got})."),
                        n=n, got=len(colours))
    return colours


def _faces(params: Params, n: int) -> dict[int, str]:
    """What single dice show, one field per die (`colour_<index>`: a form's colour palette per die)."""
    return {i: _colour(params[f"colour_{i}"], f"colour_{i}") for i in range(n)
            if params.get(f"colour_{i}") not in (None, "")}


def _entered(params: Params, dice: list[int], n: int) -> list[str] | None:
    """The colours the table entered for `dice` (a `colours` list in their order, or one field per die),
    or None when nothing was entered."""
    if params.get("colours") not in (None, "", []):
        return _colours(params, "colours", len(dice))
    faces = _faces(params, n)
    if not faces:
        return None
    if sorted(faces) != sorted(dice):
        raise RuleError(N_("Enter what each rerolled die shows: dice {dice}."),
                        dice=", ".join(str(i + 1) for i in dice))
    return [faces[i] for i in dice]


def _rerolled(state: dict, params: Params, rng: random.Random, dice: list[int]) -> list[str]:
    """New faces for rerolled dice: what the table's dice show, or the app's roll when the app rolls."""
    entered = _entered(params, dice, len(state["source"]))
    if entered is not None:
        return entered
    if state["dice_mode"] == "table":
        raise RuleError(N_("The table rolls the dice in this game: reroll dice {dice} and enter what they show."),
                        dice=", ".join(str(i + 1) for i in dice))
    return [rng.choice(COLOURS) for _ in dice]


def _turned(before: list[str], after: list[str]) -> Text:
    """"gold → red, black → blue": which real die gets which face."""
    return join([Text(N_("{old} → {new}"), {"old": Text(COLOUR_NAMES[a]), "new": Text(COLOUR_NAMES[b])})
                 for a, b in zip(before, after)])


def _die(state: dict, params: Params, name: str = "die") -> int:
    return param_int(params, name, lo=0, hi=len(state["source"]) - 1)


# --- facts the preparation depends on -------------------------------------------------------

def set_core_tile_revealed(state: dict, params: Params, rng: random.Random) -> Outcome:
    state["core_tile_revealed"] = param_bool(params, "revealed")
    label = N_("Core tile revealed") if state["core_tile_revealed"] else N_("No Core tile revealed")
    return Outcome(state, Text(label))


MAX_MONASTERIES = 20  # more than the map's tiles can hold


def set_monasteries(state: dict, params: Params, rng: random.Random) -> Outcome:
    state["monasteries"] = param_int(params, "count", lo=0, hi=MAX_MONASTERIES)
    return Outcome(state, Text(N_("Unburned monasteries: {n}"), {"n": state["monasteries"]}))


def monastery_revealed(state: dict, params: Params, rng: random.Random) -> Outcome:
    """A monastery revealed mid-round adds an AA card to the Units offer at once."""
    if state["monasteries"] >= MAX_MONASTERIES:
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
    """The current step is done — or every step up to `through`, when the table worked down the list at once."""
    _phase(state, "preparation")
    step = param_str(params, "step", choices=preparation.STEPS)
    current = preparation.current_step(state)
    assert current is not None  # the preparation phase ends with its last step
    if step != current:
        raise RuleError(N_("Tick the steps in order: the next one is {step}."),
                        step=Text(preparation.STEP_NAMES[current]))
    last = param_str(params, "through", choices=preparation.STEPS, default=step)
    steps = preparation.STEPS[preparation.STEPS.index(step):preparation.STEPS.index(last) + 1]
    if not steps:
        raise BadParams(N_("Unknown choice for {name}: {value}"), name="through", value=last)
    notices = []
    for s in steps:
        if s == "flip_board" and daytime.darkness_roll_due(state):
            notices.append(_roll_darkness(state, params, rng))
        if s == "source":
            _no_entry_pending(state)
            if state["dice_mode"] == "table":
                raise RuleError(N_("The table rolls the Source in this game: tap what each die shows, then Done."))
            notices.append(rounds.roll_source(state, rng))
        if s == "units":
            rounds.deal_units_offer(state)
        notices += dummy_actions.prepare_step(state, s, params)
        state["preparation"]["done"].append(s)
    if preparation.current_step(state) is None:
        notices += rounds.start_tactics(state, rng)
        if len(steps) > 1:
            return Outcome(state, Text(N_("Preparation done")), tuple(notices))
    return Outcome(state, Text(N_("Preparation: {step} done"), {"step": Text(preparation.STEP_NAMES[steps[-1]])}),
                   tuple(notices))


def _roll_darkness(state: dict, params: Params, rng: random.Random) -> Text:
    """Darkness is Coming's two dice at a round's end: what the table rolled (a `darkness_dice` list, or a
    form's palette per die, `darkness_die_<i>`), or the app's roll (MK-SCN-5)."""
    fields = [f"darkness_die_{i}" for i in range(daytime.DARKNESS_DICE)]
    if params.get("darkness_dice") not in (None, "", []):
        colours = _colours(params, "darkness_dice", daytime.DARKNESS_DICE)
    elif any(params.get(f) not in (None, "") for f in fields):
        colours = [_colour(params.get(f), f) for f in fields]
    elif state["dice_mode"] == "table":
        raise RuleError(N_("Darkness is Coming: roll two mana dice and enter what they show."))
    else:
        colours = [rng.choice(COLOURS) for _ in range(daytime.DARKNESS_DICE)]
    told = daytime.record_darkness_roll(state, colours)
    return Text(N_("{told} The dice: {dice}."), {"told": told, "dice": colour_list(colours)})


def skip_preparation(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The group prepares on its own; the app still resets its Source and Units offer."""
    _phase(state, "preparation")
    _no_entry_pending(state)
    done = state["preparation"]["done"]
    notices = [Text(N_("Preparation skipped on purpose: the app reset the Units offer."))]
    if daytime.darkness_roll_due(state):
        notices.append(_roll_darkness(state, params, rng))
    if "source" not in done and state["dice_mode"] == "table":
        rounds.await_source(state)  # the table rolled its Source: it is entered before the first pick
        notices.append(Text(N_("Tap what each Source die shows before the first pick.")))
    elif "source" not in done:
        notices.append(rounds.roll_source(state, rng))
    if "units" not in done:
        rounds.deal_units_offer(state)
    notices += dummy_actions.skip_steps(state, done, params)
    notices += rounds.start_tactics(state, rng)
    return Outcome(state, Text(N_("Preparation skipped")), tuple(notices))


def enter_source(state: dict, params: Params, rng: random.Random) -> Outcome:
    """What the real dice show after a Source reset: the roll stands (and in preparation the step is done),
    or the app says which dice to reroll."""
    if not rounds.source_entry_open(state):
        raise RuleError(N_("The dice are entered while the Source is reset: at setup or in round preparation."))
    if daytime.darkness_roll_due(state):
        raise RuleError(N_("Darkness is Coming: roll its two mana dice first (the board's step)."))
    n = source_size(len(state["players"]), state["blitz"])
    check = state["source_check"]
    faces = _faces(params, n)
    if check and faces and params.get("colours") in (None, "", []):
        # the dice not sent stay as they were
        colours: list[str] | None = [faces.get(i, c) for i, c in enumerate(check["colours"])]
    else:
        colours = _entered(params, list(range(n)), n)
    if colours is None:
        raise BadParams(N_("Missing value: {name}"), name="colours")
    if check:
        kept = [i for i in range(n) if i not in check["reroll"] and colours[i] != check["colours"][i]]
        if kept:
            raise RuleError(N_("Only the gold and black dice are rerolled: die {die} should still show {colour}."),
                            die=kept[0] + 1, colour=Text(COLOUR_NAMES[check["colours"][kept[0]]]))
    rolls = (check["rolls"] if check else []) + [colours]
    reroll = daytime.source_reroll(state, colours)
    if reroll and reroll != dice_to_reroll(colours):  # Night Arrival's start: no gold and no black at all
        state["source_check"] = {"colours": colours, "reroll": reroll, "rolls": rolls}
        notice = Text(N_("Night Arrival: the starting Source shows no gold and no black. Reroll dice {dice} and "
                         "enter the colours again."), {"dice": ", ".join(str(i + 1) for i in reroll)})
        return Outcome(state, Text(N_("Source entered: reroll needed")), (notice,))
    if reroll:
        # The entry waits here; the Source (and its rolls) stay as they are until the roll stands.
        state["source_check"] = {"colours": colours, "reroll": reroll, "rolls": rolls}
        notice = Text(N_("The roll does not stand: fewer than {n} basic die. Reroll dice {dice} "
                         "(all gold and black) and enter the colours again."),
                      {"n": min_basic(n), "dice": ", ".join(str(i + 1) for i in reroll)},
                      plural=N_("The roll does not stand: fewer than {n} basic dice. Reroll dice {dice} "
                                "(all gold and black) and enter the colours again."))
        return Outcome(state, Text(N_("Source entered: reroll needed")), (notice,))
    rounds.set_source(state, rolls)
    if state["phase"] == "preparation":  # the entered roll is the Source step (and the board was flipped first)
        state["preparation"]["done"] = preparation.STEPS[:preparation.STEPS.index("source") + 1]
    return Outcome(state, Text(N_("Source entered: the roll stands")),
                   (Text(N_("The roll stands: {dice}."), {"dice": colour_list(colours)}),))


def drop_source_entry(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The group gives up entering its dice: the app's roll is used (now, or at the Source step)."""
    if not state["source_check"]:
        raise RuleError(N_("No entered roll is waiting for a reroll."))
    if state["dice_mode"] == "table" or not state["source"]:
        raise RuleError(N_("The table rolls the dice in this game: to use the app's roll, let the app roll."))
    state["source_check"] = None
    if state["phase"] == "preparation":
        notice = Text(N_("The entered dice were set aside: the app rolls the Source when the step is done."))
    else:
        notice = Text(N_("The entered dice were set aside: the app's roll stands: {dice}. Set the real dice to match."),
                      {"dice": colour_list([d["colour"] for d in state["source"]])})
    return Outcome(state, Text(N_("Entered dice set aside")), (notice,))


def set_dice_mode(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The group changes who rolls the Source: its real dice, or the app."""
    mode = param_str(params, "mode", choices=DICE_MODES)
    if mode == state["dice_mode"]:
        raise RuleError(N_("The dice are already rolled that way."))
    state["dice_mode"] = mode
    if mode == "table":
        return Outcome(state, Text(N_("Dice: we roll the real dice")),
                       (Text(N_("From now on roll the real dice and tap what they show.")),))
    notices = []
    state["source_check"] = None
    if not state["source"]:  # awaited from the table: the app rolls it now
        notices.append(rounds.roll_source(state, rng))
    return Outcome(state, Text(N_("Dice: the app rolls")), tuple(notices))


def _no_entry_pending(state: dict) -> None:
    """An entered roll waiting for its reroll must stand, or be set aside, before the Source is settled."""
    check = state["source_check"]
    if check:
        raise RuleError(N_("The entered dice still need a reroll: reroll dice {dice} and enter them again, "
                           "or use the app's roll instead."),
                        dice=", ".join(str(i + 1) for i in check["reroll"]))
    if not state["source"]:
        raise RuleError(N_("Tap what each Source die shows first: the table rolls the dice in this game."))


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
    if tactic == "mana_steal" and not has_die and stealable_dice(state):  # "take one": there always is one
        raise RuleError(N_("Mana Steal takes a basic-colour die from the Source: choose which one."))
    notices = [Text(ON_TAKE[tactic], {"name": seat_name(state, seat)})] if tactic in ON_TAKE else []
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
    if raw in (None, "", []):  # the palette per die: the dice given a new face are the rerolled ones
        raw = list(_faces(params, len(state["source"])))
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
    before = [state["source"][i]["colour"] for i in dice]
    after = _rerolled(state, params, rng, dice)
    for i, colour in zip(dice, after):
        state["source"][i]["colour"] = colour
    turn["mana_search_used"] = True
    if state["dice_mode"] == "app":
        told = Text(N_("Mana Search: turn the rerolled dice to the app's roll: {dice}."),
                    {"dice": _turned(before, after)})
    else:
        told = Text(N_("The Source now shows: {dice}."), {"dice": colour_list([d["colour"] for d in state["source"]])})
    return Outcome(state, Text(N_("{name} used Mana Search"), {"name": seat_name(state, seat)}), (told,))


def use_tactic(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Use a tactic that is flipped when used: Long Night and Midnight Meditation once this round, flipped; Sparing
    Power once before each of its owner's turns until it is flipped (MK-TAC-3)."""
    _phase(state, "turns")
    seat = _current(state, params, allow_dummy=False)
    tactic = tactic_of(state, seat)
    if tactic not in FLIPPED_WHEN_USED or tactic == "the_right_moment":
        raise RuleError(N_("Your tactic is not one that is used and flipped."))
    if tactic == "sparing_power":
        return _sparing_power(state, seat, params)
    if tactic in state["flipped_tactics"]:
        raise RuleError(N_("{tactic} was already used this round."), tactic=tactic_name(tactic))
    if tactic in BEFORE_THE_TURN and not turn_fresh(state):
        raise RuleError(N_("{tactic} is used before the turn, before anything else is done."),
                        tactic=tactic_name(tactic))
    state["flipped_tactics"].append(tactic)
    return Outcome(state, Text(N_("{name} used {tactic}"), {"name": seat_name(state, seat),
                                                           "tactic": tactic_name(tactic)}))


def _sparing_power(state: dict, seat: str, params: Params) -> Outcome:
    """Before the turn, once: the top Deed card goes under the card (`choice` store), or the card is flipped and
    the cards under it go into the hand (`choice` take); flipped, it does nothing more this round."""
    choice = param_str(params, "choice", choices=SPARING_POWER_CHOICES)
    if "sparing_power" in state["flipped_tactics"]:
        raise RuleError(N_("Sparing Power is flipped: it does nothing more this round."))
    if state["turn"]["sparing_power_used"]:
        raise RuleError(N_("Sparing Power is used once before each of your turns: it was used before this one."))
    if not turn_fresh(state):
        raise RuleError(N_("{tactic} is used before the turn, before anything else is done."),
                        tactic=tactic_name("sparing_power"))
    state["turn"]["sparing_power_used"] = True
    name = seat_name(state, seat)
    if choice == "store":
        return Outcome(state, Text(N_("{name} put the top Deed card under Sparing Power"), {"name": name}))
    state["flipped_tactics"].append("sparing_power")
    return Outcome(state, Text(N_("{name} flipped Sparing Power and took the cards under it into hand"),
                               {"name": name}))


def end_turn(state: dict, params: Params, rng: random.Random) -> Outcome:
    """Reroll and return the used dice first; then the next turn, or The Right Moment's extra one."""
    _phase(state, "turns")
    seat = _current(state, params)
    _not_the_dummy(seat)
    extra = param_bool(params, "extra_turn")
    if extra:
        if not unflipped(state, seat, "the_right_moment"):
            raise RuleError(N_("Only the owner of The Right Moment takes an extra turn, once this Day."))
        if state["final_turns"] is not None:
            raise RuleError(N_("Not on a last turn: everyone gets exactly one more turn."))
    # The used dice go back first (MK-SRC-4): with the faces the table rolled, or the app's roll to copy.
    taken = [i for i, d in enumerate(state["source"]) if d["status"] == "taken"]
    before = [state["source"][i]["colour"] for i in taken]
    after = _rerolled(state, params, rng, taken) if taken else []
    for i, colour in zip(taken, after):
        state["source"][i].update(colour=colour, status="ready")
    notices = []
    if taken and state["dice_mode"] == "app":
        notices.append(Text(N_("Put the used die back in the Source turned to the app's roll: {dice}."),
                            {"dice": _turned(before, after), "n": len(taken)},
                            plural=N_("Put the used dice back in the Source turned to the app's roll: {dice}.")))
    elif taken:
        notices.append(Text(N_("Back in the Source as rolled: {dice}."), {"dice": colour_list(after)}))
    notices += turn_end_reminders(state, seat)
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
    _not_the_dummy(seat)
    if state["end_of_round_by"] is not None:
        raise RuleError(N_("End of Round was already announced by {name}."),
                        name=seat_name(state, state["end_of_round_by"]))
    if not param_bool(params, "deck_empty"):
        raise RuleError(N_("End of Round can be announced only with an empty Deed deck."))
    _at_turn_start(state)
    notices = rounds.announce(state, seat)
    return Outcome(state, Text(N_("{name} announced End of Round"), {"name": seat_name(state, seat)}),
                   tuple(notices))


def forfeit_turn(state: dict, params: Params, rng: random.Random) -> Outcome:
    """No cards in deck or hand after someone else announced End of Round: the last turn is lost (MK-RND-4).
    Before anyone announced it (the scenario's end does not), such a player must announce it."""
    _phase(state, "turns")
    seat = _current(state, params)
    _not_the_dummy(seat)
    if state["end_of_round_by"] is None:
        raise RuleError(N_("With an empty Deed deck and an empty hand you must announce End of Round."))
    _at_turn_start(state)
    notices = rounds.consume_turn(state, seat)
    return Outcome(state, Text(N_("{name} forfeited the last turn"), {"name": seat_name(state, seat)}),
                   tuple(notices))


def mark_scenario_end(state: dict, params: Params, rng: random.Random) -> Outcome:
    """The scenario's end condition is met: everyone gets one last turn, unless End of Round came first. Solo
    Conquest and the cooperative scenarios say how many cities were conquered (`cities_conquered`, all of
    `cities_total`)."""
    _phase(state, "tactics", "turns")
    if state["scenario_end_met"]:
        raise RuleError(N_("The scenario end was already marked."))
    record = scenario_end.end_record(state, params)
    state["scenario_end_met"], state["scenario_end_record"] = True, record
    if state["final_turns"] is not None:
        notice = Text(N_("End of Round came first: its last turns stand; the game ends after this round."))
    elif state["phase"] == "turns":
        seat = state["turn"]["seat"]
        remaining = rounds.last_turn_takers(state, seats_after(state, seat))
        final_turns = {"by": "scenario_end", "remaining": remaining}
        if remaining[0] == seat:  # the turn under way is not this seat's last one
            final_turns["under_way"] = seat
        state["final_turns"] = final_turns
        notice = Text(N_("After this turn each player takes one last turn (the one playing now too); the Dummy "
                         "takes none (solo and cooperative scenarios). Then the game ends.") if state["dummy"] else
                      N_("After this turn everyone, this player too, takes one last turn; then the game ends."))
    else:
        notice = Text(N_("Each player takes one last turn this round; the Dummy takes none (solo and cooperative "
                         "scenarios). Then the game ends.") if state["dummy"] else
                      N_("Everyone takes one last turn this round; then the game ends."))
    if record:
        return Outcome(state, Text(N_("Scenario end condition met: {n} of {total} cities conquered"),
                                   {"n": record["cities_conquered"], "total": record["cities_total"]}), (notice,))
    return Outcome(state, Text(N_("Scenario end condition met")), (notice,))


# --- fame ---------------------------------------------------------------------------------

def change_fame(state: dict, params: Params, rng: random.Random) -> Outcome:
    seat = seat_param(state, params, allow_dummy=False)
    delta = param_int(params, "delta", lo=-500, hi=500)
    p = player(state, seat)
    if p["fame"] + delta < 0:
        raise RuleError(N_("Fame cannot go below 0 ({name} has {fame})."), name=p["name"], fame=p["fame"])
    new, bonus = blitz_fame(p["fame"], delta) if state["blitz"] and delta > 0 else (p["fame"] + delta, 0)
    notices = [Text(N_("Blitz: {name} crossed a line on the Fame track: +{n} extra Fame."),
                    {"name": p["name"], "n": bonus})] if bonus else []
    notices += level_ups(p["name"], p["fame"], new)
    p["fame"] = new
    label = N_("{name}: Fame +{n}") if delta >= 0 else N_("{name}: Fame {n}")
    return Outcome(state, Text(label, {"name": p["name"], "n": delta}), tuple(notices))


# By stored name: each change of a saved game and each game file names its action so, whatever the function is
# called (store.py, the API).
ACTIONS = {
    "set_core_tile_revealed": set_core_tile_revealed, "set_monasteries": set_monasteries,
    "monastery_revealed": monastery_revealed, "tick_step": tick_step, "skip_preparation": skip_preparation,
    "enter_source": enter_source, "drop_source_entry": drop_source_entry, "set_dice_mode": set_dice_mode,
    "pick_tactic": pick_tactic, "remove_tactic": remove_tactic, "take_die": take_die, "mana_search": mana_search,
    "use_tactic": use_tactic, "end_turn": end_turn, "announce_end_of_round": announce_end_of_round,
    "forfeit_turn": forfeit_turn, "mark_scenario_end": mark_scenario_end, "change_fame": change_fame,
    **dummy_actions.DUMMY_ACTIONS, **SPECIAL_ACTIONS}
