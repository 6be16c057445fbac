"""Games idle for months are archived, then deleted; the home page says when, before it happens."""
from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from companion.storage import store
from companion.storage.models import Event, Game, Presence, Seat, db, utcnow
from tests.conftest import csrf_token, make_app
from tests.web.helpers import api_act


def idle_for(app, code: str, days: int) -> None:
    with app.app_context():
        db.session.execute(sa.update(Game).where(Game.code == code).values(updated_at=utcnow() - timedelta(days=days)))
        db.session.commit()


def counter_with_history(client) -> str:
    code = client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
    api_act(client, code, "add", n=1)
    token = csrf_token(client, f"/g/{code}")
    client.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": "even"})
    return code


def test_the_sweep_archives_idle_games_then_deletes_them_with_their_history(tmp_path):
    app = make_app(tmp_path / "expiry.db", IDLE_ARCHIVE_DAYS=180, ARCHIVED_DELETE_DAYS=90)
    client = app.test_client()
    fresh, idle, forgotten = (counter_with_history(client) for _ in range(3))
    idle_for(app, idle, 181)
    idle_for(app, forgotten, 181 + 91)
    result = app.test_cli_runner().invoke(args=["sweep-games"])
    # a game is archived first, however long idle: never deleted without having been shown as archived
    assert result.exit_code == 0 and "2 archived, 0 deleted" in result.output
    with app.app_context():
        assert not store.find(fresh).archived and store.find(idle).archived and store.find(forgotten).archived
    result = app.test_cli_runner().invoke(args=["sweep-games"])
    assert "0 archived, 1 deleted" in result.output
    with app.app_context():
        assert {g.code for g in db.session.query(Game)} == {fresh, idle}
        ids = {g.id for g in db.session.query(Game)}
        for model in (Event, Seat, Presence):
            assert {r.game_id for r in db.session.query(model)} == ids


def test_restoring_an_archived_game_starts_its_idle_time_again(tmp_path):
    app = make_app(tmp_path / "expiry.db")
    client = app.test_client()
    code = counter_with_history(client)
    idle_for(app, code, 200)
    assert app.test_cli_runner().invoke(args=["sweep-games"]).output == "1 archived, 0 deleted\n"
    token = csrf_token(client, f"/g/{code}")
    client.post(f"/g/{code}/archive", data={"csrf_token": token, "archived": "0"})
    assert app.test_cli_runner().invoke(args=["sweep-games"]).output == "0 archived, 0 deleted\n"
    with app.app_context():
        assert not store.find(code).archived


def test_the_home_page_shows_when_each_game_is_archived_or_deleted_and_sweeps_once_a_day(tmp_path):
    app = make_app(tmp_path / "expiry.db", IDLE_ARCHIVE_DAYS=180, ARCHIVED_DELETE_DAYS=90)
    client = app.test_client()
    fresh, idle = counter_with_history(client), counter_with_history(client)
    idle_for(app, idle, 181)
    html = client.get("/").get_data(as_text=True)  # the first visit sweeps
    with app.app_context():
        archive_on = (store.find(fresh).updated_at + timedelta(days=180)).date()
        delete_on = (store.find(idle).updated_at + timedelta(days=270)).date()
        assert store.find(idle).archived
    shown = lambda day: f"{day:%b} {day.day}, {day.year}"  # English medium date, e.g. May 29, 2027
    assert f"archived if unplayed until {shown(archive_on)}" in html
    assert f"deleted if unplayed until {shown(delete_on)}" in html
    idle_for(app, fresh, 181)
    client.get("/")  # a second visit the same day does not sweep again
    with app.app_context():
        assert not store.find(fresh).archived


def test_the_sweep_wakes_the_devices_still_showing_an_archived_or_deleted_game(tmp_path):
    from tests.web.test_live import until, wait_in_thread
    app = make_app(tmp_path / "expiry.db", LIVE_WAIT_SECONDS=30.0, LIVE_CATCH_UP_SECONDS=3600.0)
    phone, tablet = app.test_client(), app.test_client()
    code = counter_with_history(phone)
    url, watcher = f"/g/{code}", app.extensions["live_watcher"]
    seen = phone.get(f"/g/{code}/live?v=0&wait=0").get_json()["token"]
    idle_for(app, code, 181)
    answer: dict = {}
    listener = wait_in_thread(tablet, url, seen, answer)
    until(lambda: code in watcher.games, "the tablet waits")
    assert app.test_cli_runner().invoke(args=["sweep-games"]).output == "1 archived, 0 deleted\n"
    listener.join()
    assert answer["status"] == 200 and answer["body"]["token"] != seen  # the archive flag is shown now
    seen = answer["body"]["token"]
    answer.clear()
    listener = wait_in_thread(tablet, url, seen, answer)
    until(lambda: code in watcher.games, "the tablet waits again")
    idle_for(app, code, 181 + 91)
    assert app.test_cli_runner().invoke(args=["sweep-games"]).output == "0 archived, 1 deleted\n"
    listener.join()
    assert answer["status"] == 404
