"""Our own scripts and style sheets as the pages load them, minified by esbuild (npm, pinned in package.json).

The sources stay small, commented files in static/js/ and static/css/; a phone loads none of the comments.
Run `python -m build_steps.bundles [DIR]` (bin/setup does) to write static/vendor/js/ and static/vendor/css/:
- js/page.js, the scripts every page runs, one after the other in one file: one request, one gzip stream;
- js/keys.js, the keyboard shortcuts, which page.js (keyboard.js) fetches only where a keyboard is used;
- css/<name>.css for each style sheet in static/css/.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "static"
OUT = ROOT / "static" / "vendor"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"

SCRIPTS = {
    "page.js": ("app.js", "focus.js", "keyboard.js", "menu.js", "wake.js", "sound.js", "pwa.js", "validity.js"),
    "keys.js": ("keys.js",),
}
# What the minified code may use: the scripts are written for ES2017 (async functions) and stay so, the style
# sheets for the browsers that have :has(), which they need.
JS_TARGET = "es2017"
CSS_TARGET = "chrome105,edge105,firefox121,safari15.4"


def style_sheets(sources: Path = SOURCES) -> list[str]:
    return sorted(path.name for path in (sources / "css").glob("*.css"))


def minify(source: str, loader: str, name: str) -> str:
    result = subprocess.run(
        [str(ESBUILD), "--minify", f"--loader={loader}", f"--sourcefile={name}", "--log-level=warning",
         f"--target={JS_TARGET if loader == 'js' else CSS_TARGET}"],
        input=source, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise SystemExit(f"esbuild could not minify {name}:\n{result.stderr}")
    return result.stdout


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)  # a page never gets a half-written file
    return path


def outputs(out: Path = OUT, sources: Path = SOURCES) -> dict[Path, list[Path]]:
    """Each file written, and the sources it is made of."""
    made = {out / "js" / name: [sources / "js" / part for part in parts] for name, parts in SCRIPTS.items()}
    made.update({out / "css" / name: [sources / "css" / name] for name in style_sheets(sources)})
    return made


def stale(out: Path = OUT, sources: Path = SOURCES) -> bool:
    """A source changed since its file was written (or the file is missing)."""
    for target, parts in outputs(out, sources).items():
        if not target.exists() or any(part.stat().st_mtime > target.stat().st_mtime for part in parts):
            return True
    return False


def write(out: Path = OUT, sources: Path = SOURCES) -> list[Path]:
    written = []
    for target, parts in outputs(out, sources).items():
        loader = target.suffix[1:]
        # Each script is a whole statement (an IIFE): one after the other, they run as they would apart.
        source = ";\n".join(part.read_text(encoding="utf-8") for part in parts)
        written.append(_write(target, minify(source, loader, target.name)))
    return written


if __name__ == "__main__":
    for path in write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(path)
