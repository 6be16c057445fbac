"""Mage Knight screens through the Flask test client: setup form, panel, htmx ticks, 422s, escaping, Night."""
from __future__ import annotations

import html as htmllib
import re

import pytest

from companion.storage import store
from tests.conftest import csrf_token, make_app
from tests.web.helpers import HTMX, alert, words

KINDS = ("companion.rules.mage_knight",)


@pytest.fixture
def mk_app(tmp_path):
    return make_app(tmp_path / "mk.db", extra_kinds=KINDS)


@pytest.fixture
def client(mk_app):
    return mk_app.test_client()


def setup_form(token: str, names=("Anna", "Boris"), heroes=("Tovak", "goldyx"), **fields) -> dict:
    data = {"csrf_token": token, "player_name[]": list(names), "hero[]": list(heroes),
            "scenario": "first_reconnaissance", "round_limit": "6", "mode": "competitive", "monasteries": "0"}
    data.update(fields)
    return data


def new_game(client, **kwargs) -> tuple[str, str]:
    token = csrf_token(client, "/new/mage_knight")
    response = client.post("/new/mage_knight", data=setup_form(token, **kwargs))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"], token


def version_of(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def mk_view(app, url: str) -> dict:
    with app.app_context():
        game = store.find(url.rsplit("/", 1)[1])
        return store.kind_of(game).view(game.state)


class Table:
    """Drives one game through its panel like the htmx forms do, tracking the version."""

    def __init__(self, app, client, url, token):
        self.app, self.client, self.url, self.token = app, client, url, token
        self.html = client.get(url).get_data(as_text=True)

    @property
    def view(self) -> dict:
        return mk_view(self.app, self.url)

    def act(self, action: str, expect: int = 200, **params):
        data = {"csrf_token": self.token, "version": str(version_of(self.html)), "action": action, **params}
        response = self.client.post(self.url + "/act", data=data, headers=HTMX)
        assert response.status_code == expect, alert(response.get_data(as_text=True))
        self.html = response.get_data(as_text=True)
        return response

    def folded(self, section: str) -> str:
        """A section folded below the moment, as the page fetches it when it is opened."""
        response = self.client.get(f"{self.url}/folded/{section}", headers=HTMX)
        assert response.status_code == 200
        return response.get_data(as_text=True)

    def pick_all(self):
        while self.view["phase"] == "tactics":
            pick = next(a["params"] for a in self.view["actions"] if a["action"] == "pick_tactic")
            self.act("pick_tactic", **pick)  # Mana Steal with its die

    def end_turn(self):
        """The current seat's turn ends: End turn, or for the Dummy the 3rd card's colour (a blue one)."""
        seat = self.view["current_seat"]
        if seat == "dummy":
            self.act("dummy_turn", third="blue")
        else:
            self.act("end_turn", player=seat)

    def finish_round_by_announcing(self):
        """The first player (after the Dummy's turn if it comes first) announces End of Round; everyone else
        ends their last turn."""
        if self.view["current_seat"] == "dummy":
            self.end_turn()
        self.act("announce_end_of_round", player=self.view["current_seat"], deck_empty="1")
        while self.view["phase"] == "turns":
            self.end_turn()


def test_setup_form_offers_the_rows_heroes_scenarios_and_options(client):
    page = client.get("/new/mage_knight?players=3").get_data(as_text=True)
    assert page.count('name="player_name[]"') == 3 and page.count('name="hero[]"') == 3
    assert '<datalist id="mk-heroes">' in page and 'value="Arythea"' in page and 'value="Braevalar"' in page
    for field in ('name="scenario"', 'value="full_conquest"', 'value="custom"', 'name="round_limit"', 'name="mode"',
                  'name="blitz"', 'name="dummy_hero"', 'name="start_at_night"', 'name="core_tile_revealed"',
                  'name="monasteries"'):
        assert field in page
    # 1 to 5 players; nonsense falls back to 2 rows
    assert client.get("/new/mage_knight?players=5").get_data(as_text=True).count('name="player_name[]"') == 5
    assert client.get("/new/mage_knight?players=x").get_data(as_text=True).count('name="player_name[]"') == 2


def test_setup_through_the_real_form_renders_the_round(client):
    url, _ = new_game(client)
    page = client.get(url).get_data(as_text=True)
    assert re.search(r'<html[^>]*class="day theme-mage_knight"', page)
    assert "Round 1 of 3" in page and "Picks a tactic now" in page
    # round 1: reverse hero-choice order, so Boris picks first
    assert re.search(r'id="mk-who">\s*Boris\s*<', words(page))
    assert "The Source" in page and 'id="mk-rolls"' in page and "Dice: the app rolls" in page
    assert 'id="mk-enter-source"' not in page  # the app rolled: nothing to enter
    assert "Early Bird" in page and "The Right Moment" in page
    assert "Deed cards: how to play them this round" in page and "Tovak" in page and "Goldyx" in page


def test_a_custom_scenario_and_the_dummy_come_from_the_form(client):
    url, _ = new_game(client, scenario="custom", round_limit="2", mode="cooperative", dummy_hero="wolfhawk",
                      core_tile_revealed="1", monasteries="2")
    page = client.get(url).get_data(as_text=True)
    assert "Round 1 of 2" in page and "Cooperative" in page and "Dummy: Wolfhawk" in page
    assert "A Core tile is revealed." in page and "Unburned monasteries: 2." in page


def test_a_custom_hero_typed_in_the_form_is_kept_and_escaped(client):
    url, _ = new_game(client, heroes=("<i>Volkare</i>", "Arythea"))
    page = client.get(url).get_data(as_text=True)
    assert "&lt;i&gt;Volkare&lt;/i&gt;" in page and "<i>Volkare</i>" not in page


def test_an_empty_player_row_is_refused_with_the_entries_kept(client):
    """The form only shows as many rows as players chosen, each required; a forged empty row is a 400."""
    token = csrf_token(client, "/new/mage_knight")
    response = client.post("/new/mage_knight", data=setup_form(token, names=("Anna", ""), heroes=("Tovak", "")))
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and alert(page).startswith("Each player needs a name and a hero")
    assert page.count('name="player_name[]"') == 2 and 'value="Anna"' in page and 'value="Tovak"' in page
    assert page.count(" required") >= 4


def test_ticking_a_step_through_htmx_returns_the_panel(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    table.pick_all()
    table.finish_round_by_announcing()
    v = table.view
    assert v["phase"] == "preparation" and v["round"] == 2 and v["palette"] == "night"
    assert 'id="mk-step-text"' in table.html and "Flip the Day/Night board to Night." in table.html
    response = table.act("tick_step", step="flip_board")
    fragment = response.get_data(as_text=True)
    assert fragment.lstrip().startswith('<section id="game-panel"') and "<html" not in fragment
    assert "Reset the Source: tap Done and the app rolls the 4 dice" in fragment and "Step 2 of 7" in fragment
    assert "✓ done" in fragment
    # the entered physical dice: a failing roll shows the verdict, which dice to reroll
    table.act("enter_source", **{"colours[]": ["gold", "black", "gold", "red"]})
    assert 'id="mk-verdict"' in table.html and "reroll dice 1, 2, 3" in table.html
    assert "Use the app's roll instead" in table.html
    panel = table.html
    refused = table.act("tick_step", expect=422, step="source")
    assert "still need a reroll" in refused.get_data(as_text=True)
    table.html = panel
    table.act("enter_source", **{"colours[]": ["blue", "white", "green", "red"]})
    assert "The roll stands" in table.html and 'id="mk-verdict"' not in table.html
    assert table.view["current_step"] == "units"  # the entered roll is the Source step done
    for step in ("units", "aa_offer", "spell_offer", "tactics", "players"):
        table.act("tick_step", step=step)
    assert table.view["phase"] == "tactics" and "Picks a tactic now" in table.html
    assert "Long Night" in table.html and "Night: gold dice are depleted" in table.html


def test_skip_preparation_is_offered_in_a_details_section(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    table.pick_all()
    table.finish_round_by_announcing()
    assert re.search(r"<details[^>]*>\s*<summary>Skip preparation</summary>", table.html)
    table.act("skip_preparation")
    assert table.view["phase"] == "tactics" and "Preparation skipped on purpose" in table.html


def test_picking_a_tactic_out_of_turn_is_422_with_the_message(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    response = table.act("pick_tactic", expect=422, player="p1", tactic="planning")
    assert htmllib.unescape(alert(response.get_data(as_text=True))) == "It is Boris's pick now."
    assert table.view["tactics"] == {}


def test_fame_below_zero_is_422_and_fame_shows_level_and_hand_limit(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    response = table.act("change_fame", expect=422, player="p1", delta="-1")
    assert alert(response.get_data(as_text=True)) == "Fame cannot go below 0 (Anna has 0)."
    table.act("change_fame", player="p1", delta="10")
    assert "Level 3 · Hand limit 6" in table.html or "Level 3" in table.html
    assert table.view["players"][0]["fame"] == 10
    table.act("change_fame", player="p1", delta="-1")
    assert table.view["players"][0]["fame"] == 9


def test_turns_offer_dice_end_turn_and_end_of_round(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    table.act("pick_tactic", player="p2", tactic="planning")
    assert "Picks a tactic now" in table.html and re.search(r'id="mk-who">\s*Anna\s*<', words(table.html))
    assert "Planning" not in re.search(r'id="mk-tactics".*?</ul>', table.html, re.S).group(0)
    table.act("pick_tactic", player="p1", tactic="early_bird")
    v = table.view
    assert v["phase"] == "turns" and v["current_seat"] == "p1"  # Early Bird (1) goes first
    assert re.search(r'id="mk-who">\s*Anna\s*<', words(table.html)) and "Round Order" in table.html
    assert "Announce End of Round" in table.html and "Yes, the Deed deck is empty" in table.html
    die = v["takeable_dice"][0]
    table.act("take_die", player="p1", die=str(die))
    assert "End turn: the app rolls the dice you used" in table.html and "(in use)" in table.html
    assert 'id="mk-announce"' not in table.html  # not after doing something this turn
    table.act("end_turn", player="p1")
    assert re.search(r'id="mk-who">\s*Boris\s*<', words(table.html))
    # without the confirmation the announcement is refused
    table.act("announce_end_of_round", expect=422, player="p2")
    table.act("announce_end_of_round", player="p2", deck_empty="1")
    assert 'id="mk-countdown"' in table.html and "Last turns left: 1" in table.html
    assert "Forfeit this last turn" in table.html
    table.act("end_turn", player="p1")
    assert table.view["phase"] == "preparation"


def test_mk_rnd_5_the_turn_in_which_the_scenario_end_is_met_is_not_called_the_last_one(mk_app, client):
    # The walk of 2026-12-05: Гена marked the scenario's end in his turn, and the screens called that turn his
    # "Last turn" while the countdown listed him for one more (he takes one: MK-RND-5).
    table = Table(mk_app, client, *new_game(client))
    table.pick_all()
    first = table.view["current_seat"]
    table.act("mark_scenario_end")
    now_what = re.compile(r'class="mk-now-what"[^>]*>([^<]*)<')
    assert now_what.search(table.html).group(1) == "Turn" and "Last turns left: 2" in table.html
    screen_what = re.compile(r'class="mks-what"[^>]*>([^<]*)<')
    assert screen_what.search(client.get(table.url + "/screen").get_data(as_text=True)).group(1) == "Turn"
    table.end_turn()
    assert now_what.search(table.html).group(1) == "Last turn"
    table.end_turn()
    assert table.view["current_seat"] == first and now_what.search(table.html).group(1) == "Last turn"
    assert screen_what.search(client.get(table.url + "/screen").get_data(as_text=True)).group(1) == "Last turn"


def test_a_night_round_renders_the_dark_palette(client):
    url, _ = new_game(client, start_at_night="1")
    page = client.get(url).get_data(as_text=True)
    assert re.search(r'<html[^>]*class="night theme-mage_knight"', page)
    assert "Long Night" in page and "Night: gold mana cannot be used" not in page  # reference: fetched when opened
    assert "Night: gold mana cannot be used" in client.get(url + "/folded/mk-deeds").get_data(as_text=True)


def test_player_names_are_escaped(client):
    url, _ = new_game(client, names=("<script>alert(1)</script>", "Bo&b"))
    page = client.get(url).get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "Bo&amp;b" in page


def test_cooperative_round_end_asks_which_tactic_to_remove_and_the_game_ends_with_a_summary(mk_app, client):
    table = Table(mk_app, client, *new_game(client, scenario="custom", round_limit="3", mode="cooperative"))
    table.pick_all()
    table.finish_round_by_announcing()
    assert table.view["phase"] == "round_end"
    assert "Choose the tactic to remove from the game" in table.html
    choice = table.view["removal_choices"][0]
    table.act("remove_tactic", tactic=choice)
    table.act("skip_preparation")
    table.pick_all()
    table.finish_round_by_announcing()  # the last Night: no later Night, nothing to remove (MK-TAC-5)
    assert table.view["phase"] == "preparation"
    assert "No tactic is removed: no later round of this time of day is left." in htmllib.unescape(table.html)
    table.act("skip_preparation")
    table.pick_all()
    table.finish_round_by_announcing()
    v = table.view
    assert v["phase"] == "finished" and 'id="mk-summary"' in table.html
    assert "Rounds played: 3" in table.html and "The round limit was reached." in table.html
    text = htmllib.unescape(re.sub(r"<[^>]+>", " ", table.html))
    assert re.search(r"Day\s+—\s+End of Round announced by", text)
    assert re.search(r"Night\s+—\s+End of Round announced by", text)


def test_pick_buttons_are_only_for_the_player_whose_pick_it_is(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    section = re.search(r'id="mk-tactics".*?</section>', table.html, re.S).group(0)
    players = set(re.findall(r'name="player" value="([^"]+)"', section))
    tactics = re.findall(r'name="tactic" value="([^"]+)"', section)
    assert players == {"p2"} and len(tactics) == 6
    offered = {a["params"]["tactic"] for a in table.view["actions"] if a["action"] == "pick_tactic"}
    assert set(tactics) == offered


def test_the_dummys_turn_in_a_solo_game(mk_app, client):
    table = Table(mk_app, client, *new_game(client, names=("Solo",), heroes=("Norowas",), scenario="solo_conquest",
                                            dummy_hero="goldyx"))
    assert "Dummy: Goldyx" in table.html
    table.pick_all()
    assert table.view["phase"] == "turns"
    while table.view["current_seat"] != "dummy":
        table.act("end_turn", player=table.view["current_seat"])
    page = htmllib.unescape(table.html)
    assert "flip 3 cards from its deck onto its discard pile and tap the colour of the 3rd" in page
    assert re.search(r'id="mk-who">\s*The Dummy\s*<', table.html)
    assert "mk-take-btn" not in table.html and 'value="announce_end_of_round"' not in table.html
    assert (
        'value="end_turn"' not in table.html and 'name="third" value="green"' in table.html and "+2 cards" in page
    )  # Goldyx: 2 green crystals


def test_the_panel_renders_in_russian_and_works_without_htmx(mk_app, client):
    url, token = new_game(client)
    client.set_cookie("lang", "ru")
    assert client.get(url).status_code == 200
    client.set_cookie("lang", "en")
    response = client.post(url + "/act", data={"csrf_token": token, "version": "0", "action": "pick_tactic",
                                               "player": "p2", "tactic": "rethink"})
    assert response.status_code == 303
    page = words(client.get(url).get_data(as_text=True))
    assert "Boris picked Rethink" in page and "Rethink: Boris discards up to 3 cards" in page  # the on-take notice
    assert 'href="#mk-deeds-ref"' in page and 'id="mk-deeds-ref"' in page


def test_night_tactics_long_night_and_mana_search_controls(mk_app, client):
    table = Table(mk_app, client, *new_game(client, start_at_night="1"))
    table.act("pick_tactic", player="p2", tactic="mana_search")
    table.act("pick_tactic", player="p1", tactic="long_night")
    assert table.view["current_seat"] == "p1"
    assert "Use Long Night (once this round)" in table.html
    table.act("use_tactic", player="p1")
    assert "(used)" in table.html and "Use Long Night" not in table.html
    table.act("end_turn", player="p1")
    assert "<summary>Mana Search</summary>" in table.html and 'name="dice[]"' in table.html
    dice = re.findall(r'name="dice\[\]" value="(\d+)"', table.html)
    assert dice == [str(d["index"]) for d in table.view["source"] if d["status"] == "ready"]
    legal = next(a["params"]["dice"] for a in table.view["actions"] if a["action"] == "mana_search")
    table.act("mana_search", player="p2", **{"dice[]": [str(i) for i in legal]})
    assert "Mana Search: turn the rerolled dice to the app&#39;s roll" in table.html
    assert 'name="dice[]"' not in table.html


def test_the_right_moment_offers_an_extra_turn(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    table.act("pick_tactic", player="p2", tactic="the_right_moment")
    table.act("pick_tactic", player="p1", tactic="early_bird")
    table.act("end_turn", player="p1")
    assert "End turn and take another (The Right Moment)" in table.html
    table.act("end_turn", player="p2", extra_turn="1")
    assert "Extra turn (The Right Moment)" in table.html and table.view["current_seat"] == "p2"
    assert "End turn and take another" not in table.html


def test_map_facts_and_scenario_end_controls(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    table.act("set_core_tile_revealed", revealed="1")
    assert "A Core tile is revealed." in table.html
    table.act("set_monasteries", count="2")
    table.act("monastery_revealed")
    assert "Unburned monasteries: 3." in table.html
    table.act("mark_scenario_end")
    table.pick_all()
    countdown = htmllib.unescape(re.search(r'id="mk-countdown".*?</p>', table.html, re.S).group(0))
    assert "The scenario's end is met." in countdown and "Last turns left: 2" in countdown


def test_mk_hand_1_the_hand_limit_helper_answers_without_changing_the_game(client):
    game = client.post("/api/games", json={"kind": "mage_knight", "setup": {
        "player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest"}}).get_json()
    code, version = game["code"], game["version"]
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert 'id="mk-hand-limit"' in page
    ask = lambda **q: client.get(f"/g/{code}/calc/hand_limit", query_string=q, headers={"HX-Request": "true"})
    answer = ask(player="p1", keeps="2", near_keep="1", city="shield")
    assert answer.status_code == 200 and "Anna draws up to 7 cards (level 1)" in answer.get_data(as_text=True)
    answer = ask(player="p2", keeps="1", near_keep="1", city="leader", planning="1", cards="3")
    assert "Boris draws up to 8 cards" in answer.get_data(as_text=True)  # 5 + max(1, 2) + 1
    assert ask(player="p9").status_code == 400 and ask(player="p1", city="castle").status_code == 400
    plain = client.get(f"/g/{code}/calc/hand_limit", query_string={"player": "p1"})
    assert "<html" in plain.get_data(as_text=True) and "draws up to 5 cards" in plain.get_data(as_text=True)
    assert client.get(f"/g/{code}/calc/nonsense").status_code == 404
    assert client.get(f"/api/games/{code}").get_json()["version"] == version


def test_group_screen_in_preparation_shows_the_step_name_big_and_its_instructions_small(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    table.pick_all()
    table.finish_round_by_announcing()
    for step in ("flip_board", "source", "units", "aa_offer", "spell_offer", "tactics"):
        table.act("tick_step", step=step)
    html = htmllib.unescape(words(client.get(table.url + "/screen").get_data(as_text=True)))
    big = re.search(r'<p class="screen-now mks-step"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert big.strip() == "Each player readies and draws"
    assert re.search(r'<p class="mks-step-text">[^<]{40,}</p>', html)


def test_the_panel_offers_only_what_fits_the_moment(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    table.pick_all()
    assert "Announce End of Round at the start of your turn" in table.html
    table.act("announce_end_of_round", player=table.view["current_seat"], deck_empty="1")
    # during the last turns nobody can announce any more: neither the form nor the hint shows
    assert "Announce End of Round at the start of your turn" not in table.html
    assert 'id="mk-announce"' not in table.html
    while table.view["phase"] == "turns":
        table.act("end_turn", player=table.view["current_seat"])
    # preparation: the app rolls at the Source step; no dice to enter
    assert table.view["phase"] == "preparation" and 'id="mk-enter-source"' not in table.html
    table.act("tick_step", step="flip_board")
    assert 'id="mk-enter-source"' not in table.html and "Done: reset the Source" in table.html


def test_after_the_source_die_only_the_mana_steal_die_is_offered_under_its_own_heading(mk_app, client):
    table = Table(mk_app, client, *new_game(client))
    v = table.view
    thief = v["pick_queue"][0]
    stolen = next(d["index"] for d in v["source"] if d["basic"])
    table.act("pick_tactic", player=thief, tactic="mana_steal", die=str(stolen))
    table.pick_all()
    while table.view["current_seat"] != thief:
        table.act("end_turn", player=table.view["current_seat"])
    assert "Take a die from the Source" in table.html
    other = next(i for i in table.view["takeable_dice"] if i != stolen)
    table.act("take_die", player=thief, die=str(other))
    assert table.view["takeable_dice"] == [stolen]
    assert "Take the die set aside by Mana Steal" in table.html and "Take a die from the Source" not in table.html


def test_changing_the_player_count_keeps_what_was_typed_without_javascript(client):
    token = csrf_token(client, "/new/mage_knight")
    page = client.get("/new/mage_knight").get_data(as_text=True)
    # the count is a button of the setup form itself (no link that reloads the page empty), exempt from
    # the required fields, and Enter in a text field still starts the game
    assert re.search(r'<button[^>]*name="players" value="3"[^>]*formnovalidate', page)
    assert page.index('<button type="submit" hidden>Start<') < page.index('name="players"')
    typed = {"csrf_token": token, "title": "Friday", "player_name[]": ["Anna", "Boris"], "hero[]": ["Tovak", ""],
             "scenario": "druid_nights", "dice_mode": "app", "monasteries": "2"}
    response = client.post("/new/mage_knight", data={**typed, "players": "3"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and store_games(client) == 0
    assert page.count('name="player_name[]"') == 3
    for kept in ('value="Friday"', 'value="Anna"', 'value="Boris"', 'value="Tovak"', 'value="2"'):
        assert kept in page
    assert re.search(r'value="druid_nights"\s+selected', page)
    assert re.search(r'name="dice_mode" value="app" checked', page)
    assert re.search(r'name="players" value="3"[^>]*aria-current="true"', page)
    fewer = client.post("/new/mage_knight", data={**typed, "players": "1"}).get_data(as_text=True)
    assert fewer.count('name="player_name[]"') == 1 and 'value="Anna"' in fewer and 'value="Friday"' in fewer


def store_games(client) -> int:
    with client.application.app_context():
        from companion.storage.models import Game
        from companion.storage.database import db
        return db.session.query(Game).count()


def test_mk_dum_1_four_players_for_full_cooperation_are_refused_with_a_clear_message(client):
    token = csrf_token(client, "/new/mage_knight")
    response = client.post("/new/mage_knight", data=setup_form(
        token, names=("Anna", "Boris", "Chen", "Dana"), heroes=("Tovak", "Goldyx", "Krang", "Arythea"),
        scenario="full_cooperation"))
    page = response.get_data(as_text=True)
    assert response.status_code == 422, page
    assert alert(page).startswith("Full Cooperation is for 2 or 3 players")
    assert 'value="Dana"' in page  # the entries are kept to correct


def test_mk_dum_1_the_refusal_reads_in_russian(client):
    token = csrf_token(client, "/new/mage_knight")
    response = client.post("/new/mage_knight", headers={"Accept-Language": "ru"}, data=setup_form(
        token, names=("Anna",), heroes=("Tovak",), scenario="blitz_cooperation"))
    assert alert(response.get_data(as_text=True)).startswith("«Блиц-сотрудничество» — для 2 или 3 игроков")


def test_mk_set_2_the_setup_form_offers_the_epic_version(client):
    page = client.get("/new/mage_knight").get_data(as_text=True)
    assert 'name="epic"' in page and "Epic version: 3 Days and 3 Nights" in page
    url, _ = new_game(client, scenario="druid_nights", epic="1")
    assert "Round 1 of 6" in client.get(url).get_data(as_text=True)


def test_mk_dum_1_a_hero_typed_in_russian_is_that_hero_never_the_dummys(client, mk_app):
    """The Russian setup page lists the heroes as "Товак", "Голдикс"…: typed so, they are those heroes
    (MK-SET-1), so the Dummy is drawn among the heroes nobody plays (MK-DUM-1)."""
    russian = {"Accept-Language": "ru"}
    page = client.get("/new/mage_knight", headers=russian).get_data(as_text=True)
    assert 'label="Товак"' in page
    token = csrf_token(client, "/new/mage_knight")
    form = setup_form(token, names=("Аня",), heroes=(" товак ",), scenario="solo_conquest", dummy_hero="random")
    response = client.post("/new/mage_knight", data=form, headers=russian)
    assert response.status_code == 303, alert(response.get_data(as_text=True))
    with mk_app.app_context():
        state = store.find(response.headers["Location"].rsplit("/", 1)[1]).state
    assert state["players"][0]["hero"] == "tovak"
    assert state["dummy"]["hero"] != "tovak"


def test_mk_set_1_the_same_hero_typed_in_two_languages_is_refused(client):
    token = csrf_token(client, "/new/mage_knight")
    response = client.post("/new/mage_knight", data=setup_form(token, heroes=("Товак", "Tovak")),
                           headers={"Accept-Language": "ru"})
    assert response.status_code == 422


def test_mk_prep_the_big_button_is_the_steps_own_done_and_the_round_is_prepared_asks_first(mk_app, client):
    """The moment's primary button (huge, the N key) ticks the current step; "the round is prepared" waits
    behind a fold under it, so the checklist is walked one step a tap and ending it all takes asking first
    (issue 42: one tap ended all seven steps)."""
    table = Table(mk_app, client, *new_game(client))
    table.pick_all()
    table.finish_round_by_announcing()
    table.act("tick_step", step="flip_board")
    table.act("enter_source", **{"colours[]": ["blue", "white", "green", "red"]})
    prep = table.html[table.html.index('id="mk-prep"'):table.html.index('class="mk-checklist"')]
    buttons = re.findall(r'<form class="act".*?</form>', prep, re.S)
    assert len(buttons) == 2
    step, whole = buttons
    assert 'name="step" value="units"' in step and 'name="through"' not in step
    assert "Done: new Units offer" in step
    assert re.search(r'class="btn btn-huge mk-step-done"[^>]*data-shortcut="next"', step)
    assert 'name="through" value="players"' in whole and "Done: the round is prepared" in whole
    assert "btn-huge" not in whole and "data-shortcut" not in whole
    fold = re.search(r'<details class="mk-more mk-prep-all".*?</details>', prep, re.S).group(0)
    assert whole in fold and "Every step already done at the table?" in fold
    assert table.html.count('data-shortcut="next"') == 1
