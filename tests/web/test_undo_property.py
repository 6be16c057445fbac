"""Undo after any action restores the exact previous state, through the real store, for both games.

Hypothesis plays random legal actions (and undoes at random points) on a real database; after
every undo the game's state must equal the state before the undone action, to the last field.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import store
from companion.models import db
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
    choices += [("earn_achievement", {"achievement": "scaper"}), ("capture_mouse", {"mouse": mice[-1]}),
                ("mark_victory", {}), ("next_chapter", {"replay": "yes"}),
                ("next_chapter", {"chapter_end_page": 5, "minion_type": ["roaches"], f"search_card_{mice[0]}": "Tinder"})]
    return choices


GAMES = {
    "mage_knight": ({"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest"},
                    mk_choices),
    "mice_mystics": ({"mouse": ["collin", "lily", "nez"], "minion_type": ["rat_warriors", "roaches", "spider"],
                      "minion_count": ["2", "1", "2"]}, mm_choices),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_undo_after_any_action_restores_the_exact_previous_state(app, kind, seed, data):
    setup, choices = GAMES[kind]
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
