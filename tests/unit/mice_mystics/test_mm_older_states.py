"""A game saved before the chapter summary and the campaign (an update mid-chapter, an old export) plays on."""
import copy
import random

import pytest

from companion.rules.base import RuleError
from companion.rules.mice_mystics import KIND

NEW_KEYS = ("achievements", "chapters", "chapter_setup")
NEW_MOUSE_KEYS = ("cheese_gained", "captures", "search_card")


def older(state):
    old = copy.deepcopy(state)
    for key in NEW_KEYS:
        del old[key]
    for mouse in old["mice"]:
        for key in NEW_MOUSE_KEYS:
            del mouse[key]
    return old


def test_an_older_state_passes_the_check_shows_and_plays_on(table):
    old = older(table.act(table.setup(), "mouse_cheese", mouse="lily", delta="2").state)
    kept = copy.deepcopy(old)
    KIND.check_state(old)
    assert KIND.view(old)["summary"] is None
    out = KIND.apply(old, "capture_mouse", {"mouse": "nez"}, None)
    assert old == kept  # never changed in place: undo gives back exactly what was saved
    assert table.mouse(out.state, "nez")["captures"] == 1
    KIND.check_state(out.state)
    won = KIND.apply(out.state, "mark_victory", {}, None).state
    assert won["chapters"][-1]["result"] == "victory"


def test_an_older_finished_chapter_gets_its_summary(table):
    old = older(table.act(table.setup(), "mark_victory").state)
    KIND.check_state(old)
    assert KIND.view(old)["summary"]["result"] == "victory"
    replay = KIND.apply(old, "next_chapter", {"replay": "yes"}, random.Random(0)).state
    assert replay["chapters"][0]["result"] == "victory"
    assert replay["chapter_setup"]["minions"] == []  # its starting minions were never kept: the group adds them


def test_an_older_state_with_a_bad_mouse_is_still_refused(table):
    old = older(table.setup())
    old["mice"][0]["cheese"] = "3"
    with pytest.raises(RuleError):
        KIND.check_state(old)


def test_a_chapter_summary_kept_before_its_story_chapter_plays_on_named_as_it_was(table):
    won = table.act(table.setup(chapter_name=""), "mark_victory").state
    old = copy.deepcopy(won)
    del old["chapters"][0]["story_chapter"]
    KIND.check_state(old)
    assert KIND.view(old)["campaign"][0]["title"].msgid == "The chapter"
    on = KIND.apply(old, "next_chapter", {"replay": "yes"}, random.Random(0)).state
    assert on["chapters"][0]["story_chapter"] is None


def test_a_summary_naming_a_story_chapter_the_app_does_not_know_is_refused(table):
    won = table.act(table.setup(), "mark_victory").state
    won["chapters"][0]["story_chapter"] = "9"
    with pytest.raises(RuleError):
        KIND.check_state(won)
