"""Malformed input gets a 4xx and changes nothing: never a 500, never a step off the site."""
from __future__ import annotations

import json

import pytest

from companion.storage import store
from companion.storage.models import Device, Event, Game, db
from companion.rules.base import is_plain_text
from tests.conftest import csrf_token
from tests.web.helpers import new_counter

DEEP = b"[" * 1000 + b"]" * 1000


def post_json(client, url, body: bytes):
    return client.post(url, data=body, content_type="application/json")


def counter(client) -> str:
    return client.post("/api/games", json={"kind": "counter", "setup": {"start": 1}}).get_json()["code"]


def events(app) -> int:
    with app.app_context():
        return db.session.query(Event).count()


def test_json_nested_a_thousand_deep_is_a_400_on_every_json_endpoint(client, app):
    code = counter(client)
    for url in ("/api/games", f"/api/games/{code}/actions", f"/api/games/{code}/undo", "/api/import"):
        for body in (DEEP, b'{"version": 0, "params": {"n": ' + DEEP + b"}}"):
            response = post_json(client, url, body)
            assert response.status_code == 400, url
            assert response.get_json()["status"] == 400
    token = csrf_token(client)
    import io
    response = client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(DEEP), "deep.json")})
    assert response.status_code == 400
    assert events(app) == 0


@pytest.mark.parametrize("version", [b"Infinity", b"-Infinity", b"NaN", b"1e400", b"-1", b"true", b"1.5",
                                     b'"1e400"', b'"Infinity"', b"123456789012345678901234567890"])
def test_a_version_that_is_not_a_whole_number_is_a_400(client, app, version):
    code = counter(client)
    for url, extra in ((f"/api/games/{code}/actions", b', "action": "add", "params": {"n": 1}'),
                       (f"/api/games/{code}/undo", b"")):
        response = post_json(client, url, b'{"version": ' + version + extra + b"}")
        assert response.status_code == 400, (url, version)
    url, token = new_counter(client, 1)
    response = client.post(url + "/act", data={"csrf_token": token, "version": version.decode(),
                                               "action": "add", "n": "1"})
    assert response.status_code == 400
    assert events(app) == 0


def test_a_plural_label_param_of_infinity_in_an_import_is_refused(client, app):
    url, token = new_counter(client, 1)
    client.post(url + "/act", data={"csrf_token": token, "version": "0", "action": "add", "n": "2"})
    body = client.get(url + "/export").get_data(as_text=True)
    data = json.loads(body)
    data["events"][0]["label"] = {"msgid": "{n} die", "plural": "{n} dice", "params": {"n": "INF"}}
    for n in ("Infinity", "1e400", "-Infinity", "NaN"):
        raw = json.dumps(data).replace('"INF"', n).encode()
        assert post_json(client, "/api/import", raw).status_code == 400
    with client.application.app_context():
        assert db.session.query(Game).count() == 1


@pytest.mark.parametrize("target", ["/\n/x", "/\r\n/x", "/\t/evil.example/phish", "/\x00/evil.example",
                                    "/ /evil.example", "https://evil.example/", "\\\\evil.example",
                                    "/\\evil.example", "//evil.example", "/%0a/x"])
def test_next_only_ever_leads_to_a_page_of_this_site(client, target):
    token = csrf_token(client)
    for url, field in (("/device", {"label": "Anna"}), ("/lang", {"lang": "ru"}),
                       ("/text-size", {"size": "large"})):
        response = client.post(url, data={"csrf_token": token, "next": target, **field})
        if not is_plain_text(target):  # a control character: refused at the door, nowhere to go
            assert response.status_code == 400 and "Location" not in response.headers, (url, target)
            continue
        assert response.status_code == 303, (url, target)
        location = response.headers["Location"]
        assert location.startswith("/") and not location.startswith("//") and "evil" not in location.split("/")[1]
        assert not any(ord(ch) < 32 for ch in location)


@pytest.mark.parametrize("path", ["/static//x", "/static//css/app.css", "/g//K7Q3M", "/g/K7Q3M//screen",
                                  "/api//games/K7Q3M", "/about//"])
def test_a_path_with_doubled_slashes_never_sends_the_device_to_the_host_it_named(client, path):
    # The Host header is the client's to write: a redirect built from it could send a device anywhere.
    response = client.get(path, headers={"Host": "evil.example"})
    location = response.headers.get("Location", "/")
    assert "evil.example" not in location and location.startswith("/") and not location.startswith("//"), location


def test_next_to_a_page_of_this_site_is_kept(client):
    token = csrf_token(client)
    response = client.post("/lang", data={"csrf_token": token, "next": "/g/K7Q3M?x=1", "lang": "en"})
    assert response.headers["Location"] == "/g/K7Q3M?x=1"


def nul_everywhere(app, client) -> None:
    """Refused with a 400 wherever it is sent (issue 24: one check at the door, not a silent clean-up)."""
    token = csrf_token(client)
    assert client.post("/device", data={"csrf_token": token, "label": "Anna"}).status_code == 303
    assert client.post("/device", data={"csrf_token": token, "label": "Ann\x00a\x07"}).status_code == 400
    response = client.post("/new/counter", data={"csrf_token": token, "start": "1", "title": "Tea\x00time\x1b"})
    assert response.status_code == 400
    response = client.post("/new/counter", data={"csrf_token": token, "start": "1", "title": "Tea time"})
    code = response.headers["Location"].rsplit("/", 1)[1]
    assert client.post(f"/g/{code}/rename", data={"csrf_token": token, "title": "Night\x00cap"}).status_code == 400
    created = client.post("/api/games", json={"kind": "counter", "title": "a\x00b", "setup": {"start": 1}})
    assert created.status_code == 400
    acted = client.post(f"/api/games/{code}/actions", json={"version": 0, "action": "name",
                                                            "params": {"name": "Bo\x00b"}})
    assert acted.status_code == 400
    with app.app_context():
        assert [g.title for g in db.session.query(Game)] == ["Tea time"]
        assert [d.label for d in db.session.query(Device)] == ["Anna"]
        assert store.find(code).version == 0 and db.session.query(Event).count() == 0


def test_nul_and_control_characters_never_reach_the_database(app, client):
    nul_everywhere(app, client)


def test_nul_and_control_characters_never_reach_postgresql(pg_app):  # noqa: F811
    nul_everywhere(pg_app, pg_app.test_client())


@pytest.mark.parametrize("params", [
    {"a": {"b": "x" * 3_000_000}},
    {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}},
    {"a": [[1] * 1000] * 10},
    {"a": 10 ** 30},
    {"a\x00": 1},
])
def test_nested_params_are_bounded_in_depth_and_size(client, app, params):
    code = counter(client)
    response = client.post(f"/api/games/{code}/actions", json={"version": 0, "action": "add",
                                                                "params": {"n": 1, **params}})
    assert response.status_code == 400
    assert events(app) == 0
