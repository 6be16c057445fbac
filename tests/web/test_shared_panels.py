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

from companion.web import games
from tests.conftest import csrf_token
from tests.web.helpers import HTMX, act, count, new_counter, words
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
    assert cue(seen["carol"]) == "" and "data-seat" not in seen["carol"] and "Is this the group screen or a player’s phone?" in seen["carol"]
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
    assert boris.get(url + "/folded/nothing-of-the-kind", headers=HTMX).status_code == 404


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
    assert "Это общий экран или телефон игрока?" in panel(russian, url) and "Is this the group screen or a player’s phone?" in panel(english, url)
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
    from companion import security
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
    app.extensions["panel_cache"].shared.disk.clear()  # nor been drawn by a sibling process
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
    kept = sorted((moment.key[1], moment.key[-2]) for moment in cache._games.values())
    code, other = url.rsplit("/", 1)[1], other_url.rsplit("/", 1)[1]
    assert kept == sorted([(code, 3), (other, 0)])
    [newest] = [m for m in cache._games.values() if m.key[1] == code]
    older = (*newest.key[:-2], 2, 0)
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


def test_a_panel_drawn_by_one_server_process_is_served_by_its_siblings_without_drawing(tmp_path, renders):
    """Two apps on one database stand for two server processes on the host: a table's devices are spread
    over them, and each of them hears of a change at once. The moment's panel of a view is drawn once."""
    from tests.conftest import make_app
    first_process = make_app(tmp_path / "test.db")
    second_process = make_app(tmp_path / "test.db", upgrade=False)
    phone, token = device(first_process, "/")
    url, _ = new_counter(phone)
    act(phone, url, token, 0, "add", htmx=False, n="2")  # a whole page answers: no panel drawn
    renders.clear()
    here, _ = device(first_process, url)
    there, _ = device(second_process, url)
    drawn_here = here.get(url, headers=HTMX)
    assert renders == ["panel"]
    served_there = there.get(url, headers=HTMX)
    assert renders == ["panel"]  # the sibling's drawing, not a second one
    assert served_there.data == drawn_here.data and count(served_there.get_data(as_text=True)) == 2
    assert served_there.headers["ETag"] == drawn_here.headers["ETag"]
    # Another view (a seated device) is drawn where it is first asked for, once as well.
    seated, seated_token = device(second_process, url)
    renders.clear()
    seat(seated, url, seated_token, "even")  # answered with its panel: drawn, and kept for its fetch
    mine = panel(seated, url)
    assert renders == ["panel"] and 'data-seat="even"' in mine
    act(phone, url, token, 1, "add", htmx=False, n="1")  # a change: the next moment
    renders.clear()
    assert count(panel(there, url)) == 3 and count(panel(here, url)) == 3
    assert renders == ["panel"]


def seated_on_a_sibling(tmp_path) -> tuple:
    """Two server processes on one database; a phone starts a game on the first, a device seated (Even) on
    the second."""
    from tests.conftest import make_app
    first_process = make_app(tmp_path / "test.db")
    second_process = make_app(tmp_path / "test.db", upgrade=False)
    phone, token = device(first_process, "/")
    url, _ = new_counter(phone)
    seated, seated_token = device(second_process, url)
    seat(seated, url, seated_token, "even")
    return first_process, second_process, phone, token, url, seated


def test_a_process_waits_only_for_a_siblings_drawing_of_the_same_view(tmp_path, renders, monkeypatch):
    """A seated phone on one process, at a moment whose panel another process drew for another view:
    nothing to wait for, its own view is drawn at once. A device of a view a sibling is drawing reads
    until the sibling's drawing is there."""
    first_process, second_process, phone, token, url, seated = seated_on_a_sibling(tmp_path)
    act(phone, url, token, 0, "add", htmx=False, n="1")  # the next moment, drawn for no view yet
    pauses: list[float] = []
    monkeypatch.setattr(games.panel_cache, "wait", lambda seconds: pauses.append(seconds))
    watcher, _ = device(first_process, url)
    assert count(panel(watcher, url)) == 1
    renders.clear()
    mine = panel(seated, url)
    assert renders == ["panel"] and 'data-seat="even"' in mine and pauses == []
    # A sibling has claimed the drawing of the watchers' view: a watcher here reads until it is there.
    act(phone, url, token, 1, "add", htmx=False, n="1")
    shared = second_process.extensions["panel_cache"].shared
    with first_process.test_request_context(url, headers=HTMX):
        key = games.panel_cache.moment_key(*_live(url, first_process))
    assert shared.claim(key, None)
    other_watcher, _ = device(second_process, url)

    def sibling_draws(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:  # while this one reads, the sibling draws (as the one claiming) and keeps it
            shared.disk.delete(shared.key("drawing", key, None))
            assert count(panel(watcher, url)) == 2
    monkeypatch.setattr(games.panel_cache, "wait", sibling_draws)
    renders.clear()
    assert count(panel(other_watcher, url)) == 2
    assert pauses == pytest.approx([0.002, 0.003, 0.0045]) and renders == ["panel"]  # drawn once, by the sibling


def test_a_sibling_drawing_another_view_takes_the_moments_kind_part_from_the_one_that_drew_it(tmp_path, renders,
                                                                                               monkeypatch):
    """The kind's part of a moment (most of a panel, drawn once for every view) is the host's: a process
    drawing a view no sibling has drawn yet draws only that view's own part around the sibling's kind part."""
    first_process, second_process, phone, token, url, seated = seated_on_a_sibling(tmp_path)
    act(phone, url, token, 0, "add", htmx=False, n="1")
    watcher, _ = device(first_process, url)  # (its whole page drawn: the page, not a panel)
    kinds: list[str] = []
    draw = games.draw_template
    monkeypatch.setattr(games, "draw_template", lambda template, **context: kinds.append(template) or
                        draw(template, **context))
    renders.clear()
    assert count(panel(watcher, url)) == 1 and len(kinds) == 1
    mine = panel(seated, url)
    assert 'data-seat="even"' in mine and count(mine) == 1
    assert renders == ["panel", "panel"] and len(kinds) == 1  # two views, one kind's part
    # Drawn in the process itself, the seated view is the same panel.
    second_process.extensions["panel_cache"].shared.disk.clear()
    second_process.extensions["panel_cache"]._games.clear()
    assert panel(seated, url) == mine and len(kinds) == 2


def test_a_process_of_another_release_never_serves_what_an_older_one_drew(tmp_path, renders):
    from tests.conftest import make_app
    old_release = make_app(tmp_path / "test.db")
    new_release = make_app(tmp_path / "test.db", upgrade=False)
    new_release.extensions["panel_cache"].build = new_release.extensions["panel_cache"].shared.build = "newer"
    phone, _ = device(old_release, "/")
    url, _ = new_counter(phone)
    tablet, _ = device(new_release, url)
    renders.clear()
    drawn_before = phone.get(url, headers=HTMX)
    drawn_after = tablet.get(url, headers=HTMX)
    assert renders == ["panel", "panel"] and drawn_after.headers["ETag"] != drawn_before.headers["ETag"]


def _live(url: str, app) -> tuple:
    from companion import store
    with app.app_context():
        row = store.live_row(url.rsplit("/", 1)[1])
    return row.id, url.rsplit("/", 1)[1], row.created_at, row.version, row.seating


def test_a_shared_write_meeting_a_siblings_pauses_and_tries_again_never_waiting_inside_sqlite(tmp_path, monkeypatch):
    """Under gevent a wait inside SQLite stops every request of the process: a write finds the database free
    or fails at once, and is tried again after a pause the process spends on its other requests."""
    import sqlite3
    from companion.web import panel_cache
    shared = panel_cache.Shared(tmp_path, "build")
    sibling = sqlite3.connect(tmp_path / "cache.db", isolation_level=None)
    sibling.execute("BEGIN IMMEDIATE")  # a sibling process is writing
    pauses: list[float] = []
    sibling_done_after = [2]  # pauses

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == sibling_done_after[0]:
            sibling.execute("COMMIT")
    monkeypatch.setattr(panel_cache, "wait", pause)
    key, view = (1, "ABCDE", "2026-12-03", "en", 3, 0), (None, False, False)
    assert shared.claim(key, view) is True and pauses == [0.001, 0.002]
    assert shared.claim(key, view) is False  # claimed: a sibling's device of this view waits for it
    shared.keep(key, {"device": "even"}, view, "<p>panel</p>", "<p>kind</p>")
    assert shared.html(key, view) == "<p>panel</p>" and shared.kind_html(key) == "<p>kind</p>"
    sibling.execute("BEGIN IMMEDIATE")  # busy for good: given up, nothing raised
    pauses.clear()
    sibling_done_after[0] = None
    later = key[:-2] + (4, 0)
    shared.keep(later, {"device": "even"}, view, "<p>later</p>", "<p>kind</p>")
    assert shared.html(later, view) is None and pauses == list(panel_cache.WRITE_PAUSES)
    assert shared.claim(later, view) is True  # nobody can be waited for: drawn here
    sibling.execute("ROLLBACK")


SHARED_UNDER_GEVENT = r"""
from gevent import monkey
monkey.patch_all()
import sys
import gevent
import diskcache.core
from companion.web.panel_cache import Shared

opened = []
connect = diskcache.core.sqlite3.connect
diskcache.core.sqlite3.connect = lambda *args, **kwargs: opened.append(1) or connect(*args, **kwargs)
shared = Shared(__import__("pathlib").Path(sys.argv[1]), "build")
before = len(opened)
gevent.joinall([gevent.spawn(shared.seat_of, ("game", n)) for n in range(20)])  # twenty requests' greenlets
shared.keep(("game", 1), {"device": "seat"}, ("view",), "<p>panel</p>", None)
print(len(opened) - before, shared.html(("game", 1), ("view",)))
"""


def test_the_shared_panels_keep_one_connection_per_process_under_gevent(tmp_path):
    """Under gevent threading.local is each greenlet's own: diskcache opened a connection, and set its pragmas,
    for every request that looked for a panel."""
    import subprocess
    import sys
    from pathlib import Path
    done = subprocess.run([sys.executable, "-c", SHARED_UNDER_GEVENT, str(tmp_path / "panels")], text=True,
                          capture_output=True, cwd=Path(__file__).resolve().parents[2], check=True)
    assert done.stdout.split() == ["1", "<p>panel</p>"], done.stdout + done.stderr


def test_the_shared_panels_leave_room_in_a_small_folder(tmp_path, monkeypatch):
    """A 64 MB /dev/shm (Docker's default) filled with panels once left the limits' counts no room."""
    import os
    from types import SimpleNamespace

    from companion.web.panel_cache import Shared
    monkeypatch.setattr(os, "statvfs", lambda _path: SimpleNamespace(f_blocks=64 * 256, f_frsize=4096))
    shared = Shared(tmp_path / "panels", "build")
    assert shared.disk.size_limit == 8 * 2 ** 20
