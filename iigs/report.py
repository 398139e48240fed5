"""The "system death" report: what the machine shows instead of a Python traceback.

Modelled on the IIGS's own fatal-error screen (Toolbox Reference vol. 1, ch. 14,
SysFailMgr: "a message, the error code, and the machine is stopped") and on GSBug's
register line: a title, the registers, the tool or GS/OS call involved, a disassembly
around the place it happened, the last tool calls and the top of the stack.

`MachineError` carries the report text; `render_report` draws the same text into the
Super Hi-Res buffer (640 mode, white on blue) so the player sees it on screen.
"""
from __future__ import annotations

from typing import Any, Iterable

from iigs.memory import SHR_PALETTES, SHR_PIXELS, SHR_SCB, is_mapped

# How much of the call log and the stack a report shows
REPORT_CALLS = 8
REPORT_STACK_BYTES = 16
REPORT_LISTING = 8
REPORT_LEAD_BYTES = 12           # how far back the listing may start before the fault
REPORT_LEAD_INSTRUCTIONS = 4


class MachineError(Exception):
    """The machine stopped on something the program did wrong; `.report` says what."""

    def __init__(self, title: str, report: str) -> None:
        super().__init__(title)
        self.title = title
        self.report = report

    def __str__(self) -> str:
        return self.report


def system_text(raw: bytes) -> str:
    """Text as the IIGS's system prints it (the fatal-error screen, the CDA menu):
    bit 7 of each character is ignored, so "normal" and high-bit ASCII read alike."""
    return bytes(c & 0x7F for c in raw).decode("ascii")


class SystemFailure(Exception):
    """Raised by tool code that must stop the machine (SysFailMgr): code and message."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(f"${code:04X} {message}")
        self.code = code & 0xFFFF
        self.message = message


def _lead_in(mem: Any, addr: int, m: int, x: int, disassemble: Any) -> int:
    """A start address before `addr` whose instructions run exactly onto `addr`.

    65816 code cannot be decoded backwards for certain; trying every start up to
    REPORT_LEAD_BYTES back and keeping the farthest one that lands on `addr` within
    REPORT_LEAD_INSTRUCTIONS instructions is right for ordinary straight-line code."""
    for back in range(REPORT_LEAD_BYTES, 0, -1):
        start = (addr & 0xFF0000) | ((addr - back) & 0xFFFF)
        if (addr & 0xFFFF) < back:
            continue
        pc = start
        for addr_, raw, _ in disassemble(mem, start, m, x, REPORT_LEAD_INSTRUCTIONS):
            if addr_ == addr:
                return start
            pc = addr_ + len(raw)
            if pc > addr:
                break
        if pc == addr:
            return start
    return addr


def _listing(mem: Any, addr: int, m: int, x: int, count: int) -> list[str]:
    try:
        from iigs.disasm import disassemble, format_listing
    except ImportError:          # the disassembler is optional for a report
        return [f"{addr >> 16:02X}/{addr & 0xFFFF:04X}: "
                + " ".join(f"{mem[(addr + i) & 0xFFFFFF]:02X}" for i in range(12))]
    if not is_mapped(addr):
        return [f"{addr >> 16:02X}/{addr & 0xFFFF:04X}: (unmapped memory)"]
    start = _lead_in(mem, addr, m, x, disassemble)
    listing = disassemble(mem, start, m, x, count + REPORT_LEAD_INSTRUCTIONS)
    lines = []
    for a, raw, text in listing:
        if a > addr and len(lines) >= count + sum(1 for b, _, _ in listing if b < addr):
            break
        marker = "> " if a == addr else "  "
        lines.append(marker + format_listing([(a, raw, text)]))
    return lines


def _registers(cpu: Any) -> str:
    try:
        from iigs.disasm import format_registers
        return format_registers(cpu)
    except ImportError:
        return (f"PC={cpu.pbr:02X}/{cpu.pc:04X} A={cpu.a:04X} X={cpu.x:04X} "
                f"Y={cpu.y:04X} S={cpu.sp:04X} D={cpu.d:04X} DBR={cpu.dbr:02X} "
                f"P={cpu.p:02X} E={cpu.e}")


def build_report(cpu: Any, mem: Any, title: str, *, where: int | None = None,
                 details: Iterable[str] = (), calls: Iterable[str] = (),
                 missing: Iterable[str] = ()) -> str:
    """The report text.

    where:   the address to disassemble from (the faulting instruction or the caller's
             JSL); defaults to the CPU's PC
    details: lines that explain the failure (tool number, caller, stack bounds ...)
    calls:   the most recent tool-call log lines, oldest first
    missing: the tool calls the program made that the toolbox lacks (answered with a
             Tool Locator error), one line each
    """
    if where is None:
        where = (cpu.pbr << 16) | cpu.pc
    m = 1 if cpu.e or cpu.p & 0x20 else 0
    x = 1 if cpu.e or cpu.p & 0x10 else 0
    lines = ["*** SYSTEM FAILURE ***", title, ""]
    lines += list(details)
    if lines[-1]:
        lines.append("")
    lines.append("Registers: " + _registers(cpu))
    lines.append("")
    lines.append(f"Code at {where >> 16:02X}/{where & 0xFFFF:04X}:")
    lines += _listing(mem, where, m, x, REPORT_LISTING)
    sp = cpu.sp & 0xFFFF
    stack = " ".join(f"{mem[(sp + 1 + i) & 0xFFFF]:02X}" for i in range(REPORT_STACK_BYTES))
    lines.append("")
    lines.append(f"Stack from 00/{(sp + 1) & 0xFFFF:04X}: {stack}")
    recent = list(calls)[-REPORT_CALLS:]
    if recent:
        lines.append("")
        lines.append("Last tool calls:")
        lines += ["  " + c for c in recent]
    lines += missing_lines(missing)
    return "\n".join(lines)


def missing_lines(missing: Iterable[str]) -> list[str]:
    """The 'Missing tool calls' section of a report (empty when there are none)."""
    missing = list(missing)
    if not missing:
        return []
    return ["", f"Missing tool calls ({len(missing)}, answered with a Tool Locator error):",
            *("  " + m for m in missing)]


# -- on screen ----------------------------------------------------------------------------

# 640-mode colours of the report screen (palette 15 of the SHR buffer).
_REPORT_PALETTE = 15
_BLUE, _WHITE = 0x0009, 0x0FFF
_LINE_HEIGHT = 8
_LEFT = 4
_CELL = 6                        # monospaced cell width for the system font


def render_report(mem: bytearray, text: str) -> None:
    """Draw the report into Super Hi-Res: 640 mode, white text on blue.

    Uses the system font of `iigs.font` when it is present, else pygame's default
    font, rasterised to one bit per pixel. Lines past the bottom are dropped.
    """
    import numpy as np
    width, height = 640, 200
    ink = np.zeros((height, width), dtype=bool)
    for row, line in enumerate(text.splitlines()):
        top = 2 + row * _LINE_HEIGHT
        if top + _LINE_HEIGHT > height:
            break
        bits = _text_bits(line)
        h, w = bits.shape
        w = min(w, width - _LEFT)
        h = min(h, _LINE_HEIGHT)
        ink[top:top + h, _LEFT:_LEFT + w] |= bits[:h, :w]
    # 640 mode: 4 pixels per byte, 2 bits each, leftmost in bits 7-6 (Hardware Reference ch. 4).
    # Colour 0 = blue, colour 3 = white in this palette (entries 0-3 and repeats).
    values = np.where(ink, 3, 0).astype(np.uint8).reshape(height, width // 4, 4)
    packed = (values[:, :, 0] << 6) | (values[:, :, 1] << 4) | (values[:, :, 2] << 2) \
        | values[:, :, 3]
    mem[SHR_PIXELS:SHR_PIXELS + 32000] = packed.astype(np.uint8).tobytes()
    mem[SHR_SCB:SHR_SCB + height] = bytes([0x80 | _REPORT_PALETTE]) * height
    palette = SHR_PALETTES + 32 * _REPORT_PALETTE
    for i in range(16):
        colour = _WHITE if i % 4 == 3 else _BLUE
        mem[palette + 2 * i] = colour & 0xFF
        mem[palette + 2 * i + 1] = colour >> 8


def _text_bits(line: str):
    """One line of ink. With the system font each character gets a fixed 6-pixel cell
    (its widest glyph is 5), so the report's columns line up as in a debugger."""
    import numpy as np
    try:
        from iigs import font
    except ImportError:
        font = None
    if font is not None:
        codes = font.encode(line)
        out = np.zeros((font.HEIGHT, _CELL * len(codes)), dtype=bool)
        for i, code in enumerate(codes):
            bits = font.glyph(code).bits[:, :_CELL]
            out[:bits.shape[0], i * _CELL:i * _CELL + bits.shape[1]] = bits
        return out
    import pygame
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.font.Font(None, 11).render(line or " ", False, (255, 255, 255))
    return np.asarray(pygame.surfarray.array_red(surface)).T > 127
