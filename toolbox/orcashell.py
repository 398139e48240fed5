"""The ORCA/Shell calls shell tools make for their messages and settings.

ORCA/C and ORCA/M shell tools (tar, cat, the compilers' utilities) run under the
ORCA/Shell, which takes over `JSL $E100A8` and answers its own calls there: $0101-
$011F in the ProDOS 16 form (no pCount, Pascal strings) and $0141-$015F in the GS/OS
form (pCount first, GS/OS strings); the low six bits name the function (the shell's
call table, Byte Works' ORCA/Shell source `call.asm`). A tool run here gets the same
answers it would get at the shell's prompt with no redirection:

    $05 Error          prints "GS/OS: <what the error means>" (or "Error number ...
                       in tool ...") on error output, as the shell's SysError does
    $06 Set, $0B ReadVariable, $15 Unset, $16 Export, $17/$18 Pop/PushVariables
                       shell variables, kept for the run (none are set at first)
    $07 Version        "2.0 " (four characters)
    $0F Direction      0: every standard device is the console
    $13 Stop, $19 SetStopFlag   the stop flag (nothing sets it here)
    $14 ExpandDevices  the name as given (no device names to expand)
    $1A ConsoleOut     one character to the console

The rest answer badSystemCall ($0001), as the shell does for a number it lacks.
"""
from __future__ import annotations

from typing import Any

from iigs.memory import write_bytes
from toolbox.gsos import SHELL_CALLS, GSOS, GSOSError, PARAM_RANGE_ERR
from toolbox.prodos16 import P16Block
from toolbox.toolbox import tool_state

W, L = 2, 4
SHELL_VERSION = b"2.0 "
CONSOLE_DIRECTION = 0                       # Direction: the console (not a file)
STANDARD_DEVICES = 3                        # input, output, error output

# What each GS/OS error means, as a shell prints it after "GS/OS: " (GS/OS
# Reference, appendix "Error codes"; the wording is the reference's meaning).
GSOS_ERROR_TEXTS = {
    0x01: "Bad system call number", 0x04: "Parameter count out of range",
    0x07: "GS/OS is busy", 0x10: "Device not found", 0x11: "Invalid device number",
    0x20: "Invalid request", 0x21: "Invalid control or status code",
    0x22: "Bad call parameter", 0x23: "Character device not open",
    0x24: "Character device already open", 0x25: "Interrupt table full",
    0x26: "Resources not available", 0x27: "I/O error", 0x28: "No device connected",
    0x29: "Driver is busy", 0x2B: "Device is write protected",
    0x2C: "Invalid byte count", 0x2D: "Invalid block address",
    0x2E: "Disk has been switched", 0x2F: "Device off line or no media present",
    0x40: "Invalid pathname syntax", 0x42: "Too many files open",
    0x43: "Invalid reference number", 0x44: "Path not found",
    0x45: "Volume not found", 0x46: "File not found",
    0x47: "Duplicate pathname", 0x48: "Volume full", 0x49: "Volume directory full",
    0x4A: "Incompatible file format", 0x4B: "Unsupported storage type",
    0x4C: "End of file encountered", 0x4D: "Position out of range",
    0x4E: "Access not allowed", 0x4F: "Buffer too small", 0x50: "File is open",
    0x51: "Directory damaged", 0x52: "Unknown volume type",
    0x53: "Parameter out of range", 0x54: "Out of memory",
    0x57: "Duplicate volume name", 0x58: "Not a block device",
    0x59: "Level out of range", 0x5A: "Block number out of range",
    0x5B: "Invalid pathnames for ChangePath", 0x5C: "Not an executable file",
    0x5D: "Operating system not supported", 0x5F: "Too many applications on stack",
    0x60: "Data unavailable", 0x61: "End of directory reached",
    0x62: "Invalid FST call class", 0x63: "Resource not found",
}


def error_message(code: int) -> str:
    """The line the shell's Error call prints for `code` (without the return)."""
    if code >> 8 == 0 and code & 0xFF in GSOS_ERROR_TEXTS:
        return f"GS/OS: {GSOS_ERROR_TEXTS[code & 0xFF]}"
    return f"Error number {code & 0xFF} in tool {code >> 8}"


@tool_state("orcashell")
class OrcaShell:
    """The shell's state a tool can see: variables and the stop flag."""

    def __init__(self, tb: Any) -> None:
        self.tb = tb
        self.variables: dict[str, str] = {}
        self.saved: list[dict[str, str]] = []
        self.stop_flag = 0


def _shell(gs: GSOS) -> OrcaShell:
    return gs.tb.orcashell


def _console_write(gs: GSOS, text: bytes, stream: str) -> None:
    gs.tb.text.console.write(text, stream)


def _put_string(gs: GSOS, address: int, text: str) -> None:
    """A result string: a Pascal string (ProDOS 16 form) or a ResultBuf255."""
    if gs.class0:
        raw = text.encode("mac_roman", errors="replace")[:255]
        write_bytes(gs.tb.mem, address, bytes([len(raw)]) + raw)
    else:
        gs.write_result(address, text)


def shell_error(gs: GSOS, pb: Any) -> None:
    code = pb.get("error")
    gs._note(f"${code:04X}")
    _console_write(gs, error_message(code).encode("ascii") + b"\r", "err")


def shell_version(gs: GSOS, pb: Any) -> None:
    pb.put("version", SHELL_VERSION)


def set_variable(gs: GSOS, pb: Any) -> None:
    name = gs.read_input_string(pb.get("name")).upper()
    value = gs.read_input_string(pb.get("value"))
    gs._note(f'{name}="{value}"')
    if not name:
        raise GSOSError(PARAM_RANGE_ERR, "no variable name")
    _shell(gs).variables[name] = value


def read_variable(gs: GSOS, pb: Any) -> None:
    """ReadVariable: the value, or the empty string for a variable not set."""
    name = gs.read_input_string(pb.get("name")).upper()
    value = _shell(gs).variables.get(name, "")
    gs._note(f'{name}="{value}"')
    _put_string(gs, pb.get("value"), value)
    pb.put("export", 0)


def unset_variable(gs: GSOS, pb: Any) -> None:
    _shell(gs).variables.pop(gs.read_input_string(pb.get("name")).upper(), None)


def export_variable(gs: GSOS, pb: Any) -> None:
    """Export: there is no parent shell to export to; the variable stays as it is."""


def push_variables(gs: GSOS, pb: Any) -> None:
    shell = _shell(gs)
    shell.saved.append(dict(shell.variables))


def pop_variables(gs: GSOS, pb: Any) -> None:
    shell = _shell(gs)
    if shell.saved:
        shell.variables = shell.saved.pop()


def direction(gs: GSOS, pb: Any) -> None:
    device = pb.get("device")
    if device >= STANDARD_DEVICES:
        raise GSOSError(PARAM_RANGE_ERR, f"device {device}")
    pb.put("direction", CONSOLE_DIRECTION)


def stop(gs: GSOS, pb: Any) -> None:
    pb.put("stopFlag", _shell(gs).stop_flag)


def set_stop_flag(gs: GSOS, pb: Any) -> None:
    _shell(gs).stop_flag = pb.get("stopFlag")


def expand_devices(gs: GSOS, pb: Any) -> None:
    """ExpandDevices: device names are left as they are; the GS/OS form copies the
    name to its output buffer, the ProDOS 16 form leaves it in place."""
    if pb.has("outName"):
        gs.write_result(pb.get("outName"), gs.read_input_string(pb.get("inName")))


def console_out(gs: GSOS, pb: Any) -> None:
    _console_write(gs, bytes([pb.get("ch") & 0xFF]), "out")


# function, name, GS/OS form's fields (after pCount), ProDOS 16 form's fields, handler
SHELL_ROWS = (
    (0x05, "Error", (("error", W),), (("error", W),), shell_error),
    (0x06, "Set", (("name", L), ("value", L), ("export", W)),
     (("name", L), ("value", L)), set_variable),
    (0x07, "Version", (("version", L),), (("version", L),), shell_version),
    (0x0B, "ReadVariable", (("name", L), ("value", L), ("export", W)),
     (("name", L), ("value", L)), read_variable),
    (0x0F, "Direction", (("device", W), ("direction", W)),
     (("device", W), ("direction", W)), direction),
    (0x13, "Stop", (("stopFlag", W),), (("stopFlag", W),), stop),
    (0x14, "ExpandDevices", (("inName", L), ("outName", L)), (("inName", L),),
     expand_devices),
    (0x15, "UnsetVariable", (("name", L),), (("name", L),), unset_variable),
    (0x16, "Export", (("name", L), ("flags", W)), (("name", L), ("flags", W)),
     export_variable),
    (0x17, "PopVariables", (), (), pop_variables),
    (0x18, "PushVariables", (), (), push_variables),
    (0x19, "SetStopFlag", (("stopFlag", W),), (("stopFlag", W),), set_stop_flag),
    (0x1A, "ConsoleOut", (("ch", W),), (("ch", W),), console_out),
)

for _function, _name, _gs_fields, _p16_fields, _handler in SHELL_ROWS:
    SHELL_CALLS[_function] = (_name, _gs_fields,
                              lambda mem, at, f=_p16_fields: P16Block(mem, at, f), _handler)
