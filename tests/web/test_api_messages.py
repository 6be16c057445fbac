"""What the app says reaches a JSON client in the client's language, beside the msgids; the history in pages."""
from __future__ import annotations

from tests.web.helpers import MM_SETUP

RU = {"Accept-Language": "ru"}


def cyrillic(text: str) -> bool:
    return any("а" <= ch.lower() <= "я" for ch in text)


def new_game(client, kind: str, setup: dict) -> dict:
    response = client.post("/api/games", json={"kind": kind, "setup": setup}, headers=RU)
    assert response.status_code == 201
    return response.get_json()


def test_an_action_answer_in_russian_carries_russian_notices_and_view_texts(client):
    game = new_game(client, "mice_mystics", MM_SETUP)
    name = game["view"]["acting_card"]["name"]
    assert set(name) >= {"msgid", "params", "text"} and name["text"]
    response = client.post(f"/api/games/{game['code']}/actions", headers=RU, json={
        "action": "add_cheese", "version": 0, "params": {"reason": "minion_attack", "n": 6}})
    assert response.status_code == 200
    answer = response.get_json()
    change = answer["change"]
    assert change["seq"] == change["version"] == answer["version"] == 1 and change["action"] == "add_cheese"
    assert change["label_message"]["msgid"] == "Surge! Hourglass to page {page}"
    assert change["label_message"]["params"] == {"page": 2} and cyrillic(change["label"])
    assert change["label"] == change["label_message"]["text"]
    notice = change["notices"][-1]
    assert notice["msgid"].startswith("Surge! Hourglass to page {page}.") and cyrillic(notice["text"])
    assert cyrillic(answer["view"]["surge_question"]["text"])
    assert answer["view"]["surge_question"]["msgid"] == "Does this room have a special surge?"
    english = client.get(f"/api/games/{game['code']}/events").get_json()[0]
    assert english["notices"][-1]["msgid"] == notice["msgid"] and not cyrillic(english["notices"][-1]["text"])


def test_mage_knight_view_texts_are_rendered(client):
    setup = {"player_name": ["Anna", "Boris", "Clara"], "hero": ["tovak", "goldyx", "norowas"],
             "scenario": "conquer_and_hold"}
    game = new_game(client, "mage_knight", setup)
    note = game["view"]["notes"][0]  # the app's reading of the book's unclear second half (MK-SCN-4)
    assert note["msgid"].startswith("Conquer and Hold: level IV Units") and cyrillic(note["text"])
    english = client.get(f"/api/games/{game['code']}").get_json()["view"]["notes"][0]
    assert english["msgid"] == note["msgid"] and not cyrillic(english["text"])
    view = game["view"]  # the ids in the view, named without a catalog: the tactics on offer, the phase
    assert all(cyrillic(view["tactic_names_text"][t]) for t in view["tactics_available"])
    assert cyrillic(view["phase_names_text"][view["phase"]]) and set(view["names_text"]) == set(view["names"])


def test_an_undo_answer_carries_the_undo_as_a_change(client):
    game = new_game(client, "mice_mystics", MM_SETUP)
    code = game["code"]
    client.post(f"/api/games/{code}/actions", json={"action": "next_turn", "version": 0, "params": {}})
    undone = client.post(f"/api/games/{code}/undo", json={"version": 1}, headers=RU).get_json()
    change = undone["change"]
    assert (change["action"], change["undoes"], change["seq"]) == ("undo", 1, 2)
    assert change["label_message"]["msgid"] == "Undo: {label}" and cyrillic(change["label"])
    assert change["label_message"]["params"]["label"]["msgid"]  # the undone change's label, as ids too


def test_the_history_comes_in_pages_newest_first(client):
    code = client.post("/api/games", json={"kind": "counter", "setup": {"start": 0}}).get_json()["code"]
    for version in range(7):
        client.post(f"/api/games/{code}/actions", json={"action": "add", "version": version, "params": {"n": 1}})
    seqs = []
    page = client.get(f"/api/games/{code}/events?limit=3").get_json()
    while page:
        seqs += [e["seq"] for e in page]
        page = client.get(f"/api/games/{code}/events?limit=3&before={page[-1]['seq']}").get_json()
    assert seqs == [7, 6, 5, 4, 3, 2, 1]
    assert len(client.get(f"/api/games/{code}/events").get_json()) == 7
    for bad in ("limit=0", "limit=501", "before=x", "before=-1", "limit=1e3"):
        response = client.get(f"/api/games/{code}/events?{bad}")
        assert response.status_code == 400 and response.get_json()["status"] == 400, bad
