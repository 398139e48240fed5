"""The busy flag ($E1/00FF, IncBusyFlg $E1/0064, DecBusyFlg $E1/0068; iigs/interrupts.py)
and the Scheduler's queue (toolbox/scheduler.py): `programs/machine_busy.asm` holds a
task back while it is busy (heartbeat tasks go on), sees a GS/OS call raise and lower
the flag, has the task run inside the DecBusyFlg that frees the system, then from the
next heartbeat and as a GS/OS call returns. The run is the same twice and in both CPU
tiers."""
from __future__ import annotations

from iigs.interrupts import BUSY_FLAG, BUSY_VECTORS
from iigs.machine import CPU_HZ, FIRMWARE_BUSY
from iigs.memory import read_long, read_word
from system.machine import Machine

BUSY_FRAMES = 5


def run(build_program, tier: str) -> tuple[Machine, dict[str, int]]:
    data, labels = build_program("machine_busy")
    m = Machine()
    if tier == "run_reference":
        m.cpu.run = m.cpu.run_reference
    prog = m.load(data)
    assert m.run(max_cycles=2 * CPU_HZ) == "quit"
    names = ("hbErr", "added", "busyRan", "gsosRan", "busyByte", "decFrames", "decRan",
             "decSaw", "decBusy", "addFrames", "hbFrames", "lastRan", "version", "delErr")
    return m, {name: read_word(m.mem, prog.dp_base + labels[name]) for name in names}


def test_queued_tasks_wait_while_the_system_is_busy(build_program):
    m, got = run(build_program, "run")
    assert got["hbErr"] == got["delErr"] == 0 and got["added"] == 0xFFFF
    # busy for BUSY_FRAMES heartbeats: the task waited, a GS/OS call did not free it
    assert got["busyRan"] == 0 and got["gsosRan"] == 0
    assert got["version"] != 0 and got["busyByte"] == 1          # GetVersion answered
    # DecBusyFlg to 0: the task ran inside it, the flag already 0, no frame later
    assert got["decRan"] == 1 and got["decBusy"] == 0
    assert got["decSaw"] == got["decFrames"] >= BUSY_FRAMES
    # queued with the system free: the next heartbeat ran it
    assert got["hbFrames"] == got["addFrames"] + 1
    # interrupts off: the GS/OS call's own DecBusyFlg ran the third
    assert got["lastRan"] == 3
    assert m.mem[BUSY_FLAG] == 0 and not m.tb.sch.queue
    # the entry points are JMLs to the firmware's routines, as SetVector sees them
    for index, number in enumerate(BUSY_VECTORS.values()):
        assert m.interrupts.vector(number) == FIRMWARE_BUSY + 4 * index
        assert read_long(m.mem, 0xE10000 + 4 * number) & 0xFF == 0x5C      # JML


def test_the_busy_run_is_the_same_twice_and_in_both_tiers(build_program, same_in_tiers):
    same_in_tiers(lambda tier: run(build_program, tier))
