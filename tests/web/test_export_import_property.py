"""Property (issue 24, point 2): whatever the app writes, it reads back.

Hypothesis plays random games of both kinds through the store — every action the kinds offer (their views'
`actions`, as the Mage Knight and Mice and Mystics walkers of tests/web/test_undo_property.py), the ones
needing typed input (a story achievement's name, a new chapter's minions, an encounter card, the ambush
die, a score sheet's several counts) and undo at random points — then downloads the game's file as a
player does and imports it: the new game has the same state and the same history, to every label, notice,
param and step of the undo chain. Seeded (derandomized) and bounded; see SIZE.
"""
from __future__ import annotations

import random

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.storage import store
from companion.storage.models import Event, Game, db
from companion.rules.mage_knight.actions import ACTIONS as MK_ACTIONS
from companion.rules.mice_mystics.actions import ACTIONS as MM_ACTIONS
from companion.rules.base import MAX_TEXT_NESTING, RuleError
from tests.conftest import make_app
from tests.web import test_undo_property as walked
from tests.web.test_export_import import exported_and_imported, game_and_history
from tests.web.test_undo_property import GAMES as WALKED, mk_choices

# 30 games of 20 to 40 steps (about 10 s of one core). They play 16 of Mage Knight's 22 actions and 19 of
# Mice and Mystics' 22, and undo in both; the rarest (a round's end, the next round's preparation, a level,
# a surge answered, a finished action, Mana Search, Long Night) come in the directed games below and in
# tests/web/test_export_import.py.
SIZE = {"examples": 30, "steps": 40}
DEVICE = store.DeviceRef("property-device-02", "Аня's ☕ phone")
ACTIONS = {"mage_knight": MK_ACTIONS, "mice_mystics": MM_ACTIONS}
LIST_LINKS = {"{first}, {rest}", "{item}"}
# Corrections and side notes, offered at every moment: drawn one time in five.
ASIDE = {"change_fame", "set_core_tile_revealed", "monastery_revealed", "set_monasteries", "mark_scenario_end",
         "set_dice_mode", "adjust_dummy", "flip_token", "set_mines", "mouse_cheese", "capture_mouse",
         "move_end_marker", "earn_achievement", "set_encounter_card", "add_cheese", "remove_cheese"}


def mk_typed(game) -> list[tuple[str, dict]]:
    """A score sheet filled in at once (several counts in one change), and the group's counts."""
    if game.state["phase"] != "finished":
        return []
    return ([("enter_score", {"player": p["id"], "spells": 2, "artifacts": 1, "crystals": 3, "wounds": 1})
             for p in game.state["players"]] + [("enter_score_facts", {"cities_total": 2, "dummy_deck": 3})])


def mm_choices(game) -> list[tuple[str, dict]]:
    """What the view offers, and what needs typed input (the view leaves those out)."""
    state = game.state
    offered = [(a["action"], a["params"]) for a in store.kind_of(game).view(state)["actions"]]
    mice = [m["id"] for m in state["mice"]]
    types = sorted(state["minion_types"])
    bosses = [c["card"] for c in state["initiative_track"]
              if c["kind"] == "minion" and state["minion_types"][c["minion"]]["boss"]]
    typed = [("earn_achievement", {"achievement": "story", "name": "Miz Maggie", "moves_marker": "1"}),
             ("earn_achievement", {"achievement": "story", "name": "Кольцо"}),
             ("minions_arrive", {"minion_type": types[:2], "minion_count": ["2", "1"][:len(types[:2])],
                                 "source": "encounter", "ambush": True, "die": [2, 3]}),
             ("resolve_surge", {"room_surge": "yes", "minion_type": types[:1], "minion_count": ["1"], "die": [1]}),
             ("set_encounter_card", {"name": "Kitchen", "row_pages": ["1-2", "3-4", "5+"],
                                     "row_minions": ["roaches=1", "spider=1", "rat_warriors=2,roaches=1"]}),
             ("next_chapter", {"chapter_end_page": 5, "minion_type": ["roaches", "spider"], "minion_count": ["2", "1"],
                               f"search_card_{mice[0]}": "Tinder"})]
    typed += [("wound_boss", {"card": card, "n": 1, "life": 5}) for card in bosses]
    return offered + typed


GAMES = {**{name: (kind, setup, mm_choices if kind == "mice_mystics" else lambda g: mk_choices(g) + mk_typed(g))
            for name, (kind, setup, _) in WALKED.items()},
         "mage_knight_three_one_round": ("mage_knight", {
             "player_name": ["Anna", "Boris", "Chen"], "hero": ["tovak", "goldyx", "krang"], "scenario": "custom",
             "mode": "competitive", "round_limit": "1"}, lambda g: mk_choices(g) + mk_typed(g)),
         "mage_knight_solo_two_rounds": ("mage_knight", {
             "player_name": ["Anna"], "hero": ["tovak"], "scenario": "custom", "mode": "solo", "round_limit": "2",
             "dice_mode": "table"}, lambda g: mk_choices(g) + mk_typed(g)),
         "mice_mystics_six": ("mice_mystics", {"mouse": ["collin", "lily", "nez", "filch", "maginos", "tilda"],
                                               "minion_type": ["roaches", "captain_vurst"], "minion_count": ["2", "1"]},
                              mm_choices)}


def nesting(message: dict) -> int:
    """How deep a message nests besides its lists (each item of a list one deeper: "{first}, {rest}")."""
    deepest = 0
    for key, value in (message.get("params") or {}).items():
        if isinstance(value, dict):
            along = message["msgid"] in LIST_LINKS and key in ("rest", "item")
            deepest = max(deepest, nesting(value) + (0 if along else 1))
    return deepest


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("roundtrip") / "roundtrip.db")
    with app.app_context():
        yield app


PLAYED: set[tuple[str, str]] = set()  # (kind, action) applied in the examples run so far


@settings(max_examples=SIZE["examples"], deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["mage_knight", "mice_mystics"]).flatmap(  # each kind as often, then one of its games
    lambda kind: st.sampled_from(sorted(name for name, game in GAMES.items() if game[0] == kind))),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def play_export_and_import(app, name, seed, data):
    kind, setup, choices = GAMES[name]
    rng = random.Random(seed)
    game = store.create_game(kind, setup, f"Round trip: {name}", rng)
    undoable, played = 0, set()
    for _ in range(data.draw(st.integers(SIZE["steps"] // 2, SIZE["steps"]), label="steps")):
        if undoable and data.draw(st.integers(0, 3), label="undo?") == 0:
            store.undo(game, game.version, DEVICE)
            undoable -= 1
            PLAYED.add((kind, store.UNDO))
            continue
        offered = choices(game)
        if not offered:
            break
        # Mostly what moves the game on (else the many small corrections would crowd it out), and often an
        # action this game has not played yet (else the rare ones would hardly ever come).
        main = [choice for choice in offered if choice[0] not in ASIDE]
        pool = main if main and data.draw(st.integers(0, 4), label="aside?") else offered
        fresh = [choice for choice in offered if choice[0] not in played]
        if fresh and data.draw(st.booleans(), label="fresh?"):
            pool = fresh
        # An action by its name first, then its params: the many variants of one (a minion card each, say)
        # do not crowd the others out.
        action = data.draw(st.sampled_from(sorted({choice[0] for choice in pool})), label="action")
        params = data.draw(st.sampled_from([p for a, p in pool if a == action]), label="params")
        try:
            store.apply_action(game, action, params, game.version, DEVICE, rng)
        except RuleError:
            continue
        undoable += 1
        played.add(action)
        PLAYED.add((kind, action))
    written = db.session.scalars(sa.select(Event).where(Event.game_id == game.id)).all()
    for event in written:  # the rules stay within what a file may hold (rules/base.py MAX_TEXT_NESTING)
        assert all(nesting(m) <= MAX_TEXT_NESTING for m in [event.label, *event.notices]), event.label
    client = app.test_client()
    exported = client.get(f"/g/{game.code}/export")  # the file a player downloads
    assert exported.status_code == 200
    response = client.post("/api/import", data=exported.get_data(), content_type="application/json")
    assert response.status_code == 201, (name, response.get_json())
    assert game_and_history(app, response.get_json()["code"]) == game_and_history(app, game.code)


def test_every_game_played_and_undone_imports_back_as_the_same_game(app):
    PLAYED.clear()
    play_export_and_import(app)  # Hypothesis runs its examples
    for kind, actions in ACTIONS.items():  # the walks reach far into both games (see SIZE for how far)
        played = {action for played_kind, action in PLAYED if played_kind == kind}
        assert store.UNDO in played and len(played & set(actions)) >= len(actions) * 2 // 3, sorted(played)


def test_every_mage_knight_action_applied_and_undone_one_by_one_imports_back(app):
    """The directed Mage Knight walks of tests/web/test_undo_property.py (the Dummy, a flipped token, the
    round's end and the next preparation, Darkness is Coming, mines, the score sheet), each game round-tripped."""
    made_before = set(db.session.scalars(sa.select(Game.code)))
    walked.test_undo_of_each_new_mage_knight_action_restores_the_exact_previous_state(app)
    walked.test_undo_of_set_mines_restores_the_exact_previous_state(app)
    made = set(db.session.scalars(sa.select(Game.code))) - made_before
    assert len(made) == 2
    for code in made:
        exported_and_imported(app.test_client(), app, code)
