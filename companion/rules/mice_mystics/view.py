"""What the templates show: derived facts only, never stored."""
from __future__ import annotations

import random
from typing import Any

from ..base import N_, RuleError, Text, copied
from . import achievements as achieved, initiative_track as track_ops
from .achievements import ACHIEVEMENTS, MOVES_MARKER, achievement_name, names_of
from .arrivals import needs_life
from .catalogue import (MICE, STORY_CHAPTERS, card_name, chapter_title, label, minion_card_name, mouse_name,
                        next_story_chapter)
from .chapter_end import RESULTS
from .cheese_wheel import WHEEL_SIZE, attack_cheese_refused, can_pilfer, cheese_exceptions
from .legal import legal_actions
from .minion_wounds import APART_NOTE
from .mouse_turn import ACTION_KINDS, FREE_ACTIONS, LEVEL_UP_COST
from .readings import readings
from .rounds import next_turn
from .surge import encounter_row
from .upgrade import upgrade

OPEN_END = 99  # the last page of a row entered without one ("4+": params.py `_page_range`)
MINION_TURN = N_("Minions: each figure moves, then battles; the closest minion first; "
                 "defence is rolled only if the attack hit.")
MOUSE_REMINDERS = (N_("Explore only when no minions are on your tile."),
                   N_("No free actions on a water space."),
                   N_("A stunned mouse may only Recover."))


def _mouse(state: dict, mouse_id: str) -> dict:
    mouse = next(m for m in state["mice"] if m["id"] == mouse_id)
    return {"mouse": mouse_id, "name": mouse_name(state, mouse_id), "controller": mouse["controller"]}


def _turn(state: dict, live: bool) -> dict | None:
    turn = state["turn"]
    if turn is None:
        return None
    mouse = next(m for m in state["mice"] if m["id"] == turn["mouse"])
    free_now = live and not mouse["captured"] and not turn["in_action"]
    return {
        **_mouse(state, mouse["id"]),
        "moved": turn["moved"], "action": turn["action"], "in_action": turn["in_action"],
        "action_name": Text(ACTION_KINDS[turn["action"]]) if turn["action"] else None,
        "free_used": dict(turn["free"]), "ability_card_used": turn["ability_card"],
        "can_move": free_now and not turn["moved"],
        "can_act": live and not mouse["captured"] and turn["action"] is None,
        "can_finish_action": live and turn["in_action"],
        "can_share": free_now and not turn["free"]["share"],
        "can_equip": free_now and not turn["free"]["equip"],
        "can_level_up": free_now and not turn["free"]["level_up"] and mouse["cheese"] >= LEVEL_UP_COST,
        "can_use_ability_card": live and not mouse["captured"] and not turn["ability_card"],
        "can_explore": live and turn["action"] is None and not track_ops.has_minions(state),
        "reminders": [Text(r) for r in MOUSE_REMINDERS],
    }


def _card(state: dict, card: dict) -> dict:
    """A track card as shown: its name and, with wounds per figure (MM-MIN-1), each figure's wounds."""
    shown = {**card, "name": card_name(state, card), "life_asked": needs_life(card)}
    if "figure_wounds" in card:
        shown["life"] = state["minion_types"][card["minion"]]["life"]
        shown["figure_list"] = [{"number": i + 1, "wounds": w} for i, w in enumerate(card["figure_wounds"])]
        shown["wounds_note"] = Text(APART_NOTE) if card["figures"] > 1 else None
    return shown


def _summary(state: dict) -> dict | None:
    """MM-CMP-1: the finished chapter's summary, names ready to show."""
    if not state["finished"]:
        return None
    done = state["chapters"][-1]
    return {**done, "result_text": Text(RESULTS[done["result"]]),
            "mice": [{**m, "name": label(m["mouse"], m["name"])} for m in done["mice"]],
            "achievements": [achievement_name(a, names_of(done["mice"])) for a in done["achievements"]]}


def party_choices(state: dict) -> list[dict]:
    """MM-CMP-5: every mouse the next chapter's party may take — this party (ticked), those sitting out with what
    they kept, and the mice of the boxes not yet met — for the next-chapter form."""
    known = {m["id"]: m for m in [*state["mice"], *state["sitting_out"]]}
    party = {m["id"] for m in state["mice"]}
    ids = list(known) + [m for m in MICE if m not in known]
    return [{"id": i, "display_name": label(i, known[i]["name"] if i in known else None),
             "in_party": i in party, "sitting_out": i in known and i not in party,
             "controller": known[i]["controller"] if i in known else None,
             "ability_cards": known[i]["ability_cards"] if i in known else None,
             "search_card": known[i]["search_card"] if i in known else None} for i in ids]


def next_card(state: dict) -> dict | None:
    """The card that acts after this one, as the track stands (the group screen names it): this turn is
    played out on a copy — an Aggressive swap, a new round, a captured mouse's skipped turn counted. None
    while a surge holds the game or the chapter is over."""
    if state["finished"] or state["pending_surge"] is not None:
        return None
    after = copied(state)
    try:
        next_turn(after, {}, random.Random(0))  # a turn's end draws nothing: the generator is never asked
    except RuleError:
        return None
    if after["finished"]:
        return None
    card = track_ops.acting_card(after)
    return {**_card(after, card), "whose_turn": _mouse(after, card["mouse"]) if card["kind"] == "mouse" else None,
            "minions_mover": _mouse(after, track_ops.lowest_mouse(after)) if card["kind"] == "minion" else None}


def _row_pages(row: dict) -> Text:
    """The surge's encounter row by its pages, as the card's list says them: a row entered as "4+" (kept as
    pages 4 to OPEN_END) is page 4 and later."""
    if row["pages_to"] >= OPEN_END:
        return Text(N_("Row for pages {first} and later:"), {"first": row["pages_from"]})
    if row["pages_to"] == row["pages_from"]:
        return Text(N_("Row for page {first}:"), {"first": row["pages_from"]})
    return Text(N_("Row for pages {first}–{last}:"), {"first": row["pages_from"], "last": row["pages_to"]})


def view(state: dict) -> dict[str, Any]:
    """Whose turn, who moves the minions, the surge question, the encounter row, the checklist."""
    state = upgrade(state)
    track = state["initiative_track"]
    card = track_ops.acting_card(state)
    live = not state["finished"] and state["pending_surge"] is None
    row_index = encounter_row(state)
    row = state["encounter_card"]["rows"][row_index] if row_index is not None else None
    captured = {m["id"] for m in state["mice"] if m["captured"]}
    return {
        "round": state["round"],
        "acting": state["acting"],
        "acting_card": {**_card(state, card), "space": state["acting"] + 1},
        "next_card": next_card(state),
        "whose_turn": _mouse(state, card["mouse"]) if card["kind"] == "mouse" else None,
        "minion_turn": Text(MINION_TURN) if card["kind"] == "minion" else None,
        "minions_mover": _mouse(state, track_ops.lowest_mouse(state)),
        # Once the chapter is over nobody acts: no card is marked as the one whose turn it is.
        "track": [{**_card(state, c), "space": i + 1, "acting": i == state["acting"] and not state["finished"],
                   "captured": c["kind"] == "mouse" and c["mouse"] in captured} for i, c in enumerate(track)],
        "minions_on_board": track_ops.has_minions(state),
        "mice": [{**m, "display_name": mouse_name(state, m["id"]),
                  "can_level_up": m["cheese"] >= LEVEL_UP_COST} for m in state["mice"]],
        "cheese_wheel": state["cheese_wheel"],
        "wheel_room": WHEEL_SIZE - state["cheese_wheel"],
        "hourglass_page": state["hourglass_page"],
        "chapter_end_page": state["chapter_end_page"],
        "pages_left": state["chapter_end_page"] - state["hourglass_page"],
        "surge_pending": state["pending_surge"] is not None,
        "surge_question": Text(N_("Does this room have a special surge?")) if state["pending_surge"] else None,
        "encounter_card": state["encounter_card"],
        "encounter_row": row_index,
        "encounter_row_pages": _row_pages(row) if row else None,
        "encounter_row_minions": row["minions"] if row else [],
        # MM-INI-8: an Ambush rolls for every minion card on the track, the arrivals' too (up to 3 types,
        # a boss with 2 cards): room for every die the table may roll.
        "arrival_dice": sum(1 for c in track if c["kind"] == "minion" and not c.get("surge")) + 3 * 2,
        "ambush_log": [{**move, "name": minion_card_name(state, move["card"])} for move in state["ambush_log"]],
        "turn": _turn(state, live),
        "can_next_turn": live,
        "can_add_cheese": live,
        "can_remove_cheese": live and state["cheese_wheel"] > 0,
        "can_pilfer": can_pilfer(state),
        "attack_cheese_refused": attack_cheese_refused(state) is not None,
        "cheese_exceptions": cheese_exceptions(state),
        "finished": state["finished"],
        "summary": _summary(state),
        "can_continue": state["finished"],
        "replay_end_page": state["chapter_setup"]["chapter_end_page"],
        "sitting_out": [{**m, "display_name": label(m["id"], m["name"])} for m in state["sitting_out"]],
        "party_choices": party_choices(state) if state["finished"] else [],
        "story_chapters": [{"id": k, "name": Text(v["name"]), "end_page": v["end_page"]}
                           for k, v in STORY_CHAPTERS.items()],
        # The next chapter form's choice: the story's chapter after this one when the app knows it, else the
        # group names it ("Another chapter").
        "next_story_chapter": next_story_chapter(state["chapter_setup"]["story_chapter"]),
        "story_chapter": state["chapter_setup"]["story_chapter"],
        "chapter_title": chapter_title(state["chapter_name"], state["chapter_setup"]["story_chapter"]),
        "campaign": [{**done, "number": i + 1, "result_text": Text(RESULTS[done["result"]]),
                      "title": chapter_title(done["chapter_name"], done["story_chapter"])}
                     for i, done in enumerate(state["chapters"])],
        "achievements": [{"mouse": None, **a, "display_name": achievement_name(a, names_of(state["mice"]))}
                         for a in state["achievements"]],
        "achievement_choices": [{"id": k, "name": Text(v), "moves_marker": k in MOVES_MARKER,
                                 "earned": any(a["id"] == k for a in state["achievements"]),
                                 "mice": [m["id"] for m in state["mice"] if achieved.can_earn(state, k, m)],
                                 "condition": Text(achieved.CONDITIONS[k]) if k in achieved.CONDITIONS else None}
                                for k, v in ACHIEVEMENTS.items()],
        "achievement_reminders": achieved.reminders(state),
        "outcome": state["outcome"],
        "free_actions": {k: Text(v) for k, v in FREE_ACTIONS.items()},
        "actions": legal_actions(state),
        "readings": readings(state),
    }
