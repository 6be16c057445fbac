"""The contract says what the server does (issue 24, point 7): what /api/openapi.json allows is accepted,
what it bounds is bounded in the code the same way, and the answers carry the headers they should."""
from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, seed, settings
from jsonschema import Draft202012Validator

import schemathesis
from companion.rules.base import RuleError
from companion.rules.mage_knight import setup as mk_setup
from companion.rules.mice_mystics import setup as mm_setup
from schemathesis.generation import GenerationMode
from tests.conftest import make_app
from tests.web.helpers import MK_SETUP, MM_SETUP


@pytest.fixture
def document(client):
    return client.get("/api/openapi.json").get_json()


def validator(document: dict, name: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": document["components"]})


def parameter(document: dict, path: str, method: str, name: str) -> dict:
    return next(p for p in document["paths"][path][method]["parameters"] if p["name"] == name)


def new_game(client, **body) -> str:
    created = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP, **body})
    assert created.status_code == 201, created.get_json()
    return created.get_json()["code"]


def test_the_history_pages_before_is_bounded_in_the_document_as_in_the_code(client, document):
    code = new_game(client)
    before = parameter(document, "/api/games/{code}/events", "get", "before")["schema"]
    highest = before["maximum"]
    assert client.get(f"/api/games/{code}/events?before={highest}").status_code == 200
    assert client.get(f"/api/games/{code}/events?before={highest + 1}").status_code == 400
    assert client.get(f"/api/games/{code}/events?before=1148014831").status_code == 400
    # The stream's starting points are seqs too: the same bound.
    for name, where in (("after", "query"), ("Last-Event-ID", "header")):
        described = parameter(document, "/api/games/{code}/stream", "get", name)
        assert described["in"] == where and described["schema"]["maximum"] == highest
    assert client.get(f"/api/games/{code}/stream?after={highest + 1}").status_code == 400


def test_a_null_title_is_what_the_document_allows_and_names_the_game_as_no_title_does(client, document):
    """Chosen: null is accepted and means "no title", as leaving it out does (JSON clients often send an
    unset optional field as null); the document says so."""
    title = document["components"]["schemas"]["NewGameOf_mice_mystics"]["properties"]["title"]
    assert "null" in title["type"]
    untitled = client.get(f"/api/games/{new_game(client)}").get_json()["title"]
    assert client.get(f"/api/games/{new_game(client, title=None)}").get_json()["title"] == untitled
    refused = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP, "title": 7})
    assert refused.status_code == 400
    assert validator(document, "NewGame").is_valid({"kind": "mice_mystics", "setup": MM_SETUP, "title": None})
    assert not validator(document, "NewGame").is_valid({"kind": "mice_mystics", "setup": MM_SETUP, "title": 7})


@pytest.mark.parametrize("method", ["TRACE", "PUT", "DELETE", "PATCH", "FOO"])
@pytest.mark.parametrize("path, allowed", [("/api/games", {"POST", "OPTIONS"}),
                                           ("/", {"GET", "HEAD", "OPTIONS"}),
                                           ("/api/openapi.json", {"GET", "HEAD", "OPTIONS"})])
def test_an_unsupported_method_is_answered_405_with_the_allowed_ones(client, path, allowed, method):
    response = client.open(path, method=method)
    assert response.status_code == 405
    assert {m.strip() for m in response.headers.get("Allow", "").split(",") if m.strip()} == allowed


def test_limit_headers_come_only_with_the_429_that_needs_them(tmp_path):
    app = make_app(tmp_path / "limited.db", RATELIMIT_ENABLED=True, NEW_GAME_LIMIT="2 per hour",
                   WRONG_CODE_LIMIT="2 per hour")
    client = app.test_client()
    limit_headers = lambda response: sorted(h for h in response.headers.keys()  # noqa: E731
                                            if h.lower() == "retry-after" or h.lower().startswith("x-ratelimit"))
    made = [client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}) for _ in range(2)]
    assert [m.status_code for m in made] == [201, 201] and [limit_headers(m) for m in made] == [[], []]
    refused = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP})
    assert refused.status_code == 429 and limit_headers(refused) == ["Retry-After"]
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    wrong = [client.get("/api/games/NOPE7") for _ in range(2)]
    assert [w.status_code for w in wrong] == [404, 404] and [limit_headers(w) for w in wrong] == [[], []]
    guessed = client.get("/api/games/NOPE8")
    assert guessed.status_code == 429 and limit_headers(guessed) == ["Retry-After"]
    assert 0 < int(guessed.headers["Retry-After"]) <= 3600


@pytest.mark.parametrize("wait", ["nan", "NaN", "inf", "-inf", "Infinity", "1e999", "-1", "-0.5", "x", ""])
def test_a_long_poll_refuses_a_wait_that_is_not_a_finite_number_of_seconds_at_once(client, wait):
    code = new_game(client)
    assert client.get(f"/g/{code}/live?v=0&wait={wait}").status_code == 400  # the game's own version
    assert client.get(f"/g/{code}/live?v=9&wait={wait}").status_code == 400  # one it is not at


def test_a_long_poll_takes_any_finite_wait_and_the_document_says_which(client, document):
    code = new_game(client)
    assert client.get(f"/g/{code}/live?v=0&wait=0").status_code == 204  # nothing changed, and no wait
    assert client.get(f"/g/{code}/live?v=9&wait=1000").status_code == 200  # not at v=9: answered at once
    assert client.get(f"/g/{code}/live?v=9&wait=0.25").status_code == 200
    wait = parameter(document, "/g/{code}/live", "get", "wait")
    assert wait["schema"]["minimum"] == 0 and "400" in wait["description"]
    assert "400" in document["paths"]["/g/{code}/live"]["get"]["responses"]


# A new game's setup: what each kind's parse_setup cannot do without, the document requires.

KINDS = {"mage_knight": (mk_setup.parse_setup, MK_SETUP), "mice_mystics": (mm_setup.parse_setup, MM_SETUP)}


def refusal(parse, setup: dict) -> str | None:
    try:
        parse(setup)
    except RuleError as error:
        return error.text.render()
    return None


def missing_field_refusals(document: dict, kind: str) -> set[str]:
    """What parse_setup says when a field the document requires is left out, or left blank."""
    parse, valid = KINDS[kind]
    assert refusal(parse, valid) is None
    required = document["components"]["schemas"][f"NewGameOf_{kind}"]["properties"]["setup"]["required"]
    said = set()
    for field in required:
        for broken in ({k: v for k, v in valid.items() if k != field}, {**valid, field: ""},
                       {**valid, field: [""] * len(valid[field])}):
            said.add(refusal(parse, broken))
    assert None not in said, f"{kind}: a required field that parse_setup does without"
    return said


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_the_new_game_schema_requires_what_the_kinds_setup_needs(client, document, kind):
    check = validator(document, "NewGame")
    parse, valid = KINDS[kind]
    assert check.is_valid({"kind": kind, "setup": valid})
    assert missing_field_refusals(document, kind)
    setup_schema = document["components"]["schemas"][f"NewGameOf_{kind}"]["properties"]["setup"]
    for body in ({"kind": kind}, {"kind": kind, "setup": {}}, *(
            {"kind": kind, "setup": {k: v for k, v in valid.items() if k != field}}
            for field in setup_schema["required"])):
        assert not check.is_valid(body), body
        assert client.post("/api/games", json=body).status_code in (400, 422), body
    # Fields it reads with a default are described too, from parse_setup's own code.
    assert set(setup_schema["properties"]) > set(setup_schema["required"])
    # The document's example of a new game is one.
    for example in document["components"]["schemas"][f"NewGameOf_{kind}"]["examples"]:
        assert check.is_valid(example)
        assert client.post("/api/games", json=example).status_code == 201


def test_a_schema_valid_new_game_is_never_refused_for_a_missing_field(tmp_path):
    """Bodies drawn from the document's NewGame (schemathesis, positive, seeded): a game, or the rules'
    refusal of a combination (two players with one hero, say), never "missing"."""
    app = make_app(tmp_path / "t.db", GAME_KINDS=("companion.rules.mage_knight", "companion.rules.mice_mystics"))
    client = app.test_client()
    document = client.get("/api/openapi.json").get_json()
    missing = {kind: missing_field_refusals(document, kind) for kind in KINDS}
    schema = schemathesis.openapi.from_dict(copy.deepcopy(document))
    operation = schema["/api/games"]["POST"]
    answers: dict[str, list[int]] = {kind: [] for kind in KINDS}

    @seed(24)
    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=GenerationMode.POSITIVE))
    def post(case):
        response = client.post("/api/games", json=case.body)
        kind = case.body["kind"]
        answers[kind].append(response.status_code)
        assert response.status_code < 500
        if response.status_code >= 400:
            assert response.get_json()["error"] not in missing[kind], case.body

    post()
    assert all(answers.values()) and any(201 in statuses for statuses in answers.values()), answers
