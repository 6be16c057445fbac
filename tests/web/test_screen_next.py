"""The group screen names who comes next and says what the table owes now (issue 23, point 5)."""
from __future__ import annotations

import re

from tests.web.helpers import HTMX, api_act, words

MK = {"player_name": ["Vera", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"], "scenario": "full_conquest"}
NAMES = {"p1": "Vera", "p2": "Boris", "p3": "Chen"}


def view(client, code: str) -> dict:
    return client.get(f"/api/games/{code}").get_json()["view"]


def screen(client, code: str, lang: str = "en") -> str:
    return client.get(f"/g/{code}/screen", headers={**HTMX, "Accept-Language": lang}).get_data(as_text=True)


def next_line(html: str) -> str:
    match = re.search(r'class="screen-next">([^<]*)<', words(html))
    return match.group(1).strip() if match else ""


def test_mage_knight_names_the_next_to_pick_and_the_next_turn_through_the_last_turns(client):
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": {**MK, "dice_mode": "app"}}).get_json()[
        "code"
    ]
    while (v := view(client, code))["phase"] == "tactics":
        queue = v["pick_queue"]
        assert next_line(screen(client, code)) == (f"Next: {NAMES[queue[1]]}" if len(queue) > 1 else "")
        api_act(client, code, "pick_tactic", player=queue[0],
                tactic=next(t for t in v["tactics_available"] if t not in ("mana_steal", "mana_search")))
    for _ in range(3):  # a turn each: the screen named the one whose turn comes
        named = next_line(screen(client, code))
        api_act(client, code, "end_turn", player=view(client, code)["current_seat"])
        assert named == f"Next: {NAMES[view(client, code)['current_seat']]}"
    api_act(client, code, "announce_end_of_round", player=view(client, code)["current_seat"], deck_empty=True)
    while (v := view(client, code))["phase"] == "turns":
        named = next_line(screen(client, code))
        api_act(client, code, "end_turn", player=v["current_seat"])
        after = view(client, code)
        assert named == (
            f"Next: {NAMES[after['current_seat']]}" if after["phase"] == "turns" else "Then the round ends"
        )
    assert "Далее:" not in screen(client, code, "ru")  # the preparation: nobody's turn


def test_mage_knight_says_the_table_owes_the_source_dice_before_the_first_pick(client):
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": {**MK, "dice_mode": "table"}}).get_json()[
        "code"
    ]
    first = NAMES[view(client, code)["pick_queue"][0]]
    html = screen(client, code)
    owes = html.index('class="screen-owes"')
    assert "Enter the Source dice" in html[owes:owes + 200] and "Picks a tactic now" not in html
    assert next_line(html) == f"Then {first} picks a tactic" and owes < html.index('class="screen-next"')
    assert "Введите кубики Источника" in screen(client, code, "ru")
    entry = view(client, code)["source_entry"]
    api_act(client, code, "enter_source", colours=["red", "blue", "green", "white", "gold"][:len(entry["dice"])])
    html = screen(client, code)
    assert 'class="screen-owes"' not in html and "Picks a tactic now" in html


def test_mice_and_mystics_names_the_next_card_and_its_player_and_owes_the_surge_answer(client):
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": {
        "mouse": ["lily", "nez"], "controller": ["Vera", "Boris"], "minion_type": ["rat_warriors"],
        "minion_count": [2]}}).get_json()["code"]
    for _ in range(4):
        named = next_line(screen(client, code))
        api_act(client, code, "next_turn")
        v = view(client, code)
        player = v["whose_turn"]["controller"] if v["whose_turn"] else v["minions_mover"]["controller"]
        card = {"lily": "Lily", "nez": "Nez"}.get(v["acting_card"].get("mouse"), "Rat Warriors")
        assert named == f"Next: {card} ({player})", (named, v["acting_card"])
    api_act(client, code, "add_cheese", n=6 - view(client, code)["cheese_wheel"], reason="minion_attack")
    html = screen(client, code)
    assert re.search(r'class="screen-owes">Does this room have a special surge\?<', html) and next_line(html) == ""
