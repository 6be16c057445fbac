"""Mice and Mystics screens through the Flask test client: the setup form, the panel, refusals, escaping."""
from __future__ import annotations

import re

import pytest

from companion.storage import store
from tests.conftest import csrf_token, make_app
from tests.web.helpers import act, alert, words

KIND = "companion.rules.mice_mystics"


@pytest.fixture
def mm_client(tmp_path):
    app = make_app(tmp_path / "mm.db", extra_kinds=(KIND,))
    return app.test_client()


def setup_form(token: str, **extra) -> dict:
    """What the setup page's form sends when Lily (Ann) and Filch are ticked, rats on the board."""
    form = {
        "csrf_token": token, "title": "",
        "mouse[]": ["lily", "filch"],
        "controller_collin": "", "controller_lily": "Ann", "controller_filch": "",
        "custom_mouse[]": ["", "", ""], "custom_controller[]": ["", "", ""],
        "chapter_name": "Chapter 1", "chapter_end_page": "6",
        "minion_type[]": ["rat_warriors", "", "", ""], "minion_count[]": ["2", "1", "1", "1"],
    }
    form.update(extra)
    return form


def new_game(client, **extra) -> tuple[str, str]:
    token = csrf_token(client)
    response = client.post("/new/mice_mystics", data=setup_form(token, **extra))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"], token


def version(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


def test_setup_page_offers_the_mice_by_box_the_chapter_and_the_minions(mm_client):
    html = mm_client.get("/new/mice_mystics").get_data(as_text=True)
    for name in ("Collin", "Filch", "Lily", "Maginos", "Nez", "Tilda", "Neré", "Ansel", "Jakobe", "Ditty"):
        assert name in html
    assert "Heart of Glorm" in html and "Downwood Tales" in html
    assert 'name="mouse[]" value="nere"' in html
    assert 'name="controller_lily"' in html and 'name="custom_mouse[]"' in html
    assert 'name="chapter_end_page"' in html and 'value="6"' in html
    assert 'name="minion_type[]"' in html and 'name="minion_count[]"' in html


def test_setup_through_the_form_shows_the_track_and_the_controllers(mm_client, tmp_path):
    url, token = new_game(mm_client, **{"custom_mouse[]": ["", "Squeak", ""],
                                        "custom_controller[]": ["", "Bo", ""]})
    html = mm_client.get(url).get_data(as_text=True)
    assert 'class="mm-track"' in html
    track = re.search(r'<ol class="mm-track">(.*?)</ol>', html, re.S).group(1)
    assert track.count('<li class="mm-card') == 4  # Lily, Filch, Squeak and the rats
    for name in ("Lily", "Filch", "Squeak", "Rat Warriors"):
        assert name in track
    assert track.count('aria-current="step"') == 1 and "▶ now" in track
    assert "2 figures" in track
    assert "Next ▶" in html
    with mm_client.application.app_context():
        game = store.find(url.rsplit("/", 1)[-1])
        mice = {m["id"]: m["controller"] for m in game.state["mice"]}
    assert mice == {"lily": "Ann", "filch": None, "mouse_1": "Bo"}


def test_setup_without_a_mouse_shows_the_form_again_with_the_message(mm_client):
    token = csrf_token(mm_client)
    response = mm_client.post("/new/mice_mystics", data=setup_form(token, **{"mouse[]": [],
                                                                              "chapter_name": "Kept"}))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Missing value" in alert(html)
    assert 'value="Kept"' in html


def test_next_through_htmx_returns_the_panel(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    response = act(mm_client, url, token, version(html), "next_turn")
    assert response.status_code == 200
    panel = response.get_data(as_text=True)
    assert panel.lstrip().startswith('<section id="game-panel"')
    assert "<html" not in panel
    assert "Next ▶" in panel and 'class="mm-track"' in panel
    assert version(panel) == version(html) + 1


def first_mouse_turn(client, url, token) -> str:
    """Press Next until a mouse acts; return the panel."""
    html = client.get(url).get_data(as_text=True)
    for _ in range(4):
        if 'id="mm-turn"' in html:
            return html
        html = act(client, url, token, version(html), "next_turn").get_data(as_text=True)
    raise AssertionError("no mouse turn")


def test_a_second_action_in_one_turn_is_refused_with_the_message(mm_client):
    url, token = new_game(mm_client)
    html = first_mouse_turn(mm_client, url, token)
    html = act(mm_client, url, token, version(html), "do_action", kind="battle").get_data(as_text=True)
    assert "Finish Battle" in html
    response = act(mm_client, url, token, version(html), "do_action", kind="search")
    assert response.status_code == 422
    assert "has already taken an action this turn" in alert(response.get_data(as_text=True))


def test_a_negative_mouse_cheese_is_refused_with_the_message(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    response = act(mm_client, url, token, version(html), "mouse_cheese", mouse="filch", delta="-1")
    assert response.status_code == 422
    assert alert(response.get_data(as_text=True)) == "Filch has only 0 cheese."


def test_player_entered_names_are_escaped(mm_client):
    evil = "<b>x</b>&"
    url, token = new_game(mm_client, chapter_name=evil, controller_lily="<i>Ann</i>",
                          **{"custom_mouse[]": ["<script>m</script>", "", ""]})
    html = mm_client.get(url).get_data(as_text=True)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;&amp;" in html
    assert "<script>m</script>" not in html and "&lt;script&gt;m&lt;/script&gt;" in html
    assert "<i>Ann</i>" not in html and "&lt;i&gt;Ann&lt;/i&gt;" in html
    # the encounter card's name comes back escaped too
    response = act(mm_client, url, token, version(html), "set_encounter_card", name="<u>Card</u>",
                   **{"row_pages[]": ["1-2", "", "", ""], "row_minions[]": ["Roaches=2", "", "", ""]})
    panel = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<u>Card</u>" not in panel and "&lt;u&gt;Card&lt;/u&gt;" in panel
    assert "▶ read now" in panel and "Roaches ×2" in panel


def test_the_wheel_shows_six_slots_and_a_surge_asks_the_question(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    assert html.count('class="mm-slot mm-empty"') == 6
    response = act(mm_client, url, token, version(html), "add_cheese", n="5", reason="minion_attack")
    html = response.get_data(as_text=True)
    assert html.count('class="mm-slot mm-full"') == 5 and 'id="mm-wheel-count">5<' in html
    html = act(mm_client, url, token, version(html), "add_cheese", n="1", reason="room_rule").get_data(as_text=True)
    assert 'id="mm-surge"' in html and "Does this room have a special surge?" in html
    assert 'id="mm-page">2<' in html
    refused = act(mm_client, url, token, version(html), "next_turn")
    assert refused.status_code == 422 and "A surge is waiting" in alert(refused.get_data(as_text=True))
    html = act(mm_client, url, token, version(html), "resolve_surge", room_surge="yes",
               **{"minion_type[]": ["roaches", "", ""], "minion_count[]": ["2", "1", "1"],
                  "die[]": ["", "", "", ""]}).get_data(as_text=True)
    assert 'id="mm-surge"' not in html and "Roaches" in html


def test_the_end_banner_when_the_chapter_is_won(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "mark_victory").get_data(as_text=True)
    assert 'id="mm-end"' in html and "Victory! The chapter is won." in html
    assert "btn-huge" not in html.split('id="mm-campaign"')[0]  # no Next under a finished chapter (issue 26)


def test_minions_arrive_form_with_blank_rows_and_die_values(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    response = act(mm_client, url, token, version(html), "minions_arrive", source="event", ambush="yes",
                   **{"minion_type[]": ["", "roaches", ""], "minion_count[]": ["1", "3", "1"],
                      "die[]": ["1", "3", "", ""]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200, alert(html)
    assert 'id="mm-ambush-log"' in html and "rolled" in html
    assert "3 figures" in html


def test_captured_mice_are_marked_and_all_captured_loses_with_a_banner(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "capture_mouse", mouse="lily").get_data(as_text=True)
    track = re.search(r'<ol class="mm-track">(.*?)</ol>', html, re.S).group(1)
    lily = re.search(r'<li class="mm-card mm-card-mouse[^"]*mm-captured"[^>]*>.*?</li>', track, re.S).group(0)
    assert "Lily" in lily and re.search(
        r'mm-badge-captured"><svg[^>]*><use href="[^"]*#captured"></use></svg> captured<', lily
    )
    assert 'id="mm-page">2<' in html  # a capture moves the hourglass
    html = act(mm_client, url, token, version(html), "capture_mouse", mouse="filch").get_data(as_text=True)
    assert 'id="mm-end"' in html and "The chapter is lost: every mouse is captured." in html
    refused = act(mm_client, url, token, version(html), "add_cheese", n="1", reason="room_rule")
    assert refused.status_code == 422
    assert "The chapter is over" in alert(refused.get_data(as_text=True))


def test_the_party_defines_its_own_minion_type_and_it_can_arrive(client):
    from tests.conftest import csrf_token
    token = csrf_token(client, "/new/mice_mystics")
    response = client.post("/new/mice_mystics", data={
        "csrf_token": token, "mouse": ["lily", "nez"], "controller_lily": "", "controller_nez": "",
        "chapter_name": "Chapter 1", "chapter_end_page": "6",
        "minion_type[]": ["", "", "", ""], "minion_count[]": ["1", "1", "1", "1"],
        "custom_minion_name[]": ["Frogs", ""], "custom_minion_cards[]": ["1", "1"],
        "custom_minion_boss[]": ["no", "no"], "custom_minion_aggressive[]": ["yes", "no"]})
    assert response.status_code == 303
    url = response.headers["Location"]
    html = client.get(url).get_data(as_text=True)
    assert ">Frogs<" in html  # offered in "Minions arrive"
    code = url.rsplit("/", 1)[1]
    state = client.get(f"/api/games/{code}").get_json()["state"]
    assert [t for t in state["minion_types"].values() if t.get("name") == "Frogs"][0]["aggressive"] is True


def test_a_chapter_without_a_name_is_called_the_chapter_in_each_devices_language(mm_client):
    url, _ = new_game(mm_client, chapter_name="")
    english = mm_client.get(url).get_data(as_text=True)
    assert '<strong id="mm-chapter-name">The chapter</strong>' in english
    russian = mm_client.get(url, headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert '<strong id="mm-chapter-name">Глава</strong>' in russian
    assert "Глава" in mm_client.get(url + "/screen", headers={"Accept-Language": "ru"}).get_data(as_text=True)


def test_the_setup_form_fills_in_no_chapter_name_so_another_chapter_is_not_called_chapter_1(mm_client):
    # The walk: "Another chapter" chosen, the name left as the form filled it in, and the game said "Chapter 1".
    html = mm_client.get("/new/mice_mystics").get_data(as_text=True)
    field = re.search(r'<input id="chapter-name"[^>]*>', html).group(0)
    assert 'value=""' in field or "value=" not in field
    url, _ = new_game(mm_client, story_chapter="", chapter_name="")
    html = mm_client.get(url).get_data(as_text=True)
    assert (
        '<strong id="mm-chapter-name">The chapter</strong>' in html
        and "Chapter 1" not in words(html).split("<main", 1)[1][:3000]
    )


def test_a_story_chapter_without_a_name_takes_the_books_name_in_each_devices_language(mm_client):
    url, token = new_game(mm_client, story_chapter="1", chapter_name="", **{
        "mouse[]": ["collin", "filch", "nez", "tilda"], "chapter_end_page": "6"})
    assert '<strong id="mm-chapter-name">Chapter 1: Flight to Barksburg</strong>' in mm_client.get(url).get_data(
        as_text=True)
    russian = {"Accept-Language": "ru"}
    assert '<strong id="mm-chapter-name">Глава 1: Бегство в Барксбург</strong>' in mm_client.get(
        url, headers=russian).get_data(as_text=True)
    assert "Chapter 1: Flight to Barksburg" in mm_client.get(url + "/screen").get_data(as_text=True)
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "mark_victory").get_data(as_text=True)
    assert "Chapter 1: Flight to Barksburg won in round 1" in mm_client.get(url + "/history").get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "next_chapter", replay="no", chapter_name="",
               story_chapter="", chapter_end_page="8",
               **{"minion_type[]": ["roaches", "", ""], "minion_count[]": ["3", "1", "1"]}).get_data(as_text=True)
    assert '<strong id="mm-chapter-name">The chapter</strong>' in html
    campaign = re.search(r'<details class="mm-more" id="mm-campaign".*?</details>', html, re.S).group(0)
    assert "Chapter 1: Flight to Barksburg" in campaign


def test_an_encounter_card_takes_minion_names_typed_in_the_devices_language(mm_client):
    url, token = new_game(mm_client)
    russian = {"Accept-Language": "ru"}
    html = mm_client.get(url, headers=russian).get_data(as_text=True)
    assert "«Крысы-воины=2, Тараканы»" in html
    response = mm_client.post(url + "/act", headers=russian, data={
        "csrf_token": token, "version": str(version(html)), "action": "set_encounter_card", "name": "Кухня",
        "row_pages[]": ["1-2", "3+"], "row_minions[]": ["тараканы=2, Крысы-воины", "Паук"]})
    assert response.status_code in (200, 303), response.get_data(as_text=True)
    with mm_client.application.app_context():
        from companion.storage import store
        card = store.find(url.rsplit("/", 1)[1]).state["encounter_card"]
    assert [[m["type"] for m in row["minions"]] for row in card["rows"]] == [["roaches", "rat_warriors"], ["spider"]]
    assert card["rows"][0]["minions"][0]["figures"] == 2
    # a name the catalogue does not know is still refused with a clear message, nothing stored
    refused = mm_client.post(url + "/act", headers=russian, data={
        "csrf_token": token, "version": str(version(html) + 1), "action": "set_encounter_card",
        "row_pages[]": ["1"], "row_minions[]": ["Дракон"]})
    assert refused.status_code == 400 and "Дракон" in refused.get_data(as_text=True)


def test_mm_chz_3_the_wheel_takes_a_whole_roll_in_one_tap(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    # one form (in the wheel's box, or on the minions' turn in their moment): the reason once, then one button
    # per roll size, each sending its own n
    forms = re.findall(r'<form[^>]*>(?:(?!</form>).)*name="action" value="add_cheese".*?</form>', html, re.S)
    assert len(forms) == 1
    form = forms[0]
    assert form.count('name="reason"') == 1
    for n in range(1, 7):
        assert re.search(rf'<button[^>]*name="n" value="{n}"[^>]*>\s*\+{n}\s*</button>', form), n
    response = act(mm_client, url, token, version(html), "add_cheese", n="5", reason="minion_attack")
    html = act(mm_client, url, token, version(response.get_data(as_text=True)), "add_cheese", n="3",
               reason="minion_attack").get_data(as_text=True)
    assert 'id="mm-surge"' in html and 'id="mm-page">2<' in html
    assert "2 cheese above 6 are discarded" in html


def test_mm_min_1_spiders_wounds_per_figure_on_the_track_the_turn_and_the_group_screen(mm_client):
    url, token = new_game(
        mm_client, **{"minion_type[]": ["spider", "", "", ""], "minion_count[]": ["2", "1", "1", "1"]}
    )
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "wound_minion", card="spider", figure="2").get_data(as_text=True)
    track = re.search(r'<ol class="mm-track">(.*?)</ol>', html, re.S).group(0)
    assert "Spider 1" in track and "Spider 2" in track
    assert "0 of 3 wounds" in track and "1 of 3 wounds" in track
    assert (
        "keeps its own wounds" in track and "How the app reads an unclear rule" in track
    )  # the reading the app took, where the book is silent
    screen = mm_client.get(url + "/screen").get_data(as_text=True)
    assert "1: 0/3 · 2: 1/3" in screen
    while 'id="mm-whose-turn" class="mm-whose" data-announce>Minions: Spider' not in html:
        html = act(mm_client, url, token, version(html), "next_turn").get_data(as_text=True)
    # the acting Spider's figures, each with its wounds and buttons, are in the minions' moment
    now = re.search(r'<div class="mm-minions-turn">.*?<section class="mm-now"', html, re.S).group(0)
    assert "1 of 3 wounds" in now and 'value="wound_minion"' in now
    for _ in range(2):
        html = act(mm_client, url, token, version(html), "wound_minion", card="spider", figure="1", n="3").get_data(
            as_text=True
        )
    assert "Spider" not in re.search(r'<ol class="mm-track">(.*?)</ol>', html, re.S).group(0)


def test_mm_cmp_1_the_chapter_summary_on_the_page_the_group_screen_the_history_and_the_export(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "mouse_cheese", mouse="lily", delta="4").get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "earn_achievement", achievement="roachmaster",
               mouse="lily").get_data(as_text=True)
    assert "Roachmaster (Lily) (+1)" in re.search(r'<div id="mm-hourglass".*?</div>', html, re.S).group(0)
    html = act(mm_client, url, token, version(html), "capture_mouse", mouse="filch").get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "earn_achievement", achievement="story",
               name="<i>Miz</i>").get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "mark_victory").get_data(as_text=True)
    end = words(re.search(r'<section id="mm-end".*?</section>', html, re.S).group(0))
    assert "<i>Miz</i>" not in html and "Roachmaster (Lily), &lt;i&gt;Miz&lt;/i&gt;" in end  # the group's text, escaped
    assert "Victory! The chapter is won." in end and "Page 2 of 7" in end and "Roachmaster" in end
    assert re.search(r"<th scope=\"row\">Lily</th><td>4</td><td>0</td>", end)
    assert re.search(r"<th scope=\"row\">Filch</th><td>0</td><td>1</td>", end)
    screen = mm_client.get(url + "/screen").get_data(as_text=True)
    assert "Victory! The chapter is won." in screen and "<th scope=\"row\">Lily</th><td>4</td>" in screen
    history = words(mm_client.get(url + "/history").get_data(as_text=True))
    assert "Chapter 1 won in round 1, hourglass on page 2 of 7; cheese gained: Lily 4, Filch 0" in history
    assert "<i>Miz</i>" not in history and "&lt;i&gt;Miz&lt;/i&gt;" in history
    exported = mm_client.get(url + "/export").get_json()
    assert exported["state"]["chapters"][-1]["result"] == "victory"
    assert exported["state"]["chapters"][-1]["mice"][0] == {"mouse": "lily", "name": None, "cheese_gained": 4,
                                                            "captures": 0}
    russian = mm_client.get(url + "/history", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Лили 4" in russian


def test_mm_cmp_2_a_finished_chapter_goes_on_into_the_next_through_the_form(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    assert 'id="mm-continue"' not in html
    html = act(mm_client, url, token, version(html), "mark_victory").get_data(as_text=True)
    assert 'id="mm-continue"' in html and 'name="search_card_lily"' in html
    html = act(mm_client, url, token, version(html), "next_chapter", replay="no", chapter_name="Chapter 2",
               chapter_end_page="8", search_card_lily="<b>Tinder</b>", search_card_filch="",
               **{"minion_type[]": ["roaches", "", ""], "minion_count[]": ["3", "1", "1"]}).get_data(as_text=True)
    assert 'id="mm-end"' not in html and 'id="mm-continue"' not in html
    assert '<strong id="mm-chapter-name">Chapter 2</strong>' in words(html) and 'id="mm-page">1<' in html
    assert "kept search card: &lt;b&gt;Tinder&lt;/b&gt;" in html
    campaign = re.search(r'<details class="mm-more" id="mm-campaign".*?</details>', html, re.S).group(0)
    assert "Chapter 1" in campaign and "Victory! The chapter is won." in campaign
    # The group screen says the campaign in one line (the phones list its chapters).
    assert "Campaign: chapter 2 (won 1, lost 0)" in mm_client.get(url + "/screen").get_data(as_text=True)


def test_a_mouse_takes_a_rolls_cheese_in_one_tap(mm_client):
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    lily = re.search(r'<li class="mm-mouse" id="mm-mouse-lily">.*?</li>', html, re.S).group(0)
    form = re.search(r'<form class="act mm-plus".*?</form>', lily, re.S).group(0)
    for delta in ("1", "2", "3", "-1"):
        assert f'name="delta" value="{delta}"' in form
    assert 'aria-label="+3 cheese for Lily"' in form
    html = act(mm_client, url, token, version(html), "mouse_cheese", mouse="lily", delta="3").get_data(as_text=True)
    assert re.search(r'id="mm-mouse-lily">.*?<strong class="mm-cheese-count">3</strong>', html, re.S)


def test_mm_ini_8_the_arrive_form_takes_a_die_for_every_card_an_ambush_moves(mm_client):
    """Rats on the board, then an Ambush brings roaches, Brodie and Vanestra (two cards each): six minion
    cards to roll for (the form had four boxes). The form has a box for each of the table's dice."""
    url, token = new_game(mm_client)
    html = mm_client.get(url).get_data(as_text=True)
    assert len(re.findall(r'id="arrive-die-\d+"', html)) == 1 + 6  # the rats' card, and 3 types of up to 2
    response = act(mm_client, url, token, version(html), "minions_arrive", source="encounter", ambush="yes",
                   **{"minion_type[]": ["roaches", "brodie", "vanestra"], "minion_count[]": ["2", "1", "1"],
                      "die[]": ["1", "2", "3", "1", "2", "3", ""]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200, alert(html)
    assert len(re.findall(r'<li class="mm-card mm-card-minion', html)) == 6  # rats, roaches, Brodie ×2, Vanestra ×2


def test_mm_set_3_the_groups_own_minion_type_can_be_on_the_board_at_the_start(mm_client):
    token = csrf_token(mm_client, "/new/mice_mystics")
    page = mm_client.get("/new/mice_mystics").get_data(as_text=True)
    assert 'value="own_type_1"' in page and 'value="own_type_2"' in page
    own = {"custom_minion_name[]": ["", "Frogs"], "custom_minion_cards[]": ["1", "1"],
           "custom_minion_boss[]": ["no", "no"], "custom_minion_aggressive[]": ["no", "no"],
           "custom_minion_life[]": ["", "2"]}
    response = mm_client.post("/new/mice_mystics", data=setup_form(
        token, **{"minion_type[]": ["own_type_2", "roaches", "", ""], "minion_count[]": ["3", "1", "1", "1"]}, **own))
    assert response.status_code == 303, alert(response.get_data(as_text=True))
    code = response.headers["Location"].rsplit("/", 1)[1]
    state = mm_client.get(f"/api/games/{code}").get_json()["state"]
    frogs = next(c for c in state["initiative_track"] if c["kind"] == "minion" and c["minion"] == "minion_1")
    assert state["minion_types"]["minion_1"]["name"] == "Frogs" and frogs["figures"] == 3
    assert state["chapter_setup"]["minions"][0] == {"type": "minion_1", "figures": 3}


def test_mm_set_3_an_own_type_chosen_but_not_named_is_refused_with_the_message(mm_client):
    token = csrf_token(mm_client, "/new/mice_mystics")
    response = mm_client.post("/new/mice_mystics", data=setup_form(
        token, **{"minion_type[]": ["own_type_1", "", "", ""], "custom_minion_name[]": ["", ""]}))
    html = response.get_data(as_text=True)
    assert response.status_code in (400, 422)
    assert "Your own minion type 1 has no name yet" in html
    assert re.search(r'<option value="own_type_1"\s+selected', html)  # the form keeps the choice
