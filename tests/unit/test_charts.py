"""The summaries' charts (web/charts.py) as drawn: every line inside its plot."""
from __future__ import annotations

import re

from companion.rules.mage_knight.fame import LEVEL_THRESHOLDS
from companion.web.charts import line_chart


def heights(svg: str) -> list[float]:
    """The y of every point of every line drawn (leather: a path per line, 'M x y L x y …'; 0 is the plot's top)."""
    return [float(y) for d in re.findall(r'<path [^>]*\bd="([^"]+)"', svg)
            for y in re.findall(r"[ML] [-\d.]+ ([-\d.]+)", d)]


def test_fame_past_the_last_level_stays_inside_the_plot():
    """Fame 100 is past the last level's line (71): the scale ran to 71 and the line out of the plot, over the
    legend (bench.summary_shots, a three-round game on the group screen)."""
    svg = line_chart({"Anna": [(0, 0), (1, 31), (2, 100)], "Boris": [(0, 0), (1, 22), (2, 48)]}, "day",
                     "Fame by round", y_ticks=LEVEL_THRESHOLDS)
    drawn = heights(svg)
    assert len(drawn) == 6
    assert min(drawn) >= 0


def test_fame_within_the_levels_keeps_the_next_level_as_its_top():
    svg = line_chart({"Anna": [(0, 0), (1, 10)]}, "day", "Fame by round", y_ticks=LEVEL_THRESHOLDS)
    assert ">14<" in svg and ">21<" not in svg  # up to 10, and the next level's line above it
    assert min(heights(svg)) > 0
