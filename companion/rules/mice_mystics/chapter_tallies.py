"""What happened in each round of a chapter, for its summary (issue 44): the surges, the captures, the rescues and
the minion cards defeated, read from the states that stand (the changes no undo took back), a change at a time.

A change counts in the round it was made in (rules/course.py's rule), each state compared with the next:
- a capture: a mouse's capture count went up (the Scaper's third capture too, which also rescues it at once);
- a rescue: a captured mouse is free again (its turn came with no minions on the board), or the Scaper's third
  capture;
- a surge: the hourglass moved a page that no capture moved (only a surge and a capture move it, MM-CHZ-3, MM-CAP-1);
- a minion card defeated: a minion or boss card left the initiative track (its last figure went, or the boss card's
  last wound; MM-INI-6) — nothing else takes a card off the track within a chapter.
Only the last chapter's changes count: a campaign's earlier chapters have summaries of their own."""
from __future__ import annotations

from collections.abc import Sequence

from .upgrade import upgrade

TALLIES = ("surges", "captures", "rescues", "minion_cards_defeated")


def chapter_number(state: dict) -> int:
    """The campaign's chapter a state is in (campaign_course.py's count): a chapter ends in its own number."""
    return len(state["chapters"]) + (0 if state["finished"] else 1)


def chapter_of(state: dict) -> int:
    """GameKind.part_of: a campaign's chapter, a state of any age."""
    return chapter_number(upgrade(state))


def what_changed(before: dict, after: dict) -> dict[str, int]:
    """One change's tallies, from the state it was made on and the state it left (both of one chapter)."""
    mice_before = {mouse["id"]: mouse for mouse in before["mice"]}
    captures = rescues = 0
    for mouse in after["mice"]:
        was = mice_before.get(mouse["id"])
        if was is None:
            continue
        captured_again = mouse["captures"] - was["captures"]
        captures += captured_again
        if was["captured"] and not mouse["captured"]:
            rescues += 1
        elif captured_again and not was["captured"] and not mouse["captured"]:
            rescues += 1  # the Scaper, rescued at once (MM-CMP-6)
    cards_after = {card["card"] for card in after["initiative_track"]}
    defeated = sum(1 for card in before["initiative_track"]
                   if card["kind"] == "minion" and card["card"] not in cards_after)
    surges = max(0, after["hourglass_page"] - before["hourglass_page"] - captures)
    return {"surges": surges, "captures": captures, "rescues": rescues, "minion_cards_defeated": defeated}


def chapter_tallies(states: Sequence[dict]) -> dict[int, dict[str, int]]:
    """{round: {tally: n}} for the last chapter of `states` (the states that stand, oldest first, the game as it
    is now last); a round in which nothing was counted is absent."""
    states = [upgrade(state) for state in states]
    if not states:
        return {}
    chapter = chapter_number(states[-1])
    rounds: dict[int, dict[str, int]] = {}
    for before, after in zip(states, states[1:]):
        if chapter_number(before) != chapter or chapter_number(after) != chapter:
            continue
        counted = what_changed(before, after)
        if any(counted.values()):
            tally = rounds.setdefault(before["round"], dict.fromkeys(TALLIES, 0))
            for key, n in counted.items():
                tally[key] += n
    return rounds
