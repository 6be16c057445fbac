"""Invariants under random legal play: the track, the wheel, JSON, and no mutation of the input."""
import copy
import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND, MICE, MINION_TYPES

FAST = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
TYPES = sorted(MINION_TYPES)
REASONS = ["minion_attack", "minion_defence", "greedy_roach", "room_rule"]

parties = st.lists(st.sampled_from(MICE), min_size=1, max_size=6, unique=True)
starting = st.lists(st.tuples(st.sampled_from(TYPES), st.integers(1, 4)), max_size=4,
                    unique_by=lambda m: m[0])


def setup_form(mice, minions):
    return {"mouse": list(mice), "minion_type": [t for t, _ in minions],
            "minion_count": ["1" if MINION_TYPES[t]["boss"] else str(n) for t, n in minions]}


def assert_invariants(state, mice):
    KIND.check_state(state)
    assert json.loads(json.dumps(state)) == state
    assert state["cheese_wheel"] < 6
    track = state["initiative_track"]
    assert sorted(c["mouse"] for c in track if c["kind"] == "mouse") == sorted(mice)
    per_type = Counter(c["minion"] for c in track if c["kind"] == "minion")
    for type_id, n in per_type.items():
        assert n <= (2 if MINION_TYPES[type_id]["boss"] else 1)
    KIND.view(state)


@FAST
@given(parties, starting, st.integers(0, 2**32))
def test_mm_ini_2_every_fresh_track_holds_each_mouse_and_type_once(mice, minions, seed):
    state = KIND.new_state(KIND.parse_setup(setup_form(mice, minions)), random.Random(seed))
    assert_invariants(state, mice)
    assert {c["minion"] for c in state["initiative_track"] if c["kind"] == "minion"} == {t for t, _ in minions}


def draw_action(data, state):
    """One action with plausible (sometimes impossible) parameters for this state."""
    track = state["initiative_track"]
    minion_cards = [c["card"] for c in track if c["kind"] == "minion"] or ["roaches"]
    mice = [m["id"] for m in state["mice"]]
    some_types = st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True)
    choice = data.draw(st.sampled_from([
        "next_turn", "next_turn", "next_turn", "minions_arrive", "remove_figures", "wound_boss",
        "add_cheese", "add_cheese", "remove_cheese", "resolve_surge", "set_encounter_card",
        "mouse_cheese", "capture_mouse", "do_move", "do_action", "finish_action", "share", "equip",
        "level_up", "use_ability_card", "move_end_marker"]))
    if state["pending_surge"] and data.draw(st.integers(0, 4)):
        choice = "resolve_surge"  # mostly answer the surge, sometimes try something it holds back
    if choice == "minions_arrive":
        types = data.draw(some_types)
        return choice, {"minion_type": types, "source": data.draw(st.sampled_from(["encounter", "surge", "event"])),
                        "minion_count": ["1" if MINION_TYPES[t]["boss"] else str(data.draw(st.integers(1, 3)))
                                         for t in types],
                        "ambush": data.draw(st.booleans())}
    if choice == "remove_figures":
        return choice, {"card": data.draw(st.sampled_from(minion_cards)), "n": data.draw(st.integers(1, 3))}
    if choice == "wound_boss":
        return choice, {"card": data.draw(st.sampled_from(minion_cards)), "n": data.draw(st.integers(1, 4)),
                        "life": data.draw(st.integers(1, 6))}
    if choice in ("add_cheese", "remove_cheese"):
        return choice, {"n": data.draw(st.integers(1, 6)),
                        "reason": "room_rule" if choice == "remove_cheese" else data.draw(st.sampled_from(REASONS))}
    if choice == "resolve_surge":
        room = data.draw(st.sampled_from(["yes", "no"]))
        types = data.draw(some_types) if room == "yes" else []
        return choice, {"room_surge": room, "minion_type": types,
                        "minion_count": ["1" for _ in types]}
    if choice == "set_encounter_card":
        return choice, {"row_pages": ["1-2", "3-4", "5+"],
                        "row_minions": [f"{data.draw(st.sampled_from(TYPES))}=1" for _ in range(3)]}
    if choice in ("mouse_cheese", "capture_mouse"):
        return choice, {"mouse": data.draw(st.sampled_from(mice)), "delta": data.draw(st.integers(-3, 8))}
    if choice == "do_action":
        return choice, {"kind": data.draw(st.sampled_from(["scurry", "battle", "search", "recover", "explore"]))}
    return choice, {}


@FAST
@given(parties, starting, st.data())
def test_mm_chz_3_random_legal_play_never_breaks_the_invariants(mice, minions, data):
    state = KIND.new_state(KIND.parse_setup(setup_form(mice, minions)), random.Random(data.draw(st.integers(0, 99))))
    assert_invariants(state, mice)
    applied = 0
    for _ in range(data.draw(st.integers(5, 40))):
        if state["finished"]:
            break
        action, params = draw_action(data, state)
        before = copy.deepcopy(state)
        try:
            outcome = KIND.apply(state, action, params, random.Random(data.draw(st.integers(0, 2**16))))
        except RuleError:
            assert state == before  # a refused action changes nothing
            continue
        assert state == before  # apply never mutates its input: undo restores the stored state
        assert outcome.label.msgid
        state = outcome.state
        assert_invariants(state, mice)
        applied += 1
    if state["finished"]:
        for action in ("next_turn", "add_cheese", "minions_arrive"):
            try:
                KIND.apply(state, action, {}, random.Random(0))
                raise AssertionError("a finished chapter accepted an action")
            except RuleError:
                pass


@FAST
@given(st.integers(0, 5), st.lists(st.integers(1, 6), min_size=1, max_size=12))
def test_mm_chz_3_the_wheel_holds_fewer_than_6_after_every_completed_add(start, adds):
    state = KIND.new_state(KIND.parse_setup({"mouse": ["Lily", "Nez"], "chapter_end_page": "30"}),
                           random.Random(0))
    state["cheese_wheel"] = start
    surges = 0
    for n in adds:
        if state["pending_surge"]:
            state = KIND.apply(state, "resolve_surge", {"room_surge": "no"}, random.Random(0)).state
        out = KIND.apply(state, "add_cheese", {"n": n, "reason": "room_rule"}, random.Random(0))
        total = state["cheese_wheel"] + n  # a whole roll goes on; 6 or more surges once, the rest is lost
        surges += total >= 6
        state = out.state
        assert state["cheese_wheel"] == (0 if total >= 6 else total)
    assert state["hourglass_page"] == 1 + surges
