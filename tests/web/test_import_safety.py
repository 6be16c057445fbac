"""An imported file is data: never a template, never a state the pages cannot show, never half a game."""
from __future__ import annotations

import gzip
import io
import json

import pytest

from companion.storage.models import Game, db
from companion.rules.base import Text
from tests.conftest import csrf_token
from tests.web.helpers import MK_SETUP, MM_SETUP, act, api_act, new_counter


def import_json(client, data, **headers):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/api/import", data=body, content_type="application/json", headers=headers)


def games(app) -> int:
    with app.app_context():
        return db.session.query(Game).count()


@pytest.fixture
def counter_export(client):
    url, token = new_counter(client, 1)
    act(client, url, token, 0, "add", n="2")
    return json.loads(client.get(url + "/export").data)


@pytest.fixture
def mice_export(client):
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": {
        **MM_SETUP, "controller": ["Ann", ""]}}).get_json()["code"]
    api_act(client, code, "add_cheese", reason="minion_attack")
    return client.get(f"/api/games/{code}/export").get_json()


@pytest.mark.parametrize("label", [
    {"msgid": "{a:>10000000}", "params": {"a": 1}},
    {"msgid": "{a.__class__.__mro__}", "params": {"a": 1}},
    {"msgid": "{a[0]}", "params": {"a": [1]}},
    {"msgid": "{a!r}", "params": {"a": "x"}},
    {"msgid": "{n} x", "plural": "{n} xs", "params": {"n": {"deep": [1, 2]}}},
    {"msgid": "x" * 5000, "params": {}},
    {"msgid": "{a}", "params": {"a": "x" * 5000}},
])
def test_an_imported_label_is_never_a_format_template(client, app, counter_export, label):
    counter_export["events"][0]["label"] = label
    response = import_json(client, counter_export)
    assert response.status_code == 400
    assert games(app) == 1


def test_a_label_that_reached_the_database_renders_as_plain_text():
    for msgid in ("{a:>10000000}", "{a.__class__.__mro__}", "{a[0]}", "{a!r}"):
        shown = Text(msgid, {"a": 1}).render()
        assert len(shown) < 100 and "class" not in shown.replace("__class__", "")
    assert Text("{n} x", {"n": float("inf")}, plural="{n} xs").render() == "… x"
    assert Text("{n} x", {"n": "9" * 5000}, plural="{n} xs").render()  # too many digits for int()


@pytest.mark.parametrize("change", [
    lambda s: s["mice"][0].update(controller=7),
    lambda s: s["mice"][0].update(controller=True),
    lambda s: s["mice"][0].update(controller=["Ann"]),
    lambda s: s["mice"][0].update(controller="x" * 41),
    lambda s: s["mice"][0].update(controller=""),
    lambda s: s["mice"][0].update(name={"msgid": "Lily"}),
    lambda s: s["mice"][0].update(name=7),
    lambda s: s.update(ambush_log=[1]),
    lambda s: [s["mice"][0].update(id="m" * 75)] + [c.update(mouse="m" * 75, card="m" * 75)
                                                    for c in s["initiative_track"] if c.get("mouse") == "lily"],
    lambda s: s.update(ambush_log=[{"card": "nothing", "die": 1, "from": 1, "to": 2}]),
    lambda s: s.update(chapter_name=["Chapter 1"]),
    lambda s: s.update(chapter_name="Chapter\x001"),
])
def test_a_mice_state_of_the_wrong_types_is_refused_and_creates_nothing(client, app, mice_export, change):
    change(mice_export["state"])
    before = games(app)
    response = import_json(client, mice_export)
    assert response.status_code == 400, response.get_json()
    assert games(app) == before
    token = csrf_token(client)
    body = json.dumps(mice_export).encode()
    response = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(body), "g.json")})
    assert response.status_code == 400
    assert games(app) == before


def test_a_controller_as_long_as_setup_allows_imports_and_its_seat_can_be_taken(client, mice_export):
    mice_export["state"]["mice"][0]["controller"] = "A" * 40
    response = import_json(client, mice_export)
    assert response.status_code == 201
    code = response.get_json()["code"]
    token = csrf_token(client, f"/g/{code}")
    taken = client.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": "player:" + "A" * 40})
    assert taken.status_code == 303


def test_a_mage_knight_state_of_the_wrong_types_is_refused(client, app):
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": MK_SETUP}).get_json()["code"]
    exported = client.get(f"/api/games/{code}/export").get_json()
    for change in (lambda s: s["players"][0].update(name={"x": 1}), lambda s: s["players"][0].update(name="x" * 41),
                   lambda s: s["players"][0].update(hero=["tovak"])):
        data = json.loads(json.dumps(exported))
        change(data["state"])
        assert import_json(client, data).status_code == 400
    assert games(app) == 1


def long_export(client, events: int) -> dict:
    """A Mage Knight export with `events` changes (copies of one real change, numbered in order)."""
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": MK_SETUP}).get_json()["code"]
    view = client.get(f"/api/games/{code}").get_json()["view"]
    api_act(client, code, "pick_tactic", player=view["pick_queue"][0], tactic=view["tactics_available"][0])
    data = client.get(f"/api/games/{code}/export").get_json()
    event = data["events"][0]
    data["events"] = [{**event, "seq": i + 1} for i in range(events)]
    data["version"] = events
    return data


def test_an_export_of_a_long_game_imports_back_plain_and_gzipped(client, app):
    data = long_export(client, 2600)  # the size of the 2,200-event game the issue measured: 4.3 MB
    body = json.dumps(data, ensure_ascii=False, indent=1).encode()  # as /g/<code>/export writes it
    assert len(body) > 4 * 1024 * 1024
    assert import_json(client, body).status_code == 201
    response = import_json(client, gzip.compress(body), **{"Content-Encoding": "gzip"})
    assert response.status_code == 201
    token = csrf_token(client)
    response = client.post(
        "/import", data={"csrf_token": token, "file": (io.BytesIO(gzip.compress(body)), "g.json.gz")}
    )
    assert response.status_code == 303
    assert games(app) == 4


def test_a_gzip_bomb_is_refused(client, app):
    bomb = gzip.compress(b"[" * 1 + b" " * (200 * 1024 * 1024) + b"]")
    response = import_json(client, bomb, **{"Content-Encoding": "gzip"})
    assert response.status_code in (400, 413)
    assert games(app) == 0


def test_on_postgresql_an_imported_controller_of_the_longest_name_can_take_its_seat(pg_app):  # noqa: F811
    client = pg_app.test_client()
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}).get_json()["code"]
    data = client.get(f"/api/games/{code}/export").get_json()
    data["state"]["mice"][0]["controller"] = "Ж" * 40
    assert import_json(client, {**data, "title": "a\x00b"}).status_code == 400
    response = import_json(client, data)
    assert response.status_code == 201
    new = response.get_json()["code"]
    token = csrf_token(client, f"/g/{new}")
    assert client.post(f"/g/{new}/seat", data={"csrf_token": token, "seat": "player:" + "Ж" * 40}).status_code == 303
    data["state"]["mice"][0]["controller"] = "Ж" * 74
    assert import_json(client, data).status_code == 400



@pytest.fixture
def undone_export(client):
    """Mice and Mystics: cheese added twice, the second undone (events 1, 2 and the undo, 3)."""
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}).get_json()["code"]
    api_act(client, code, "add_cheese", reason="minion_attack")
    api_act(client, code, "add_cheese", reason="minion_attack")
    version = client.get(f"/api/games/{code}").get_json()["version"]
    assert client.post(f"/api/games/{code}/undo", json={"version": version}).status_code == 200
    return client.get(f"/api/games/{code}/export").get_json()


@pytest.mark.parametrize("link", [10 ** 9, -1, 0, 1, 2, True, "1", 1.0])
def test_an_ordinary_change_that_claims_to_undo_something_is_refused(client, app, undone_export, link):
    assert [e["undoes_seq"] for e in undone_export["events"]] == [None, None, 2]
    undone_export["events"][1]["undoes_seq"] = link
    response = import_json(client, undone_export)
    assert response.status_code == 400
    assert games(app) == 1


@pytest.mark.parametrize("link", [True, 2.0, "2", None, 1, 3, -1])
def test_an_undo_that_names_anything_but_the_change_it_undid_is_refused(client, app, undone_export, link):
    undone_export["events"][2]["undoes_seq"] = link
    response = import_json(client, undone_export)
    assert response.status_code == 400
    assert games(app) == 1


def test_the_undone_game_itself_imports_with_its_links(client, undone_export):
    response = import_json(client, undone_export)
    assert response.status_code == 201
    code = response.get_json()["code"]
    assert [e["undoes_seq"] for e in client.get(f"/api/games/{code}/export").get_json()["events"]] == [None, None, 2]
