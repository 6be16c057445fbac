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


def y_labels(svg: str) -> list[tuple[str, float]]:
    """The y axis's labels as drawn, bottom first: (text, y in the drawing's units)."""
    axis = svg[svg.index('class="axis left"'):]
    found = [(text, float(y)) for y, text in re.findall(r'<text [^>]*\by="([-\d.]+)"[^>]*>([^<]*)</text>', axis)]
    return sorted(found, key=lambda label: -label[1])


def test_the_level_lines_labels_never_overlap_at_a_high_fame():
    """Fame 100: the levels 0, 3 and 8 sat within a label's height of each other (bench.summary_shots, phone and group
    screen): a level's label is left out where the one below it stands too close; the grid keeps the top one."""
    svg = line_chart({"Anna": [(0, 0), (1, 40), (2, 100)]}, "day", "Fame by round", y_ticks=LEVEL_THRESHOLDS)
    labels = y_labels(svg)
    assert labels[-1][0] == "100" and len(labels) >= 4
    assert all(lower - upper >= 15 for (_, lower), (_, upper) in zip(labels, labels[1:])), labels


def test_counts_are_marked_in_whole_numbers():
    """Pages and cheese count in whole numbers: the chapter's chart marked 2.5 and 7.5 pages; a campaign whose mice
    all had one ability card ran 0 to 0.75, its line on the top edge without a label."""
    chapter = line_chart({"Page": [(0, 1), (1, 3), (2, 5), (3, 7)], "End": [(0, 7), (3, 7)]}, "day", "The chapter")
    assert [text for text, _ in y_labels(chapter)] == ["0", "2", "4", "6", "8"]
    campaign = line_chart({"Lily": [(1, 1), (2, 1)], "Nez": [(1, 1), (2, 1)]}, "day", "The campaign")
    assert [text for text, _ in y_labels(campaign)] == ["0", "1", "2"]
    assert max(heights(campaign)) == min(heights(campaign)) > 0  # on the line marked 1, inside the plot


def test_each_line_has_its_own_dash_and_its_legend_shows_that_dash_not_a_colour_square():
    """Colour is never the only signal (DESIGN.md): the walk of 2026-12-05 found a chapter's hourglass, end
    marker and wheel, and the players' Fame by round, told apart by colour alone."""
    names = ["Anna", "Boris", "Chen", "Dana", "Eve"]
    svg = str(line_chart({name: [(0, i), (1, i + 1)] for i, name in enumerate(names)}, "night", "Fame by round"))
    lines = re.findall(r'<path [^>]*>', svg)
    pieces = re.findall(r'<line x1="0" x2="34" [^>]*>', svg)  # the legend's (the grid's lines are axis-long)
    dash = re.compile(r'stroke-dasharray="([^"]+)"')
    line_dashes = [(dash.search(p) or [None, "none"])[1] for p in lines]
    piece_dashes = [(dash.search(p) or [None, "none"])[1] for p in pieces]
    assert len(set(line_dashes)) == len(names), line_dashes  # each its own
    assert piece_dashes == line_dashes  # the legend names each by its own dash, in the same order
