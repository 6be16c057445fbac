"""Derived facts for the templates, and the actions that are legal right now."""
from __future__ import annotations

from ..base import N_, Text
from .daytime import darkness_roll_due, night_has_fallen
from .deeds import PLAY_RULES, deed_reference
from .actions import MAX_MONASTERIES
from .fame import base_hand_limit, level_for_fame
from .dummy import RAN_OUT, colour_asked, extra_flips, outlook, turn_prompt
from .preparation import STEP_NAMES, STEPS, checklist, current_step, step_text
from .readings import readings
from .rounds import source_awaited, source_entry_open, who_comes_next
from .scenario_end import CITY_GOAL, default_cities
from .seats import DUMMY, seat_ids
from .special_actions import MAX_MINES, why_no_token_flips
from .specials import elite_units_dealt, round_end_reminders, setup_reminders
from .source import BASIC, COLOURS, DICE_MODES, is_depleted, source_size
from .tactics import (BEFORE_THE_TURN, FLIPPED_WHEN_USED, SPARING_POWER_CHOICES, TACTIC_NAMES, TACTICS,
                      available_tactics, pick_queue, removal_candidates, stealable_dice)
from .turns import PHASE_NAMES, tactic_of, turn_fresh, unflipped
from .units import units_to_deal


def takeable_dice(state: dict) -> list[int]:
    """Dice the current player may take now: one from the Source per turn, plus their Mana Steal die."""
    seat = state["turn"]["seat"]
    if seat == DUMMY:
        return []
    dice = []
    for i, die in enumerate(state["source"]):
        if die["status"] == "stolen":
            if tactic_of(state, seat) == "mana_steal":
                dice.append(i)
        elif (die["status"] == "ready" and not state["turn"]["die_taken"]
              and not is_depleted(die["colour"], state["time_of_day"])):
            dice.append(i)
    return dice


def take_choices(state: dict) -> list[dict]:
    """The dice to take as the player sees them: alike dice (one colour, one status) are one choice, {"die": the
    first one's index, "count": how many}, in the Source's order. Which of two blue dice is taken makes no
    difference at the table."""
    choices: dict[tuple[str, str], dict] = {}
    for i in takeable_dice(state):
        die = state["source"][i]
        choice = choices.setdefault((die["colour"], die["status"]), {"die": i, "count": 0})
        choice["count"] += 1
    return list(choices.values())


def mana_search_dice(state: dict) -> list[int]:
    """Dice Mana Search may reroll now (any die in the Source), or [] when it cannot be used.

    "Depleted first" limits the choice, not the dice on offer: with one depleted die, that die and
    any other may go together (the action checks the combination)."""
    seat, turn = state["turn"]["seat"], state["turn"]
    if tactic_of(state, seat) != "mana_search" or turn["mana_search_used"] or turn["die_taken"]:
        return []
    return [i for i, d in enumerate(state["source"]) if d["status"] == "ready"]


def mana_search_choices(state: dict) -> list[list[int]]:
    """Every legal set of dice for Mana Search now: one or two dice, the depleted ones first."""
    dice = mana_search_dice(state)
    depleted = [i for i in dice if is_depleted(state["source"][i]["colour"], state["time_of_day"])]
    sets = [[i] for i in dice] + [[i, j] for n, i in enumerate(dice) for j in dice[n + 1:]]
    # Rerolling a non-depleted die is allowed only when the depleted ones (up to two) are all in.
    return [s for s in sets if all(i in depleted for i in s) or all(i in s for i in depleted[:2])]


def can_announce_end_of_round(state: dict) -> bool:
    return (state["phase"] == "turns" and state["end_of_round_by"] is None and turn_fresh(state)
            and state["turn"]["seat"] != DUMMY)  # the Dummy announces by itself


def can_forfeit(state: dict) -> bool:
    return (state["phase"] == "turns" and state["end_of_round_by"] is not None and turn_fresh(state)
            and state["turn"]["seat"] != DUMMY)


def is_last_turn(state: dict) -> bool:
    """Is the turn under way its player's last one (MK-RND-5)? Not the turn in which the scenario's end was met:
    that player takes one more."""
    final, turn = state["final_turns"], state["turn"]
    if state["phase"] != "turns" or final is None or turn is None or not final["remaining"]:
        return False
    return final["remaining"][0] == turn["seat"] and final.get("under_way") != turn["seat"]


def can_extra_turn(state: dict) -> bool:
    return (state["phase"] == "turns" and state["final_turns"] is None
            and unflipped(state, state["turn"]["seat"], "the_right_moment"))


def can_use_tactic(state: dict) -> bool:
    seat = state["turn"]["seat"]
    tactic = tactic_of(state, seat)
    return (tactic in FLIPPED_WHEN_USED and tactic != "the_right_moment" and unflipped(state, seat, tactic)
            and (tactic not in BEFORE_THE_TURN or turn_fresh(state))
            and not (tactic == "sparing_power" and state["turn"]["sparing_power_used"]))


def _rolled(state: dict, n: int) -> list[dict]:
    """Params for n rerolled dice: none when the app rolls; when the table does, one choice per face
    (each die showing it), a sample of what the table may enter."""
    if state["dice_mode"] == "app" or n == 0:
        return [{}]
    return [{"colours": [c] * n} for c in COLOURS]


def _entries(state: dict) -> list[list[str]]:
    """Entries of the awaited Source, one per face on every open die, the other dice as they were."""
    entry = source_entry(state)
    assert entry is not None  # asked while the Source is awaited
    return [[c if d["open"] else d["colour"] for d in entry["dice"]] for c in COLOURS]


def legal_actions(state: dict) -> list[dict]:
    """Every action (with concrete params) the rules accept now; forms needing typed input are left out."""
    phase = state["phase"]
    if phase == "finished":
        return []
    acts = [{"action": "change_fame", "params": {"player": p["id"], "delta": d}}
            for p in state["players"] for d in ([1, -1] if p["fame"] else [1])]
    acts.append({"action": "set_core_tile_revealed", "params": {"revealed": not state["core_tile_revealed"]}})
    if state["monasteries"] < MAX_MONASTERIES:  # one more is refused: not offered
        acts.append({"action": "monastery_revealed", "params": {}})
    if state["monasteries"]:
        acts.append({"action": "set_monasteries", "params": {"count": state["monasteries"] - 1}})
    if phase in ("tactics", "turns") and not state["scenario_end_met"]:
        total = default_cities(state) if state["scenario"] in CITY_GOAL else None  # every city: the goal's end
        acts.append({"action": "mark_scenario_end", "params": {} if total is None else {"cities_conquered": total}})
    acts += [{"action": "set_dice_mode", "params": {"mode": m}} for m in DICE_MODES if m != state["dice_mode"]]
    pending_entry = state["source_check"] is not None
    if pending_entry and state["dice_mode"] == "app" and state["source"]:
        acts.append({"action": "drop_source_entry", "params": {}})
    awaited = source_awaited(state)
    darkness = darkness_roll_due(state)
    # Darkness is Coming's two dice go with the first step (or the skip): entered when the table rolls them.
    dark = [{"darkness_dice": d} for d in (["black", "red"], ["green", "white"])] \
        if darkness and state["dice_mode"] == "table" else [{}]
    if phase == "preparation":
        step = current_step(state)
        assert step is not None  # the preparation phase ends with its last step
        if not (awaited and step == "source"):
            acts += [{"action": "tick_step", "params": {**tick["params"], **d}}
                     for tick in _with_spell_colour(state, [step], {"step": step}) for d in dark]
        if step != "players" and not awaited:  # the table worked down the whole list at once
            acts += _with_spell_colour(state, STEPS[STEPS.index(step):], {"step": step, "through": "players"})
        if not pending_entry:
            acts += [{"action": "skip_preparation", "params": d} for d in dark]
    acts += _special_actions(state)
    if awaited and not darkness:  # the table's dice must be entered (and stand) before the round goes on
        acts += [{"action": "enter_source", "params": {"colours": faces}} for faces in _entries(state)]
    if phase == "tactics" and awaited:
        pass
    elif phase == "tactics":
        seat = pick_queue(state)[0]
        for tactic in available_tactics(state):
            dice = stealable_dice(state) if tactic == "mana_steal" else []
            acts += ([{"action": "pick_tactic", "params": {"player": seat, "tactic": tactic, "die": i}} for i in dice]
                     or [{"action": "pick_tactic", "params": {"player": seat, "tactic": tactic}}])
    if state["dummy"]:
        acts += dummy_corrections(state["dummy"])
    if phase == "turns" and state["turn"]["seat"] == DUMMY:
        acts += [{"action": "dummy_turn", "params": params} for params in dummy_turn_choices(state["dummy"])]
    elif phase == "turns":
        seat = state["turn"]["seat"]
        acts += [{"action": "take_die", "params": {"player": seat, "die": i}} for i in takeable_dice(state)]
        acts += [{"action": "mana_search", "params": {"player": seat, "dice": s, **rolled}}
                 for s in mana_search_choices(state) for rolled in _rolled(state, len(s))]
        taken = sum(d["status"] == "taken" for d in state["source"])
        acts += [{"action": "end_turn", "params": {"player": seat, **rolled}} for rolled in _rolled(state, taken)]
        if can_extra_turn(state):
            acts += [{"action": "end_turn", "params": {"player": seat, "extra_turn": True, **rolled}}
                     for rolled in _rolled(state, taken)]
        if can_use_tactic(state) and tactic_of(state, seat) == "sparing_power":
            acts += [{"action": "use_tactic", "params": {"player": seat, "choice": c}} for c in SPARING_POWER_CHOICES]
        elif can_use_tactic(state):
            acts.append({"action": "use_tactic", "params": {"player": seat}})
        if can_announce_end_of_round(state):
            acts.append({"action": "announce_end_of_round", "params": {"player": seat, "deck_empty": True}})
        if can_forfeit(state):
            acts.append({"action": "forfeit_turn", "params": {"player": seat}})
    elif phase == "round_end":
        acts += [{"action": "remove_tactic", "params": {"tactic": t}} for t in removal_candidates(state)]
    return acts


def _special_actions(state: dict) -> list[dict]:
    """Flipping a Round Order token (MK-TOK-1), counting liberated mines (MK-SCN-3)."""
    acts = [{"action": "flip_token", "params": {"player": seat, "flipped": False}} for seat in state["flipped_tokens"]]
    if state["phase"] == "turns" and why_no_token_flips(state) is None:
        acts += [{"action": "flip_token", "params": {"player": p["id"]}} for p in state["players"]
                 if p["id"] != state["turn"]["seat"] and p["id"] not in state["flipped_tokens"]]
    if state["scenario"] == "mines_liberation":
        acts += [{"action": "set_mines", "params": {"player": p["id"], "count": state["mines"].get(p["id"], 0) + 1}}
                 for p in state["players"] if state["mines"].get(p["id"], 0) < MAX_MINES]
    return acts


def _with_spell_colour(state: dict, steps: list[str], params: dict) -> list[dict]:
    """tick_step params; with a Dummy, the Spell offer's step needs the leaving Spell's colour (one per colour)."""
    if state["dummy"] and "spell_offer" in steps:
        return [{"action": "tick_step", "params": {**params, "spell_colour": c}} for c in BASIC]
    return [{"action": "tick_step", "params": params}]


def dummy_turn_choices(dummy: dict) -> list[dict]:
    """The taps of the Dummy's turn: the 3rd card's colour, or that the deck ran out before it."""
    if dummy["deck"] and colour_asked(dummy):
        return [{"third": c} for c in [*BASIC, RAN_OUT]]
    return [{}]


def dummy_corrections(dummy: dict) -> list[dict]:
    """The group's ± corrections of the Dummy's crystals and deck count."""
    acts = []
    for what, n, top in [*((c, dummy["crystals"][c], 99) for c in BASIC), ("deck", dummy["deck"], dummy["cards"])]:
        acts += [{"action": "adjust_dummy", "params": {"what": what, "delta": d}}
                 for d in (-1, 1) if 0 <= n + d <= top]
    return acts


def dummy_view(state: dict) -> dict | None:
    """The Dummy at a glance: hero, tactic, crystals, deck, what its turns to come hold (dummy.outlook); on its
    turn, what each 3rd-card colour means."""
    figure = state["dummy"]
    if not figure:
        return None
    return {"hero": figure["hero"], "tactic": state["tactics"].get(DUMMY), "crystals": dict(figure["crystals"]),
            "deck": figure["deck"], "cards": figure["cards"], "forecast": outlook(state),
            "colour_asked": colour_asked(figure), "extra_flips": extra_flips(figure),
            "prompt": turn_prompt(figure),
            "spell_pending": state["phase"] == "preparation" and "spell_offer" not in state["preparation"]["done"]}


def source_entry(state: dict) -> dict | None:
    """The colour palette per die for entering the table's Source, while it is awaited: each die's previous
    colour is chosen already, so only the dice that changed need a tap; after a failed half-basic check only
    the gold and black dice are open."""
    if not source_awaited(state) or darkness_roll_due(state):
        return None
    n = source_size(len(state["players"]), state["blitz"])
    check = state["source_check"]
    shown = check["colours"] if check else [d["colour"] for d in state["source"]] or [None] * n
    return {"dice": [{"index": i, "colour": shown[i], "open": not check or i in check["reroll"]}
                     for i in range(n)],
            "reroll": check["reroll"] if check else None}


def summary(state: dict) -> dict:
    """Rounds played, the Day/Night sequence, who announced each End of Round, why the game ended."""
    return {"rounds_played": len(state["rounds"]),
            "sequence": [r["time_of_day"] for r in state["rounds"]],
            "end_of_round_by": [r["end_of_round_by"] for r in state["rounds"]],
            "ended_by": state["ended_by"]}


def _notes(state: dict) -> list[Text]:
    """The app's reading of unclear rules, shown where it matters."""
    notes = []
    if state["phase"] != "finished":
        notes += setup_reminders(state)
    if (state["phase"] == "turns" and state["end_of_round_by"] is None and state["final_turns"] is None
            and state["turn"]["seat"] != DUMMY):
        notes.append(Text(N_("Announce End of Round at the start of your turn, only with an empty Deed deck; "
                             "with deck and hand empty you must.")))
    return notes


def view(state: dict) -> dict:
    phase, is_night = state["phase"], state["time_of_day"] == "night"
    turn = state["turn"]
    step = current_step(state) if phase == "preparation" else None
    players = [{"id": p["id"], "name": p["name"], "hero": p["hero"], "fame": p["fame"],
                "level": level_for_fame(p["fame"]), "hand_limit": base_hand_limit(level_for_fame(p["fame"])),
                "tactic": state["tactics"].get(p["id"]), "token_flipped": p["id"] in state["flipped_tokens"],
                "mines": state["mines"].get(p["id"], 0)} for p in state["players"]]
    data = {
        "phase": phase, "round": state["round"], "round_limit": state["round_limit"],
        "time_of_day": state["time_of_day"], "is_night": is_night, "mode": state["mode"],
        "scenario": state["scenario"], "blitz": state["blitz"], "players": players,
        "dummy": dummy_view(state),
        "round_order": list(state["round_order"]), "seats": seat_ids(state),
        "current_seat": turn["seat"] if turn else None, "extra_turn": bool(turn and turn["extra"]),
        "next_seat": who_comes_next(state),
        "source": [{"index": i, "colour": d["colour"], "status": d["status"], "basic": d["colour"] in BASIC,
                    "depleted": is_depleted(d["colour"], state["time_of_day"])} for i, d in enumerate(state["source"])],
        "source_rolls": state["source_rolls"], "source_check": state["source_check"],
        "units_offer": list(state["units_offer"]),
        "core_tile_revealed": state["core_tile_revealed"], "monasteries": state["monasteries"],
        "checklist": checklist(state) if phase == "preparation" else None,
        "current_step": step,
        "current_step_text": step_text(state, step) if step is not None else None,
        "units_to_deal": units_to_deal(len(state["players"]), state["blitz"], elite_units_dealt(state)),
        "tactics": dict(state["tactics"]), "removed_tactics": list(state["removed_tactics"]),
        "flipped_tactics": list(state["flipped_tactics"]),
        "tactics_available": available_tactics(state) if phase == "tactics" else [],
        "pick_queue": pick_queue(state) if phase == "tactics" else [],
        "removal_choices": removal_candidates(state) if phase == "round_end" else [],
        "final_turns": state["final_turns"], "last_turn": is_last_turn(state),
        "end_of_round_by": state["end_of_round_by"],
        "scenario_end_met": state["scenario_end_met"],
        "max_mines": MAX_MINES,
        "takeable_dice": takeable_dice(state) if phase == "turns" else [],
        "take_choices": take_choices(state) if phase == "turns" else [],
        "turn_die_taken": bool(turn and turn["die_taken"]),
        "mana_search_dice": mana_search_dice(state) if phase == "turns" else [],
        "can_announce_end_of_round": can_announce_end_of_round(state),
        "can_forfeit": can_forfeit(state),
        "can_extra_turn": phase == "turns" and can_extra_turn(state),
        "can_mark_scenario_end": phase in ("tactics", "turns") and not state["scenario_end_met"],
        # MK-SCO-4: a city-goal scenario's end says how many cities fell (the map's count by the book, else None)
        "scenario_end_cities": default_cities(state) if state["scenario"] in CITY_GOAL else None,
        "deeds": deed_reference(is_night), "deed_rules": PLAY_RULES,
        "summary": summary(state) if phase == "finished" else None,
        "notes": _notes(state),
        "round_reminders": round_end_reminders(state) if phase in ("round_end", "preparation") else [],
        "flipped_tokens": list(state["flipped_tokens"]),
        "daytime": state["daytime"]["variant"], "darkness_roll_due": darkness_roll_due(state),
        "darkness_rolls": list(state["daytime"]["darkness_rolls"]), "night_has_fallen": night_has_fallen(state),
    }
    data["actions"] = legal_actions(state)
    data["readings"] = readings(state, data["current_step"], data["tactics_available"],
                                any(a["action"] == "mana_search" for a in data["actions"]))
    # For the screens: the page palette, each tactic's number (Round Order), and id -> msgid names.
    data["palette"] = "night" if is_night else "day"
    data["can_enter_source"] = source_entry_open(state) and not darkness_roll_due(state)
    data["dice_mode"], data["source_entry"] = state["dice_mode"], source_entry(state)
    # The steps this moment of the preparation covers: with the table's dice the board is flipped and the Source
    # rolled on one screen, and its entry completes both (so the count reads "1–2/7", then "3/7").
    covered = STEPS[:2] if data["source_entry"] and data["current_step"] == STEPS[0] else [data["current_step"]]
    data["current_steps"] = ([{"step": step, "text": step_text(state, step)} for step in covered]
                             if phase == "preparation" else [])
    data["tactic_numbers"] = {t: d["number"] for t, d in TACTICS.items()}
    # NAMES merges several id spaces ("preparation" is a phase and a tactic, "tactics" a phase and a step):
    # the screens look tactics, phases and steps up in their own tables.
    from . import NAMES  # the package imports this module first; NAMES is ready by call time
    data["names"] = NAMES
    data["tactic_names"], data["phase_names"], data["step_names"] = TACTIC_NAMES, PHASE_NAMES, STEP_NAMES
    return data
