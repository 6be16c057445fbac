"""MK-SRC with the table's real dice: a round played through the HTML forms, without JavaScript.

The Source the app shows is always the dice the table entered, and entering a Source reset costs at most
one tap per rerolled die plus the Done.
"""
from __future__ import annotations

import re

import pytest

from tests.conftest import csrf_token, make_app
from tests.web.tapper import Thumb

NAMES, HEROES = ["Anna", "Boris", "Chen"], ["Tovak", "Goldyx", "Krang"]


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path / "dice.db").test_client()


def source_shown(page: str) -> list[str]:
    section = re.search(r'<section class="mk-block mk-source" id="mk-source">.*?</ul>', page, re.S)
    return re.findall(r'class="mk-die mk-die-(\w+)', section.group(0)) if section else []


def screen_source(client, url: str) -> list[str]:
    page = client.get(url + "/screen").get_data(as_text=True)
    return re.findall(r'class="mk-die mk-die-(\w+)', re.search(r'class="mks-dice"[^>]*>.*?</p>', page, re.S).group(0))


def new_table_game(client, dice_mode: str | None = "table") -> str:
    """Through the setup form as the group fills it in (the radio for the dice left as it comes)."""
    token = csrf_token(client, "/new/mage_knight?players=3")
    page = client.get("/new/mage_knight?players=3").get_data(as_text=True)
    assert re.search(r'name="dice_mode" value="table" checked', page)  # the table's dice unless the group says not
    data = {"csrf_token": token, "player_name[]": NAMES, "hero[]": HEROES, "scenario": "full_conquest",
            "monasteries": "0"}
    if dice_mode:
        data["dice_mode"] = dice_mode
    response = client.post("/new/mage_knight", data=data)
    assert response.status_code == 303
    return response.headers["Location"]


def enter(thumb: Thumb, faces: list[str]) -> int:
    """The table rolled `faces` (None: that die stays, not rerolled); tap them in and press Done."""
    form = thumb.form("enter_source")
    choose = {f"colour_{i}": c for i, c in enumerate(faces) if c is not None}
    assert set(choose) == set(form.radio_groups()), "only the rerolled dice are open"
    return thumb.tap(form, form.button("Done"), choose=choose)


class Watched(Thumb):
    """After every tap the Source shown, on the page and on the group screen, is the dice the table entered
    (`table`, set before the tap that changes them), or none at all while the roll is awaited."""

    table: list[str] = []

    def tap(self, *args, **kwargs) -> int:
        taps = super().tap(*args, **kwargs)
        assert source_shown(self.page) in ([], self.table), (source_shown(self.page), self.table)
        assert screen_source(self.client, self.url) in ([], self.table)
        return taps


def test_mk_src_a_round_with_the_tables_dice_shows_only_what_was_entered_one_tap_per_rerolled_die(client):
    url = new_table_game(client)
    thumb = Watched(client, url)
    # setup: no Source of the app's own; the group rolls 5 dice and taps them in
    assert source_shown(thumb.page) == [] and screen_source(client, url) == []
    assert "Roll all 5 Source dice and tap what each shows" in thumb.text()
    first = ["gold", "black", "red", "gold", "blue"]  # 2 basic of 5: the roll does not stand
    assert enter(thumb, first) <= 5 + 1
    assert "reroll dice 1, 2, 4" in thumb.text() and source_shown(thumb.page) == []
    rerolled = ["green", "black", None, "white", None]  # die 2 came up black again: no tap for it
    table = thumb.table = ["green", "black", "red", "white", "blue"]
    assert enter(thumb, rerolled) == 2 + 1 <= 3 + 1
    assert source_shown(thumb.page) == table == screen_source(client, url)

    # tactics: Chen, Boris, Anna pick (round 1: reverse order of hero choice)
    for tactic in ("early_bird", "rethink", "planning"):
        thumb.tap(thumb.form("pick_tactic", tactic=tactic))
    assert source_shown(thumb.page) == table

    # turns: Chen (Early Bird) takes the red die; the turn ends with one tap on what the die rolled
    thumb.tap(thumb.form("take_die", die=2))
    assert "reroll the red die you used and tap what it shows" in thumb.text()
    assert not thumb.has("end_turn") or "End turn" not in [b["text"] for b in thumb.form("end_turn").buttons]
    table[2] = "gold"
    taps = thumb.tap(thumb.form("end_turn"), thumb.form("end_turn").button(value="gold"))
    assert taps == 1 and source_shown(thumb.page) == table == screen_source(client, url)
    assert "Back in the Source as rolled: gold." in thumb.text()
    assert "the app" not in thumb.text().split("Back in the Source")[1][:40]
    # Boris takes nothing and ends the turn; Anna takes the blue die, it comes up blue again
    thumb.tap(thumb.form("end_turn"))
    thumb.tap(thumb.form("take_die", die=4))
    thumb.tap(thumb.form("end_turn"), thumb.form("end_turn").button(value="blue"))
    assert source_shown(thumb.page) == table
    # Chen announces End of Round; Boris and Anna take their last turns
    thumb.tap(thumb.form("announce_end_of_round"), tick=("deck_empty",))
    thumb.tap(thumb.form("take_die", die=0))
    table[0] = "white"
    thumb.tap(thumb.form("end_turn"), thumb.form("end_turn").button(value="white"))
    assert source_shown(thumb.page) == table
    thumb.tap(thumb.form("end_turn"))

    # round 2's preparation: the Source step is the entry, last round's colours chosen already
    assert "Round preparation" in thumb.text() and "Flip the Day/Night board to Night." in thumb.text()
    # The group screen, still showing last round's dice, says what to do with them (the walk of 2026-12-04),
    # and shows them as last round's: dimmed, and read as such (not taken for this round's Source at a glance).
    screen = client.get(url + "/screen").get_data(as_text=True)
    assert "Roll the Source dice and tap what they show on a player's phone." in screen
    assert re.search(r'<p class="mks-dice" data-last-round>'
                     r'<span class="visually-hidden">Last round(&#39;|.)s dice:</span>', screen)
    # One screen, two steps, said so: "1–2/7", not "1/7" then a jump to "3/7" (the walk of 2026-12-03).
    assert "Steps 1–2 of 7" in thumb.text() and re.search(r'mk-step-count">1–2/7<', thumb.page)
    assert "Reset the Source: roll all 5 dice" in thumb.text()
    assert len(re.findall(r'<li class="mk-current">', thumb.page)) == 2
    form = thumb.form("enter_source")  # the board is flipped before the dice are rolled: one screen
    assert [form.chosen(f"colour_{i}") for i in range(5)] == table
    assert not thumb.has("tick_step")  # no Done that would use a roll of the app's own
    rolled = thumb.table = ["white", "red", "gold", "green", "blue"]  # dice 1, 3, 5 came up as before
    taps = enter(thumb, rolled)
    assert taps == 2 + 1 <= 5 + 1
    assert source_shown(thumb.page) == rolled == screen_source(client, url)
    assert "data-last-round" not in client.get(url + "/screen").get_data(as_text=True)  # this round's dice now
    assert re.search(r'mk-step-count">3/7<', thumb.page) and "Step 3 of 7" in thumb.text()
    # the entry was the Source step; one more tap says the rest of the list is done
    thumb.tap(thumb.form("tick_step", step="units", through="players"))
    assert "Picks a tactic now" in thumb.text() and source_shown(thumb.page) == rolled


def test_mk_src_the_group_switches_to_the_app_rolling_from_the_game_page_and_undoes_it(client):
    url = new_table_game(client)
    thumb = Thumb(client, url)
    thumb.tap(thumb.form("set_dice_mode", mode="app"))
    shown = source_shown(thumb.page)
    assert len(shown) == 5 and "Set the Source dice to the app's roll" in thumb.text()
    assert "Dice: the app rolls" in thumb.text()
    page = client.get(url + "/history").get_data(as_text=True)
    assert "Dice: the app rolls" in page
    undo = next(f for f in thumb.forms if f.action.endswith("/undo"))
    thumb.tap(undo)
    assert source_shown(thumb.page) == [] and thumb.form("enter_source")


def test_mk_src_with_the_app_rolling_each_end_of_turn_is_one_instruction(client):
    url = new_table_game(client, dice_mode="app")
    thumb = Thumb(client, url)
    for tactic in ("early_bird", "rethink", "planning"):
        thumb.tap(thumb.form("pick_tactic", tactic=tactic))
    die = int(thumb.forms[[f.hidden("action") for f in thumb.forms].index("take_die")].hidden("die"))
    colour = source_shown(thumb.page)[die]
    thumb.tap(thumb.form("take_die", die=die))
    assert "End turn: the app rolls the dice you used; then turn them to its faces." in thumb.text()
    thumb.tap(thumb.form("end_turn"))
    new = source_shown(thumb.page)[die]
    notices = re.findall(r'<p class="notice">([^<]*)</p>', thumb.page)
    dice_notices = [n for n in notices if "die" in n or "dice" in n]
    assert dice_notices == [f"Put the used die back in the Source turned to the app&#39;s roll: {colour} → {new}."]


def api_table_game(client, **setup) -> tuple[str, Thumb]:
    game = client.post("/api/games", json={"kind": "mage_knight", "setup": {
        "player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "dice_mode": "table", **setup}}).get_json()
    url = f"/g/{game['code']}"
    thumb = Thumb(client, url)
    # The group screen says where the dice are tapped in: nothing on the kiosk itself takes them.
    assert "Roll the Source dice and tap what they show on a player's phone." in client.get(url + "/screen").get_data(
        as_text=True
    )
    enter(thumb, ["green", "blue", "red", "white"])
    return url, thumb


def test_mk_src_5_the_mana_steal_die_and_the_source_die_go_back_with_a_tap_each_and_end_turn(client):
    url, thumb = api_table_game(client)
    assert thumb.tap(thumb.form("pick_tactic", tactic="mana_steal"), select={"die": "0"}) == 2  # the green die
    thumb.tap(thumb.form("pick_tactic", tactic="early_bird"))
    thumb.tap(thumb.form("end_turn"))  # Anna's turn, no die
    thumb.tap(thumb.form("take_die", die=2))
    thumb.tap(thumb.form("take_die", die=0))
    end = thumb.form("end_turn")
    assert end.radio_groups() == ["colour_0", "colour_2"]
    taps = thumb.tap(end, end.button("End turn"), choose={"colour_0": "gold", "colour_2": "black"})
    assert taps == 2 + 1 and source_shown(thumb.page) == ["gold", "blue", "black", "white"]


def test_mk_src_5_mana_search_with_the_tables_dice_taps_only_the_rerolled_dice(client):
    url, thumb = api_table_game(client, start_at_night="1")
    thumb.tap(thumb.form("pick_tactic", tactic="mana_search"))
    thumb.tap(thumb.form("pick_tactic", tactic="from_the_dusk"))
    thumb.tap(thumb.form("end_turn"))  # Anna (From the Dusk) first; now Boris holds Mana Search
    search = thumb.form("mana_search")
    assert [search.chosen(g) for g in search.radio_groups()] == [""] * 4  # "not rerolled" until tapped
    taps = thumb.tap(search, choose={"colour_1": "gold"})
    assert taps == 1 + 1 and source_shown(thumb.page) == ["green", "gold", "red", "white"]


def test_mk_src_2_after_a_refused_roll_only_the_dice_to_reroll_are_asked_for(client):
    """The verdict names the gold and black dice; the form asks only those (no palette, no field at all for
    the basic dice, which stay: MK-SRC-2), and the dice that stay are named once, on one line."""
    url = new_table_game(client)
    thumb = Thumb(client, url)
    enter(thumb, ["gold", "red", "black", "blue", "gold"])  # 2 basic of 5: dice 1, 3 and 5 are rerolled
    assert "reroll dice 1, 3, 5" in thumb.text()
    form = thumb.form("enter_source")
    assert form.radio_groups() == ["colour_0", "colour_2", "colour_4"]
    entry = re.search(r'<form class="mk-dice-form mk-source-entry" id="mk-enter-source".*?</form>', thumb.page, re.S)
    assert 'name="colour_1"' not in entry.group(0) and 'name="colour_3"' not in entry.group(0)
    assert entry.group(0).count('class="mk-palette"') == 3
    kept = re.search(r'<p class="mk-kept">.*?</p>', entry.group(0), re.S).group(0)
    assert re.findall(r'mk-die-small mk-die-(\w+)"><span class="mk-die-n">(\d)<', kept) == [("red", "2"),
                                                                                             ("blue", "4")]
    assert "Reroll those dice" not in thumb.text()  # the verdict says it once


def test_mk_src_4_the_used_dies_reroll_says_in_each_faces_label_that_it_ends_the_turn(client):
    url = new_table_game(client)
    thumb = Thumb(client, url)
    enter(thumb, ["red", "blue", "green", "white", "red"])
    for tactic in ("early_bird", "rethink", "planning"):
        thumb.tap(thumb.form("pick_tactic", tactic=tactic))
    thumb.tap(thumb.form("take_die", die=2))
    end = thumb.form("end_turn")
    faces = [b for b in end.buttons if b["name"] == "colour_2"]
    assert len(faces) == 6
    for face in faces:
        assert face["text"].split()[-2:] == ["End", "turn"], face["text"]


REROLL = {"en": (["reroll die 1 ", "Reroll die 1 "], ["reroll dice 1, 2, 4 ", "Reroll dice 1, 2, 4 "]),
          "ru": (["перебросьте кубик 1 ", "Перебросьте кубик 1 "],
                 ["перебросьте кубики 1, 2, 4 ", "Перебросьте кубики 1, 2, 4 "])}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_mk_src_the_dice_to_reroll_are_counted_in_words_on_the_phone_and_the_group_screen(client, language):
    """One die to reroll is "die 1", not "dice 1" (Night Arrival's first Source: only its one gold die)."""
    one, three = REROLL[language]
    for daytime, colours, expected in [("night_arrival", ["gold", "red", "blue", "green", "white"], one),
                                       ("alternate", ["gold", "black", "red", "gold", "blue"], three)]:
        created = client.post("/api/games", json={"kind": "mage_knight", "setup": {
            "player_name": NAMES, "hero": ["tovak", "goldyx", "norowas"], "scenario": "full_conquest",
            "daytime": daytime, "dice_mode": "table"}}).get_json()
        code = created["code"]
        answer = client.post(f"/api/games/{code}/actions", json={
            "version": created["version"], "action": "enter_source", "params": {"colours": colours}})
        assert answer.status_code == 200, answer.get_data(as_text=True)
        headers = {"Accept-Language": language}
        phone = client.get(f"/g/{code}", headers=headers).get_data(as_text=True)
        screen = client.get(f"/g/{code}/screen", headers=headers).get_data(as_text=True)
        phone_text, screen_text = (" ".join(re.sub(r"<[^>]+>", " ", page).split()) for page in (phone, screen))
        assert expected[0] in phone_text, re.findall(r"[^.]*1[^.]*\(", phone_text)
        assert expected[1] in screen_text, re.findall(r"[^.]*1[^.]*\(", screen_text)
