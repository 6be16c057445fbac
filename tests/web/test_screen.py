"""The group screen: its own page and live fragment, the join code until dismissed."""
from __future__ import annotations

from tests.web.helpers import HTMX, new_counter


def test_screen_page_and_fragment(client):
    url, _ = new_counter(client)
    page = client.get(url + "/screen").get_data(as_text=True)
    assert 'class="screen-page' in page.split("<head>")[0] or "screen-page" in page[:200]
    assert 'id="game-panel"' in page and f'data-panel-url="{url}/screen"' in page and "<svg" in page
    fragment = client.get(url + "/screen", headers=HTMX).get_data(as_text=True)
    assert fragment.lstrip().startswith('<section id="game-panel" class="screen"') and "<svg" not in fragment


def test_the_join_code_shows_until_dismissed(client):
    url, token = new_counter(client)
    assert client.post(url + "/screen/qr", data={"csrf_token": token, "hide": "1"}).status_code == 303
    assert "<svg" not in client.get(url + "/screen").get_data(as_text=True)
    client.post(url + "/screen/qr", data={"csrf_token": token, "hide": "0"})
    assert "<svg" in client.get(url + "/screen").get_data(as_text=True)


def test_screen_shows_which_seats_are_taken(app):
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    phone.post(url + "/seat", data={"csrf_token": token, "seat": "even"})
    html = tablet.get(url + "/screen").get_data(as_text=True)
    assert "Even: <strong>taken</strong>" in html and "Odd: <span" in html


def test_mice_seats_show_the_mice_names_in_the_devices_language(app):
    client = app.test_client()
    game = client.post("/api/games", json={"kind": "mice_mystics", "setup": {
        "mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}}).get_json()
    html = client.get(f"/g/{game['code']}/screen").get_data(as_text=True)
    assert "Lily: <span" in html and "Text(" not in html
    html = client.get(f"/g/{game['code']}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Text(" not in html and "Лили" in html
