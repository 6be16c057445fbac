"""Achievements (MM-CMP-3, MM-CMP-6, MM-CMP-7): the party's story achievements and the individual ones, each earned
by one mouse and only by what earns it, and what each does while the chapter lasts (rulebook, back cover:
"Individual Achievements")."""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..base import N_, Outcome, RuleError, Text, param_bool, param_str
from . import initiative_track as track_ops
from .catalogue import find_mouse, label, mouse_name

# One token each for the party, to the first mouse that meets its condition; the first three push the end marker.
ACHIEVEMENTS = {"cheesemaster": N_("Cheesemaster"), "roachmaster": N_("Roachmaster"), "scaper": N_("Scaper"),
                "poisonmaster": N_("Poisonmaster"), "cat_tamer": N_("Cat Tamer")}
MOVES_MARKER = ("cheesemaster", "roachmaster", "scaper")
STORY = "story"
# What the app can check of an achievement's condition (MM-CMP-7): the holder's captures in this chapter (it keeps
# no poison wounds: a captured mouse may be the Poisonmaster), and for the Cat Tamer Brodie's defeat.
CAPTURES_NEEDED = {"scaper": 2, "poisonmaster": 1}
CAT_TAMER_BOSS = "brodie"
CONDITIONS = {"scaper": N_("for a mouse captured twice"), "poisonmaster": N_("for a mouse captured in this chapter"),
              "cat_tamer": N_("for the mouse that defeats Brodie")}
SCAPER_RESCUE_AT = 3  # "If the Scaper is captured a third time, it is immediately rescued"
# The book's examples of large figures ("a large figure (such as a spider or centipede)", p.10).
LARGE_MINIONS = ("spider", "cave_centipede")

EFFECTS = {
    "cheesemaster": N_("Cheesemaster ({mouse}): each time {mouse} rolls cheese on a defence roll, every active "
                       "mouse gains 1 cheese."),
    "roachmaster": N_("Roachmaster ({mouse}): roaches on {mouse}'s tile are not greedy."),
    "poisonmaster": N_("Poisonmaster ({mouse}): a poison wound on {mouse} is a normal wound instead."),
    "cat_tamer": N_("Cat Tamer ({mouse}): large minions roll one die fewer to defend against {mouse}'s attacks."),
    "scaper": N_("Scaper ({mouse}): captured a third time, {mouse} is rescued at once and keeps its equipped "
                 "search cards."),
}
SCAPER_READING = N_("The Scaper's rescue is for its third capture in the chapter only (a fourth is an ordinary "
                    "capture); rescued, it goes on or next to another mouse at once, and its own turn goes on.")
BRODIE_READING = N_("Who defeated Brodie: the app takes the mouse whose turn it was when his last card fell; "
                    "if it fell in a minions' turn, the group names the mouse that dealt the last wound.")
LARGE_READING = N_("Large minions: the book names Spiders and Cave Centipedes as large figures; for a boss or a "
                   "type of your own, look at its figure.")


def holder(state: dict, ident: str) -> dict | None:
    """The mouse (in the party) that holds individual achievement `ident`, if any."""
    got = next((a for a in state["achievements"] if a["id"] == ident), None)
    mouse_id = got.get("mouse") if got else None
    return next((m for m in state["mice"] if m["id"] == mouse_id), None)


def names_of(mice: list[dict]) -> dict[str, Any]:
    """{mouse id: display name} of state mice ({id, name}) or summary mice ({mouse, name})."""
    idents = [m["id"] if "id" in m else m["mouse"] for m in mice]
    return {ident: label(ident, m["name"]) for ident, m in zip(idents, mice)}


def achievement_name(achievement: Mapping[str, Any], names: Mapping[str, Any] | None = None) -> Any:
    """A story achievement's own name; an individual one's name with its holder's, when it has one."""
    if achievement["id"] == STORY:
        return achievement["name"]
    name = Text(ACHIEVEMENTS[achievement["id"]])
    mouse_id = achievement.get("mouse")
    if mouse_id is None:
        return name  # earned before achievements had a holder
    mouse = (names or {}).get(mouse_id, label(mouse_id, None))
    return Text(N_("{achievement} ({mouse})"), {"achievement": name, "mouse": mouse})


def refusal(state: dict, ident: str, mouse: dict) -> RuleError | None:
    """Why `mouse` cannot earn individual achievement `ident` now, as far as the app knows; None when it can."""
    refused = _refused(state, ident, mouse)
    return None if refused is None else refused()


def can_earn(state: dict, ident: str, mouse: dict) -> bool:
    """Asked for every achievement and mouse twice a view (its legal actions, the form's choices): the refusal
    itself, its message and names, is not made."""
    return _refused(state, ident, mouse) is None


def _refused(state: dict, ident: str, mouse: dict) -> Callable[[], RuleError] | None:
    """What makes the refusal of `ident` to `mouse`, or None when the app knows of none."""
    if ident == "scaper":
        if mouse["captures"] < CAPTURES_NEEDED[ident]:
            return lambda: RuleError(N_("The Scaper is the first mouse captured twice in the chapter; {mouse}'s "
                                        "captures so far: {n}."), mouse=mouse_name(state, mouse["id"]),
                                     n=mouse["captures"])
        first = state["first_captured_twice"]
        if first not in (None, mouse["id"]):
            return lambda: RuleError(N_("The Scaper is the first mouse captured twice in the chapter: that was "
                                        "{mouse}."), mouse=mouse_name(state, first))
    if ident == "poisonmaster" and mouse["captures"] < CAPTURES_NEEDED[ident]:
        return lambda: RuleError(N_("The Poisonmaster is the first mouse captured with a poison wound: {mouse} has "
                                    "not been captured in this chapter."), mouse=mouse_name(state, mouse["id"]))
    if ident == "cat_tamer":
        defeated = state["brodie_defeated_by"]
        if defeated is None:
            return lambda: RuleError(N_("Cat Tamer goes to the first mouse that defeats Brodie: Brodie has not been "
                                        "defeated in this chapter."))
        if defeated["mouse"] not in (None, mouse["id"]):
            return lambda: RuleError(N_("Cat Tamer goes to the mouse that defeated Brodie: {mouse}."),
                                     mouse=mouse_name(state, defeated["mouse"]))
    return None


def counted_capture(state: dict, mouse: dict) -> None:
    """A capture of `mouse` is counted; the first mouse to reach two is the one that may be the Scaper."""
    mouse["captures"] += 1
    if mouse["captures"] == CAPTURES_NEEDED["scaper"] and state["first_captured_twice"] is None:
        state["first_captured_twice"] = mouse["id"]


def boss_defeated(state: dict, type_id: str, acting: dict, notices: list[Text]) -> None:
    """A boss's last card left the track by its wounds. The first defeat of Brodie is kept with the mouse whose
    turn it was (`acting` is the card acting as the last wound fell; a minion's: the app does not know who)."""
    if type_id != CAT_TAMER_BOSS or state["brodie_defeated_by"] is not None:
        return
    mouse_id = acting["mouse"] if acting["kind"] == "mouse" else None
    state["brodie_defeated_by"] = {"mouse": mouse_id}
    if any(a["id"] == "cat_tamer" for a in state["achievements"]):
        return
    if mouse_id is None:
        notices.append(Text(N_("Brodie is defeated: Cat Tamer goes to the mouse that dealt the last wound.")))
    else:
        notices.append(Text(N_("Brodie is defeated in {mouse}'s turn: {mouse} earns Cat Tamer."),
                            {"mouse": mouse_name(state, mouse_id)}))


def earn_achievement(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """MM-CMP-3/6/7: an individual achievement for the `mouse` that earned it (once per chapter), or a story
    achievement by name (the party's)."""
    ident = param_str(params, "achievement", choices=(*ACHIEVEMENTS, STORY))
    if ident == STORY:
        name = param_str(params, "name", 40)
        if not name:
            raise RuleError(N_("Name the story achievement."))
        got: dict[str, Any] = {"id": STORY, "name": name, "moves_marker": param_bool(params, "moves_marker")}
    else:
        mouse = find_mouse(state, params)
        if any(a["id"] == ident for a in state["achievements"]):
            raise RuleError(N_("{achievement} is already earned in this chapter."),
                            achievement=Text(ACHIEVEMENTS[ident]))
        refused = refusal(state, ident, mouse)
        if refused is not None:
            raise refused
        got = {"id": ident, "name": None, "moves_marker": ident in MOVES_MARKER, "mouse": mouse["id"]}
    state["achievements"].append(got)
    name = achievement_name(got, names_of(state["mice"]))
    if not got["moves_marker"]:
        return Outcome(state, Text(N_("Achievement: {achievement}"), {"achievement": name}))
    state["chapter_end_page"] += 1
    return Outcome(state, Text(N_("Achievement: {achievement}; the end marker moves to page {page}"),
                               {"achievement": name, "page": state["chapter_end_page"]}))


def scaper_rescued(state: dict, mouse: dict) -> bool:
    """MM-CMP-6: this capture (about to be counted) is the Scaper's third."""
    scaper = holder(state, "scaper")
    return scaper is not None and scaper["id"] == mouse["id"] and mouse["captures"] + 1 == SCAPER_RESCUE_AT


def reminders(state: dict) -> list[Text]:
    """What the earned individual achievements do, at the moments they matter."""
    if state["finished"]:
        return []
    card = track_ops.acting_card(state)
    present = {c["minion"] for c in state["initiative_track"] if c["kind"] == "minion"}
    shown = []

    def say(ident: str, when: bool) -> None:
        mouse = holder(state, ident)
        if when and mouse is not None and not mouse["captured"]:
            shown.append(Text(EFFECTS[ident], {"mouse": mouse_name(state, mouse["id"])}))

    minions_act = card["kind"] == "minion"
    say("poisonmaster", minions_act)  # minions wound the mice on their turns
    say("cheesemaster", minions_act)  # the mice roll defence on the minions' turns
    scaper = holder(state, "scaper")
    say("scaper", minions_act and scaper is not None and scaper["captures"] + 1 == SCAPER_RESCUE_AT)
    say("roachmaster", "roaches" in present)
    tamer = holder(state, "cat_tamer")
    say("cat_tamer", bool(present) and tamer is not None and card.get("mouse") == tamer["id"])
    return shown


def readings(state: dict) -> list[Text]:
    """Our readings of the achievements' effects, while they can apply."""
    shown = []
    scaper = holder(state, "scaper")
    # while its next capture is the third, and once it was (a fourth is an ordinary one)
    if scaper is not None and scaper["captures"] in (SCAPER_RESCUE_AT - 1, SCAPER_RESCUE_AT):
        shown.append(Text(SCAPER_READING))
    if any(r.msgid == EFFECTS["cat_tamer"] for r in reminders(state)):
        shown.append(Text(LARGE_READING))
    if state["brodie_defeated_by"] is not None and holder(state, "cat_tamer") is None:
        shown.append(Text(BRODIE_READING))  # while the Cat Tamer is still to be taken
    return shown


ACTIONS = {"earn_achievement": earn_achievement}
