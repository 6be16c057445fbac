"""Live updates: the long poll answers at once when the game moved, 204 when it did not."""
from __future__ import annotations

import threading
import time
from datetime import timedelta

from sqlalchemy import event as sa_event

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
    until(lambda: url.rsplit("/", 1)[1] in app.extensions["live_watcher"].games, "the tablet waits")
    act(phone, url, token, 0, "add", n="1")  # not before: a device already behind is answered at once
    listener.join()
    # A timeout would have been a 204 after a minute: the 200 means it woke for the change.
    assert answer["status"] == 200 and answer["body"]["version"] == 1


def test_a_page_is_told_the_silence_after_which_the_server_counts_as_out_of_reach(client, tmp_path):
    """app.js reads it from the body: 2.8 s (about two heartbeats missed) unless the server says otherwise."""
    url, _ = new_counter(client)
    for path in ("/", url, url + "/screen"):
        assert 'data-live-silence-ms="2800"' in client.get(path).get_data(as_text=True), path
    patient = make_app(tmp_path / "patient.db", LIVE_SILENCE_SECONDS=600.0).test_client()
    assert 'data-live-silence-ms="600000"' in patient.get("/").get_data(as_text=True)


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


def until(condition, what: str) -> None:
    """Wait (bounded, a minute at least: a safety net against a hang) for another thread to reach a
    point; never a measure of speed."""
    for _ in range(12_000):
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError(f"never happened: {what}")


def wait_in_thread(client, url: str, seen: str, answer: dict, wait: int = 30) -> threading.Thread:
    def wait_for_it():
        response = client.get(f"{url}/live?v={seen}&wait={wait}")
        answer.update(status=response.status_code, body=response.get_json(silent=True))

    listener = threading.Thread(target=wait_for_it)
    listener.start()
    return listener


def tablet_waits_phone_adds_one(phone, tablet, waiting_app) -> dict:
    """A new counter; the tablet waits on it (through `waiting_app`), the phone adds 1: what the tablet heard."""
    url, token = new_counter(phone)
    code = url.rsplit("/", 1)[1]
    answer: dict = {}
    listener = wait_in_thread(tablet, url, "0.0", answer)
    until(lambda: code in waiting_app.extensions["live_watcher"].games, "the tablet waits")
    act(phone, url, token, 0, "add", n="1")
    listener.join()
    return answer


def test_a_change_is_pushed_to_the_devices_waiting_in_the_same_process(tmp_path):
    """Issue 43: a server on SQLite is one process. Its own commit wakes its waiting devices, and nothing
    watches the database for another process's (no watcher thread, no poll). The catch-up read is an hour
    apart: only the push can wake the tablet before its long poll ends (a 204 after 30 s would fail)."""
    app = make_app(tmp_path / "push.db", LIVE_WAIT_SECONDS=30.0, LIVE_CATCH_UP_SECONDS=3600.0)
    answer = tablet_waits_phone_adds_one(app.test_client(), app.test_client(), app)
    assert answer == {"status": 200, "body": {"version": 1, "token": "1.0"}}
    watcher = app.extensions["live_watcher"]
    assert watcher.games == {}  # nobody waits any more: nothing is kept
    assert watcher.thread is None


def test_seating_and_deleting_wake_the_waiting_devices(tmp_path):
    app = make_app(tmp_path / "seat.db", LIVE_WAIT_SECONDS=30.0, LIVE_CATCH_UP_SECONDS=3600.0)
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    code = url.rsplit("/", 1)[1]
    watcher = app.extensions["live_watcher"]
    answer: dict = {}
    listener = wait_in_thread(tablet, url, "0.0", answer)
    until(lambda: code in watcher.games, "the tablet waits")
    phone.post(url + "/rename", data={"csrf_token": token, "title": "Friday"})
    listener.join()
    assert answer["status"] == 200 and answer["body"]["token"] == "0.1"
    answer.clear()
    listener = wait_in_thread(tablet, url, "0.1", answer)
    until(lambda: code in watcher.games, "the tablet waits again")
    phone.post(url + "/delete", data={"csrf_token": token, "confirm": "yes"})
    listener.join()
    assert answer["status"] == 404


def test_one_device_cannot_hold_more_waiting_requests_than_its_share(tmp_path):
    app = make_app(tmp_path / "cap.db", LIVE_WAIT_SECONDS=30.0, LIVE_MAX_WAITING_PER_DEVICE=1,
                   LIVE_MAX_WAITING_PER_ADDRESS=2)
    phone, tablet, laptop = app.test_client(), app.test_client(), app.test_client()
    url, token = new_counter(phone)
    for device in (tablet, laptop):
        device.get(url)  # each has its device cookie
    watcher = app.extensions["live_watcher"]
    first: dict = {}
    listener = wait_in_thread(tablet, url, "0.0", first)
    until(lambda: sum(watcher.per_device.values()) == 1, "the tablet waits")
    again = tablet.get(url + "/live?v=0.0&wait=30")  # the same device, a second waiting request
    assert again.status_code == 429 and again.headers["Retry-After"] == "5"
    second: dict = {}
    other = wait_in_thread(laptop, url, "0.0", second)  # another device: its own share
    until(lambda: sum(watcher.per_device.values()) == 2, "the laptop waits")
    assert phone.get(url + "/live?v=0.0&wait=30").status_code == 429  # the address's share is used up
    act(phone, url, token, 0, "add", n="1")
    listener.join()
    other.join()
    assert first["status"] == second["status"] == 200
    assert watcher.per_device == {} and watcher.per_address == {}


def test_waiting_devices_are_noted_present_in_one_write(tmp_path):
    """Presence is written in batches: a poll from each of many devices costs one write, not one each."""
    from companion.storage.models import db
    app = make_app(tmp_path / "presence.db", PRESENCE_FLUSH_SECONDS=3600.0)
    phone = app.test_client()
    url, _ = new_counter(phone)
    devices = [app.test_client() for _ in range(30)]
    commits = []
    with app.app_context():
        def count_commit(_connection):
            commits.append(1)

        sa_event.listen(db.engine, "commit", count_commit)
        for device in devices:
            assert device.get(url + "/live?v=0.0&wait=0").status_code == 204
        assert commits == []  # noted, not yet written
        assert phone.get(url + "/devices").get_data(as_text=True).count("<li>") == 31  # a read writes them first
        assert len(commits) == 1
        sa_event.remove(db.engine, "commit", count_commit)


def test_behind_a_reverse_proxy_each_device_counts_from_its_own_address(tmp_path):
    """PROXIES=1: the caps look at the address the proxy was asked from, not at the proxy's own."""
    app = make_app(tmp_path / "proxy.db", PROXIES=1, LIVE_WAIT_SECONDS=30.0, LIVE_MAX_WAITING_PER_ADDRESS=1)
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    watcher = app.extensions["live_watcher"]
    answer: dict = {}

    def wait_from_afar():
        response = tablet.get(url + "/live?v=0.0&wait=30", headers={"X-Forwarded-For": "198.51.100.7"})
        answer.update(status=response.status_code)

    listener = threading.Thread(target=wait_from_afar)
    listener.start()
    until(lambda: "198.51.100.7" in watcher.per_address, "the tablet waits, known by its own address")
    other = phone.get(url + "/live?v=0.0&wait=0", headers={"X-Forwarded-For": "203.0.113.9"})
    assert other.status_code == 204  # another address: its own share
    act(phone, url, token, 0, "add", n="1")
    listener.join()
    assert answer["status"] == 200


class Clock:
    """The presence clock, moved by hand: CONNECTED_WITHIN passes without the test waiting for it."""

    def __init__(self):
        from companion.storage.models import utcnow
        self.now = utcnow()

    def __call__(self):
        return self.now


def test_a_device_whose_stream_brings_change_after_change_stays_connected(tmp_path, monkeypatch):
    """The roster counted a device only when its stream beat (a quiet 1.5 s): while the game moved faster than
    that — a round played briskly — a watching phone dropped out of "connected" and came back (1 → 3 → 2 → 4
    with the same four devices). Every event its stream sends now says it is there."""
    from companion.storage import presence, store
    clock = Clock()
    monkeypatch.setattr(presence, "utcnow", clock)
    monkeypatch.setattr(store, "utcnow", clock)
    app = make_app(tmp_path / "stream.db", LIVE_BEAT_SECONDS=3600.0, LIVE_WAIT_SECONDS=30.0)
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    tablet.get(url)
    blocks: list[str] = []
    hang_up = threading.Event()

    def follow():
        response = tablet.get(url + "/live?v=0.0", headers={"Accept": "text/event-stream"})
        for chunk in response.iter_encoded():
            blocks.extend(b for b in chunk.decode().split("\n\n") if b.startswith("event:"))
            if hang_up.is_set():
                break
        response.close()

    follower = threading.Thread(target=follow)
    follower.start()
    try:
        for version in range(4):  # a change every 25 s for over a minute, and the stream never beats
            clock.now += timedelta(seconds=25)
            act(phone, url, token, version, "add", n="1")
            until(lambda version=version: len(blocks) > version, "the stream told the tablet of the change")
            assert phone.get(url + "/devices").get_data(as_text=True).count("<li>") == 2, version
    finally:
        hang_up.set()
        act(phone, url, token, len(blocks), "add", n="1")  # one more event, so the stream sees the hang-up
        follower.join(timeout=60)


def test_a_pages_stream_beats_with_an_event_its_event_source_hears(tmp_path):
    """A page follows its stream with the browser's EventSource, which hands a script no comment line: the
    heartbeat by which the page knows the server is in reach is an event (`beat`). A script's stream
    (the API's) beats with a comment, as documented."""
    app = make_app(tmp_path / "beat.db", LIVE_BEAT_SECONDS=0.01)
    client = app.test_client()
    url, _ = new_counter(client)
    response = client.get(url + "/live?v=0.0", headers={"Accept": "text/event-stream"})
    chunks = response.iter_encoded()
    assert next(chunks) == b"retry: 1000\n\n"
    beat = next(chunks)
    response.close()
    assert beat == b"event: beat\ndata: \n\n"
