"""A game page's event stream brings the device's own panel when the game moves: its seat, its CSRF
token, its language; never another device's, never one for a version other than the one it names."""
from __future__ import annotations

import json
import re

from tests.conftest import csrf_token
from tests.web.helpers import HTMX, act, count, new_counter
from tests.web.test_api_stream import Follower, streaming_app
from tests.web.test_game_pages import session_csrf, tokens_in
from tests.web.test_seats import cue, seat


def live_token(client, url: str) -> str:
    html = client.get(url, headers=HTMX).get_data(as_text=True)
    return re.search(r'data-live-token="([^"]+)"', html).group(1)


def follow_page(client, url: str) -> Follower:
    """The stream as a game page opens it: from what it shows, asking for its panel."""
    return Follower(client, f"{url}/live?v={live_token(client, url)}&panel=1")


def panel_of(follower: Follower) -> dict:
    event = follower.next_event()
    assert event["event"] == "panel", event
    return json.loads(event["data"])


def test_each_device_hears_of_a_change_with_its_own_panel_in_its_own_language(tmp_path):
    app = streaming_app(tmp_path)
    anna = app.test_client()
    url, anna_token = new_counter(anna)
    seat(anna, url, anna_token, "even")
    boris = app.test_client()
    boris.set_cookie("lang", "ru")
    boris_token = csrf_token(boris, url)
    seat(boris, url, boris_token, "odd")
    streams = {"anna": follow_page(anna, url), "boris": follow_page(boris, url)}
    try:
        version = int(live_token(anna, url).split(".")[0])
        act(anna, url, anna_token, version, "add", n="3")
        heard = {name: panel_of(follower) for name, follower in streams.items()}
    finally:
        for follower in streams.values():
            follower.close()
    now = live_token(anna, url)
    for name, token, own_seat in (("anna", anna_token, "even"), ("boris", boris_token, "odd")):
        html = heard[name]["html"]
        assert heard[name]["token"] == now and f'data-live-token="{now}"' in html
        assert f'data-seat="{own_seat}"' in html and html.count("data-seat=") == 1
        assert count(html) == 3
        [own] = tokens_in(html)
        assert session_csrf(app, own) == session_csrf(app, token)
        assert app.extensions["panel_cache"].placeholder not in html
        assert f'data-device-view="{heard[name]["view"]}"' in html
    # 3 is odd: Boris's turn, said in his language; Anna waits, in hers.
    assert cue(heard["anna"]["html"]) == "Waiting" and heard["anna"]["view"] == "even.0.0.en"
    assert cue(heard["boris"]["html"]) == "Ваш ход" and heard["boris"]["view"] == "odd.0.0.ru"
    assert session_csrf(app, tokens_in(heard["anna"]["html"]).pop()) != session_csrf(
        app, tokens_in(heard["boris"]["html"]).pop())


def test_a_stream_without_panels_or_without_a_session_says_moved(tmp_path):
    app = streaming_app(tmp_path)
    phone = app.test_client()
    url, token = new_counter(phone)
    script = app.test_client()  # never loaded a page: no session to put a CSRF token in
    plain = Follower(phone, f"{url}/live?v=0.0")  # the group screen's stream asks for no panels
    sessionless = Follower(script, f"{url}/live?v=0.0&panel=1")
    try:
        act(phone, url, token, 0, "add", n="1")
        assert plain.next_event() == {"event": "moved", "data": "1.0"}
        assert sessionless.next_event() == {"event": "moved", "data": "1.0"}
    finally:
        plain.close()
        sessionless.close()


def test_a_page_behind_gets_the_panel_of_the_game_as_it_is_now(tmp_path):
    app = streaming_app(tmp_path)
    phone = app.test_client()
    url, token = new_counter(phone)
    act(phone, url, token, 0, "add", n="1")
    act(phone, url, token, 1, "add", n="1")
    behind = Follower(phone, f"{url}/live?v=0.0&panel=1")  # a page still showing version 0
    try:
        news = panel_of(behind)
    finally:
        behind.close()
    assert news["token"] == "2.0" and count(news["html"]) == 2
