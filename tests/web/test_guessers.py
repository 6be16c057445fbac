"""Friction for guessers: wrong codes and new games are limited per client; players never notice."""
from __future__ import annotations

import io
import json

import pytest

from tests.conftest import csrf_token, make_app
from tests.web.helpers import act

LIMITS = {"RATELIMIT_ENABLED": True, "WRONG_CODE_LIMIT": "5 per hour", "NEW_GAME_LIMIT": "3 per hour"}


@pytest.fixture
def limited(tmp_path):
    return make_app(tmp_path / "limited.db", **LIMITS)


def new_game(client) -> int:
    return client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).status_code


def test_wrong_codes_are_limited_per_client_and_right_ones_do_not_count(limited):
    guesser, player = limited.test_client(), limited.test_client()
    guesser.environ_base["REMOTE_ADDR"] = "192.0.2.66"
    code = player.post("/api/games", json={"kind": "counter", "setup": {}}).get_json()["code"]
    for _ in range(20):  # a player's own game, opened again and again, never counts
        assert player.get(f"/g/{code}").status_code == 200
    token = csrf_token(guesser)
    wrong = ["AAAAA", "CCCCC", "DDDDD", "EEEEE", "FFFFF"]
    statuses = [guesser.post("/join", data={"csrf_token": token, "code": c}).status_code for c in wrong[:2]]
    statuses += [guesser.get(f"/g/{c}").status_code for c in wrong[2:4]]
    statuses += [guesser.get(f"/api/games/{wrong[4]}").status_code]
    assert statuses == [404] * 5
    refused = guesser.get(f"/g/{code}")  # past the limit even a right code waits
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert "Too many" in refused.get_data(as_text=True)
    assert guesser.get(f"/api/games/{code}").get_json()["status"] == 429
    assert player.get(f"/g/{code}").status_code == 200  # another client is not slowed down


def test_new_games_are_limited_per_client_across_the_form_the_api_and_import(limited):
    client = limited.test_client()
    assert [new_game(client) for _ in range(2)] == [201, 201]
    token = csrf_token(client)
    exported = json.dumps({"format": "nothing"}).encode()
    # a refused import still counts: a guesser gains nothing by sending broken files
    assert (
        client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(exported), "g.json")}).status_code == 400
    )
    assert new_game(client) == 429
    response = client.post("/new/counter", data={"csrf_token": token, "start": "1"})
    assert response.status_code == 429
    assert client.get("/new/counter").status_code == 200  # the setup form itself is never limited


def test_the_limits_come_from_the_environment(monkeypatch, tmp_path):
    from companion import config
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "memory://")
    monkeypatch.setenv("NEW_GAME_LIMIT", "7 per day")
    monkeypatch.setenv("SECRET_KEY", "x")
    settings = config.from_environment(str(tmp_path))
    assert settings["RATELIMIT_STORAGE_URI"] == "memory://" and settings["NEW_GAME_LIMIT"] == "7 per day"


def test_a_tripped_wrong_code_limit_leaves_the_games_of_the_address_working(limited):
    """A club behind one address: one phone mistypes (or guesses) until the limit trips; every table's
    own game still answers. Codes this device never opened wait, whether a game has them or not: were a
    right one answered while wrong ones wait, a guesser would learn which codes exist."""
    player, guesser, latecomer = limited.test_client(), limited.test_client(), limited.test_client()
    code = player.post("/api/games", json={"kind": "counter", "setup": {}}).get_json()["code"]
    url = f"/g/{code}"
    token = csrf_token(player, url)
    for page in ("/no-such-page", "/static/no-such-file.css", f"{url}/calc/nothing"):
        assert player.get(page).status_code == 404  # not a game code: never counted
    assert guesser.post("/join", data={"csrf_token": csrf_token(guesser), "code": "AAAAA"}).status_code == 404
    assert [guesser.get(f"/api/games/{c}").status_code for c in ("CCCCC", "DDDDD", "EEEEE", "FFFFF")] == [404] * 4
    assert guesser.get("/g/GGGGG").status_code == 429  # tripped
    assert guesser.get(url).status_code == 429  # a code it never opened: no oracle
    assert latecomer.get(f"/api/games/{code}").status_code == 429
    # the player's game, on the same address: its page, panel, API, actions, live updates and history
    assert player.get(url).status_code == 200
    assert player.get(url, headers={"HX-Request": "true"}).status_code == 200
    assert player.get(f"/api/games/{code}").status_code == 200
    assert act(player, url, token, 0, "add", n="1").status_code == 200
    assert player.post(f"/api/games/{code}/actions", json={"version": 1, "action": "add", "params": {"n": 1}}
                       ).status_code == 200
    assert player.get(f"{url}/live?v=0.0&wait=0").status_code == 200
    assert player.get(f"{url}/history").status_code == 200
    assert player.get(f"{url}/screen").status_code == 200
