"""Our readings where the books leave room are shown where and when they apply (issue 26): the view's `readings`."""
from companion.rules.mage_knight.scoring import score
from companion.rules.mage_knight.readings import score as score_readings
from mk_helpers import KIND, do, end_round_now, mark_end, new_game, pick_first_available, prepare, rendered


def readings(state, place):
    return rendered(KIND.view(state)["readings"][place])


def test_mk_scn_4_conquer_and_hold_with_three_players_shows_the_elite_reading_at_the_units_step():
    state = end_round_now(pick_first_available(new_game(players=3, scenario="conquer_and_hold")))
    assert state["phase"] == "preparation"
    while KIND.view(state)["current_step"] != "units":
        state = do(state, "tick_step", step=KIND.view(state)["current_step"])
    shown = readings(state, "preparation")
    assert any("from Round 4 in a three player game" in r and "from round 3 of 4" in r for r in shown)
    state = do(state, "tick_step", step="units")
    assert not any("three player game" in r for r in readings(state, "preparation"))
    full_conquest = end_round_now(pick_first_available(new_game(players=3)))
    assert not any("three player game" in r for r in readings(full_conquest, "preparation"))


def test_mk_sco_3_the_greatest_liberator_tie_reading_shows_only_when_tied():
    players = [{"id": p, "fame": 0, "counts": {"mines_core": 1}} for p in ("p1", "p2")]
    tied = score("mines_liberation", "competitive", players)
    assert any("+2 each" in r.render() for r in score_readings("mines_liberation", "competitive", tied))
    players[0]["counts"]["mines_core"] = 2
    alone = score("mines_liberation", "competitive", players)
    assert not any("+2 each" in r.render() for r in score_readings("mines_liberation", "competitive", alone))


def test_mk_readings_at_the_tactics_the_turn_and_the_scenario_end():
    state = new_game(players=2)
    assert any("reverse hero-choice order" in r for r in readings(state, "tactics"))
    assert any("Mana Steal" in r for r in readings(state, "tactics"))
    state = pick_first_available(state)
    assert readings(state, "tactics") == []
    assert any("one last turn" in r for r in readings(state, "scenario_end"))
    other = next(s for s in state["round_order"] if s != state["turn"]["seat"])
    flipped = do(state, "flip_token", player=other)
    assert any("skipped turn is passed over" in r for r in readings(flipped, "turn"))
    solo = mark_end(pick_first_available(new_game(players=1, scenario="solo_conquest"))).state
    assert any("The Dummy takes no last turn" in r for r in readings(solo, "turn"))
    blitz = new_game(players=2, scenario="blitz_conquest")
    assert any("lines on the Fame track" in r for r in readings(blitz, "players"))
    assert any("Goldyx" in r for r in readings(new_game(players=1, scenario="solo_conquest"), "dummy"))


def test_mk_scn_5_darkness_is_coming_says_when_its_dice_are_rolled():
    state = end_round_now(pick_first_available(new_game(players=2, daytime="darkness_is_coming")))
    assert any("Darkness is Coming" in r for r in readings(state, "preparation"))
    assert not any("Darkness" in r for r in readings(prepare(state), "preparation"))
