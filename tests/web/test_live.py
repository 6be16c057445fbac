"""Live updates: the long poll answers at once when the game moved, 204 when it did not."""
from __future__ import annotations

import threading
import time

from tests.conftest import make_app
from tests.web.helpers import act, new_counter


def test_live_answers_the_new_version_at_once_when_the_device_is_behind(client):
    url, token = new_counter(client)
    act(client, url, token, 0, "add", n="1")
    response = client.get(url + "/live?v=0")
    assert response.status_code == 200 and response.get_json() == {"version": 1, "token": "1.0"}


def test_live_says_204_when_nothing_changed(client):
    url, _ = new_counter(client)
    assert client.get(url + "/live?v=0&wait=0").status_code == 204


def test_a_waiting_device_hears_of_a_change_made_by_another(tmp_path):
    app = make_app(tmp_path / "live.db", LIVE_WAIT_SECONDS=60.0)
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    answer = {}

    def wait():
        response = tablet.get(url + "/live?v=0&wait=60")
        answer.update(status=response.status_code, body=response.get_json())

    listener = threading.Thread(target=wait)
    listener.start()
    time.sleep(0.3)
    act(phone, url, token, 0, "add", n="1")
    listener.join()
    # A timeout would have been a 204 after a minute: the 200 means it woke for the change.
    assert answer["status"] == 200 and answer["body"]["version"] == 1


def test_live_for_an_unknown_game_or_bad_input(client):
    assert client.get("/g/NOPE7/live?v=0&wait=0").status_code == 404
    url, _ = new_counter(client)
    assert client.get(url + "/live?v=0&wait=soon").status_code == 400


def test_a_device_polling_counts_as_connected(app):
    phone, tablet = app.test_client(), app.test_client()
    url, _ = new_counter(phone)
    tablet.get(url + "/live?v=0&wait=0")
    html = phone.get(url + "/devices").get_data(as_text=True)
    assert html.count("<li>") == 2
