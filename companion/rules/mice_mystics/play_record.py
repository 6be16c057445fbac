"""A Mice and Mystics chapter as a play log keeps it (BG Stats, BoardGameGeek): the chapter, each mouse with the
player who plays it, and the party's result: the mice win or lose together."""
from __future__ import annotations

from ..base import Text
from .catalogue import chapter_title, mouse_name
from .chapter_end import RESULTS
from .seating import seat_of
from .upgrade import upgrade


def play_record(state: dict) -> dict:
    """GameKind.play_record: one entry per mouse, named by its player when the party named them (else by the
    mouse), with the mouse's turns, no score (the game keeps none), each a winner when the chapter is won."""
    state = upgrade(state)
    outcome = state["outcome"]
    story_chapter = state["chapter_setup"].get("story_chapter")
    return {"finished": state["finished"], "rounds": state["round"],
            "played": {"id": story_chapter, "name": chapter_title(state["chapter_name"], story_chapter)},
            "result": {"id": outcome, "name": Text(RESULTS[outcome])} if outcome else None,
            "players": [{"seat": seat_of(state, mouse["id"]),
                         "name": mouse["controller"] or mouse_name(state, mouse["id"]),
                         "as": {"id": mouse["id"], "name": mouse_name(state, mouse["id"])},
                         "turns_of": mouse["id"], "score": None,
                         "winner": outcome == "victory" if outcome else None} for mouse in state["mice"]]}
