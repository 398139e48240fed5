"""The I/O page and the memory map of banks $00, $01, $E0 and $E1.

Follows the *Apple IIGS Hardware Reference* (2nd ed.): the memory chapter (the I/O page
$C000-$C0FF of banks $00/$01/$E0/$E1, the language card, RAMRD/RAMWRT, shadowing and the
SHADOW register $C035), the video chapter (NEWVIDEO $C029, the border colour $C034, the
vertical and horizontal counters $C02E/$C02F, VBL), the keyboard and ADB chapters (the
latch $C000/$C010, KEYMODREG, the GLU registers) and its soft-switch tables. `IO_PAGE`
below is that table, one row per address, handlers named by address and soft-switch
name.

How the CPU sees it (the contract `iigs.cpu` and `iigs.cpu_fast` keep):
- `IOPage.rpages` / `wpages`: one flag byte per 256-byte page of the 24-bit space for
  reads / writes. 0 = plain RAM: the byte in the memory bytearray is the byte the CPU
  sees. Otherwise the access goes through `read_byte(addr)` / `write_byte(addr,
  value)`: `MAPPED` (1) = the page is remapped or shadowed (RAMRD/RAMWRT, the language
  card, Super Hi-Res shadowing); `IO` (2) = the I/O page, whose handlers run.
- `timed[low]`: 1 for the I/O registers whose read depends on the exact cycle (VBL,
  the video counters). The CPU reads them at the cycle its instruction starts
  (`clock()`; translated code passes it, see `iigs.cpu_fast.timed_read`).
- Every write to the I/O page, and a read of `leaves[low]` (PAGE2/HIRES, the language
  card), may reshape the map: translated code hands that instruction to the reference
  interpreter (`iigs.cpu_fast.io_exit`) and picks its tables again after it.
- `rare_map`: True when bank $00 below $C000 or the language card is remapped. The
  stack and the pointers of indirect modes then go through `stack` (`stack_read` /
  `stack_write`: remapped pages followed, the I/O page not); in the common map they
  are plain RAM, which translated code relies on (it is a key of its tables).
- `rpages2` / `wpages2`: the same for a 16-bit access starting in a page: the flags of
  that page OR the next (and, for the last page of a bank, the bank's first page,
  where direct-page and stack accesses wrap). `map_read16` / `map_write16` do such an
  access byte by byte.
The flags change in place when a soft switch changes the map, so code that bound the
bytearrays once sees every change.

What is not modelled (the switches are kept and read back): Apple II text and hi-res
shadowing into $E0/$E1 (bank $E0 holds the Memory Manager's records here, and only
Super Hi-Res is shown), ALTZP (bank $00's zero page and stack stay in bank $00), the
instruction fetch and the interrupt vectors (always bank RAM), slot ROM ($C100-$CFFF
reads RAM), the 1 MHz speed. See docs/compatibility.md.
"""
from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from iigs.doc import DOC
from iigs.glu import SoundGLU
from iigs.interrupts import Interrupts
from iigs.adb import AdbBus
from iigs.stale_clock import StaleClock

if TYPE_CHECKING:
    from iigs.hostinput import HostInput

log = logging.getLogger("iigs.io")

MAPPED = 1                  # page flag: remapped or shadowed RAM
IO = 2                      # page flag: the I/O page
PAGES = 1 << 16             # 256-byte pages in the 24-bit space

IO_BANKS = (0x00, 0x01, 0xE0, 0xE1)
FLOATING_BUS = 0x00         # what an address nothing answers reads as, here

# SHADOW $C035 bits (Hardware Reference, "Shadow register"): a 1 inhibits shadowing.
SHADOW_TEXT1 = 0x01
SHADOW_HIRES1 = 0x02
SHADOW_HIRES2 = 0x04
SHADOW_SHR = 0x08
SHADOW_AUX_HIRES = 0x10
SHADOW_TEXT2 = 0x20
SHADOW_IOLC = 0x40          # 1: banks $00/$01 $C000-$FFFF are plain RAM
# Power-on value here: Super Hi-Res shadowed, the Apple II pages inhibited (this
# machine does not shadow them; the register says so).
SHADOW_DEFAULT = SHADOW_TEXT1 | SHADOW_HIRES1 | SHADOW_HIRES2 | SHADOW_AUX_HIRES | SHADOW_TEXT2

# STATEREG $C068 bits.
ST_ALTZP, ST_PAGE2, ST_RAMRD, ST_RAMWRT = 0x80, 0x40, 0x20, 0x10
ST_RDROM, ST_LCBNK2, ST_ROMBANK, ST_INTCXROM = 0x08, 0x04, 0x02, 0x01
# Power-on value here: language card RAM bank 2 read (and write enabled), i.e. bank $00
# $D000-$FFFF is plain RAM, as the toolbox of this machine expects.
STATEREG_DEFAULT = ST_LCBNK2

STATEREG_BITS = {"ALTZP": ST_ALTZP, "PAGE2": ST_PAGE2, "RAMRD": ST_RAMRD,
                 "RAMWRT": ST_RAMWRT, "RDROM": ST_RDROM, "LCBNK2": ST_LCBNK2,
                 "ROMBANK": ST_ROMBANK, "INTCXROM": ST_INTCXROM}
MAP_FLAGS = frozenset({"80STORE", "HIRES"})      # other switches that shape the map

# $C000-$C00F written: (switch, on) (Hardware Reference, soft-switch tables).
WRITE_SWITCHES = {
    0x00: ("80STORE", False), 0x01: ("80STORE", True),       # CLR80STORE, SET80STORE
    0x02: ("RAMRD", False), 0x03: ("RAMRD", True),           # RDMAINRAM, RDCARDRAM
    0x04: ("RAMWRT", False), 0x05: ("RAMWRT", True),         # WRMAINRAM, WRCARDRAM
    0x06: ("INTCXROM", False), 0x07: ("INTCXROM", True),     # SETSLOTCXROM, SETINTCXROM
    0x08: ("ALTZP", False), 0x09: ("ALTZP", True),           # SETSTDZP, SETALTZP
    0x0A: ("SLOTC3ROM", False), 0x0B: ("SLOTC3ROM", True),   # SETINTC3ROM, SETSLOTC3ROM
    0x0C: ("80VID", False), 0x0D: ("80VID", True),           # CLR80VID, SET80VID
    0x0E: ("ALTCHAR", False), 0x0F: ("ALTCHAR", True),       # CLRALTCHAR, SETALTCHAR
}
# $C011-$C01F read: bit 7 = (switch, inverted) ($C019 RDVBLBAR is the clock's).
STATUS_SWITCHES = {
    0x11: ("LCBNK2", False), 0x12: ("RDROM", True), 0x13: ("RAMRD", False),
    0x14: ("RAMWRT", False), 0x15: ("INTCXROM", False), 0x16: ("ALTZP", False),
    0x17: ("SLOTC3ROM", False), 0x18: ("80STORE", False), 0x1A: ("TEXT", False),
    0x1B: ("MIXED", False), 0x1C: ("PAGE2", False), 0x1D: ("HIRES", False),
    0x1E: ("ALTCHAR", False), 0x1F: ("80VID", False),
}
# $C050-$C057, any access: (switch, on).
DISPLAY_SWITCHES = {
    0x50: ("TEXT", False), 0x51: ("TEXT", True),             # TXTCLR, TXTSET
    0x52: ("MIXED", False), 0x53: ("MIXED", True),           # MIXCLR, MIXSET
    0x54: ("PAGE2", False), 0x55: ("PAGE2", True),           # TXTPAGE1, TXTPAGE2
    0x56: ("HIRES", False), 0x57: ("HIRES", True),           # LORES, HIRES
}

NEWVIDEO_SHR = 0x80         # Super Hi-Res on
NEWVIDEO_LINEAR = 0x40
NEWVIDEO_MONO = 0x20
NEWVIDEO_BANK_LATCH = 0x01
NEWVIDEO_DEFAULT = NEWVIDEO_SHR | NEWVIDEO_LINEAR | NEWVIDEO_BANK_LATCH

CYAREG_FAST = 0x80          # $C036 bit 7: fast speed
CYAREG_DEFAULT = CYAREG_FAST

SHR_SHADOW_PAGES = range(0x0120, 0x01A0)   # bank $01 $2000-$9FFF -> $E1
COMMON_PHYS = list(range(0x200))           # banks $00/$01 as themselves: the common map
ROM_BANK = 0xFF             # where language-card ROM reads go (no ROM image here: zeros)

# Video timing (Hardware Reference, video chapter): 262 lines of 65 horizontal counts a frame,
# 60 frames a second; the machine's 60 Hz tick is the start of vertical blanking.
LINES_PER_FRAME = 262
COUNTS_PER_LINE = 65
SHR_LINES = 200
APPLE2_LINES = 192

# $C027 KMSTATUS bits (Hardware Reference, "ADB GLU"; read as KEGS and Clemens do).
KMSTATUS_MOUSE_FULL, KMSTATUS_MOUSE_Y, KMSTATUS_KEY_FULL = 0x80, 0x02, 0x08
KMSTATUS_ENABLES = 0x54             # mouse, data and keyboard interrupt enables

# $C025 KEYMODREG bits.
KEYMOD_COMMAND, KEYMOD_OPTION, KEYMOD_KEYPAD = 0x80, 0x40, 0x10
KEYMOD_CAPS, KEYMOD_CONTROL, KEYMOD_SHIFT = 0x04, 0x02, 0x01
KEYBOARD_BUFFER = 256       # keys the latch holds while the program has not read them


class Keyboard:
    """The keyboard latch: $C000 (the key in bits 0-6, the strobe in bit 7) and $C010
    (reading or writing clears the strobe; bit 7 of the read is any-key-down).

    Fed by the host (the Event Manager's key input passes every key here too) and by
    scripts: `press("RUN\\r")`. Keys that arrive while the strobe is still set wait
    in order (the ADB keyboard's buffer) and latch one by one as the program clears
    the strobe. A pressed key counts as down until the host says it went up
    (`release`) or, for a tap, until the program has taken it (cleared the strobe).

    Each key pressed has a number (`press` returns it): a key is taken once, by the
    program (clearing the strobe) or by the Event Manager (`take`, as its keyboard
    handler on a IIGS reads $C000 and clears the strobe when it posts the key-down
    event), never by both.
    """

    def __init__(self) -> None:
        self.key = 0
        self.strobe = False
        self.on_latch: Callable[[], None] | None = None   # a key latched (its interrupt)
        self.held = False
        self.modifiers = 0           # KEYMODREG bits
        self.pending: deque[int] = deque()
        self.latched = 0             # number of the key the strobe is set for
        self.waiting: deque[int] = deque()     # numbers of the `pending` keys
        self.flushed: set[int] = set()         # numbers `flush` took out of the latch
        self.presses = 0

    def press(self, keys: "str | bytes | int", modifiers: int = 0) -> int:
        """Type `keys` (a character, a string, bytes or one IIGS key code; "\\n" is
        Return): each key latches with its strobe set. Returns the last key's number
        (0 when the buffer was full and it was lost)."""
        if isinstance(keys, int):
            codes = [keys & 0x7F]
        else:
            data = keys.encode("latin-1") if isinstance(keys, str) else bytes(keys)
            codes = [0x0D if b == 0x0A else b & 0x7F for b in data]
        self.modifiers = modifiers & 0xFF
        number = 0
        for code in codes:
            self.presses += 1
            number = self.presses
            if not self.strobe:
                self._latch(code, number)
            elif len(self.pending) < KEYBOARD_BUFFER:
                self.pending.append(code)
                self.waiting.append(number)
            else:
                number = 0
        return number

    def take(self, number: int) -> bool:
        """The Event Manager takes key `number`: True when it was still waiting (it is
        gone from the latch now), False when the program took it first."""
        if number and self.strobe and number == self.latched:
            self.clear_strobe()
            return True
        if number in self.flushed:         # out of the latch, never read by the program
            self.flushed.discard(number)
            return True
        if number in self.waiting:
            index = self.waiting.index(number)
            del self.waiting[index]
            del self.pending[index]
            return True
        return False

    def hold(self, held: bool) -> None:
        """The host's report that a key is (still) down or went up."""
        self.held = held

    def release(self) -> None:
        self.held = False

    @property
    def any_key_down(self) -> bool:
        return self.held or self.strobe

    def data(self) -> int:
        """$C000: the key, bit 7 = strobe."""
        return self.key | (0x80 if self.strobe else 0)

    def clear_strobe(self) -> int:
        """$C010: clear the strobe (the next buffered key latches); returns
        any-key-down in bit 7 and the key, as read before the clear."""
        value = self.key | (0x80 if self.any_key_down else 0)
        self.strobe, self.latched = False, 0
        if self.pending:
            self._latch(self.pending.popleft(),
                        self.waiting.popleft() if self.waiting else 0)
        return value

    def _latch(self, code: int, number: int) -> None:
        """Key `code` (the host's press `number`, 0: none known) into the latch."""
        self.key, self.strobe, self.latched = code, True, number
        if self.on_latch is not None:
            self.on_latch()

    def flush(self) -> None:
        """Forget the keys not yet taken (the CDA menu took them from the firmware):
        out of the latch, but still the Event Manager's to take (`take`)."""
        self.flushed.update(n for n in (self.latched, *self.waiting) if n)
        self.strobe, self.latched = False, 0
        self.pending.clear()
        self.waiting.clear()


def modifiers_from_event(event_modifiers: int) -> int:
    """KEYMODREG bits from an Event Manager `modifiers` word (Toolbox Reference)."""
    bits = 0
    for event_bit, reg_bit in ((0x0100, KEYMOD_COMMAND), (0x0800, KEYMOD_OPTION),
                               (0x2000, KEYMOD_KEYPAD), (0x0400, KEYMOD_CAPS),
                               (0x1000, KEYMOD_CONTROL), (0x0200, KEYMOD_SHIFT)):
        if event_modifiers & event_bit:
            bits |= reg_bit
    return bits


@dataclass(frozen=True)
class Switch:
    """One row of the I/O page table."""
    address: int                     # $C000-$C0FF
    name: str                        # the Hardware Reference's name(s)
    read: str | None                 # IOPage method for a read (None: floating bus)
    write: str | None                # IOPage method for a write (None: ignored)
    here: str                        # what it does on this machine


def _rows() -> list[Switch]:
    rows = [
        Switch(0xC000, "KBD / CLR80STORE", "r_C000_KBD", "w_C000_SWITCHES",
               "key and strobe (bit 7) from the host and scripts; write: 80STORE off"),
        Switch(0xC001, "KBD / SET80STORE", "r_C000_KBD", "w_C000_SWITCHES",
               "read: keyboard; write: 80STORE on (PAGE2 picks text/hi-res page)"),
        Switch(0xC002, "KBD / RDMAINRAM", "r_C000_KBD", "w_C000_SWITCHES",
               "write: RAMRD off (bank $00 $0200-$BFFF reads bank $00)"),
        Switch(0xC003, "KBD / RDCARDRAM", "r_C000_KBD", "w_C000_SWITCHES",
               "write: RAMRD on (bank $00 $0200-$BFFF reads bank $01)"),
        Switch(0xC004, "KBD / WRMAINRAM", "r_C000_KBD", "w_C000_SWITCHES",
               "write: RAMWRT off"),
        Switch(0xC005, "KBD / WRCARDRAM", "r_C000_KBD", "w_C000_SWITCHES",
               "write: RAMWRT on (bank $00 $0200-$BFFF writes go to bank $01, shadowed)"),
        Switch(0xC006, "KBD / SETSLOTCXROM", "r_C000_KBD", "w_C000_SWITCHES",
               "write: INTCXROM off (kept; slot ROM space is RAM here)"),
        Switch(0xC007, "KBD / SETINTCXROM", "r_C000_KBD", "w_C000_SWITCHES",
               "write: INTCXROM on (kept)"),
        Switch(0xC008, "KBD / SETSTDZP", "r_C000_KBD", "w_C000_SWITCHES",
               "write: ALTZP off"),
        Switch(0xC009, "KBD / SETALTZP", "r_C000_KBD", "w_C000_SWITCHES",
               "write: ALTZP on (kept and read back; zero page/stack stay in bank $00)"),
        Switch(0xC00A, "KBD / SETINTC3ROM", "r_C000_KBD", "w_C000_SWITCHES", "kept"),
        Switch(0xC00B, "KBD / SETSLOTC3ROM", "r_C000_KBD", "w_C000_SWITCHES", "kept"),
        Switch(0xC00C, "KBD / CLR80VID", "r_C000_KBD", "w_C000_SWITCHES", "40-column text"),
        Switch(0xC00D, "KBD / SET80VID", "r_C000_KBD", "w_C000_SWITCHES", "80-column text"),
        Switch(0xC00E, "KBD / CLRALTCHAR", "r_C000_KBD", "w_C000_SWITCHES",
               "primary character set (flashing)"),
        Switch(0xC00F, "KBD / SETALTCHAR", "r_C000_KBD", "w_C000_SWITCHES",
               "alternate character set (MouseText)"),
        Switch(0xC010, "KBDSTRB", "r_C010_KBDSTRB", "w_C010_KBDSTRB",
               "clears the strobe (next buffered key latches); read: any-key-down in bit 7"),
    ]
    status = [(0xC011, "RDLCBNK2", "language card bank 2 selected"),
              (0xC012, "RDLCRAM", "language card RAM read"),
              (0xC013, "RDRAMRD", "RAMRD on"),
              (0xC014, "RDRAMWRT", "RAMWRT on"),
              (0xC015, "RDCXROM", "INTCXROM on"),
              (0xC016, "RDALTZP", "ALTZP on"),
              (0xC017, "RDC3ROM", "slot 3 ROM on"),
              (0xC018, "RD80STORE", "80STORE on"),
              (0xC019, "RDVBLBAR", "vertical blanking now (from the 60 Hz clock)"),
              (0xC01A, "RDTEXT", "text mode"),
              (0xC01B, "RDMIXED", "mixed mode"),
              (0xC01C, "RDPAGE2", "PAGE2 on"),
              (0xC01D, "RDHIRES", "hi-res on"),
              (0xC01E, "RDALTCHAR", "alternate character set"),
              (0xC01F, "RD80VID", "80-column video")]
    for address, name, what in status:
        reader = "r_C019_RDVBLBAR" if address == 0xC019 else "r_C011_STATUS"
        rows.append(Switch(address, name, reader, "w_C010_KBDSTRB",
                           f"bit 7: {what}; bits 0-6: the key; write: clears the strobe"))
    rows += [
        Switch(0xC021, "MONOCOLOR", "r_register", "w_register", "kept (bit 7: mono)"),
        Switch(0xC022, "TBCOLOR", "r_register", "w_register",
               "text colour (high nibble) on background (low): the text screen's"),
        Switch(0xC023, "VGCINT", "r_C023_VGCINT", "w_C023_VGCINT",
               "bits 0-2 enable external/scan-line/one-second interrupts; bit 5 scan-line "
               "and bit 6 one-second status, bit 7 either (`iigs.interrupts`)"),
        Switch(0xC024, "MOUSEDATA", "r_C024_MOUSEDATA", None,
               "the host mouse's motion: X delta, then Y delta with the button in bit "
               "7 (0 = down); deltas in bits 0-6, two's complement, 63 at most a read; "
               "the Y byte's read clears the mouse interrupt unless more motion waits"),
        Switch(0xC025, "KEYMODREG", "r_C025_KEYMODREG", None,
               "modifier keys of the last key (command, option, shift, control...)"),
        Switch(0xC026, "DATAREG", "r_C026_DATAREG", "w_C026_DATAREG",
               "ADB command/data: commands are accepted and ignored (the ADB Tool Set "
               "answers); a read gives $08 (service request) while the data interrupt "
               "is pending, and clears it"),
        Switch(0xC027, "KMSTATUS", "r_C027_KMSTATUS", "w_C027_KMSTATUS",
               "bit 7 mouse data waiting or a mouse interrupt pending, bit 5 the data "
               "interrupt pending, bit 3 a key in the latch, bit 1 next $C024 read is "
               "Y; bits 6/4/2 enable mouse/data/keyboard interrupts"),
        Switch(0xC029, "NEWVIDEO", "r_register", "w_register",
               "kept (bit 7 Super Hi-Res, 6 linear, 5 mono, 0 bank latch); "
               "bit 7 clear shows the Apple II text/lo-res screen (iigs.textscreen)"),
        Switch(0xC02D, "SLTROMSEL", "r_register", "w_register", "kept"),
        Switch(0xC02E, "VERTCNT", "r_C02E_VERTCNT", None,
               "vertical counter bits 8-1, from the cycle count (262 lines at 60 Hz)"),
        Switch(0xC02F, "HORIZCNT", "r_C02F_HORIZCNT", None,
               "bit 7: vertical counter bit 0; bits 0-6: horizontal counter"),
        Switch(0xC030, "SPKR", "r_C030_SPKR", "w_C030_SPKR",
               "speaker click: accepted, silent"),
        Switch(0xC032, "SCANINT", "r_floating", "w_C032_SCANINT",
               "a 0 in bit 5 clears the scan-line, in bit 6 the one-second interrupt"),
        Switch(0xC034, "CLOCKCTL", "r_register", "w_register",
               "bits 0-3: border colour (around the text screen; Super Hi-Res has none)"),
        Switch(0xC035, "SHADOW", "r_C035_SHADOW", "w_C035_SHADOW",
               "shadowing: bit 3 clear = bank $01 $2000-$9FFF written through to $E1 on "
               "each write; bit 6 = I/O and language card off in banks $00/$01; "
               "other bits kept"),
        Switch(0xC036, "CYAREG", "r_register", "w_register",
               "speed (bit 7 fast), shadow-all-banks (bit 4) and motor bits: kept; the "
               "clock stays 2.8 MHz and only bank $01 is shadowed"),
        # The Sound GLU: the DOC's registers and wave RAM (iigs/glu.py)
        Switch(0xC03C, "SOUNDCTL", "r_C03C_SOUNDCTL", "w_C03C_SOUNDCTL",
               "bits 0-3 system volume, 5 auto-increment, 6 RAM/registers; busy reads 0"),
        Switch(0xC03D, "SOUNDDATA", "r_C03D_SOUNDDATA", "w_C03D_SOUNDDATA",
               "DOC RAM or register at the address; a read returns the previous read's "
               "byte"),
        Switch(0xC03E, "SOUNDADRL", "r_C03E_SOUNDADR", "w_C03E_SOUNDADR",
               "DOC address low byte"),
        Switch(0xC03F, "SOUNDADRH", "r_C03E_SOUNDADR", "w_C03E_SOUNDADR",
               "DOC address high byte"),
        Switch(0xC041, "INTEN", "r_C041_INTEN", "w_C041_INTEN",
               "bit 4 quarter-second, 3 VBL, 2 mouse button, 1 mouse movement interrupt "
               "enables; bit 0 the Mega II mouse on (kept)"),
        Switch(0xC046, "DIAGTYPE / INTFLAG", "r_C046_INTFLAG", None,
               "bit 7 mouse button; bit 4 quarter-second, 3 VBL, 2 mouse button, 1 "
               "mouse movement interrupt pending; bit 0 the IRQ line"),
        Switch(0xC047, "CLRVBLINT", "r_floating", "w_C047_CLRVBLINT",
               "clears the VBL and quarter-second interrupts"),
    ]
    display = [(0xC050, "TXTCLR"), (0xC051, "TXTSET"), (0xC052, "MIXCLR"),
               (0xC053, "MIXSET"), (0xC054, "TXTPAGE1"), (0xC055, "TXTPAGE2"),
               (0xC056, "LORES"), (0xC057, "HIRES")]
    for address, name in display:
        rows.append(Switch(address, name, "t_C050_DISPLAY", "t_C050_DISPLAY",
                           "any access sets the switch (the text/lo-res screen shows it "
                           "when Super Hi-Res is off; PAGE2 with 80STORE maps bank $00 "
                           "text page/hi-res page 1 to bank $01)"))
    rows += [
        Switch(0xC061, "BUTN0", "r_C061_BUTN0", None, "bit 7: open-apple (command) key down"),
        Switch(0xC062, "BUTN1", "r_C062_BUTN1", None, "bit 7: option key down"),
        Switch(0xC068, "STATEREG", "r_C068_STATEREG", "w_C068_STATEREG",
               "ALTZP, PAGE2, RAMRD, RAMWRT, RDROM, LCBNK2, ROMBANK, INTCXROM in one byte"),
    ]
    for low in range(0x80, 0x90):
        rows.append(Switch(0xC000 | low, "LC " + _LC_NAMES[low & 3]
                           + (" bank 1" if low & 8 else " bank 2"),
                           "r_C080_LANGCARD", "w_C080_LANGCARD",
                           "language card in banks $00/$01 $D000-$FFFF (bank 1 kept at "
                           "$C000-$CFFF; ROM reads bank $FF, empty here)"))
    return rows


_LC_NAMES = ("read RAM, no write", "read ROM, write RAM", "read ROM, no write",
             "read RAM, write RAM")

IO_PAGE: tuple[Switch, ...] = tuple(_rows())
# Registers whose value depends on the exact cycle of the read (see `IOPage.timed`).
TIMED_REGISTERS = frozenset({0xC019, 0xC02E, 0xC02F, 0xC023, 0xC046,
                             0xC03D})     # the GLU's data: the DOC at that cycle
TIMED_FLAGS = bytes(1 if 0xC000 | low in TIMED_REGISTERS else 0 for low in range(0x100))
# Registers whose read may reshape the memory map (PAGE2/HIRES, the language card): like
# every write to the I/O page, translated code hands them to the interpreter and picks
# its tables again after them (see `IOPage.leaves`).
MAP_READ_REGISTERS = frozenset(range(0xC054, 0xC058)) | frozenset(range(0xC080, 0xC090))
LEAVE_FLAGS = bytes(1 if 0xC000 | low in MAP_READ_REGISTERS else 0 for low in range(0x100))


class StackView:
    """Bank $00 as the stack and the pointers of indirect modes see it: remapped pages
    (RAMRD/RAMWRT, the language card) followed, the I/O page not (plain RAM there)."""

    def __init__(self, page: "IOPage") -> None:
        self.page = page

    def __getitem__(self, addr: int) -> int:
        return self.page.stack_read(addr)

    def __setitem__(self, addr: int, value: int) -> None:
        self.page.stack_write(addr, value)


class IOPage:
    """Soft switches, the keyboard latch and the memory map; see the module docstring.

    `mem` is the machine's 16 MB bytearray (RAM of every bank); `clock()` gives the
    emulated cycles since power-on, exact at the start of the instruction that
    touches the I/O page.
    """

    def __init__(self, mem: bytearray, clock: Callable[[], int] = lambda: 0,
                 cycles_per_frame: int = 46666, doc: DOC | None = None,
                 interrupts: Interrupts | None = None) -> None:
        self.mem = mem
        self.clock = clock
        self.sound = SoundGLU(doc if doc is not None else DOC(), clock)
        self.cycles_per_frame = cycles_per_frame
        self.keyboard = Keyboard()
        # The IRQ sources whose registers live here ($C023, $C027, $C032, $C041-$C047).
        self.interrupts = interrupts or Interrupts(mem, clock, cycles_per_frame,
                                                   cycles_per_frame * 60)
        self.keyboard.on_latch = self.interrupts.key_latched
        self.adb = AdbBus()            # the keyboard and mouse on the bus ($C024/$C027)
        self.interrupts.mouse_waiting = lambda: self.adb.mouse.data_ready
        self.mouse_button = False      # the Event Manager's button state
        # The program read the keyboard or mouse registers since the machine last
        # looked (`watched`): its host input is then taken every tick, as a IIGS's
        # keyboard and mouse reach those registers whoever else is listening.
        self.input_watched = False
        self.shadow = SHADOW_DEFAULT
        self.statereg = STATEREG_DEFAULT
        self.lc_write = True           # language card write enabled
        self.lc_prewrite = False       # first of the two reads that enable writing
        self.flags = {"80STORE": False, "80VID": False, "ALTCHAR": False,
                      "SLOTC3ROM": False, "TEXT": True, "MIXED": False, "HIRES": False}
        # (TEXT on: the IIGS starts in text mode; what shows while Super Hi-Res is
        # off, iigs.textscreen)
        self.registers = {0xC021: 0, 0xC022: 0xF0, 0xC023: 0, 0xC027: 0, 0xC029:
                          NEWVIDEO_DEFAULT, 0xC02D: 0, 0xC032: 0, 0xC034: 0,
                          0xC036: CYAREG_DEFAULT, 0xC041: 0, 0xC047: 0}
        self.unmodelled: dict[tuple[int, str], int] = {}   # (address, "read"/"write") -> count
        self.on_shadow_write: Callable[[int, int], None] | None = None
        self.timed = TIMED_FLAGS
        self.leaves = LEAVE_FLAGS
        self.rare_map = False          # bank $00 below $C000 or the language card remapped
        self.clock_exact = True        # False while `clock()` may lag (see StaleClock)
        self.stack = StackView(self)
        self.rpages = bytearray(PAGES)
        self.wpages = bytearray(PAGES)
        self.rpages2 = bytearray(PAGES)
        self.wpages2 = bytearray(PAGES)
        self.rphys: list[int] = []            # bank $00/$01 page -> physical page, reads
        self.wphys: list[int] = []            # ... writes (-1: discarded)
        self.handlers = [(None, None)] * 0x100
        for row in IO_PAGE:
            self.handlers[row.address & 0xFF] = (
                getattr(self, row.read) if row.read else None,
                getattr(self, row.write) if row.write else None)
        self.remap()

    def take_input(self, inp: "HostInput", reports_releases: bool = False) -> int:
        """A host input as the hardware sees it: a key into the keyboard latch (with
        its modifiers in KEYMODREG), a key going up, the mouse's motion and button,
        and both to the ADB devices. A host that reports key releases holds the key
        down until it says so. Returns the latch's number for a key (else 0)."""
        mouse = self.adb.mouse
        position = mouse.position
        self.adb.take_input(inp)
        if inp.kind in ("key", "keyup") and self.adb.keyboard.transitions:
            self.interrupts.adb_data()       # the keyboard's service request
        if inp.kind in ("move", "down", "up"):
            switched = self.mouse_button != (inp.kind == "down") and inp.kind != "move"
            if mouse.position != position or switched:
                self.interrupts.mouse_data(mouse.position != position, switched)
        if inp.kind == "key":
            number = self.keyboard.press(inp.key & 0x7F,
                                         modifiers_from_event(inp.modifiers))
            self.keyboard.hold(reports_releases)
            return number
        if inp.kind == "keyup":
            self.keyboard.release()
        elif inp.kind in ("down", "up"):
            self.mouse_button = inp.kind == "down"
        return 0

    def watched(self) -> bool:
        """Whether the program read the keyboard or mouse registers since the last
        call (the flag is cleared), or has their interrupts on (its handler waits for
        the host's input to reach them)."""
        seen, self.input_watched = self.input_watched, False
        return seen or self.interrupts.input_interrupts_on

    # ---------------------------------------------------------------- the memory map
    def remap(self) -> None:
        """Recompute the page flags and targets of banks $00/$01/$E0/$E1 from the
        switches (called whenever one that shapes the map changes)."""
        st, shadow = self.statereg, self.shadow
        rphys, wphys = list(range(0x200)), list(range(0x200))
        aux_r, aux_w = bool(st & ST_RAMRD), bool(st & ST_RAMWRT)
        for aux, phys in ((aux_r, rphys), (aux_w, wphys)):
            if aux:
                phys[0x02:0xC0] = range(0x102, 0x1C0)
        if self.flags["80STORE"]:                # PAGE2 picks text (and hi-res) page 1
            pages = [range(0x04, 0x08)] + ([range(0x20, 0x40)] if self.flags["HIRES"] else [])
            for span in pages:
                target = range(span.start + (0x100 if st & ST_PAGE2 else 0),
                               span.stop + (0x100 if st & ST_PAGE2 else 0))
                rphys[span.start:span.stop] = wphys[span.start:span.stop] = target
        iolc = not shadow & SHADOW_IOLC
        if iolc:
            for bank in (0x000, 0x100):
                ram = list(range(bank | 0xD0, bank + 0x100))
                if not st & ST_LCBNK2:
                    ram[:0x10] = range(bank | 0xC0, bank | 0xD0)   # bank 1 kept at $Cxxx
                rom = range((ROM_BANK << 8) + 0xD0, (ROM_BANK << 8) + 0x100)
                rphys[bank | 0xD0:bank + 0x100] = rom if st & ST_RDROM else ram
                wphys[bank | 0xD0:bank + 0x100] = ram if self.lc_write else [-1] * 0x30
        shr = not shadow & SHADOW_SHR
        self.rphys, self.wphys = rphys, wphys
        self.rare_map = (rphys[:0x200] != COMMON_PHYS or wphys[:0x200] != COMMON_PHYS)
        self.rpages[0:0x200] = bytes(MAPPED if rphys[p] != p else 0 for p in range(0x200))
        self.wpages[0:0x200] = bytes(
            MAPPED if wphys[p] != p or (shr and wphys[p] in SHR_SHADOW_PAGES) else 0
            for p in range(0x200))
        for bank in IO_BANKS:
            if iolc or bank >= 0xE0:
                self.rpages[(bank << 8) | 0xC0] = self.wpages[(bank << 8) | 0xC0] = IO
        for flags, wide in ((self.rpages, self.rpages2), (self.wpages, self.wpages2)):
            wide[0:0x201] = bytes(flags[p] | flags[p + 1] for p in range(0x201))
            for p in (0x00FF, 0x01FF):           # bank-0 modes wrap to the bank's start
                wide[p] |= flags[p & 0xFF00]
            for p in (0xE0BF, 0xE0C0, 0xE1BF, 0xE1C0):
                wide[p] = flags[p] | flags[p + 1]

    def map_read(self, addr: int) -> int:
        """A read of a MAPPED page (no clock needed)."""
        return self.mem[(self.rphys[addr >> 8] << 8) | (addr & 0xFF)]

    def map_write(self, addr: int, value: int) -> None:
        """A write to a MAPPED page: to the page it maps to, then through to $E1 when
        that is shadowed Super Hi-Res memory."""
        target = self.wphys[addr >> 8]
        if target < 0:
            return                   # language card write-protected
        physical = (target << 8) | (addr & 0xFF)
        self.mem[physical] = value
        if target in SHR_SHADOW_PAGES and not self.shadow & SHADOW_SHR:
            self.mem[physical + 0xE00000] = value
            if self.on_shadow_write is not None:
                self.on_shadow_write(physical, value)

    def stack_read(self, addr: int) -> int:
        """A stack or indirect-pointer read (see `StackView`)."""
        if self.rpages[addr >> 8] & MAPPED:
            return self.map_read(addr)
        return self.mem[addr]

    def stack_write(self, addr: int, value: int) -> None:
        if self.wpages[addr >> 8] & MAPPED:
            self.map_write(addr, value)
        else:
            self.mem[addr] = value

    def map_read16(self, addr: int, mask: int) -> int:
        high = (addr + 1) & mask
        # (a step whose clock lags stops at a TIMED register before the instruction
        # has done anything, and is made again: its second byte's test first, so that
        # the first byte's read, which may count or change a register, is made once)
        if not self.clock_exact and self.rpages[high >> 8] & IO and self.timed[high & 0xFF]:
            raise StaleClock
        return self.read_byte(addr) | (self.read_byte(high) << 8)

    def map_write16(self, addr: int, value: int, mask: int) -> None:
        self.write_byte(addr, value & 0xFF)
        self.write_byte((addr + 1) & mask, (value >> 8) & 0xFF)

    def read_byte(self, addr: int) -> int:
        """Any CPU read of one byte, as the map says."""
        flag = self.rpages[addr >> 8]
        if not flag:
            return self.mem[addr]
        if flag & IO:
            return self.read(addr)
        return self.map_read(addr)

    def write_byte(self, addr: int, value: int) -> None:
        flag = self.wpages[addr >> 8]
        if not flag:
            self.mem[addr] = value
        elif flag & IO:
            self.write(addr, value)
        else:
            self.map_write(addr, value)

    # ---------------------------------------------------------------- the I/O page
    def read(self, addr: int) -> int:
        """A CPU read of a flagged page (the I/O page, or a MAPPED one)."""
        if not self.rpages[addr >> 8] & IO:
            return self.map_read(addr)
        reader = self.handlers[addr & 0xFF][0]
        if reader is None:
            self._unmodelled(addr, "read")
            return FLOATING_BUS
        return reader(addr) & 0xFF

    def write(self, addr: int, value: int) -> None:
        if not self.wpages[addr >> 8] & IO:
            self.map_write(addr, value)
            return
        writer = self.handlers[addr & 0xFF][1]
        if writer is None:
            if self.handlers[addr & 0xFF][0] is None:
                self._unmodelled(addr, "write")
            return                   # a read-only register: the write goes nowhere
        writer(addr, value & 0xFF)

    def _unmodelled(self, addr: int, kind: str) -> None:
        key = (0xC000 | (addr & 0xFF), kind)
        count = self.unmodelled.get(key, 0)
        self.unmodelled[key] = count + 1
        if not count:
            log.warning("I/O $%04X (%s at $%02X/%04X) is not modelled: floating bus",
                        key[0], kind, (addr >> 16) & 0xFF, addr & 0xFFFF)

    # ---------------------------------------------------------------- handlers
    # Named by address and the Hardware Reference's name, as in `IO_PAGE`.
    def r_floating(self, addr: int) -> int:
        return FLOATING_BUS

    def r_register(self, addr: int) -> int:
        return self.registers.get(0xC000 | (addr & 0xFF), 0)

    def w_register(self, addr: int, value: int) -> None:
        self.registers[0xC000 | (addr & 0xFF)] = value

    def r_C000_KBD(self, addr: int) -> int:
        self.input_watched = True
        return self.keyboard.data()

    def r_C010_KBDSTRB(self, addr: int) -> int:
        self.interrupts.acknowledge("keyboard")   # (a buffered key latches: a new one)
        self.input_watched = True
        return self.keyboard.clear_strobe()

    def w_C010_KBDSTRB(self, addr: int, value: int) -> None:
        self.r_C010_KBDSTRB(addr)

    def switch(self, name: str) -> bool:
        """A soft switch's state: a STATEREG bit or one of `flags`."""
        if name in STATEREG_BITS:
            return bool(self.statereg & STATEREG_BITS[name])
        return self.flags[name]

    def set_switch(self, name: str, on: bool) -> None:
        """Set a soft switch; the memory map follows the ones that shape it."""
        if name in STATEREG_BITS:
            bit = STATEREG_BITS[name]
            self.set_statereg((self.statereg | bit) if on else (self.statereg & ~bit))
        elif self.flags[name] != on:
            self.flags[name] = on
            if name in MAP_FLAGS:
                self.remap()

    def set_statereg(self, value: int) -> None:
        value &= 0xFF
        if value != self.statereg:
            self.statereg = value
            self.remap()

    def _status(self, on: bool) -> int:
        return (0x80 if on else 0) | self.keyboard.key

    def r_C011_STATUS(self, addr: int) -> int:
        """$C011-$C01F: bit 7 = the switch `STATUS_SWITCHES` names, bits 0-6 = the key."""
        name, inverted = STATUS_SWITCHES[addr & 0xFF]
        return self._status(self.switch(name) != inverted)

    def r_C019_RDVBLBAR(self, addr: int) -> int:
        # On the IIGS bit 7 is 1 during vertical blanking (the IIe's is inverted).
        return self._status(self.in_vbl())

    def w_C000_SWITCHES(self, addr: int, value: int) -> None:
        """$C000-$C00F writes: each address turns one switch off or on."""
        self.set_switch(*WRITE_SWITCHES[addr & 0xFF])

    def t_C050_DISPLAY(self, addr: int, value: int = 0) -> int:
        """$C050-$C057: any access turns one display switch off or on."""
        self.set_switch(*DISPLAY_SWITCHES[addr & 0xFF])
        return FLOATING_BUS

    def r_C024_MOUSEDATA(self, addr: int) -> int:
        """The ADB mouse's motion: X, then Y with the button (iigs.adb); the read of
        the Y byte empties the register (the mouse interrupt drops unless more motion
        waits)."""
        self.input_watched = True
        mouse = self.adb.mouse
        value = mouse.read_data()
        if not mouse.next_is_y:
            self.interrupts.mouse_read()
        return value

    def r_C025_KEYMODREG(self, addr: int) -> int:
        return self.keyboard.modifiers

    def r_C026_DATAREG(self, addr: int) -> int:
        """The ADB interrupt byte while the data interrupt is pending ($08: the
        keyboard asks for service; the read clears it), else nothing."""
        return self.interrupts.read_interrupt_byte()

    def w_C026_DATAREG(self, addr: int, value: int) -> None:
        pass                         # the ADB Tool Set answers ADB commands itself

    def r_C027_KMSTATUS(self, addr: int) -> int:
        """Bit 7: mouse data waits (or a mouse interrupt is pending); bit 1: the next
        $C024 read is Y; bit 3: a key waits in the latch (or its interrupt is pending);
        the interrupt enables (6, 4, 2). Command data (bits 5, 0) never waits: the ADB
        Tool Set answers ADB commands."""
        self.input_watched = True
        mouse = self.adb.mouse
        status = self.interrupts.read_kmstatus()
        if mouse.data_ready or mouse.next_is_y:
            status |= KMSTATUS_MOUSE_FULL
        if mouse.next_is_y:
            status |= KMSTATUS_MOUSE_Y
        if self.keyboard.strobe:
            status |= KMSTATUS_KEY_FULL
        return status

    def w_C027_KMSTATUS(self, addr: int, value: int) -> None:
        self.interrupts.write_kmstatus(value)

    def r_C023_VGCINT(self, addr: int) -> int:
        if not self.clock_exact:
            raise StaleClock          # its status depends on the exact cycle
        return self.interrupts.read_vgcint()

    def w_C023_VGCINT(self, addr: int, value: int) -> None:
        self.interrupts.write_vgcint(value)

    def w_C032_SCANINT(self, addr: int, value: int) -> None:
        self.interrupts.write_scanint(value)

    def r_C041_INTEN(self, addr: int) -> int:
        return self.interrupts.read_inten()

    def w_C041_INTEN(self, addr: int, value: int) -> None:
        self.interrupts.write_inten(value)

    def w_C047_CLRVBLINT(self, addr: int, value: int) -> None:
        self.interrupts.clear_vbl()

    def r_C030_SPKR(self, addr: int) -> int:
        return FLOATING_BUS

    def w_C030_SPKR(self, addr: int, value: int) -> None:
        pass

    def r_C035_SHADOW(self, addr: int) -> int:
        return self.shadow

    def w_C035_SHADOW(self, addr: int, value: int) -> None:
        if value != self.shadow:
            self.shadow = value
            self.remap()

    # The Sound GLU: $C03D reaches the DOC at the exact cycle (a TIMED register).
    def r_C03C_SOUNDCTL(self, addr: int) -> int:
        return self.sound.read_control()

    def w_C03C_SOUNDCTL(self, addr: int, value: int) -> None:
        self.sound.write_control(value)

    def r_C03D_SOUNDDATA(self, addr: int) -> int:
        if not self.clock_exact:
            raise StaleClock
        return self.sound.read_data()

    def w_C03D_SOUNDDATA(self, addr: int, value: int) -> None:
        if not self.clock_exact:
            raise StaleClock
        self.sound.write_data(value)

    def r_C03E_SOUNDADR(self, addr: int) -> int:
        return self.sound.read_address(bool(addr & 1))

    def w_C03E_SOUNDADR(self, addr: int, value: int) -> None:
        self.sound.write_address(bool(addr & 1), value)

    def r_C046_INTFLAG(self, addr: int) -> int:
        if not self.clock_exact:
            raise StaleClock
        return self.interrupts.read_intflag(self.mouse_button)

    def r_C061_BUTN0(self, addr: int) -> int:
        return 0x80 if self.keyboard.modifiers & KEYMOD_COMMAND else 0x00

    def r_C062_BUTN1(self, addr: int) -> int:
        return 0x80 if self.keyboard.modifiers & KEYMOD_OPTION else 0x00

    def r_C068_STATEREG(self, addr: int) -> int:
        return self.statereg

    def w_C068_STATEREG(self, addr: int, value: int) -> None:
        self.set_statereg(value)

    def _language_card(self, addr: int, reading: bool) -> None:
        """$C080-$C08F: bit 3 picks the bank (0 = bank 2), bits 0-1 the mode; writing
        is enabled by two successive reads of an odd address (Hardware Reference,
        "language card")."""
        low = addr & 0x0F
        rdrom = (low & 3) in (1, 2)
        if low & 1:
            if reading and self.lc_prewrite:
                self.lc_write = True
            self.lc_prewrite = reading
        else:
            self.lc_write = self.lc_prewrite = False
        st = self.statereg & ~(ST_RDROM | ST_LCBNK2)
        st |= (ST_RDROM if rdrom else 0) | (0 if low & 8 else ST_LCBNK2)
        self.statereg = st
        self.remap()

    def r_C080_LANGCARD(self, addr: int) -> int:
        self._language_card(addr, reading=True)
        return FLOATING_BUS

    def w_C080_LANGCARD(self, addr: int, value: int) -> None:
        self._language_card(addr, reading=False)

    # ---------------------------------------------------------------- video timing
    def beam(self) -> tuple[int, int]:
        """(scan line 0-261 with 0 the first visible line, horizontal count 0-64) now.
        The 60 Hz tick starts vertical blanking at line 200."""
        if not self.clock_exact:
            raise StaleClock
        phase = self.clock() % self.cycles_per_frame
        count = phase * LINES_PER_FRAME * COUNTS_PER_LINE // self.cycles_per_frame
        line, horizontal = divmod(count, COUNTS_PER_LINE)
        return (line + SHR_LINES) % LINES_PER_FRAME, horizontal

    def in_vbl(self) -> bool:
        line, _ = self.beam()
        visible = SHR_LINES if self.registers[0xC029] & NEWVIDEO_SHR else APPLE2_LINES
        return line >= visible

    def vertical_count(self) -> int:
        """The 9-bit vertical counter: $100-$1FF for lines 0-255, then $FA-$FF."""
        line, _ = self.beam()
        return 0x100 + line if line < 256 else 0xFA + (line - 256)

    def r_C02E_VERTCNT(self, addr: int) -> int:
        return self.vertical_count() >> 1

    def r_C02F_HORIZCNT(self, addr: int) -> int:
        _, horizontal = self.beam()
        counter = 0 if horizontal == 0 else 0x3F + horizontal    # $00, then $40-$7F
        return ((self.vertical_count() & 1) << 7) | counter


def table_markdown() -> str:
    """The I/O page table as docs/compatibility.md shows it."""
    lines = ["| address | name | what it does here |", "|---|---|---|"]
    for row in IO_PAGE:
        lines.append(f"| ${row.address:04X} | {row.name} | {row.here} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table_markdown())
