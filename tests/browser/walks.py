"""Whole rounds of both games, played through the JSON API one moment at a time.

Each walk is a generator: it brings the game to a moment, yields a `Moment` (who must act and what the
acting device must see on its first screen), and makes the move when resumed. The browser walk test
looks at each moment on the acting phone; bench/screenshots.py photographs each on phone, tablet and
group screen. Both read the same walks, so what is photographed is what is tested.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterator

from tests.browser.conftest import api_act, api_game, api_get

UNDO = ".btn-undo"
SEAT_BANNER = ".seat-banner.now"


def action_button(action: str) -> str:
    return f"form:has(input[name=action][value={action}]) button"


@dataclass
class Moment:
    name: str  # short, for file names and failure messages
    seat: str | None  # the seat whose phone must act; None: anyone at the table (the group's step)
    must_see: list[str] = field(default_factory=list)  # selectors wholly on the acting phone's first screen
    version: int = 0  # the game's version at this moment


MK_PLAYERS = {"player_name": ["Vera", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"],
              "scenario": "full_conquest"}
MK_FOUR_PLAYERS = {"player_name": ["Vera", "Boris", "Chen", "Dana"], "hero": ["tovak", "goldyx", "norowas", "arythea"],
                   "scenario": "full_conquest"}


def mage_knight_round(base: str, dice_mode: str = "app", players: dict = MK_PLAYERS) -> Iterator[Moment]:
    """3 players (or `players`): round 1's tactics and turns, End of Round and its last turns, round 2's
    preparation, round 2's tactics. The walk's game code is `walk.code` once the first moment is out."""
    code = api_game(base, "mage_knight", {**players, "dice_mode": dice_mode})
    mage_knight_round.code = code

    def view() -> tuple[dict, int]:
        game = api_get(base, code)
        return game["view"], game["version"]

    def picks(n_round: int):
        while (v := view())[0]["phase"] == "tactics":
            seat = v[0]["pick_queue"][0]
            yield Moment(f"r{n_round}-tactics-{seat}", seat, [SEAT_BANNER, action_button("pick_tactic")], v[1])
            tactic = next(t for t in v[0]["tactics_available"] if t not in ("mana_steal", "mana_search"))
            api_act(base, code, "pick_tactic", {"player": seat, "tactic": tactic})

    def turn(label: str, with_die: bool = True):
        v, version = view()
        seat = v["current_seat"]
        if with_die and v["takeable_dice"]:
            yield Moment(f"{label}-{seat}", seat, [SEAT_BANNER, action_button("take_die")], version)
            api_act(base, code, "take_die", {"player": seat, "die": v["takeable_dice"][0]})
            v, version = view()
        yield Moment(f"{label}-{seat}-end", seat, [SEAT_BANNER, action_button("end_turn")], version)
        api_act(base, code, "end_turn", {"player": seat})

    yield from picks(1)
    for _ in range(3):
        yield from turn("r1-turn")
    v, version = view()
    seat = v["current_seat"]
    # End of Round is announced instead of a turn: the turn's own buttons are the moment's first screen.
    yield Moment(f"r1-announce-{seat}", seat, [SEAT_BANNER, action_button("take_die")], version)
    api_act(base, code, "announce_end_of_round", {"player": seat, "deck_empty": True})
    while view()[0]["phase"] == "turns":
        yield from turn("r1-last-turn")
    while (v := view())[0]["phase"] == "preparation":
        step = v[0]["current_step"]
        yield Moment(f"r2-prep-{step}", None, [action_button("tick_step")], v[1])
        api_act(base, code, "tick_step", {"step": step})
    yield from picks(2)


MM_PARTY = {"mouse": ["collin", "lily", "nez", "filch"], "controller": ["Vera", "Vera", "Boris", "Chen"],
            "minion_type": ["rat_warriors", "captain_vurst"], "minion_count": [2, 1]}


def mice_and_mystics_round(base: str) -> Iterator[Moment]:
    """4 mice held by 3 players: the minions' turn, each mouse's turn, a surge when the wheel fills,
    a boss arriving and wounded, a mouse captured and its skipped turn."""
    code = api_game(base, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2]})
    mice_and_mystics_round.code = code

    def seat_of(game: dict) -> str | None:
        v = game["view"]
        mouse = v["whose_turn"] or v["minions_mover"]
        controller = mouse["controller"]
        return f"player:{controller}" if controller else f"mouse:{mouse['mouse']}"

    def next_turns(n: int, label: str):
        for _ in range(n):
            game = api_get(base, code)
            kind = game["view"]["acting_card"]["kind"]
            yield Moment(f"{label}-{kind}-{game['view']['acting']}", seat_of(game),
                         [SEAT_BANNER, action_button("next_turn")], game["version"])
            api_act(base, code, "next_turn")

    yield from next_turns(3, "turn")
    api_act(base, code, "add_cheese", {"n": 6 - api_get(base, code)["view"]["cheese_wheel"],
                                       "reason": "minion_attack"})
    game = api_get(base, code)
    yield Moment("surge", None, [action_button("resolve_surge")], game["version"])
    api_act(base, code, "resolve_surge", {"room_surge": "no"})
    api_act(base, code, "minions_arrive", {"minion_type": ["captain_vurst"], "minion_count": [1],
                                           "source": "encounter"})
    game = api_get(base, code)
    boss = next(c for c in game["view"]["track"] if c.get("minion") == "captain_vurst")
    yield Moment("boss-arrived", seat_of(game), [SEAT_BANNER, action_button("next_turn")], game["version"])
    api_act(base, code, "wound_boss", {"card": boss["card"], "n": 2, "life": 6})
    game = api_get(base, code)
    yield Moment("boss-wounded", seat_of(game), [SEAT_BANNER, action_button("next_turn")], game["version"])
    api_act(base, code, "capture_mouse", {"mouse": "nez"})
    yield from next_turns(4, "after-capture")


def take_seat(page, seat: str) -> None:
    """Answer "Who is this phone?" with the seat."""
    page.locator(f"#who form:has(input[name=seat][value='{seat}']) button").click()
    page.locator("#who").wait_for(state="detached")


def seats_offered(page) -> list[str]:
    return [i.get_attribute("value") for i in page.locator("#who input[name=seat]").all()]


def at_version(page, version: int) -> None:
    """Wait until the device shows the game at this version (its live update has come)."""
    from playwright.sync_api import expect
    expect(page.locator("#game-panel")).to_have_attribute("data-version", str(version))
