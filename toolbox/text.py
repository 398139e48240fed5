"""Text Tool Set (tool set $0C) and the console it writes to.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 23 "Text Tool Set", with the
call numbers, records and error codes of Apple's TextTool.h (badDevType ... devErr):

- Three text devices: input (0), output (1) and error output (2). Each is a device
  type (basicType 0, pascalType 1, ramBased 2) and a slot number (or, for a RAM-based
  driver, a pointer to its jump table); all three start as a Pascal device in slot 3,
  the 80-column screen and keyboard. Each has global masks: a character written goes
  out as (ch AND andMask) OR orMask, a character read comes back masked the same way
  with the input masks; all start as AND $FF, OR $80.
- Slot 3 is the machine's console: what the output and error devices write there goes
  to `Console` (kept for tests, echoed to the host's terminal by `iigs run`),
  and what the input device reads comes from the console's input queue, then from the
  keyboard (key-down events the host gave the Event Manager). Other slots (a printer,
  a modem) and RAM-based drivers are not there: their output is kept per device in
  `TextTools.elsewhere` and reading them gives no characters.
- GetInGlobals and friends return a TxtMaskRec (orMask nearest the stack pointer, then
  andMask); GetInputDevice and friends a DeviceRec (ptrOrSlot long, then deviceType).
- WriteLine / ErrWriteLine write a Pascal string and a carriage return; WriteString a
  Pascal string; WriteCString a NUL-terminated one; TextWriteBlock writes `count`
  bytes from textPtr + offset.
- ReadChar(echoFlag) waits for a key; ReadLine(bufferPtr, maxCount, eolChar, echoFlag)
  reads up to maxCount characters or up to eolChar (compared without the high bit),
  stores them masked, stores the EOL character after them when the buffer has room
  and returns the count without it; TextReadBlock(bufferPtr, offset, count, echoFlag)
  fills exactly `count` bytes. With echoFlag nonzero each character read is also
  written to the output device. When no key can come (a script with no more input,
  or no host at all), reading stops: ReadChar answers 0 (masked), ReadLine returns
  what it has.
- A device number above 2 answers badDevNum ($0C02); a device type above 2 badDevType
  ($0C01). InitTextDev, CtlTextDev and StatusTextDev accept every code for the
  console (it has nothing to set); StatusTextDev(0, 1) answers whether a key waits
  with noError / devErr ($0C40) as the Pascal firmware's "input ready" status.

While QuickDraw II is not started (a program that only prints), the console is also
shown on the Super Hi-Res screen as a text window, its last 24 lines wrapped at 80
columns, redrawn at the machine's next 60 Hz tick after something was written
(`TextTools.present`). A program that draws with QuickDraw keeps its screen.

The console itself (`toolbox.console`) keeps what was written twice: as a transcript
(the high bit stripped, carriage return and a line feed not after one a new line,
backspace taking back the line's last character) and as the 80-column screen, which
honours the firmware's control characters (form feed clears it, Ctrl-^ moves the
cursor, Ctrl-O/Ctrl-N inverse and normal ...).
"""
from __future__ import annotations

from iigs.memory import read_bytes, write_bytes
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.console import CR, Console, terminal_echo  # noqa: F401 (re-exported)
from toolbox.toolbox import tool_state

TOOLSET = 0x0C
TEXT_VERSION = 0x0103

# Error codes (TextTool.h)
BAD_DEV_TYPE = 0x0C01         # badDevType: device type not 0-2
BAD_DEV_NUM = 0x0C02          # badDevNum: device number not 0-2
DEV_ERR = 0x0C40              # devErr: read or write failed (here: no key is waiting)

# Device numbers and types (TextTool.h)
INPUT, OUTPUT, ERROR_OUTPUT = 0, 1, 2
BASIC_TYPE, PASCAL_TYPE, RAM_BASED = 0, 1, 2
CONSOLE_SLOT = 3
DEFAULT_AND, DEFAULT_OR = 0xFF, 0x80
STATUS_INPUT_READY = 1        # StatusTextDev request: is a character waiting?

HIGH_BIT = 0x80
ASCII = 0x7F
KEY_EVENTS = (1 << 3) | (1 << 5)      # keyDownMask | autoKeyMask (Event Manager)
MAX_C_STRING = 0x10000                # WriteCString stops here if no NUL comes


@tool_state("text")
class TextTools:
    """Text Tools state: the three devices, their masks, and the console."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.console = Console()
        self.elsewhere: dict[tuple[int, int], bytearray] = {}
        self._shown_writes = 0
        self.reset()

    def present(self) -> bool:
        """Draw the console on the Super Hi-Res screen if it changed since last drawn
        and QuickDraw II is not started; True if drawn."""
        console = self.console
        if console.writes == self._shown_writes or self.tb.qd.started:
            return False
        self._shown_writes = console.writes
        from iigs.report import render_report       # its 640-mode text, white on blue
        render_report(self.tb.mem, "\n".join(console.screen_lines()))
        return True

    def reset(self) -> None:
        """The start-up state: every device the console, masks AND $FF / OR $80."""
        self.devices = [(PASCAL_TYPE, CONSOLE_SLOT) for _ in range(3)]
        self.masks = [(DEFAULT_AND, DEFAULT_OR) for _ in range(3)]

    # -- devices ---------------------------------------------------------------------
    @staticmethod
    def check_device(number: int) -> int:
        if number > ERROR_OUTPUT:
            raise ToolError(BAD_DEV_NUM, f"device {number}")
        return number

    def set_device(self, number: int, kind: int, where: int) -> None:
        if kind > RAM_BASED:
            raise ToolError(BAD_DEV_TYPE, f"device type {kind}")
        self.devices[number] = (kind, where & 0xFFFFFFFF)

    def on_console(self, number: int) -> bool:
        kind, where = self.devices[number]
        return kind != RAM_BASED and where == CONSOLE_SLOT

    # -- output ----------------------------------------------------------------------
    def write(self, number: int, data: bytes) -> None:
        """Write bytes through device `number` (1 output, 2 error) with its masks."""
        and_mask, or_mask = self.masks[number]
        out = bytes((b & and_mask | or_mask) & 0xFF for b in data)
        if self.on_console(number):
            self.console.write(out, "err" if number == ERROR_OUTPUT else "out")
        else:
            self.elsewhere.setdefault(self.devices[number], bytearray()).extend(out)

    # -- input -----------------------------------------------------------------------
    def key_waiting(self) -> bool:
        if not self.on_console(INPUT):
            return False
        if self.console.has_input():
            return True
        return self.tb.em.next_event(KEY_EVENTS, remove=False) is not None

    def next_key(self) -> int | None:
        """The next character typed at the console (waiting for one while a live host
        can give it), or None when none can come."""
        if not self.on_console(INPUT):
            return None
        if self.console.has_input():
            return self.console.input.popleft()
        em = self.tb.em
        event = em.next_event(KEY_EVENTS)
        if event is None and self.tb.host is not None:
            event = em.wait_for_event(KEY_EVENTS)
        return None if event is None else event.message & 0xFF

    def read(self, echo: bool) -> int | None:
        """One character through the input device's masks (echoed if asked)."""
        key = self.next_key()
        if key is None:
            return None
        and_mask, or_mask = self.masks[INPUT]
        char = (key & and_mask | or_mask) & 0xFF
        if echo:
            self.write(OUTPUT, bytes([key]))
        return char


def _pascal(mem, ptr: int) -> bytes:
    ptr &= 0xFFFFFF
    return read_bytes(mem, (ptr + 1) & 0xFFFFFF, mem[ptr])


def _c_string(mem, ptr: int) -> bytes:
    out = bytearray()
    ptr &= 0xFFFFFF
    while len(out) < MAX_C_STRING:
        byte = mem[(ptr + len(out)) & 0xFFFFFF]
        if byte == 0:
            break
        out.append(byte)
    return bytes(out)


# -- housekeeping ----------------------------------------------------------------------
register_housekeeping(TOOLSET, "Text", "text", TEXT_VERSION)


# -- globals and devices -----------------------------------------------------------------
def _set_globals(tb, number: int, and_mask: int, or_mask: int) -> None:
    tb.text.masks[number] = (and_mask & 0xFF, or_mask & 0xFF)


def _get_globals(tb, number: int) -> int:
    and_mask, or_mask = tb.text.masks[number]
    return or_mask | (and_mask << 16)               # TxtMaskRec: orMask, then andMask


def _get_device(tb, number: int) -> int:
    kind, where = tb.text.devices[number]
    return where | (kind << 32)                     # DeviceRec: ptrOrSlot, then type


@tool(TOOLSET, 0x09, "WW")
def SetInGlobals(tb, and_mask: int, or_mask: int) -> None:
    """SetInGlobals(andMask:W, orMask:W)"""
    _set_globals(tb, INPUT, and_mask, or_mask)


@tool(TOOLSET, 0x0A, "WW")
def SetOutGlobals(tb, and_mask: int, or_mask: int) -> None:
    """SetOutGlobals(andMask:W, orMask:W)"""
    _set_globals(tb, OUTPUT, and_mask, or_mask)


@tool(TOOLSET, 0x0B, "WW")
def SetErrGlobals(tb, and_mask: int, or_mask: int) -> None:
    """SetErrGlobals(andMask:W, orMask:W)"""
    _set_globals(tb, ERROR_OUTPUT, and_mask, or_mask)


@tool(TOOLSET, 0x0C, "", 4)
def GetInGlobals(tb) -> int:
    """GetInGlobals(): TxtMaskRec (orMask:W, andMask:W)"""
    return _get_globals(tb, INPUT)


@tool(TOOLSET, 0x0D, "", 4)
def GetOutGlobals(tb) -> int:
    """GetOutGlobals(): TxtMaskRec (orMask:W, andMask:W)"""
    return _get_globals(tb, OUTPUT)


@tool(TOOLSET, 0x0E, "", 4)
def GetErrGlobals(tb) -> int:
    """GetErrGlobals(): TxtMaskRec (orMask:W, andMask:W)"""
    return _get_globals(tb, ERROR_OUTPUT)


@tool(TOOLSET, 0x0F, "WL")
def SetInputDevice(tb, device_type: int, ptr_or_slot: int) -> None:
    """SetInputDevice(deviceType:W, ptrOrSlot:L)"""
    tb.text.set_device(INPUT, device_type, ptr_or_slot)


@tool(TOOLSET, 0x10, "WL")
def SetOutputDevice(tb, device_type: int, ptr_or_slot: int) -> None:
    """SetOutputDevice(deviceType:W, ptrOrSlot:L)"""
    tb.text.set_device(OUTPUT, device_type, ptr_or_slot)


@tool(TOOLSET, 0x11, "WL")
def SetErrorDevice(tb, device_type: int, ptr_or_slot: int) -> None:
    """SetErrorDevice(deviceType:W, ptrOrSlot:L)"""
    tb.text.set_device(ERROR_OUTPUT, device_type, ptr_or_slot)


@tool(TOOLSET, 0x12, "", 6)
def GetInputDevice(tb) -> int:
    """GetInputDevice(): DeviceRec (ptrOrSlot:L, deviceType:W)"""
    return _get_device(tb, INPUT)


@tool(TOOLSET, 0x13, "", 6)
def GetOutputDevice(tb) -> int:
    """GetOutputDevice(): DeviceRec (ptrOrSlot:L, deviceType:W)"""
    return _get_device(tb, OUTPUT)


@tool(TOOLSET, 0x14, "", 6)
def GetErrorDevice(tb) -> int:
    """GetErrorDevice(): DeviceRec (ptrOrSlot:L, deviceType:W)"""
    return _get_device(tb, ERROR_OUTPUT)


@tool(TOOLSET, 0x15, "W")
def InitTextDev(tb, device_num: int) -> None:
    """InitTextDev(deviceNum:W)"""
    tb.text.check_device(device_num)


@tool(TOOLSET, 0x16, "WW")
def CtlTextDev(tb, device_num: int, control_code: int) -> None:
    """CtlTextDev(deviceNum:W, controlCode:W)"""
    tb.text.check_device(device_num)


@tool(TOOLSET, 0x17, "WW")
def StatusTextDev(tb, device_num: int, request_code: int) -> None:
    """StatusTextDev(deviceNum:W, requestCode:W) -- on the input device, request 1
    answers devErr when no key is waiting"""
    text = tb.text
    text.check_device(device_num)
    if (device_num == INPUT and request_code == STATUS_INPUT_READY
            and not text.key_waiting()):
        raise ToolError(DEV_ERR, "no key waiting")


# -- writing -------------------------------------------------------------------------------
@tool(TOOLSET, 0x18, "W")
def WriteChar(tb, the_char: int) -> None:
    """WriteChar(theChar:W)"""
    tb.text.write(OUTPUT, bytes([the_char & 0xFF]))


@tool(TOOLSET, 0x19, "W")
def ErrWriteChar(tb, the_char: int) -> None:
    """ErrWriteChar(theChar:W)"""
    tb.text.write(ERROR_OUTPUT, bytes([the_char & 0xFF]))


@tool(TOOLSET, 0x1A, "L")
def WriteLine(tb, str_ptr: int) -> None:
    """WriteLine(strPtr:L) -- a Pascal string, then a return"""
    tb.text.write(OUTPUT, _pascal(tb.mem, str_ptr) + bytes([CR]))


@tool(TOOLSET, 0x1B, "L")
def ErrWriteLine(tb, str_ptr: int) -> None:
    """ErrWriteLine(strPtr:L) -- a Pascal string, then a return"""
    tb.text.write(ERROR_OUTPUT, _pascal(tb.mem, str_ptr) + bytes([CR]))


@tool(TOOLSET, 0x1C, "L")
def WriteString(tb, str_ptr: int) -> None:
    """WriteString(strPtr:L) -- a Pascal string"""
    tb.text.write(OUTPUT, _pascal(tb.mem, str_ptr))


@tool(TOOLSET, 0x1D, "L")
def ErrWriteString(tb, str_ptr: int) -> None:
    """ErrWriteString(strPtr:L) -- a Pascal string"""
    tb.text.write(ERROR_OUTPUT, _pascal(tb.mem, str_ptr))


@tool(TOOLSET, 0x1E, "LWW")
def TextWriteBlock(tb, text_ptr: int, offset: int, count: int) -> None:
    """TextWriteBlock(textPtr:L, offset:W, count:W)"""
    tb.text.write(OUTPUT, read_bytes(tb.mem, (text_ptr + offset) & 0xFFFFFF, count))


@tool(TOOLSET, 0x1F, "LWW")
def ErrWriteBlock(tb, text_ptr: int, offset: int, count: int) -> None:
    """ErrWriteBlock(textPtr:L, offset:W, count:W)"""
    tb.text.write(ERROR_OUTPUT, read_bytes(tb.mem, (text_ptr + offset) & 0xFFFFFF, count))


@tool(TOOLSET, 0x20, "L")
def WriteCString(tb, c_str_ptr: int) -> None:
    """WriteCString(cStrPtr:L) -- up to the NUL"""
    tb.text.write(OUTPUT, _c_string(tb.mem, c_str_ptr))


@tool(TOOLSET, 0x21, "L")
def ErrWriteCString(tb, c_str_ptr: int) -> None:
    """ErrWriteCString(cStrPtr:L) -- up to the NUL"""
    tb.text.write(ERROR_OUTPUT, _c_string(tb.mem, c_str_ptr))


# -- reading -------------------------------------------------------------------------------
@tool(TOOLSET, 0x22, "W", 2)
def ReadChar(tb, echo_flag: int) -> int:
    """ReadChar(echoFlag:W): theChar:W -- waits for a key"""
    char = tb.text.read(bool(echo_flag))
    if char is None:                    # no key can come: a NUL through the masks
        return tb.text.masks[INPUT][1]
    return char


@tool(TOOLSET, 0x23, "LWWW")
def TextReadBlock(tb, buffer_ptr: int, offset: int, block_size: int,
                  echo_flag: int) -> None:
    """TextReadBlock(bufferPtr:L, offset:W, blockSize:W, echoFlag:W)"""
    got = bytearray()
    while len(got) < block_size:
        char = tb.text.read(bool(echo_flag))
        if char is None:
            break
        got.append(char)
    write_bytes(tb.mem, (buffer_ptr + offset) & 0xFFFFFF, bytes(got))


@tool(TOOLSET, 0x24, "LWWW", 2)
def ReadLine(tb, buffer_ptr: int, max_count: int, eol_char: int, echo_flag: int) -> int:
    """ReadLine(bufferPtr:L, maxCount:W, eolChar:W, echoFlag:W): charCount:W"""
    got = bytearray()
    eol = None
    while len(got) < max_count:
        char = tb.text.read(bool(echo_flag))
        if char is None:
            break
        if char & ASCII == eol_char & ASCII:
            eol = char
            break
        got.append(char)
    if eol is not None and len(got) < max_count:
        got.append(eol)
        write_bytes(tb.mem, buffer_ptr & 0xFFFFFF, bytes(got))
        return len(got) - 1
    write_bytes(tb.mem, buffer_ptr & 0xFFFFFF, bytes(got))
    return len(got)
