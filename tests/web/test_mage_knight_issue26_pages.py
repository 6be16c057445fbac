"""Mage Knight pages for issue 26: Conquer and Hold's Victory points sheet (MK-SCO-5), Solo Conquest's end form
(MK-SCO-4), the readings shown where they apply."""
from __future__ import annotations

import pytest

from tests.conftest import make_app
from tests.web.helpers import api_act
from tests.web.test_mage_knight_score import post, text_of


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path / "issue26.db").test_client()


def finished_game(client, setup, scenario_end=False, **end) -> str:
    """A game over after its first round (its scenario's end marked), the tactics picked as the view offers them."""
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": setup}).get_json()["code"]
    if scenario_end:
        api_act(client, code, "mark_scenario_end", **end)
    while (view := client.get(f"/api/games/{code}").get_json()["view"])["phase"] == "tactics":
        pick = next(a for a in view["actions"] if a["action"] == "pick_tactic")
        api_act(client, code, "pick_tactic", **pick["params"])
    api_act(client, code, "announce_end_of_round", player=view["current_seat"], deck_empty=True)
    while (view := client.get(f"/api/games/{code}").get_json()["view"])["phase"] == "turns":
        if view["current_seat"] == "dummy":
            api_act(client, code, "dummy_turn", third="white")
        else:
            api_act(client, code, "end_turn", player=view["current_seat"])
    assert view["phase"] == "finished"
    return code


def test_mk_sco_5_conquer_and_hold_sheets_count_keeps_and_towers_and_name_the_winner(client):
    setup = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "conquer_and_hold"}
    code = finished_game(client, setup, scenario_end=True)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert page.count('name="keeps_owned"') == 2 and page.count('name="mage_towers_owned"') == 2
    assert 'name="spells"' not in page and "Fame does not count here" in page
    page = post(client, code, page, action="enter_score", player="p1", keeps_owned="2").get_data(as_text=True)
    page = post(client, code, page, action="enter_score", player="p2", mage_towers_owned="2").get_data(as_text=True)
    table = text_of(page.split('id="mk-score-table"')[1])
    assert "Winner: Anna" in table and "Victory points" in table and "each keep you own counts 3" in table
    page = post(client, code, page, action="enter_score", player="p2", mage_towers_owned="3").get_data(as_text=True)
    assert "A tie: no one is the winner." in text_of(page)
    assert "A tie: no one is the winner." in text_of(client.get(f"/g/{code}/screen").get_data(as_text=True))


def test_mk_sco_5_four_players_tap_their_teams(client):
    setup = {"player_name": ["Anna", "Boris", "Chen", "Dana"], "hero": ["tovak", "goldyx", "krang", "norowas"],
             "scenario": "conquer_and_hold"}
    code = finished_game(client, setup, scenario_end=True)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert text_of(page).count("Team 1") >= 4 and "Put two players in each team" in text_of(page)
    for seat, team in (("p1", "1"), ("p2", "2"), ("p3", "1"), ("p4", "2")):
        page = post(client, code, page, action="enter_score", player=seat, team=team).get_data(as_text=True)
    page = post(client, code, page, action="enter_score", player="p2", keeps_owned="1").get_data(as_text=True)
    assert "Winners: Boris, Dana" in text_of(page)


def test_mk_sco_4_the_solo_conquest_end_form_records_the_cities_and_the_score_follows(client):
    setup = {"player_name": ["Anna"], "hero": ["tovak"], "scenario": "solo_conquest"}
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": setup}).get_json()["code"]
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert 'name="cities_conquered"' in page and 'name="cities_total"' in page and 'value="2"' in page
    assert "ends before its last round only when every city is conquered" in text_of(page)
    response = post(client, code, page, action="mark_scenario_end", cities_conquered="0", cities_total="2")
    assert response.status_code == 422 and "0 of 2 so far" in text_of(response.get_data(as_text=True))
    page = client.get(f"/g/{code}").get_data(as_text=True)
    page = post(client, code, page, action="mark_scenario_end", cities_conquered="2",
                cities_total="2").get_data(as_text=True)
    assert "2 of 2 cities conquered" in text_of(page)


def test_the_conquer_and_hold_elite_reading_is_folded_on_the_units_step(client):
    setup = {"player_name": ["Anna", "Boris", "Chen"], "hero": ["tovak", "goldyx", "krang"],
             "scenario": "conquer_and_hold"}
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": setup}).get_json()["code"]
    while (view := client.get(f"/api/games/{code}").get_json()["view"])["phase"] == "tactics":
        api_act(
            client, code, "pick_tactic", **next(a for a in view["actions"] if a["action"] == "pick_tactic")["params"]
        )
    api_act(client, code, "announce_end_of_round", player=view["current_seat"], deck_empty=True)
    while (view := client.get(f"/api/games/{code}").get_json()["view"])["phase"] == "turns":
        api_act(client, code, "end_turn", player=view["current_seat"])
    while (view := client.get(f"/api/games/{code}").get_json()["view"])["current_step"] != "units":
        api_act(client, code, "tick_step", step=view["current_step"])
    page = client.get(f"/g/{code}").get_data(as_text=True)
    prep = page.split('id="mk-prep"')[1].split("</section>")[0]
    assert '<details class="our-reading"><summary>How the app reads an unclear rule</summary>' in prep
    assert "from round 3 of 4" in text_of(prep)
    russian = client.get(f"/g/{code}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Как приложение понимает неясное правило" in russian
