"""The scenario specials, Day/Night variants and flipped tokens on the Mage Knight page, with forms only (no JS)."""
from __future__ import annotations

from tests.web.helpers import words
from tests.web.test_mage_knight_pages import Table, client, mk_app, new_game  # noqa: F401 (fixtures)


def table(mk_app, client, **fields):  # noqa: F811
    return Table(mk_app, client, *new_game(client, **fields))


def test_mk_scn_5_setup_offers_the_day_and_night_variants(client):  # noqa: F811
    page = client.get("/new/mage_knight").get_data(as_text=True)
    assert 'name="daytime"' in page
    assert 'value="night_arrival"' in page and 'value="darkness_is_coming"' in page


def test_mk_scn_5_darkness_is_coming_table_roll_is_two_taps_and_a_done(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="full_conquest", daytime="darkness_is_coming", dice_mode="table")
    t.act("enter_source", colours="red,blue,green,white")
    t.pick_all()
    t.finish_round_by_announcing()
    assert t.view["darkness_roll_due"]
    assert 'id="mk-darkness"' in t.html and 'name="darkness_die_0"' in t.html and 'name="darkness_die_1"' in t.html
    assert 'id="mk-enter-source"' not in t.html
    # No Skip button that the rules would refuse: the darkness dice come first, then the rest may be skipped
    assert 'value="skip_preparation"' not in t.html and "tap the two mana dice above first" in t.html
    t.act("tick_step", step="flip_board", darkness_die_0="blue", darkness_die_1="black")
    assert 'value="skip_preparation"' in t.html
    assert t.view["time_of_day"] == "night" and t.view["night_has_fallen"]
    assert 'id="mk-enter-source"' in t.html and "night has fallen" in t.html


def test_mk_scn_5_darkness_is_coming_app_roll_is_said_before_done(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="full_conquest", daytime="darkness_is_coming", dice_mode="app")
    t.pick_all()
    t.finish_round_by_announcing()
    assert 'id="mk-darkness"' in t.html and "Done rolls the two mana dice" in t.html
    t.act("tick_step", step="flip_board")
    assert len(t.view["darkness_rolls"]) == 1 and "Darkness is Coming:" in t.html


def test_mk_tok_1_one_tap_flips_a_token_and_the_page_says_the_turn_is_skipped(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="full_conquest", dice_mode="app")
    t.pick_all()
    other = next(s for s in t.view["round_order"] if s != t.view["current_seat"])
    name = {"p1": "Anna", "p2": "Boris"}[other]
    current = {"p1": "Anna", "p2": "Boris"}[t.view["current_seat"]]
    assert 'id="mk-tokens"' in t.html and f"{name}: token flipped" in words(t.folded("mk-tokens"))
    assert f"{current}: token flipped" not in words(t.folded("mk-tokens"))
    t.act("flip_token", player=other)
    assert "Round Order token face down: the next turn is skipped." in t.html
    t.act("end_turn", player=t.view["current_seat"])
    assert "turn is skipped" in t.html and t.view["current_seat"] != other


def test_mk_scn_3_mines_are_counted_per_player_on_the_page(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="mines_liberation", dice_mode="app")
    assert "Mines liberated: 0" in t.html
    t.act("set_mines", player="p1", count="1")
    assert "Mines liberated: 1" in t.html and t.view["players"][0]["mines"] == 1


def test_mk_scn_1_first_reconnaissance_reminders_are_on_the_page(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="first_reconnaissance", dice_mode="app", core_tile_revealed="1")
    t.pick_all()
    assert "+1 Fame for every tile a player reveals" in t.html
    assert t.view["units_offer"] == ["regular"] * 4


def test_mk_scn_5_the_api_sets_up_a_variant(client):  # noqa: F811
    response = client.post("/api/games", json={"kind": "mage_knight", "setup": {
        "player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest",
        "daytime": "night_arrival", "dice_mode": "app"}})
    assert response.status_code == 201, response.get_data(as_text=True)
    game = response.get_json()
    assert game["state"]["time_of_day"] == "night" and game["view"]["daytime"] == "night_arrival"
    assert all(d["colour"] not in ("gold", "black") for d in game["state"]["source"])


def test_mk_deed_1_can_i_play_this_is_folded_on_the_turn_screen_and_answers_without_js(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="full_conquest", dice_mode="app")
    t.pick_all()
    assert '<details class="mk-more" id="mk-can-play"' in t.html
    assert t.html.index('id="mk-end-turn"') < t.html.index('id="mk-can-play"')  # below the moment
    assert 'name="card"' in t.folded("mk-can-play") and 'name="card"' in t.client.get(t.url).get_data(as_text=True)
    answer = client.get(t.url + "/calc/can_play?card=wound&effect=basic").get_data(as_text=True)
    assert "No: a Wound is never played." in answer
    answer = client.get(t.url + "/calc/can_play?card=spell&effect=basic&colour=blue&crystal_blue=1",
                        headers={"HX-Request": "true"})
    assert answer.status_code == 200 and "Yes: pay with" in answer.get_data(as_text=True)
    russian = client.get(t.url + "/calc/can_play?card=wound", headers={"Accept-Language": "ru"})
    assert "No: a Wound" not in russian.get_data(as_text=True)


def test_mk_deed_6_the_reference_lists_the_rules_for_every_card(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="full_conquest", dice_mode="app")
    deeds = client.get(t.url + "/folded/mk-deeds").get_data(as_text=True)  # reading matter: fetched when opened
    assert 'id="mk-deed-rules"' in deeds and "Effects of the same kind add up" in deeds


def test_mk_tok_2_the_round_order_and_the_group_screen_show_the_face_down_token(mk_app, client):  # noqa: F811
    t = table(mk_app, client, scenario="full_conquest", dice_mode="app")
    t.pick_all()
    other = next(s for s in t.view["round_order"] if s != t.view["current_seat"])
    assert "token face down: turn skipped" not in t.html
    t.act("flip_token", player=other)
    assert t.html.count("token face down: turn skipped") == 1  # in the Round Order list
    screen = client.get(t.url + "/screen").get_data(as_text=True)
    assert "token face down: turn skipped" in screen
