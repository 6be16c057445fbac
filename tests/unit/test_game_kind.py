"""The contract between the app and a game kind: GameKind declares all the app asks, and the actions' stored
names are declared, not taken from the functions that apply them."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.rules.base import GameKind, Outcome, Text
from companion.rules.mage_knight import KIND as MAGE_KNIGHT
from companion.rules.mage_knight import actions as mk_actions
from companion.rules.mice_mystics import KIND as MICE_MYSTICS

ROOT = Path(__file__).resolve().parents[2]

# The names saved games and game files hold: renaming a function must leave each of these applying.
STORED_NAMES = {
    "mage_knight": {
        "set_core_tile_revealed", "set_monasteries", "monastery_revealed", "tick_step", "skip_preparation",
        "enter_source", "drop_source_entry", "set_dice_mode", "pick_tactic", "remove_tactic", "take_die",
        "mana_search", "use_tactic", "end_turn", "announce_end_of_round", "forfeit_turn", "mark_scenario_end",
        "change_fame", "dummy_turn", "adjust_dummy", "flip_token", "set_mines", "enter_score", "enter_score_facts",
        "show_turn_time"},
    "mice_mystics": {
        "add_cheese", "capture_mouse", "do_action", "do_move", "earn_achievement", "equip", "finish_action",
        "level_up", "mark_victory", "minions_arrive", "mouse_cheese", "move_end_marker", "next_chapter",
        "next_turn", "remove_cheese", "remove_figures", "resolve_surge", "set_boss_life", "set_encounter_card",
        "share", "use_ability_card", "wound_boss", "wound_minion", "show_turn_time"},
}


@pytest.mark.parametrize("kind", [MAGE_KNIGHT, MICE_MYSTICS], ids=lambda kind: kind.key)
def test_every_stored_action_name_is_declared(kind):
    assert set(kind.actions) == STORED_NAMES[kind.key]


def test_a_renamed_function_keeps_its_stored_name(monkeypatch):
    """The table names the action, not the function: a function called otherwise still applies `end_turn`."""
    assert mk_actions.ACTIONS["end_turn"] is mk_actions.end_turn
    monkeypatch.setattr(mk_actions.end_turn, "__name__", "finish_turn")
    assert "end_turn" in MAGE_KNIGHT.actions and "finish_turn" not in MAGE_KNIGHT.actions


class Tally(GameKind):
    """A kind declaring only what it must."""

    key, name, template, setup_template = "tally", "Tally", "kinds/counter.html", "kinds/counter_setup.html"
    actions = {"tally": lambda state, params, rng: Outcome({"n": state["n"] + 1}, Text("Tally"))}

    def new_state(self, setup: dict, rng: random.Random) -> dict:
        return {"n": 0}


def test_a_kind_declaring_only_what_it_must_gets_the_defaults():
    """No seats, no one's moment, no seat's actions, typed names kept as typed, its actions applied by name."""
    kind = Tally()
    state = kind.new_state({}, random.Random(1))
    assert kind.seats(state) == [] and kind.moment_seat(state) is None and kind.seat_actions == frozenset()
    assert kind.localize_params("tally", {"n": "Борис"}, str) == {"n": "Борис"}
    assert kind.rebasable == frozenset() and kind.headlines == frozenset() and kind.screen_template is None
    assert kind.apply(state, "tally", {}, random.Random(1)).state == {"n": 1} and state == {"n": 0}


def test_registering_what_is_not_a_game_kind_is_refused():
    from flask import Flask

    from companion import kinds

    class Lookalike:
        key = "lookalike"

    with pytest.raises(TypeError):
        kinds.register(Flask(__name__), Lookalike())  # type: ignore[arg-type]


# `kind.x`, `kind_of(game).x` and `KIND.x` in the app's code and templates.
ASKED = re.compile(r"\b(?:kind|kind_of\([^()]*\)|KIND)\.([a-z_]+)\b")


def test_the_app_asks_a_kind_only_what_game_kind_declares():
    declared = set(dir(GameKind)) | set(GameKind.__annotations__)
    asked: dict[str, set[str]] = {}
    for path in [*ROOT.joinpath("companion").rglob("*.py"), *ROOT.joinpath("templates").rglob("*.html")]:
        text = path.read_text(encoding="utf-8")
        for member in ASKED.findall(text):
            asked.setdefault(member, set()).add(str(path.relative_to(ROOT)))
        probes = re.findall(r"(?:hasattr|getattr)\(\s*(?:kind|kind_of\([^()]*\))\s*,", text)
        assert not probes, f"{path}: a kind is probed for a member instead of asked for a declared one"
    assert asked, "the scan found no use of a kind: the pattern is wrong"
    undeclared = {member: paths for member, paths in asked.items() if member not in declared}
    assert not undeclared, f"asked of a kind but not declared by GameKind: {undeclared}"


def test_a_seat_status_text_is_a_text():
    assert isinstance(GameKind().seat_status({}, "x")["text"], Text)


def test_a_game_is_over_at_its_end_and_a_chapter_at_its_own():
    """GameKind.is_over, what the group screen folds its join code at: the kinds' own ends."""
    MK, MM = MAGE_KNIGHT, MICE_MYSTICS
    assert MK.is_over({"phase": "finished"}) and not MK.is_over({"phase": "turns"})
    chapter = MM.new_state(MM.parse_setup({"mouse": ["lily", "nez"]}), random.Random(0))
    assert not MM.is_over(chapter)
    assert MM.is_over({**chapter, "finished": True})
