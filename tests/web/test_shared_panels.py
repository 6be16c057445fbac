"""A live panel holds nothing secret of a device (its CSRF token travels as a request header), so one
drawing per game moment and view serves every device of that view byte for byte, fetched or brought by
the page's event stream; never one device's seat, name offer or language on another device."""
from __future__ import annotations

import gzip
import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from companion import kinds
from companion.storage.changes import LiveToken
from companion.web import games
from tests.conftest import csrf_token
from tests.web.helpers import HTMX, MM_SETUP, act, count, new_counter, words
from tests.web.test_api_stream import Follower, streaming_app
from tests.web.test_game_pages import tokens_in
from tests.web.test_seats import cue, seat


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The live panels actually drawn (a kept one is served without a draw)."""
    drawn: list[str] = []
    draw = games.draw_block

    def counted(template, block, **context):
        drawn.append(block)
        return draw(template, block, **context)

    monkeypatch.setattr(games, "draw_block", counted)
    return drawn


def panel(client, url: str, **headers) -> str:
    return client.get(url, headers={**HTMX, **headers}).get_data(as_text=True)


def device(app, url: str, lang: str = "en"):
    client = app.test_client()
    client.set_cookie("lang", lang)
    return client, csrf_token(client, url)


def test_devices_of_the_same_view_get_the_same_bytes_without_any_token(app, renders):
    first, first_token = device(app, "/")
    url, _ = new_counter(first)
    others = [device(app, url) for _ in range(3)]
    answers = [client.get(url, headers={**HTMX, "Accept-Encoding": "gzip"}) for client, _ in [(first, 0), *others]]
    assert renders == ["panel"]  # drawn once, for the first; the three others were served that drawing
    assert len({answer.data for answer in answers}) == 1  # the same gzipped bytes
    html = gzip.decompress(answers[0].data).decode()
    assert html == panel(first, url, **{"Accept-Encoding": "identity"})
    assert tokens_in(html) == set() and 'name="csrf_token"' not in html
    for _, token in [(first, first_token), *others]:
        assert token not in html
    assert answers[0].headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in answers[0].headers["Vary"]


def test_a_whole_page_keeps_a_token_in_every_form_and_posts_without_javascript(app):
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    page = phone.get(url).get_data(as_text=True)
    posting = re.findall(r'<form[^>]*method="post".*?</form>', page, re.S)
    assert posting and all('name="csrf_token"' in form for form in posting)
    [own] = tokens_in(page)
    answer = act(phone, url, own, 0, "add", htmx=False, n="2")
    assert answer.status_code == 303 and count(phone.get(url).get_data(as_text=True)) == 2


def test_a_panel_swapped_in_posts_with_the_pages_token_as_a_header(app):
    """What htmx sends from a fetched panel: the form's fields (no token among them) and X-CSRFToken from
    the page's <body hx-headers>. Without the header, or with another device's token, nothing is done."""
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    other, other_token = device(app, url)
    page = phone.get(url).get_data(as_text=True)
    assert f'hx-headers=\'{{"X-CSRFToken": "{tokens_in(page).pop()}"}}\'' in page
    fields = {"version": "0", "action": "add", "n": "3"}
    assert phone.post(url + "/act", data=fields, headers=HTMX).status_code == 400
    assert phone.post(url + "/act", data=fields, headers={**HTMX, "X-CSRFToken": other_token}).status_code == 400
    assert phone.post(url + "/act", data=fields, headers={**HTMX, "X-CSRFToken": "forged"}).status_code == 400
    assert count(panel(phone, url)) == 0  # nothing was applied
    answer = phone.post(url + "/act", data=fields, headers={**HTMX, "X-CSRFToken": token})
    assert answer.status_code == 200 and count(answer.get_data(as_text=True)) == 3
    undo = phone.post(url + "/undo", data={"version": "1"}, headers={**HTMX, "X-CSRFToken": token})
    assert undo.status_code == 200 and count(undo.get_data(as_text=True)) == 0
    assert phone.post(url + "/watch", headers=HTMX).status_code == 400
    assert phone.post(url + "/watch", headers={**HTMX, "X-CSRFToken": token}).status_code == 200


def test_a_device_that_has_the_panel_is_answered_304_until_the_game_moves(app):
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    tablet, _ = device(app, url)
    first = phone.get(url, headers=HTMX)
    etag = first.headers["ETag"]
    assert first.status_code == 200 and "no-cache" in first.headers["Cache-Control"]
    again = phone.get(url, headers={**HTMX, "If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    zipped = tablet.get(url, headers={**HTMX, "Accept-Encoding": "gzip", "If-None-Match": etag})
    assert zipped.status_code == 304  # the same panel, whichever device and encoding
    assert phone.get(url, headers={"If-None-Match": etag}).status_code == 200  # the whole page is another
    act(phone, url, token, 0, "add", n="1")
    moved = phone.get(url, headers={**HTMX, "If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag and count(moved.get_data(as_text=True)) == 1
    seat(phone, url, token, "even")
    seated = phone.get(url, headers=HTMX).headers["ETag"]
    assert seated not in (etag, moved.headers["ETag"], tablet.get(url, headers=HTMX).headers["ETag"])


def test_a_kept_panel_never_shows_another_devices_seat_or_name_offer(app, renders):
    anna, anna_token = device(app, "/")
    url, _ = new_counter(anna)
    anna.post("/device", data={"csrf_token": anna_token, "label": "Anna"})
    seat(anna, url, anna_token, "even")
    boris, boris_token = device(app, url)
    seat(boris, url, boris_token, "odd")
    carol, _ = device(app, url)
    seen = {name: panel(client, url) for name, client in (("anna", anna), ("boris", boris), ("carol", carol))}
    assert cue(seen["anna"]) == "Your turn" and 'data-seat="even"' in seen["anna"]
    assert "Call this device" not in seen["anna"]  # she has a name
    assert cue(seen["boris"]) == "Waiting" and 'data-seat="odd"' in seen["boris"]
    assert "Call this device “Odd”" in words(seen["boris"])
    assert (
        cue(seen["carol"]) == ""
        and "data-seat" not in seen["carol"]
        and "Is this the group screen or a player’s phone?" in seen["carol"]
    )
    # The same again, now from what was kept: each still sees only its own seat.
    renders.clear()
    again = {name: panel(client, url) for name, client in (("carol", carol), ("boris", boris), ("anna", anna))}
    assert renders == [] and again == seen


def test_who_holds_a_seat_is_in_the_seats_section_fetched_when_opened(app):
    anna, anna_token = device(app, "/")
    url, _ = new_counter(anna)
    anna.post("/device", data={"csrf_token": anna_token, "label": "Anna"})
    seat(anna, url, anna_token, "even")
    boris, _ = device(app, url)
    live = panel(boris, url)
    assert "held by Anna" not in words(live) and f'hx-get="{url}/folded/seats"' in live
    section = words(panel(boris, url + "/folded/seats"))
    assert "held by Anna" in section and 'name="csrf_token"' not in section
    assert "held by Anna" not in words(panel(anna, url + "/folded/seats"))  # hers: "this device"
    page = words(boris.get(url + "/folded/seats").get_data(as_text=True))  # without JavaScript: a page of its own
    assert "held by Anna" in page and 'name="csrf_token"' in page and "Back to the game" in page
    assert boris.get(url + "/folded/nothing-of-the-kind").status_code == 404


def test_a_section_opened_on_a_page_the_game_has_left_swaps_nothing(app):
    """Crawler seed 227: a phone opened "Minions arrive" as the chapter was won (a page drawn a moment before);
    the fold asked for a section the finished chapter does not have: a 404, an error in the page's console. The
    live panel that follows replaces the page; htmx is told there is nothing to swap."""
    client = app.test_client()
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}).get_json()["code"]
    url = f"/g/{code}"
    assert f'hx-get="{url}/folded/mm-chapter"' in panel(client, url)  # the live panel's fold, fetched when opened
    game = client.get(f"/api/games/{code}").get_json()
    client.post(f"/api/games/{code}/actions", json={"version": game["version"], "action": "mark_victory",
                                                     "params": {}})
    answer = client.get(url + "/folded/mm-chapter", headers=HTMX)
    assert answer.status_code == 204 and answer.get_data() == b""
    assert client.get(url + "/folded/mm-chapter").status_code == 404  # without JavaScript: a page that says so


def test_a_kept_panel_is_in_the_devices_own_language_and_watching_is_its_own(app, renders):
    english, _ = device(app, "/")
    url, token = new_counter(english)
    russian, _ = device(app, url, "ru")
    watcher, watcher_token = device(app, url)
    watcher.post(url + "/watch", data={"csrf_token": watcher_token}, headers=HTMX)
    assert "Is this the group screen or a player’s phone?" in panel(english, url)
    html = panel(russian, url)
    assert "Это общий экран или телефон игрока?" in html and "Is this the group screen or a player’s phone?" not in html
    html = panel(watcher, url)
    assert "Is this the group screen or a player’s phone?" not in html and "Это общий экран" not in html
    renders.clear()
    assert "Это общий экран или телефон игрока?" in panel(
        russian, url
    ) and "Is this the group screen or a player’s phone?" in panel(english, url)
    assert renders == []
    act(english, url, token, 0, "add", n="2")
    assert count(panel(russian, url)) == 2 and count(panel(watcher, url)) == 2  # a new version: drawn anew


def test_a_device_renamed_is_shown_by_its_new_name_at_once(app):
    anna, anna_token = device(app, "/")
    url, _ = new_counter(anna)
    anna.post("/device", data={"csrf_token": anna_token, "label": "Anna"})
    seat(anna, url, anna_token, "even")
    boris, _ = device(app, url)
    before = panel(boris, url)
    live_token = re.search(r'data-live-token="([^"]+)"', before).group(1)
    assert "held by Anna" in words(panel(boris, url + "/folded/seats"))
    anna.post("/device", data={"csrf_token": anna_token, "label": "Anya"})
    # The seat's holder has a new name: the other devices are told the game moved, and see it.
    assert boris.get(f"{url}/live?v={live_token}&wait=0").status_code == 200
    assert re.search(r'data-live-token="([^"]+)"', panel(boris, url)).group(1) != live_token
    assert "held by Anya" in words(panel(boris, url + "/folded/seats"))


def test_a_refused_action_is_never_kept_for_others(app, renders):
    phone, phone_token = device(app, "/")
    url, _ = new_counter(phone)
    refused = act(phone, url, phone_token, 0, "add", n="-5")
    assert refused.status_code == 422
    tablet, _ = device(app, url)
    html = panel(tablet, url)
    assert 'role="alert"' not in html and count(html) == 0


def session_cookie_set(response) -> bool:
    return any(c.startswith("session=") for c in response.headers.getlist("Set-Cookie"))


def test_the_session_cookie_is_renewed_once_a_day_not_with_every_answer(app, monkeypatch):
    from companion.web import security
    day = [20_000]
    monkeypatch.setattr(security, "day_number", lambda: day[0])
    phone = app.test_client()
    url, _ = new_counter(phone)
    assert not session_cookie_set(phone.get(url, headers=HTMX))
    assert not session_cookie_set(phone.get(url + "/live?v=0&wait=0"))
    day[0] += 1
    renewed = phone.get(url, headers=HTMX)
    assert session_cookie_set(renewed) and "Expires=" in renewed.headers["Set-Cookie"]
    assert not session_cookie_set(phone.get(url, headers=HTMX))


def test_devices_alike_asking_at_once_wait_for_one_drawing(app, monkeypatch):
    """A change wakes every device of the game at the same moment: one draws, the others wait for it."""
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    act(phone, url, token, 0, "add", n="1")
    app.extensions["panel_cache"]._games.clear()  # a moment no device has asked for yet
    tablets = [app.test_client() for _ in range(4)]
    looked, everyone_looked, drawn = [], threading.Event(), []
    look, draw = games.kept_for, games.draw_block

    def counted_look(*args):
        looked.append(1)
        if len(looked) >= len(tablets):
            everyone_looked.set()
        return look(*args)

    def slow_draw(*args, **kwargs):
        everyone_looked.wait(timeout=10)  # every device has found nothing kept before this drawing ends
        drawn.append(1)
        return draw(*args, **kwargs)

    monkeypatch.setattr(games, "kept_for", counted_look)
    monkeypatch.setattr(games, "draw_block", slow_draw)
    with ThreadPoolExecutor(len(tablets)) as pool:
        answers = list(pool.map(lambda client: client.get(url, headers=HTMX), tablets))
    assert [a.status_code for a in answers] == [200] * len(tablets)
    assert all(count(a.get_data(as_text=True)) == 1 for a in answers)
    assert drawn == [1]


def test_only_a_games_newest_moment_stays_in_memory_and_an_older_one_is_never_kept(app):
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    other_url, _ = new_counter(phone)
    panel(phone, other_url)
    for version in range(3):
        panel(phone, url)
        act(phone, url, token, version, "add", n="1")
    panel(phone, url)
    cache = app.extensions["panel_cache"]
    kept = sorted((moment.key.game.code, moment.key.token.version) for moment in cache._games.values())
    code, other = url.rsplit("/", 1)[1], other_url.rsplit("/", 1)[1]
    assert kept == sorted([(code, 3), (other, 0)])
    [newest] = [m for m in cache._games.values() if m.key.game.code == code]
    older = newest.key._replace(token=LiveToken(2, 0))
    assert cache.moment(older, {}) is not newest and cache.kept(older) is None  # drawn for one, kept for none
    assert count(panel(phone, url)) == 3


# --- the page's event stream ------------------------------------------------------------------------------

def live_token(client, url: str) -> str:
    return re.search(r'data-live-token="([^"]+)"', panel(client, url)).group(1)


def panel_of(follower: Follower) -> dict:
    event = follower.next_event()
    assert event["event"] == "panel", event
    return json.loads(event["data"])


class RawFollower(Follower):
    """A stream's bytes as sent, besides its events."""

    def _read(self, client, path: str, headers: dict) -> None:
        response = client.get(path, headers=headers)
        self.headers, self.raw, buffer = response.headers, b"", ""
        for chunk in response.iter_encoded():
            self.raw += chunk
            buffer += chunk.decode()
            while "\n\n" in buffer:
                block, buffer = buffer.split("\n\n", 1)
                self.blocks.put(block)
            if self.hang_up.is_set():
                break
        response.close()


def test_each_device_hears_of_a_change_with_its_views_panel_the_same_bytes_for_devices_alike(tmp_path):
    app = streaming_app(tmp_path)
    anna = app.test_client()
    url, anna_token = new_counter(anna)
    seat(anna, url, anna_token, "even")
    boris = app.test_client()
    boris.set_cookie("lang", "ru")
    seat(boris, url, csrf_token(boris, url), "odd")
    carl, dana = app.test_client(), app.test_client()  # two devices alike: no seat, no name, English
    clients = {"anna": anna, "boris": boris, "carl": carl, "dana": dana}
    streams = {name: RawFollower(client, f"{url}/live?v={live_token(client, url)}&panel=1")
               for name, client in clients.items()}
    old_page = RawFollower(carl, f"{url}/live?v={live_token(carl, url)}&panel=2")  # a page from before
    try:
        act(anna, url, anna_token, int(live_token(anna, url).split(".")[0]), "add", n="3")
        heard = {name: panel_of(follower) for name, follower in streams.items()}
        before = panel_of(old_page)
        anna.post(url + "/delete", data={"csrf_token": anna_token, "confirm": "yes"})
        assert all(follower.next_event()["event"] == "gone" for follower in streams.values())
    finally:
        for follower in (*streams.values(), old_page):
            follower.close()
    sent = {name: re.findall(rb"event: panel\ndata: [^\n]*\n\n", follower.raw) for name, follower in streams.items()}
    assert len(sent["carl"]) == 1 and sent["carl"] == sent["dana"]  # the same bytes, as sent
    assert sent["carl"] != sent["anna"] != sent["boris"]
    assert before == heard["carl"]
    for name, event in heard.items():
        assert "Content-Encoding" not in streams[name].headers
        assert tokens_in(event["html"]) == set() and "csrf" not in event["html"].lower()
        assert count(event["html"]) == 3 and f'data-live-token="{event["token"]}"' in event["html"]
        assert f'data-device-view="{event["view"]}"' in event["html"]
    for name, own_seat in (("anna", "even"), ("boris", "odd")):
        assert f'data-seat="{own_seat}"' in heard[name]["html"] and heard[name]["html"].count("data-seat=") == 1
    assert cue(heard["anna"]["html"]) == "Waiting" and heard["anna"]["view"] == "even.0.0.en"
    assert cue(heard["boris"]["html"]) == "Ваш ход" and heard["boris"]["view"] == "odd.0.0.ru"


def test_the_stream_brings_the_very_panel_a_fetch_gets(tmp_path):
    app = streaming_app(tmp_path)
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    follower = Follower(tablet, f"{url}/live?v={live_token(tablet, url)}&panel=1")
    try:
        act(phone, url, token, 0, "add", n="1")
        news = panel_of(follower)
    finally:
        follower.close()
    assert news["html"] == panel(tablet, url, **{"Accept-Encoding": "identity"})


def test_a_stream_without_panels_says_moved(tmp_path):
    app = streaming_app(tmp_path)
    phone, script = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    plain = Follower(phone, f"{url}/live?v=0.0")  # the group screen's stream asks for no panels
    sessionless = Follower(script, f"{url}/live?v=0.0&panel=1")  # never loaded a page: a panel all the same
    try:
        act(phone, url, token, 0, "add", n="1")
        assert plain.next_event() == {"event": "moved", "data": "1.0"}
        assert panel_of(sessionless)["token"] == "1.0"
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


def test_a_moment_s_view_of_the_state_is_worked_out_once_for_every_device_s_drawing(app, renders, monkeypatch):
    """The kind's view (whose turn, what is legal now: pure rules over the state) is the same for every device at
    a moment: worked out for the first device's drawing and kept with the moment's panels, not once per view."""
    anna, anna_token = device(app, "/")
    url, _ = new_counter(anna)
    seat(anna, url, anna_token, "even")
    boris, boris_token = device(app, url)
    seat(boris, url, boris_token, "odd")
    carol, _ = device(app, url)
    with app.app_context():
        kind = kinds.get("counter")
    worked_out: list[int] = []
    view = kind.view
    monkeypatch.setattr(kind, "view", lambda state: worked_out.append(1) or view(state))
    renders.clear()
    assert count(act(anna, url, anna_token, 0, "add", n="1").get_data(as_text=True)) == 1  # a new moment
    for client in (boris, carol):
        panel(client, url)
    assert len(renders) == 3 and len(worked_out) == 1
