"""The final score (MK-SCO): the arithmetic, worked with the rulebook's numbers (rulebook.md:1224-1240,
1458-1463, 1496, 1527-1536, 1571-1586, 1638-1640)."""
from companion.rules.mage_knight.scoring import achievements, fields_for, score, titles


def player(pid, fame=0, **counts):
    return {"id": pid, "fame": fame, "counts": counts}


def row(table, pid):
    return next(r for r in table["rows"] if r["player"] == pid)


# --- MK-SCO-1: achievements -----------------------------------------------------------------

def test_mk_sco_1_each_category_by_the_books_rates():
    cats = achievements({"spells": 2, "advanced_actions": 3, "artifacts": 1, "crystals": 5, "unit_levels": 5,
                         "wounded_units_2_3": 1, "wounded_units_4": 1, "fortified_shields": 2,
                         "adventure_shields": 3, "wounds": 2}, "full_conquest")
    # Knowledge 2×2 + 3; Loot 2×1 + 5//2; Leader 5 + a wounded III (1) + a wounded IV (2);
    # Conqueror 2×2; Adventurer 2×3; Beating −2×2.
    assert cats == {"knowledge": 7, "loot": 4, "leader": 8, "conqueror": 4, "adventurer": 6, "beating": -4}


def test_mk_sco_1_a_wounded_unit_counts_half_its_level_rounded_down_per_unit():
    # A wounded II and a wounded III: 1 + 1 (not (2 + 3) // 2); a wounded level I Unit is worth nothing.
    assert achievements({"wounded_units_2_3": 2}, "full_conquest")["leader"] == 2
    assert achievements({"wounded_units_4": 3}, "full_conquest")["leader"] == 6


def test_mk_sco_1_an_odd_crystal_scores_nothing():
    assert achievements({"crystals": 1}, "druid_nights")["loot"] == 0
    assert achievements({"crystals": 7}, "druid_nights")["loot"] == 3


def test_mk_sco_1_fame_plus_achievements_is_the_total_without_titles_when_alone_in_a_category():
    table = score("druid_nights", "competitive", [player("p1", 40, spells=1, wounds=1), player("p2", 30)])
    # p1: 40 + Knowledge 2 (+3 Greatest) − 2 Beating (−3 Greatest Beating); p2 gets the +1 ties at 0.
    assert row(table, "p1")["total"] == 40 + 2 + 3 - 2 - 3 + 4
    assert row(table, "p1")["categories"]["knowledge"] == 2 and row(table, "p1")["titles"]["beating"] == -3


# --- MK-SCO-2: titles -------------------------------------------------------------------------

def cats(**values):
    base = {"knowledge": 0, "loot": 0, "leader": 0, "conqueror": 0, "adventurer": 0, "beating": 0}
    return {**base, **values}


def test_mk_sco_2_the_greatest_alone_gets_3():
    won = titles({"p1": cats(knowledge=7), "p2": cats(knowledge=5), "p3": cats(knowledge=5)}, "full_conquest")
    assert won["knowledge"] == {"p1": 3}


def test_mk_sco_2_tied_players_get_1_each():
    won = titles({"p1": cats(leader=4, loot=6), "p2": cats(leader=4, loot=6), "p3": cats(leader=1)},
                 "full_conquest")
    assert won["leader"] == {"p1": 1, "p2": 1} and won["loot"] == {"p1": 1, "p2": 1}


def test_mk_sco_2_knowledge_gives_no_tie_bonus_when_the_tied_score_is_0():
    won = titles({"p1": cats(), "p2": cats()}, "full_conquest")
    assert won["knowledge"] == {}
    # The book names that exception for Knowledge only: the other titles tie at 0 too (RULES.md as written).
    assert won["leader"] == {"p1": 1, "p2": 1} and won["adventurer"] == {"p1": 1, "p2": 1}


def test_mk_sco_2_greatest_beating_the_worst_loses_3_tied_lose_1_each():
    assert titles({"p1": cats(beating=-6), "p2": cats(beating=-2)}, "full_conquest")["beating"] == {"p1": -3}
    tied = titles({"p1": cats(beating=-4), "p2": cats(beating=-4), "p3": cats()}, "full_conquest")
    assert tied["beating"] == {"p1": -1, "p2": -1}


def test_mk_sco_2_no_beating_penalty_without_wounds():
    assert titles({"p1": cats(), "p2": cats(), "p3": cats()}, "full_conquest")["beating"] == {}


def test_mk_sco_2_the_winner_has_the_most_fame_and_a_tie_shares_the_victory():
    table = score("first_reconnaissance", "competitive",
                  [player("p1", 20, spells=2), player("p2", 22, advanced_actions=2), player("p3", 10)])
    # p1 20 + 4 + 3 (Knowledge) + 1 + 1 + 1 + 1 (ties at 0) = 31; p2 22 + 2 + 4 ties = 28.
    assert [row(table, p)["total"] for p in ("p1", "p2", "p3")] == [31, 28, 14]
    assert table["winners"] == ["p1"]
    tie = score("first_reconnaissance", "competitive", [player("p1", 20), player("p2", 20)])
    assert tie["winners"] == ["p1", "p2"]


def test_mk_sco_2_titles_are_competitive_only():
    solo = score("solo_conquest", "solo", [player("p1", 30, spells=3)], {"rounds_left": 0})
    coop = score("full_cooperation", "cooperative", [player("p1", 30, spells=3), player("p2", 30)], {})
    assert "titles" not in solo and solo["rows"][0]["titles"] == {} and coop["rows"][0]["titles"] == {}


# --- MK-SCO-3: scenario extras ------------------------------------------------------------------

def test_mk_sco_3_conquest_7_per_city_led_4_per_city_with_a_shield_and_the_greatest_city_conqueror():
    table = score("full_conquest", "competitive",
                  [player("p1", 50, cities_led=2, cities_shield=1), player("p2", 50, cities_led=1)])
    assert row(table, "p1")["extras"] == {"cities": 18} and row(table, "p2")["extras"] == {"cities": 7}
    assert row(table, "p1")["titles"]["cities"] == 5 and "cities" not in row(table, "p2")["titles"]


def test_mk_sco_3_city_conqueror_tie_gives_2_each_blitz_too():
    table = score("blitz_conquest", "competitive",
                  [player("p1", cities_led=1), player("p2", cities_shield=1, cities_led=0, spells=0),
                   player("p3", cities_led=1)])
    assert row(table, "p1")["titles"]["cities"] == 2 and row(table, "p3")["titles"]["cities"] == 2
    assert "cities" not in row(table, "p2")["titles"]


def test_mk_sco_3_no_city_conqueror_when_nobody_conquered_a_city():
    table = score("full_conquest", "competitive", [player("p1"), player("p2")])
    assert all("cities" not in r["titles"] for r in table["rows"])


def test_mk_sco_3_mines_liberation_4_per_countryside_mine_7_per_core_mine_most_plus_5():
    table = score("mines_liberation", "competitive",
                  [player("p1", mines_countryside=2, mines_core=1), player("p2", mines_countryside=3)])
    assert row(table, "p1")["extras"] == {"mines": 15} and row(table, "p2")["extras"] == {"mines": 12}
    assert row(table, "p1")["titles"]["mines"] == 5
    tied = score("mines_liberation", "competitive", [player("p1", mines_core=1), player("p2", mines_core=1)])
    assert [r["titles"]["mines"] for r in tied["rows"]] == [2, 2]


def test_mk_sco_3_dungeon_lords_4_per_dungeon_and_the_greatest_dungeon_crawler_instead_of_adventurer():
    table = score("dungeon_lords", "competitive",
                  [player("p1", adventure_shields=1, dungeon_shields=2), player("p2", adventure_shields=4)])
    assert row(table, "p1")["categories"]["adventurer"] == 2 + 8 and row(table, "p2")["categories"]["adventurer"] == 8
    assert row(table, "p1")["titles"]["dungeon_crawler"] == 5
    assert all("adventurer" not in r["titles"] for r in table["rows"])
    shared = score("dungeon_lords", "competitive", [player("p1", dungeon_shields=1), player("p2", dungeon_shields=1)])
    assert [r["titles"]["dungeon_crawler"] for r in shared["rows"]] == [2, 2]


def test_mk_sco_3_the_sheet_asks_only_what_the_scenario_scores():
    assert {"cities_led", "cities_shield"} <= set(fields_for("full_conquest", "competitive"))
    assert "dungeon_shields" in fields_for("dungeon_lords", "competitive")
    assert {"mines_countryside", "mines_core"} <= set(fields_for("mines_liberation", "competitive"))
    assert not {"cities_led", "dungeon_shields", "mines_core"} & set(fields_for("druid_nights", "competitive"))
    assert fields_for("one_to_return", "competitive") == [] and score("one_to_return", "competitive", []) == {
        "scheme": "map"}


# --- MK-SCO-4: solo and cooperative ----------------------------------------------------------------

def test_mk_sco_4_solo_conquest_fame_achievements_and_the_goal():
    facts = {"rounds_left": 1, "end_of_round_in_last_round": False, "dummy_deck": 6, "cities_total": 2}
    table = score("solo_conquest", "solo", [player("p1", 60, spells=2, crystals=3, wounds=1, cities_led=2)], facts)
    assert table["base"] == 60 and table["categories"]["knowledge"] == 4 and table["categories"]["beating"] == -2
    assert table["goal"] == {"cities_conquered": 20, "all_cities": 15, "rounds_early": 30, "dummy_deck": 6,
                             "no_end_of_round": 5}
    assert table["total"] == 60 + 4 + 1 - 2 + 20 + 15 + 30 + 6 + 5


def test_mk_sco_4_solo_conquest_one_city_in_time_but_end_of_round_announced():
    facts = {"rounds_left": 0, "end_of_round_in_last_round": True, "dummy_deck": 0, "cities_total": 2}
    table = score("solo_conquest", "solo", [player("p1", 45, cities_led=1)], facts)
    assert table["goal"] == {"cities_conquered": 10, "all_cities": 0, "rounds_early": 0, "dummy_deck": 0,
                             "no_end_of_round": 0}
    assert table["total"] == 55


def test_mk_sco_4_cooperation_lowest_fame_best_per_category_worst_beating_and_the_team_goal():
    facts = {"rounds_left": 2, "end_of_round_in_last_round": False, "dummy_deck": 3, "cities_total": 3}
    players = [player("p1", 40, spells=3, wounds=1, cities_led=1),
               player("p2", 35, advanced_actions=2, artifacts=2, wounds=3, cities_led=2)]
    table = score("full_cooperation", "cooperative", players, facts)
    assert table["base"] == 35
    assert table["categories"] == {"knowledge": 6, "loot": 4, "leader": 0, "conqueror": 0, "adventurer": 0,
                                   "beating": -6}
    assert table["counted_from"]["knowledge"] == ["p1"] and table["counted_from"]["beating"] == ["p2"]
    assert table["goal"] == {"cities_conquered": 30, "every_player_leads": 10, "all_cities": 15,
                             "rounds_early": 60, "dummy_deck": 3, "no_end_of_round": 5}
    assert table["total"] == 35 + 6 + 4 - 6 + 30 + 10 + 15 + 60 + 3 + 5


def test_mk_sco_4_cooperation_no_bonus_unless_every_player_leads_a_city():
    facts = {"rounds_left": 0, "end_of_round_in_last_round": True, "cities_total": 3}
    table = score("blitz_cooperation", "cooperative", [player("p1", 10, cities_led=2), player("p2", 12)], facts)
    assert table["goal"]["every_player_leads"] == 0 and table["goal"]["cities_conquered"] == 20
    assert table["goal"]["all_cities"] == 0


def test_mk_sco_4_first_reconnaissance_solo_variant_has_no_titles_and_no_goal():
    table = score("first_reconnaissance", "solo", [player("p1", 12, spells=1)], {"rounds_left": 2})
    assert table["scheme"] == "solo_plain" and table["goal"] == {} and table["total"] == 14
    assert "cities_led" not in fields_for("first_reconnaissance", "solo")
