"""The tablet's first run (issue 23, point 4): Start lands on the game's own address, the creating device is
asked whether it is the group screen or a player's phone, the group screen is one visible tap away, and the
group screen keeps its join code until every seat is taken or it is folded, then a corner chip."""
from __future__ import annotations

from tests.conftest import csrf_token
from tests.web.helpers import HTMX, new_counter

MK_FORM = {"player_name[]": ["Anna", "Boris"], "hero[]": ["tovak", "goldyx"], "scenario": "first_reconnaissance",
           "round_limit": "6", "mode": "competitive", "monasteries": "0"}


def start(client) -> str:
    token = csrf_token(client, "/new/mage_knight")
    response = client.post("/new/mage_knight", data={"csrf_token": token, **MK_FORM})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def test_start_answers_with_a_redirect_to_the_games_own_address(client):
    location = start(client)
    code = location.rsplit("/", 1)[1]
    assert location == f"/g/{code}"
    # A reload is a GET of the game's address: the game, never an empty setup form.
    for _ in range(2):
        page = client.get(location).get_data(as_text=True)
        assert 'id="game-panel"' in page and 'class="setup"' not in page and "Anna" in page


def test_the_creating_device_is_asked_whether_it_is_the_group_screen_or_a_players_phone(client):
    url = start(client)
    page = client.get(url).get_data(as_text=True)
    who = page.split('id="who"')[1].split("</section>")[0]
    assert "Is this the group screen or a player’s phone?" in who
    assert f'action="{url}/screen/this"' in who and "The group screen" in who
    assert ">Anna<" in who and ">Boris<" in who  # a player's phone: its seat
    token = csrf_token(client, url)
    response = client.post(url + "/screen/this", data={"csrf_token": token})
    assert response.status_code == 303 and response.headers["Location"] == url + "/screen"
    # Answered: the game's page no longer asks it (the tablet may still open the controls).
    assert 'id="who"' not in client.get(url).get_data(as_text=True)
    assert 'id="who"' not in client.get(url, headers=HTMX).get_data(as_text=True)


def test_the_question_is_asked_in_russian_too(client):
    url = start(client)
    page = client.get(url, headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Это общий экран или телефон игрока?" in page and "Общий экран" in page


def test_the_group_screen_is_one_visible_tap_from_the_games_first_screen(client):
    url = start(client)
    page = client.get(url).get_data(as_text=True)
    chrome = page.split('<header class="chrome"')[1].split('<details class="menu"')[0]
    assert f'href="{url}/screen"' in chrome and "Group screen" in chrome  # in the chrome's row, not the menu


def test_the_group_screen_shows_the_join_code_open_until_every_seat_is_taken(app):
    phone, other, screen = app.test_client(), app.test_client(), app.test_client()
    url, token = new_counter(phone)
    code = url.rsplit("/", 1)[1]
    html = screen.get(url + "/screen").get_data(as_text=True)
    corner = html.split('<details id="screen-corner"')[1].split("</details>")[0]
    assert corner.startswith(" open") and '<div class="qr"><svg' in corner and code in corner
    phone.post(url + "/seat", data={"csrf_token": token, "seat": "even"})
    other.post(url + "/seat", data={"csrf_token": csrf_token(other, url), "seat": "odd"})
    html = screen.get(url + "/screen").get_data(as_text=True)
    corner = html.split('<details id="screen-corner"')[1].split("</details>")[0]
    # Folded to the corner chip (its summary names the code); the QR stays inside, one tap away.
    assert corner.startswith(">") and '<div class="qr"><svg' in corner
    chip = corner.split("<summary")[1].split("</summary>")[0]
    assert 'class="screen-chip"' in chip and code in chip


def test_a_folded_join_code_keeps_its_chip_and_opens_again(client):
    url, token = new_counter(client)
    code = url.rsplit("/", 1)[1]
    assert client.post(url + "/screen/qr", data={"csrf_token": token, "hide": "1"}).status_code == 303
    html = client.get(url + "/screen").get_data(as_text=True)
    corner = html.split('<details id="screen-corner"')[1].split("</details>")[0]
    assert corner.startswith(">") and '<div class="qr"><svg' in corner and code in corner.split("</summary>")[0]
    client.post(url + "/screen/qr", data={"csrf_token": token, "hide": "0"})
    assert (
        client.get(url + "/screen").get_data(as_text=True).split('<details id="screen-corner"')[1].startswith(" open")
    )
