"""store.find_with_snapshot: the game and what its screen shows beside the state, in one query, exactly
what store.find then store.snapshot read (on SQLite and on PostgreSQL)."""
from __future__ import annotations

import pytest

from companion.storage import store
from tests.conftest import csrf_token
from tests.web.helpers import HTMX


def one_read_and_four(app, code: str) -> tuple:
    """(what the one query found, what the four found), each as plain values."""
    def plain(shot: store.Snapshot) -> tuple:
        return (shot.game.id, shot.game.version, shot.game.state,
                shot.last_event and (shot.last_event.seq, shot.last_event.label),
                shot.undo_target and (shot.undo_target.seq, shot.undo_target.label), shot.seating)
    with app.app_context():
        one = plain(store.find_with_snapshot(code))
        store.db.session.close()
        four = plain(store.snapshot(store.find(code)))
        store.db.session.close()
    return one, four


@pytest.fixture(params=["sqlite", "postgresql"])
def any_app(request, app):
    if request.param == "sqlite":
        return app
    return request.getfixturevalue("pg_app")


def test_one_read_finds_what_find_and_snapshot_found(any_app):
    anna, boris = any_app.test_client(), any_app.test_client()
    code = anna.post("/api/games", json={"kind": "counter", "setup": {"start": 0}}).get_json()["code"]
    url = f"/g/{code}"
    seen = [one_read_and_four(any_app, code)]  # no change yet, no seat
    token = csrf_token(anna, url)
    anna.post("/device", data={"csrf_token": token, "label": "Анна <b>&"})
    anna.post(url + "/seat", data={"csrf_token": token, "seat": "even"}, headers=HTMX)
    boris.post(url + "/seat", data={"csrf_token": csrf_token(boris, url), "seat": "odd"}, headers=HTMX)
    seen.append(one_read_and_four(any_app, code))  # two seats, one device without a name
    for version, n in enumerate((1, 2, 3)):
        anna.post(f"/api/games/{code}/actions", json={"action": "add", "version": version, "params": {"n": n}})
    seen.append(one_read_and_four(any_app, code))  # the latest change is the one to undo
    anna.post(f"/api/games/{code}/undo", json={"version": 3})
    seen.append(one_read_and_four(any_app, code))  # an undo: the target is an older change
    anna.post(f"/api/games/{code}/undo", json={"version": 4})
    anna.post(f"/api/games/{code}/undo", json={"version": 5})
    seen.append(one_read_and_four(any_app, code))  # everything undone: nothing left to undo
    for one, four in seen:
        assert one == four
    assert seen[1][0][5] == {"even": (seen[1][0][5]["even"][0], "Анна <b>&"), "odd": (seen[1][0][5]["odd"][0], "")}
    assert seen[2][0][4][0] == 3 and seen[3][0][4][0] == 2 and seen[4][0][4] is None
    assert seen[0][0][3] is None and seen[0][0][5] == {}


def test_an_unknown_code_is_not_found(app):
    with app.app_context(), pytest.raises(store.GameNotFound):
        store.find_with_snapshot("ZZZZZ")
