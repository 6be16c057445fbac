"""The course of a game from its history: how long each round took, and each seat's turns — how many, the
median and the longest. Plain data in: the changes that stand (those no undo took back), oldest first, each
as the time it was made and the state it was made on; the kind says which round and whose turn a state is
in (GameKind.round_of, GameKind.turn_of).

Time between two changes belongs to the later one: the table spent it reaching that change, in the round and
the turn it was made in (an undone change's time too: it went into the change that replaced it).

A game may be played in parts, each numbered from round 1 again (a Mice and Mystics campaign's chapters,
GameKind.part_of): a part's course is that of the changes made in it, timed from the change that began it."""
from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any

Change = tuple[float, dict]  # (seconds since any fixed moment, the state it was made on)


def course(changes: Sequence[Change], started: float, round_of: Callable[[dict], int | None],
           turn_of: Callable[[dict], str | None]) -> dict[str, Any]:
    """{"rounds": [{"round", "seconds"}] in order, "turns": {holder: [seconds of each turn, in order]}}.
    A turn is a run of changes made in the same round in the same holder's turn (`turn_of`); its time runs from
    the change before the run (the end of whatever came before) to the run's last change."""
    rounds: dict[int, float] = {}
    turns: dict[str, list[float]] = {}
    before, current = started, None
    for at, state in changes:
        spent = max(0.0, at - before)
        number = round_of(state)
        if number is not None:
            rounds[number] = rounds.get(number, 0.0) + spent
        holder = turn_of(state)
        if holder is not None and (number, holder) == current:
            turns[holder][-1] += spent
        elif holder is not None:
            turns.setdefault(holder, []).append(spent)
        current, before = (number, holder), at
    return {"rounds": [{"round": n, "seconds": rounds[n]} for n in sorted(rounds)], "turns": turns}


def turn_figures(turns: Sequence[float]) -> dict[str, Any]:
    """How many turns, the median and the longest, in seconds (None without any)."""
    return {"count": len(turns), "median_seconds": statistics.median(turns) if turns else None,
            "longest_seconds": max(turns) if turns else None}


def by_round(states: Sequence[dict], round_of: Callable[[dict], int | None],
             figures: Callable[[dict], dict[str, Any]]) -> list[dict[str, Any]]:
    """What `figures` reads of the game at the end of each round, in order: from the last of `states` (the
    states that stand, oldest first, the game as it is now last) in that round. [{"round", "figures"}]."""
    ends: dict[int, dict[str, Any]] = {}
    for state in states:
        number = round_of(state)
        if number is not None:
            ends[number] = figures(state)
    return [{"round": n, "figures": ends[n]} for n in sorted(ends)]


def part_begins(states: Sequence[dict], now: dict, part_of: Callable[[dict], Any]) -> int:
    """Where the part of the game `now` is in begins among `states` (those the changes that stand were made on,
    oldest first): the index of the first change made in it, after the last one made in another part (the change
    that began it); len(states) when nothing has been made in it yet."""
    part = part_of(now)
    begins = 0
    for index, state in enumerate(states):
        if part_of(state) != part:
            begins = index + 1
    return begins
