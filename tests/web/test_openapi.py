"""/api/openapi.json: a valid OpenAPI 3.1 document, generated from the kinds' action registries, that the
API's answers keep to — checked on played games here, and by schemathesis against a live server."""
from __future__ import annotations

import collections
import hashlib
import json
import sqlite3
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

import schemathesis
from schemathesis.generation import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, response_schema_conformance,
                                               status_code_conformance)
from companion.serving import start_server, stop_server
from companion.storage.store import CODE_ALPHABET, CODE_LENGTH, EXPORT_FORMAT, new_code
from companion.web.api import EVENTS_MAX, EVENTS_PAGE, SEQ_MAX
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


def test_the_bounds_written_in_the_description_are_the_codes(document):
    """openapi.yaml writes out what the code checks as well: the same values as the code's constants."""
    operations = [op for path in document["paths"].values() for op in path.values()]
    codes = [p["schema"] for op in operations for p in op.get("parameters", []) if p["name"] == "code"]
    assert codes and all(c == codes[0] for c in codes)
    assert codes[0]["pattern"] == f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$"
    assert Draft202012Validator(codes[0]).is_valid(new_code())
    events = {p["name"]: p for p in document["paths"]["/api/games/{code}/events"]["get"]["parameters"]}
    stream = {p["name"]: p for p in document["paths"]["/api/games/{code}/stream"]["get"]["parameters"]}
    seqs = (events["before"], stream["after"], stream["Last-Event-ID"])
    assert {p["schema"]["maximum"] for p in seqs} == {SEQ_MAX}
    assert events["limit"]["schema"]["maximum"] == EVENTS_MAX
    assert f"(default {EVENTS_PAGE})" in events["limit"]["description"]
    assert document["components"]["schemas"]["ExportFile"]["properties"]["format"] == {"const": EXPORT_FORMAT}


def test_every_action_of_every_kind_is_described_from_its_registry(app, document):
    from companion.rules.mage_knight import KIND as MK
    from companion.rules.mice_mystics import KIND as MM
    kinds = {v["title"]: v for v in document["components"]["schemas"]["Action"]["anyOf"]}
    described = {kind: {a["properties"]["action"]["const"] for a in v["anyOf"]} for kind, v in kinds.items()}
    assert described["an action of mage_knight"] == set(MK.actions)
    assert described["an action of mice_mystics"] == set(MM.actions)
    # the score sheet's entries at game over are actions too (undescribed before: only the round's were)
    assert {"enter_score", "enter_score_facts"} <= described["an action of mage_knight"]
    fame = next(a for a in kinds["an action of mage_knight"]["anyOf"] if a["title"] == "mage_knight.change_fame")
    params = fame["properties"]["params"]["properties"]
    assert set(params) == {"player", "delta"} and (params["delta"]["minimum"], params["delta"]["maximum"]) == (
        -500,
        500,
    )
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


@dataclass
class Served:
    base: str
    db: Path
    log: Path


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    """The app under gunicorn (as bin/serve runs it) on a fresh database."""
    path = tmp_path_factory.mktemp("served") / "api.db"
    make_app(path)  # the schema, by the migrations
    log = path.with_suffix(".log")
    server, base = start_server(f"sqlite:///{path}", app="tests.served:create()", migrate=False, log_file=log)
    yield Served(base, path, log)
    stop_server(server)


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

# Strings schemathesis sends besides its own (which never hold a lone surrogate, as it could not send one
# in a URL): a lone surrogate (JSON may carry one, "\ud800"), NUL, and text far past every limit (every
# maxLength, the 200-character param values, the 64 KB form fields; and, once in a while, past the 4 MB a
# request may carry). One string of about one body or query in three is spoiled so, the rest left as
# drawn: games must still be made for the stateful phase to follow their links.
OVERSIZED, HUGE = 70_000, 5 * 1024 * 1024
BODY_SPOILERS = (lambda s: s + "\ud800", lambda s: "\udfff" + s[1:], lambda s: s[:1] + "\x00" + s[1:],
                 lambda s: s + "x" * OVERSIZED, lambda s: s + "y" * HUGE)
# A query goes in the request line, which gunicorn holds to 4,094 bytes (beyond: its own 400, not the app's).
QUERY_SPOILERS = (lambda s: s[:1] + "\x00" + s[1:], lambda s: s + "x" * 3_000)


def string_paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from string_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from string_paths(item, (*path, index))


def replaced(value: Any, path: tuple, spoil) -> Any:
    if not path:
        return spoil(value)
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], spoil)
    return copy


@st.composite
def spoiled(draw, value: Any, spoilers: tuple, one_in: int) -> Any:
    paths = list(string_paths(value))
    if not paths or draw(st.integers(1, one_in)) != 1:
        return value
    return replaced(value, draw(st.sampled_from(paths)), draw(st.sampled_from(spoilers)))


def spoiling(schema, one_in: int) -> None:
    """One string of about one body (and query) in `one_in` is spoilt."""
    schema.hook("flatmap_body")(lambda _context, body: spoiled(body, BODY_SPOILERS, one_in))
    schema.hook("flatmap_query")(
        lambda _context, query: spoiled(query, QUERY_SPOILERS, one_in) if query else st.just(query))


def what_it_holds(case) -> set[str]:
    """Which of the spoilt strings the request carries."""
    strings = [v for part in (case.body, case.query) for v in _strings(part)]
    found = set()
    for text in strings:
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
            found.add("lone surrogate")
        if "\x00" in text:
            found.add("NUL")
        if len(text) > 1_000:
            found.add("oversized")
    return found


def _strings(value: Any) -> Iterator[str]:
    for path in string_paths(value):
        item = value
        for key in path:
            item = item[key]
        yield item


def games_as_stored(db: Path) -> str:
    """Every game's code, version, title, archive flag, seating and state, and every change: a digest."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        games = connection.execute(
            "SELECT code, version, title, archived, seating, state FROM game ORDER BY id"
        ).fetchall()
        events = connection.execute("SELECT count(*), max(id) FROM event").fetchone()
    return hashlib.sha256(repr((games, events)).encode()).hexdigest()


@dataclass
class Tally:
    """What a schemathesis run sent and found, for its closing report (and the assertion)."""

    calls: int = 0
    statuses: collections.Counter = field(default_factory=collections.Counter)
    spoilt: collections.Counter = field(default_factory=collections.Counter)
    refused: int = 0
    server_errors: list = field(default_factory=list)
    state_changes: list = field(default_factory=list)
    off_schema: list = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)

    def call(self, case, db: Path, **kwargs):
        before = games_as_stored(db)
        response = case.call(timeout=60, **kwargs)
        self.calls += 1
        self.statuses[response.status_code] += 1
        for kind in what_it_holds(case):
            self.spoilt[kind] += 1
        label = f"{case.operation.label} -> {response.status_code}"
        if response.status_code >= 500:
            self.server_errors.append(f"{label} {sorted(what_it_holds(case))} {case.body!r:.300}")
        elif response.status_code >= 400:
            self.refused += 1
            if games_as_stored(db) != before:
                self.state_changes.append(f"{label} {case.body!r:.300} {case.query!r:.200}")
        return response

    def validate(self, case, response) -> None:
        try:
            case.validate_response(response, checks=CHECKS)
        except (Exception, BaseExceptionGroup) as failure:  # every failure is reported, not only the first
            if response.status_code < 500:
                self.off_schema.append(f"{case.operation.label} -> {response.status_code}: "
                                       f"{str(failure).strip().splitlines()[0]:.300}")

    def report(self, name: str) -> str:
        return (f"{name}: {self.calls} requests in {time.monotonic() - self.started:.0f} s; statuses "
                f"{dict(sorted(self.statuses.items()))}; carrying {dict(self.spoilt)}; {self.refused} refused, "
                f"{len(self.state_changes)} of them changed a game; {len(self.server_errors)} x 5xx; "
                f"{len(self.off_schema)} answers off the document")

    def assert_clean(self, log: Path) -> None:
        causes = collections.Counter(line.split(":")[0] for line in log.read_text(errors="replace").splitlines()
                                     if line.startswith(("UnicodeEncodeError", "UnicodeDecodeError", "ValueError",
                                                         "TypeError", "KeyError", "AttributeError", "sqlite3.",
                                                         "sqlalchemy.", "RuntimeError", "AssertionError")))
        text = log.read_text(errors="replace")
        # The first traceback in the server's log, whole: a 5xx found once in many runs is then mended from it.
        first = text[text.find("Traceback"):][:4000] if "Traceback" in text else ""
        assert not (self.server_errors or self.state_changes or self.off_schema), (
            f"{len(self.server_errors)} x 5xx (the server's log: {dict(causes)}): {self.server_errors[:8]}; "
            f"{len(self.state_changes)} refused requests changed a game: {self.state_changes[:8]}; "
            f"off the document: {self.off_schema[:8]}\n{first}")


def test_schemathesis_finds_no_server_error_no_change_from_a_refusal_and_no_answer_off_its_schema(served):
    """Every operation the document lists (read from the document itself: new actions come with it), a few
    generated requests each, fitting the document and not, spoilt strings among them. The stream stays open
    for minutes by design: test_api_stream.py follows it."""
    schema = schemathesis.openapi.from_url(served.base + "/api/openapi.json")
    spoiling(schema, one_in=2)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {"POST /api/games/{code}/actions", "POST /api/games/{code}/undo", "GET /api/games/{code}/events",
            "POST /api/import", "GET /g/{code}/live"} <= {o.label for o in operations}
    # A generated code is no game's (404): a game's code is put in now and then, so that its actions, undo,
    # history and export are tried with generated bodies and queries too.
    codes = [json.loads(urllib.request.urlopen(urllib.request.Request(
        served.base + "/api/games", data=json.dumps({"kind": kind, "setup": setup}).encode(),
        headers={"Content-Type": "application/json"})).read())["code"]
        for kind, setup in (("mage_knight", MK_SETUP), ("mice_mystics", MM_SETUP), ("counter", {}))]
    schema.hook("flatmap_path_parameters")(
        lambda _context, path: st.sampled_from([path["code"], *codes]).map(lambda code: {**path, "code": code})
        if path and "code" in path else st.just(path))
    tally = Tally()
    for operation in operations:
        if operation.definition.raw.get("operationId") == "stream":
            continue
        strategies = [operation.as_strategy(generation_mode=GenerationMode.POSITIVE)]
        try:
            strategies.append(operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
        except Exception:  # nothing to break in it (no parameters, no body): its positive cases only
            pass

        @seed(24)
        @settings(max_examples=12, deadline=None, database=None, suppress_health_check=list(HealthCheck))
        @given(case=st.one_of(strategies))
        def call(case):
            tally.validate(case, tally.call(case, served.db))

        call()
    # Then the requests that do something — the document's example games, each game's legal actions, each
    # game's file back to import — with each of their strings spoilt in turn (generation seldom makes a
    # game and spoils only its title, say).
    by_id = {o.definition.raw.get("operationId"): o for o in operations}
    examples = schema.raw_schema["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]
    sweep = [(by_id["createGame"], {}, e["value"]) for e in examples["examples"].values()]
    for code in codes:
        game = json.loads(urllib.request.urlopen(f"{served.base}/api/games/{code}").read())
        sweep += [(by_id["act"], {"code": code}, {"action": a["action"], "version": game["version"],
                                                  "params": a["params"]}) for a in game["view"].get("actions", [])[:2]]
        exported = json.loads(urllib.request.urlopen(f"{served.base}/api/games/{code}/export").read())
        sweep.append((by_id["importGame"], {}, {**exported, "events": exported["events"][:1]}))
    for operation, path, valid in sweep:
        for where in sorted(string_paths(valid), key=len)[:10]:  # a file's top: its kind, title, format first
            for spoil in BODY_SPOILERS[:-1]:  # the 4 MB one once in a while above is enough
                case = operation.Case(path_parameters=path or None, body=replaced(valid, where, spoil),
                                      media_type="application/json")
                tally.validate(case, tally.call(case, served.db))
    print(tally.report("schemathesis, each operation"))
    tally.assert_clean(served.log)


def test_the_documented_example_follows_the_stream_and_prints_what_the_players_are_told(served):
    script = Path(__file__).resolve().parents[2] / "docs" / "api_example.py"
    run = subprocess.run([sys.executable, str(script), served.base, "ru"], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    played, told = run.stdout.split("What the players were told (from the stream):")
    last = int(played.split("undo -> version ")[1].split()[0])
    assert [line.split()[0] for line in told.splitlines() if line.startswith("  #")] == [
        f"#{n}" for n in range(1, last + 1)]  # every change, in order, once
    assert "      ! Прилив!" in told and "Отменено — " in told  # the surge's notice, and the undo, in Russian


def test_schemathesis_follows_the_links_from_a_new_game_to_its_actions_undo_and_history(served):
    """Stateful: games made by createGame (the document's links give their codes) are acted on, undone,
    read and exported with generated bodies, spoilt strings among them; every answer is checked as above,
    and no refused request changes a game. Bounded: 30 scenarios of at most 6 steps, seeded."""
    schema = schemathesis.openapi.from_url(served.base + "/api/openapi.json").exclude(operation_id="stream")
    spoiling(schema, one_in=3)
    tally = Tally()

    @seed(24)
    class Workflow(schema.as_state_machine()):
        def call(self, case, **kwargs):
            return tally.call(case, served.db, **kwargs)

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            tally.validate(case, response)

    Workflow.run(settings=settings(max_examples=30, stateful_step_count=6, deadline=None, database=None,
                                   suppress_health_check=list(HealthCheck)))
    print(tally.report("schemathesis, stateful"))
    assert tally.statuses[201] > 0 and tally.calls > 30  # games were made, and their links followed
    tally.assert_clean(served.log)
