"""The app's icon, drawn by us: a die showing five on the app's dark blue, as SVG and PNGs.

The geometry is defined once (`shapes`) on a 100×100 canvas; `svg()` and `png()` both draw it.
Run `python -m build_steps.icons [DIR]` (bin/setup does) to write the files into static/icons/.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"

NAVY = "#1d2a3a"    # the theme colour (meta theme-color, manifest)
IVORY = "#f6f4ef"   # the page background (--bg in app.css)
ORANGE = "#c25e00"  # the focus colour (--focus in app.css)

SIZE = 100  # the canvas every shape is measured on


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    r: float  # corner radius
    fill: str


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str


def shapes(maskable: bool = False) -> list[Rect | Circle]:
    """The icon. Maskable: a full-bleed background and the die inside the 80% safe circle."""
    die = 52 if maskable else 64          # the die's side; its corners stay inside radius 40 when maskable
    left = (SIZE - die) / 2
    pip, step = die * 0.1, die * 0.27     # pip radius; distance of the outer pips from the centre
    centre = SIZE / 2
    five = [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)]
    return [
        Rect(0, 0, SIZE, SIZE, 0 if maskable else 22, NAVY),
        Rect(left, left, die, die, die * 0.18, IVORY),
        *(Circle(centre + dx * step, centre + dy * step, pip, ORANGE) for dx, dy in five),
    ]


def svg(maskable: bool = False) -> str:
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">',
             "<title>Table Companion</title>"]
    for s in shapes(maskable):
        if isinstance(s, Rect):
            parts.append(f'<rect x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}" '
                         f'rx="{s.r:g}" fill="{s.fill}"/>')
        else:
            parts.append(f'<circle cx="{s.cx:g}" cy="{s.cy:g}" r="{s.r:g}" fill="{s.fill}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def png(size: int, maskable: bool = False):
    """A Pillow image of `size`×`size` px (drawn 4× larger, then scaled down for smooth edges)."""
    from PIL import Image, ImageDraw

    big = size * 4
    k = big / SIZE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for s in shapes(maskable):
        if isinstance(s, Rect):
            box = (s.x * k, s.y * k, (s.x + s.w) * k - 1, (s.y + s.h) * k - 1)
            if s.r:
                draw.rounded_rectangle(box, radius=s.r * k, fill=s.fill)
            else:
                draw.rectangle(box, fill=s.fill)
        else:
            draw.ellipse(((s.cx - s.r) * k, (s.cy - s.r) * k, (s.cx + s.r) * k, (s.cy + s.r) * k),
                         fill=s.fill)
    return image.resize((size, size), Image.Resampling.LANCZOS)


# file name -> how to make it; the manifest and base.html name these files
FILES = {
    "icon.svg": lambda: svg(),
    "icon-192.png": lambda: png(192),
    "icon-512.png": lambda: png(512),
    "icon-maskable-512.png": lambda: png(512, maskable=True),
    "apple-touch-icon.png": lambda: png(180, maskable=True).convert("RGB"),  # iOS rounds it itself
}


def missing(out: Path = OUT) -> list[str]:
    return [name for name in FILES if not (out / name).exists()]


def write(out: Path = OUT) -> list[Path]:
    """Write every icon file into `out`; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, make in FILES.items():
        path = out / name
        made = make()
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        if isinstance(made, str):
            tmp.write_text(made, encoding="utf-8")
        else:
            made.save(tmp, format="PNG", optimize=True)
        os.replace(tmp, path)  # never a half-written icon, even with two writers at once
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(written.relative_to(ROOT) if written.is_relative_to(ROOT) else written)
