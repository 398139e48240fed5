"""The tool-call table: one row per toolbox call the shim implements.

Every tool module declares its calls with `@tool(...)`, naming the call as the Toolbox
Reference does and giving its stack signature. One row drives the dispatcher (how many
bytes to pop, how big the result is), the call log, and the "not implemented" report.

Signature letters, in the call's declared (left-to-right) order:
    W  a word (2 bytes)         L  a long (4 bytes): a value, pointer or handle
The dispatcher hands the implementation the values as unsigned ints in declared order;
signed words are the implementation's business (`s16`). The implementation returns the
result as an int (or None when `result` is 0) and raises `ToolError(code)` on failure.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

PARAM_BYTES = {"W": 2, "L": 4}


class ToolError(Exception):
    """A toolbox error: `code` goes to A with carry set (high byte = tool set)."""

    def __init__(self, code: int, message: str = "") -> None:
        super().__init__(message or f"tool error ${code:04X}")
        self.code = code & 0xFFFF


# Tool Locator errors (Toolbox Reference vol. 2, Tool Locator, error codes)
TOOL_NOT_FOUND = 0x0001      # toolErr: tool set not found
FUNC_NOT_FOUND = 0x0002      # funcNotFoundErr: function not found


@dataclass(frozen=True)
class ToolCall:
    toolset: int
    function: int
    name: str
    params: str | None   # e.g. "WLL"; None: operands follow an opword (`opword_tool`)
    result: int | None   # result space in bytes (0, 2 or 4, sometimes more); None likewise
    impl: Callable

    @property
    def number(self) -> int:
        """The value a caller loads into X: function << 8 | tool set."""
        return (self.function << 8) | self.toolset

    @property
    def param_bytes(self) -> int:
        return sum(PARAM_BYTES[c] for c in self.params or "")


TOOL_TABLE: dict[int, ToolCall] = {}


def tool(toolset: int, function: int, params: str = "", result: int = 0,
         name: str | None = None) -> Callable[[Callable], Callable]:
    """Register the decorated function as toolbox call (function << 8 | toolset).

    The function is called as impl(tb, *params) where `tb` is the running Toolbox.
    """
    if any(c not in PARAM_BYTES for c in params):
        raise ValueError(f"bad signature {params!r}")

    def register(impl: Callable) -> Callable:
        call = ToolCall(toolset, function, name or impl.__name__, params, result, impl)
        if call.number in TOOL_TABLE:
            raise ValueError(f"tool ${call.number:04X} registered twice "
                             f"({TOOL_TABLE[call.number].name}, {call.name})")
        TOOL_TABLE[call.number] = call
        return impl

    return register


@dataclass(frozen=True)
class OpwordFrame:
    """The stack of a call whose operands follow an opword (SANE's FP816 family): the
    opword is the last word pushed, at `base`; the operands' addresses are under it."""
    mem: Any
    base: int

    def word(self, offset: int) -> int:
        """The word `offset` bytes above the opword's (0: the opword itself)."""
        a = self.base + offset
        return self.mem[a & 0xFFFF] | self.mem[(a + 1) & 0xFFFF] << 8

    def long(self, offset: int) -> int:
        """The long `offset` bytes above the opword's (an operand address: 24 bits)."""
        return (self.word(offset) | self.word(offset + 2) << 16) & 0xFFFFFF

    @property
    def opword(self) -> int:
        return self.word(0)


class UnknownOpword(Exception):
    """An opword its call does not know: the machine stops with a report that says so
    in words (`message`), never with a Python trace."""

    def __init__(self, opword: int, message: str) -> None:
        super().__init__(message)
        self.opword = opword & 0xFFFF
        self.message = message


@dataclass(frozen=True)
class OpwordAnswer:
    """What an opword call leaves: `drop` parameter bytes (opword included) go; X, Y and
    the N V Z C flags are set when given (None: X and Y are preserved, flags as usual)."""
    drop: int
    x: int | None = None
    y: int | None = None
    flags: int | None = None


def opword_tool(toolset: int, function: int,
                name: str | None = None) -> Callable[[Callable], Callable]:
    """Register a call whose parameters are an opword and the operands it names: the
    implementation is called as impl(tb, OpwordFrame) and returns an OpwordAnswer. Its
    row has no fixed signature (params and result None, "?" in reference_calls.txt)."""

    def register(impl: Callable) -> Callable:
        call = ToolCall(toolset, function, name or impl.__name__, None, None, impl)
        if call.number in TOOL_TABLE:
            raise ValueError(f"tool ${call.number:04X} registered twice")
        TOOL_TABLE[call.number] = call
        return impl

    return register


def s16(value: int) -> int:
    """A word parameter read as a signed integer."""
    value &= 0xFFFF
    return value - 0x10000 if value & 0x8000 else value
