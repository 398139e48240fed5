"""Fixtures for the machine tests: small 65816 programs assembled with gsasm.

Programs live in `programs/` (MPW IIgs dialect, docs/architecture.md, "Toolchain") and
include `programs/machine_tools.macros` for the tool-call and GS/OS macros and the
start-up blocks they share (_Launch, _MyUserID, _QDStartUpDP, _EMStartUpScreen). They
are assembled and linked with gsasm's Python API into relocatable S16 load files (SUPER records).
The interrupt tests share how a run is compared (state_of, same_in_tiers) and timed
(irq_entries).
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable

import gsasm.asm
import gsasm.linkiigs
import gsasm.omf
import pytest

from iigs.machine import IRQ_ENTRY

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


def machine_state(m) -> tuple:
    """All that tells two runs of a program apart: the CPU's registers and cycle count,
    the machine's elapsed cycles and interrupts taken, and a digest of memory. Runs in
    the two CPU tiers (and again) must give the same."""
    cpu = m.cpu
    return (cpu.a, cpu.x, cpu.y, cpu.sp, cpu.p, cpu.pc, cpu.pbr, cpu.dbr, cpu.d, cpu.e,
            cpu.processorCycles, m.elapsed_cycles, m.interrupts.taken,
            hashlib.sha256(m.mem).hexdigest())


def record_irq_entries(m) -> list[int]:
    """The list the machine's cycle count is appended to each time the firmware's IRQ
    entry is reached (an interrupt taken), from now on."""
    taken: list[int] = []

    def wrap(handler):
        def timed(cpu):
            taken.append(m.elapsed_cycles)
            return handler(cpu)
        return timed

    m.wrap_trap(IRQ_ENTRY, wrap)
    return taken


def runs_agree(run: Callable[[str], tuple],
               tiers: tuple[str, ...] = ("run", "run", "run_reference")) -> None:
    """run(tier) -> (machine, results...) once for each of `tiers` (the first twice: the
    same run again): every run ends in the same machine_state with the same results."""
    first, *others = [run(tier) for tier in tiers]
    for other in others:
        assert machine_state(other[0]) == machine_state(first[0])
        assert other[1:] == first[1:]


@pytest.fixture
def same_in_tiers():
    """runs_agree, for tests that a program's run is the same again and in each tier."""
    return runs_agree


@pytest.fixture
def state_of():
    """machine_state, for tests that compare whole runs."""
    return machine_state


@pytest.fixture
def irq_entries():
    """record_irq_entries, for tests that time interrupts."""
    return record_irq_entries
