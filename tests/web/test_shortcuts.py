"""Keyboard shortcuts: each state marks its one primary button data-shortcut="next"; Undo is "undo"."""
from __future__ import annotations

import re

MK_SETUP = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest"}
MM_SETUP = {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"], "minion_count": [2]}


def create(client, kind: str, setup: dict) -> str:
    return client.post("/api/games", json={"kind": kind, "setup": setup}).get_json()["code"]


def act(client, code: str, action: str, **params) -> dict:
    game = client.get(f"/api/games/{code}").get_json()
    response = client.post(f"/api/games/{code}/actions", json={"version": game["version"], "action": action,
                                                                "params": params})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["view"]


def view(client, code: str) -> dict:
    return client.get(f"/api/games/{code}").get_json()["view"]


def shortcut_buttons(client, code: str, name: str = "next") -> list[str]:
    html = client.get(f"/g/{code}").get_data(as_text=True)
    return [re.sub(r"\s+", " ", label).strip()
            for label in re.findall(rf'<button[^>]*data-shortcut="{name}"[^>]*>(.*?)</button>', html, re.S)]


def test_mage_knight_marks_end_turn_and_the_preparation_step(client):
    code = create(client, "mage_knight", MK_SETUP)
    assert shortcut_buttons(client, code) == []  # tactics: the player chooses, no single next step
    while (v := view(client, code))["phase"] == "tactics":
        act(client, code, "pick_tactic", player=v["pick_queue"][0], tactic=v["tactics_available"][0])
    assert shortcut_buttons(client, code) == ["End turn"]
    assert len(shortcut_buttons(client, code, "undo")) == 1
    act(client, code, "announce_end_of_round", player=view(client, code)["current_seat"], deck_empty=1)
    while (v := view(client, code))["phase"] == "turns":
        act(client, code, "end_turn", player=v["current_seat"])
    assert view(client, code)["phase"] == "preparation"
    [done] = shortcut_buttons(client, code)
    assert done.startswith("Done: ")


def test_mice_and_mystics_marks_next_and_gives_way_to_a_surge(client):
    code = create(client, "mice_mystics", MM_SETUP)
    html = client.get(f"/g/{code}").get_data(as_text=True)
    assert shortcut_buttons(client, code) == ["Next ▶"]
    assert 'aria-keyshortcuts="N"' in html and 'aria-keyshortcuts="?"' in html
    assert '<dialog id="shortcuts"' in html
    act(client, code, "add_cheese", n=6, reason="minion_attack")
    html = client.get(f"/g/{code}").get_data(as_text=True)
    # The surge question is the moment: Next (which could not be pressed) gives way to it; N does nothing.
    assert 'id="mm-surge"' in html and 'data-shortcut="next"' not in html


def test_who_acts_now_is_marked_for_the_announcer(client):
    code = create(client, "mice_mystics", MM_SETUP)
    assert re.search(
        r'id="mm-whose-turn" class="mm-whose" data-announce>', client.get(f"/g/{code}").get_data(as_text=True)
    )
    assert "data-announce" in client.get(f"/g/{code}/screen").get_data(as_text=True)
    code = create(client, "mage_knight", MK_SETUP)
    html = client.get(f"/g/{code}").get_data(as_text=True)
    assert re.findall(r'<p class="(mk-now-what|mk-who)" data-announce', html) == ["mk-now-what", "mk-who"]
    assert 'id="turn-announcer"' in html and 'aria-live="polite"' in html


def test_the_shortcuts_list_is_fetched_where_a_keyboard_is_used_no_game_page_carries_it(client):
    code = create(client, "mice_mystics", MM_SETUP)
    html = client.get(f"/g/{code}").get_data(as_text=True)
    assert 'data-list="/shortcuts"' in html and "Undo the last change" not in html
    listed = client.get("/shortcuts").get_data(as_text=True)
    assert '<h2 id="shortcuts-title">Keyboard shortcuts</h2>' in listed and "Undo the last change" in listed
    russian = client.get("/shortcuts", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Горячие клавиши" in russian
