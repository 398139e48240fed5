"""The DOC's oscillator interrupts through the interrupt controller (iigs/doc.py wired to
iigs/interrupts.py in iigs/machine.py): `programs/machine_sound_irq.asm` is an
interrupt-driven sound driver (SetVector $0B, one-shot oscillators with their
interrupts enabled, a handler that reads $E0 through the Sound GLU). Each interrupt
comes at the cycle the DOC's rate gives, a still-pending one re-asserts the line after
the handler, and the run is the same twice and in both CPU tiers."""
from __future__ import annotations

import io

from iigs.doc import DOC_CLOCK_HZ, OSCILLATORS
from iigs.interrupts import SOURCES
from iigs.machine import CPU_HZ, CYCLES_PER_TICK, SLICE_MASKED
from system.machine import Machine
from system.monitor import Monitor
from iigs.memory import read_long

TOTAL = 5                                   # the driver's interrupts
STATUS_A, STATUS_B = 5 * 2 + 0x41, 6 * 2 + 0x41   # $E0 for oscillators 5 and 6
PERIODS = (256 << 9) // 0x400               # a pass of the 256-byte wave: 128 periods
CYCLES_PER_PERIOD = CPU_HZ / (DOC_CLOCK_HZ / (OSCILLATORS + 2))
ENTRY_CYCLES = 40                           # the instruction under way, then the IRQ's


def run(build_program, irq_entries,
        tier: str) -> tuple[Machine, dict, list, list, list]:
    data, labels = build_program("machine_sound_irq")
    m = Machine()
    if tier == "run_reference":
        m.cpu.run = m.cpu.run_reference     # every instruction through step()
    prog = m.load(data)
    starts, raised = [], []
    listener = m.doc.listener               # the Sound Tool Set's, kept

    def on_doc(event, doc, start):
        if event == "start":
            starts.append((start.oscillator, m.elapsed_cycles))
        if listener is not None:
            listener(event, doc, start)

    m.doc.listener = on_doc
    source = m.doc.irq_source               # the interrupt controller's

    def on_irq(osc):
        raised.append((osc, m.elapsed_cycles))
        source(osc)

    m.doc.irq_source = on_irq

    taken = irq_entries(m)
    assert m.run(max_cycles=CPU_HZ) == "quit"
    at = {name: prog.entry + labels[name] for name in ("Count", "Status", "Handler")}
    return m, at, starts, raised, taken


def test_a_sound_driver_s_interrupts_come_at_the_doc_s_cycles(build_program, irq_entries):
    m, at, starts, raised, taken = run(build_program, irq_entries, "run")
    assert m.interrupts.vector(SOURCES["sound"]) == at["Handler"]
    assert m.mem[at["Count"]] == TOTAL
    # oscillators 5 and 6 halt together; 5 is read first, 6 re-asserts the line
    assert bytes(m.mem[at["Status"]:at["Status"] + TOTAL]) == bytes(
        [STATUS_A, STATUS_B, STATUS_A, STATUS_A, STATUS_A])
    assert [osc for osc, _ in starts] == [5, 6, 5, 5, 5]
    assert [osc for osc, _ in raised] == [5, 6, 5, 5, 5]
    assert len(taken) == TOTAL and m.interrupts.taken == TOTAL
    # each interrupt: one pass of the wave after its oscillator started, to the DOC
    # period, and taken at once (the first two at the same period: the second after
    # the first's handler returns, within a scan line's slice)
    start_of = [starts[0][1], starts[1][1], starts[2][1], starts[3][1], starts[4][1]]
    for (_osc, cycle), started in zip(raised, start_of):
        assert started + PERIODS * CYCLES_PER_PERIOD <= cycle
        assert cycle <= started + (PERIODS + 1) * CYCLES_PER_PERIOD + ENTRY_CYCLES
    assert raised[0][1] == raised[1][1]
    assert 0 <= taken[0] - raised[0][1] <= ENTRY_CYCLES
    assert taken[0] < taken[1] <= taken[0] + 3 * SLICE_MASKED    # handler, RTI, a line
    for (_osc, cycle), entered in zip(raised[2:], taken[2:]):
        assert 0 <= entered - cycle <= ENTRY_CYCLES
    assert not m.interrupts.status and not m.doc.irq_asserted


def test_the_sound_driver_runs_the_same_twice_and_in_both_tiers(
        build_program, irq_entries, same_in_tiers):
    same_in_tiers(lambda tier: run(build_program, irq_entries, tier))


# -- the sound chip as a timer, programmed from the main loop ------------------------------
TIMER_OSC = 7
FAST, SLOW = (256 << 9) // 0x800, (256 << 9) // 0x400     # periods a pass: 64, 128
TIMER_TOTAL, SLOW_AT = 6, 3
FREQ_HI = 0x20 + TIMER_OSC


def run_timer(build_program, irq_entries,
              tier: str) -> tuple[Machine, dict, list, list, list, list]:
    data, labels = build_program("machine_sound_timer")
    m = Machine()
    if tier == "run_reference":
        m.cpu.run = m.cpu.run_reference
    prog = m.load(data)
    if tier == "monitor":       # stepping under a breakpoint that is never reached
        monitor = Monitor(m, out=io.StringIO(), terminal=False)
        monitor.breakpoints[0xFFFFFF] = "never"
        monitor.attach()
    starts, raised, rates = [], [], []
    listener, source, write = m.doc.listener, m.doc.irq_source, m.doc.write_register

    def on_doc(event, doc, start):
        if event == "start":
            starts.append(m.elapsed_cycles)
        if listener is not None:
            listener(event, doc, start)

    def on_irq(osc):
        raised.append((osc, m.elapsed_cycles))
        source(osc)

    def on_write(reg, value):
        if reg == FREQ_HI:
            rates.append((value, m.elapsed_cycles))
        write(reg, value)

    m.doc.listener, m.doc.irq_source, m.doc.write_register = on_doc, on_irq, on_write

    taken = irq_entries(m)
    assert m.run(max_cycles=CPU_HZ) == "quit"
    at = {name: prog.entry + labels[name] for name in ("Count", "Status")}
    return m, at, starts, raised, taken, rates


def test_a_timer_started_and_slowed_from_the_main_loop_interrupts_on_time(
        build_program, irq_entries):
    m, at, starts, raised, taken, rates = run_timer(build_program, irq_entries, "run")
    assert m.mem[at["Count"]] == TIMER_TOTAL
    assert m.mem[at["Status"]] == TIMER_OSC * 2 + 0x41
    assert [osc for osc, _ in raised] == [TIMER_OSC] * TIMER_TOTAL
    cycles = [cycle for _, cycle in raised]
    # started in the middle of a 60 Hz slice, not before a WAI: the first interrupt
    # still falls at its DOC period (the slice ends there), not at the slice's end
    (started,) = starts
    assert started % CYCLES_PER_TICK < CYCLES_PER_TICK - 2 * FAST * CYCLES_PER_PERIOD
    assert started + FAST * CYCLES_PER_PERIOD <= cycles[0]
    assert cycles[0] <= started + (FAST + 1) * CYCLES_PER_PERIOD + ENTRY_CYCLES
    # each pass of the table one interrupt, taken at once
    for entered, cycle in zip(taken, cycles):
        assert 0 <= entered - cycle <= ENTRY_CYCLES
    slack = CYCLES_PER_PERIOD + ENTRY_CYCLES
    for before, after in zip(cycles[:SLOW_AT - 1], cycles[1:SLOW_AT]):
        assert abs(after - before - FAST * CYCLES_PER_PERIOD) <= slack
    # the frequency halved from the main loop: the next interrupt is recomputed from
    # the oscillator's place then, and the ones after it come at the slower rate
    (_fast, _), (value, slowed) = rates
    assert value == 0x04 and cycles[SLOW_AT - 1] < slowed < cycles[SLOW_AT]
    assert cycles[SLOW_AT] <= slowed + (SLOW + 1) * CYCLES_PER_PERIOD + ENTRY_CYCLES
    for before, after in zip(cycles[SLOW_AT:], cycles[SLOW_AT + 1:]):
        assert abs(after - before - SLOW * CYCLES_PER_PERIOD) <= slack
    assert not m.interrupts.status and not m.doc.irq_asserted


def test_the_timer_runs_the_same_twice_and_in_both_tiers(
        build_program, irq_entries, same_in_tiers):
    same_in_tiers(lambda tier: run_timer(build_program, irq_entries, tier),
                  ("run", "run", "run_reference", "monitor"))
