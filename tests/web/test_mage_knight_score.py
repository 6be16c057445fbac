"""The final score's pages: each seat's sheet as forms (steppers work without JS), the table on the panel
and the group screen, the entries in the history and the export, the JSON API (MK-SCO)."""
from __future__ import annotations

import html as htmllib
import re

import pytest

from tests.conftest import csrf_token, make_app
from tests.web.helpers import HTMX, alert, api_act, words

SETUP = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "custom", "round_limit": 1,
         "mode": "competitive"}


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path / "score.db").test_client()


def finished_game(client, setup=SETUP, scenario_end=False) -> str:
    """A game over after its only round (or its first, where the scenario's end is reached), through the API."""
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": setup}).get_json()["code"]
    if scenario_end:
        api_act(client, code, "mark_scenario_end")
    while (view := client.get(f"/api/games/{code}").get_json()["view"])["phase"] == "tactics":
        api_act(client, code, "pick_tactic", player=view["pick_queue"][0], tactic=view["tactics_available"][0])
    api_act(client, code, "announce_end_of_round", player=view["current_seat"], deck_empty=True)
    while (view := client.get(f"/api/games/{code}").get_json()["view"])["phase"] == "turns":
        if view["current_seat"] == "dummy":  # its last turn: flip 3 cards, the 3rd one white
            api_act(client, code, "dummy_turn", third="white")
        else:
            api_act(client, code, "end_turn", player=view["current_seat"])
    assert view["phase"] == "finished"
    return code


def version_of(page: str) -> str:
    return re.search(r'data-version="(\d+)"', page).group(1)


def text_of(page: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", words(page))).split())


def post(client, code, page, htmx=True, **fields):
    """As the page posts: through htmx, the token as a header (a live panel has no field); else the form's."""
    token = csrf_token(client, f"/g/{code}")
    if htmx:
        return client.post(f"/g/{code}/act", data={"version": version_of(page), **fields},
                           headers={**HTMX, "X-CSRFToken": token})
    return client.post(f"/g/{code}/act", data={"csrf_token": token, "version": version_of(page), **fields})


def test_mk_sco_the_sheet_appears_when_the_game_is_over_with_a_stepper_per_count(client):
    code = finished_game(client)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert 'id="mk-sheet-p1"' in page and 'id="mk-sheet-p2"' in page and 'id="mk-score-table"' in page
    for field in ("spells", "advanced_actions", "artifacts", "crystals", "unit_levels", "wounded_units_2_3",
                  "wounded_units_4", "fortified_shields", "adventure_shields", "wounds"):
        assert page.count(f'name="{field}"') == 2  # one stepper per player
    assert 'name="cities_led"' not in page  # a custom competitive game scores no cities
    assert "Spells: one more" in page and "Done: <bdi>Anna</bdi>'s counts are in" in page


def test_mk_sco_1_a_stepper_tap_without_javascript_redirects_and_counts(client):
    code = finished_game(client)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    response = post(client, code, page, htmx=False, action="enter_score", player="p1", field="spells",
                    spells="0", delta="1")
    assert response.status_code == 303
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert re.search(r'id="mk-p1-spells" name="spells"[^>]*value="1"', page)
    # Typing a number and pressing Enter sends it with no step: it is set as typed.
    response = post(client, code, page, action="enter_score", player="p1", field="spells", spells="4")
    assert response.status_code == 200 and re.search(r'id="mk-p1-spells" name="spells"[^>]*value="4"',
                                                      response.get_data(as_text=True))


def test_mk_sco_2_two_sheets_with_a_tied_title_give_the_winner_on_panel_screen_history_and_export(client):
    code = finished_game(client)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    page = post(client, code, page, action="enter_score", player="p1", unit_levels="3", spells="1").get_data(
        as_text=True)
    page = post(client, code, page, action="enter_score", player="p1", done="1").get_data(as_text=True)
    assert "Sheets still open: Boris" in text_of(page)
    page = post(client, code, page, action="enter_score", player="p2", unit_levels="3").get_data(as_text=True)
    response = post(client, code, page, action="enter_score", player="p2", done="1")
    page = text_of(response.get_data(as_text=True))
    # Both lead Units of 3 levels: The Greatest Leader is tied, +1 each; Anna has the Knowledge.
    # Anna 0 + 2 + 3 + 3 + 1 + ties at 0 (Loot, Conqueror, Adventurer) 3 = 12; Boris 0 + 3 + 1 + 3 = 7.
    assert "The Greatest Leader : Anna +1, Boris +1 (tied)" in page
    assert "Winner: Anna" in page and "Sheets still open" not in page
    assert "Final score: Anna 12, Boris 7. Winner: Anna." in page  # the last change's notice
    screen = text_of(client.get(f"/g/{code}/screen").get_data(as_text=True))
    assert "Winner: Anna" in screen and "Total 12 7" in screen
    history = text_of(client.get(f"/g/{code}/history").get_data(as_text=True))
    assert "Anna: Spells 1, Levels of your unwounded Units (total) 3" in history and "Boris: sheet complete" in history
    export = client.get(f"/api/games/{code}/export").get_json()
    assert export["state"]["score_sheet"]["counts"] == {"p1": {"spells": 1, "unit_levels": 3},
                                                       "p2": {"unit_levels": 3}}
    assert {"msgid": "Final score: {totals}. Winner: {winners}."}.items() <= export["events"][-1]["notices"][0].items()


def test_mk_sco_entries_before_the_end_are_422_and_undo_takes_an_entry_back(client):
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": SETUP}).get_json()["code"]
    page = client.get(f"/g/{code}").get_data(as_text=True)
    response = post(client, code, page, action="enter_score", player="p1", spells="1")
    assert response.status_code == 422 and "when the game is over" in alert(response.get_data(as_text=True))
    code = finished_game(client)
    game = api_act(client, code, "enter_score", player="p2", wounds=2)
    assert game["view"]["score"]["table"]["rows"][1]["categories"]["beating"] == -4
    assert game["undo"] == "Boris: Wound cards in your deck (not on Units) 2"
    undone = client.post(f"/api/games/{code}/undo", json={"version": game["version"]}).get_json()
    assert "score_sheet" not in undone["state"] and undone["view"]["score"]["waiting"] == ["p1", "p2"]


def test_mk_sco_a_seated_phone_leads_with_its_own_sheet_and_its_cue(client):
    code = finished_game(client)
    token = csrf_token(client, f"/g/{code}")
    client.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": "p2"})
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert 'id="game-panel" class="panel" data-seat="p2"' in page  # app.css puts p2's sheet first
    assert "Count your score and enter it" in page and 'data-my-moment="1"' in page


def test_mk_sco_4_solo_sheet_takes_the_tracked_dummys_deck_and_shows_one_score(client):
    code = finished_game(client, {"player_name": ["Anna"], "hero": ["tovak"], "scenario": "custom",
                                  "round_limit": 1, "mode": "solo"})
    api_act(client, code, "enter_score", player="p1", cities_led=1)
    game = api_act(client, code, "enter_score_facts", cities_total=1)
    deck = game["view"]["dummy"]["deck"]  # tracked through the game (MK-DUM-5): not asked again
    page = text_of(client.get(f"/g/{code}").get_data(as_text=True))
    assert "The group's counts" in page and "Cities in this game" in page
    # 10 for the city, 15 for all (1 of 1), End of Round was announced, no round left, a point per card.
    total = 25 + deck
    assert game["view"]["score"]["table"]["total"] == total and f"Score: {total}" in page


def test_mk_sco_the_score_renders_in_russian(client):
    code = finished_game(client)
    client.set_cookie("lang", "ru")
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert "Заклинания" in page and "Итого" in page and "Лист подсчёта: <bdi>Anna</bdi>" in page
    text = text_of(page[page.index('id="mk-score"'):page.index('id="mk-summary"')])
    for english in ("Score sheet", "Winner", "Total", "Spells", "one more", "Done:", "Greatest", "Titles"):
        assert english not in text


def test_mk_sco_an_exported_game_with_its_score_imports_with_the_same_table(client):
    code = finished_game(client)
    api_act(client, code, "enter_score", player="p1", spells=2, done=True)
    original = client.get(f"/api/games/{code}").get_json()["view"]["score"]
    response = client.post("/api/import", json=client.get(f"/api/games/{code}/export").get_json())
    assert response.status_code == 201
    assert response.get_json()["view"]["score"] == original
    tampered = client.get(f"/api/games/{code}/export").get_json()
    tampered["state"]["score_sheet"]["counts"]["p1"]["spells"] = -5
    assert client.post("/api/import", json=tampered).status_code == 400


def test_mk_sco_phones_entering_at_once_are_not_refused_and_a_double_tap_counts_once(tmp_path):
    app = make_app(tmp_path / "two.db")
    anna, boris = app.test_client(), app.test_client()
    code = finished_game(anna)
    anna_page, boris_page = (c.get(f"/g/{code}").get_data(as_text=True) for c in (anna, boris))
    assert post(boris, code, boris_page, action="enter_score", player="p2", field="wounds", wounds="0",
                delta="1").status_code == 200
    # Anna's page still shows the version before Boris's tap: her tap is applied all the same, twice sent once.
    for status in (200, 422):  # the second tap finds the count already there: nothing is recorded
        response = post(anna, code, anna_page, action="enter_score", player="p1", field="spells", spells="0",
                        delta="1")
        assert response.status_code == status
    assert "already shows that" in alert(response.get_data(as_text=True))
    counts = anna.get(f"/api/games/{code}").get_json()["state"]["score_sheet"]["counts"]
    assert counts == {"p1": {"spells": 1}, "p2": {"wounds": 1}}
    # The game's own actions stay guarded: a stale one is refused.
    stale = post(anna, code, anna_page, action="change_fame", player="p1", delta="1")
    assert stale.status_code == 409


def test_mk_sco_3_dungeon_lords_asks_for_the_other_adventure_sites_beside_dungeons_and_tombs(client):
    """Dungeons and tombs count 4 each in their own field: the adventure sites' field says "other", so that
    nobody counts a dungeon in both (6 instead of 4)."""
    code = finished_game(client, {**SETUP, "scenario": "dungeon_lords"}, scenario_end=True)
    page = text_of(client.get(f"/g/{code}").get_data(as_text=True))
    assert "Shields on dungeons and tombs" in page
    assert "Shields on other adventure sites (not dungeons or tombs)" in page
    plain = text_of(client.get(f"/g/{finished_game(client)}").get_data(as_text=True))
    assert "Shields on adventure sites" in plain and "other adventure sites" not in plain


def test_mk_sco_once_every_sheet_is_complete_the_result_comes_before_the_sheets(client):
    """While sheets are open, they lead (the result is 'so far'); once all are complete the result leads: the
    winner, each player's total (highest first), the titles, then the table, then the sheets."""
    code = finished_game(client)
    api_act(client, code, "enter_score", player="p1", spells=3, crystals=4, done=1)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert page.index('id="mk-sheet-p1"') < page.index('id="mk-score-result"')  # Boris's sheet still open
    assert "mk-score-final" not in page
    api_act(client, code, "enter_score", player="p2", spells=1, done=1)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    result = page.index('id="mk-score-result"')
    assert 'class="mk-score-result mk-score-final"' in page
    assert result < page.index('id="mk-sheet-p1"') and result < page.index('id="mk-sheet-p2"')
    winner, totals = page.index('class="mk-winner"'), page.index('class="mk-totals"')
    titles, table = page.index('class="mk-titles"'), page.index("<table")
    assert result < winner < totals < titles < table
    rows = client.get(f"/api/games/{code}").get_json()["view"]["score"]["table"]["rows"]
    shown = re.findall(r'mk-totals-name">([^<]+)</span> <strong class="mk-totals-n">(\d+)<', words(page))
    expected = sorted(((r["player"], r["total"]) for r in rows), key=lambda r: -r[1])
    assert shown == [({"p1": "Anna", "p2": "Boris"}[p], str(t)) for p, t in expected]
    assert text_of(page[page.rindex("<", 0, winner):]).startswith("Winner: Anna")


def sheet_folds(page: str) -> dict[str, bool]:
    """Each seat's sheet fold in the page's order: whether it is drawn open."""
    return {seat: bool(is_open) for seat, is_open in
            re.findall(r'<details class="[^"]*mk-sheet-fold[^"]*" id="mk-sheet-fold-(p\d)"[^>]*?( open)?>', page)}


def test_mk_sco_a_seated_phone_has_its_own_sheet_first_with_its_total_and_the_others_behind_act_for(client):
    """Issue 42, 2.5: a seated phone's page leads with its own sheet, open, its running total in its head;
    another seat's sheet is folded behind "Act for …", as acting for that seat is. A device with no seat
    (the group's) has every sheet open, one tap each, each with its total."""
    code = finished_game(client)
    api_act(client, code, "enter_score", player="p2", spells=2, crystals=3)
    totals = {r["player"]: r["total"] for r in
              client.get(f"/api/games/{code}").get_json()["view"]["score"]["table"]["rows"]}
    seatless = client.get(f"/g/{code}").get_data(as_text=True)
    assert sheet_folds(seatless) == {"p1": True, "p2": True}
    for seat in ("p1", "p2"):
        head = re.search(rf'id="mk-sheet-total-{seat}"[^>]*>(.*?)</p>', seatless, re.S).group(1)
        assert text_of(head) == f"Total {totals[seat]}"

    token = csrf_token(client, f"/g/{code}")
    client.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": "p2"})
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert list(sheet_folds(page).items()) == [("p2", True), ("p1", False)]  # its own first, open
    assert page.index('id="mk-sheet-total-p2"') < page.index('id="mk-p2-spells"')  # the total above its steppers
    anna = page[page.index('id="mk-sheet-fold-p1"'):]
    anna = anna[:anna.index("</details>")]
    assert "Act for Anna…" in text_of(anna) and 'id="mk-p1-spells"' in anna  # Anna's steppers behind the step
