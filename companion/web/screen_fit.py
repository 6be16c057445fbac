"""How much room players' words take on the group screen. The kiosk never scrolls: where their words run long,
it takes another layout (its CSS), chosen from these counts as the screen is drawn."""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask

from .i18n import _gettext

LINE_LETTERS = 90  # a full-width line of the group screen holds about this many letters
WORDY_TITLES = 8  # lines of titles that push a Mage Knight score off a lying tablet
UNKNOWN_NAME = 10  # letters counted for a holder the screen does not name


def title_lines(titles_won: Iterable[Mapping[str, Any]], title_names: Mapping[str, str],
                players: Iterable[Mapping[str, Any]]) -> int:
    """The full-width lines a Mage Knight score's titles take: each title's name in the page's language, then
    its holders' names (all of them when tied). Four players' full names with every title tied took 8-14 lines
    (the walk of 2026-12-05): then the titles stand beside the table (mks-score-wordy)."""
    names = {player["id"]: player["name"] for player in players}
    lines = 0
    for won in titles_won:
        letters = len(_gettext(title_names[won["title"]])) + 10
        for holder in won["holders"]:
            letters += (len(names[holder["player"]]) if holder["player"] in names else UNKNOWN_NAME) + 5
        lines += math.ceil(letters / LINE_LETTERS)
    return lines


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(title_lines=title_lines, WORDY_TITLES=WORDY_TITLES)
