"""The live panel is drawn once per game version for every device that would get the same HTML:
never one device's seat, name offer, language or CSRF token on another device."""
from __future__ import annotations

import gzip
import itertools
import json
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from itsdangerous import TimestampSigner

from companion.web import games, panel_disk
from companion.web.panel_disk import PanelDisk
from companion.web.gzip_parts import GzipParts
from tests.conftest import csrf_token
from tests.web.helpers import HTMX, act, count, new_counter
from tests.web.test_game_pages import session_csrf, tokens_in
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


@pytest.fixture
def ticking(monkeypatch) -> None:
    # Every signature a second after the one before, whatever the machine's speed: tokens of two
    # requests differ as when a second ticks between them, so only the session's secret is compared.
    seconds = itertools.count(1_700_000_000)
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: next(seconds))


def panel(client, url: str) -> str:
    return client.get(url, headers=HTMX).get_data(as_text=True)


def device(app, url: str, lang: str = "en"):
    client = app.test_client()
    client.set_cookie("lang", lang)
    return client, csrf_token(client, url)


def test_devices_alike_share_one_drawing_and_each_gets_its_own_csrf_token(app, renders, ticking):
    first, first_token = device(app, "/")
    url, _ = new_counter(first)
    others = [device(app, url) for _ in range(3)]
    html = panel(first, url)
    assert renders == ["panel"]
    for client, token in others:
        kept = panel(client, url)
        [own] = tokens_in(kept)
        assert session_csrf(app, own) == session_csrf(app, token) != session_csrf(app, first_token)
        assert kept.replace(own, "T") == html.replace(tokens_in(html).pop(), "T")
        assert app.extensions["panel_cache"].placeholder not in kept
    assert renders == ["panel"]  # the three others were served what was drawn for the first


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
    assert "Call this device “Odd”" in seen["boris"]
    assert cue(seen["carol"]) == "" and "data-seat" not in seen["carol"] and "Who is this phone?" in seen["carol"]
    assert "held by Anna" in seen["boris"] and "held by Anna" in seen["carol"] and "held by Anna" not in seen["anna"]
    # The same again, now from what was kept: each still sees only its own seat.
    renders.clear()
    again = {name: panel(client, url) for name, client in (("carol", carol), ("boris", boris), ("anna", anna))}
    assert renders == []
    for name in seen:
        assert again[name].replace(tokens_in(again[name]).pop(), "T") == seen[name].replace(
            tokens_in(seen[name]).pop(), "T")


def test_a_kept_panel_is_in_the_devices_own_language_and_watching_is_its_own(app, renders):
    english, _ = device(app, "/")
    url, token = new_counter(english)
    russian, _ = device(app, url, "ru")
    watcher, watcher_token = device(app, url)
    watcher.post(url + "/watch", data={"csrf_token": watcher_token}, headers=HTMX)
    assert "Who is this phone?" in panel(english, url)
    html = panel(russian, url)
    assert "Чей это телефон?" in html and "Who is this phone?" not in html
    html = panel(watcher, url)
    assert "Who is this phone?" not in html and "Чей" not in html
    renders.clear()
    assert "Чей это телефон?" in panel(russian, url) and "Who is this phone?" in panel(english, url)
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
    assert "held by Anna" in before
    anna.post("/device", data={"csrf_token": anna_token, "label": "Anya"})
    # The seat's holder has a new name: the other devices are told the game moved, and see it.
    assert boris.get(f"{url}/live?v={live_token}&wait=0").status_code == 200
    assert "held by Anya" in panel(boris, url)


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


def test_a_kept_panel_gzipped_once_carries_each_devices_own_token(app, ticking):
    phone, phone_token = device(app, "/")
    url, _ = new_counter(phone)
    tablet, tablet_token = device(app, url)
    answers = [client.get(url, headers={**HTMX, "Accept-Encoding": "gzip"}) for client in (phone, tablet)]
    plain = panel(phone, url)
    for answer, token in zip(answers, (phone_token, tablet_token)):
        assert answer.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in answer.headers["Vary"]
        html = gzip.decompress(answer.data).decode()
        [own] = tokens_in(html)
        assert session_csrf(app, own) == session_csrf(app, token)
        assert html.replace(own, "T") == plain.replace(tokens_in(plain).pop(), "T")
    assert "Content-Encoding" not in phone.get(url, headers={**HTMX, "Accept-Encoding": "identity"}).headers


@pytest.mark.parametrize("text", ["", "P", "aPb", "PaP", "PP", "no token at all", "<p>" * 3000 + "P" + "é" * 70000,
                                  # text after a token repeating what came before it, across the token
                                  "value=\"P\"><i>value=\"P\"><i>" * 400])
def test_gzip_parts_decompress_to_the_text_with_the_token_in(text):
    token = "ImFiYyI.Z1x2Yw.c2lnbmF0dXJl"
    parts = GzipParts(text.encode(), b"P", len(token))
    assert gzip.decompress(parts.with_token(token.encode())).decode() == text.replace("P", token)
    with pytest.raises(ValueError):
        parts.with_token(b"short")


def test_a_panel_drawn_by_one_server_process_is_read_by_another(tmp_path, monkeypatch):
    from tests.conftest import make_app
    first, second = make_app(tmp_path / "shared.db"), make_app(tmp_path / "shared.db", upgrade=False)
    drawn = []
    draw = games.draw_block
    monkeypatch.setattr(games, "draw_block", lambda *a, **k: drawn.append(1) or draw(*a, **k))
    phone, phone_token = device(first, "/")
    url, _ = new_counter(phone)
    seat(phone, url, phone_token, "even")
    panel(phone, url)  # both drawn by the first process: a seated phone's panel and a seatless one's
    panel(device(first, url)[0], url)
    drawn.clear()
    tablet, tablet_token = device(second, url)
    kept = panel(tablet, url)
    assert drawn == [] and cue(kept) == "" and "Who is this phone?" in kept
    [own] = tokens_in(kept)
    assert session_csrf(second, own) == session_csrf(second, tablet_token)
    assert second.extensions["panel_cache"].placeholder not in kept
    assert first.extensions["panel_cache"].placeholder not in kept
    assert cue(panel(app_client_as(second, phone), url)) == "Your turn"  # its own seat, from the file too
    assert drawn == []
    act(phone, url, phone_token, 0, "add", n="1")
    drawn.clear()
    assert count(panel(tablet, url)) == 1 and drawn == [1]  # a new version: never the kept one


def app_client_as(app, client):
    """The same browser (its cookies) asking another server process."""
    other = app.test_client()
    for cookie in client._cookies.values():
        other.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
    return other


def test_a_deleted_games_panels_leave_the_disk(app):
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    panel(phone, url)
    folder = app.extensions["panel_cache"].disk.directory
    code = url.rsplit("/", 1)[1]
    assert list(folder.glob(f"*-{code}-*.json"))
    phone.post(url + "/delete", data={"csrf_token": token, "confirm": "yes"})
    assert not list(folder.glob(f"*-{code}-*.json"))


def test_devices_alike_asking_at_once_wait_for_one_drawing(app, monkeypatch):
    """A change wakes every device of the game at the same moment: one draws, the others wait for it
    (before, each of them drew the same panel)."""
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    act(phone, url, token, 0, "add", n="1")
    forget_drawn_panels(app)  # a version no device has asked for yet
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


def forget_drawn_panels(app) -> None:
    cache = app.extensions["panel_cache"]
    cache._shared.clear()
    for path in cache.disk.directory.iterdir():
        path.unlink()


KEY = (1, "ABCDEF", "2026-11-30 12:00:00", 3, 0, "en")
SEATLESS = (None, False, False)


def test_a_process_waits_for_another_processs_drawing_then_reads_it(tmp_path, monkeypatch):
    here, there = PanelDisk(tmp_path), PanelDisk(tmp_path)  # two server processes on one host
    claim = here.claim(KEY)
    assert claim is not None
    waiting = threading.Event()
    pause = panel_disk.time.sleep
    monkeypatch.setattr(panel_disk.time, "sleep", lambda s: (waiting.set(), pause(s)))
    with ThreadPoolExecutor(1) as pool:
        theirs = pool.submit(there.claim, KEY)
        assert waiting.wait(timeout=10)  # the other process found the claim taken and waits
        here.save(KEY, {}, "PLACE", {SEATLESS: "<p>PLACE</p>"})
        here.release(claim)
        assert theirs.result(timeout=10) is None  # drawn meanwhile: it reads instead of drawing
    assert there.load(KEY) == ({}, "PLACE", {SEATLESS: "<p>PLACE</p>"})
    assert there.claim(KEY) is not None  # released: the next version's drawing may claim


def test_a_claim_left_by_a_crashed_process_is_taken_over_and_none_is_waited_on_forever(tmp_path, monkeypatch):
    here, there = PanelDisk(tmp_path), PanelDisk(tmp_path)
    claim = here.claim(KEY)
    monkeypatch.setattr(PanelDisk, "CLAIM_WAIT", 0.0)
    assert there.claim(KEY) is None  # waited its while: it draws without one
    os.utime(claim, (0, 0))  # left long ago (the process that made it died drawing)
    assert there.claim(KEY) == claim


def test_a_panel_file_this_code_did_not_write_is_drawn_again(tmp_path):
    disk = PanelDisk(tmp_path)
    disk.save(KEY, {"d1": "even"}, "PLACE", {SEATLESS: "<p>ä PLACE</p>", ("even", True, False): "<b>mine</b>"})
    assert disk.load(KEY) == ({"d1": "even"}, "PLACE", {SEATLESS: "<p>ä PLACE</p>", ("even", True, False): "<b>mine</b>"})
    path = next(tmp_path.glob("*.json"))
    path.write_text(json.dumps({"key": list(KEY), "seat_of": {}, "placeholder": "P", "panels": {"[]": "<p/>"}}))
    assert disk.load(KEY) is None  # the format before this one: not a crash, a drawing


def test_only_a_games_newest_panels_stay_in_memory(app):
    """A session's every version used to stay kept until a thousand others pushed it out."""
    phone, token = device(app, "/")
    url, _ = new_counter(phone)
    other_url, _ = new_counter(phone)
    panel(phone, other_url)
    for version in range(3):
        panel(phone, url)
        act(phone, url, token, version, "add", n="1")
    panel(phone, url)
    cache = app.extensions["panel_cache"]
    kept = sorted((key[1], key[3]) for key in cache._shared)
    code, other = url.rsplit("/", 1)[1], other_url.rsplit("/", 1)[1]
    assert kept == sorted([(code, 3), (other, 0)])
    assert count(panel(phone, url)) == 3


def test_a_panel_drawn_for_a_moment_already_left_is_not_kept(app):
    cache = app.extensions["panel_cache"]
    with app.test_request_context("/"):
        newer, older = (1, "ABCDE", "t", 5, 0, "en"), (1, "ABCDE", "t", 4, 0, "en")
        cache.keep(newer, {}, SEATLESS, "<p>5</p>")
        assert cache.keep(older, {}, SEATLESS, "<p>4</p>").html == "<p>4</p>"  # served to the device that drew it
        assert cache.shared(older) is None and cache.shared(newer).panels[SEATLESS].html == "<p>5</p>"


def test_panel_files_live_in_memory_in_a_folder_only_this_user_may_use(tmp_path):
    """A panel file is replaced after every change: in RAM (/dev/shm) that is no disk work. RAM is shared by
    the host's users, so a folder someone else made, or others may write to, is not used."""
    memory = tmp_path / "shm"
    memory.mkdir()
    sqlite = f"sqlite:///{tmp_path / 'games.db'}"
    here = PanelDisk.for_database(str(tmp_path / "instance"), sqlite, base=memory)
    mine = memory / f"table-companion-{os.getuid()}"
    assert here.directory.parent == mine and oct(mine.stat().st_mode & 0o777) == "0o700"
    assert PanelDisk.for_database(str(tmp_path / "instance"), sqlite, base=memory).directory == here.directory
    other = PanelDisk.for_database(str(tmp_path / "instance"), f"sqlite:///{tmp_path / 'other.db'}", base=memory)
    assert other.directory.parent == mine and other.directory != here.directory  # a folder per database
    postgres = PanelDisk.for_database(str(tmp_path / "instance"), "postgresql://u@db/games", base=memory)
    assert postgres.directory.parent == mine
    mine.chmod(0o777)  # others may write in it: beside the database instead
    assert PanelDisk.for_database(str(tmp_path / "instance"), sqlite, base=memory).directory == \
        tmp_path / "games.db.panels"
    assert PanelDisk.for_database(str(tmp_path / "instance"), "postgresql://u@db/games", base=memory).directory \
        .parent == tmp_path / "instance" / "panels"
    assert PanelDisk.for_database(str(tmp_path / "instance"), sqlite, base=None).directory == \
        tmp_path / "games.db.panels"
    if os.getuid() == 0:  # as root (CI), a folder another user made
        mine.chmod(0o700)
        os.chown(mine, 65534, -1)
        assert PanelDisk.for_database(str(tmp_path / "instance"), sqlite, base=memory).directory == \
            tmp_path / "games.db.panels"
    assert PanelDisk.for_database(str(tmp_path / "instance"), "sqlite://", base=memory) is None


def test_panel_files_not_written_for_an_hour_are_swept_away_when_a_process_writes(tmp_path, monkeypatch):
    """In RAM the folder must hold the games being played, not every game ever played."""
    disk = PanelDisk(tmp_path)
    old_key, new_key = KEY, (2, "GHJKM", "2026-11-30 12:00:00", 1, 0, "ru")
    disk.save(old_key, {}, "PLACE", {SEATLESS: "<p>old</p>"})
    stale_claim = disk.claim(old_key)
    an_hour_ago = time.time() - PanelDisk.KEEP_FOR - 1
    for path in tmp_path.iterdir():
        os.utime(path, (an_hour_ago, an_hour_ago))
    disk.save(new_key, {}, "PLACE", {SEATLESS: "<p>new</p>"})
    assert disk.load(old_key) is not None  # not yet: a process sweeps every SWEEP_EVERY seconds
    clock = time.monotonic() + PanelDisk.SWEEP_EVERY
    monkeypatch.setattr(panel_disk.time, "monotonic", lambda: clock)
    disk.save(new_key, {}, "PLACE", {SEATLESS: "<p>newer</p>"})
    assert disk.load(old_key) is None and not stale_claim.exists()
    assert disk.load(new_key) == ({}, "PLACE", {SEATLESS: "<p>newer</p>"})


def test_a_gzip_stream_of_stored_and_deflated_parts_decompresses_to_what_was_said():
    from companion.web.gzip_parts import GzipStream, deflated, stored
    panel = ("<p>P</p>" + "é" * 40000 + "value=\"P\"").encode()
    once = deflated(panel)  # for every stream that sends it
    stream = GzipStream()
    sent = [stream.start(), stream.plain(b"retry: 1000\n\n"), stream.plain(b""), stream.deflated(panel, once),
            stream.plain(b"x" * 70000), stream.deflated(panel, once), stream.end()]
    assert gzip.decompress(b"".join(sent)) == b"retry: 1000\n\n" + panel + b"x" * 70000 + panel
    assert len(once) < len(panel) / 10
    assert len(stored(b"y" * 70000)) == 70000 + 2 * 5  # two stored blocks: one holds 65,535 bytes at most
