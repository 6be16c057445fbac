"""No client fills the disk: an action rate per device and per address, a cap on one game's history, and
a budget of imported bytes per address. Nothing already accepted is ever dropped."""
from __future__ import annotations

import gzip
import io
import json

from limits.storage import MemoryStorage

from tests.conftest import csrf_token, make_app
from tests.web.helpers import HTMX, act, alert, count, new_counter

def make_limited(tmp_path, per_device: str, per_address: str, **more):
    return make_app(tmp_path / "limited.db", RATELIMIT_ENABLED=True, ACTION_LIMIT_PER_DEVICE=per_device,
                    ACTION_LIMIT_PER_ADDRESS=per_address, NEW_GAME_LIMIT="100 per hour", **more)


def test_one_device_past_its_action_rate_is_refused_with_a_message_the_page_shows(tmp_path):
    limited = make_limited(tmp_path, "4 per minute", "100 per minute")
    phone = limited.test_client()
    url, token = new_counter(phone)
    code = url.rsplit("/", 1)[1]
    assert [act(phone, url, token, v, "add", n="1").status_code for v in range(3)] == [200] * 3
    assert phone.post(url + "/undo", data={"csrf_token": token, "version": "3"}, headers=HTMX).status_code == 200
    refused = act(phone, url, token, 4, "add", n="1")  # the fifth change in a minute: undo counted too
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    # htmx puts it in the page's message area (static/js/app.js swaps every answer but a 204)
    assert refused.headers["HX-Retarget"] == "#flash"
    assert "Too many changes from this device" in refused.get_data(as_text=True)
    form = act(phone, url, token, 4, "add", n="1", htmx=False)
    assert form.status_code == 429 and "Too many changes from this device" in form.get_data(as_text=True)
    undo = phone.post(url + "/undo", data={"csrf_token": token, "version": "4"}, headers=HTMX)
    assert undo.status_code == 429
    api = phone.post(f"/api/games/{code}/actions", json={"version": 4, "action": "add", "params": {"n": 1}})
    assert api.status_code == 429 and "Too many changes" in api.get_json()["error"]
    assert phone.post(f"/api/games/{code}/undo", json={"version": 4}).status_code == 429
    assert count(phone.get(url, headers=HTMX).get_data(as_text=True)) == 2  # nothing refused was applied
    other = limited.test_client()  # another device of the table still plays
    assert act(other, url, csrf_token(other, url), 4, "add", n="1").status_code == 200


def test_an_address_past_its_action_rate_is_refused_and_another_address_is_not(tmp_path):
    limited = make_limited(tmp_path, "100 per minute", "6 per minute")
    devices = [limited.test_client() for _ in range(3)]
    url, _ = new_counter(devices[0])
    tokens = [csrf_token(device, url) for device in devices]
    statuses = [act(devices[i % 3], url, tokens[i % 3], i, "add", n="1").status_code for i in range(6)]
    assert statuses == [200] * 6
    refused = act(devices[0], url, tokens[0], 6, "add", n="1")
    assert refused.status_code == 429 and "Too many changes from this network" in refused.get_data(as_text=True)
    elsewhere = limited.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "192.0.2.77"
    assert act(elsewhere, url, csrf_token(elsewhere, url), 6, "add", n="1").status_code == 200


def test_a_full_history_refuses_further_changes_and_keeps_every_one_it_has(tmp_path):
    app = make_app(tmp_path / "full.db", HISTORY_MAX_CHANGES=3)
    phone = app.test_client()
    url, token = new_counter(phone)
    code = url.rsplit("/", 1)[1]
    assert [act(phone, url, token, v, "add", n="1").status_code for v in range(3)] == [200] * 3
    refused = act(phone, url, token, 3, "add", n="1")
    assert refused.status_code == 422
    assert "3 changes" in alert(refused.get_data(as_text=True))
    assert phone.post(url + "/undo", data={"csrf_token": token, "version": "3"}, headers=HTMX).status_code == 422
    api = phone.post(f"/api/games/{code}/actions", json={"version": 3, "action": "add", "params": {"n": 1}})
    assert api.status_code == 422 and "3 changes" in api.get_json()["error"]
    exported = phone.get(f"/api/games/{code}/export").get_json()
    assert exported["version"] == 3 and len(exported["events"]) == 3 and exported["state"]["count"] == 3


def exported_counter(client, changes: int) -> bytes:
    code = client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]
    data = client.get(f"/api/games/{code}/export").get_json()
    event = {"action": "name", "params": {"name": "x"}, "label": {"msgid": "Name: {name}", "params": {"name": "x"}},
             "notices": [], "device_label": "", "at": "2026-01-01T00:00:00", "undoes_seq": None,
             "state_before": {"count": 1, "rolls": [], "name": "x" * 40}}
    data["events"] = [{**event, "seq": i + 1} for i in range(changes)]
    data["events"][0]["state_before"] = data["state"]
    data["state"] = {"count": 1, "rolls": [], "name": "x"}
    data["version"] = changes
    return json.dumps(data).encode()


def test_imports_have_a_budget_of_bytes_per_address_counted_as_inflated(tmp_path):
    app = make_app(tmp_path / "imports.db", RATELIMIT_ENABLED=True, IMPORT_MEGABYTES_LIMIT="1 per hour",
                   NEW_GAME_LIMIT="100 per hour")
    client = app.test_client()
    body = exported_counter(client, 1500)  # about 450 KB
    assert 300_000 < len(body) < 500_000
    assert client.post("/api/import", data=body, content_type="application/json").status_code == 201
    token = csrf_token(client)
    form = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(gzip.compress(body)), "g.json.gz")})
    assert form.status_code == 303  # gzipped it is a few KB, but it counts as what it inflates to
    refused = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(gzip.compress(body)), "g.json.gz")})
    assert refused.status_code == 429 and "imported" in refused.get_data(as_text=True)
    api = client.post("/api/import", data=gzip.compress(body), content_type="application/json",
                      headers={"Content-Encoding": "gzip"})
    assert api.status_code == 429 and "Retry-After" in api.headers
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "192.0.2.78"
    assert elsewhere.post("/api/import", data=body, content_type="application/json").status_code == 201


def test_the_action_and_import_limits_come_from_the_environment(monkeypatch, tmp_path):
    from companion import config
    monkeypatch.setenv("SECRET_KEY", "x")
    for name, value in (("ACTION_LIMIT_PER_DEVICE", "9 per minute"), ("ACTION_LIMIT_PER_ADDRESS", "99 per minute"),
                        ("IMPORT_MEGABYTES_LIMIT", "8 per hour"), ("HISTORY_MAX_CHANGES", "100")):
        monkeypatch.setenv(name, value)
    settings = config.from_environment(str(tmp_path))
    assert settings["ACTION_LIMIT_PER_DEVICE"] == "9 per minute" and settings["IMPORT_MEGABYTES_LIMIT"] == "8 per hour"
    assert settings["ACTION_LIMIT_PER_ADDRESS"] == "99 per minute" and settings["HISTORY_MAX_CHANGES"] == 100


def test_limits_are_counted_in_the_process_on_sqlite(tmp_path):
    """Issue 43: a server on SQLite is one process, and its counts live in it (Flask-Limiter's memory://):
    no store of ours, no folder that may fill."""
    from limits.storage import MemoryStorage

    from companion import config
    from companion.web.limits import limiter
    assert config.DEFAULTS["RATELIMIT_STORAGE_URI"] == "memory://" and "LIMITS_FOLDER" not in config.DEFAULTS
    limited = make_limited(tmp_path, "2 per minute", "100 per minute")
    assert limited.config["RATELIMIT_STORAGE_URI"] == "memory://"
    assert type(limiter.limiter.storage) is MemoryStorage
    phone = limited.test_client()
    url, token = new_counter(phone)
    assert [act(phone, url, token, v, "add", n="1").status_code for v in range(3)] == [200, 200, 429]


def test_a_store_of_counts_named_in_the_environment_is_the_limiters(tmp_path, monkeypatch):
    """Several processes or hosts (PostgreSQL) share their counts through Redis or Memcached, named by
    RATELIMIT_STORAGE_URI and handed to Flask-Limiter as it is."""
    from companion import config
    from companion.web.limits import limiter
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "failing://counts.example:6379")
    settings = config.from_environment(str(tmp_path))
    assert settings["RATELIMIT_STORAGE_URI"] == "failing://counts.example:6379"
    make_app(tmp_path / "shared.db", RATELIMIT_ENABLED=True,
             RATELIMIT_STORAGE_URI=settings["RATELIMIT_STORAGE_URI"])
    assert type(limiter.limiter.storage) is FailingStorage


class FailingStorage(MemoryStorage):
    """A store of counts as Redis or Memcached would be (registered with `limits` by its scheme), which
    full_limits_store makes fail."""
    STORAGE_SCHEME = ["failing"]


def test_a_failing_store_of_counts_lets_the_table_play(tmp_path, monkeypatch):
    """The counts' store fails from the start (Redis away): the table plays on, counted in the process."""
    app = make_app(tmp_path / "broken.db", RATELIMIT_ENABLED=True, RATELIMIT_STORAGE_URI="failing://")
    full_limits_store(monkeypatch)
    phone = app.test_client()
    url, token = new_counter(phone)
    assert act(phone, url, token, 0, "add", n="1").status_code == 200
    assert phone.get("/api/games/AAAAA").status_code == 404
    assert (
        phone.post("/api/import", data=exported_counter(phone, 3), content_type="application/json").status_code == 201
    )


def full_limits_store(monkeypatch) -> None:
    """The limits' store fails (every write and read), as a Redis or Memcached server out of reach does."""
    def away(*_args, **_kwargs):
        raise ConnectionError("the store of counts is out of reach")
    for method in ("incr", "get", "get_expiry", "clear", "reset"):
        monkeypatch.setattr(FailingStorage, method, away)
    monkeypatch.setattr(FailingStorage, "check", lambda _self: False)  # as its own check says then


def test_a_limit_holds_when_its_store_fails(tmp_path, monkeypatch):
    limited = make_limited(tmp_path, "5 per minute", "100 per minute", RATELIMIT_STORAGE_URI="failing://")
    phone = limited.test_client()
    url, token = new_counter(phone)
    full_limits_store(monkeypatch)
    statuses = [act(phone, url, token, v, "add", n="1").status_code for v in range(20)]
    # Counted in the process instead: the first five go through, the rest wait, nothing lets all through.
    assert statuses[:5] == [200] * 5 and set(statuses[5:]) == {429}
    assert count(phone.get(url, headers=HTMX).get_data(as_text=True)) == 5  # the five applied, no more


def test_a_wrong_code_limit_holds_when_its_store_fails(tmp_path, monkeypatch):
    limited = make_app(tmp_path / "codes.db", RATELIMIT_ENABLED=True, WRONG_CODE_LIMIT="10 per minute",
                       RATELIMIT_STORAGE_URI="failing://")
    guesser = limited.test_client()
    full_limits_store(monkeypatch)
    statuses = [guesser.get(f"/g/ZZZ{chr(65 + i // 26)}{chr(65 + i % 26)}").status_code for i in range(30)]
    assert statuses[:10] == [404] * 10 and set(statuses[10:]) == {429}
