"""A request holds at most one database connection at a time.

A request that holds a connection while it waits for a second can never be served once the pool is
full of requests like it: each holds one and waits for another (seen as "QueuePool limit … reached"
500s when a thousand new devices opened their panels at once on PostgreSQL). So every request is
counted here by the connections it holds at once, on SQLite and on PostgreSQL alike."""
from __future__ import annotations

import threading

import pytest
import sqlalchemy as sa

from companion.storage import store
from tests.conftest import csrf_token

HTMX = {"HX-Request": "true"}
SETUP = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}


class HeldAtOnce:
    """The most pool connections this thread (the test client's request) held together since the last
    reset; another thread's (the batched presence's timer) are not the request's."""

    def __init__(self, engine):
        self.now: dict[int, int] = {}
        self.most = 0
        sa.event.listen(engine.pool, "checkout", self.checkout)
        sa.event.listen(engine.pool, "checkin", self.checkin)

    def checkout(self, *_):
        me = threading.get_ident()
        self.now[me] = self.now.get(me, 0) + 1
        if me == self.watched:
            self.most = max(self.most, self.now[me])

    def checkin(self, *_):
        me = threading.get_ident()
        self.now[me] = self.now.get(me, 0) - 1

    def reset(self):
        self.watched = threading.get_ident()
        self.most = self.now.get(self.watched, 0)


def requests_of_a_new_device(app, code):
    """Each a new device's (no cookie yet: its label is read first), as a phone that was just handed the code."""
    yield "first panel (htmx)", lambda c: c.get(f"/g/{code}", headers=HTMX)
    yield "page", lambda c: c.get(f"/g/{code}")
    yield "live, nothing new", lambda c: c.get(f"/g/{code}/live?v=1.1&wait=0")
    yield "live, a change to hear", lambda c: c.get(f"/g/{code}/live?v=0.0&wait=0")
    yield "api game", lambda c: c.get(f"/api/games/{code}")


@pytest.fixture(params=["sqlite", "postgresql"])
def any_app(request):
    return request.getfixturevalue("app" if request.param == "sqlite" else "pg_app")


def test_a_new_devices_requests_hold_one_connection_at_a_time(any_app):
    maker = any_app.test_client()
    code = maker.post("/api/games", json={"kind": "mice_mystics", "setup": SETUP}).get_json()["code"]
    with any_app.app_context():
        held = HeldAtOnce(store.db.engine)
    at_once = {}
    for name, ask in requests_of_a_new_device(any_app, code):
        held.reset()
        answer = ask(any_app.test_client())
        assert answer.status_code in (200, 204), (name, answer.status_code)
        at_once[name] = held.most
    assert at_once == {name: 1 for name in at_once}


def test_a_devices_tap_holds_one_connection_at_a_time(any_app):
    client = any_app.test_client()
    token = csrf_token(client)
    url = client.post("/new/mice_mystics", data={"csrf_token": token, "mouse[]": SETUP["mouse"],
                                                 "minion_type[]": ["rat_warriors"], "minion_count[]": ["2"]}
                      ).headers["Location"]
    with any_app.app_context():
        held = HeldAtOnce(store.db.engine)
    for version, headers in ((0, HTMX), (1, {})):
        held.reset()
        answer = client.post(url + "/act", headers=headers,
                             data={"csrf_token": token, "version": str(version), "action": "next_turn"})
        assert answer.status_code in (200, 303), answer.status_code
        assert held.most <= 1, f"a tap held {held.most} connections at once"
