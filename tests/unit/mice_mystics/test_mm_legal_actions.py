"""view["actions"] lists exactly what the engine accepts: under random play every listed action applies,
and every other action of the same shapes (the candidates below) is refused."""
import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND, MICE, MINION_TYPES
from companion.rules.mice_mystics.arrivals import SOURCES
from companion.rules.mice_mystics.achievements import ACHIEVEMENTS
from companion.rules.mice_mystics.cheese_wheel import ADD_REASONS, REMOVE_REASONS
from companion.rules.mice_mystics.hourglass import END_REASONS
from companion.rules.mice_mystics.mouse_turn import ACTION_KINDS, FREE_ACTIONS

PLAY = settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
TYPES = sorted(MINION_TYPES)


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def candidates(state: dict) -> list[dict]:
    """Every action in the shapes the list uses, whatever the state allows: the unlisted ones must fail."""
    def act(action, **params):
        return {"action": action, "params": params}
    types = sorted(state["minion_types"])
    acts = [act("next_turn"), act("mark_victory"), act("set_encounter_card"), act("next_chapter", replay=True)]
    acts += [act("resolve_surge", room_surge=a) for a in ("yes", "no")]
    acts += [act("resolve_surge", room_surge="yes", minion_type=[t]) for t in types]
    acts += [act("add_cheese", reason=r) for r in ADD_REASONS] + [
        act("remove_cheese", reason=r) for r in REMOVE_REASONS
    ]
    acts += [act("move_end_marker", reason=r) for r in END_REASONS]
    acts += [act("earn_achievement", achievement=a) for a in ACHIEVEMENTS]  # no mouse named: refused (MM-CMP-6)
    acts += [act("earn_achievement", achievement=a, mouse=m["id"]) for a in ACHIEVEMENTS for m in state["mice"]]
    for mouse in state["mice"]:
        acts += [act("mouse_cheese", mouse=mouse["id"], delta=d) for d in (1, -1)]
        acts.append(act("capture_mouse", mouse=mouse["id"]))
    acts += [act("minions_arrive", minion_type=[t], source=s) for t in types for s in SOURCES]
    for card in state["initiative_track"]:
        if card["kind"] == "minion":
            acts += [act("remove_figures", card=card["card"]), act("wound_boss", card=card["card"])]
            acts += ([act("wound_minion", card=card["card"], figure=i + 1) for i in range(card["figures"])]
                     if "figure_wounds" in card else [act("wound_minion", card=card["card"])])
    acts += [act("do_action", kind=k) for k in ACTION_KINDS] + [act(name) for name in FREE_ACTIONS]
    acts += [act("finish_action"), act("do_move"), act("use_ability_card")]
    return acts


def accepted(state: dict, action: dict, seed: int) -> bool:
    try:
        KIND.apply(state, action["action"], action["params"], random.Random(seed))
    except RuleError:
        return False
    return True


parties = st.lists(st.sampled_from(MICE), min_size=1, max_size=4, unique=True)
starting = st.lists(st.sampled_from(TYPES), max_size=3, unique=True)


@PLAY
@given(parties, starting, st.integers(0, 2**32), st.data())
def test_mm_view_actions_list_exactly_the_actions_the_engine_accepts(mice, minions, seed, data):
    form = {"mouse": list(mice), "minion_type": minions, "minion_count": ["1"] * len(minions)}
    state = KIND.new_state(KIND.parse_setup(form), random.Random(seed))
    for step in range(25):
        listed = KIND.view(state)["actions"]
        assert listed, "a chapter always offers something (at least next, or the next chapter)"
        assert len({key(a) for a in listed}) == len(listed)
        for action in listed:
            assert accepted(state, action, seed + step), action
        shown = {key(a) for a in listed}
        unlisted = [a for a in candidates(state) if key(a) not in shown]
        for action in data.draw(st.lists(st.sampled_from(unlisted), max_size=8, unique_by=key)
                                if unlisted else st.just([])):
            assert not accepted(state, action, seed + step), action
        chosen = data.draw(st.sampled_from(listed))
        state = KIND.apply(state, chosen["action"], chosen["params"], random.Random(seed + step)).state


def test_mm_view_actions_during_a_surge_are_the_surge_answers(table):
    state = table.setup(minions=[("rat_warriors", 2)])
    state = table.act(state, "add_cheese", reason="minion_attack", n=6).state
    actions = {a["action"] for a in KIND.view(state)["actions"]}
    assert actions == {"resolve_surge", "set_encounter_card"}
    assert not accepted(state, {"action": "next_turn", "params": {}}, 0)


def test_mm_view_actions_of_a_finished_chapter_offer_only_the_replay(table):
    state = table.act(table.setup(), "mark_victory").state
    assert KIND.view(state)["actions"] == [{"action": "next_chapter", "params": {"replay": True}}]
