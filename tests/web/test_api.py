"""The JSON API goes through the same pipeline, with the same answers; export and import."""
from __future__ import annotations

import io
import json

from tests.web.helpers import act, new_counter


def create(client, start=2):
    response = client.post("/api/games", json={"kind": "counter", "title": "API game", "setup": {"start": start}})
    assert response.status_code == 201
    return response.get_json()


def test_json_round_trip_create_act_undo_events(client):
    game = create(client)
    assert (game["version"], game["state"]["count"], game["undo"]) == (0, 2, None)
    code = game["code"]
    response = client.post(f"/api/games/{code}/actions", json={"action": "add", "version": 0, "params": {"n": 3}})
    assert response.status_code == 200 and response.get_json()["state"]["count"] == 5
    assert response.get_json()["undo"] == "Add 3"  # what an undo would reverse
    response = client.post(f"/api/games/{code}/undo", json={"version": 1})
    assert response.get_json()["state"]["count"] == 2 and response.get_json()["version"] == 2
    events = client.get(f"/api/games/{code}/events").get_json()
    assert [(e["seq"], e["action"], e["label"]) for e in events] == [(2, "undo", "Undone: Add 3"), (1, "add", "Add 3")]
    assert client.get(f"/api/games/{code}").get_json()["state"]["count"] == 2


def test_api_and_pages_share_one_game(client):
    url, token = new_counter(client, 1)
    code = url.rsplit("/", 1)[1]
    act(client, url, token, 0, "add", n="1")
    assert client.get(f"/api/games/{code}").get_json()["state"]["count"] == 2


def test_api_errors_409_422_404_400(client):
    code = create(client)["code"]
    path = f"/api/games/{code}/actions"
    client.post(path, json={"action": "add", "version": 0, "params": {"n": 1}})
    stale = client.post(path, json={"action": "add", "version": 0, "params": {"n": 1}})
    assert stale.status_code == 409 and stale.get_json()["game"]["version"] == 1
    rule = client.post(path, json={"action": "add", "version": 1, "params": {"n": -9}})
    assert rule.status_code == 422 and rule.get_json()["error"] == "The counter cannot go below zero."
    assert rule.get_json()["game"]["state"]["count"] == 3  # the game as it is, beside the refusal
    stale_undo = client.post(f"/api/games/{code}/undo", json={"version": 0})
    assert stale_undo.status_code == 409 and "nothing was undone" in stale_undo.get_json()["error"]
    assert stale_undo.get_json()["game"]["version"] == 1
    assert "game" not in client.post("/api/games", json={"kind": "counter", "setup": {"start": -1}}).get_json()
    assert client.get("/api/games/NOPE7").status_code == 404
    assert client.get("/api/games/NOPE7").get_json()["status"] == 404
    for body in ({"action": "add", "params": {"n": 1}}, {"action": "add", "version": "one"},
                 {"action": "add", "version": 1, "params": [1]}, {"action": 7, "version": 1},
                 {"action": "add", "version": 1, "params": {"n": "x" * 1000}}):
        assert client.post(path, json=body).status_code == 400, body
    assert client.post(path, data="version=1", content_type="application/x-www-form-urlencoded").status_code == 400
    assert client.post(path, data="{not json", content_type="application/json").status_code == 400
    assert client.post("/api/games", json={"kind": "chess"}).status_code == 400
    assert client.get(f"/api/games/{code}").get_json()["state"]["count"] == 3


def test_export_then_import_gives_the_same_game_and_history(client):
    url, token = new_counter(client, 1)
    act(client, url, token, 0, "roll")
    act(client, url, token, 1, "add", n="4")
    client.post(url + "/undo", data={"csrf_token": token, "version": "2"})
    exported = client.get(url + "/export")
    assert exported.headers["Content-Disposition"].startswith("attachment")
    data = json.loads(exported.data)
    response = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(exported.data), "game.json")})
    assert response.status_code == 303 and response.headers["Location"] != url
    new_code = response.headers["Location"].rsplit("/", 1)[1]
    again = client.get(f"/api/games/{new_code}/export").get_json()
    assert {k: again[k] for k in ("kind", "title", "version", "state")} == \
           {k: data[k] for k in ("kind", "title", "version", "state")}
    strip = lambda events: [{k: v for k, v in e.items() if k != "at"} for e in events]
    assert strip(again["events"]) == strip(data["events"])
    # the imported game goes on: its undo walks back the imported history
    client.post(f"/api/games/{new_code}/undo", json={"version": 3})
    assert client.get(f"/api/games/{new_code}").get_json()["state"] == data["events"][0]["state_before"]


def test_a_tampered_import_is_rejected_and_changes_nothing(client, app):
    url, token = new_counter(client, 1)
    act(client, url, token, 0, "add", n="2")
    good = json.loads(client.get(url + "/export").data)
    tampered = []
    for change in (
        lambda d: d.update(format="something-else"),
        lambda d: d.update(kind="chess"),
        lambda d: d["state"].update(count=-4),
        lambda d: d["state"].pop("rolls"),
        lambda d: d.update(version=5),
        lambda d: d["events"][0].update(seq=7),
        lambda d: d["events"][0].update(at="yesterday"),
        lambda d: d["events"][0].update(state_before={"count": "many"}),
        lambda d: d.update(title="x" * 300),
        lambda d: d["events"][0].update(label=None),
    ):
        data = json.loads(json.dumps(good))
        change(data)
        tampered.append(json.dumps(data).encode())
    tampered += [b"\xff\xfe not json", b"[1, 2, 3]", b"{}"]
    before = client.get("/").get_data(as_text=True).count("<li>")
    for body in tampered:
        response = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(body), "bad.json")})
        assert response.status_code == 400, body[:80]
        assert 'role="alert"' in response.get_data(as_text=True)
    for body in tampered[:-3]:
        assert client.post("/api/import", data=body, content_type="application/json").status_code == 400
    from companion.storage.models import Game, db
    with app.app_context():
        assert db.session.query(Game).count() == 1
    assert client.get("/").get_data(as_text=True).count("<li>") == before


def test_an_import_with_damaged_notices_is_rejected(client):
    url, token = new_counter(client, 1)
    act(client, url, token, 0, "roll")
    good = json.loads(client.get(url + "/export").data)
    for notices in ([{"bogus": 1}], "not a list", [{"msgid": "x", "params": "not an object"}]):
        data = json.loads(json.dumps(good))
        data["events"][0]["notices"] = notices
        assert client.post("/api/import", data=json.dumps(data), content_type="application/json").status_code == 400
    data = json.loads(json.dumps(good))
    data["events"][0]["label"] = {"msgid": "{x}", "params": {}}  # shows as it is, never breaks a page
    response = client.post("/api/import", data=json.dumps(data), content_type="application/json")
    assert response.status_code == 201
    code = response.get_json()["code"]
    assert client.get(f"/g/{code}").status_code == 200 and client.get(f"/g/{code}/history").status_code == 200
