"""Issue 44: what happened in each round of a chapter (rules/mice_mystics/chapter_tallies.py), from the states that
stand: under random legal play the tallies add up to what the chapter's end says."""
import copy
import random

from hypothesis import given, strategies as st

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND
from companion.rules.mice_mystics.chapter_tallies import chapter_tallies
from tests.unit.mice_mystics.test_mm_properties import FAST, draw_action, parties, setup_form, starting


@FAST
@given(parties, starting, st.data())
def test_the_rounds_tallies_add_up_to_the_chapter_s_captures_pages_and_cards(mice, minions, data):
    state = KIND.new_state(KIND.parse_setup(setup_form(mice, minions)), random.Random(data.draw(st.integers(0, 99))))
    states, captures_made, arrived = [state], {}, 0
    for _ in range(data.draw(st.integers(5, 40))):
        if state["finished"]:
            break
        action, params = draw_action(data, state)
        try:
            outcome = KIND.apply(copy.deepcopy(state), action, params, random.Random(data.draw(st.integers(0, 99))))
        except RuleError:
            continue
        if action == "capture_mouse":  # each capture counts in the round it was made in
            captures_made[state["round"]] = captures_made.get(state["round"], 0) + 1
        arrived += len(minion_cards(outcome.state) - minion_cards(state))
        state = outcome.state
        states.append(state)
    tallies = chapter_tallies(states)
    total = {key: sum(t[key] for t in tallies.values()) for key in ("surges", "captures", "rescues",
                                                                   "minion_cards_defeated")}
    assert {r: t["captures"] for r, t in tallies.items() if t["captures"]} == captures_made
    assert total["captures"] == sum(m["captures"] for m in state["mice"])
    assert total["surges"] + total["captures"] == state["hourglass_page"] - states[0]["hourglass_page"]
    assert total["rescues"] == total["captures"] - sum(m["captured"] for m in state["mice"])
    # every card that lay on the track is on it still or was defeated (a type may come back after its defeat)
    assert total["minion_cards_defeated"] == len(minion_cards(states[0])) + arrived - len(minion_cards(state))


def minion_cards(state: dict) -> set[str]:
    return {card["card"] for card in state["initiative_track"] if card["kind"] == "minion"}
