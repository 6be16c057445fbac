"""The app's parts, by folder, each built on the ones below it only: rules (the games, pure) at the bottom, then
storage (games kept, their history, the announcement of a change), live (devices waiting for a change), and web
on top. The build steps (build_steps/) make the front end at setup; the server imports none of them, nor their
packages (Pillow, fontTools, Zopfli)."""
from __future__ import annotations

import ast

from tests.unit.test_import_circles import PACKAGE, imports

# Each part and the parts it may import ("top": the package's own small modules config, kinds, serving; never
# companion/__init__.py, the app's assembly, which imports the parts).
BELOW = {
    "rules": set(),
    "storage": {"rules", "top"},
    "live": {"storage", "rules", "top"},
    "web": {"live", "storage", "rules", "top"},
}
BUILD_PACKAGES = {"PIL", "fontTools", "zopfli", "build_steps"}


def part(module: str) -> str:
    name = module.split(".")
    if len(name) == 1:
        return "assembly"
    return name[1] if len(name) > 2 and name[1] in BELOW else "top"


def test_each_part_imports_only_the_parts_below_it():
    upward = sorted((module, imported) for module, found in imports().items() for imported in found
                    if part(module) in BELOW and part(imported) != part(module)
                    and part(imported) not in BELOW[part(module)])
    assert upward == []


def test_the_server_imports_no_build_step_nor_its_packages():
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            else:
                continue
            found.update((path.relative_to(PACKAGE.parent).as_posix(), name) for name in names
                         if name.split(".")[0] in BUILD_PACKAGES)
    assert found == set()


def test_the_top_holds_only_the_app_s_assembly():
    """A newcomer sees the parts from the folders: beside them only the app's making and its settings."""
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert top == ["__init__.py", "config.py", "kinds.py", "serving.py"]
    assert sorted(path.name for path in PACKAGE.iterdir() if path.is_dir() and path.name != "__pycache__") == \
        ["live", "rules", "storage", "translations", "web"]
