"""The action pipeline: apply, stale version, rule error, undo — against a real database."""
from __future__ import annotations

import random

import pytest
import sqlalchemy as sa

from companion.storage import store
from companion.storage.models import Event, Game, db
from companion.rules.base import BadParams, RuleError

ANNA = store.DeviceRef("anna-device-000001", "Anna's phone")


@pytest.fixture
def game(app):
    with app.app_context():
        g = store.create_game("counter", {"start": "5"}, "Test", random.Random(1))
        yield g


def events(game):
    return list(db.session.scalars(sa.select(Event).where(Event.game_id == game.id).order_by(Event.seq)))


def test_apply_writes_state_bumps_version_and_appends_one_event(game):
    store.apply_action(game, "add", {"n": "2"}, 0, ANNA, random.Random(1))
    assert (game.version, game.state["count"]) == (1, 7)
    [event] = events(game)
    assert (event.seq, event.action, event.params, event.device_label) == (1, "add", {"n": "2"}, "Anna's phone")
    assert event.state_before == {"count": 5, "rolls": [], "name": ""}
    assert event.label == {"msgid": "Add {n}", "params": {"n": 2}}


def test_stale_version_applies_nothing(game):
    store.apply_action(game, "add", {"n": "1"}, 0, ANNA, random.Random(1))
    with pytest.raises(store.StaleVersion) as stale:
        store.apply_action(game, "add", {"n": "1"}, 0, ANNA, random.Random(1))
    assert stale.value.game.version == 1
    assert game.state["count"] == 6 and len(events(game)) == 1


def test_a_write_racing_past_the_first_check_is_still_refused(game):
    # Another process commits between this request's read and its write: the conditional UPDATE
    # (not the early check, which saw version 0) is what refuses it.
    assert game.version == 0
    with db.engine.begin() as other_process:
        other_process.execute(sa.update(Game).where(Game.id == game.id).values(version=1))
    assert game.version == 0  # this request's view is still the old one
    with pytest.raises(store.StaleVersion):
        store.apply_action(game, "add", {"n": "1"}, 0, ANNA, random.Random(1))
    assert events(game) == []


def test_rule_error_applies_nothing(game):
    with pytest.raises(RuleError) as error:
        store.apply_action(game, "add", {"n": "-9"}, 0, ANNA, random.Random(1))
    assert error.value.text.msgid == "The counter cannot go below zero."
    db.session.refresh(game)
    assert (game.version, game.state["count"], events(game)) == (0, 5, [])


def test_malformed_params_are_bad_params(game):
    with pytest.raises(BadParams):
        store.apply_action(game, "add", {"n": "lots"}, 0, ANNA, random.Random(1))
    with pytest.raises(BadParams):
        store.apply_action(game, "explode", {}, 0, ANNA, random.Random(1))


def test_undo_restores_the_exact_previous_state_and_is_itself_an_event(game):
    store.apply_action(game, "roll", {}, 0, ANNA, random.Random(7))
    rolled = game.state
    store.apply_action(game, "add", {"n": "3"}, 1, ANNA, random.Random(1))
    store.undo(game, 2, ANNA)
    assert game.state == rolled and game.version == 3
    undo_event = events(game)[-1]
    assert undo_event.action == "undo" and undo_event.undoes_seq == 2
    assert undo_event.label["params"]["label"] == {"msgid": "Add {n}", "params": {"n": 3}}


def test_multi_level_undo_walks_back_and_never_rerolls(game):
    start = game.state
    store.apply_action(game, "roll", {}, 0, ANNA, random.Random(3))
    after_roll = game.state
    store.apply_action(game, "add", {"n": "1"}, 1, ANNA, random.Random(3))
    store.apply_action(game, "add", {"n": "2"}, 2, ANNA, random.Random(3))
    store.undo(game, 3, ANNA)
    store.undo(game, 4, ANNA)
    assert game.state == after_roll  # the die is not rolled again
    store.apply_action(game, "add", {"n": "4"}, 5, ANNA, random.Random(3))
    store.undo(game, 6, ANNA)
    assert game.state == after_roll
    store.undo(game, 7, ANNA)
    assert game.state == start
    with pytest.raises(RuleError):
        store.undo(game, 8, ANNA)
    assert [e.action for e in events(game)] == ["roll", "add", "add", "undo", "undo", "add", "undo", "undo"]


def test_undo_with_a_stale_version_is_refused(game):
    store.apply_action(game, "add", {"n": "1"}, 0, ANNA, random.Random(1))
    with pytest.raises(store.StaleVersion):
        store.undo(game, 0, ANNA)
    assert game.state["count"] == 6


def test_codes_use_an_unambiguous_alphabet(app):
    codes = {store.new_code() for _ in range(300)}
    assert all(len(c) == 5 and set(c) <= set(store.CODE_ALPHABET) for c in codes)
    assert not set("01OIL5SZ2B8") & set(store.CODE_ALPHABET)
    assert store.normalize_code(" k7q-3m ") == "K7Q3M"


def test_archived_game_refuses_actions_and_undo(game):
    store.apply_action(game, "add", {"n": "1"}, 0, ANNA, random.Random(1))
    store.set_archived(game, True)
    with pytest.raises(RuleError):
        store.apply_action(game, "add", {"n": "1"}, 1, ANNA, random.Random(1))
    with pytest.raises(RuleError):
        store.undo(game, 1, ANNA)
    assert game.state["count"] == 6


def test_two_devices_taking_one_seat_at_once_never_take_it_over_silently(game, monkeypatch):
    store.take_seat(game, "even", "device-anna-000001")
    real_scalar = db.session.scalar
    calls = []

    def first_read_sees_no_holder(statement, *args, **kwargs):
        calls.append(statement)
        return None if len(calls) == 1 else real_scalar(statement, *args, **kwargs)

    monkeypatch.setattr(db.session, "scalar", first_read_sees_no_holder)  # Boris read before Anna sat
    with pytest.raises(store.SeatTaken):
        store.take_seat(game, "even", "device-boris-00001")
    monkeypatch.undo()
    assert store.seating(game) == {"even": ("device-anna-000001", "")}


def test_a_game_file_with_a_label_that_cannot_be_shown_is_still_shown(game):
    from companion.rules.base import Text
    assert Text.from_json({"msgid": "{missing} arrived", "params": {}}).render() == "{missing} arrived"
    assert Text("{n} die", {"n": "many"}, plural="{n} dice").render() == "many die"  # no count: the singular
