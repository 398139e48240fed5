"""The desktop demo: a small native 65816 program that exercises the desktop toolbox.

`demo.asm` (MPW IIgs dialect, docs/architecture.md, "Toolchain") is assembled with its
own tool-call macros (`demo.macros`) and the start-up every desktop program shares,
GIN.KING too
(`toolbox/asm/`: `desktop.records`, `desktop.asm`), and linked with gsasm into a
relocatable S16 load file. `build()` returns the load file and the symbols the tests
read: the offsets of the fields of its direct-page `Vars` record (what the user did) and
its labels. `play()` runs it in a window.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from toolbox import ASM_DIR as SHARED_DIR, asm_files

DEMO_DIR = Path(__file__).resolve().parent
SOURCE = DEMO_DIR / "demo.asm"
MACROS = DEMO_DIR / "demo.macros"


def inputs() -> list[Path]:
    """Every file the build reads: the demo's source and macros, the shared sources."""
    return [SOURCE, MACROS] + asm_files(SHARED_DIR)


class DemoBuildError(Exception):
    """gsasm reported errors; the message lists them."""


@dataclass(frozen=True)
class DemoProgram:
    load_file: bytes               # the S16 load file
    symbols: dict[str, int]        # label and record-field values (Vars.clicks, ...)

    def var(self, name: str) -> int:
        """The direct-page offset of a field of the Vars record."""
        return self.symbols[f"Vars.{name}"]


_cache: dict[str, DemoProgram] = {}


def build() -> DemoProgram:
    """Assemble and link the demo (cached by the sources' hash for this process)."""
    import gsasm.asm
    import gsasm.linkiigs
    import gsasm.omf

    key = hashlib.sha256(b"".join(p.read_bytes() for p in inputs())).hexdigest()
    if key not in _cache:
        a = gsasm.asm.assemble(str(SOURCE), [str(DEMO_DIR), str(SHARED_DIR)])
        if a.errors:
            raise DemoBuildError("\n".join(a.errors))
        obj = gsasm.omf.emit(a)
        data = gsasm.linkiigs.link([(obj, a)], {"merge": True, "super": True})
        symbols = {name: value for name, value in a.symbols.items()
                   if isinstance(value, int)}
        _cache[key] = DemoProgram(bytes(data), symbols)
    return _cache[key]


def play(scale: int | None = None) -> str:
    """Run the demo in a window until it quits or the window is closed; the reason.

    python -c "import system.demo; system.demo.play()"
    """
    from iigs.host import WindowHost
    from system.machine import Machine
    host = WindowHost(scale=scale)
    machine = Machine(host=host)
    machine.load(build().load_file)
    try:
        return machine.run()
    finally:
        host.close()
