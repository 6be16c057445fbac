import pytest

from companion.rules.base import BadParams, RuleError
from companion.rules.mice_mystics import KIND

MICE4 = {"lily", "filch", "tilda", "nez"}


def test_mm_ini_1_order_is_set_at_chapter_start_and_when_an_encounter_is_revealed(table):
    state = table.setup(minions=[("roaches", 2)])
    assert set(table.order(state)) == MICE4 | {"roaches"}
    state = table.lay(state, "lily", "filch", "tilda", "nez")  # the room is cleared
    orders = set()
    for seed in range(12):
        out = table.act(state, "minions_arrive", seed=seed, minion_type=["rat_warriors"], minion_count=["2"])
        assert set(table.order(out.state)) == MICE4 | {"rat_warriors"}
        assert out.state["acting"] == 0 and out.state["round"] == state["round"] + 1
        orders.add(tuple(table.order(out.state)))
    assert len(orders) > 3  # a fresh shuffle, not the old order with the rats appended


def test_mm_ini_2_fresh_track_holds_each_mouse_and_each_type_exactly_once(table):
    for seed in range(20):
        state = table.setup(minions=[("rat_warriors", 3), ("roaches", 2), ("spider", 1)], seed=seed)
        cards = table.order(state)
        assert sorted(cards) == sorted(MICE4 | {"rat_warriors", "roaches", "spider"})
        assert state["acting"] == 0 and state["round"] == 1
    firsts = {table.order(table.setup(minions=[("roaches", 1)], seed=s))[0] for s in range(30)}
    assert firsts > {"lily", "filch"}  # mice are shuffled too, not only minions


def test_mm_ini_3_new_types_go_on_the_next_free_spaces_and_present_types_add_nothing(table):
    state = table.lay(table.setup(), "lily", "rat_warriors:2", "filch", "tilda", "nez")
    out = table.act(state, "minions_arrive", source="encounter", minion_type=["roaches", "rat_warriors"],
                    minion_count=["2", "3"])
    order = table.order(out.state)
    assert order == ["lily", "rat_warriors", "filch", "tilda", "nez", "roaches"]
    assert table.card(out.state, "rat_warriors")["figures"] == 5
    assert any("already has a card" in n.msgid for n in out.notices)


def test_mm_ini_3_several_new_types_are_shuffled_among_themselves(table):
    state = table.lay(table.setup(), "lily", "rat_warriors", "filch", "tilda", "nez")
    tails = set()
    for seed in range(20):
        out = table.act(state, "minions_arrive", seed=seed, minion_type=["roaches", "spider"])
        assert table.order(out.state)[:5] == table.order(state)
        tails.add(tuple(table.order(out.state)[5:]))
    assert tails == {("roaches", "spider"), ("spider", "roaches")}


def test_mm_ini_4_the_track_grows_past_the_printed_spaces(table):
    state = table.setup(mice=["lily", "filch", "tilda", "nez", "collin", "maginos"],
                        minions=[("rat_warriors", 1), ("roaches", 1), ("spider", 1), ("cave_centipede", 1),
                                 ("elite_rat_warriors", 1), ("captain_vurst", 1)])
    assert len(state["initiative_track"]) == 12
    out = table.act(state, "minions_arrive", source="event", minion_type=["brodie"])
    assert len(out.state["initiative_track"]) == 14


def test_mm_ini_5_boss_puts_two_random_cards(table):
    pairs = set()
    for seed in range(40):
        state = table.setup(minions=[("vanestra", 1)], seed=seed)
        cards = [
            c["card"]
            for c in state["initiative_track"]
            if c["minion" if c["kind"] == "minion" else "kind"] == "vanestra"
        ]
        assert len(cards) == 2 and len(set(cards)) == 2
        pairs.add(frozenset(cards))
    assert len(pairs) == 6  # every pair of her four cards can come


def test_mm_ini_5_boss_joining_minions_goes_to_the_end_and_its_first_card_is_ambushed(table):
    state = table.lay(table.setup(), "lily", "rat_warriors:2", "filch", "tilda", "nez")
    out = table.act(state, "minions_arrive", source="surge", minion_type=["brodie"], die=["2"])
    order = table.order(out.state)
    assert order[6] in {"brodie_pounces", "brodie_chases"}  # the second card stays at the end
    first = ({"brodie_pounces", "brodie_chases"} - {order[6]}).pop()
    assert order.index(first) == 3  # space 6 → space 4
    assert out.state["ambush_log"] == [{"card": first, "die": 2, "from": 6, "to": 4}]
    assert any("Ambush" in n.msgid for n in out.notices)


def test_mm_ini_5_boss_on_a_track_without_minions_is_shuffled_in_without_ambush(table):
    state = table.setup()
    out = table.act(state, "minions_arrive", source="encounter", minion_type=["brodie"])
    assert sorted(table.order(out.state)) == sorted(MICE4 | {"brodie_pounces", "brodie_chases"})
    assert out.state["ambush_log"] == []
    with pytest.raises(BadParams):  # no ambush roll is needed, so a die value is malformed
        table.act(state, "minions_arrive", minion_type=["brodie"], die=["1"])


def test_mm_ini_5_a_boss_arriving_by_surge_onto_mice_alone_is_shuffled_with_the_other_new_cards(table):
    state = table.lay(table.setup(), "lily", "filch", "tilda", "nez")
    orders = set()
    for seed in range(40):
        for source in ("surge", "event"):
            out = table.act(state, "minions_arrive", seed=seed, source=source, minion_type=["roaches", "brodie"])
            order = table.order(out.state)
            assert order[:4] == ["lily", "filch", "tilda", "nez"] and out.state["ambush_log"] == []
            assert sorted(order[4:]) == ["brodie_chases", "brodie_pounces", "roaches"]
            orders.add(order.index("roaches"))
    assert orders == {4, 5, 6}  # the roaches may land before, between or after Brodie's cards


def test_mm_ini_6_removal_closes_the_gap(table):
    state = table.lay(table.setup(), "lily", "roaches:2", "filch", "rat_warriors:1", "tilda", "nez", acting=4)
    out = table.act(state, "remove_figures", card="roaches", n="1")
    assert table.card(out.state, "roaches")["figures"] == 1
    out = table.act(out.state, "remove_figures", card="roaches", n="1")
    assert table.order(out.state) == ["lily", "filch", "rat_warriors", "tilda", "nez"]
    assert out.state["acting"] == 3 and out.state["turn"]["mouse"] == "tilda"  # still Tilda's turn


def test_mm_ini_6_acting_card_leaving_hands_the_turn_on(table):
    state = table.lay(table.setup(), "lily", "roaches:1", "filch", "tilda", "nez", acting=1)
    out = table.act(state, "remove_figures", card="roaches")
    assert out.state["acting"] == 1 and out.state["turn"]["mouse"] == "filch"


def test_mm_ini_6_boss_card_leaves_at_its_life_and_the_boss_with_its_last_card(table):
    state = table.lay(table.setup(), "lily", "brodie_pounces", "filch", "brodie_chases", "tilda", "nez")
    out = table.act(state, "wound_boss", card="brodie_chases", n="3", life="5")
    assert table.card(out.state, "brodie_chases")["wounds"] == 3
    out = table.act(out.state, "wound_boss", card="brodie_chases", n="2")
    assert "brodie_chases" not in table.order(out.state)
    assert not any("defeated" in n.msgid for n in out.notices)
    with pytest.raises(BadParams):  # the life printed on the card is needed once
        table.act(out.state, "wound_boss", card="brodie_pounces", n="1")
    out = table.act(out.state, "wound_boss", card="brodie_pounces", n="4", life="4")
    assert table.order(out.state) == ["lily", "filch", "tilda", "nez"]
    assert any("defeated" in n.msgid for n in out.notices)
    with pytest.raises(RuleError):
        table.act(state, "wound_boss", card="lily", n="1", life="3")


def test_mm_ini_6_removing_the_boss_figure_removes_all_its_cards(table):
    state = table.lay(table.setup(), "brodie_pounces", "lily", "brodie_chases", "filch", "tilda", "nez")
    out = table.act(state, "remove_figures", card="brodie_chases")
    assert table.order(out.state) == ["lily", "filch", "tilda", "nez"]
    assert out.state["acting"] == 0 and out.state["turn"]["mouse"] == "lily"


def test_mm_ini_7_turns_go_down_the_track_and_a_new_round_follows_the_last_card(table):
    state = table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")
    seen = []
    for _ in range(5):
        seen.append(state["initiative_track"][state["acting"]]["card"])
        state = table.act(state, "next_turn").state
    assert seen == ["lily", "roaches", "filch", "tilda", "nez"]
    assert state["acting"] == 0 and state["round"] == 2
    assert state["turn"]["mouse"] == "lily"


def test_mm_ini_7_next_labels_name_the_card(table):
    state = table.lay(table.setup(), "lily", "roaches:2", "filch", "tilda", "nez")
    out = table.act(state, "next_turn")
    assert out.label.render() == "Turn passed to Roaches"
    assert table.act(out.state, "next_turn").label.render() == "Turn passed to Filch"


def test_mm_ini_8_ambush_encounter_moves_each_minion_card_top_to_bottom(table):
    state = table.lay(table.setup(), "lily", "filch", "roaches:1", "tilda", "nez", "spider:1")
    state["initiative_track"][2]["surge"] = True  # the roaches came with a surge: no ambush for them
    out = table.act(state, "minions_arrive", minion_type=["rat_warriors"], ambush="on", die=["3", "1"])
    # the rats join on space 7; then top to bottom: spider (space 6) rolls 3, rats (space 7) roll 1
    assert out.state["ambush_log"] == [{"card": "spider", "die": 3, "from": 6, "to": 3},
                                       {"card": "rat_warriors", "die": 1, "from": 7, "to": 6}]
    assert table.order(out.state) == ["lily", "filch", "spider", "roaches", "tilda", "rat_warriors", "nez"]
    assert sum("Ambush" in n.msgid for n in out.notices) == 2


def test_mm_ini_8_ambush_never_goes_above_space_1_and_the_app_can_roll(table):
    state = table.lay(table.setup(), "lily", "roaches:1", "filch", "tilda", "nez")
    out = table.act(state, "minions_arrive", minion_type=["spider"], ambush="1", die=["3", "3"])
    assert table.order(out.state)[:2] == ["roaches", "lily"]
    dice = set()
    for seed in range(30):
        log = table.act(state, "minions_arrive", seed=seed, minion_type=["spider"], ambush="1").state["ambush_log"]
        assert [m["card"] for m in log] == ["roaches", "spider"]
        dice |= {m["die"] for m in log}
    assert dice == {1, 2, 3}


def test_mm_ini_8_the_ambush_log_names_cards_that_left_the_track_and_clears_at_the_next_round(table):
    state = table.lay(table.setup(), "lily", "filch", "roaches:1", "tilda", "nez")
    out = table.act(state, "minions_arrive", minion_type=["spider"], ambush="1", die=["1", "1"])
    gone = table.act(out.state, "remove_figures", card="roaches").state
    assert [m["name"].render() for m in KIND.view(gone)["ambush_log"]] == ["Roaches", "Spider"]
    while gone["round"] == state["round"]:
        gone = table.act(gone, "next_turn").state
    assert gone["ambush_log"] == [] and KIND.view(gone)["ambush_log"] == []


def test_mm_ini_8_acting_card_keeps_the_turn_when_cards_move(table):
    state = table.lay(table.setup(), "lily", "filch", "tilda", "roaches:1", "nez", acting=2)
    out = table.act(state, "minions_arrive", minion_type=["spider"], ambush="1", die=["3", "1"])
    assert out.state["turn"]["mouse"] == "tilda"
    assert out.state["initiative_track"][out.state["acting"]]["card"] == "tilda"


def test_mm_ini_9_rat_warriors_swap_up_after_their_turn(table):
    for rats in ("rat_warriors", "elite_rat_warriors"):
        state = table.lay(table.setup(), "lily", "filch", rats, "tilda", "nez", acting=2)
        out = table.act(state, "next_turn")
        assert table.order(out.state) == ["lily", rats, "filch", "tilda", "nez"]
        assert out.state["turn"]["mouse"] == "tilda"  # Filch already acted this round
    state = table.lay(table.setup(), "lily", "filch", "roaches", "tilda", "nez", acting=2)
    assert table.order(table.act(state, "next_turn").state) == table.order(state)


def test_mm_ini_9_rats_on_space_1_stay(table):
    state = table.lay(table.setup(), "rat_warriors", "lily", "filch", "tilda", "nez")
    assert table.order(table.act(state, "next_turn").state) == table.order(state)


def test_mm_ini_9_collin_born_to_lead_gains_cheese_when_not_first(table):
    mice = ["collin", "lily", "filch", "tilda"]
    for seed in range(10):
        state = table.setup(mice=mice, seed=seed)
        expected = 0 if table.order(state)[0] == "collin" else 1
        assert table.mouse(state, "collin")["cheese"] == expected
    state = table.lay(table.setup(mice=mice), "lily", "collin", "roaches", "filch", "tilda")
    before = table.mouse(state, "collin")["cheese"]
    out = table.act(state, "minions_arrive", minion_type=["spider"])
    assert table.mouse(out.state, "collin")["cheese"] == before + 1
    assert any("Born to Lead" in n.msgid for n in out.notices)
    out = table.act(state, "minions_arrive", minion_type=["roaches"], source="event")
    assert table.mouse(out.state, "collin")["cheese"] == before  # no card was placed
    first = table.lay(state, "collin", "lily", "roaches", "filch", "tilda")
    out = table.act(first, "minions_arrive", minion_type=["spider"])
    assert table.mouse(out.state, "collin")["cheese"] == table.mouse(first, "collin")["cheese"]


def test_mm_ini_9_a_captured_collin_gains_no_cheese_and_the_app_says_so(table):
    mice = ["collin", "lily", "filch", "tilda"]
    state = table.lay(table.setup(mice=mice), "lily", "collin", "roaches", "filch", "tilda")
    state = table.act(state, "capture_mouse", mouse="collin").state
    out = table.act(state, "minions_arrive", minion_type=["spider"])
    assert table.mouse(out.state, "collin")["cheese"] == 0
    assert [n.render() for n in out.notices if "Born to Lead" in n.msgid] == [
        "Born to Lead: Collin is captured and gains no cheese."]


def test_mm_ini_9_born_to_lead_looks_at_the_track_as_placed_before_an_ambush_moves_it(table):
    mice = ["collin", "lily", "filch", "tilda"]
    state = table.lay(table.setup(mice=mice), "collin", "lily", "roaches", "filch", "tilda")
    out = table.act(state, "minions_arrive", minion_type=["spider"], ambush="1", die=["3", "1"])
    assert table.order(out.state)[:2] == ["roaches", "collin"]  # the roaches' ambush passed Collin
    assert table.mouse(out.state, "collin")["cheese"] == table.mouse(state, "collin")["cheese"]
    assert not any("Born to Lead" in n.msgid for n in out.notices)


def test_mm_ini_9_the_lowest_mouse_moves_the_minions(table):
    state = table.setup(controller=["Ann", "Bo", "Cy", "Di"])
    state = table.lay(state, "lily", "filch", "tilda", "nez", "roaches")
    mover = KIND.view(state)["minions_mover"]
    assert (mover["mouse"], mover["controller"]) == ("nez", "Di")
    state = table.lay(state, "nez", "tilda", "filch", "roaches", "lily")
    assert KIND.view(state)["minions_mover"]["mouse"] == "lily"


def test_mm_ini_8_minions_from_an_earlier_surge_stay_put_in_an_ambush_and_the_app_says_so(table):
    state = table.lay(table.setup(), "lily", "filch", "roaches:1", "tilda", "nez")
    state["initiative_track"][2]["surge"] = True  # the roaches came with an earlier surge
    out = table.act(state, "minions_arrive", minion_type=["spider"], ambush="on", die=["1"])
    assert [m["card"] for m in out.state["ambush_log"]] == ["spider"]
    said = [n.render() for n in out.notices]
    assert any("Roaches came with a surge" in n and "not ambushed" in n for n in said), said
