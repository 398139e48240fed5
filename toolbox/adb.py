"""Apple Desktop Bus Tool Set (tool set $09): the keyboard microcontroller's state.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 3 "Apple Desktop Bus Tool
Set", with the command numbers and error codes of ORCA/C's ADB.h. The bus holds the
keyboard at address 2 and the mouse at address 3 (`iigs.adb`, fed by the host's keys
and mouse as the I/O page is); the host's input also reaches a program as Event
Manager events. What a program can ask the keyboard microcontroller is answered from
a model of it, plausibly:

- ReadKeyMicroData(dataLength, dataPtr, command): readModes (1 byte, the modes
  SendInfo's setModes/clearModes left), readConfig (3 bytes: the ADB addresses of
  mouse and keyboard, layout/display language, repeat delay/rate, as setConfig left
  them), readADBError (1 byte, 0), readVersionNum (1 byte), readAvailCharSet and
  readAvailLayout (a count, then U.S.). Other commands answer cmndIncomplete.
- ReadKeyMicroMemory(dataOutPtr, dataInPtr, command): the key-state byte ($0C: the
  modifier keys held, KEYMODREG's bits 7, 6, 2, 1, 0); the rest of the
  microcontroller's RAM is not there: the byte read is 0 (logged).
- SendInfo(dataLength, dataPtr, command): setModes, clearModes and setConfig change
  the model; transmitADBBytes ($47 + n: the first byte an ADB Listen command, n data
  bytes after it), enableSRQ ($50 + address), flush ($60 + address) and disableSRQ
  ($70 + address) reach the device; every other command (reset, synch, ...) is
  accepted and logged.
- AsyncADBReceive(compPtr, adbCommand) / SyncADBReceive(inputWord, compPtr,
  adbCommand): an ADB command byte (address in bits 7-4; bits 3-2 %11 Talk, %10 Listen,
  %00 with register 0 SendReset, 1 Flush: the device's waiting data is dropped; the
  register in bits 1-0) to the keyboard
  (2) or the mouse (3). A Talk answers the register as the ADB specification gives it
  (registers 0 and 3; 1 and 2 answer nothing); a Listen 3 (SyncADBReceive's inputWord,
  high byte first) sets the SRQ-enable bit and a handler ID the device has (keyboard
  1-3, mouse 1-2), while a move to another address is refused (logged). The
  completion routine is called at once, as the device answers: JSL with 8-bit
  registers (M = X = 1) and a 4-byte pointer on the stack to the answer (a count
  byte, then the data, most significant byte first); the tool set removes the
  pointer after the RTL. Any other address answers devNotAtAddr ($0983), the
  routine not called. SRQPoll keeps up to four service-request routines (srqListFull
  after), never called; SRQRemove and ClearSRQTable remove them.
- AbsOn/AbsOff/ReadAbs: whether an absolute (graphics tablet) device is on; none is
  connected, the flag is only remembered. SetAbsScale/GetAbsScale keep the ScaleRec
  (xDivide, yDivide, xOffset, yOffset, xMultiply, yMultiply: six words).
"""
from __future__ import annotations

from iigs.adb import KEYBOARD_ADDRESS, MOUSE_ADDRESS, REG3_SRQ_ENABLE
from iigs.memory import read_bytes, write_bytes
from toolbox._housekeeping import register_housekeeping
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x09
ADB_VERSION = 0x0201
KEY_MICRO_VERSION = 0x06         # readVersionNum's answer (the IIGS's keyboard micro)

# Error codes (ADB.h)
CMND_INCOMPLETE = 0x0910         # cmndIncomplete: command not completed
DEV_NOT_AT_ADDR = 0x0983         # devNotAtAddr: no device at that address
SRQ_LIST_FULL = 0x0984           # srqListFull: four SRQ routines already installed

# ReadKeyMicroData commands
READ_MODES, READ_CONFIG, READ_ADB_ERROR = 0x0A, 0x0B, 0x0C
READ_VERSION_NUM, READ_AVAIL_CHAR_SET, READ_AVAIL_LAYOUT = 0x0D, 0x0E, 0x0F
# SendInfo commands that change the model
SET_MODES, CLEAR_MODES, SET_CONFIG = 0x04, 0x05, 0x06

# SendInfo commands that reach a device (+ its address, or + the count of data bytes)
TRANSMIT_ADB_BYTES, ENABLE_SRQ, FLUSH_DEVICE, DISABLE_SRQ = 0x47, 0x50, 0x60, 0x70
# ADB command bytes: bits 3-2
TALK, LISTEN, BUS_COMMAND = 3, 2, 0
SEND_RESET, FLUSH = 0, 1
# Handler IDs a device takes from a Listen 3 (others, like the address-change codes
# $FD-$FF, leave it as it is).
HANDLERS = {KEYBOARD_ADDRESS: (1, 2, 3), MOUSE_ADDRESS: (1, 2)}
COMPLETION_P = 0x30              # M = X = 1: completion routines run with 8-bit registers
ANSWER_BUFFER = 9                # a count byte and up to eight data bytes
TOOLBOX_USER_ID = 0x1000         # owner of the answer's block (the toolbox's records')

# The microcontroller's RAM byte holding the modifier keys (ROM 3; read by games that
# watch Command and Option themselves, as KEGS answers it): KEYMODREG's command,
# option, caps lock, control and shift bits.
KEY_STATE_BYTE, KEY_STATE_BITS = 0x0C, 0xC7

SRQ_LIST_SIZE = 4
SCALE_REC_SIZE = 12
US_LAYOUT = 0x00
DEFAULT_CONFIG = bytes([0x32, 0x00, 0x00])   # mouse at 3, keyboard at 2; U.S.; defaults


@tool_state("adb")
class AppleDesktopBus:
    """ADB state: started flag and the keyboard microcontroller's model."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.reset()

    def reset(self) -> None:
        self.modes = 0
        self.config = bytearray(DEFAULT_CONFIG)
        self.srq: list[tuple[int, int]] = []        # (completion routine, register address)
        self.absolute = False
        self.scale = bytes(SCALE_REC_SIZE)

    def log(self, text: str) -> None:
        self.tb.call_log.append("ADB: " + text)

    def micro_data(self, command: int) -> bytes:
        """What ReadKeyMicroData's `command` answers."""
        if command == READ_MODES:
            return bytes([self.modes])
        if command == READ_CONFIG:
            return bytes(self.config)
        if command == READ_ADB_ERROR:
            return b"\x00"
        if command == READ_VERSION_NUM:
            return bytes([KEY_MICRO_VERSION])
        if command in (READ_AVAIL_CHAR_SET, READ_AVAIL_LAYOUT):
            return bytes([1, US_LAYOUT])
        self.log(f"ReadKeyMicroData command ${command:02X} not modelled")
        raise ToolError(CMND_INCOMPLETE, f"ReadKeyMicroData ${command:02X}")


register_housekeeping(TOOLSET, "ADB", "adb", ADB_VERSION)


@tool(TOOLSET, 0x09, "WLW")
def SendInfo(tb, length: int, data_ptr: int, command: int) -> None:
    """SendInfo(dataLength:W, dataPtr:L, command:W)"""
    adb = tb.adb
    data = read_bytes(tb.mem, data_ptr, length) if length else b""
    if command == SET_MODES and data:
        adb.modes |= data[0]
    elif command == CLEAR_MODES and data:
        adb.modes &= ~data[0] & 0xFF
    elif command == SET_CONFIG and data:
        adb.config[:len(data[:3])] = data[:3]
    elif TRANSMIT_ADB_BYTES < command < ENABLE_SRQ and data:
        bus_command(tb, data[0], data[1:1 + command - TRANSMIT_ADB_BYTES])
    elif ENABLE_SRQ <= command < DISABLE_SRQ + 0x10:
        device_command(tb, command)
    else:
        adb.log(f"SendInfo command ${command:02X} ({length} bytes) accepted")


def device_command(tb, command: int) -> None:
    """SendInfo's enableSRQ, flush and disableSRQ (+ the device's address)."""
    device = tb.machine.io.adb.device(command & 0x0F) if tb.machine is not None else None
    if device is None:
        tb.adb.log(f"SendInfo ${command:02X}: no device at {command & 0x0F}")
        return
    if command & 0xF0 == FLUSH_DEVICE:
        device.flush()
    elif command & 0xF0 == ENABLE_SRQ:
        device.register3 |= REG3_SRQ_ENABLE
    else:
        device.register3 &= ~REG3_SRQ_ENABLE


@tool(TOOLSET, 0x0A, "WLW")
def ReadKeyMicroData(tb, length: int, data_ptr: int, command: int) -> None:
    """ReadKeyMicroData(dataLength:W, dataPtr:L, command:W)"""
    data = tb.adb.micro_data(command)
    write_bytes(tb.mem, data_ptr, data[:length] if length else data)


@tool(TOOLSET, 0x0B, "LLW")
def ReadKeyMicroMemory(tb, out_ptr: int, in_ptr: int, command: int) -> None:
    """ReadKeyMicroMemory(dataOutPtr:L, dataInPtr:L, commandNum:W): the key-state byte
    at $0C (the modifier keys, as KEYMODREG gives them, bits 7, 6, 2, 1, 0); any
    other byte is 0 (logged)."""
    address = tb.mem[in_ptr & 0xFFFFFF]
    value = 0
    if address == KEY_STATE_BYTE and tb.machine is not None:
        value = tb.machine.io.keyboard.modifiers & KEY_STATE_BITS
    else:
        tb.adb.log(f"ReadKeyMicroMemory(${address:02X}): not modelled, 0")
    tb.mem[out_ptr & 0xFFFFFF] = value


def bus_command(tb, command: int, data: bytes = b"") -> bytes:
    """ADB command byte `command` to the device it addresses, with `data` for a Listen:
    the device's answer (b"" for none); ToolError devNotAtAddr when no device is there."""
    bus = tb.machine.io.adb if tb.machine is not None else None
    address, kind, register = command >> 4 & 0x0F, command >> 2 & 3, command & 3
    device = bus.device(address) if bus is not None else None
    if device is None:
        tb.adb.log(f"ADB command ${command:02X}: no device at {address}, devNotAtAddr")
        raise ToolError(DEV_NOT_AT_ADDR, f"ADB command ${command:02X}")
    if kind == TALK:
        return device.talk(register)
    if kind == LISTEN and register == 3 and len(data) >= 2:
        listen_register3(tb, device, address, data[0], data[1])
    elif kind == BUS_COMMAND and register in (SEND_RESET, FLUSH):
        device.flush()
    else:
        tb.adb.log(f"ADB command ${command:02X} to device {address} accepted")
    return b""


def listen_register3(tb, device, address: int, high: int, handler: int) -> None:
    """A Listen 3: the SRQ-enable bit, and the handler ID when the device has it."""
    if high & 0x0F != address:
        tb.adb.log(f"ADB device {address} moving to {high & 0x0F}: not modelled, stays")
    reg = device.register3 & ~REG3_SRQ_ENABLE | (high << 8 & REG3_SRQ_ENABLE)
    if handler in HANDLERS[address]:
        reg = reg & 0xFF00 | handler
    device.register3 = reg


def complete(tb, comp_ptr: int, answer: bytes) -> None:
    """Call the completion routine with a pointer to (count, data...)."""
    machine = tb.machine
    if machine is None or not comp_ptr & 0xFFFFFF:
        return
    handle = tb.mm.new_handle(ANSWER_BUFFER, TOOLBOX_USER_ID, 0xC000)   # locked, fixed
    try:
        addr = tb.mm.deref(handle)
        write_bytes(tb.mem, addr, (bytes([len(answer)]) + answer).ljust(ANSWER_BUFFER, b"\0"))
        machine.call(comp_ptr & 0xFFFFFF, stack_args=[addr >> 16, addr & 0xFFFF],
                     p=COMPLETION_P)
    finally:
        tb.mm.dispose(handle)


@tool(TOOLSET, 0x0D, "LW")
def AsyncADBReceive(tb, comp_ptr: int, adb_command: int) -> None:
    """AsyncADBReceive(compPtr:L, adbCommand:W): the device answers at once."""
    complete(tb, comp_ptr, bus_command(tb, adb_command & 0xFF))


@tool(TOOLSET, 0x0E, "WLW")
def SyncADBReceive(tb, input_word: int, comp_ptr: int, adb_command: int) -> None:
    """SyncADBReceive(inputWord:W, compPtr:L, adbCommand:W): inputWord is a Listen's
    data, high byte first."""
    complete(tb, comp_ptr, bus_command(tb, adb_command & 0xFF,
                                       input_word.to_bytes(2, "big")))


@tool(TOOLSET, 0x0F, "")
def AbsOn(tb) -> None:
    """AbsOn()"""
    tb.adb.absolute = True


@tool(TOOLSET, 0x10, "")
def AbsOff(tb) -> None:
    """AbsOff()"""
    tb.adb.absolute = False


@tool(TOOLSET, 0x11, "", 2)
def ReadAbs(tb) -> int:
    """ReadAbs(): absFlag:W (whether absolute-device mode is on)"""
    return 1 if tb.adb.absolute else 0


@tool(TOOLSET, 0x12, "L")
def SetAbsScale(tb, data_ptr: int) -> None:
    """SetAbsScale(dataOutPtr:L*): the ScaleRec is kept."""
    tb.adb.scale = bytes(read_bytes(tb.mem, data_ptr, SCALE_REC_SIZE))


@tool(TOOLSET, 0x13, "L")
def GetAbsScale(tb, data_ptr: int) -> None:
    """GetAbsScale(dataInPtr:L*): the ScaleRec last set (zeros at start-up)."""
    write_bytes(tb.mem, data_ptr, tb.adb.scale)


@tool(TOOLSET, 0x14, "LW")
def SRQPoll(tb, comp_ptr: int, reg_addr: int) -> None:
    """SRQPoll(compPtr:L, adbRegAddr:W): kept (no device ever requests service)."""
    adb = tb.adb
    if len(adb.srq) >= SRQ_LIST_SIZE:
        raise ToolError(SRQ_LIST_FULL, "four SRQ routines installed")
    adb.srq.append((comp_ptr & 0xFFFFFF, reg_addr))
    adb.log(f"SRQPoll(${reg_addr:02X}): kept, never called (no ADB device)")


@tool(TOOLSET, 0x15, "W")
def SRQRemove(tb, reg_addr: int) -> None:
    """SRQRemove(adbRegAddr:W)"""
    tb.adb.srq = [entry for entry in tb.adb.srq if entry[1] != reg_addr]


@tool(TOOLSET, 0x16, "")
def ClearSRQTable(tb) -> None:
    """ClearSRQTable()"""
    tb.adb.srq.clear()
