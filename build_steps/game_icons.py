"""The game icons' SVG sprites (companion/web/game_icons.py names them), from the npm package
@iconify-json/game-icons (pinned in package.json). svgo (npm, pinned; svgo.config.mjs) writes each path in whole
units of the icons' 512-unit grid: beside the originals at 200 px no difference shows, and the pages draw none
larger than about 100 px (the group screen's "Surge!").
Run `python -m build_steps.game_icons [DIR]` (bin/setup does) to write the sprites into static/vendor/.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.web.game_icons import ICONS, SPRITES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "@iconify-json" / "game-icons"
OUT = ROOT / "static" / "vendor"
SVGO = ROOT / "node_modules" / ".bin" / "svgo"
SVGO_CONFIG = ROOT / "svgo.config.mjs"


def sprite(names=tuple(ICONS), package: Path = PACKAGE) -> str:
    """A sprite as Game Icons draw them: one <symbol id="our-name"> per icon, in currentColor."""
    data = json.loads((package / "icons.json").read_text(encoding="utf-8"))
    width, height = data.get("width", 512), data.get("height", 512)
    symbols = []
    for name in names:
        found = data["icons"][ICONS[name].source]
        w, h = found.get("width", width), found.get("height", height)
        symbols.append(f'<symbol id="{name}" viewBox="0 0 {w} {h}">{found["body"]}</symbol>')
    return ('<svg xmlns="http://www.w3.org/2000/svg">'
            "<!--! Game Icons (game-icons.net), CC BY 3.0: see the app's about page -->"  # "!": svgo keeps it
            + "".join(symbols) + "</svg>\n")


def optimized(svg: str) -> str:
    result = subprocess.run([str(SVGO), "--config", str(SVGO_CONFIG), "--input", "-", "--output", "-"],
                            input=svg, capture_output=True, text=True, check=False)
    if result.returncode != 0 or "<symbol" not in result.stdout:
        raise SystemExit(f"svgo could not optimize the sprite:\n{result.stderr}")
    return result.stdout


def write(out: Path = OUT, package: Path = PACKAGE) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, icons in SPRITES.items():
        path = out / name
        tmp = path.with_name(f"{name}.{os.getpid()}.tmp")
        tmp.write_text(optimized(sprite(icons, package)), encoding="utf-8")
        os.replace(tmp, path)  # a page never gets a half-written sprite
        written.append(path)
    return written


if __name__ == "__main__":
    for written in write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(written)
