"""Mice and Mystics pages for issue 26: a finished chapter's page, the next chapter's party, individual
achievements and their holders, who moves the minions, a boss's Life, the readings shown."""
from __future__ import annotations

import re

import pytest

from tests.conftest import make_app
from tests.web.helpers import act, words
from tests.web.test_mice_mystics_pages import new_game, version

KIND = "companion.rules.mice_mystics"


@pytest.fixture
def mm_client(tmp_path):
    app = make_app(tmp_path / "mm.db", extra_kinds=(KIND,))
    return app.test_client()


def panel(html: str) -> str:
    return re.search(r'<div class="mm" id="mm">.*', html, re.S).group(0)


@pytest.mark.parametrize("ending", [("mark_victory", {}), ("capture_mouse", {"mouse": "lily"})])
def test_a_won_or_lost_chapter_shows_no_next_button_and_no_round(mm_client, ending):
    url, token = new_game(mm_client, **{"mouse[]": ["lily"]})
    html = mm_client.get(url).get_data(as_text=True)
    assert "Next ▶" in panel(html) and "Round 1" in panel(html)
    action, params = ending
    html = act(mm_client, url, token, version(html), action, **params).get_data(as_text=True)
    assert 'id="mm-end"' in html
    after = panel(html).split('id="mm-campaign"')[0]  # the campaign's list names each chapter's last round
    assert "Next ▶" not in after and "Round 1" not in after
    screen = mm_client.get(url + "/screen").get_data(as_text=True)
    assert "Round 1" not in screen.split('class="mm-campaign"')[0]


def test_mm_ini_9_the_minions_pass_over_a_captured_lowest_mouse_and_the_page_says_why(mm_client):
    url, token = new_game(mm_client, **{"mouse[]": ["lily", "filch", "nez"], "controller_filch": "Boris"})
    html = mm_client.get(url).get_data(as_text=True)
    track = re.findall(r'<span class="mm-card-name">([^<]+)</span>', html)
    mice = [name for name in track if name in ("Lily", "Filch", "Nez")]
    html = act(mm_client, url, token, version(html), "capture_mouse", mouse=mice[-1].lower()).get_data(as_text=True)
    now = re.search(r'<section class="mm-now".*?</section>', html, re.S).group(0)
    assert f"Minions are moved by: <strong>{mice[-2]}</strong>" in " ".join(now.split())
    # The track is shuffled at the start: a Rat Warriors card acting now brings its own reading first.
    readings = re.findall(
        r"<p>(.*?)</p>", "".join(re.findall(r'<details class="our-reading">.*?</details>', now, re.S))
    )
    assert any(f"{mice[-1]} is the lowest mouse on the track but captured" in r for r in readings), readings
    # On to the Rat Warriors' turn: their swap (aggressive) and who moves them are two readings of this moment,
    # under one heading, not two headings in a row.
    for _ in range(len(track)):
        if "Minions: " in now:
            break
        html = act(mm_client, url, token, version(html), "next_turn").get_data(as_text=True)
        now = re.search(r'<section class="mm-now".*?</section>', html, re.S).group(0)
    assert "Minions: " in now
    assert now.count('class="our-reading"') == 1 and "(2)" in now, now


def test_mm_ini_6_a_boss_arriving_asks_for_its_life_and_the_tracker_fills_in(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "minions_arrive", source="event",
               **{"minion_type[]": ["captain_vurst", "", ""], "minion_count[]": ["1", "1", "1"]}).get_data(as_text=True)
    assert "/ ?" not in html and "Life: enter it from the card" in html
    assert 'name="life"' in html and "Life of Captain Vurst (on its card)" in html
    assert "Captain Vurst has arrived: enter its Life, from its initiative card." in html  # the arrival's notice
    screen = mm_client.get(url + "/screen").get_data(as_text=True)
    assert "/ ?" not in screen and "Life: enter it from the card" in screen
    html = act(mm_client, url, token, version(html), "set_boss_life", card="captain_vurst", life="4").get_data(
        as_text=True
    )
    assert "Wounds 0 / 4" in html and "Life of Captain Vurst" not in html
    html = act(mm_client, url, token, version(html), "wound_boss", card="captain_vurst", n="1").get_data(as_text=True)
    assert "Wounds 1 / 4" in html and "Wounds 1 / 4" in mm_client.get(url + "/screen").get_data(as_text=True)


def test_mm_cmp_6_the_achievement_forms_ask_which_mouse_and_the_holder_is_shown(mm_client):
    url, token = new_game(mm_client)  # Lily and Filch
    html = mm_client.get(url).get_data(as_text=True)
    chapter = re.search(r'<details class="mm-more" id="mm-chapter">.*?</details>', html, re.S).group(0)
    cheese = re.search(r'<form[^>]*>(?:(?!</form>).)*value="cheesemaster".*?</form>', chapter, re.S).group(0)
    assert 'name="mouse" required' in cheese and "— which mouse? —" in cheese
    assert '<option value="lily">Lily</option>' in cheese and '<option value="filch">Filch</option>' in cheese
    scaper = re.search(r'<form[^>]*>(?:(?!</form>).)*value="scaper".*?</form>', chapter, re.S).group(0)
    assert "disabled" in scaper and "for a mouse captured twice" in scaper and 'name="mouse"' not in scaper
    html = act(mm_client, url, token, version(html), "earn_achievement", achievement="cheesemaster",
               mouse="filch").get_data(as_text=True)
    assert "Cheesemaster (Filch) (+1)" in re.search(r'<div id="mm-hourglass".*?</div>', html, re.S).group(0)
    assert "Cheesemaster (Filch)" in mm_client.get(url + "/screen").get_data(as_text=True)
    # the rats' turn: the Cheesemaster's effect is shown while it can matter
    for _ in range(4):
        if "Minions: Rat Warriors" in html:
            break
        html = act(mm_client, url, token, version(html), "next_turn").get_data(as_text=True)
    now = re.search(r'<section class="mm-now".*?</section>', html, re.S).group(0)
    assert "Cheesemaster (Filch): each time Filch rolls cheese on a defence roll" in now


def test_mm_cmp_5_the_setup_page_knows_chapter_1s_party_setup(mm_client):
    from tests.conftest import csrf_token
    from tests.web.test_mice_mystics_pages import setup_form
    html = mm_client.get("/new/mice_mystics").get_data(as_text=True)
    assert re.search(r'<option value="1" selected>Chapter 1: Flight to Barksburg</option>', html)
    token = csrf_token(mm_client)
    form = setup_form(token, story_chapter="1", **{"mouse[]": ["collin", "filch", "maginos", "lily"]})
    response = mm_client.post("/new/mice_mystics", data=form)
    assert response.status_code != 303
    assert "Lily cannot be one of the 4 mice of Chapter 1" in response.get_data(as_text=True)
    form = setup_form(token, story_chapter="1", **{"mouse[]": ["collin", "filch", "maginos", "nez"]})
    assert mm_client.post("/new/mice_mystics", data=form).status_code == 303


def test_mm_cmp_5_the_next_chapter_form_changes_the_party(mm_client):
    url, token = new_game(mm_client, story_chapter="1", **{"mouse[]": ["collin", "filch", "maginos", "nez"],
                                                           "controller_nez": "Di"})
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "mark_victory").get_data(as_text=True)
    form = re.search(r'<section id="mm-continue".*?</section>', html, re.S).group(0)
    for mouse in ("collin", "filch", "maginos", "nez"):
        assert f'name="mouse[]" value="{mouse}" checked' in form
    assert 'name="mouse[]" value="lily" >' in form or 'name="mouse[]" value="lily">' in form
    assert 'name="controller_nez"' in form and 'value="Di"' in form and 'name="story_chapter"' in form
    assert "How the app reads an unclear rule" in form and "sits a chapter out keeps its ability cards" in form
    html = act(mm_client, url, token, version(html), "next_chapter", replay="no", choose_party="1",
               chapter_name="Chapter 2", chapter_end_page="8", story_chapter="", search_card_nez="Tinder",
               controller_lily="Di", **{"mouse[]": ["collin", "filch", "maginos", "lily"],
                                        "custom_mouse[]": [""], "custom_controller[]": [""],
                                        "minion_type[]": ["", "", ""], "minion_count[]": ["1", "1", "1"]}
               ).get_data(as_text=True)
    assert '<strong id="mm-chapter-name">Chapter 2</strong>' in words(html)
    mice = re.search(r'<section id="mm-mice".*?</section>', html, re.S).group(0)
    assert 'id="mm-mouse-lily"' in mice and 'id="mm-mouse-nez"' not in mice
    assert "Sitting this chapter out" in mice and "Nez (1 ability card, Tinder)" in mice
    assert "Lily joins the party" in html and "Nez sits this chapter out" in html
    assert "Di" in re.search(r'id="mm-mouse-lily">.*?</li>', mice, re.S).group(0)


def test_the_arrive_form_folds_our_reading_of_a_new_encounter_on_a_track_without_minions(mm_client):
    url, token = new_game(mm_client, **{"minion_type[]": ["", "", "", ""]})
    html = mm_client.get(url).get_data(as_text=True)
    arrive = html.split('id="mm-arrive"')[1].split('id="mm-encounter"')[0]
    assert "How the app reads" in arrive and "the card on space 1 acts next" in arrive
    assert "except cards that came with a surge" in arrive
