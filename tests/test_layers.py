"""The floors of docs/architecture.md, read from the sources' imports (parsed with ast):
the hardware (`iigs/`) imports nothing above it, the toolbox and the disk nothing of the
application, and the toolbox reaches the machine only through the Toolbox it is given,
never by importing `iigs.machine`."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Modules of `iigs/` that still import the toolbox or the disk: the machine that builds
# the Toolbox, the runner and its bench. docs/architecture.md ("Where the line is still
# crossed") names them; the list may only shrink.
STILL_CROSSING = {
    "iigs/__main__.py", "iigs/bram.py", "iigs/demo/__init__.py", "iigs/hostfile.py",
    "iigs/machine.py", "iigs/monitor.py", "iigs/report.py", "iigs/textscreen.py",
    "iigs/trace.py",
}


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, at any depth of the file (absolute names)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def importers(package: str, *targets: str) -> dict[str, list[str]]:
    """The modules of `package` that import one of `targets` (a package or a module)."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        hits = sorted(name for name in imported_modules(path)
                      if any(name == t or name.startswith(t + ".") for t in targets))
        if hits:
            found[path.relative_to(ROOT).as_posix()] = hits
    return found


def test_the_hardware_imports_nothing_of_the_application() -> None:
    assert importers("iigs", "gin_king") == {}


def test_only_the_known_hardware_modules_still_import_the_toolbox_or_the_disk() -> None:
    assert set(importers("iigs", "toolbox", "disk")) == STILL_CROSSING


def test_the_toolbox_does_not_import_the_machine() -> None:
    assert importers("toolbox", "iigs.machine", "gin_king") == {}


def test_the_disk_imports_nothing_above_it() -> None:
    assert importers("disk", "iigs", "toolbox", "gin_king") == {}


def test_the_import_reader_sees_nested_imports(tmp_path: Path) -> None:
    # The checks above would pass on anything if the reader missed an import in a body.
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from toolbox.calls import TOOL_TABLE\n"
                      "import iigs.machine as m\n")
    assert {"toolbox.calls", "toolbox.calls.TOOL_TABLE", "iigs.machine"} \
        <= imported_modules(source)
