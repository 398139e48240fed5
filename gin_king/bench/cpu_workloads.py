"""The CPU benchmark's workloads: 65816 code in the shapes a C compiler and a game emit.

Each builder returns a `Workload`: a 16 MB memory image and the CPU state to start from.
- `compiled`: C-shaped code as ORCA/C and WDC C emit it: functions that open a direct-page
  frame (PHD, TSC/SBC/TCS/TCD) and close it (TSC/ADC/TCS, PLD, RTL), arguments pushed with
  PEA/PHA and popped by the caller, `SEP #$20`/`REP #$20` around byte reads through a long
  pointer (`LDA [ptr],Y`), JSL/RTL to a small library routine, 32-bit arithmetic
  (ADC/INC, ASL/ROL pairs), stack-relative locals (`LDA 1,S`).
- `unrolled`: a compiled-sprite drawer: 200 sprites (by default) of 100 rows, each row its own
  straight-line block (four `LDA #data : STA screen,X` word stores into Super Hi-Res memory
  in bank $E1, the next scan line, and a row-count clip test), 20,000 distinct blocks
  that each run once a frame; the driver loop calls each sprite with a JSL whose operand
  it rewrites (self-modified code).
- `loop`: the two loops of docs/architecture.md, "Budgets" (`gin_king.bench.cpu`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from gin_king.bench.assembler import Assembler


@dataclass
class Workload:
    name: str
    memory: bytearray
    pbr: int
    pc: int


# ---------------------------------------------------------------- compiled (C-shaped)

CODE_BANK = 0x02
DATA_BANK = 0x03
BUFFER = 0x1000        # checksum input bytes ($03:1000)
RESULTS = 0x2000       # 32-bit results, one per call ($03:2000)
CALLS = 64             # checksum() calls per pass of main()
BYTES = 32             # bytes per checksum() call

# checksum()'s direct-page frame once D = S (ORCA/C's layout: locals, saved D, return
# address, then the arguments in the order pushed last-first).
SUM = 1                # long sum (locals 1-4; 5-6 unused), then the saved D (7-8)
N_ARG = 12             # int n
PTR_ARG = 14           # unsigned char *ptr (long pointer: lo, hi, bank)
LOCALS = 6


SCREEN_BANK = 0xE1   # Super Hi-Res memory


def _native_start(a: Assembler, data_bank: int) -> None:
    """A program's start: native mode, 16-bit registers, the stack at $1FFF and B =
    `data_bank` (pushed twice and pulled back one byte at a time)."""
    a.op("CLC")
    a.op("XCE")
    a.op("REP", "imm8", 0x30)
    a.op("LDA", "immm", 0x1FFF, wide=True)
    a.op("TCS")
    a.op("PEA", "pea", (data_bank << 8) | data_bank)
    a.op("PLB")
    a.op("PLB")


def compiled() -> Workload:
    mem = bytearray(1 << 24)
    rng = random.Random(40)
    mem[(DATA_BANK << 16) | BUFFER:(DATA_BANK << 16) | BUFFER + 2 * CALLS + BYTES] = \
        rng.randbytes(2 * CALLS + BYTES)
    a = Assembler(mem, CODE_BANK << 16)
    _native_start(a, DATA_BANK)                   # main()
    a.op("PHA")                                   # int i: a stack-relative local at 1,S
    a.label("forever")
    a.op("LDA", "immm", 0, wide=True)
    a.op("STA", "sr", 1)                          # i = 0
    a.label("next_i")
    a.op("PEA", "pea", DATA_BANK)                 # push &buffer[2*i] (long pointer)
    a.op("LDA", "sr", 3)
    a.op("ASL", "acc")
    a.op("CLC")
    a.op("ADC", "immm", BUFFER, wide=True)
    a.op("PHA")
    a.op("PEA", "pea", BYTES)                     # push n
    a.op("JSL", "absl", "checksum")               # X:A = checksum(ptr, n)
    a.op("TAY")
    a.op("TSC")                                   # the caller pops its 6 bytes of arguments
    a.op("CLC")
    a.op("ADC", "immm", 6, wide=True)
    a.op("TCS")
    a.op("PHX")
    a.op("PHY")
    a.op("LDA", "sr", 5)                          # results[i] = the long result
    a.op("ASL", "acc")
    a.op("ASL", "acc")
    a.op("TAX")
    a.op("PLA")
    a.op("STA", "absx", RESULTS)
    a.op("PLA")
    a.op("STA", "absx", RESULTS + 2)
    a.op("LDA", "sr", 1)                          # i++
    a.op("INC", "acc")
    a.op("STA", "sr", 1)
    a.op("CMP", "immm", CALLS, wide=True)
    a.op("BNE", "rel8", "next_i")
    a.op("BRA", "rel8", "forever")

    # long checksum(unsigned char *ptr, int n): sum = (sum + ptr[k]) << 1 for k < n.
    a.label("checksum")
    a.op("PHD")                                   # prologue: open a direct-page frame
    a.op("TSC")
    a.op("SEC")
    a.op("SBC", "immm", LOCALS, wide=True)
    a.op("TCS")
    a.op("TCD")
    a.op("STZ", "dp", SUM)                        # sum = 0
    a.op("STZ", "dp", SUM + 2)
    a.op("LDY", "immx", 0, wide=True)
    a.label("byte")
    a.op("SEP", "imm8", 0x20)                     # byte work in 8 bits
    a.op("LDA", "dpily", PTR_ARG)                 # ptr[k]
    a.op("REP", "imm8", 0x20)
    a.op("AND", "immm", 0x00FF, wide=True)
    a.op("JSL", "absl", "add4")                   # sum += A (library routine)
    a.op("ASL", "dp", SUM)                        # sum <<= 1 (32 bits)
    a.op("ROL", "dp", SUM + 2)
    a.op("INY")
    a.op("TYA")
    a.op("CMP", "dp", N_ARG)
    a.op("BNE", "rel8", "byte")
    a.op("LDX", "dp", SUM + 2)                    # the long result in X:A
    a.op("LDY", "dp", SUM)
    a.op("TSC")                                   # epilogue: close the frame
    a.op("CLC")
    a.op("ADC", "immm", LOCALS, wide=True)
    a.op("TCS")
    a.op("PLD")
    a.op("TYA")
    a.op("RTL")

    # add4: the long at dp SUM += A (a library routine on the caller's frame).
    a.label("add4")
    a.op("CLC")
    a.op("ADC", "dp", SUM)
    a.op("STA", "dp", SUM)
    a.op("BCC", "rel8", "add4_done")
    a.op("INC", "dp", SUM + 2)
    a.label("add4_done")
    a.op("RTL")
    a.assemble()
    return Workload("compiled", mem, CODE_BANK, 0x0000)


# ---------------------------------------------------------------- unrolled (compiled sprites)

SPRITES = 200
ROWS = 100             # rows per sprite: 20,000 row blocks
WORDS = 4              # 16-bit stores per row
SCREEN = 0x2000        # Super Hi-Res pixels, bank $E1
LINE = 160             # bytes per scan line
SPRITE_BANK = 0x10     # sprites fill banks $10 and up
DRIVER = 0x8000        # the driver at $02:8000, its sprite table after it
INDEX = 0x80           # direct-page word: the sprite index * 4


def frame_cycles(sprites: int = SPRITES) -> int:
    """About the cycles of one frame (every sprite drawn once): a row is 4 x (3 + 6)
    for the stores, 9 for the next line and 5 for the clip test; the driver's call
    about 60 with the sprite's RTL."""
    return sprites * (ROWS * (WORDS * 9 + 9 + 5) + 60)


def _compiled_sprite(mem: bytearray, origin: int, rng: random.Random) -> int:
    """One compiled sprite at `origin` (X: its place on the screen, Y: rows to draw,
    called with JSL); returns the address after it. Its first instruction is an
    `LDA #data` whose operand a game may rewrite."""
    s = Assembler(mem, origin)
    for row in range(ROWS):
        for word in range(WORDS):
            s.op("LDA", "immm", rng.randrange(0x10000), wide=True)
            s.op("STA", "absx", SCREEN + 2 * word)
        s.op("TXA")                           # the next scan line
        s.op("CLC")
        s.op("ADC", "immm", LINE, wide=True)
        s.op("TAX")
        s.op("DEY")                           # clip: rows left to draw
        s.op("BNE", "rel8", f"row{row + 1}")
        s.op("RTL")
        s.label(f"row{row + 1}")
    s.assemble()
    return s.pc


def unrolled(sprites: int = SPRITES) -> Workload:
    mem = bytearray(1 << 24)
    rng = random.Random(41)
    addresses = []
    bank, at = SPRITE_BANK, 0
    row_bytes = WORDS * 6 + 6 + 4
    for _ in range(sprites):
        if at + ROWS * row_bytes > 0x10000:
            bank, at = bank + 1, 0
        addresses.append((bank << 16) | at)
        at = _compiled_sprite(mem, (bank << 16) | at, rng) & 0xFFFF

    a = Assembler(mem, (CODE_BANK << 16) | DRIVER)
    _native_start(a, SCREEN_BANK)
    a.label("frame")
    a.op("STZ", "dp", INDEX)
    a.label("sprite")
    a.op("LDX", "dp", INDEX)
    a.op("LDA", "abslx", "table")                 # the sprite's address ...
    a.op("STA", "absl", "call", offset=1)         # ... into the JSL's operand
    a.op("SEP", "imm8", 0x20)
    a.op("LDA", "abslx", "table", offset=2)
    a.op("STA", "absl", "call", offset=3)
    a.op("REP", "imm8", 0x20)
    a.op("TXA")                                   # its place on the screen
    a.op("AND", "immm", 0x007E, wide=True)
    a.op("TAX")
    a.op("LDY", "immx", ROWS, wide=True)
    a.label("call")
    a.op("JSL", "absl", 0)
    a.op("LDA", "dp", INDEX)
    a.op("CLC")
    a.op("ADC", "immm", 4, wide=True)
    a.op("STA", "dp", INDEX)
    a.op("CMP", "immm", 4 * sprites, wide=True)
    a.op("BNE", "rel8", "sprite")
    a.op("BRA", "rel8", "frame")
    a.label("table")
    for address in addresses:
        a.data(address.to_bytes(4, "little"))
    a.assemble()
    return Workload("unrolled", mem, CODE_BANK, DRIVER)


# ---------------------------------------------------------------- a frame-driven game loop

GAME_SPRITES = 8       # sprites drawn each frame
IIGS_HZ = 2_800_000    # a IIGS's CPU clock (fast mode)
FRAME = IIGS_HZ // 60  # cycles in a 60 Hz frame
# The VBL wait: `DEX : BNE` (5 cycles) until the frame's cycles are used.
GAME_WAIT = (FRAME - GAME_SPRITES * (ROWS * (WORDS * 9 + 9 + 5) + 14 + 16) - 20) // 5


def game(sprites: int = GAME_SPRITES) -> Workload:
    """A game's frame, 60 times a second: the sprites' generated code is rewritten
    (each sprite's first `LDA #data` operand stepped, as a game changes its frames of
    animation), the sprites are drawn by it, then the program waits for the vertical
    blank in a counting loop until the frame's cycles are used."""
    mem = bytearray(1 << 24)
    rng = random.Random(42)
    patches = []
    at = SPRITE_BANK << 16
    for _ in range(sprites):
        patches.append(at + 1)                 # the first LDA #data's operand
        at = _compiled_sprite(mem, at, rng)
    a = Assembler(mem, (CODE_BANK << 16) | DRIVER)
    _native_start(a, SCREEN_BANK)
    a.label("frame")
    for patch in patches:                      # rewrite the sprites' code
        a.op("LDA", "absl", patch)
        a.op("INC", "acc")
        a.op("STA", "absl", patch)
    for n, patch in enumerate(patches):        # draw them
        a.op("LDX", "immx", (n * 16) & 0x7E, wide=True)
        a.op("LDY", "immx", ROWS, wide=True)
        a.op("JSL", "absl", patch - 1)
    a.op("LDX", "immx", GAME_WAIT, wide=True)  # wait for the vertical blank
    a.label("vbl")
    a.op("DEX")
    a.op("BNE", "rel8", "vbl")
    a.op("BRL", "rel16", "frame")
    a.assemble()
    return Workload("game", mem, CODE_BANK, DRIVER)


def loop(program: bytes, origin: int, name: str) -> Workload:
    mem = bytearray(1 << 24)
    mem[origin:origin + len(program)] = program
    return Workload(name, mem, origin >> 16, origin & 0xFFFF)
