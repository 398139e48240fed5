"""Time, idling and shadowing: the 60 Hz clock from emulated cycles, the Event
Manager's idle signal stopping or pacing the machine, and bank $01 shadowing."""
from __future__ import annotations

from iigs.host import HeadlessHost
from iigs.hostinput import HostInput
from iigs.machine import CYCLES_PER_TICK
from system.machine import Machine
from iigs.memory import SHR_PIXELS, SHR_SHADOW_SOURCE, read_word


def test_event_loop_idles_until_a_key_then_quits(build_program):
    data, _ = build_program("machine_events")
    host = HeadlessHost()
    m = Machine(host=host)
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "idle"
    first = m.ticks
    assert m.run(max_cycles=1_000_000) == "idle"
    assert m.ticks == first + 1                     # each idle skips to the next tick
    host.push(HostInput("key", key=ord("g")))
    assert m.run(max_cycles=1_000_000) == "quit"
    assert read_word(m.mem, prog.dp_base) == 3      # keyDownEvt
    assert read_word(m.mem, prog.dp_base + 2) == ord("g")


class PacedHost(HeadlessHost):
    """An interactive host that records how long it was asked to wait."""
    interactive = True

    def __init__(self) -> None:
        super().__init__()
        self.waited = 0.0

    def wait(self, seconds: float) -> None:
        self.waited += seconds


def test_interactive_host_sleeps_a_tick_per_idle_instead_of_stopping(build_program):
    data, _ = build_program("machine_events")
    host = PacedHost()
    m = Machine(host=host)
    m.load(data)
    assert m.idle_mode == "sleep"
    assert m.run(seconds=0.5) == "cycles"           # never "idle": it waits instead
    assert m.ticks == 30
    assert host.waited >= 29 / 60                   # slept about a tick per idle
    assert host.presents >= 29                      # and showed a frame each tick


def test_window_closed_stops_the_run(build_program):
    data, _ = build_program("machine_events")
    host = PacedHost()
    m = Machine(host=host)
    m.load(data)
    host.push(HostInput("quit"))
    assert m.run(seconds=5) == "closed"


def test_shadowing_copies_changed_bank_01_bytes_at_each_tick():
    m = Machine()
    m.mem[SHR_PIXELS + 0x10] = 0x77                 # drawn straight into $E1
    m.mem[SHR_SHADOW_SOURCE] = 0xAB                 # drawn into the bank $01 copy
    m.mem[0x020000:0x020002] = bytes([0x80, 0xFE])  # BRA * to let a tick pass
    m.cpu.e, m.cpu.p, m.cpu.pbr, m.cpu.pc = 0, 0, 0x02, 0
    assert m.mem[SHR_PIXELS] == 0                   # not before the tick
    m.run(max_cycles=CYCLES_PER_TICK)
    assert m.mem[SHR_PIXELS] == 0xAB
    assert m.mem[SHR_PIXELS + 0x10] == 0x77         # untouched bytes stay as drawn


def test_shadowing_off_leaves_the_screen_alone():
    m = Machine()
    m.shadow.enabled = False
    m.mem[SHR_SHADOW_SOURCE + 5] = 0x11
    m.shadow.sync()
    assert m.mem[SHR_PIXELS + 5] == 0
    m.shadow.enabled = True
    m.shadow.sync()                                 # the old write is not replayed
    assert m.mem[SHR_PIXELS + 5] == 0


def test_shadow_register_bit_3_inhibits_shadowing():
    from iigs.memory import SHADOW_REGISTER
    m = Machine()
    m.io.write(SHADOW_REGISTER, 0x08)              # STA >$E0C035 with bit 3 set
    m.mem[SHR_SHADOW_SOURCE + 7] = 0x22
    m.shadow.sync()
    assert m.mem[SHR_PIXELS + 7] == 0
    m.io.write(SHADOW_REGISTER, 0x00)
    m.mem[SHR_SHADOW_SOURCE + 8] = 0x33
    m.shadow.sync()
    assert m.mem[SHR_PIXELS + 8] == 0x33


def test_wai_in_a_live_window_shows_each_frame_for_a_tick():
    # Programs pace animation with WAI (one vertical blank each). With a window, each
    # WAI presents the frame and waits out the tick in real time; headless, it only
    # advances the clock.
    #   loop: WAI ; BRA loop
    code = bytes([0xCB, 0x80, 0xFD])
    for host, paced in ((PacedHost(), True), (HeadlessHost(), False)):
        m = Machine(host=host)
        m.mem[0x020000:0x020000 + len(code)] = code
        m.cpu.e, m.cpu.pbr, m.cpu.pc = 0, 0x02, 0x0000
        assert m.run(max_cycles=8 * CYCLES_PER_TICK) == "cycles"
        assert m.ticks == 8                          # one tick per WAI
        if paced:
            assert host.waited >= 7 / 60 and host.presents >= 8
        else:
            assert host.presents == 0


def test_waiting_ticks_translate_hot_code_and_change_no_cycle(build_program, monkeypatch):
    # The event loop's blocks become hot over the first idle ticks; the waiting ticks
    # translate them (none on the first tick after input), and every tick's cycle count
    # is the same as a machine that gives translation no idle time at all.
    from iigs import machine as machine_module, tiers
    data, _ = build_program("machine_events")
    made: list[int] = []

    def counted(cpu, seconds):
        n = tiers.translate_pending(cpu, seconds)
        made.append(n)
        return n
    monkeypatch.setattr(machine_module, "translate_pending", counted)
    timelines = []
    for budget in (machine_module.IDLE_TRANSLATION_S, 0.0):
        monkeypatch.setattr(machine_module, "IDLE_TRANSLATION_S", budget)
        made.clear()
        host = HeadlessHost()
        m = Machine(host=host)
        m.load(data)
        timeline = []
        for _ in range(8):
            assert m.run(max_cycles=1_000_000) == "idle"
            timeline.append((m.cpu.processorCycles, m.ticks))
        if budget:
            assert sum(made) > 0 and not m.cpu.translate_later
            host.push(HostInput("move", 10, 10))
            made.clear()
            assert m.run(max_cycles=1_000_000) == "idle"
            assert made == []                       # the first wait after input: none
        else:
            assert m.cpu.translate_later            # candidates left waiting
        timelines.append(timeline)
    assert timelines[0] == timelines[1]
