"""Nothing is lost: a game outlives the server process, and a crash mid-request changes nothing."""
from __future__ import annotations

import gzip

import pytest
import sqlalchemy as sa

from companion.storage import store
from companion.web.turns import FairGates
from tests.conftest import make_app
from tests.web.helpers import HTMX, act, count, new_counter


def test_a_game_survives_a_server_restart(tmp_path):
    first = make_app(tmp_path / "table.db").test_client()
    url, token = new_counter(first, 2)
    act(first, url, token, 0, "add", n="3")
    restarted = make_app(tmp_path / "table.db").test_client()  # a new process on the same file
    html = restarted.get(url).get_data(as_text=True)
    assert count(html) == 5 and "Undo: Add 3" in html


def test_a_crash_in_the_middle_of_saving_changes_nothing(app, client, monkeypatch):
    url, token = new_counter(client, 2)

    def crash(*_args, **_kwargs):
        raise OSError("disk unplugged")  # after the UPDATE, before the event is written and committed

    monkeypatch.setattr(store.db.session, "add", crash)
    response = act(client, url, token, 0, "add", n="3", htmx=False)
    assert response.status_code == 500 and "Nothing was changed" in response.get_data(as_text=True)
    monkeypatch.undo()
    html = client.get(url).get_data(as_text=True)
    assert count(html) == 2 and 'data-version="0"' in html
    assert act(client, url, token, 0, "add", n="3").status_code == 200  # and the game goes on


def test_a_full_disk_answers_503_with_retry_after_and_changes_nothing(app, client):
    """Issue 41: the database file cannot grow (SQLite: 'database or disk is full'). A tap is refused with a
    503 that says to wait and try again, on the page, over htmx and in the API, and it changes nothing."""
    url, token = new_counter(client, 2)
    code = url.rsplit("/", 1)[1]
    with app.app_context():
        engine = store.db.engine
        pages = store.db.session.execute(sa.text("PRAGMA page_count")).scalar()
        store.db.session.remove()
    sa.event.listen(engine, "checkout", lambda connection, *_: connection.execute(
        f"PRAGMA max_page_count = {pages}"))
    version = 0
    for _ in range(1000):  # each change's event takes room: the file is full long before these are made
        response = act(client, url, token, version, "add", n="1")
        if response.status_code != 200:
            break
        version += 1
    else:
        raise AssertionError("the file never filled")
    answers = [
        response,
        act(client, url, token, version, "add", n="1", htmx=False),
        client.post(f"/api/games/{code}/actions", json={"action": "add", "version": version, "params": {"n": 1}}),
    ]
    for answer in answers:
        assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
        assert "wait a little and try again" in answer.get_data(as_text=True)
    assert answers[0].headers["HX-Retarget"] == "#flash"  # htmx: into the page's message area
    assert answers[2].get_json()["status"] == 503
    assert client.get(f"/api/games/{code}").get_json()["version"] == version  # nothing half-done
    ru = client.post(f"/api/games/{code}/actions", headers={"Accept-Language": "ru"},
                     json={"action": "add", "version": version, "params": {"n": 1}})
    assert ru.status_code == 503 and "подождите немного" in ru.get_json()["error"]


def test_a_database_that_is_down_answers_503_with_retry_after(tmp_path):
    """Issue 41: no database server answers (PostgreSQL's socket is not there): every kind of request says
    to wait and try again, with Retry-After, rather than 500."""
    app = make_app(database_url=f"postgresql+psycopg://companion@/companion?host={tmp_path / 'no-server'}",
                   upgrade=False)
    client = app.test_client()
    for answer in (client.get("/g/K7Q3M"), client.get("/g/K7Q3M", headers=HTMX), client.get("/api/games/K7Q3M"),
                   client.post("/api/games/K7Q3M/actions", json={"action": "add", "version": 0, "params": {}})):
        assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
        assert "Nothing was changed; wait a little and try again." in answer.get_data(as_text=True)
    with app.app_context():
        store.db.engine.dispose()


@pytest.mark.parametrize(
    "path", ["/static/vendor/htmx.min.js", "/static/vendor/css/app.css", "/static/vendor/js/page.js"]
)
def test_static_files_are_gzipped_and_cached_for_a_year(client, path):
    response = client.get(path + "?v=1", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    with client.get(path) as plain:
        assert gzip.decompress(response.data) == plain.data
    assert "max-age=31536000" in response.headers["Cache-Control"]
    assert "Set-Cookie" not in response.headers


def test_a_change_that_waited_too_long_for_its_game_is_told_to_try_again_everywhere(tmp_path):
    """(web/turns.py) No turn at the game came in GAME_WAIT_SECONDS: the page, htmx and the API each get a 503
    with Retry-After that says to wait and try again, in the device's language, and nothing is changed."""
    app = make_app(tmp_path / "t.db", GAME_WAIT_SECONDS=0.0)
    app.extensions["game_turns"] = FairGates(0)  # no place ever comes free (PostgreSQL's gates, made strict)
    client = app.test_client()
    url, token = new_counter(client, 2)
    code = url.rsplit("/", 1)[1]
    answers = [act(client, url, token, 0, "add", n="1"), act(client, url, token, 0, "add", n="1", htmx=False),
               client.post(f"/api/games/{code}/actions", json={"action": "add", "version": 0, "params": {"n": 1}})]
    for answer in answers:
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"
        assert "This game is busy" in answer.get_data(as_text=True)
        assert "wait a few seconds and try again" in answer.get_data(as_text=True)
    ru = client.post(f"/api/games/{code}/undo", json={"version": 0}, headers={"Accept-Language": "ru"})
    assert ru.status_code == 503 and ru.get_json()["error"].startswith("Игра занята")
    assert client.get(f"/api/games/{code}").get_json()["version"] == 0
