"""Mouse and ADB data interrupts (iigs/interrupts.py, the ADB GLU in iigs/io.py):
`programs/machine_mouse_irq.asm` steers a sprite from its mouse interrupt handler
(SetVector $0D, $C027 bit 6) and quits from its ADB data interrupt handler (SetVector
$14, $C027 bit 4) when a key comes, driven by `--mouse` and `--keys` steps at emulated
times as the runner gives them. Each pair of deltas is one interrupt (63 counts at
most a read: motion left over raises it again); the run is the same twice and in both
CPU tiers."""
from __future__ import annotations

from iigs import video
from system.runner import _keyed_host
from iigs.interrupts import SOURCES
from iigs.machine import CPU_HZ, CYCLES_PER_TICK
from iigs.memory import read_word
from iigs.options import keys_option, mouse_option
from system.machine import Machine

MOUSE = ["0.5:100,50", "1:200,80,down"]   # from 320, 100: -220/-50, then +100/+30
KEY_AT = 1.2
PAIRS = 4 + 2                             # ceil(220 / 63), then ceil(100 / 63)
WHITE = (255, 255, 255)
ENTRY_CYCLES = 40


def run(build_program, irq_entries,
        tier: str) -> tuple[Machine, dict[str, int], list[int]]:
    data, labels = build_program("machine_mouse_irq")
    host = _keyed_host([keys_option(f"{KEY_AT}:q")], [mouse_option(s) for s in MOUSE])
    m = Machine(host=host)
    host.machine = m
    if tier == "run_reference":
        m.cpu.run = m.cpu.run_reference
    prog = m.load(data)
    taken = irq_entries(m)
    # the runner's loop for --keys/--mouse: each step queued at its emulated cycle
    end = 2 * CPU_HZ
    while True:
        host.due()
        now = m.elapsed_cycles
        assert now < end, "the program did not quit"
        step = host.next_at()
        left = end - now if step is None else max(1, min(end, step) - now)
        if m.run(max_cycles=left) == "quit":
            break
    names = ("PosH", "PosV", "Button", "MouseCount", "KeyCount", "IntByte", "MouseInt",
             "KeyInt")
    got = {name: read_word(m.mem, prog.entry + labels[name]) for name in names[:6]}
    got.update({name: prog.entry + labels[name] for name in names[6:]})
    return m, got, taken


def test_a_sprite_steered_by_mouse_interrupts_and_a_key_that_ends_the_game(
        build_program, irq_entries):
    m, got, taken = run(build_program, irq_entries, "run")
    assert m.interrupts.vector(SOURCES["mouse"]) == got["MouseInt"]
    assert m.interrupts.vector(SOURCES["adb_data"]) == got["KeyInt"]
    assert (got["PosH"], got["PosV"], got["Button"]) == (200, 80, 1)
    assert got["MouseCount"] == PAIRS          # one interrupt a pair of deltas
    assert got["KeyCount"] == 1 and got["IntByte"] == 0x08   # the keyboard's request
    assert len(taken) == PAIRS + 1 == m.interrupts.taken
    # each step's first interrupt within the tick its input came in, the pairs that
    # motion left over at once after each other
    for seconds, first in ((0.5, 0), (1.0, 4), (KEY_AT, PAIRS)):
        assert 0 <= taken[first] - int(seconds * CPU_HZ) <= CYCLES_PER_TICK + ENTRY_CYCLES
    for before, after in zip(taken[:3], taken[1:4]):
        assert after - before < CYCLES_PER_TICK // 4
    # the screen: the sprite where the pointer ended, nothing left behind
    frame = video.render(m.mem)
    lit = {(int(y), int(x)): tuple(int(c) for c in frame[y, x])
           for y, x in zip(*frame.any(axis=2).nonzero())}
    assert lit == {(80, 200): WHITE, (80, 201): WHITE}
    assert not m.interrupts.status and m.interrupts.km_enable == 0


def test_the_mouse_run_is_the_same_twice_and_in_both_tiers(
        build_program, irq_entries, same_in_tiers):
    same_in_tiers(lambda tier: run(build_program, irq_entries, tier))


# -- after EMStartUp: the host's moves still reach the register its handler reads --------
CODE, HANDLER, COUNTER = 0x2000, 0x3100, 0x3000
SPIN = bytes([0x58, 0x80, 0xFE])                         # CLI; loop: BRA loop
READ_PAIR = bytes([0xAD, 0x24, 0xC0, 0xAD, 0x24, 0xC0,   # LDA $C024 (X); LDA $C024 (Y)
                   0xEE, 0x00, 0x30, 0x18, 0x6B])         # INC COUNTER; CLC; RTL
EM_START_UP, SET_VECTOR, KM_MOUSE_INT = 0x0206, 0x1003, 0x40


def test_mouse_interrupts_come_after_em_start_up_without_a_register_poll():
    from iigs.host import HeadlessHost
    from iigs.hostinput import HostInput
    from toolbox.calls import TOOL_TABLE
    from toolcall import call_row
    host = HeadlessHost()
    m = Machine(host=host)
    m.mem[CODE:CODE + len(SPIN)] = SPIN
    m.mem[HANDLER:HANDLER + len(READ_PAIR)] = READ_PAIR
    cpu = m.cpu
    cpu.e, cpu.p, cpu.pbr, cpu.dbr, cpu.pc, cpu.sp, cpu.d = 0, 0x34, 0, 0, CODE, 0x1FF0, 0
    assert call_row(m, TOOL_TABLE[EM_START_UP], 0x0300, 20, 0, 639, 0, 199, 0x1001)[0] == 0
    assert call_row(m, TOOL_TABLE[SET_VECTOR], SOURCES["mouse"], HANDLER)[0] == 0
    m.io.write(0x00C027, KM_MOUSE_INT)
    m.run(max_cycles=CYCLES_PER_TICK)                     # spinning: reads no register
    host.push(HostInput("move", 330, 95))                 # +10, -5 from 320, 100
    m.run(max_cycles=2 * CYCLES_PER_TICK)
    assert m.mem[COUNTER] == 1 and m.io.adb.mouse.position == (330, 95)
    assert not m.io.adb.mouse.data_ready and not m.interrupts.status
