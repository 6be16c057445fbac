"""Whatever the app writes, it reads back (issue 24, point 2): a game exported is imported as the same game,
with the same history. The import stays a strict check of bounded data; its bounds are the writer's own."""
from __future__ import annotations

import json

import sqlalchemy as sa

from companion.storage.models import Event, Game, db
from companion.rules.base import MAX_MSGID, MAX_PARAM_VALUES, MAX_TEXT_PARAMS, PLACEHOLDER, is_plain_text
from tests.web.test_catalogs import catalog

MICE = {"mouse": ["collin", "lily"]}
MK_THREE = {"player_name": ["Anna", "Boris", "Chen"], "hero": ["tovak", "goldyx", "krang"], "scenario": "custom",
            "mode": "competitive", "round_limit": "1"}
EVENT_FIELDS = ("seq", "action", "params", "label", "notices", "device_label", "at", "state_before", "undoes_seq",
                "undo_next")


def game_and_history(app, code: str, fields: tuple = EVENT_FIELDS) -> tuple:
    """The game as the database holds it (but its code) and every event of its history, undo chain too."""
    with app.app_context():
        game = db.session.scalar(sa.select(Game).where(Game.code == code))
        events = db.session.scalars(sa.select(Event).where(Event.game_id == game.id).order_by(Event.seq)).all()
        return ((game.kind, game.title, game.version, game.state),
                [tuple(getattr(e, name) for name in fields) for e in events])


def exported_and_imported(client, app, code: str) -> str:
    """Export the game, import the file: the new game is the same game. Returns its code."""
    exported = client.get(f"/api/games/{code}/export")
    assert exported.status_code == 200
    response = client.post("/api/import", data=exported.get_data(), content_type="application/json")
    assert response.status_code == 201, response.get_json()
    new = response.get_json()["code"]
    assert game_and_history(app, new) == game_and_history(app, code)
    return new


def change(client, code: str, action: str, **params) -> dict:
    version = client.get(f"/api/games/{code}").get_json()["version"]
    response = client.post(f"/api/games/{code}/actions", json={"action": action, "version": version, "params": params})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def undo(client, code: str) -> None:
    version = client.get(f"/api/games/{code}").get_json()["version"]
    assert client.post(f"/api/games/{code}/undo", json={"version": version}).status_code == 200


def test_the_issue_s_undone_victory_with_two_achievements_imports_back(client, app):
    code = client.post("/api/games", json={"kind": "mice_mystics", "title": "rt", "setup": MICE}).get_json()["code"]
    change(client, code, "earn_achievement", achievement="cheesemaster", mouse="collin")
    change(client, code, "earn_achievement", achievement="roachmaster", mouse="lily")
    change(client, code, "mark_victory")
    undo(client, code)
    exported_and_imported(client, app, code)


def finished_mage_knight(client) -> str:
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": MK_THREE}).get_json()["code"]
    for _ in range(20):
        game = client.get(f"/api/games/{code}").get_json()
        if game["state"]["phase"] == "finished":
            return code
        offered = game["view"]["actions"]
        pick = next(a for name in ("pick_tactic", "announce_end_of_round", "end_turn") for a in offered
                    if a["action"] == name)
        change(client, code, pick["action"], **pick["params"])
    raise AssertionError("the one-round game did not end")


def test_an_undone_mage_knight_score_entry_imports_back(client, app):
    code = finished_mage_knight(client)
    change(client, code, "enter_score", player="p1", spells=2, artifacts=1, crystals=3)
    undo(client, code)
    exported_and_imported(client, app, code)


def test_the_final_score_of_three_players_imports_back(client, app):
    code = finished_mage_knight(client)
    for seat in ("p1", "p2", "p3"):
        change(client, code, "enter_score", player=seat, spells=1, done=True)
    notices = client.get(f"/api/games/{code}/events?limit=1").get_json()[0]["notices"]
    assert notices and notices[0]["text"].startswith("Final score: ") and "Chen" in notices[0]["text"]
    new = exported_and_imported(client, app, code)
    undo(client, new)  # and the imported game goes on as the first would (its undo made a moment later)
    undo(client, code)
    later = tuple(name for name in EVENT_FIELDS if name != "at")
    assert game_and_history(app, new, later) == game_and_history(app, code, later)


def test_a_campaign_s_long_list_of_achievements_imports_back(client, app):
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MICE}).get_json()["code"]
    for n in range(30):
        change(client, code, "earn_achievement", achievement="story", name=f"Story {n}")
    change(client, code, "earn_achievement", achievement="cheesemaster", mouse="collin")
    change(client, code, "mark_victory")
    change(client, code, "next_chapter", replay="yes")
    summary = change(client, code, "mark_victory")["change"]["notices"][0]["text"]  # the chapter's summary
    assert summary.endswith("Story 18, 11 more") and "Story 19" not in summary  # 19 of the 30, then the rest
    undo(client, code)
    exported_and_imported(client, app, code)


def test_params_as_large_as_an_action_may_send_import_back(client, app):
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MICE}).get_json()["code"]
    deep = ["x"]
    for _ in range(3):
        deep = [deep]  # a field's value four deep: the most an action may send
    wide = {f"f{n}": ["y" * 200] * 9 for n in range(38)}  # 39 fields, 386 values in all
    change(client, code, "next_turn", deep=deep, **wide)
    exported_and_imported(client, app, code)


def test_a_game_file_is_still_refused_past_the_writer_s_bounds(client, app):
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MICE}).get_json()["code"]
    change(client, code, "earn_achievement", achievement="cheesemaster", mouse="collin")
    data = client.get(f"/api/games/{code}/export").get_json()
    label = data["events"][0]["label"]
    for _ in range(60):
        label = {"msgid": "Undo: {label}", "params": {"label": label}}
    too_deep = json.loads(json.dumps(data))
    too_deep["events"][0]["label"] = label
    too_wide = json.loads(json.dumps(data))
    too_wide["events"][0]["params"] = {f"f{n}": 1 for n in range(41)}
    for bad in (too_deep, too_wide):
        response = client.post("/api/import", data=json.dumps(bad).encode(), content_type="application/json")
        assert response.status_code == 400
    with app.app_context():
        assert db.session.query(Game).count() == 1


def offered(client, code: str) -> list[dict]:
    return client.get(f"/api/games/{code}").get_json()["view"]["actions"]


def play_until(client, code: str, wanted: str, *meanwhile: str) -> None:
    """Apply the first of `meanwhile` the game offers until it offers `wanted`; then apply that."""
    for _ in range(80):
        actions = offered(client, code)
        pick = next(a for name in (wanted, *meanwhile) for a in actions if a["action"] == name)
        change(client, code, pick["action"], **pick["params"])
        if pick["action"] == wanted:
            return
    raise AssertionError(f"{wanted} never came")


def test_a_mouse_s_level_its_finished_action_and_an_answered_surge_import_back(client, app):
    """The Mice and Mystics actions a random walk reaches least (tests/web/test_export_import_property.py)."""
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MICE}).get_json()["code"]
    for _ in range(6):
        change(client, code, "mouse_cheese", mouse="collin", delta=1)
    play_until(client, code, "level_up", "next_turn")
    play_until(client, code, "do_action", "next_turn")
    play_until(client, code, "finish_action")
    play_until(client, code, "resolve_surge", "add_cheese")
    undo(client, code)
    exported_and_imported(client, app, code)


def test_every_message_of_the_app_fits_the_bounds_of_a_game_file():
    """A label is one of the catalog's messages: none is longer, or has more placeholders, than an import allows
    (the Russian ones too: a label is kept as its msgid, but the pages show the translation)."""
    for lang in ("en", "ru"):
        for message in catalog(lang):
            if not message.id:
                continue  # the catalog's header
            for text in [*(message.id if isinstance(message.id, tuple) else [message.id]),
                         *(message.string if isinstance(message.string, tuple) else [message.string])]:
                if text and "%(" not in text:  # the pages' own strings (%-formatted) are never in a file
                    assert len(text) <= MAX_MSGID and len(PLACEHOLDER.findall(text)) <= MAX_TEXT_PARAMS, text
                    assert is_plain_text(text)


def test_an_action_is_refused_past_what_its_event_may_keep(client, app):
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MICE}).get_json()["code"]
    half = MAX_PARAM_VALUES // 2
    response = client.post(f"/api/games/{code}/actions", json={"action": "next_turn", "version": 0, "params": {
        "a": ["x"] * half, "b": ["y"] * half}})  # each field within bounds, both together not
    assert response.status_code == 400 and "at most 400" in response.get_json()["error"]
    with app.app_context():
        assert db.session.query(Event).count() == 0


def test_a_night_s_long_night_and_mana_search_import_back(client, app):
    """The Mage Knight tactics a random walk reaches least, used and undone."""
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": {
        "player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest",
        "start_at_night": "1"}}).get_json()["code"]
    while client.get(f"/api/games/{code}").get_json()["state"]["phase"] == "tactics":
        picks = [a for a in offered(client, code) if a["action"] == "pick_tactic"]
        pick = next((a for a in picks if a["params"]["tactic"] in ("mana_search", "long_night")), picks[0])
        change(client, code, "pick_tactic", **pick["params"])
    play_until(client, code, "use_tactic", "end_turn")
    play_until(client, code, "mana_search", "end_turn")
    undo(client, code)
    exported_and_imported(client, app, code)
