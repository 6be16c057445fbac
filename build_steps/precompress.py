"""The static files a page loads, gzipped ahead by Zopfli: the same gzip every browser reads, smaller than zlib's
best, which a phone's first load needs (its 40 KB budget), and too slow to make while a request waits.
Run `python -m build_steps.precompress` (bin/setup does, after the files are built) to write `<file>.gz` beside
each compressible file under static/vendor/ and static/icons/.

web/assets.py sends such a `.gz` when it is at least as new as its file, else gzips the file itself."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import zopfli.gzip

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (ROOT / "static" / "vendor", ROOT / "static" / "icons")
SUFFIXES = {".css", ".js", ".svg", ".webmanifest"}


def compressible(folders: tuple[Path, ...] = FOLDERS) -> list[Path]:
    return sorted(path for folder in folders if folder.is_dir() for path in folder.rglob("*")
                  if path.suffix in SUFFIXES and path.is_file())


def write(path: Path) -> Path:
    """`path`.gz, written whole or not at all, no newer than what it was made from."""
    source = path.read_bytes()
    target = path.with_name(path.name + ".gz")
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    tmp.write_bytes(zopfli.gzip.compress(source))
    os.replace(tmp, target)
    return target


if __name__ == "__main__":
    for written in map(write, compressible(tuple(map(Path, sys.argv[1:])) or FOLDERS)):
        print(written)
