"""The group screen is a kiosk (issue 23, point 5): in every state of a scripted round of each game — up to ten
initiative track entries, a boss, the surge question, End of Round's last turns, the preparation, the score —
it fits a 1024×768 and a 1280×800 tablet, lying or standing (768×1024, 800×1280), without scrolling, in English
and Russian, with what matters in view and in type big enough to read from across the table."""
from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import expect

from companion.serving import start_server, stop_server
from tests.browser.conftest import api_act, api_game, api_get, pick_all_tactics
from tests.browser.crawler import Api
from tests.browser.walks import (
    MK_FOUR_PLAYERS,
    MK_PLAYERS,
    at_version,
    mage_knight_round,
    mice_and_mystics_round,
)
from tests.conftest import make_app

TABLETS = [{"width": 1024, "height": 768}, {"width": 1280, "height": 800}]
# The same tablets stood on end (a stand at the table's end holds one upright).
PORTRAIT = [{"width": size["height"], "height": size["width"]} for size in TABLETS]
ORIENTATIONS = {"landscape": TABLETS, "portrait": PORTRAIT}
# Wholly in view: whose moment, who comes next, what the table owes, and every entry of the lists the table
# reads from the screen (the track, the hourglass, Round Order, the Source, the score).
IN_VIEW = [".screen-now", ".screen-next", ".screen-owes", ".mm-screen-track li", ".mms-pages li",
           ".mms-wheel", ".mks-order li", ".mks-source .mk-die", ".mks-score-table", ".mm-screen-summary",
           ".screen-chip", ".mm-screen-now > *", ".mm-screen-hourglass > *", ".mks-dummy > *", ".mks-dummy .mk-die"]
SMALLEST_PX = {".screen-now": 44, ".mm-screen-track li": 18, ".mks-order li": 20, ".screen-next": 20}

FITS = """(selectors) => {
  const root = document.documentElement, problems = [];
  if (root.scrollHeight > innerHeight) problems.push(`scrolls: ${root.scrollHeight} > ${innerHeight}`);
  if (root.scrollWidth > innerWidth) problems.push(`scrolls sideways: ${root.scrollWidth} > ${innerWidth}`);
  // The join code (a sidebar, a band along a standing tablet's foot, or the chip in the corner) covers nothing.
  const side = document.querySelector(".screen-side"), join = side && side.getBoundingClientRect();
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      if (!el.getClientRects().length) continue;  // not shown in this state
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
        problems.push(`${selector} "${el.textContent.trim().slice(0, 30)}" out of view: ${JSON.stringify(box)}`);
      if (join && !side.contains(el) && box.bottom > join.top + 0.5 && box.top < join.bottom - 0.5
          && box.right > join.left + 0.5 && box.left < join.right - 0.5)
        problems.push(`${selector} "${el.textContent.trim().slice(0, 30)}" under the join code: `
                      + JSON.stringify(box));
    }
  }
  return problems;
}"""
# A heading of the group screen ("Cheese wheel", "Hourglass") and the hourglass's page read as one line each:
# a word that wraps onto a second line, or a heading jammed against its value, reads as a glitch from afar.
# A player's "Fame 0 · level 1" in Round Order is one line: a lone "1" on a line of its own reads as a glitch.
# Who acts, when it is one word ("Крысы-воины", "Boris"), is one line too: never broken at a hyphen.
ONE_LINE = [".mm-screen h2", ".mm-screen-page", ".mks h2", ".screen-now", ".mks-fame"]
WRAPS = r"""(selectors) => selectors.flatMap(selector => [...document.querySelectorAll(selector)]
  .filter(el => el.getClientRects().length)
  .filter(el => !el.matches(".screen-now") || !/\s/.test(el.textContent.replace("▶", "").trim()))
  .filter(el => {
    const style = getComputedStyle(el);  // a line's height: "normal" is about 1.2 times the type's size
    const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    return el.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)
      > 1.6 * line;
  })
  .map(el => `${selector} "${el.textContent.trim().slice(0, 30)}" wraps`))"""
# Each font size as drawn: app.js may draw a screen smaller to fit it (zoom).
SIZES = """(smallest) => Object.entries(smallest).flatMap(([selector, px]) =>
  [...document.querySelectorAll(selector)].filter(el => el.getClientRects().length)
    .map(el => [selector, parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1), px])
    .filter(([, size, px]) => size < px))"""


def screens(device, base: str, code: str, locale: str, orientation: str = "landscape") -> list:
    pages = []
    for viewport in ORIENTATIONS[orientation]:
        page = device(viewport, locale=locale)
        page.goto(f"{base}/g/{code}/screen")
        pages.append(page)
    return pages


def check(pages, version: int, name: str) -> None:
    for page in pages:
        at_version(page, version)
        size = page.viewport_size
        problems = page.evaluate(FITS, IN_VIEW) + [f"{s} is {px}px, under {least}px"
                                                    for s, px, least in page.evaluate(SIZES, SMALLEST_PX)]
        problems += page.evaluate(WRAPS, ONE_LINE)
        if problems:
            page.screenshot(path=f"/tmp/kiosk-{name}-{size['width']}x{size['height']}.png")
        assert not problems, f"at {name} on {size['width']}×{size['height']}: {problems}"


def walk_checked(pages, base: str, code: str, moments, also) -> list[str]:
    """Each moment of a walk (its names, from `moments`) checked on every page, then `also(page, name)` on each:
    the names seen."""
    seen = []
    for name in moments:
        check(pages, version_of(base, code), name)
        for page in pages:
            also(page, name)
        seen.append(name)
    return seen


def version_of(base: str, code: str) -> int:
    return api_get(base, code)["version"]


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mice_and_mystics_screen_never_scrolls(live_server, device, locale, orientation):
    moments = mice_and_mystics_round(live_server)
    moment = next(moments)
    code = mice_and_mystics_round.code
    pages = screens(device, live_server, code, locale, orientation)
    seen = 0
    while moment is not None:
        check(pages, moment.version, moment.name)
        seen += 1
        moment = next(moments, None)
    assert seen >= 9
    # More minions arrive, up to ten cards on the track (and the boss is wounded), then the chapter is won.
    api_act(live_server, code, "minions_arrive", {"minion_type": ["roaches", "spider", "cave_centipede",
                                                                  "elite_rat_warriors"],
                                                  "minion_count": [2, 1, 1, 2], "source": "encounter"})
    assert len(api_get(live_server, code)["view"]["track"]) == 10
    check(pages, version_of(live_server, code), "ten-cards")
    api_act(live_server, code, "add_cheese", {"n": 6 - api_get(live_server, code)["view"]["cheese_wheel"],
                                              "reason": "minion_attack"})
    check(pages, version_of(live_server, code), "ten-cards-surge")
    api_act(live_server, code, "resolve_surge", {"room_surge": "no"})
    api_act(live_server, code, "mark_victory")
    check(pages, version_of(live_server, code), "chapter-won")


def mice_and_mystics_campaign(base: str):
    """The second chapter of a campaign with a 12-page end marker: 4 mice and 3 minion types, then bosses arriving
    and waiting for their Life (the track grows to 11 cards), the end marker pushed to 14 and 20, mice captured, a
    surge, and the chapter won. Yields each moment's name; the game's code is `mice_and_mystics_campaign.code`."""
    code = api_game(base, "mice_mystics", {"mouse": ["collin", "tilda", "nez", "filch"],
                                           "controller": ["Vera", "Vera", "Boris", "Chen"],
                                           "minion_type": ["rat_warriors"], "minion_count": [2]})
    mice_and_mystics_campaign.code = code
    api_act(base, code, "mark_victory")
    api_act(base, code, "next_chapter", {"chapter_end_page": "12", "minion_type": ["rat_warriors", "roaches", "spider"],
                                         "minion_count": [2, 2, 1]})
    yield "campaign-seven-cards"
    for boss in ("captain_vurst", "skitter_clak", "brodie"):
        api_act(base, code, "minions_arrive", {"minion_type": [boss], "minion_count": [1], "source": "encounter"})
        yield f"campaign-{boss}-life-asked"
    for card in [c for c in api_get(base, code)["view"]["track"] if c["life_asked"]]:
        api_act(base, code, "set_boss_life", {"card": card["card"], "life": 12})
        api_act(base, code, "wound_boss", {"card": card["card"], "n": 3})
    yield "campaign-bosses-wounded"
    api_act(base, code, "earn_achievement", {"achievement": "cheesemaster", "mouse": "collin"})
    api_act(base, code, "earn_achievement", {"achievement": "story", "name": "The Lost Pages", "moves_marker": "1"})
    api_act(base, code, "capture_mouse", {"mouse": "nez"})
    api_act(base, code, "capture_mouse", {"mouse": "filch"})
    assert api_get(base, code)["view"]["chapter_end_page"] == 14
    yield "campaign-fourteen-pages"
    for _ in range(6):
        api_act(base, code, "move_end_marker", {"reason": "ally"})
    yield "campaign-twenty-pages"
    api_act(base, code, "add_cheese", {"n": 6 - api_get(base, code)["view"]["cheese_wheel"], "reason": "minion_attack"})
    yield "campaign-surge"
    api_act(base, code, "resolve_surge", {"room_surge": "no"})
    api_act(base, code, "mark_victory")
    yield "campaign-chapter-won"


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mice_and_mystics_screen_fits_a_campaign_with_bosses_waiting_for_their_life(live_server, device, locale,
                                                                                       orientation):
    """Issue 42: 8 cards with a boss waiting for its Life and the campaign above ran 803 px on 1024×768 and 841 px
    on 1280×800, the hourglass's pages cut off; two bosses' Life and a 12-page chapter, 797-813 px. A tablet stood
    upright (768×1024) ran the same campaign to 1,063-1,121 px."""
    moments = mice_and_mystics_campaign(live_server)
    first = next(moments)
    code = mice_and_mystics_campaign.code
    pages = screens(device, live_server, code, locale, orientation)

    def also(page, name: str) -> None:  # the campaign in one line; however many bosses wait, one reminder of their Life
        expect(page.locator(".mm-screen-campaign")).to_have_count(1)
        expect(page.locator(".mm-screen-now .screen-owes")).to_have_count(
            1 if "life-asked" in name or name.endswith("surge") else 0)
    assert len(walk_checked(pages, live_server, code, itertools.chain([first], moments), also)) == 9


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mice_and_mystics_screen_fits_before_anyone_sits_down(live_server, device, locale):
    """Four mice with no players named and every seat free: the free seats above, the longest "moved by" line
    (the player of the mouse), the join code beside; each card of the track in turn, the minions' too. The story
    book's Chapter 1 with no name typed: its title is the book's, the longest the app gives."""
    code = api_game(live_server, "mice_mystics", {"mouse": ["collin", "tilda", "nez", "filch"], "story_chapter": "1",
                                                  "minion_type": ["rat_warriors"], "minion_count": [2]})
    pages = screens(device, live_server, code, locale)
    kinds = set()
    for _ in range(len(api_get(live_server, code)["view"]["track"])):
        game = api_get(live_server, code)
        kinds.add(game["view"]["acting_card"]["kind"])
        check(pages, game["version"], f"free-seats-{game['view']['acting']}")
        api_act(live_server, code, "next_turn")
    assert kinds == {"mouse", "minion"}


@pytest.mark.parametrize(("orientation", "players"), [("landscape", MK_PLAYERS), ("portrait", MK_PLAYERS),
                                                      pytest.param("portrait", MK_FOUR_PLAYERS, id="portrait-4"),
                                                      pytest.param("landscape", MK_FOUR_PLAYERS, id="landscape-4")])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mage_knight_screen_never_scrolls(live_server, device, locale, orientation, players):
    """A standing tablet with four players and the join code open ran a Round Order of four and two rows of the
    Source's dice under the join band; lying, four players' last turns in Russian ran to 786 px of 768."""
    moments = mage_knight_round(live_server, players=players)
    moment = next(moments)
    code = mage_knight_round.code
    pages = screens(device, live_server, code, locale, orientation)
    seen = 0
    while moment is not None:
        check(pages, moment.version, moment.name)
        seen += 1
        moment = next(moments, None)
    assert seen >= 20
    pick_all_tactics(live_server, code)
    api_act(live_server, code, "mark_scenario_end")
    while (view := api_get(live_server, code)["view"])["phase"] == "turns":
        check(pages, version_of(live_server, code), f"last-turn-{view['current_seat']}")
        api_act(live_server, code, "end_turn", {"player": view["current_seat"]})
    check(pages, version_of(live_server, code), "score")


def mage_knight_solo_round(base: str):
    """Solo Conquest with the Dummy: the tactic, the player's and the Dummy's turns until its deck runs out and it
    announces End of Round, the player's last turn, round 2's preparation step by step, its tactic and first turns
    (at Night). Yields each moment's name; the game's code is `mage_knight_solo_round.code`."""
    code = api_game(base, "mage_knight", {"player_name": ["Vera"], "hero": ["tovak"], "scenario": "solo_conquest",
                                          "dummy_hero": "goldyx"})
    mage_knight_solo_round.code = code
    colours = iter(["red", "blue", "green", "white"] * 10)
    for n_round in (1, 2):
        yield f"r{n_round}-tactics"
        pick_all_tactics(base, code)
        turns = 0
        while (view := api_get(base, code)["view"])["phase"] == "turns" and (n_round == 1 or turns < 2):
            seat = view["current_seat"]
            yield f"r{n_round}-turn-{turns}-{seat}"
            if seat == "dummy":
                api_act(base, code, "dummy_turn", {"third": next(colours)} if view["dummy"]["deck"] > 3 else {})
            else:
                api_act(base, code, "end_turn", {"player": seat})
            turns += 1
        while (view := api_get(base, code)["view"])["phase"] == "preparation":
            yield f"r{n_round + 1}-prep-{view['current_step']}"
            tick = next(a for a in view["actions"] if a["action"] == "tick_step" and "through" not in a["params"])
            api_act(base, code, "tick_step", tick["params"])


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mage_knight_solo_screen_never_scrolls(live_server, device, locale, orientation):
    """Issue 42: the Dummy's column pushed the Source below the fold, 799-882 px on 1024×768, in the Dummy's
    turns and the player's."""
    moments = mage_knight_solo_round(live_server)
    name = next(moments)
    code = mage_knight_solo_round.code
    pages = screens(device, live_server, code, locale, orientation)
    seen = []
    while name is not None:
        check(pages, version_of(live_server, code), name)
        seen.append(name)
        name = next(moments, None)
    assert any("-dummy" in n for n in seen) and any("-p1" in n for n in seen) and any("prep" in n for n in seen)
    assert len(seen) >= 20, seen


@pytest.fixture
def seeded_live_server(tmp_path):
    """The app as `live_server` serves it, whose JSON API rolls from the seed a request names (the Dummy's tactic)."""
    make_app(tmp_path / "seeded.db")
    server, base = start_server(f"sqlite:///{tmp_path / 'seeded.db'}", app="tests.served:create_seeded()",
                                migrate=False, log_file=tmp_path / "server.log")
    yield base
    stop_server(server)


def mage_knight_cooperative_round(base: str, seed: str = "1"):
    """Blitz Cooperation, three players and the Dummy (six Source dice, entered from the table's roll: long colour
    words, a depleted black die), Mana Steal's die set aside on its card; the players' turns (a die in use each),
    the Dummy's, End of Round announced and the last turns, Mana Steal's die taken on the last one. The Dummy's
    tactic is drawn from `seed` (on a `seeded_live_server`). Yields each moment's name; the game's code is
    `mage_knight_cooperative_round.code`."""
    api = Api(base)
    code = api.create("mage_knight", {"player_name": ["Святослав", "Maximilian", "Anna"],
                                      "hero": ["tovak", "goldyx", "norowas"], "scenario": "blitz_cooperation",
                                      "dummy_hero": "arythea", "dice_mode": "table"}, seed)["code"]
    mage_knight_cooperative_round.code = code

    def act(action: str, params: dict) -> None:
        status, answer = api.act(code, version_of(base, code), {"action": action, "params": params}, seed)
        assert status == 200, (action, params, answer)

    act("enter_source", {"colours": ["green", "white", "gold", "green", "black", "blue"]})
    yield "source-entered"
    while (view := api_get(base, code)["view"])["phase"] == "tactics":
        seat = view["pick_queue"][0]
        if "mana_steal" in view["tactics_available"]:
            act("pick_tactic", {"player": seat, "tactic": "mana_steal", "die": 0})
        else:
            act("pick_tactic", {"player": seat, "tactic": next(t for t in view["tactics_available"]
                                                               if t != "mana_search")})
        yield f"tactic-{seat}"
    assert any(d["status"] == "stolen" for d in api_get(base, code)["view"]["source"])
    colours = iter(["red", "blue", "green", "white"] * 10)
    turns = 0
    while (view := api_get(base, code)["view"])["phase"] == "turns":
        seat = view["current_seat"]
        if seat == "dummy":
            act("dummy_turn", {"third": next(colours)})
            yield f"turn-{turns}-dummy"
        elif turns == 4 and view["final_turns"] is None:
            act("announce_end_of_round", {"player": seat, "deck_empty": True})
            yield f"turn-{turns}-{seat}-end-of-round"
        else:
            source = view["source"]  # the turn's die, and Mana Steal's if it is this seat's
            dice = [i for i in view["takeable_dice"] if source[i]["status"] == "stolen"]
            dice += [i for i in view["takeable_dice"] if source[i]["status"] == "ready"][:1]
            for die in dice:
                act("take_die", {"player": seat, "die": die})
            yield f"turn-{turns}-{seat}-dice-in-use"
            taken = [d for d in api_get(base, code)["view"]["source"] if d["status"] == "taken"]
            act("end_turn", {"player": seat, "colours": ["green"] * len(taken)})
            yield f"turn-{turns}-{seat}-ended"
        turns += 1


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mage_knight_cooperative_screen_fits_the_dummy_and_mana_steals_die(seeded_live_server, device, locale,
                                                                                orientation):
    """Issue 42, crawler seeds 106 and 110: three players and the Dummy, Mana Steal's die in the Source on a second
    row under a long Round Order while the Dummy's column had room: 809-847 px on 1024×768, 811-820 on 1280×800."""
    moments = mage_knight_cooperative_round(seeded_live_server)
    first = next(moments)
    code = mage_knight_cooperative_round.code
    pages = screens(device, seeded_live_server, code, locale, orientation)

    def also(page, _name: str) -> None:  # what the table reads: the round, the Dummy, all six dice of the Source
        expect(page.locator(".mks-round")).to_be_visible()
        expect(page.locator(".mks-dummy-deck")).to_be_visible()
        expect(page.locator(".mks-source .mk-die")).to_have_count(6)
    seen = walk_checked(pages, seeded_live_server, code, itertools.chain([first], moments), also)
    assert any("dummy" in n for n in seen) and any("end-of-round" in n for n in seen), seen
    assert len(seen) >= 12, seen


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_two_players_and_the_dummy_fit_with_mana_steals_die_and_a_token_face_down(seeded_live_server, device, locale,
                                                                                  orientation):
    """Crawler seed 154 (bench.crawl --first 151): two players and the Dummy, the join code open beside them; the
    Mana Steal player's die on its card, the other's Round Order token face down ("turn skipped"): Round Order's
    three entries wrapped in the narrow column and ran the Source under it to 836 px on a Russian 1024×768."""
    api, seed = Api(seeded_live_server), "1"
    code = api.create("mage_knight", {"player_name": ["Святослав", "Li"], "hero": ["tovak", "goldyx"],
                                      "scenario": "full_cooperation", "dummy_hero": "arythea", "dice_mode": "table"},
                      seed)["code"]

    def act(action: str, params: dict) -> None:
        status, answer = api.act(code, version_of(seeded_live_server, code), {"action": action, "params": params},
                                 seed)
        assert status == 200, (action, params, answer)

    act("enter_source", {"colours": ["white", "white", "gold", "red"]})
    while (view := api_get(seeded_live_server, code)["view"])["phase"] == "tactics":
        seat = view["pick_queue"][0]
        if "mana_steal" in view["tactics_available"] and seat != "dummy":
            act("pick_tactic", {"player": seat, "tactic": "mana_steal", "die": 0})
        else:
            act("pick_tactic", {"player": seat, "tactic": next(t for t in view["tactics_available"]
                                                               if t not in ("mana_steal", "mana_search"))})
    while (view := api_get(seeded_live_server, code)["view"])["current_seat"] == "dummy":
        act("dummy_turn", {"third": "red"})
    other = next(s for s in ("p1", "p2") if s != view["current_seat"])
    act("flip_token", {"player": other})
    view = api_get(seeded_live_server, code)["view"]
    assert any(d["status"] == "stolen" for d in view["source"]) and view["flipped_tokens"] == [other]
    pages = screens(device, seeded_live_server, code, locale, orientation)
    check(pages, version_of(seeded_live_server, code), "token-face-down")


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("scenario", ["one_to_return", "druid_nights"])
def test_mk_scn_6_the_preparation_after_the_first_day_or_night_fits_with_its_reminder(live_server, device, locale,
                                                                                       orientation, scenario):
    """Four players, every seat free (the join code open): the longest preparation screen, with the reminder."""
    code = api_game(live_server, "mage_knight", {"player_name": ["Vera", "Boris", "Chen", "Dana"],
                                                 "hero": ["tovak", "goldyx", "norowas", "arythea"],
                                                 "scenario": scenario, "dice_mode": "app",
                                                 "start_at_night": scenario == "druid_nights"})
    pick_all_tactics(live_server, code)
    view = api_get(live_server, code)["view"]
    api_act(live_server, code, "announce_end_of_round", {"player": view["current_seat"], "deck_empty": True})
    while (view := api_get(live_server, code)["view"])["phase"] == "turns":
        api_act(live_server, code, "end_turn", {"player": view["current_seat"]})
    pages = screens(device, live_server, code, locale, orientation)
    words = {"en-US": {"one_to_return": "the portal closes", "druid_nights": "Remove every Shield token"},
             "ru-RU": {"one_to_return": "портал закрывается", "druid_nights": "все жетоны щита"}}[locale][scenario]
    while (view := api_get(live_server, code)["view"])["phase"] == "preparation":
        check(pages, version_of(live_server, code), f"{scenario}-{view['current_step']}")
        for page in pages:
            expect(page.locator(".mks-round-reminder")).to_contain_text(words)
        api_act(live_server, code, "tick_step", {"step": view["current_step"]})


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_table_dice_source_entry_fits_and_says_what_the_table_owes(live_server, device, locale, orientation):
    code = api_game(live_server, "mage_knight", {"player_name": ["Vera", "Boris", "Chen"],
                                                 "hero": ["tovak", "goldyx", "norowas"],
                                                 "scenario": "full_conquest", "dice_mode": "table"})
    pages = screens(device, live_server, code, locale, orientation)
    check(pages, 0, "source-entry")
    owes = "Enter the Source dice" if locale == "en-US" else "Введите кубики Источника"
    for page in pages:
        expect(page.locator(".screen-owes")).to_contain_text(owes)


def test_a_turn_change_is_marked_and_chimes_once_sound_is_on(live_server, device):
    from tests.browser.test_sound import RECORD_CHIMES, RECORD_SPEECH
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "controller": ["Vera", "Boris"],
                                                  "minion_type": ["rat_warriors"], "minion_count": [2]})
    screen = device(TABLETS[0])
    screen.add_init_script(RECORD_CHIMES + RECORD_SPEECH)
    screen.goto(f"{live_server}/g/{code}/screen")
    now = screen.locator(".screen-now")
    expect(now).not_to_have_class(re.compile(r"\bscreen-turn-changed\b"))  # the first drawing is no change
    following = api_get(live_server, code)["view"]["next_card"]
    api_act(live_server, code, "next_turn")
    at_version(screen, 1)
    expect(now).to_have_class(re.compile(r"\bscreen-turn-changed\b"))
    assert screen.evaluate("window.__chimes") == 0  # sound is off by default
    # The screen had named who came next; it acts now.
    assert following["name"]["msgid"] and api_get(live_server, code)["view"]["acting_card"]["name"] == following["name"]
    api_act(live_server, code, "add_cheese", {"n": 1, "reason": "minion_attack"})  # not a turn change
    at_version(screen, 2)
    expect(now).not_to_have_class(re.compile(r"\bscreen-turn-changed\b"))
    screen.locator("[data-sound-switch]").click()
    expect(screen.locator("[data-sound-switch]")).to_have_attribute("aria-pressed", "true")
    api_act(live_server, code, "next_turn")
    at_version(screen, 3)
    expect(now).to_have_class(re.compile(r"\bscreen-turn-changed\b"))
    expect(screen.locator(".screen-next")).to_contain_text("Next:")
    assert screen.evaluate("window.__chimes") == 1 and len(screen.evaluate("window.__said")) == 1


def test_start_on_the_tablet_lands_on_the_game_and_one_tap_opens_the_group_screen(live_server, device):
    tablet = device(TABLETS[0])
    tablet.goto(f"{live_server}/new/mage_knight")
    tablet.locator("input[name='player_name[]']").nth(0).fill("Vera")
    tablet.locator("input[name='player_name[]']").nth(1).fill("Boris")
    tablet.get_by_label("Player 1 hero").fill("Tovak")
    tablet.get_by_label("Player 2 hero").fill("Goldyx")
    tablet.get_by_role("button", name="Start").click()
    expect(tablet).to_have_url(__import__("re").compile(r"/g/[A-Z0-9]{5}$"))
    code = tablet.url.rsplit("/", 1)[1]
    tablet.reload()  # the game's own address: a reload shows the game, not an empty setup form
    expect(tablet.locator("#game-panel")).to_be_visible()
    # Asked first: the group screen, or a player's phone.
    who = tablet.locator("#who")
    expect(who).to_contain_text("Is this the group screen or a player’s phone?")
    expect(tablet.locator(".chrome-screen")).to_be_visible()  # also one visible tap, in the chrome's row
    who.get_by_role("button", name="The group screen").click()
    expect(tablet).to_have_url(f"{live_server}/g/{code}/screen")
    # Seats free: the join code is open beside the game; folded, a chip in the corner opens it again.
    qr = tablet.locator(".screen-join .qr svg")
    expect(qr).to_be_visible()
    tablet.get_by_role("button", name="Fold the join code").click()
    expect(qr).to_be_hidden()
    chip = tablet.locator(".screen-chip")
    expect(chip).to_be_visible()
    expect(chip).to_contain_text(code)
    box = chip.bounding_box()
    assert box["height"] <= 60 and box["width"] <= 260 and box["y"] < 120, box  # small, in the top corner
    chip.click()
    expect(qr).to_be_visible()
    tablet.goto(f"{live_server}/g/{code}")
    expect(tablet.locator("#who")).to_have_count(0)  # answered once


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_free_seats_fit_beside_the_folded_join_code(live_server, device, locale, orientation):
    """The table folded the join code while seats were still free: the chip took the head's right end and, on a
    standing tablet in Russian, left the free seats' list one letter wide (each name a column of letters, the page
    1,199 px tall on 768×1024). Each free seat reads on one line and the page never scrolls, in play and at the
    score."""
    code = api_game(live_server, "mage_knight", {**MK_FOUR_PLAYERS,
                                                 "player_name": ["Анна", "Борис", "Екатерина", "Дмитрий"]})
    pages = screens(device, live_server, code, locale, orientation)
    for page in pages:
        page.locator(".screen-join button[name=hide]").click()
        expect(page.locator(".screen-chip")).to_be_visible()

    def seats_read(page, name):
        expect(page.locator(".screen-seats li")).to_have_count(4 if name != "score" else 0)  # over: none free
        assert not page.evaluate(WRAPS, [".screen-seats li"]), f"at {name} on {page.viewport_size}"

    walk_checked(pages, live_server, code, ["tactics"], seats_read)
    pick_all_tactics(live_server, code)
    api_act(live_server, code, "mark_scenario_end")
    while (view := api_get(live_server, code)["view"])["phase"] == "turns":
        check(pages, version_of(live_server, code), f"last-turn-{view['current_seat']}")
        api_act(live_server, code, "end_turn", {"player": view["current_seat"]})
    walk_checked(pages, live_server, code, ["score"], seats_read)


WHEEL = """() => {
  const wheel = document.querySelector('.mms-wheel').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('.mms-wheel-count'));
  const count = range.getBoundingClientRect();
  const overlaps = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5
    && b.top < a.bottom - 0.5;
  const icons = [...document.querySelectorAll('.mms-wheel-slot .icon')].map(i => i.getBoundingClientRect());
  return {icons: icons.length, problems: icons.flatMap((icon, n) => [
    ...(icon.left < wheel.left || icon.right > wheel.right || icon.top < wheel.top || icon.bottom > wheel.bottom
        ? [`cheese ${n + 1} out of the wheel`] : []),
    ...(overlaps(icon, count) ? [`cheese ${n + 1} over the count`] : []),
    ...icons.slice(n + 1).flatMap((other, m) => overlaps(icon, other) ? [`cheese ${n + 1} over ${n + m + 2}`] : [])])};
}"""


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_the_cheese_on_the_wheel_stays_in_it_apart(live_server, device, orientation):
    """The fresh walk of 2026-12-05: each cheese on the group screen's wheel was 40 px wide on a wheel of 92 px (it
    had been made smaller for room): five cheeses ran out of the ring, piled on each other and hid "5/6"."""
    code = api_game(live_server, "mice_mystics", {"mouse": ["collin", "lily"], "controller": ["Vera", "Boris"],
                                                  "minion_type": ["rat_warriors"], "minion_count": [2]})
    api_act(live_server, code, "add_cheese", {"n": 5, "reason": "room_rule"})
    for page in screens(device, live_server, code, "en-US", orientation):
        expect(page.locator(".mms-wheel-count")).to_have_text("5/6")
        found = page.evaluate(WHEEL)
        assert found["icons"] == 5 and not found["problems"], (page.viewport_size, found)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_cooperative_game_s_end_fits_with_the_dummy_in_round_order(live_server, device, locale):
    """Crawler seed 242 (bench.crawl --first 233 --every 1): two players and the Dummy at the game's end, a sheet
    still to fill: the Source, which the Dummy's layout kept drawn though the game was over, and the team's score
    table beside the chart and the time (every name in two lines) ran the Russian 1024×768 group screen to 911 px."""
    from tests.browser.test_phone_moment_fits import play_until

    code = api_game(live_server, "mage_knight", {"player_name": ["Святослав", "Maximilian"],
                                                 "hero": ["tovak", "goldyx"], "scenario": "custom",
                                                 "round_limit": 1, "mode": "cooperative", "dummy_hero": "arythea"})
    play_until(live_server, code, lambda view: view["phase"] == "finished", "the game's end")
    api_act(live_server, code, "enter_score", {"player": "p1", "done": True})
    pages = screens(device, live_server, code, locale)
    check(pages, version_of(live_server, code), "cooperative-end")
    for page in pages:
        expect(page.locator(".mks-source")).to_be_hidden()
        expect(page.locator(".mks-score-table th[scope=row]").first).to_be_visible()


LONG_NAMES = ["Alexandra Konstantinova", "Maximilian Alexandrov-Shcherbatskoy Jr."]  # the walk's; 39 letters


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_long_names_fit_the_last_turns_after_end_of_round(live_server, device, locale, orientation):
    """The fresh walk of 2026-12-05: two players and the Dummy, nobody joined yet (the join code open), End of Round
    announced by one: the other's name in the "Last turn" size ("Alexandra Konstantinova") took two lines and ran the
    lying 1024×768 group screen to 820 px, the Source under the screen. A name is at most 40 letters."""
    from tests.browser.test_phone_moment_fits import play_until

    code = api_game(live_server, "mage_knight", {"player_name": LONG_NAMES, "hero": ["tovak", "goldyx"],
                                                 "scenario": "full_cooperation", "dummy_hero": "arythea"})
    play_until(live_server, code, lambda view: view["final_turns"] and view["current_seat"] != "dummy",
               "a player's last turn")
    pages = screens(device, live_server, code, locale, orientation)
    check(pages, version_of(live_server, code), "last-turn-long-name")
    for page in pages:
        expect(page.locator(".screen-side")).to_be_visible()  # the join code is open: nobody has joined
        expect(page.locator(".mks-source .mk-die").first).to_be_in_viewport(ratio=1)
