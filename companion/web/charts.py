"""The summaries' charts, drawn on the server as SVG by leather (chosen by measurement: a four-line chart is
4.6 KB, 0.9 KB gzipped, in 4 ms, where pygal gave 22.8 KB with an inline script and matplotlib 17.6 KB in 73 ms
and 80 MB of packages): no JavaScript is needed to see them. In the game's palette by Day and Night and the
page's typeface; a chart goes in a <figure> with its title and its numbers as a table (macros.html `chart`)."""
from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

import leather
from markupsafe import Markup

# The app's own palettes (static/css/app.css): ink, muted ink, grid, then a colour per line, told apart by
# lightness too; the legend names each, and the figure's table gives every number without colour.
PALETTES = {
    "day": {"ink": "#221b14", "muted": "#5c5044", "grid": "#cdbfa6",
            "lines": ("#7d2e10", "#1f5fa8", "#2f7d32", "#8a5a00", "#6b2f8f")},
    "night": {"ink": "#ece6da", "muted": "#b5aea0", "grid": "#3c4150",
              "lines": ("#ffb38a", "#a9c4ff", "#9be39f", "#ffd76a", "#e2b3ff")},
}
FONT = "Fira Sans, sans-serif"
_SIZE = re.compile(r'<svg width="(\d+)" height="(\d+)"')
# leather 0.4 shifts the legend right by the y axis's labels but wraps it at the drawing's whole width: beside long
# labels ("Искатель приключений", 168 units) its last names ran past the edge and were cut. The legend (the first
# group in the margins) starts at the margin's edge instead.
_LEGEND = re.compile(r'(<g transform="translate\(\d+ \d+\)"><g) transform="translate\([\d.]+ 0\)"')


def line_chart(series: Mapping[str, Sequence[tuple[int, int]]], palette: str, label: str,
               y_ticks: Sequence[int] | None = None, width: int = 360, height: int = 240) -> Markup:
    """Lines of (x, y) points, one per name, each x a tick, as inline SVG that fits its box; `y_ticks`, the
    grid's lines (those up to the highest point and one above it); `label`, what it shows, is read in its
    place."""
    colours = PALETTES.get(palette, PALETTES["day"])
    _theme(colours)
    chart = leather.Chart()
    xs = [x for points in series.values() for x, _ in points]
    ys = [y for points in series.values() for _, y in points]
    if y_ticks is not None:
        shown = [tick for tick in y_ticks if tick <= max(ys, default=0)]
        # The next line above the highest point, or the point itself past the last line (Fame 100, the last
        # level at 71: the line ran out of the plot over the legend).
        shown = sorted({*shown, *([tick for tick in y_ticks if tick > max(ys, default=0)][:1] or [max(ys, default=0)])})
        shown = _apart(shown, height)
    else:
        shown = _whole(min(ys, default=0), max(ys, default=0))
    chart.add_y_scale(shown[0], shown[-1])
    chart.add_y_axis(ticks=shown)
    for index, ((name, points), colour) in enumerate(zip(series.items(), _cycle(colours["lines"], len(series)))):
        chart.add_series(leather.Series(list(points), name=name), _DashedLine(colour, DASHES[index % len(DASHES)]))
    if xs:
        chart.add_x_axis(ticks=sorted(set(xs)))
    return _svg(chart, label, width, height)


# Each line's own dash, shown in its legend too: the lines are told apart without their colours (DESIGN.md: colour
# is never the only signal; the walk of 2026-12-05 found lines told apart by colour alone).
DASHES = ("none", "10 5", "3 4", "14 4 3 4", "6 3")


class _DashedLine(leather.Line):
    """A line drawn with its dash, whose legend entry is a short piece of that line rather than a colour square."""

    def __init__(self, stroke_color: str, dash: str):
        super().__init__(stroke_color, 3, dash)

    def legend_to_svg(self, series, palette):
        entries = []
        for group, width in super().legend_to_svg(series, palette):
            square, text = group.find("rect"), group.find("text")
            if square is not None and text is not None:
                size, top = float(square.get("width", 0)), float(square.get("y", 0))
                mid = f"{top + size / 2:.1f}"
                piece = ET.Element("line", x1="0", x2=f"{_PIECE}", y1=mid, y2=mid, stroke=self._stroke_color)
                piece.set("stroke-width", "3")
                if self._stroke_dasharray != "none":
                    piece.set("stroke-dasharray", self._stroke_dasharray)
                group.remove(square)
                group.insert(0, piece)
                text.set("x", f"{float(text.get('x', 0)) + _PIECE - size:.1f}")
                width += _PIECE - size
            entries.append((group, width))
        return entries


_PIECE = 34  # a legend's piece of line: its dash's pattern shows at least twice


# A label's height and room, in the drawing's units; the plot is the drawing less its axes' and legend's margins.
_LABEL_ROOM, _MARGINS = 16, 58


def _apart(ticks: Sequence[int], height: int) -> list[int]:
    """`ticks` (ascending) less those whose label would stand within a label's height of the one below it; the
    top one kept (the scale's top), the one below it left out instead where those two stand too close."""
    gap = (ticks[-1] - ticks[0]) * _LABEL_ROOM / max(1, height - _MARGINS)
    kept = [ticks[0]]
    for tick in ticks[1:-1]:
        if tick - kept[-1] >= gap:
            kept.append(tick)
    while len(kept) > 1 and ticks[-1] - kept[-1] < gap:
        kept.pop()
    return [*kept, ticks[-1]] if len(ticks) > 1 else kept


def _whole(low: float, high: float) -> list[int]:
    """Ticks for counts (pages, cheese, cards): whole numbers, a step of 1, 2 or 5 times a power of ten for five
    steps at most, from 0 (or below it) to the first tick above the highest point."""
    bottom = min(0, math.floor(low))
    step = 1
    while (high - bottom) / step > 4:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2  # 1, 2, 5, 10, 20, 50, …
    bottom = math.floor(bottom / step) * step
    top = (math.floor(high / step) + 1) * step
    return list(range(bottom, top + 1, step))


def grouped_bars(groups: Sequence[tuple[str, Mapping[str, int]]], names: Mapping[str, str], palette: str,
                 label: str, width: int = 360) -> Markup:
    """Horizontal bars side by side: a group per (name, {series: value}), first at the top, a bar per series
    in `names`' order (its legend's name), below zero to the left; as inline SVG, `label` read in its place.
    leather 0.4 draws one bar per category: each series here takes its strip of the category's band."""
    colours = PALETTES.get(palette, PALETTES["day"])
    _theme(colours)
    chart = leather.Chart()
    values = [value for _, row in groups for value in row.values()]
    chart.add_x_scale(min(0, *values), max(1, *values))
    chart.add_x_axis()
    chart.set_y_scale(leather.Ordinal([name for name, _ in reversed(groups)]))
    chart.add_y_axis()
    for index, (key, colour) in enumerate(zip(names, _cycle(colours["lines"], len(names)))):
        chart.add_series(leather.Series([(row.get(key, 0), name) for name, row in groups], name=names[key]),
                         _Strip(colour, index, len(names)))
    height = len(groups) * (14 * len(names) + 10) + 40 + (20 * len(names) if len(names) > 1 else 0)  # + the legend
    return _svg(chart, label, width, height)


class _Strip(leather.Bars):
    """Bars in the `index`-th of `count` strips of their category's band, top to bottom."""

    def __init__(self, fill_color: str, index: int, count: int):
        super().__init__(fill_color)
        self._index, self._count = index, count

    def to_svg(self, width, height, x_scale, y_scale, series, palette):
        group = ET.Element("g", {"class": "series bars"})
        zero = x_scale.project(0, 0, width)
        for datum in series.data():
            if not datum.x:
                continue  # nothing to draw: the table says 0
            bottom, top = y_scale.project_interval(datum.y, height, 0)
            strip = (bottom - top) / self._count
            end = x_scale.project(datum.x, 0, width)
            group.append(ET.Element("rect", x=f"{min(zero, end):.1f}", y=f"{top + self._index * strip:.1f}",
                                    width=f"{abs(end - zero):.1f}", height=f"{strip:.1f}", fill=self._fill_color))
        return group


def _svg(chart: leather.Chart, label: str, width: int, height: int) -> Markup:
    out = io.StringIO()
    chart.to_svg(out, width, height)
    svg = out.getvalue()
    svg = svg[svg.index("<svg"):]  # the XML declaration and doctype have no place inside a page
    svg = _LEGEND.sub(r'\1 transform="translate(0 0)"', svg, count=1)
    svg = _SIZE.sub(lambda m: f'<svg viewBox="0 0 {m[1]} {m[2]}" class="chart" role="img" aria-label="'
                              f'{Markup.escape(label)}"', svg, count=1)
    return Markup(svg)


def _cycle(colours: Sequence[str], n: int) -> list[str]:
    return [colours[i % len(colours)] for i in range(n)]


def _theme(colours: Mapping[str, object]) -> None:
    """leather's look is module-wide: set it for this drawing (a drawing never yields to another request)."""
    theme = leather.theme
    theme.background_color = "transparent"
    for part in ("title", "legend", "tick", "axis_title"):
        setattr(theme, f"{part}_font_family", FONT)
    theme.legend_color = theme.label_color = colours["ink"]
    theme.tick_color, theme.zero_color = colours["grid"], colours["muted"]
    theme.legend_font_size, theme.tick_font_size = 15, 14
