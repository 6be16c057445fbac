"""How a game went, from its history, for its summary and its play record: each round's time, each seat's
turns, and what the kind's chart follows round by round (rules/course.py over the changes that stand)."""
from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal
from flask_babel import get_locale, gettext as _

from ..rules.course import by_round, course, part_begins, turn_figures
from ..rules.mage_knight.fame import LEVEL_THRESHOLDS
from ..rules.mice_mystics.campaign_course import campaign_course
from ..storage import store
from ..storage.models import Game
from .charts import grouped_bars, line_chart
from .i18n import translate


def course_of(game: Game) -> dict[str, Any]:
    """How the part of the game being played went (GameKind.part_of: the whole game; Mice and Mystics the
    campaign's chapter under way or just ended), from the changes made in it: {"rounds": [{"round", "seconds"}],
    "turns": {seat: figures}, "by_round": [{"round", "figures"}], "start": the figures as the part began,
    "tallies": {round: {tally: n}} (GameKind.course_tallies), "began": when it began (the change that began it,
    else the set-up), "states": every state that stands, of every part, oldest first, the game as it is now
    last}."""
    kind = store.kind_of(game)
    kept = store.kept_changes(game)
    states = [*(change.state_before or {} for change in kept), game.state]
    begins = part_begins(states[:-1], game.state, kind.part_of)
    began = kept[begins - 1].at if begins else game.created_at
    run = course([(change.at.timestamp(), change.state_before or {}) for change in kept[begins:]],
                 began.timestamp(), kind.round_of, kind.turn_of)
    part = states[begins:]
    return {"rounds": run["rounds"], "turns": {seat: turn_figures(times) for seat, times in run["turns"].items()},
            "by_round": by_round(part, kind.round_of, kind.course_figures), "states": states, "began": began,
            "start": kind.course_figures(part[0]), "tallies": kind.course_tallies(part)}


def fame_chart(went: dict[str, Any], names: dict[str, str], palette: str, label: str, width: int = 360,
               height: int = 240) -> Any:
    """Mage Knight: each player's Fame at the end of each round, the grid at the levels' Fame; `width` and
    `height`, the drawing's size in its own units (line_chart)."""
    return line_chart(_from_the_start(went, names), palette, label, y_ticks=LEVEL_THRESHOLDS, width=width,
                      height=height)


def parts_chart(parts: dict, names: dict[str, str], palette: str, label: str) -> Any:
    """Mage Knight: the score's parts (rules/mage_knight/score_parts.py `score_parts`), a group of bars per part,
    a bar per column (`names`: each one's name)."""
    return grouped_bars([(_(part["name"]), part["values"]) for part in parts["parts"]],
                        {column: names[column] for column in parts["columns"]}, palette, label)


def chapter_chart(went: dict[str, Any], names: dict[str, str], palette: str, label: str, width: int = 360,
                  height: int = 240) -> Any:
    """Mice and Mystics: the hourglass's page against the end marker, and the cheese on the wheel, by round;
    `names` says each line's name for "page", "end" and "cheese"; `width` and `height` as for fame_chart."""
    return line_chart(_from_the_start(went, names), palette, label, width=width, height=height)


def campaign_of(went: dict[str, Any]) -> list[dict[str, Any]]:
    """Mice and Mystics: the campaign's chapters so far (rules/mice_mystics/campaign_course.py)."""
    return campaign_course(went["states"])


def campaign_chart(chapters: list[dict[str, Any]], palette: str, label: str) -> Any:
    """Mice and Mystics: each mouse's ability cards at each chapter's end, a line per mouse."""
    names = chapters[-1]["names"] if chapters else {}
    series = {translate(name): [(c["chapter"], c["cards"][mouse]) for c in chapters if mouse in c["cards"]]
              for mouse, name in names.items()}
    return line_chart(series, palette, label)


def _from_the_start(went: dict[str, Any], names: dict[str, str]) -> dict[str, list[tuple[int, int]]]:
    """A line per named figure: at 0 as the game was set up (a game of one round still draws a line), then at
    each round's end."""
    return {name: [(0, went["start"][key]), *((r["round"], r["figures"][key]) for r in went["by_round"]
                                               if key in r["figures"])]
            for key, name in names.items() if key in went["start"]}


def minutes(seconds: float | None, locale: str | None = None) -> str:
    """Seconds as the summaries and the play record's CSV show them: minutes to a tenth, from whole seconds, in
    the page's language ("2.5", «2,5») or `locale`'s; "" for none."""
    if seconds is None:
        return ""
    return format_decimal(round(seconds) / 60, format="0.0", locale=locale or get_locale() or "en")


def under_way(game: Game) -> dict[str, Any]:
    """When the current turn and the current round began, for the group screen's turn time: {"turn", "round"},
    each the time of the change that stands and brought the game into this turn (this round), the game's
    start if none did, or None when the game is in nobody's turn (no round). A change made in another part of
    the game (GameKind.part_of: a Mice and Mystics campaign's chapter before, which may have ended in round 1
    too) began this part's round 1 and its first turn."""
    kind = store.kind_of(game)
    holder, number, part = kind.turn_of(game.state), kind.round_of(game.state), kind.part_of(game.state)
    turn = round_ = None
    for change in store.kept_changes_newest_first(game):  # the latest one that moved the game on counts
        before = change.state_before or {}
        if kind.part_of(before) != part:  # the change that began this part: nothing before it counts
            round_, turn = round_ or change.at, turn or change.at
            break
        if round_ is None and kind.round_of(before) != number:
            round_ = change.at
        if turn is None and (kind.turn_of(before) != holder or round_ is not None):
            turn = change.at
        if (turn is not None or holder is None) and (round_ is not None or number is None):
            break
    return {"turn": (turn or game.created_at) if holder is not None else None,
            "round": (round_ or game.created_at) if number is not None else None}
