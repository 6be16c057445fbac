"""One character must never break a game (issue 24, point 1).

JSON allows half a character: a lone UTF-16 surrogate (`\\ud800`) cannot be written as UTF-8, so a page
holding one could not be sent. Whatever comes in — JSON bodies, form fields, query args, game files —
passes one check that refuses it, and NUL and the other control characters, with a 400 that changes
nothing. And a game that holds such a character anyway (written into the database by hand) still renders.
"""
from __future__ import annotations

import io
import json

import pytest
import sqlalchemy as sa

from companion.storage.models import Device, Event, Game, db
from tests.conftest import csrf_token
from tests.web.helpers import HTMX

LONE_HALVES = ["x\ud800", "\udfff", "a\ud83d b"]  # a pair ("\ud83d\ude00", one emoji) is a character and fine
CONTROLS = ["a\x00b", "bell\x07", "tab\there", "line\nbreak", "cr\r", "del\x7f", "c1\x85"]
NOT_TEXT = LONE_HALVES + CONTROLS
MICE = {"mouse": ["collin", "lily"]}


def mice_game(client, title: str = "t") -> str:
    response = client.post("/api/games", json={"kind": "mice_mystics", "title": title, "setup": MICE})
    assert response.status_code == 201
    return response.get_json()["code"]


def counts(app) -> tuple:
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(m)) for m in (Game, Event, Device))


def game_row(app, code: str) -> tuple:
    with app.app_context():
        return tuple(db.session.execute(sa.select(Game.version, Game.title, Game.state).where(Game.code == code)).one())


def renders(client, code: str) -> list[str]:
    """Every page of the game, as a browser and a script get them: each answered 200, its body sent."""
    bodies = []
    for path, headers in ((f"/g/{code}", {}), (f"/g/{code}", HTMX), (f"/g/{code}/screen", {}),
                          (f"/g/{code}/screen", HTMX), (f"/g/{code}/history", {}), (f"/g/{code}/export", {}),
                          (f"/api/games/{code}", {}), (f"/api/games/{code}/events", {}),
                          (f"/api/games/{code}/export", {})):
        response = client.get(path, headers=headers)
        assert response.status_code == 200, (path, headers)
        bodies.append(response.get_data(as_text=True))
    return bodies


def test_a_lone_surrogate_in_an_action_is_refused_and_the_game_still_renders(client, app):
    code = mice_game(client)
    before = game_row(app, code)
    body = {"action": "earn_achievement", "version": 0, "params": {"achievement": "story", "name": "x\ud800"}}
    response = client.post(f"/api/games/{code}/actions", json=body)
    assert response.status_code == 400
    assert "control character or half a character" in response.get_json()["error"]
    # The same half as raw UTF-8-style bytes (Python's JSON reader lets them through as a surrogate).
    raw = json.dumps(body).encode().replace(b"\\ud800", b"\xed\xa0\x80")
    assert client.post(f"/api/games/{code}/actions", data=raw, content_type="application/json").status_code == 400
    assert game_row(app, code) == before and counts(app)[1] == 0
    renders(client, code)
    assert client.post(f"/api/games/{code}/undo", json={"version": 0}).status_code == 422  # nothing to undo


def test_a_lone_surrogate_in_a_new_game_is_refused(client, app):
    for body in ({"kind": "mice_mystics", "title": "t", "setup": {"mouse": ["collin", "\udfff"]}},
                 {"kind": "mice_mystics", "title": "x\ud800", "setup": MICE}):
        response = client.post("/api/games", json=body)
        assert response.status_code == 400, body
        assert response.get_json()["status"] == 400
    assert counts(app) == (0, 0, 0)


@pytest.mark.parametrize("text", NOT_TEXT)
def test_text_that_is_not_plain_is_refused_in_every_json_body(client, app, text):
    code = mice_game(client)
    before, numbers = game_row(app, code), counts(app)
    bodies = {
        "/api/games": [{"kind": "mice_mystics", "title": text, "setup": MICE},
                       {"kind": "mice_mystics", "setup": {"mouse": ["collin", text]}},
                       {"kind": "mice_mystics", "setup": {**MICE, text: "1"}},
                       {"kind": text, "setup": MICE}],
        f"/api/games/{code}/actions": [
            {"action": "earn_achievement", "version": 0, "params": {"achievement": "story", "name": text}},
            {"action": "next_turn", "version": 0, "params": {text: "1"}},
            {"action": "next_turn", "version": 0, "params": {"x": [[text]]}},
            {"action": "next_turn" + text, "version": 0, "params": {}},
            {"action": "next_turn", "version": 0, "params": {}, "note": text}],
        f"/api/games/{code}/undo": [{"version": 0, "note": text}],
    }
    for url, tries in bodies.items():
        for body in tries:
            response = client.post(url, json=body)
            assert response.status_code == 400, (url, body)
    assert game_row(app, code) == before and counts(app) == numbers


def test_control_characters_in_form_fields_and_query_args_are_refused(client, app):
    code = mice_game(client, "Tea time")
    token = csrf_token(client, f"/g/{code}")
    assert client.post("/device", data={"csrf_token": token, "label": "Anna"}).status_code == 303
    before, numbers = game_row(app, code), counts(app)
    posts = [("/device", {"label": "Ann\x00a"}), ("/device", {"label": "Anna", "next": "/\t/evil.example"}),
             ("/new/mice_mystics", {"title": "Tea\x00time", "mouse": ["collin", "lily"]}),
             ("/new/mice_mystics", {"title": "Tea", "mouse": ["collin", "li\x1bly"]}),
             (f"/g/{code}/rename", {"title": "Night\x00cap"}), (f"/g/{code}/rename", {"title": "Night\ncap"}),
             (f"/g/{code}/act", {"version": "0", "action": "earn_achievement", "achievement": "story",
                                 "name": "Miz\x07"}),
             (f"/g/{code}/act", {"version": "0", "action": "next_turn", "x\x00": "1"})]
    for url, fields in posts:
        for headers in ({}, HTMX):
            response = client.post(url, data={"csrf_token": token, **fields}, headers=headers)
            assert response.status_code == 400, (url, fields, headers)
            assert "control character" in response.get_data(as_text=True)
    for url in (f"/g/{code}?x=%00", f"/g/{code}/calc/nothing?n=%07", f"/api/games/{code}/events?before=%00",
                f"/g/{code}/history?q=a%0Ab"):
        assert client.get(url).status_code == 400, url
    assert game_row(app, code) == before and counts(app) == numbers
    with app.app_context():
        assert [d.label for d in db.session.query(Device)] == ["Anna"]


@pytest.fixture
def mice_export(client):
    code = mice_game(client)
    token = csrf_token(client, f"/g/{code}")
    client.post("/device", data={"csrf_token": token, "label": "Anna"})
    for version, (action, params) in enumerate([("earn_achievement", {"achievement": "story", "name": "Miz Maggie"}),
                                                ("add_cheese", {"reason": "minion_attack"})]):
        assert client.post(f"/api/games/{code}/actions",
                           json={"action": action, "version": version, "params": params}).status_code == 200
    return client.get(f"/api/games/{code}/export").get_data(as_text=True)


@pytest.mark.parametrize("text", ["Miz\ud800", "Miz\x00", "Miz\x1b"])
def test_an_imported_file_with_a_character_that_is_not_text_is_refused(client, app, mice_export, text):
    numbers = counts(app)
    changes = [lambda d: d.update(title=text),
               lambda d: d["state"]["achievements"][0].update(name=text),
               lambda d: d["events"][1]["state_before"]["achievements"][0].update(name=text),
               lambda d: d["events"][0].update(device_label=text),
               lambda d: d["events"][0]["params"].update(name=text),
               lambda d: d["events"][0]["params"].update({text: "1"}),
               lambda d: d["events"][0]["label"]["params"].update(achievement=text),
               lambda d: d["events"][1].update(notices=[{"msgid": text, "params": {}}])]
    token = csrf_token(client)
    for change in changes:
        data = json.loads(mice_export)
        change(data)
        body = json.dumps(data).encode()
        assert client.post("/api/import", data=body, content_type="application/json").status_code == 400
        upload = {"csrf_token": token, "file": (io.BytesIO(body), "game.json")}
        assert client.post("/import", data=upload).status_code == 400
    assert counts(app) == numbers
    assert client.post("/api/import", data=mice_export.encode(), content_type="application/json").status_code == 201
