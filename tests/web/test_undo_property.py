"""Undo after any action restores the exact previous state, through the real store, for both games.

Hypothesis plays random legal actions (and undoes at random points) on a real database; after
every undo the game's state must equal the state before the undone action, to the last field.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.storage import store
from companion.storage.models import db
from companion.rules.base import RuleError
from tests.conftest import make_app

DEVICE = store.DeviceRef("property-device-01", "hypothesis")
MM_SIMPLE = ("next_turn", "add_cheese", "remove_cheese", "do_move", "do_action", "finish_action", "share",
             "equip", "use_ability_card", "remove_figures", "mouse_cheese", "wound_minion")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("undo") / "undo.db")
    with app.app_context():
        yield app


def mk_choices(game):
    return [(a["action"], a["params"]) for a in store.kind_of(game).view(game.state)["actions"]]


def mm_choices(game):
    state = game.state
    mice = [m["id"] for m in state["mice"]]
    minion_cards = [c["card"] for c in state["initiative_track"] if c["kind"] == "minion"]
    choices = [(a, {}) for a in ("next_turn", "do_move", "finish_action", "share", "equip", "use_ability_card")]
    choices += [("add_cheese", {"n": 1, "reason": "minion_attack"}), ("remove_cheese", {"n": 1, "reason": "room_rule"}),
                ("do_action", {"kind": "battle"}), ("mouse_cheese", {"mouse": mice[0], "delta": 2}),
                ("resolve_surge", {"room_surge": "no"})]
    choices += [("remove_figures", {"card": card, "n": 1}) for card in minion_cards]
    choices += [("wound_minion", {"card": card, "figure": 1}) for card in minion_cards]
    choices += [
        ("earn_achievement", {"achievement": "scaper", "mouse": mice[-1]}),
        ("capture_mouse", {"mouse": mice[-1]}),
        ("mark_victory", {}),
        ("next_chapter", {"replay": "yes"}),
        ("next_chapter", {"chapter_end_page": 5, "minion_type": ["roaches"], f"search_card_{mice[0]}": "Tinder"}),
    ]
    return choices


# name -> (kind, setup, the actions to draw from). The Mage Knight setups between them reach every action of
# issue 9: the Dummy's turn and corrections and its preparation steps, Darkness is Coming's dice, flipped
# tokens, mines, and (a one-round game) the score sheet.
GAMES = {
    "mage_knight": ("mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                    "scenario": "full_conquest"}, mk_choices),
    "mage_knight_coop": ("mage_knight", {"player_name": ["Anna", "Boris", "Chen"], "hero": ["tovak", "goldyx", "krang"],
                                         "scenario": "blitz_cooperation", "daytime": "darkness_is_coming",
                                         "dice_mode": "table"}, mk_choices),
    "mage_knight_mines": ("mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                          "scenario": "mines_liberation", "daytime": "night_arrival"}, mk_choices),
    "mage_knight_one_round": ("mage_knight", {"player_name": ["Anna"], "hero": ["tovak"], "scenario": "custom",
                                              "mode": "solo", "round_limit": "1"}, mk_choices),
    "mice_mystics": ("mice_mystics", {"mouse": ["collin", "lily", "nez"],
                                      "minion_type": ["rat_warriors", "roaches", "spider"],
                                      "minion_count": ["2", "1", "2"]}, mm_choices),
}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_undo_after_any_action_restores_the_exact_previous_state(app, name, seed, data):
    kind, setup, choices = GAMES[name]
    rng = random.Random(seed)
    game = store.create_game(kind, setup, "property", rng)
    before_each: list[dict] = []  # the state before each change that an undo may still reverse
    for _ in range(data.draw(st.integers(5, 40), label="steps")):
        if before_each and data.draw(st.integers(0, 3), label="undo?") == 0:
            store.undo(game, game.version, DEVICE)
            db.session.refresh(game)  # what the database holds, not the object in memory
            assert game.state == before_each.pop()
            continue
        offered = choices(game)
        if not offered:
            break
        action, params = data.draw(st.sampled_from(offered), label="action")
        state = game.state
        try:
            store.apply_action(game, action, params, game.version, DEVICE, rng)
        except RuleError:
            assert game.state == state
            continue
        before_each.append(state)
    while before_each:  # and all the way back
        store.undo(game, game.version, DEVICE)
        db.session.refresh(game)
        assert game.state == before_each.pop()
    with pytest.raises(RuleError):
        store.undo(game, game.version, DEVICE)


def _apply_and_undo(game, action, params, rng):
    """Apply one action, undo it: the state is exactly the one before; then apply it again for good."""
    before = game.state
    store.apply_action(game, action, params, game.version, DEVICE, rng)
    db.session.refresh(game)
    assert game.state != before, action
    store.undo(game, game.version, DEVICE)
    db.session.refresh(game)
    assert game.state == before, action
    store.apply_action(game, action, params, game.version, DEVICE, rng)
    db.session.refresh(game)


def _pick_all(game, rng):
    while game.state["phase"] == "tactics":
        view = store.kind_of(game).view(game.state)
        picks = [a["params"] for a in view["actions"] if a["action"] == "pick_tactic"]
        store.apply_action(game, "pick_tactic", picks[0], game.version, DEVICE, rng)  # Mana Steal with its die
        db.session.refresh(game)


def _end_turns(game, rng, n=None):
    """End turns (the Dummy's with a green 3rd card) until the round is over, or `n` of them."""
    while game.state["phase"] == "turns" and n != 0:
        seat = game.state["turn"]["seat"]
        params = {"third": "green"} if seat == "dummy" else {"player": seat}
        store.apply_action(game, "dummy_turn" if seat == "dummy" else "end_turn", params, game.version, DEVICE, rng)
        db.session.refresh(game)
        n = None if n is None else n - 1


def test_undo_of_each_new_mage_knight_action_restores_the_exact_previous_state(app):
    """Issue 9's actions one by one, each undone right after: the Dummy's turn and corrections, its part of
    the preparation, Darkness is Coming's dice, a flipped token, mines, the score sheet."""
    rng = random.Random(7)
    game = store.create_game("mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                             "scenario": "custom", "mode": "cooperative", "round_limit": "2",
                                             "daytime": "darkness_is_coming", "dice_mode": "app"}, "undo", rng)
    _pick_all(game, rng)
    assert game.state["phase"] == "turns"
    _apply_and_undo(game, "adjust_dummy", {"what": "deck", "delta": -1}, rng)
    _apply_and_undo(game, "adjust_dummy", {"what": "red", "delta": 1}, rng)
    flipped = dummy_turned = False
    while not (flipped and dummy_turned):  # a player's turn with a token flipped and back, and the Dummy's turn
        seat = game.state["turn"]["seat"]
        if seat == "dummy":
            _apply_and_undo(game, "dummy_turn", {"third": "green"}, rng)
            dummy_turned = True
            continue
        if not flipped:
            other = next(p["id"] for p in game.state["players"] if p["id"] != seat)
            _apply_and_undo(game, "flip_token", {"player": other}, rng)
            _apply_and_undo(game, "flip_token", {"player": other, "flipped": False}, rng)
            flipped = True
        store.apply_action(game, "end_turn", {"player": seat}, game.version, DEVICE, rng)
        db.session.refresh(game)
    if game.state["turn"]["seat"] == "dummy":
        _end_turns(game, rng, 1)
    seat = game.state["turn"]["seat"]
    store.apply_action(game, "announce_end_of_round", {"player": seat, "deck_empty": True}, game.version, DEVICE, rng)
    db.session.refresh(game)
    _end_turns(game, rng)
    if game.state["phase"] == "round_end":
        tactic = store.kind_of(game).view(game.state)["removal_choices"][0]
        store.apply_action(game, "remove_tactic", {"tactic": tactic}, game.version, DEVICE, rng)
        db.session.refresh(game)
    assert game.state["phase"] == "preparation"
    _apply_and_undo(game, "tick_step", {"step": "flip_board", "darkness_dice": ["black", "red"]}, rng)
    for step in ("source", "units", "aa_offer"):
        _apply_and_undo(game, "tick_step", {"step": step}, rng)
    _apply_and_undo(game, "tick_step", {"step": "spell_offer", "spell_colour": "blue"}, rng)
    _apply_and_undo(game, "skip_preparation", {}, rng)
    state = game.state
    assert state["phase"] == "tactics" and state["time_of_day"] == "night"
    _pick_all(game, rng)
    _apply_and_undo(game, "mark_scenario_end", {}, rng)
    _end_turns(game, rng)
    assert game.state["phase"] == "finished"
    _apply_and_undo(game, "enter_score", {"player": "p1", "field": "spells", "delta": 2}, rng)
    _apply_and_undo(game, "enter_score", {"player": "p1", "done": True}, rng)
    _apply_and_undo(game, "enter_score_facts", {"field": "cities_total", "delta": 1}, rng)


def test_undo_of_set_mines_restores_the_exact_previous_state(app):
    rng = random.Random(3)
    game = store.create_game("mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                             "scenario": "mines_liberation"}, "undo", rng)
    _apply_and_undo(game, "set_mines", {"player": "p2", "count": 2}, rng)
    _apply_and_undo(game, "set_mines", {"player": "p2", "count": 0}, rng)
