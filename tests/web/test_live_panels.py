"""A game page's event stream brings the device's own panel when the game moves: its seat, its CSRF
token, its language; never another device's, never one for a version other than the one it names."""
from __future__ import annotations

import gzip
import json
import re
import zlib

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


def anna_and_boris_seated(app) -> tuple[str, tuple, tuple]:
    """A counter game: Anna holds "even" (English), Boris "odd" (Russian); each (client, CSRF token)."""
    anna = app.test_client()
    url, anna_token = new_counter(anna)
    seat(anna, url, anna_token, "even")
    boris = app.test_client()
    boris.set_cookie("lang", "ru")
    boris_token = csrf_token(boris, url)
    seat(boris, url, boris_token, "odd")
    return url, (anna, anna_token), (boris, boris_token)


def test_each_device_hears_of_a_change_with_its_own_panel_in_its_own_language(tmp_path):
    app = streaming_app(tmp_path)
    url, (anna, anna_token), (boris, boris_token) = anna_and_boris_seated(app)
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


class GzipFollower(Follower):
    """A page's stream read as a browser that takes gzip reads it, chunk by chunk as the server sends them."""

    def _read(self, client, path: str, headers: dict) -> None:
        response = client.get(path, headers={**headers, "Accept-Encoding": "gzip"})
        self.headers, self.raw, self.whole_events = response.headers, [], True
        decoder, buffer = zlib.decompressobj(16 + zlib.MAX_WBITS), ""
        for chunk in response.iter_encoded():
            self.raw.append(chunk)
            buffer += decoder.decompress(chunk).decode()
            self.whole_events &= decoder.eof or buffer == "" or buffer.endswith("\n\n")  # nothing held back
            while "\n\n" in buffer:
                block, buffer = buffer.split("\n\n", 1)
                self.blocks.put(block)
            if self.hang_up.is_set():
                break
        self.ended_whole = decoder.eof and decoder.unused_data == b""
        response.close()


def test_a_page_that_takes_gzip_hears_its_panel_gzipped_each_event_whole_as_it_arrives(tmp_path):
    """`panel=2`, as the page asks: the panel's HTML travels with the placeholder in and the device's token
    beside it (the page puts it in), so devices alike get the very same HTML, compressed once; in one
    gzip member: every chunk the server sends decodes to whole events, and the member ends whole."""
    app = streaming_app(tmp_path)
    url, (anna, anna_token), (boris, boris_token) = anna_and_boris_seated(app)
    carl, dana = app.test_client(), app.test_client()  # two devices alike: no seat, no name, English
    tokens = {"anna": anna_token, "boris": boris_token, "carl": csrf_token(carl, url), "dana": csrf_token(dana, url)}
    clients = {"anna": anna, "boris": boris, "carl": carl, "dana": dana}
    version = int(live_token(anna, url).split(".")[0])
    streams = {name: GzipFollower(client, f"{url}/live?v={live_token(client, url)}&panel=2")
               for name, client in clients.items()}
    try:
        act(anna, url, anna_token, version, "add", n="3")
        heard = {name: panel_of(follower) for name, follower in streams.items()}
        anna.post(url + "/delete", data={"csrf_token": anna_token, "confirm": "yes"})
        assert all(follower.next_event()["event"] == "gone" for follower in streams.values())  # then it ends
    finally:
        for follower in streams.values():
            follower.close()
    assert heard["carl"]["html"] == heard["dana"]["html"] and heard["carl"]["view"] == heard["dana"]["view"]
    for name, event in heard.items():
        follower = streams[name]
        assert follower.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in follower.headers["Vary"]
        assert follower.whole_events and follower.ended_whole
        said = gzip.decompress(b"".join(follower.raw)).decode()  # its checksum and length hold
        assert len(b"".join(follower.raw)) < len(said) / 2
        assert tokens_in(event["html"]) == {event["csrf_in"]}  # no device's token in the shared HTML
        assert session_csrf(app, event["csrf_token"]) == session_csrf(app, tokens[name])
        assert said.count(event["csrf_token"]) == 1
        event["html"] = event["html"].replace(event["csrf_in"], event["csrf_token"])  # as the page does
        assert count(event["html"]) == 3 and f'data-live-token="{event["token"]}"' in event["html"]
    for name, own_seat in (("anna", "even"), ("boris", "odd")):
        html = heard[name]["html"]
        assert f'data-seat="{own_seat}"' in html and html.count("data-seat=") == 1
    assert cue(heard["boris"]["html"]) == "Ваш ход" and heard["boris"]["view"] == "odd.0.0.ru"
    assert session_csrf(app, heard["carl"]["csrf_token"]) != session_csrf(app, heard["dana"]["csrf_token"])


def test_a_page_from_before_or_one_that_does_not_take_gzip_hears_plain_text(tmp_path):
    """`panel=1` (a page opened before `panel=2` existed): its token already in, as text even if it takes
    gzip; `panel=2` without gzip: the same fields as gzipped, as text."""
    app = streaming_app(tmp_path)
    phone = app.test_client()
    url, token = new_counter(phone)
    old = Follower(phone, f"{url}/live?v={live_token(phone, url)}&panel=1", headers={"Accept-Encoding": "gzip"})
    plain = Follower(phone, f"{url}/live?v={live_token(phone, url)}&panel=2", headers={"Accept-Encoding": "identity"})
    try:
        act(phone, url, token, 0, "add", n="2")
        before, now = panel_of(old), panel_of(plain)
    finally:
        old.close()
        plain.close()
    assert "csrf_in" not in before and count(before["html"]) == 2
    [own] = tokens_in(before["html"])
    assert session_csrf(app, own) == session_csrf(app, token)
    assert session_csrf(app, now["csrf_token"]) == session_csrf(app, token)
    assert before["html"].replace(own, "T") == now["html"].replace(now["csrf_in"], "T")


def test_a_stream_for_a_page_that_does_not_take_gzip_or_without_panels_is_plain_text(tmp_path):
    app = streaming_app(tmp_path)
    phone = app.test_client()
    url, _ = new_counter(phone)
    for path, encoding in ((f"{url}/live?v=0.0&panel=2", "identity"), (f"{url}/live?v=0.0&panel=1", "gzip"),
                           (f"{url}/live?v=0.0", "gzip")):
        response = phone.get(path, headers={"Accept": "text/event-stream", "Accept-Encoding": encoding})
        assert "Content-Encoding" not in response.headers
        assert next(response.iter_encoded()) == b"retry: 1000\n\n"
        response.close()
