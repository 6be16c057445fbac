"""Erasing is not playing: only a device of the table may delete a game, and a deleted game can be
restored for DELETED_KEEP_DAYS from the home page of the devices that had it (then the sweep purges it)."""
from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from companion.storage.models import Event, Game, db, utcnow
from tests.conftest import csrf_token, make_app
from tests.web.helpers import HTMX, act, count, new_counter


def delete(client, url: str):
    return client.post(url + "/delete", data={"csrf_token": csrf_token(client, url), "confirm": "yes"})


def games_in_database(app) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Game))


def test_a_stranger_with_the_code_cannot_delete_the_game(app):
    owner, stranger = app.test_client(), app.test_client()
    url, token = new_counter(owner, 4)
    act(owner, url, token, 0, "add", n="1")
    page = stranger.get(url).get_data(as_text=True)  # the stranger's one look at the page: its presence
    assert "Yes, delete this game" not in page
    refused = delete(stranger, url)
    assert refused.status_code == 403
    assert "Only a device that started this game" in refused.get_data(as_text=True)
    assert count(owner.get(url, headers=HTMX).get_data(as_text=True)) == 5  # nothing changed
    assert "Yes, delete this game" in owner.get(url).get_data(as_text=True)


def test_a_seated_device_or_one_that_made_a_change_may_delete(app):
    owner, seated, player = app.test_client(), app.test_client(), app.test_client()
    url, _ = new_counter(owner)
    token = csrf_token(seated, url)
    assert seated.post(url + "/seat", data={"csrf_token": token, "seat": "even"}).status_code == 303
    assert delete(seated, url).status_code == 303
    restore = owner.post(url + "/restore", data={"csrf_token": csrf_token(owner)})
    assert restore.status_code == 303
    token = csrf_token(player, url)
    assert act(player, url, token, 0, "add", n="2").status_code == 200
    assert delete(player, url).status_code == 303


def test_a_deleted_game_is_offered_back_on_the_home_page_of_the_devices_that_had_it(app):
    deleted_and_restored(app)


def test_on_postgresql_deleting_restoring_and_purging_work_alike(pg_app):
    deleted_and_restored(pg_app)
    owner = pg_app.test_client()
    url, _ = new_counter(owner)
    stranger = pg_app.test_client()
    assert delete(stranger, url).status_code == 403
    assert delete(owner, url).status_code == 303
    with pg_app.app_context():
        db.session.execute(sa.update(Game).where(Game.deleted_at.is_not(None))
                           .values(deleted_at=utcnow() - timedelta(days=15)))
        db.session.commit()
    assert pg_app.test_cli_runner().invoke(args=["sweep-games"]).output == "0 archived, 1 deleted\n"
    assert games_in_database(pg_app) == 1


def deleted_and_restored(app) -> None:
    owner, tablet, stranger = app.test_client(), app.test_client(), app.test_client()
    url, token = new_counter(owner, 7, title="Friday night")
    act(owner, url, token, 0, "add", n="1")
    tablet.get(url)  # the group screen had it open
    stranger.get("/")
    assert delete(owner, url).status_code == 303
    code = url.rsplit("/", 1)[1]
    for device in (owner, tablet):
        home = device.get("/").get_data(as_text=True)
        assert "Deleted games" in home and "Friday night" in home and "restore it until" in home
        assert f'action="/g/{code}/restore"' in home
    assert "Friday night" not in stranger.get("/").get_data(as_text=True)
    # one tap brings it back, history and all
    response = tablet.post(url + "/restore", data={"csrf_token": csrf_token(tablet)})
    assert response.status_code == 303 and response.headers["Location"].endswith(url)
    assert count(owner.get(url, headers=HTMX).get_data(as_text=True)) == 8
    assert "Add 1" in owner.get(url + "/history").get_data(as_text=True)
    assert "Deleted games" not in owner.get("/").get_data(as_text=True)


def test_a_stranger_cannot_restore_what_it_never_had(app):
    owner, stranger = app.test_client(), app.test_client()
    url, _ = new_counter(owner)
    delete(owner, url)
    response = stranger.post(url + "/restore", data={"csrf_token": csrf_token(stranger)})
    assert response.status_code == 403
    assert owner.get(url).status_code == 410


def test_a_deleted_game_answers_its_code_with_a_clear_page_never_a_500(app):
    owner, stranger = app.test_client(), app.test_client()
    url, token = new_counter(owner, title="Friday night")
    code = url.rsplit("/", 1)[1]
    delete(owner, url)
    page = owner.get(url)
    assert page.status_code == 410
    html = page.get_data(as_text=True)
    assert "was deleted" in html and "Restore" in html
    assert "was deleted" in stranger.get(url).get_data(as_text=True)
    assert 'action="/g/' not in stranger.get(url).get_data(as_text=True)  # nothing to restore for it
    for path in ("/screen", "/history", "/export", "/devices"):
        assert owner.get(url + path).status_code == 410, path
    fragment = owner.get(url, headers=HTMX)
    assert fragment.status_code == 410 and fragment.headers["HX-Retarget"] == "#flash"
    assert act(owner, url, token, 0, "add", n="1").status_code == 410
    answer = owner.get(f"/api/games/{code}")
    assert answer.status_code == 410 and "was deleted" in answer.get_json()["error"]
    assert answer.get_json()["restore_until"]
    assert owner.post(f"/api/games/{code}/actions", json={"version": 0, "action": "add", "params": {"n": 1}}
                      ).status_code == 410
    assert owner.get(f"{url}/live?v=0.0&wait=0").status_code == 404  # pages showing it hear it is gone
    assert games_in_database(app) == 1


def test_a_deleted_game_is_purged_by_the_sweep_after_its_days(tmp_path):
    app = make_app(tmp_path / "purge.db", DELETED_KEEP_DAYS=14)
    owner = app.test_client()
    url, token = new_counter(owner)
    act(owner, url, token, 0, "add", n="1")
    delete(owner, url)

    def deleted_days_ago(days: int) -> None:
        with app.app_context():
            db.session.execute(sa.update(Game).values(deleted_at=utcnow() - timedelta(days=days)))
            db.session.commit()

    deleted_days_ago(13)
    assert app.test_cli_runner().invoke(args=["sweep-games"]).output == "0 archived, 0 deleted\n"
    assert owner.get(url).status_code == 410
    deleted_days_ago(15)
    assert app.test_cli_runner().invoke(args=["sweep-games"]).output == "0 archived, 1 deleted\n"
    assert games_in_database(app) == 0 and owner.get(url).status_code == 404
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Event)) == 0


def test_the_days_a_deleted_game_is_kept_come_from_the_environment(monkeypatch, tmp_path):
    from companion import config
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("DELETED_KEEP_DAYS", "30")
    assert config.from_environment(str(tmp_path))["DELETED_KEEP_DAYS"] == 30
