"""The round preparation checklist (MK-RND-2), each step worded for this game now."""
from __future__ import annotations

from ..base import N_, Text
from .fame import base_hand_limit, level_for_fame
from .source import min_basic, source_size
from .specials import elite_units_dealt, units_rule
from .tactics import tactics_for
from .turns import TIME_NAMES, join
from .units import units_to_deal

STEPS = ["flip_board", "source", "units", "aa_offer", "spell_offer", "tactics", "players"]
STEP_NAMES = {"flip_board": N_("flip the Day/Night board"), "source": N_("reset the Source"),
              "units": N_("new Units offer"), "aa_offer": N_("refresh the Advanced Action offer"),
              "spell_offer": N_("refresh the Spell offer"), "tactics": N_("lay out the tactics"),
              "players": N_("each player readies and draws")}
UNIT_NAMES = {"elite": N_("Elite"), "regular": N_("Regular")}


def current_step(state: dict) -> str | None:
    done = state["preparation"]["done"]
    return next((s for s in STEPS if s not in done), None)


def _units_text(state: dict) -> Text:
    kinds = units_to_deal(len(state["players"]), state["blitz"], elite_units_dealt(state))
    n, m = len(kinds), state["monasteries"]
    units = Text(N_("Deal {n} unit: {sequence}"), {"n": n, "sequence": join([Text(UNIT_NAMES[k]) for k in kinds])},
                 plural=N_("Deal {n} units: {sequence}"))
    advanced = (Text(N_("then {n} Advanced Action card ({n} monastery not burned)"), {"n": m},
                     plural=N_("then {n} Advanced Action cards ({n} monasteries not burned)")) if m else
                Text(N_("no Advanced Action cards (no unburned monastery)")))
    core = units_rule(state)
    return Text(N_("{core} Return the offered units and Advanced Action cards to the bottom of their decks. "
                   "{units}, {advanced}."), {"units": units, "advanced": advanced, "core": core})


def _tactics_text(state: dict) -> Text:
    time = state["time_of_day"]
    removed = [t for t in tactics_for(time) if t in state["removed_tactics"]]
    left = len(tactics_for(time)) - len(removed)
    if removed:
        return Text(N_("Collect the tactic cards and lay out the {time} tactics: {n} card "
                       "({removed} removed from the game stay out)."),
                    {"time": Text(TIME_NAMES[time]), "n": left, "removed": len(removed)},
                    plural=N_("Collect the tactic cards and lay out the {time} tactics: {n} cards "
                              "({removed} removed from the game stay out)."))
    return Text(N_("Collect the tactic cards and lay out the {time} tactics: {n} card."),
                {"time": Text(TIME_NAMES[time]), "n": left},
                plural=N_("Collect the tactic cards and lay out the {time} tactics: {n} cards."))


def _players_text(state: dict) -> Text:
    # A name and its limit never part at a line's end ("Vera" / "5."): a no-break space between them.
    limits = ", ".join(f"{p['name']}\u00a0{base_hand_limit(level_for_fame(p['fame']))}" for p in state["players"])
    return Text(N_("Each player: flip Banners and Skill tokens face up (a Banner may be dropped), ready all "
                   "Units (wounded ones stay wounded), shuffle all Deed cards into a new deck and draw up to the "
                   "Hand limit: {limits}. On or next to an own keep or city the limit is higher (only the best "
                   "bonus counts)."), {"limits": limits})


def step_text(state: dict, step: str) -> Text:
    """What to do at `step`, for this game now."""
    dummy = state["dummy"] is not None
    if step == "flip_board":
        return Text(N_("Flip the Day/Night board to {time}."), {"time": Text(TIME_NAMES[state["time_of_day"]])})
    if step == "source":
        n = source_size(len(state["players"]), state["blitz"])
        if state["dice_mode"] == "app":
            return Text(N_("Reset the Source: tap Done and the app rolls the {n} die (at least {half} basic "
                           "colours); then set the real dice to its faces."), {"n": n, "half": min_basic(n)},
                        plural=N_("Reset the Source: tap Done and the app rolls the {n} dice (at least {half} basic "
                                  "colours); then set the real dice to its faces."))
        return Text(N_("Reset the Source: roll all {n} die; at least {half} must show basic colours, so reroll all "
                       "gold and black dice together until they do. Tap what each die shows, then Done."),
                    {"n": n, "half": min_basic(n)},
                    plural=N_("Reset the Source: roll all {n} dice; at least {half} must show basic colours, so "
                              "reroll all gold and black dice together until they do. Tap what each die shows, "
                              "then Done."))
    if step == "units":
        return _units_text(state)
    if step == "aa_offer":
        return Text(N_("Refresh the Advanced Action offer: the lowest card goes into the Dummy's deck, the others "
                       "slide down, a new card fills the top slot; the Dummy shuffles its deck and discard pile.")
                    if dummy else
                    N_("Refresh the Advanced Action offer: the lowest card to the bottom of its deck, the others "
                       "slide down, a new card fills the top slot."))
    if step == "spell_offer":
        return Text(N_("Refresh the Spell offer: the lowest card goes to the bottom of the Spell deck as usual (not to "
                       "the Dummy), the others slide down, a new card fills the top slot. The Dummy gains a crystal of "
                       "the leaving Spell's colour: tap that colour.")
                    if dummy else
                    N_("Refresh the Spell offer the same way: the lowest card to the bottom, the others slide "
                       "down, a new card fills the top slot."))
    if step == "tactics":
        return _tactics_text(state)
    return _players_text(state)


def checklist(state: dict) -> list[dict]:
    done = state["preparation"]["done"]
    return [{"step": s, "text": step_text(state, s), "done": s in done} for s in STEPS]
