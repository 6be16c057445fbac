"""Issue 44's summaries in pictures: Mage Knight's game over (ending by Night and by Day) and Mice and Mystics'
chapter end (a chapter won with surges and captures, and a campaign's second chapter), played through the JSON
API, then photographed with "How the game went" / "How the chapter went" open, on a phone (390×844) and the group
screen (1024×768, 768×1024, 1280×800), in English and Russian; axe-core on each page as photographed.

    .venv/bin/python -m bench.summary_shots [--out DIR] [--no-axe] [--keep-clock]

Each game is played through the API in a moment, so its changes are seconds apart: unless `--keep-clock`, it is
exported, its changes' times spread as a table's evening would (a turn of 1–6 minutes, seeded), and imported as
a new game, so the time per round and the turns' figures read as at a table. Writes
DIR/<game>-<device>-<locale>.png (the page, whole) and …-section.png (the folded section alone), default
/tmp/shots51; prints each file, the play records' URLs, and axe's violations per page (0 is the target).
Needs Chromium at /usr/bin/chromium.
"""
from __future__ import annotations

import argparse
import json
import random
import tempfile
import urllib.request
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from playwright.sync_api import sync_playwright

from companion.serving import start_server, stop_server
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, api_act, api_game, api_get

SCREENS = {"screen-1024x768": {"width": 1024, "height": 768}, "screen-768x1024": {"width": 768, "height": 1024},
           "screen-1280x800": {"width": 1280, "height": 800}}
LOCALES = ("en-US", "ru-RU")
# A script plays a whole evening in seconds: the limits a table never reaches (README, "Settings") raised for it.
PLAYING_LIMITS = {"ACTION_LIMIT_PER_DEVICE": "100000 per minute", "ACTION_LIMIT_PER_ADDRESS": "100000 per minute",
                  "NEW_GAME_LIMIT": "1000 per hour"}
MK_PLAYERS = {"player_name": ["Anna", "Boris", "Екатерина"], "hero": ["tovak", "goldyx", "arythea"],
              "scenario": "custom", "mode": "competitive"}


def offered(base: str, code: str) -> tuple[dict, list[dict]]:
    view = api_get(base, code)["view"]
    return view, view["actions"]


def first(actions: list[dict], name: str, **wanted) -> dict | None:
    return next((a for a in actions if a["action"] == name
                 and all(a["params"].get(k) == v for k, v in wanted.items())), None)


def mage_knight(base: str, rounds: int, rng: random.Random) -> str:
    """A competitive game of three over `rounds` rounds (Day, Night, Day …): Fame gained in most turns, a
    level passed, the round's end announced after a few turns each; then every score sheet entered and done."""
    code = api_game(base, "mage_knight", {**MK_PLAYERS, "round_limit": rounds})
    seats = ["p1", "p2", "p3"]
    turns = 0  # in this round
    while True:
        view, actions = offered(base, code)
        phase = view["phase"]
        if view.get("finished") or phase not in ("tactics", "turns", "preparation"):
            break
        if phase == "preparation":
            turns = 0
            api_act(base, code, "skip_preparation")
        elif phase == "tactics":
            pick = first(actions, "pick_tactic")
            assert pick, actions
            api_act(base, code, "pick_tactic", pick["params"])
        else:
            seat = view["current_seat"]
            fame = rng.choice([1, 2, 4, 5, 7]) + 2 * seats.index(seat)  # each player's line its own
            api_act(base, code, "change_fame", {"player": seat, "delta": fame})
            turns += 1
            if first(actions, "announce_end_of_round") and turns >= 9 and rng.random() < 0.3:
                api_act(base, code, "announce_end_of_round", {"player": seat, "deck_empty": True})
            elif first(actions, "end_turn"):
                api_act(base, code, "end_turn", {"player": seat})
            else:
                api_act(base, code, "forfeit_turn", {"player": seat})
    sheets = [{"spells": 2, "advanced_actions": 3, "artifacts": 1, "crystals": 4, "units": 2, "wounds": 3},
              {"spells": 1, "advanced_actions": 4, "crystals": 7, "fortified_shields": 2, "wounds": 1},
              {"spells": 3, "artifacts": 2, "units": 3, "adventure_sites": 2, "wounds": 4}]
    for seat, sheet in zip(seats, sheets):
        api_act(base, code, "enter_score", {"player": seat, **sheet, "done": True})
    return code


def mice_chapter(base: str, rng: random.Random, code: str | None = None, end_page: int = 7) -> str:
    """A chapter of four mice: turns, cheese onto the wheel until it surges (the surge answered), a mouse
    captured and another (Collin) twice, minions wounded off their cards; won once the hourglass reaches
    its fifth round (or lost if it runs out). With `code`, the campaign's next chapter in that game."""
    if code is None:
        code = api_game(base, "mice_mystics", {
            "mouse": ["collin", "lily", "nez", "filch"], "controller": ["Anna", "Boris", "Anna", "Chen"],
            "minion_type": ["rat_warriors", "roaches"], "minion_count": [3, 2], "chapter_end_page": end_page})
    else:
        api_act(base, code, "next_chapter", {"chapter_name": "The Sewers", "chapter_end_page": end_page,
                                             "minion_type": ["rat_warriors"], "minion_count": [3]})
    captured: set[str] = set()
    for _ in range(400):
        view, actions = offered(base, code)
        if view.get("finished"):
            break
        surge = first(actions, "resolve_surge")
        if surge:
            api_act(base, code, "resolve_surge", {"room_surge": "yes", "minion_type": ["roaches"],
                                                  "minion_count": [2]})
            continue
        if view.get("round", 1) >= 5 and first(actions, "mark_victory"):
            api_act(base, code, "mark_victory")
            break
        roll = rng.random()
        if roll < 0.25 and first(actions, "add_cheese"):
            api_act(base, code, "add_cheese", {"n": rng.choice([1, 2, 3]), "reason": "minion_attack"})
        elif roll < 0.4 and first(actions, "wound_minion"):
            api_act(base, code, "wound_minion", first(actions, "wound_minion")["params"])
        elif roll < 0.47 and (mouse := first(actions, "capture_mouse")) and len(captured) < 3 \
                and mouse["params"]["mouse"] not in captured - {"collin"}:
            captured.add(mouse["params"]["mouse"])
            api_act(base, code, "capture_mouse", mouse["params"])
        elif roll < 0.55 and (gain := first(actions, "mouse_cheese")):
            api_act(base, code, "mouse_cheese", {**gain["params"], "delta": rng.choice([1, 2])})
        else:
            api_act(base, code, "next_turn")
    return code


def spread_clock(base: str, code: str, rng: random.Random) -> str:
    """The game exported, its changes' times spread as at a table (each change 20 s to 3 min after the one
    before, a turn's end or a tactic longer), imported as a new game: its code."""
    with urllib.request.urlopen(f"{base}/api/games/{code}/export") as response:
        data = json.loads(response.read())
    at = datetime.now() + timedelta(minutes=2)
    for event in data["events"]:
        long = event["action"] in ("end_turn", "next_turn", "pick_tactic", "announce_end_of_round")
        at += timedelta(seconds=rng.randint(60, 360) if long else rng.randint(10, 90))
        event["at"] = at.isoformat()
    request = urllib.request.Request(f"{base}/api/import", data=json.dumps(data).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["code"]


def evenings(base: str, spread: bool = True) -> dict[str, tuple[str, str]]:
    """The four summaries, played (seeded): {name: (code, the folded section's id)}; `spread`: their clocks
    spread as at a table (spread_clock)."""
    rng = random.Random(44)
    played = {"mk-night": (mage_knight(base, 2, rng), "mk-evening"),
              "mk-day": (mage_knight(base, 3, rng), "mk-evening"),
              "mm-chapter": (mice_chapter(base, rng), "mm-evening")}
    campaign = mice_chapter(base, rng, end_page=8)
    played["mm-campaign"] = (mice_chapter(base, rng, code=campaign, end_page=8), "mm-evening")
    if spread:
        played = {name: (spread_clock(base, code, rng), section) for name, (code, section) in played.items()}
    return played


def photograph(browser, base: str, name: str, code: str, section: str, out: Path, axe: Callable | None
               ) -> dict[str, int]:
    """The summary on a phone with `section` open (the whole page, and the section alone), and the group screen
    at each size, in each language: {file: axe's violations} (an empty dict without axe)."""
    found: dict[str, int] = {}
    for locale in LOCALES:
        lang = locale[:2]
        context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.goto(f"{base}/g/{code}")
        page.locator(f"#{section} > summary").click()
        page.locator(f"#{section} svg.chart").first.wait_for()
        page.wait_for_timeout(300)
        path = out / f"{name}-phone-{lang}.png"
        page.screenshot(path=str(path), full_page=True)
        page.locator(f"#{section}").screenshot(path=str(out / f"{name}-phone-{lang}-section.png"))
        print(f"  {path} (and -section)")
        if axe:
            found[path.name] = report(axe(page), path.name)
        context.close()
        for device, viewport in SCREENS.items():
            context = browser.new_context(viewport=viewport, locale=locale)
            page = context.new_page()
            page.goto(f"{base}/g/{code}/screen")
            page.wait_for_timeout(300)
            path = out / f"{name}-{device}-{lang}.png"
            page.screenshot(path=str(path))
            print(f"  {path}")
            if axe:
                found[path.name] = report(axe(page), path.name)
            context.close()
    return found


def save_records(base: str, name: str, code: str, out: Path) -> None:
    """The play record, JSON and CSV, in English and Russian: out/<game>-record-<lang>.json and .csv."""
    for lang in ("en", "ru"):
        for suffix in ("", ".csv"):
            request = urllib.request.Request(f"{base}/api/games/{code}/record{suffix}",
                                             headers={"Accept-Language": lang})
            with urllib.request.urlopen(request) as response:
                path = out / f"{name}-record-{lang}{suffix or '.json'}"
                path.write_bytes(response.read())
            print(f"  {path}")


def report(violations: list[str], what: str) -> int:
    for violation in violations:
        print(f"    axe on {what}: {violation}")
    return len(violations)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots51"))
    parser.add_argument("--no-axe", action="store_true")
    parser.add_argument("--keep-clock", action="store_true", help="photograph the games as played (seconds apart)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    server, base = start_server(f"sqlite:///{tmp / 'shots.db'}", log_file=tmp / "server.log", env=PLAYING_LIMITS)
    axe = None
    if not args.no_axe:
        from tests.browser.test_accessibility import violations as axe
    try:
        played = evenings(base, spread=not args.keep_clock)
        found: dict[str, int] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for name, (code, section) in played.items():
                game = api_get(base, code)
                view = game["view"]
                print(f"{name}: {base}/g/{code} ({view.get('palette', 'day')}, round {view.get('round')}); "
                      f"record {base}/api/games/{code}/record and .csv")
                found.update(photograph(browser, base, name, code, section, args.out, axe))
            browser.close()
        if axe:
            print(f"axe: {sum(found.values())} violations on {len(found)} pages "
                  f"({', '.join(f'{k} {v}' for k, v in found.items() if v) or 'none anywhere'})")
        for name, (code, _section) in played.items():
            save_records(base, name, code, args.out)
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
