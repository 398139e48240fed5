"""The floors of docs/architecture.md, read from the sources' imports (parsed with ast):
the hardware (`iigs/`) imports nothing above it (the toolbox, the disk, the system, the
application; not by name through importlib either), the toolbox and the disk nothing of
the application (the disk takes from the hardware only the host's files), and the
toolbox reaches the machine only through the port it is given
(`toolbox.machine_port.MachinePort`), never by importing `iigs.machine`; and the
hardware reads no member of the toolbox or the system by name (the host presents frames
through `iigs.framesource.FrameSource`)."""
from __future__ import annotations

import ast
import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What imports a module named by a string: the checks of imports would not see it.
DYNAMIC_IMPORTERS = ("importlib", "runpy")


@functools.cache
def _walked(text: str, filename: str) -> tuple[ast.AST, ...]:
    """Every node of a source (the module first), parsed and walked once per text: the
    checks below read the same 2 MB of sources many times, and parsing and walking them
    is what they cost. Keyed by the text, so a file rewritten is read afresh."""
    return tuple(ast.walk(ast.parse(text, filename=filename)))


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the module at `path`, at any depth."""
    return _walked(path.read_text(), str(path))


def _tree(path: Path) -> ast.Module:
    tree = nodes(path)[0]
    assert isinstance(tree, ast.Module)
    return tree


def imported_modules(path: Path) -> set[str]:
    """Every module `path` imports, at any depth of the file (absolute names)."""
    names: set[str] = set()
    for node in nodes(path):
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


def test_the_hardware_imports_nothing_above_it() -> None:
    # No module of `iigs/` imports the toolbox, the disk, the system or the
    # application: the runner and its bench live on the system floor (`system/`).
    assert importers("iigs", "toolbox", "disk", "system", "gin_king") == {}


def test_the_hardware_imports_nothing_by_a_name_in_a_string() -> None:
    # importlib.import_module("toolbox...") or runpy would cross the line unseen.
    calls = {f"{path.relative_to(ROOT).as_posix()}:{node.lineno}"
             for path in sorted((ROOT / "iigs").rglob("*.py"))
             for node in nodes(path)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id == "__import__"}
    assert importers("iigs", *DYNAMIC_IMPORTERS) == {} and calls == set()


def test_python_m_iigs_runs_nothing_and_names_the_runner() -> None:
    # The hardware has no runner: `python -m iigs` says where it is, in one line.
    done = subprocess.run([sys.executable, "-m", "iigs", "run", "X.S16"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "python -m system run" in done.stderr
    assert "iigs run PROGRAM" in done.stderr and "Traceback" not in done.stderr


def test_the_toolbox_and_the_disk_import_nothing_of_the_system() -> None:
    assert importers("toolbox", "system") == importers("disk", "system") == {}


def test_the_toolbox_does_not_import_the_machine() -> None:
    assert importers("toolbox", "iigs.machine", "gin_king") == {}


def test_the_disk_imports_nothing_above_it() -> None:
    assert importers("disk", "toolbox", "system", "gin_king") == {}


# What the disk takes from the hardware floor: the host's files (judging a path,
# replacing a file atomically) and the name of the battery RAM kept beside a disk.
DISK_FROM_HARDWARE = ("iigs.hostfile", "iigs.bram")


def test_the_disk_takes_from_the_hardware_only_the_hosts_files() -> None:
    taken = {name for names in importers("disk", "iigs").values() for name in names}
    assert taken and all(any(name == m or name.startswith(m + ".")
                             for m in DISK_FROM_HARDWARE) for name in taken), taken


def machine_expression(node: ast.expr) -> bool:
    """`machine`, `self.machine`, `tb.machine`, `self.tb.machine`: the toolbox's port."""
    if isinstance(node, ast.Name):
        return node.id == "machine"
    return isinstance(node, ast.Attribute) and node.attr == "machine"


def machine_members_used(path: Path) -> dict[str, int]:
    """Each member the module asks of the machine (`machine.x`, `getattr(machine, "x"
    ...)`), with the first line it is asked on."""
    used: dict[str, int] = {}
    for node in nodes(path):
        if isinstance(node, ast.Attribute) and machine_expression(node.value):
            used.setdefault(node.attr, node.lineno)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
              and machine_expression(node.args[0])
              and isinstance(node.args[1], ast.Constant)):
            used.setdefault(str(node.args[1].value), node.lineno)
    return used


def port_members() -> set[str]:
    """The members `toolbox.machine_port.MachinePort` declares."""
    tree = _tree(ROOT / "toolbox/machine_port.py")
    port = next(node for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == "MachinePort")
    return ({node.target.id for node in port.body
             if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
            | {node.name for node in port.body if isinstance(node, ast.FunctionDef)})


def test_the_toolbox_asks_the_machine_only_what_its_port_declares() -> None:
    members = port_members()
    outside = {f"{path.relative_to(ROOT).as_posix()}:{line} {name}"
               for path in sorted((ROOT / "toolbox").rglob("*.py"))
               for name, line in machine_members_used(path).items()
               if name not in members}
    assert outside == set()


def test_the_machine_implements_the_port() -> None:
    from system.machine import Machine
    machine = Machine()
    missing = sorted(name for name in port_members() if not hasattr(machine, name))
    assert missing == []


def test_the_import_reader_sees_nested_imports(tmp_path: Path) -> None:
    # The checks above would pass on anything if the reader missed an import in a body.
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from toolbox.calls import TOOL_TABLE\n"
                      "import iigs.machine as m\n")
    assert {"toolbox.calls", "toolbox.calls.TOOL_TABLE", "iigs.machine"} \
        <= imported_modules(source)
    source.write_text("def f(tb):\n    tb.machine.cpu.sp\n    getattr(tb.machine, 'io')\n")
    assert machine_members_used(source) == {"cpu": 2, "io": 3}


def test_the_hardware_runs_a_routine_without_a_toolbox() -> None:
    # The bottom floor stands alone: a routine called on the bare hardware runs and
    # returns (LDA #$1234; RTL); the tool entry point $E1/0000 is plain memory there
    # (a BRK), since the system installs the dispatcher, not the hardware.
    from iigs.machine import Hardware, MachineError
    hw = Hardware()
    assert not hasattr(hw, "tb")
    hw.mem[0x020000:0x020004] = bytes([0xA9, 0x34, 0x12, 0x6B])
    assert hw.call(0x020000).a == 0x1234
    hw.mem[0x020010:0x020018] = bytes([0xA2, 0x02, 0x0C,               # LDX #$0C02
                                       0x22, 0x00, 0x00, 0xE1,         # JSL $E10000
                                       0x6B])                          # RTL
    with pytest.raises(MachineError, match="BRK at E1/0000"):
        hw.call(0x020010)


# ---- the hardware reads no member of the toolbox or of the system -------------------------
# The host presents frames through `iigs.framesource.FrameSource`; nothing of `iigs/`
# asks the toolbox (`tb.qd`, `qd.master_scb`, `tb.machine` ...) or the system
# (`machine.tb`) by name. A name the hardware declares itself (its ADB bus `io.adb`, the
# frame source's members) or a type or library it uses declares (`set.add`, `os.open`)
# is its own.

@functools.cache
def _class_members(cls: ast.ClassDef) -> frozenset[str]:
    """What a class declares: fields, methods, properties and the attributes its
    methods assign on self."""
    names: set[str] = set()
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
    for node in ast.walk(cls):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name) and node.value.id == "self"):
            names.add(node.attr)
    return frozenset(names)


@functools.cache
def _classes(package: str) -> dict[str, list[ast.ClassDef]]:
    """Every class of a package (at any depth), by name."""
    found: dict[str, list[ast.ClassDef]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in nodes(path):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(node)
    return found


def names_above_the_hardware() -> set[str]:
    """The toolbox's and the system's members: the Toolbox's (its tool sets `qd`, `em`
    ..., `machine`, `call_log`), each tool set's state class's with its bases (`started`,
    `master_scb`, `cursor_shape` ...), and the system's Machine's (`tb`, `dispatcher`)."""
    toolbox = _classes("toolbox")
    states = [cls for classes in toolbox.values() for cls in classes
              if any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "tool_state"
                     for d in cls.decorator_list)]
    names: set[str] = set()
    seen: set[str] = set()
    todo = states + toolbox["Toolbox"] + _classes("system")["Machine"]
    while todo:
        cls = todo.pop()
        if cls.name in seen:
            continue
        seen.add(cls.name)
        names |= _class_members(cls)
        todo += [base for b in cls.bases if isinstance(b, ast.Name)
                 for base in toolbox.get(b.id, [])]
    return names


def names_of_the_hardware() -> set[str]:
    """What `iigs/` declares itself (its classes' members, its modules' names) and what
    the types and libraries it uses declare (Python's built-in types, and each module it
    imports with the modules and classes in it)."""
    import importlib
    import inspect
    names: set[str] = set()
    for classes in _classes("iigs").values():
        for cls in classes:
            names |= _class_members(cls)
    libraries: set[str] = set()
    for path in sorted((ROOT / "iigs").rglob("*.py")):
        for node in _tree(path).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        for name in imported_modules(path):
            if not name.startswith(("iigs", "__future__")):
                libraries.add(name)
    for builtin in (object, int, str, bytes, bytearray, memoryview, list, tuple, dict,
                    set, frozenset):
        names.update(dir(builtin))
    for name in sorted(libraries):
        try:
            taken = importlib.import_module(name)
        except ImportError:             # `from m import C`, listed as "m.C"
            module, _, member = name.rpartition(".")
            taken = getattr(importlib.import_module(module), member)
        names.update(dir(taken))
        if inspect.ismodule(taken):     # and its modules: `pygame.image.load`
            for member in vars(taken).values():
                if inspect.ismodule(member):
                    names.update(dir(member))
    return names


def attributes_read(path: Path, watched: set[str]) -> set[str]:
    """Each `x.name` or `getattr(x, "name")` (hasattr, setattr) in a module whose name is
    in `watched`, as "line name"."""
    found: set[str] = set()
    for node in nodes(path):
        if isinstance(node, ast.Attribute) and node.attr in watched:
            found.add(f"{node.lineno} {node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant)
              and node.args[1].value in watched):
            found.add(f"{node.lineno} {node.args[1].value}")
    return found


def test_the_hardware_reads_no_member_of_the_toolbox_or_the_system() -> None:
    above = names_above_the_hardware() - names_of_the_hardware()
    # the check means something: the names the host once read are in it
    assert {"tb", "qd", "em", "mm", "gsos", "machine", "dispatcher", "started",
            "master_scb", "cursor_visible", "cursor_shape", "cursor_moved"} <= above
    read = {f"{path.relative_to(ROOT).as_posix()}:{hit}"
            for path in sorted((ROOT / "iigs").rglob("*.py"))
            for hit in attributes_read(path, above)}
    assert read == set()


def test_the_attribute_reader_sees_every_way_of_asking(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("def f(tb, src):\n    tb.qd.started\n"
                      "    getattr(src, 'em', None)\n    hasattr(src, 'machine')\n")
    assert attributes_read(source, {"qd", "started", "em", "machine"}) == {
        "2 qd", "2 started", "3 em", "4 machine"}
