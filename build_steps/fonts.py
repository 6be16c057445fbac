"""The app's typeface, self-hosted: Fira Sans (SIL Open Font License) from the npm package @fontsource/fira-sans.

Fira Sans was drawn for reading on small, low-resolution screens: open letters, a tall x-height, an "l" with
a tail (Il1 never look alike) and a full Cyrillic, a little narrower than most sans, so Russian labels fit.
Only what the pages use is served: two weights (400 for text, 700 for everything bold: 600 and 800 map to
it) in the Latin and Cyrillic subsets, each its own woff2 with the package's unicode-range, so an English
page never loads the Cyrillic files. Each file keeps all its letters and its kerning but drops its TrueType
hinting (fontTools): half of its bytes, which only low-resolution Windows screens read — a phone or tablet
renders the outlines as they are. Run `python -m build_steps.fonts [DIR]` (bin/setup does): it writes the files
into static/vendor/fonts/ with the package's @font-face rules (fira-sans.css, font-display: swap).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
from pathlib import Path

from fontTools import subset

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "@fontsource" / "fira-sans"
OUT = ROOT / "static" / "vendor" / "fonts"
FAMILY = "fira-sans"
WEIGHTS = (400, 700)
SUBSETS = ("latin", "cyrillic")
CSS = "fira-sans.css"
FEATURES = ["kern", "liga", "calt"]  # what the pages' text uses of the font's layout features

# In the package's CSS: "/* fira-sans-latin-400-normal */" then its @font-face block.
_BLOCK = re.compile(r"/\* (?P<name>[\w-]+) \*/\s*(?P<rule>@font-face \{.*?\})", re.S)


def font_face_rules(package: Path = PACKAGE) -> list[tuple[str, str]]:
    """(file name, @font-face rule) for each weight and subset we serve, from the package's own CSS."""
    wanted = {f"{FAMILY}-{subset}-{weight}-normal" for weight in WEIGHTS for subset in SUBSETS}
    found = []
    for weight in WEIGHTS:
        for match in _BLOCK.finditer((package / f"{weight}.css").read_text(encoding="utf-8")):
            if match["name"] in wanted:
                found.append((f"{match['name']}.woff2", match["rule"]))
    missing = wanted - {name.removesuffix(".woff2") for name, _ in found}
    if missing:
        raise SystemExit(f"{package}: no @font-face for {sorted(missing)}")
    return found


def unhinted(source: Path, target: Path) -> None:
    """`source` as woff2 with every glyph it has, kerning and ligatures, and no hinting."""
    options = subset.Options()
    options.flavor, options.hinting, options.layout_features = "woff2", False, FEATURES
    font = subset.load_font(str(source), options)
    try:
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=font.getBestCmap().keys())
        subsetter.subset(font)
        subset.save_font(font, str(target), options)
    finally:
        font.close()


def write(out: Path = OUT, package: Path = PACKAGE) -> list[Path]:
    """Copy the woff2 files and write their @font-face rules (URLs with a content hash: cached for a year)."""
    out.mkdir(parents=True, exist_ok=True)
    rules, written = [], []
    for name, rule in font_face_rules(package):
        target = out / name
        unhinted(package / "files" / name, target)
        digest = hashlib.sha256(target.read_bytes()).hexdigest()[:12]
        # woff2 only: every browser that runs the app reads it; the package's woff fallback is left out.
        rules.append(re.sub(r"src: [^;]+;", f"src: url({name}?v={digest}) format('woff2');", rule))
        written.append(target)
    shutil.copyfile(package / "LICENSE", out / "LICENSE.txt")
    css = out / CSS
    tmp = css.with_name(f"{css.name}.{os.getpid()}.tmp")
    tmp.write_text("/* Fira Sans, from @fontsource/fira-sans (SIL OFL 1.1, LICENSE.txt) */\n"
                   + "\n".join(rules) + "\n", encoding="utf-8")
    os.replace(tmp, css)
    return [*written, out / "LICENSE.txt", css]


if __name__ == "__main__":
    for path in write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(path)
