"""/api/openapi.json: a valid OpenAPI 3.1 document, generated from the kinds' action registries, that the
API's answers keep to — checked on played games here, and by schemathesis against a live server."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)
from companion.serving import start_server, stop_server
from tests.conftest import make_app
from tests.web.helpers import MK_SETUP, MM_SETUP, api_act, csrf_token

RU = {"Accept-Language": "ru"}


@pytest.fixture
def document(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    return response.get_json()


def conforms(document: dict, schema_name: str, value) -> None:
    """`value` is what components.schemas[schema_name] describes (every error listed on failure)."""
    root = {"$ref": f"#/components/schemas/{schema_name}", "components": document["components"]}
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in Draft202012Validator(root).iter_errors(value)]
    assert not errors, errors[:5]


def test_the_document_is_valid_openapi_3_1(document):
    validate(document)
    assert document["openapi"].startswith("3.1")


def test_every_action_of_every_kind_is_described_from_its_registry(app, document):
    from companion.rules.mage_knight.actions import ACTIONS as MK
    from companion.rules.mice_mystics import ACTIONS as MM
    kinds = {v["title"]: v for v in document["components"]["schemas"]["Action"]["anyOf"]}
    described = {kind: {a["properties"]["action"]["const"] for a in v["anyOf"]} for kind, v in kinds.items()}
    assert described["an action of mage_knight"] == set(MK)
    assert described["an action of mice_mystics"] == set(MM)
    fame = next(a for a in kinds["an action of mage_knight"]["anyOf"] if a["title"] == "mage_knight.change_fame")
    params = fame["properties"]["params"]["properties"]
    assert set(params) == {"player", "delta"} and (params["delta"]["minimum"], params["delta"]["maximum"]) == (-500, 500)
    take_die = next(a for a in kinds["an action of mage_knight"]["anyOf"] if a["title"] == "mage_knight.take_die")
    params = take_die["properties"]["params"]["properties"]  # read through the action's own helpers
    assert set(params) == {"player", "die"} and params["die"]["minimum"] == 0
    cheese = next(a for a in kinds["an action of mice_mystics"]["anyOf"] if a["title"] == "mice_mystics.add_cheese")
    assert cheese["properties"]["params"]["properties"]["reason"]["enum"] == sorted(
        ["minion_attack", "minion_defence", "greedy_roach", "room_rule"])


def test_answers_of_played_games_keep_the_documented_shape(client, document):
    for kind, setup in (("mage_knight", MK_SETUP), ("mice_mystics", MM_SETUP)):
        created = client.post("/api/games", json={"kind": kind, "setup": setup}, headers=RU)
        assert created.status_code == 201
        game = created.get_json()
        conforms(document, "Game", game)
        code = game["code"]
        csrf = csrf_token(client, f"/g/{code}")
        seat = game["view"]["actions"][0]["params"].get("player") if game["view"].get("actions") else None
        if seat:
            client.post(f"/g/{code}/seat", data={"csrf_token": csrf, "seat": seat})
        for step in range(6):  # the last and the first legal action in turn: the game moves on, notices come
            view = client.get(f"/api/games/{code}").get_json()["view"]
            chosen = view["actions"][-1 if step % 2 == 0 else 0]
            conforms(document, "GameAfterChange", api_act(client, code, chosen["action"], **chosen["params"]))
        stale = client.post(f"/api/games/{code}/actions", json={"action": chosen["action"], "version": 0,
                                                                "params": chosen["params"]})
        assert stale.status_code == 409
        conforms(document, "ErrorWithGame", stale.get_json())
        version = client.get(f"/api/games/{code}").get_json()["version"]
        undone = client.post(f"/api/games/{code}/undo", json={"version": version}, headers=RU)
        conforms(document, "GameAfterChange", undone.get_json())
        history = client.get(f"/api/games/{code}/events?limit=3", headers=RU).get_json()
        assert len(history) == 3
        for change in history:
            conforms(document, "Change", change)
        exported = client.get(f"/api/games/{code}/export").get_json()
        conforms(document, "ExportFile", exported)
        imported = client.post("/api/import", json=exported)
        assert imported.status_code == 201
        conforms(document, "Game", imported.get_json())
    conforms(document, "Error", client.get("/api/games/NOPE7").get_json())


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The app under gunicorn (as bin/serve runs it) on a fresh database; its base URL."""
    path = tmp_path_factory.mktemp("served") / "api.db"
    make_app(path)  # the schema, by the migrations
    server, base = start_server(f"sqlite:///{path}", app="tests.served:create()", migrate=False,
                                log_file=path.with_suffix(".log"))
    yield base
    stop_server(server)


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


def test_schemathesis_finds_no_server_error_and_no_answer_off_its_schema(served):
    """Every operation the document lists (read from the document itself: new actions come with it), a few
    generated requests each. The stream stays open for minutes by design: test_api_stream.py follows it."""
    schema = schemathesis.openapi.from_url(served + "/api/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {"POST /api/games/{code}/actions", "POST /api/games/{code}/undo", "GET /api/games/{code}/events",
            "POST /api/import", "GET /g/{code}/live"} <= {o.label for o in operations}
    for operation in operations:
        if operation.definition.raw.get("operationId") == "stream":
            continue

        @settings(max_examples=12, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def call(case):
            case.call_and_validate(checks=CHECKS, timeout=30)

        call()


def test_the_documented_example_follows_the_stream_and_prints_what_the_players_are_told(served):
    script = Path(__file__).resolve().parents[2] / "docs" / "api_example.py"
    run = subprocess.run([sys.executable, str(script), served, "ru"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    played, told = run.stdout.split("What the players were told (from the stream):")
    last = int(played.split("undo -> version ")[1].split()[0])
    assert [line.split()[0] for line in told.splitlines() if line.startswith("  #")] == [
        f"#{n}" for n in range(1, last + 1)]  # every change, in order, once
    assert "      ! Прилив!" in told and "Отменить" in told  # the surge's notice, and the undo, in Russian


def test_schemathesis_follows_the_links_from_a_new_game_to_its_actions_undo_and_history(served):
    """Stateful: games made by createGame (the document's links give their codes) are acted on, undone,
    read and exported with generated bodies; every answer is checked as above."""
    schema = schemathesis.openapi.from_url(served + "/api/openapi.json").exclude(operation_id="stream")

    class Workflow(schema.as_state_machine()):
        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(response, checks=CHECKS)

    Workflow.run(settings=settings(max_examples=40, stateful_step_count=8, deadline=None, derandomize=True,
                                   database=None, suppress_health_check=list(HealthCheck)))
