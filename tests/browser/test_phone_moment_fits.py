"""Issue 42, the crawler's findings on a seated phone (390×844): the moment's control lies between the chrome and
the Undo bar kept at the screen's foot, and nothing runs off the phone's right edge — the table's Source entry
at A+ in Russian with four players, End turn after a die was taken (solo, Russian; cooperative, A+), the solo
preparation's Spell colour select with its fold open, and a lost Mice and Mystics chapter's next-chapter button."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get, next_until
from tests.browser.test_mm_surge_boss_moment import PARTY as SURGE_PARTY
from tests.browser.test_mm_surge_boss_moment import to_the_surge
from tests.browser.walks import MM_PARTY

FOUR = {"player_name": ["Vera", "Boris", "Chen", "Dana"], "hero": ["tovak", "goldyx", "norowas", "arythea"]}
MK_THREE = {key: names[:3] for key, names in FOUR.items()}


def seated_phone(device, base: str, code: str, seat: str, locale: str, size: str):
    phone = device(PHONE, locale=locale)
    phone.context.add_cookies([{"name": "text_size", "value": size, "url": base}])
    phone.goto(f"{base}/g/{code}")
    phone.locator(f"#who form:has(input[name=seat][value='{seat}']) button").click()
    expect(phone.locator(".seat-banner").first).to_be_visible()
    phone.evaluate("window.scrollTo(0, 0)")
    return phone


def assert_above_undo(phone, selector: str) -> None:
    control = phone.locator(selector).first
    expect(control).to_be_visible()
    # The Undo bar at the screen's foot; before the game's first change there is none yet, but its room
    # (65 px) is kept for it: the first tap brings it and the control must not move under it.
    bar = phone.locator(".panel > .undo")
    bottom = bar.bounding_box()["y"] if bar.count() and bar.is_visible() else PHONE["height"] - 65
    box = control.evaluate("e => e.getBoundingClientRect().toJSON()")
    assert box["y"] >= 56 - 1 and box["y"] + box["height"] <= bottom + 1, (selector, box, "room to", bottom)


def pick_tactics(base: str, code: str, steal: bool) -> dict:
    """Everyone picks; with `steal` the first human picker takes Mana Steal and its die."""
    while (view := api_get(base, code)["view"])["phase"] == "tactics":
        picker = view["pick_queue"][0]
        if steal and picker != "dummy" and "mana_steal" in view["tactics_available"]:
            die = next(d["index"] for d in view["source"] if d["basic"] and d["status"] == "ready")
            api_act(base, code, "pick_tactic", {"player": picker, "tactic": "mana_steal", "die": die})
            steal = False
            continue
        # The others take later tactics (the last on offer), so that the thief plays first.
        tactic = [t for t in view["tactics_available"] if t not in ("mana_steal", "mana_search")][-1]
        api_act(base, code, "pick_tactic", {"player": picker, "tactic": tactic})
    return view


def test_four_players_source_entry_done_is_above_the_undo_bar_at_a_plus_in_russian(live_server, device):
    code = api_game(live_server, "mage_knight", {**FOUR, "scenario": "full_conquest", "dice_mode": "table"})
    view = api_get(live_server, code)["view"]
    assert view["phase"] == "tactics" and view["source_entry"]
    phone = seated_phone(device, live_server, code, "p1", "ru-RU", "large")
    assert_above_undo(phone, "button.mk-source-done")


@pytest.mark.parametrize(("setup", "locale", "size"), [
    ({"player_name": ["Vera"], "hero": ["tovak"], "scenario": "solo_conquest"}, "ru-RU", "normal"),
    ({"player_name": ["Vera"], "hero": ["tovak"], "scenario": "solo_conquest"}, "ru-RU", "large"),
    ({k: v[:3] for k, v in FOUR.items()} | {"scenario": "full_cooperation"}, "en-US", "large"),
    ({k: v[:3] for k, v in FOUR.items()} | {"scenario": "full_cooperation"}, "ru-RU", "large"),
], ids=["solo-ru", "solo-ru-large", "coop-en-large", "coop-ru-large"])
def test_end_turn_after_taken_dice_is_above_the_undo_bar(live_server, device, setup, locale, size):
    """Two dice taken (the turn's and Mana Steal's): two dice to reroll at the table, then End turn. A
    cooperative game sets one tactic aside at random (1 in 6: Mana Steal): a new game until it is on offer."""
    colours = (["red", "blue", "green", "white"] * 2)[:len(setup["hero"]) + 2]
    for _ in range(40):
        code = api_game(live_server, "mage_knight", {**setup, "dice_mode": "table"})
        api_act(live_server, code, "enter_source", {"colours": colours})
        if "mana_steal" in api_get(live_server, code)["view"]["tactics_available"]:
            break
    pick_tactics(live_server, code, steal=True)
    while (view := api_get(live_server, code)["view"])["current_seat"] == "dummy":  # the Dummy's turn first
        api_act(
            live_server, code, "dummy_turn", next(a for a in view["actions"] if a["action"] == "dummy_turn")["params"]
        )
    seat = view["current_seat"]
    while (view := api_get(live_server, code)["view"])["takeable_dice"] and view["current_seat"] == seat:
        api_act(live_server, code, "take_die", {"player": seat, "die": view["takeable_dice"][0]})
    assert view["current_seat"] == seat and sum(d["status"] == "taken" for d in view["source"]) == 2
    phone = seated_phone(device, live_server, code, seat, locale, size)
    assert_above_undo(phone, "#mk-end-turn button")


def play_until(base: str, code: str, done, what: str) -> str:
    """Mage Knight on the API, each step the first of the usual ones on offer (the table's dice entered when the
    table owes them), until `done(view)`: the game's code."""
    for _ in range(300):
        view = api_get(base, code)["view"]
        if done(view):
            return code
        names = [a["action"] for a in view["actions"]]
        if view["source_entry"] and "enter_source" in names:
            colours = ["red", "blue", "green", "white", "red", "blue", "green"][:len(view["players"]) + 2]
            api_act(base, code, "enter_source", {"colours": colours})
            continue
        for wanted in ("pick_tactic", "announce_end_of_round", "end_turn", "remove_tactic", "next_round",
                       "dummy_turn", "tick_step"):
            if wanted in names:
                action = next(a for a in view["actions"] if a["action"] == wanted)
                api_act(base, code, wanted, action["params"])
                break
        else:
            raise AssertionError(names)
    raise AssertionError(f"no {what}")


def solo_round_two_preparation(base: str) -> str:
    code = api_game(base, "mage_knight", {"player_name": ["Vera"], "hero": ["tovak"], "scenario": "solo_conquest",
                                          "dice_mode": "app"})
    return play_until(base, code, lambda view: view["phase"] == "preparation" and view["round"] == 2
                      and view["current_step"] != "players", "round 2 preparation")


@pytest.mark.parametrize("size", ["normal", "large"])
def test_solo_preparation_spell_select_fits_the_phone_with_its_fold_open(live_server, device, size):
    code = solo_round_two_preparation(live_server)
    phone = seated_phone(device, live_server, code, "p1", "ru-RU", size)
    phone.locator("details:has(#mk-skip-spell) > summary").click()
    select = phone.locator("#mk-skip-spell")
    expect(select).to_be_visible()
    box = select.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert phone.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


@pytest.mark.parametrize(("locale", "size"), [("en-US", "normal"), ("ru-RU", "normal"), ("ru-RU", "large")])
def test_solo_preparations_spell_colour_buttons_are_all_above_the_undo_bar(live_server, device, locale, size):
    """The Spell offer's step with the Dummy: its four colours (the Dummy's crystal) are the step's Done; in
    Russian the fourth lay under the Undo bar (the shots of issue 42, step 5/7)."""
    code = solo_round_two_preparation(live_server)
    while (view := api_get(live_server, code)["view"])["current_step"] != "spell_offer":
        api_act(live_server, code, "tick_step", {"step": view["current_step"]})
    phone = seated_phone(device, live_server, code, "p1", locale, size)
    for colour in ("red", "blue", "green", "white"):
        assert_above_undo(phone, f"#mk-spell-colour button[value={colour}]")


@pytest.mark.parametrize("outcome", ["lost", "won"])
@pytest.mark.parametrize(("locale", "size"), [("en-US", "normal"), ("ru-RU", "normal"), ("en-US", "large"),
                                              ("ru-RU", "large")])
def test_a_chapter_s_next_chapter_button_is_on_the_first_screen(live_server, device, outcome, locale, size):
    """Crawler seed 147 (bench.crawl --first 145): a won chapter's summary (two mice) ran Start the next chapter
    to 793..884 px on a Russian phone at A+ (room to 767). Four mice here, each a row of the summary."""
    code = api_game(live_server, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"],
                                                  "minion_count": [2]})
    if outcome == "won":
        api_act(live_server, code, "mark_victory", {})
    while not (view := api_get(live_server, code)["view"])["finished"]:
        capture = next(a for a in view["actions"] if a["action"] == "capture_mouse")
        api_act(live_server, code, "capture_mouse", capture["params"])
    assert view["outcome"].startswith("lost" if outcome == "lost" else "victory") and len(view["mice"]) == 4
    phone = seated_phone(device, live_server, code, "player:Vera", locale, size)
    assert_above_undo(phone, "form:has(input[name=action][value=next_chapter]) button[type=submit]")


@pytest.mark.parametrize(("locale", "size"), [("en-US", "large"), ("ru-RU", "normal"), ("ru-RU", "large")])
def test_four_players_last_turn_after_another_phones_end_of_round_is_above_the_undo_bar(live_server, device, locale,
                                                                                       size):
    """Crawler seed 148 (bench.crawl --first 145): four players, End of Round announced on another phone; on the
    next seat's phone at A+ in Russian, "Undo for Svyatoslav…" made the bar three lines high and End turn lay
    at 726..795 under it (room to 720). The bar stays one button high; every die to take and End turn above it."""
    code = api_game(live_server, "mage_knight", {**FOUR, "player_name": ["Святослав Long-Name", "Екатерина",
                                                                         "Li", "Chen"],
                                                 "scenario": "full_conquest", "dice_mode": "table"})
    api_act(live_server, code, "enter_source", {"colours": ["gold", "gold", "red", "blue", "white", "green"]})
    view = pick_tactics(live_server, code, steal=False)
    announcer = view["current_seat"]
    api_act(live_server, code, "announce_end_of_round", {"player": announcer, "deck_empty": True})
    view = api_get(live_server, code)["view"]
    assert view["final_turns"] and len(view["final_turns"]["remaining"]) == 3 and len(view["takeable_dice"]) == 6
    phone = seated_phone(device, live_server, code, view["current_seat"], locale, size)
    expect(phone.locator(".panel > .undo .undo-for")).to_be_visible()  # the change was another seat's
    bar = phone.locator(".panel > .undo").bounding_box()
    assert bar["height"] <= 80, bar  # one button high, as for one's own change
    assert_above_undo(phone, "#mk-end-turn button")
    buttons = phone.locator(".mk-take-btn")
    expect(buttons).to_have_count(len(view["take_choices"]))  # the two gold dice: one button, "×2"
    expect(buttons.first).to_contain_text("×2")
    for n in range(buttons.count()):
        assert_above_undo(phone, f".mk-take-btn >> nth={n}")


def five_bosses_owed(base: str) -> str:
    """Captain Vurst, two of Vanestra's cards and two of Brodie's, every Life still to enter."""
    code = api_game(base, "mice_mystics", MM_PARTY)
    api_act(base, code, "minions_arrive", {"minion_type": ["vanestra", "brodie"], "minion_count": [1, 1],
                                           "source": "event"})
    assert len([c for c in api_get(base, code)["view"]["track"] if c["life_asked"]]) == 5
    return code


@pytest.mark.parametrize(("locale", "size"), [("en-US", "large"), ("ru-RU", "normal"), ("ru-RU", "large")])
def test_bosses_life_owed_leaves_next_and_finish_on_the_first_screen(live_server, device, locale, size):
    """Crawler seed 187 (bench.crawl --first 183 --budget 45): three bosses' Life owed (a row each) on a Russian
    phone at A+ ran the minions' Next to 707..787 (room to 779) and a mouse's Finish Scurry to 913..1004 (room to
    767). The Life is asked one boss at a time, the next after it; with five owed, Next and Finish stay in view."""
    code = five_bosses_owed(live_server)
    # The longest name asked first (seed 191: "Ванестра: паутина", three lines at A+): the bosses before it answered.
    for card in [c for c in api_get(live_server, code)["view"]["track"] if c["life_asked"]]:
        if card["card"].startswith("vanestra"):
            break
        api_act(live_server, code, "set_boss_life", {"card": card["card"], "life": 9})
    game = next_until(live_server, code, lambda view: view["acting_card"]["kind"] == "minion", "the minions' turn")
    mover = f"player:{game['view']['minions_mover']['controller']}"
    phone = seated_phone(device, live_server, code, mover, locale, size)
    expect(phone.locator("#mm-owes .mm-life-form")).to_have_count(1)
    assert_above_undo(phone, "[data-shortcut=next]")
    game = next_until(live_server, code, lambda view: view["whose_turn"], "a mouse's turn")
    api_act(live_server, code, "do_action", {"kind": "scurry"})
    mouse = game["view"]["whose_turn"]["mouse"]
    player = f"player:{next(m['controller'] for m in game['view']['mice'] if m['id'] == mouse)}"
    if player != mover:
        phone = seated_phone(device, live_server, code, player, locale, size)
    else:
        phone.reload()
        phone.evaluate("window.scrollTo(0, 0)")
    assert_above_undo(phone, ".mm-finish")


def test_bosses_life_is_asked_one_boss_after_another(live_server, device):
    code = five_bosses_owed(live_server)
    phone = seated_phone(device, live_server, code, "player:Vera", "en-US", "normal")
    for left in range(5, 0, -1):
        form = phone.locator("#mm-owes .mm-life-form")
        expect(form).to_have_count(1)
        expect(phone.locator("#mm-owes")).to_contain_text(f"1 of {left}" if left > 1 else "from its card")
        card = form.locator("input[name=card]").get_attribute("value")
        form.locator("input[name=life]").fill(str(10 + left))
        form.get_by_role("button").click()
        expect(phone.locator(f"#mm-owes input[name=card][value={card}]")).to_have_count(0)
    expect(phone.locator("#mm-owes")).to_have_count(0)
    track = api_get(live_server, code)["view"]["track"]
    assert sorted(c.get("life") for c in track if c["kind"] == "minion" and c["card"] != "rat_warriors") == [
        11, 12, 13, 14, 15]


SELECT_SHOWS_ITS_CHOICE = """(select) => {
  const probe = document.createElement('span');
  probe.style.font = getComputedStyle(select).font;
  probe.style.whiteSpace = 'nowrap';
  probe.textContent = select.options[select.selectedIndex].text;
  document.body.append(probe);
  const text = probe.getBoundingClientRect().width;
  probe.remove();
  const style = getComputedStyle(select);
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;  // the arrow
  return {text, room};
}"""


@pytest.mark.parametrize(("locale", "size"), [("en-US", "large"), ("ru-RU", "normal"), ("ru-RU", "large")])
def test_the_surge_s_minion_type_select_shows_its_choice(live_server, device, locale, size):
    """The fresh walk of 2026-12-05: on a Russian phone at A+ the room's surge's minion type select was squeezed
    beside "Figures" and its count to "— не▾" ("— нет —")."""
    code = api_game(live_server, "mice_mystics", SURGE_PARTY)
    game = to_the_surge(live_server, code)
    phone = seated_phone(device, live_server, code, f"player:{game['view']['minions_mover']['controller']}",
                         locale, size)
    select = phone.locator("#surge-yes-type-1")
    expect(select).to_be_visible()
    fit = select.evaluate(SELECT_SHOWS_ITS_CHOICE)
    assert fit["text"] <= fit["room"], fit
    count = phone.locator("#surge-yes-count-1").bounding_box()
    assert count["x"] + count["width"] <= PHONE["width"], count


@pytest.mark.parametrize(("locale", "size"), [("en-US", "large"), ("ru-RU", "large")])
def test_a_last_turn_s_die_faces_that_end_it_are_above_the_undo_bar(live_server, device, locale, size):
    """Crawler seed 198 (bench.crawl --first 191 --budget 60): End of Round announced, a last turn with the table's
    white die taken; at A+ the faces that end the turn (a shape, a colour, "End turn" each) began at 681..782 px,
    under the Undo bar (room to 779). Every face is above it."""
    code = api_game(live_server, "mage_knight", {**MK_THREE, "scenario": "full_conquest", "dice_mode": "table"})
    api_act(live_server, code, "enter_source", {"colours": ["white", "blue", "gold", "white", "red"]})
    view = pick_tactics(live_server, code, steal=False)
    api_act(live_server, code, "announce_end_of_round", {"player": view["current_seat"], "deck_empty": True})
    view = api_get(live_server, code)["view"]
    seat = view["current_seat"]
    white = next(i for i in view["takeable_dice"] if view["source"][i]["colour"] == "white")
    api_act(live_server, code, "take_die", {"player": seat, "die": white})
    phone = seated_phone(device, live_server, code, seat, locale, size)
    faces = phone.locator("#mk-end-turn .mk-faces > button.mk-face")
    expect(faces).to_have_count(6)
    for n in range(6):
        assert_above_undo(phone, f"#mk-end-turn .mk-faces > button.mk-face >> nth={n}")


@pytest.mark.parametrize(("locale", "size"), [("en-US", "large"), ("ru-RU", "large")])
def test_alike_dice_to_take_are_one_button_and_end_turn_stays_above_the_undo_bar(live_server, device, locale, size):
    """Crawler seed 208 (bench.crawl --first 207 --every 1): last turns after another phone's End of Round, seven
    blue dice to take, a button each in four rows: End turn at 728..797 on a Russian phone at A+ (room to 779).
    Five players here (seven dice). Alike dice are one button with their count."""
    five = {"player_name": ["Maximilian", "Святослав", "Екатерина", "Christopher", "Anastasia"],
            "hero": [*FOUR["hero"], "wolfhawk"]}  # a long name announces End of Round (two lines, as in the crawl)
    code = api_game(live_server, "mage_knight", {**five, "scenario": "full_conquest", "dice_mode": "table"})
    api_act(live_server, code, "enter_source", {"colours": ["blue"] * 7})
    view = pick_tactics(live_server, code, steal=False)
    api_act(live_server, code, "announce_end_of_round", {"player": view["current_seat"], "deck_empty": True})
    view = api_get(live_server, code)["view"]
    assert len(view["takeable_dice"]) == 7 and view["take_choices"] == [{"die": view["takeable_dice"][0], "count": 7}]
    phone = seated_phone(device, live_server, code, view["current_seat"], locale, size)
    expect(phone.locator(".mk-take-btn")).to_have_count(1)
    expect(phone.locator(".mk-take-btn")).to_contain_text("×7")
    assert_above_undo(phone, "#mk-end-turn button")
    phone.locator(".mk-take-btn").click()
    expect(phone.locator("#mk-end-turn .mk-faces > button.mk-face")).to_have_count(6)  # a blue die taken: its faces
    taken = [d for d in api_get(live_server, code)["view"]["source"] if d["status"] == "taken"]
    assert len(taken) == 1 and taken[0]["colour"] == "blue"


def round_two_source_entry(base: str, setup: dict) -> str:
    """A game with the table's dice played through round 1 on the API, to round 2's preparation, where the table
    enters the Source it rolled again."""
    code = api_game(base, "mage_knight", {**setup, "dice_mode": "table"})
    return play_until(base, code, lambda view: view["phase"] == "preparation" and view["round"] == 2
                      and view["source_entry"], "round 2 Source entry")


@pytest.mark.parametrize(("locale", "size"), [("en-US", "large"), ("ru-RU", "large")])
def test_round_two_s_refused_source_entry_done_is_above_the_undo_bar(live_server, device, locale, size):
    """Crawler seed 226 (bench.crawl --first 225 --budget 80): round 2's preparation, the table's roll refused
    (all gold: more than half gold and black), five dice to enter again: Done at 743..801 on a Russian phone at A+
    (room to 779), under the step's two-line heading and the verdict."""
    code = round_two_source_entry(live_server, {k: v[:3] for k, v in FOUR.items()} | {"scenario": "full_cooperation"})
    api_act(live_server, code, "enter_source", {"colours": ["gold"] * 5})  # three players' five dice
    view = api_get(live_server, code)["view"]
    assert view["phase"] == "preparation" and view["source_entry"]
    phone = seated_phone(device, live_server, code, "p3", locale, size)
    expect(phone.locator(".mk-verdict")).to_be_visible()
    assert_above_undo(phone, "button.mk-source-done")
