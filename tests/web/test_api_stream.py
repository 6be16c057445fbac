"""GET /api/games/<code>/stream: every change, in order, with its label and notices; resumable."""
from __future__ import annotations

import json
import queue
import threading

from tests.conftest import make_app
from tests.web.helpers import MM_SETUP

SSE = {"Accept": "text/event-stream"}


class Follower:
    """A script following a stream, read in a thread of its own as a separate client would (a heartbeat
    every 0.05 s lets it notice soon that it should hang up)."""

    def __init__(self, client, path: str, headers: dict | None = None):
        self.blocks: queue.Queue[str] = queue.Queue()
        self.hang_up = threading.Event()
        self.reader = threading.Thread(target=self._read, args=(client, path, {**SSE, **(headers or {})}))
        self.reader.start()
        # The stream's first line comes once its starting point is read: changes after this are told.
        assert self.blocks.get(timeout=60).startswith("retry:")

    def _read(self, client, path: str, headers: dict) -> None:
        response = client.get(path, headers=headers)
        buffer = ""
        for chunk in response.iter_encoded():
            buffer += chunk.decode()
            while "\n\n" in buffer:
                block, buffer = buffer.split("\n\n", 1)
                self.blocks.put(block)
            if self.hang_up.is_set():
                break
        response.close()

    def next_event(self) -> dict:
        """The next event that is not a heartbeat (a comment, or a page stream's `beat`) or the retry line:
        {"id", "event", "data"}."""
        while True:
            block = self.blocks.get(timeout=60)  # a safety net against a hang, not a measure of speed
            fields = dict(line.split(": ", 1) for line in block.split("\n") if not line.startswith(":"))
            if "event" in fields and fields["event"] != "beat":
                return fields

    def changes(self, n: int) -> list[dict]:
        out = []
        for _ in range(n):
            event = self.next_event()
            assert event["event"] == "change"
            data = json.loads(event["data"])
            assert int(event["id"]) == data["seq"] == data["version"]
            out.append(data)
        return out

    def close(self) -> list[dict]:
        """Hang up; the changes that arrived and were not read yet (none, in these tests)."""
        self.hang_up.set()
        self.reader.join()
        left = []
        while not self.blocks.empty():
            block = self.blocks.get()
            if "event: change" in block:
                left.append(block)
        return left


def streaming_app(tmp_path):
    return make_app(tmp_path / "stream.db", LIVE_BEAT_SECONDS=0.05, LIVE_STREAM_SECONDS=600.0)


def new_game(client, kind="counter", setup=None) -> str:
    return client.post("/api/games", json={"kind": kind, "setup": setup or {"start": 0}}).get_json()["code"]


def add(client, code: str, version: int, n: int = 1) -> dict:
    response = client.post(f"/api/games/{code}/actions", json={"action": "add", "version": version, "params": {"n": n}})
    assert response.status_code == 200
    return response.get_json()


def test_the_stream_delivers_every_change_in_order_as_it_happens(tmp_path):
    app = streaming_app(tmp_path)
    phone, script = app.test_client(), app.test_client()
    code = new_game(phone)
    follower = Follower(script, f"/api/games/{code}/stream")

    def play():  # another device plays while the script follows
        for version in range(10):
            add(phone, code, version)
        version = 10
        assert phone.post(f"/api/games/{code}/undo", json={"version": version}).status_code == 200

    player = threading.Thread(target=play)
    player.start()
    seen = follower.changes(11)
    player.join()
    follower.close()
    assert [c["seq"] for c in seen] == list(range(1, 12))
    assert [c["label"] for c in seen[:2]] == ["Add 1", "Add 1"]
    assert seen[-1]["action"] == "undo" and seen[-1]["label"] == "Undone: Add 1" and seen[-1]["undoes"] == 10


def test_the_stream_resumes_after_a_dropped_connection_without_gaps_or_duplicates(tmp_path):
    app = streaming_app(tmp_path)
    phone, script = app.test_client(), app.test_client()
    code = new_game(phone)
    follower = Follower(script, f"/api/games/{code}/stream")
    for version in range(3):
        add(phone, code, version)
    first = follower.changes(2)
    follower.close()  # the connection drops after the second change was heard
    for version in range(3, 6):  # changes while nobody listens
        add(phone, code, version)
    resumed = Follower(script, f"/api/games/{code}/stream", {"Last-Event-ID": str(first[-1]["seq"])})
    rest = resumed.changes(4)
    add(phone, code, 6)
    rest += resumed.changes(1)
    assert resumed.close() == []  # nothing told twice
    assert [c["seq"] for c in first + rest] == list(range(1, 8))
    again = Follower(script, f"/api/games/{code}/stream?after=5")
    assert [c["seq"] for c in again.changes(2)] == [6, 7]
    assert again.close() == []


def test_the_stream_tells_notices_in_the_devices_language_and_the_acting_seat(tmp_path):
    app = streaming_app(tmp_path)
    phone, script = app.test_client(), app.test_client()
    code = new_game(phone, "mice_mystics", MM_SETUP)
    token = phone.get(f"/g/{code}").get_data(as_text=True).split('name="csrf_token" value="')[1].split('"')[0]
    assert phone.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": "mouse:lily"}).status_code == 303
    follower = Follower(script, f"/api/games/{code}/stream", {"Accept-Language": "ru"})
    game = phone.get(f"/api/games/{code}").get_json()
    answer = phone.post(f"/api/games/{code}/actions", json={"action": "add_cheese", "version": game["version"],
                                                            "params": {"reason": "minion_attack", "n": 6}})
    assert answer.status_code == 200
    told = follower.changes(1)[0]
    follower.close()
    assert told["seat"] == "mouse:lily" and told["notices"]
    english = answer.get_json()["change"]
    assert [n["msgid"] for n in told["notices"]] == [n["msgid"] for n in english["notices"]]
    assert told["notices"][0]["text"] != english["notices"][0]["text"]
    assert any("а" <= ch <= "я" for ch in told["notices"][0]["text"] + told["label"])


def test_a_stream_of_an_unknown_game_or_a_bad_resume_id(tmp_path):
    app = streaming_app(tmp_path)
    client = app.test_client()
    assert client.get("/api/games/NOPE7/stream", headers=SSE).status_code == 404
    code = new_game(client)
    bad = client.get(f"/api/games/{code}/stream", headers={**SSE, "Last-Event-ID": "seven"})
    assert bad.status_code == 400 and bad.get_json()["status"] == 400
