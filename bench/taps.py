"""Taps a group spends on one round, played through the HTML forms as a phone without JavaScript would.

A tap is a radio button or checkbox set, or a button pressed (tests/web/tapper.py counts them). Figures:
- Mage Knight, 3 players, from the start of round 2's preparation to round 3's: every preparation step,
  three tactic picks, two turns each with one Source die, then End of Round announced and the two last
  turns with a die — once with the app rolling the Source, once with the table's real dice (a seeded
  roll stands in for the dice on the table);
- Mice and Mystics, one quiet round (no surge, no fight): Next until the round number changes; and a roll's
  cheese: 5 onto the wheel for a reason other than the preset one, 3 for one mouse.
"""
from __future__ import annotations

import random
import re
import tempfile
from collections import Counter
from pathlib import Path

from tests.conftest import csrf_token, make_app
from tests.web.tapper import Thumb

COLOURS = ["red", "blue", "green", "white", "gold", "black"]
BASIC = COLOURS[:4]


def new_game(client, path: str, data: dict) -> str:
    response = client.post(path, data={"csrf_token": csrf_token(client, path), **data})
    assert response.status_code == 303, response.status_code
    return response.headers["Location"]


class MageKnightRound:
    """One player's phone drives the whole table (taps are the group's, whoever makes them)."""

    def __init__(self, client, dice_mode: str, seed: int = 7):
        self.rng = random.Random(seed)
        url = new_game(client, "/new/mage_knight", {
            "player_name[]": ["Anna", "Boris", "Chen"], "hero[]": ["Tovak", "Goldyx", "Krang"],
            "scenario": "full_conquest", "monasteries": "1", "dice_mode": dice_mode})
        self.thumb = Thumb(client, url)
        self.taps: Counter = Counter()

    def tap(self, what: str, *args, **kwargs) -> None:
        self.taps[what] += self.thumb.tap(*args, **kwargs)

    def phase(self) -> str:
        text = self.thumb.text()
        if "Round preparation" in text:
            return "preparation"
        # With the table's dice the round's Source is entered before the first pick (the page says so
        # first: "Enter the Source dice", the pick after it).
        if "Picks a tactic now" in text or self.thumb.has("pick_tactic") or self.thumb.has("enter_source"):
            return "tactics"
        return "turns"

    def roll(self, n: int) -> list[str]:
        faces = [self.rng.choice(COLOURS) for _ in range(n)]
        while sum(c in BASIC for c in faces) < (n + 1) // 2:  # the table rerolls gold and black (MK-SRC-2)
            faces = [c if c in BASIC else self.rng.choice(COLOURS) for c in faces]
        return faces

    def enter_source(self, what: str) -> None:
        form = self.thumb.form("enter_source")
        dice = form.radio_groups()
        self.tap(what, form, form.button("Done"), choose=dict(zip(dice, self.roll(len(dice)))))

    def next_step(self) -> None:
        if self.thumb.has("enter_source"):
            self.enter_source("preparation")
        else:
            # A table that has worked down the checklist says so ("the round is prepared"): a tap to open the
            # fold that asks, a tap on its button; the steps it stops at (the Source's dice, say) come one at a time.
            steps = [f for f in self.thumb.forms if f.hidden("action") == "tick_step"]
            form = next((f for f in steps if f.hidden("through")), steps[0])
            self.taps["preparation"] += form.hidden("through") is not None  # its <details> opened
            self.tap("preparation", form)

    def pick(self) -> None:
        if self.thumb.has("enter_source"):  # round 1 with the table's dice: the setup roll first
            self.enter_source("setup")
        form = next(f for f in self.thumb.forms if f.hidden("action") == "pick_tactic"
                    and f.hidden("tactic") not in ("mana_steal", "mana_search"))
        self.tap("tactics", form)

    def turn(self, what: str, take_die: bool = True) -> None:
        takes = [f for f in self.thumb.forms if f.hidden("action") == "take_die"]
        if take_die and takes:
            self.tap(what, takes[0])
        end = self.thumb.form("end_turn")
        faces = [b for b in end.buttons if b["name"] and b["name"].startswith("colour_")]
        if faces:  # the table's die: its rerolled face is the End turn tap
            self.tap(what, end, end.button(value=self.rng.choice(COLOURS)))
        else:
            self.tap(what, end, end.button("End turn"))

    def play_round(self, what: str = "turns") -> None:
        while self.phase() == "tactics":
            self.pick()
        for _ in range(2 * 3):
            self.turn(what)
        self.tap("End of Round", self.thumb.form("announce_end_of_round"), tick=("deck_empty",))
        while self.phase() == "turns":
            self.turn("last turns")

    def measure(self) -> Counter:
        self.play_round()  # round 1, not counted
        self.taps.clear()
        while self.phase() == "preparation":
            self.next_step()
        self.play_round()
        assert self.phase() == "preparation" and "Round 3" in self.thumb.text()
        return self.taps


def mice_and_mystics_round(client) -> Counter:
    url = new_game(client, "/new/mice_mystics", {
        "mouse[]": ["collin", "lily", "nez", "filch"], "minion_type[]": ["rat_warriors"], "minion_count[]": ["3"]})
    thumb = Thumb(client, url)
    round_of = lambda: int(re.search(r"Round (\d+)", thumb.text()).group(1))
    start, taps = round_of(), Counter()
    while round_of() == start:
        taps["Next"] += thumb.tap(thumb.form("next_turn"))
    return taps


def mice_and_mystics_cheese(client) -> Counter:
    """A greedy roach's 5 cheese onto the wheel, then 3 cheese from a roll for one mouse (MM-CHZ-3/4)."""
    url = new_game(client, "/new/mice_mystics", {"mouse[]": ["lily", "nez"]})
    thumb, taps = Thumb(client, url), Counter()
    wheel = thumb.form("add_cheese")
    taps["5 on the wheel"] += thumb.tap(wheel, wheel.button(value="5"), select={"reason": "greedy_roach"})
    assert re.search(r'id="mm-wheel-count">5<', thumb.page)
    lily = thumb.form("mouse_cheese", mouse="lily")
    taps["3 for Lily"] += thumb.tap(lily, lily.button(value="3"))
    return taps


def report(name: str, taps: Counter) -> None:
    parts = ", ".join(f"{what} {n}" for what, n in taps.items())
    print(f"{name:58} {sum(taps.values()):3} taps  ({parts})")


def main() -> None:
    app = make_app(Path(tempfile.mkdtemp()) / "taps.db")
    print("Taps per round through the HTML forms (no JavaScript); aim: Mage Knight ≤ 23, Mice and Mystics 7")
    for mode, name in (("app", "the app rolls"), ("table", "the table's real dice")):
        report(f"Mage Knight, 3 players, preparation to preparation, {name}",
               MageKnightRound(app.test_client(), mode).measure())
    report("Mice and Mystics, a quiet round (4 mice, rat warriors)", mice_and_mystics_round(app.test_client()))
    report("Mice and Mystics, cheese: 5 for one reason, 3 for a mouse", mice_and_mystics_cheese(app.test_client()))


if __name__ == "__main__":
    main()
