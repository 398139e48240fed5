"""Fixtures for the machine tests: small 65816 programs assembled with gsasm.

Programs live in `programs/` (MPW IIgs dialect, docs/architecture.md, "Toolchain") and
include `programs/machine_tools.macros` for the tool-call and GS/OS macros and the
start-up blocks they share (_Launch, _MyUserID, _QDStartUpDP, _EMStartUpScreen). They
are assembled and linked with gsasm's Python API into relocatable S16 load files (SUPER records).
"""
from __future__ import annotations

from pathlib import Path

import gsasm.asm
import gsasm.linkiigs
import gsasm.omf
import pytest

PROGRAMS = Path(__file__).parent / "programs"
_CACHE: dict[tuple, tuple[bytes, dict[str, int]]] = {}


def build(name: str, defines: dict[str, int] | None = None) -> tuple[bytes, dict[str, int]]:
    """Assemble and link programs/NAME.asm -> (load file bytes, labels of the first PROC).

    The first PROC sits at offset 0 of the merged segment, so its label values are
    offsets from the program's entry point."""
    key = (name, tuple(sorted((defines or {}).items())))
    if key not in _CACHE:
        a = gsasm.asm.assemble(str(PROGRAMS / f"{name}.asm"), [str(PROGRAMS)],
                               defines=defines)
        assert not a.errors, a.errors
        obj = gsasm.omf.emit(a)
        data = gsasm.linkiigs.link([(obj, a)], {"merge": True, "super": True})
        labels: dict[str, int] = {}
        for label, value in a.labels:
            if label not in labels:
                labels[label] = value
        labels["__first_proc__"] = 0
        _CACHE[key] = (data, labels)
    return _CACHE[key]


@pytest.fixture
def build_program():
    return build
