"""A game's live token: what a device last saw of it, as the watcher, the store and the live requests share it."""
from __future__ import annotations

import pytest

from companion.storage.changes import GONE, LiveToken, read_token
from companion.live.watch import newer, same


def test_a_token_is_written_as_version_dot_seating_and_read_back():
    assert str(LiveToken(7, 2)) == "7.2"
    assert read_token("7.2") == LiveToken(7, 2) and read_token("7") == LiveToken(7, 0)
    assert read_token("gone") is GONE and str(GONE) == "gone"
    with pytest.raises(ValueError):
        read_token("7.x")


def test_tokens_order_as_the_game_moved_on_and_a_deleted_game_stays_deleted():
    assert newer(LiveToken(8, 0), LiveToken(7, 5)) and newer(LiveToken(7, 3), LiveToken(7, 2))
    assert not newer(LiveToken(7, 2), LiveToken(7, 2)) and not newer(LiveToken(6, 9), LiveToken(7, 0))
    # "10.0" after "9.0": ordered as numbers, not as the text is
    assert newer(LiveToken(10, 0), LiveToken(9, 0))
    assert newer(GONE, LiveToken(99, 9)) and not newer(LiveToken(100, 0), GONE) and not newer(GONE, GONE)


def test_a_script_asks_by_version_alone_a_page_by_the_whole_token():
    assert same(LiveToken(7, 2), "7") and same(LiveToken(7, 2), "7.2")
    assert not same(LiveToken(7, 2), "7.1") and not same(LiveToken(7, 2), "8") and not same(GONE, "gone")
