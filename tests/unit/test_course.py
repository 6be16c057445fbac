"""rules/course.py: the time each round took and each seat's turns, from the changes that stand."""
from __future__ import annotations

from companion.rules.course import course, turn_figures


def state(round_: int, turn: str | None) -> dict:
    return {"round": round_, "turn": turn}


def run(changes):
    return course(changes, 0.0, lambda s: s["round"], lambda s: s["turn"])


def test_time_before_a_change_is_its_round_s_and_its_turn_s():
    result = run([(60, state(1, None)),    # a pick: round 1's, nobody's turn
                  (100, state(1, "a")),    # a's turn: 40 s
                  (130, state(1, "a")),    # still a's: 30 s more, its end
                  (200, state(1, "b")),    # b's turn: 70 s
                  (260, state(2, None)),   # the round's end and the next round's start
                  (300, state(2, "a"))])   # a's next turn: 40 s
    assert result["rounds"] == [{"round": 1, "seconds": 200}, {"round": 2, "seconds": 100}]
    assert result["turns"] == {"a": [70, 40], "b": [70]}


def test_a_turn_after_nobody_s_moment_is_a_new_turn_of_the_same_seat():
    """Solo: the player, the Dummy (nobody's turn to the course), the player again: two turns."""
    result = run([(10, state(1, "a")), (20, state(1, None)), (50, state(1, "a"))])
    assert result["turns"] == {"a": [10, 30]}


def test_a_change_dated_before_the_one_ahead_of_it_takes_no_negative_time():
    assert run([(10, state(1, "a")), (5, state(1, "a"))])["turns"] == {"a": [10]}


def test_turn_figures_are_the_count_the_median_and_the_longest():
    assert turn_figures([30, 10, 20, 100]) == {"count": 4, "median_seconds": 25, "longest_seconds": 100}
    assert turn_figures([]) == {"count": 0, "median_seconds": None, "longest_seconds": None}


def test_by_round_keeps_what_the_last_state_of_each_round_says():
    from companion.rules.course import by_round
    states = [{"round": 1, "fame": 0}, {"round": 1, "fame": 4}, {"round": 2, "fame": 6}, {"round": 1, "fame": 5},
              {"round": 2, "fame": 9}]  # an undo back into round 1 leaves round 1's last word to its last state
    assert by_round(states, lambda s: s["round"], lambda s: {"fame": s["fame"]}) == [
        {"round": 1, "figures": {"fame": 5}}, {"round": 2, "figures": {"fame": 9}}]


def test_the_part_the_game_is_in_begins_after_the_last_change_made_in_another():
    """A campaign's chapters, each from round 1: the course of the chapter being played is that of the changes
    made in it, timed from the change that began it (made in the chapter before)."""
    from companion.rules.course import part_begins
    states = [{"chapter": 1, "round": 1}, {"chapter": 1, "round": 2}, {"chapter": 1, "round": 2},  # the last: Next
              {"chapter": 2, "round": 1}, {"chapter": 2, "round": 2}]
    part_of = lambda s: s["chapter"]  # noqa: E731
    assert part_begins(states, {"chapter": 2, "round": 2}, part_of) == 3
    assert part_begins(states[:3], {"chapter": 2, "round": 1}, part_of) == 3  # begun, nothing made in it yet
    assert part_begins(states[:2], {"chapter": 1, "round": 2}, part_of) == 0
    assert part_begins(states, {"chapter": 2}, lambda s: None) == 0  # a kind whose game is one part: all of it


def test_a_mice_and_mystics_state_is_in_its_campaign_s_chapter_and_a_mage_knight_game_is_one_part():
    import random

    from companion.rules.mage_knight import KIND as MAGE_KNIGHT
    from companion.rules.mice_mystics import KIND
    first = KIND.new_state(KIND.parse_setup({"mouse": ["lily", "nez"]}), random.Random(0))
    won = KIND.apply(first, "mark_victory", {}, random.Random(0)).state
    second = KIND.apply(won, "next_chapter", {"replay": "yes"}, random.Random(0)).state
    assert [KIND.part_of(state) for state in (first, won, second)] == [1, 1, 2]
    setup = {"player_name": ["Anna"], "hero": ["tovak"], "scenario": "solo_conquest"}
    game = MAGE_KNIGHT.new_state(MAGE_KNIGHT.parse_setup(setup), random.Random(0))
    assert MAGE_KNIGHT.part_of(game) == MAGE_KNIGHT.part_of({**game, "round": 3})


def test_the_same_holder_s_turn_in_the_next_round_is_a_new_turn():
    """A card on the Mice and Mystics track last in a round and first in the next (or the only one): two turns."""
    assert run([(10, state(1, "a")), (30, state(2, "a"))])["turns"] == {"a": [10, 20]}
