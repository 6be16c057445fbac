"""Issue 44: the score's parts side by side (rules/mage_knight/score_parts.py) — the score table regrouped into
Fame, each achievement, the titles and the scenario's points, so that each column's parts add up to its total."""
from __future__ import annotations

from hypothesis import given, strategies as st

from companion.rules.mage_knight.score_parts import score_parts
from companion.rules.mage_knight.scoring import fields_for, score

SCENARIOS = ["first_reconnaissance", "full_conquest", "mines_liberation", "dungeon_lords", "conquer_and_hold"]


def players(counts: list[dict], fame: list[int]) -> list[dict]:
    return [{"id": f"p{i + 1}", "fame": f, "counts": c} for i, (c, f) in enumerate(zip(counts, fame))]


@given(scenario=st.sampled_from(SCENARIOS), mode=st.sampled_from(["competitive", "cooperative", "solo"]),
       n=st.integers(1, 4), data=st.data())
def test_each_column_s_parts_add_up_to_its_total(scenario, mode, n, data):
    if mode == "solo":
        n = 1
    fields = fields_for(scenario, mode)
    counts = [data.draw(st.fixed_dictionaries({f: st.integers(0, 12) for f in fields})) for _ in range(n)]
    fame = data.draw(st.lists(st.integers(0, 120), min_size=n, max_size=n))
    facts = {"rounds_left": data.draw(st.integers(0, 3)), "end_of_round_in_last_round": False,
             "dummy_deck": data.draw(st.integers(0, 20)), "cities_total": 2}
    table = score(scenario, mode, players(counts, fame), facts)
    parts = score_parts(table)
    assert parts is not None
    for column in parts["columns"]:
        assert sum(part["values"][column] for part in parts["parts"]) == parts["totals"][column]


def test_a_competitive_game_s_parts_are_fame_each_achievement_the_titles_and_the_scenario_s_points():
    counts = [{"spells": 2, "wounds": 1, "cities_led": 1}, {"crystals": 5}]
    table = score("full_conquest", "competitive", players(counts, [10, 7]))
    parts = score_parts(table)
    assert parts is not None and parts["columns"] == ["p1", "p2"]
    got = {part["key"]: part["values"] for part in parts["parts"]}
    assert list(got) == ["fame", "knowledge", "loot", "leader", "conqueror", "adventurer", "beating", "titles",
                         "scenario"]
    # Titles: Knowledge +3 Anna; Loot +3 Boris; Leader, Conqueror, Adventurer tied at 0 (+1 each); Beating -3 Anna.
    assert got["titles"] == {"p1": 3 + 3 - 3, "p2": 3 + 3}
    assert got["scenario"] == {"p1": 7 + 5, "p2": 0}  # a city led, and the Greatest City Conqueror's +5
    assert parts["totals"] == {r["player"]: r["total"] for r in table["rows"]}


def test_a_cooperative_game_has_one_score_and_conquer_and_hold_its_victory_points():
    coop = score_parts(score("first_reconnaissance", "cooperative",
                             players([{"spells": 1}, {"artifacts": 1}], [5, 9]), {"cities_total": 1}))
    assert coop is not None and coop["columns"] == ["score"]
    assert {p["key"]: p["values"]["score"] for p in coop["parts"]}["base"] == 5  # the lowest Fame
    hold = score_parts(score("conquer_and_hold", "competitive",
                             players([{"keeps_owned": 2, "mage_towers_owned": 1}, {}], [0, 0])))
    assert hold is not None
    assert [(p["key"], p["values"]) for p in hold["parts"]] == [("keeps_owned", {"p1": 6, "p2": 0}),
                                                                ("mage_towers_owned", {"p1": 2, "p2": 0})]
    assert hold["totals"] == {"p1": 8, "p2": 0}
    assert score_parts(score("one_to_return", "competitive", players([{}], [3]))) is None
