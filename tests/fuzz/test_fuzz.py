"""Fuzzing every endpoint: whatever arrives, no 5xx; a refused input changes nothing; a created game renders.

Inputs are built from the real thing (the kinds' action and parameter names, the actions the views
offer, real exports) and then bent: wrong types, odd text, deep nesting, NaN and Infinity, control
characters. Hypothesis is derandomized, so CI runs the same inputs every time; each test states how
many it tries (10,700 in all).
"""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.storage import store
from companion.storage.models import Event, Game, db
from companion.rules.mage_knight.actions import ACTIONS as MK_ACTIONS
from companion.rules.mice_mystics.actions import ACTIONS as MM_ACTIONS
from tests.conftest import csrf_token, make_app
from tests.web.helpers import MK_SETUP, MM_SETUP, populate

RULES = Path(__file__).resolve().parents[2] / "companion" / "rules"
PARAM_NAMES = sorted({m for f in RULES.rglob("*.py")
                      for m in re.findall(r'(?:param_\w+\(params, |params\.get\()"(\w+)"', f.read_text())})
ACTION_NAMES = sorted({*MK_ACTIONS, *MM_ACTIONS, "add", "roll", "name", "undo"})


def fuzz(n: int):
    return settings(max_examples=n, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


ODD_TEXT = st.sampled_from(["", " ", "\x00", "\t/x", "/\n/x", "Infinity", "NaN", "-1", "1e400", "0x10", "٣",
                            "1_000", "9" * 30, "{n}", "{a.__class__}", "<script>", "ЖЖЖ", "x" * 201, "p1",
                            "mouse:lily", "lily", "tovak", "white", "gold", "early_bird", "minion_attack"])
TEXT = st.one_of(ODD_TEXT, st.text(max_size=12))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.integers(-2 ** 70, 2 ** 70),
                    st.floats(allow_nan=False, allow_infinity=False), TEXT)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.one_of(TEXT, st.sampled_from(PARAM_NAMES)), inner, max_size=4),
                    max_leaves=10)
PARAMS = st.dictionaries(st.sampled_from(PARAM_NAMES), JSON, max_size=5)
BAD_NUMBERS = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "[" * 60 + "]" * 60])


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """One app with a Mage Knight, a Mice and Mystics and a counter game, each with some history."""
    app = make_app(tmp_path_factory.mktemp("fuzz") / "fuzz.db", LIVE_WAIT_SECONDS=0.0)
    mk, mm = populate(app)
    client = app.test_client()
    counter = client.post("/api/games", json={"kind": "counter", "setup": {"start": 3}}).get_json()["code"]
    exports = [client.get(f"/api/games/{code}/export").get_json() for code in (mk, mm, counter)]
    return {"app": app, "client": client, "codes": [mk, mm, counter], "token": csrf_token(client),
            "exports": exports}


def snapshot(app, code: str) -> tuple:
    with app.app_context():
        row = db.session.execute(sa.select(Game.version, Game.seating, Game.state, Game.title, Game.archived)
                                 .where(Game.code == code)).one()
        events = db.session.scalar(sa.select(sa.func.count()).select_from(Event))
        return tuple(row), events


def games(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Game))


def renders(client, code: str) -> None:
    for path in ("", "/screen", "/history"):
        assert client.get(f"/g/{code}{path}").status_code == 200, path
    assert client.get(f"/api/games/{code}").status_code == 200


def offered(app, code: str, data) -> tuple[str, dict]:
    """An action the view offers now (Mage Knight lists them), else any action name and params."""
    with app.app_context():
        game = store.find(code)
        view = store.kind_of(game).view(game.state)
    choices = view.get("actions") or [{"action": a, "params": {}} for a in ACTION_NAMES]
    # An index, not sampled_from(choices): what is drawn must not depend on the game's state.
    pick = choices[data.draw(st.integers(0, 10_000)) % len(choices)]
    return pick["action"], dict(pick["params"])


@fuzz(3000)
@given(data=st.data())
def test_json_actions_and_undo(table, data):
    app, client = table["app"], table["client"]
    code = data.draw(st.sampled_from(table["codes"]))
    action, params = offered(app, code, data)
    params.update(data.draw(PARAMS))
    before = snapshot(app, code)
    version = before[0][0]
    body = {"version": data.draw(st.one_of(st.just(version), JSON)), "action": data.draw(st.one_of(
        st.just(action), st.sampled_from(ACTION_NAMES), JSON)), "params": data.draw(st.one_of(st.just(params), JSON))}
    raw = json.dumps(body)
    if data.draw(st.booleans()):
        raw = raw.replace(json.dumps(body["version"]), data.draw(BAD_NUMBERS), 1)
    url = f"/api/games/{code}/" + data.draw(st.sampled_from(["actions", "actions", "actions", "undo"]))
    response = client.post(url, data=raw, content_type="application/json")
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code != 200:
        assert snapshot(app, code) == before
    else:  # the panel every device fetches next
        assert client.get(f"/g/{code}", headers={"HX-Request": "true"}).status_code == 200


@fuzz(2000)
@given(data=st.data())
def test_forms_of_both_games(table, data):
    app, client, token = table["app"], table["client"], table["token"]
    code = data.draw(st.sampled_from(table["codes"]))
    action, params = offered(app, code, data)
    form = {k: v if isinstance(v, str) else json.dumps(v) for k, v in params.items()}
    form.update(data.draw(st.dictionaries(st.sampled_from(PARAM_NAMES + [p + "[]" for p in PARAM_NAMES]),
                                          st.one_of(TEXT, st.lists(TEXT, max_size=3)), max_size=4)))
    before = snapshot(app, code)
    version = before[0][0]
    form.update(csrf_token=token, version=data.draw(st.one_of(st.just(str(version)), TEXT)),
                action=data.draw(st.one_of(st.just(action), TEXT)))
    path = data.draw(st.sampled_from(["/act", "/act", "/undo", "/seat", "/seat/release", "/rename", "/archive"]))
    headers = {"HX-Request": "true"} if data.draw(st.booleans()) else {}
    response = client.post(f"/g/{code}{path}", data=form, headers=headers)
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert snapshot(app, code) == before
    if path == "/archive":  # leave the games playable for the next inputs
        client.post(f"/g/{code}/archive", data={"csrf_token": token, "archived": "0"})


@fuzz(1500)
@given(data=st.data())
def test_live_and_calculator_query_strings(table, data):
    _app, client = table["app"], table["client"]
    code = data.draw(st.one_of(st.sampled_from(table["codes"]), TEXT.filter(lambda s: "/" not in s and "?" not in s)))
    query = data.draw(st.dictionaries(st.sampled_from(PARAM_NAMES + ["v", "wait", "player"]), TEXT, max_size=5))
    path = data.draw(st.sampled_from(["/live", "/calc/hand_limit", "/calc/nothing", "", "/screen", "/history",
                                      "/devices"]))
    response = client.get(f"/g/{code}{path}", query_string=query)
    assert response.status_code < 500, response.get_data(as_text=True)


def mutate(data, value: dict):
    """A real export with one part replaced, removed or added, somewhere in it."""
    node, path = value, []
    while isinstance(node, (dict, list)) and node and data.draw(st.integers(0, 3)):
        key = data.draw(st.sampled_from(sorted(node)) if isinstance(node, dict)
                        else st.integers(0, len(node) - 1))
        path.append((node, key))
        node = node[key]
    if not path:
        return
    parent, key = path[-1]
    how = data.draw(st.sampled_from(["replace", "replace", "drop", "add"]))
    if how == "drop":
        del parent[key]
    elif how == "add" and isinstance(parent, dict):
        parent[data.draw(TEXT)] = data.draw(JSON)
    else:
        parent[key] = data.draw(JSON)


@fuzz(1500)
@given(data=st.data())
def test_imports_of_mutated_real_exports(table, data):
    app, client = table["app"], table["client"]
    exported = json.loads(json.dumps(data.draw(st.sampled_from(table["exports"]))))
    for _ in range(data.draw(st.integers(1, 3))):
        mutate(data, exported)
    before = games(app)
    response = client.post("/api/import", data=json.dumps(exported), content_type="application/json")
    assert response.status_code in (201, 400), response.get_data(as_text=True)
    if response.status_code == 201:
        renders(client, response.get_json()["code"])
        assert games(app) == before + 1
    else:
        assert games(app) == before


@fuzz(1200)
@given(data=st.data())
def test_setup_forms_and_the_api_create(table, data):
    app, client, token = table["app"], table["client"], table["token"]
    kind = data.draw(st.sampled_from(["mage_knight", "mice_mystics", "counter", "chess"]))
    base = {"mage_knight": MK_SETUP, "mice_mystics": MM_SETUP}.get(kind, {"start": 1})
    setup = {**base, **data.draw(st.dictionaries(st.sampled_from(
        ["player_name", "hero", "scenario", "mode", "blitz", "round_limit", "mouse", "controller", "minion_type",
         "minion_count", "chapter_name", "chapter_end_page", "start", "custom_mouse", "custom_controller"]),
        st.one_of(JSON, st.lists(TEXT, max_size=5)), max_size=3))}
    before = games(app)
    if data.draw(st.booleans()):
        response = client.post("/api/games", json={"kind": kind, "setup": setup, "title": data.draw(TEXT)})
        created = response.status_code == 201 and response.get_json()["code"]
    else:
        form = {
            (k + "[]" if isinstance(v, list) else k): v if isinstance(v, list) else str(v) for k, v in setup.items()
        }
        form = {k: [str(x) for x in v] if isinstance(v, list) else v for k, v in form.items()}
        response = client.post(f"/new/{kind}", data={**form, "csrf_token": token, "title": data.draw(TEXT)})
        created = response.status_code == 303 and response.headers["Location"].rsplit("/", 1)[1]
    assert response.status_code < 500, response.get_data(as_text=True)
    if created:
        renders(client, created)
        assert games(app) == before + 1
    else:
        assert games(app) == before


@fuzz(1000)
@given(data=st.data())
def test_device_language_text_size_and_join_forms(table, data):
    client, token = table["client"], table["token"]
    path, field = data.draw(st.sampled_from([("/device", "label"), ("/lang", "lang"), ("/text-size", "size"),
                                             ("/join", "code"), ("/import", "file")]))
    form = {"csrf_token": token, field: data.draw(TEXT), "next": data.draw(st.one_of(TEXT, st.just("/g/x")))}
    response = client.post(path, data=form)
    assert response.status_code < 500, response.get_data(as_text=True)
    location = response.headers.get("Location", "/")
    assert location.startswith("/") and not location.startswith("//") and "\\" not in location


@fuzz(500)
@given(data=st.data())
def test_raw_bodies_on_every_json_endpoint_and_the_import_form(table, data):
    app, client, token = table["app"], table["client"], table["token"]
    code = data.draw(st.sampled_from(table["codes"]))
    body = data.draw(st.one_of(st.binary(max_size=200), BAD_NUMBERS.map(str.encode),
                               st.sampled_from([b"\x1f\x8b\x08\x00garbage", b"{" * 5000, b"[" * 100_000])))
    before = snapshot(app, code), games(app)
    path = data.draw(st.sampled_from(["/api/games", f"/api/games/{code}/actions", f"/api/games/{code}/undo",
                                      "/api/import", "/import"]))
    if path == "/import":
        response = client.post(path, data={"csrf_token": token, "file": (io.BytesIO(body), "game.json")})
    else:
        gzip_header = {"Content-Encoding": "gzip"} if data.draw(st.booleans()) else {}
        response = client.post(path, data=body, content_type="application/json", headers=gzip_header)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert (snapshot(app, code), games(app)) == before
