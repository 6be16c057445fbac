"""The group screen: its own page and live fragment, the join code until dismissed."""
from __future__ import annotations

import re

from tests.web.helpers import HTMX, api_act, new_counter, words


def api_get(client, code: str) -> dict:
    return client.get(f"/api/games/{code}").get_json()


def test_screen_page_and_fragment(client):
    url, _ = new_counter(client)
    page = client.get(url + "/screen").get_data(as_text=True)
    assert 'class="screen-page' in page.split("<head>")[0] or "screen-page" in page[:200]
    assert 'id="game-panel"' in page and f'data-panel-url="{url}/screen"' in page and "<svg" in page
    fragment = client.get(url + "/screen", headers=HTMX).get_data(as_text=True)
    assert (
        fragment.lstrip().startswith('<section id="game-panel" class="screen"') and '<div class="qr">' not in fragment
    )


def free_seats(html: str) -> list[str]:
    section = re.search(r'<section class="screen-seats".*?</section>', words(html), re.S)
    return re.findall(r"<li>([^<]*)</li>", section.group(0)) if section else []


def test_screen_shows_which_seats_are_free(app):
    """The seats still free, in one line (a taken seat is named with its phone beside the join code)."""
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    assert free_seats(tablet.get(url + "/screen").get_data(as_text=True)) == ["Even", "Odd"]
    phone.post(url + "/seat", data={"csrf_token": token, "seat": "even"})
    html = tablet.get(url + "/screen").get_data(as_text=True)
    assert "Free seats:" in html and free_seats(html) == ["Odd"]


def test_mice_seats_show_the_mice_names_in_the_devices_language(app):
    client = app.test_client()
    game = client.post("/api/games", json={"kind": "mice_mystics", "setup": {
        "mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}}).get_json()
    html = client.get(f"/g/{game['code']}/screen").get_data(as_text=True)
    assert free_seats(html) == ["Lily", "Nez"] and "Text(" not in html
    html = client.get(f"/g/{game['code']}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Text(" not in html and "Лили" in html


def mage_knight(client) -> str:
    return client.post("/api/games", json={"kind": "mage_knight", "setup": {
        "player_name": ["Vera", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest",
        "dice_mode": "app"}}).get_json()["code"]


def test_mage_knight_screen_shows_fame_and_level_per_player(client):
    code = mage_knight(client)
    for _ in range(9):  # 9 Fame: level 3
        api_act(client, code, "change_fame", player="p1", delta=1)
    html = client.get(f"/g/{code}/screen").get_data(as_text=True)
    assert "Vera" in html and "Fame 9 · level 3" in html and "Fame 0 · level 1" in html
    ru = client.get(f"/g/{code}/screen", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Слава 9 · уровень 3" in ru


def test_mage_knight_screen_shows_end_of_round_and_the_last_turns_left(client):
    code = mage_knight(client)
    while (view := api_get(client, code)["view"])["phase"] == "tactics":
        api_act(client, code, "pick_tactic", player=view["pick_queue"][0],
                tactic=next(t for t in view["tactics_available"] if t != "mana_steal"))
    announcer = api_get(client, code)["view"]["current_seat"]
    api_act(client, code, "announce_end_of_round", player=announcer, deck_empty=True)
    names = {"p1": "Vera", "p2": "Boris"}
    html = words(client.get(f"/g/{code}/screen", headers=HTMX).get_data(as_text=True))
    assert f"End of Round announced by {names[announcer]}." in html and "Last turns left: 1" in html


def test_mage_knight_screen_shows_the_mana_steal_die_by_its_holder(client):
    code = mage_knight(client)
    view = api_get(client, code)["view"]
    die = next(d["index"] for d in view["source"] if d["basic"] and d["status"] == "ready")
    colour = view["source"][die]["colour"]
    api_act(client, code, "pick_tactic", player=view["pick_queue"][0], tactic="mana_steal", die=die)
    html = words(client.get(f"/g/{code}/screen", headers=HTMX).get_data(as_text=True))
    holder = {"p1": "Vera", "p2": "Boris"}[view["pick_queue"][0]]
    entry = html.split(f"<strong>{holder}</strong>")[1].split("</li>")[0]
    assert "Mana Steal" in entry and f"mk-die-{colour}" in entry and "on Mana Steal" in entry


def test_mice_screen_shows_players_and_cheese_per_mouse(client):
    game = client.post("/api/games", json={"kind": "mice_mystics", "setup": {
        "mouse": ["lily", "nez"], "controller": ["Vera", "Boris"], "minion_type": ["rat_warriors"]}}).get_json()
    code = game["code"]
    api_act(client, code, "mouse_cheese", mouse="lily", delta=3)
    while api_get(client, code)["view"]["acting_card"]["kind"] != "minion":
        api_act(client, code, "next_turn")
    html = words(client.get(f"/g/{code}/screen", headers=HTMX).get_data(as_text=True))
    lily = html.split("Lily</span>")[1].split("</li>")[0]
    assert "Vera" in lily and "3 cheese" in lily
    mover = api_get(client, code)["view"]["minions_mover"]
    assert f"Moved by {mover['controller']} (" in html and "the player of" not in html


def test_screen_folds_join_and_devices_into_a_corner_once_every_seat_is_taken(app):
    phone, other, screen = app.test_client(), app.test_client(), app.test_client()
    url, token = new_counter(phone)
    phone.post(url + "/seat", data={"csrf_token": token, "seat": "even"})
    html = screen.get(url + "/screen").get_data(as_text=True)
    assert '<details id="screen-corner" open>' in html and "screen-join-folded" not in html
    other_token = other.get(url).get_data(as_text=True).split('name="csrf_token" value="')[1].split('"')[0]
    other.post(url + "/seat", data={"csrf_token": other_token, "seat": "odd"})
    html = screen.get(url + "/screen").get_data(as_text=True)
    assert '<details id="screen-corner">' in html and 'class="screen screen-join-folded"' in html
    assert "· Even" in words(html) and "· Odd" in words(html)  # each device named by its seat
    fragment = screen.get(url + "/screen", headers=HTMX).get_data(as_text=True)
    assert "screen-join-folded" in fragment and "screen-corner" not in fragment  # the live panel: just the class


def test_the_group_screens_devices_follow_who_joins_without_a_change_of_the_game(app):
    """A phone that opens the game changes nothing in it, so no live update tells the group screen: the
    screen asks for its devices again (every 15 s), and the count in the section's summary comes along."""
    phone, tablet = app.test_client(), app.test_client()
    url, _token = new_counter(phone)
    html = tablet.get(url + "/screen").get_data(as_text=True)
    assert f'hx-get="{url}/screen/devices"' in html and 'hx-trigger="every 15s"' in html
    before = re.search(r'id="screen-devices-count"[^>]*>\((\d+)\)', html).group(1)
    newcomer = app.test_client()
    newcomer.get(url)  # a third device opens the game
    again = tablet.get(url + "/screen/devices", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert again.lstrip().startswith('<ul id="screen-devices"') and "<html" not in again
    count = re.search(r'<span id="screen-devices-count" class="muted" hx-swap-oob="true">\((\d+)\)</span>', again)
    assert count and int(count.group(1)) == int(before) + 1 == again.count("<li>")
    assert tablet.get(url + "/screen/devices").status_code == 303  # without htmx: the screen itself


def test_a_won_chapter_leaves_no_card_marked_now_on_the_track(client):
    """The walk of 2026-12-04 saw the tablet's track still say "◀ now" after the chapter was won."""
    game = client.post("/api/games", json={"kind": "mice_mystics", "setup": {
        "mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}}).get_json()
    code = game["code"]

    def track() -> str:
        screen = client.get(f"/g/{code}/screen").get_data(as_text=True)
        return re.search(r'<section class="mm-screen-track".*?</section>', screen, re.S).group(0)
    assert "mm-screen-marker" in track() and 'aria-current="step"' in track()
    api_act(client, code, "mark_victory")
    assert "mm-screen-marker" not in track() and 'aria-current="step"' not in track()
    assert not any(card["acting"] for card in api_get(client, code)["view"]["track"])
