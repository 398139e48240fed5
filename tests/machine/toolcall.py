"""One tool call made as a program makes it: a snippet in bank 0 pushes the result space
(PEA 0) and the parameters, LDX #number, JSL $E10000, then stores the error in A and
pops the result words to memory, so the dispatcher is exercised end to end."""
from __future__ import annotations

from typing import Sequence

from system.machine import Machine
from iigs.memory import read_word, write_bytes, write_word

CODE = 0x6000            # bank 0: the snippet that makes the call
OUT = 0x7000             # error word, then the result words


def call_tool(m: Machine, number: int, params: Sequence[tuple[str, int]] = (),
              result_words: int = 0) -> tuple[int, list[int]]:
    """Call tool `number` ("W"/"L" parameters, pushed in order); (error, result words,
    low word first). The carry must agree with the error, as the Tool Locator sets it."""
    code = bytearray(b"\xF4\x00\x00" * result_words)        # PEA 0: result space
    for kind, value in params:
        if kind == "L":
            code += b"\xF4" + (value >> 16 & 0xFFFF).to_bytes(2, "little")
        code += b"\xF4" + (value & 0xFFFF).to_bytes(2, "little")
    code += b"\xA2" + number.to_bytes(2, "little")           # LDX #number
    code += b"\x22\x00\x00\xE1"                              # JSL $E10000
    code += b"\x8D" + OUT.to_bytes(2, "little")              # STA OUT: the error
    for i in range(result_words):
        code += b"\x68\x8D" + (OUT + 2 + 2 * i).to_bytes(2, "little")   # PLA; STA
    code += b"\x6B"                                          # RTL
    write_bytes(m.mem, CODE, bytes(code))
    regs = m.call(CODE)
    error = read_word(m.mem, OUT)
    assert regs.carry == bool(error)
    return error, [read_word(m.mem, OUT + 2 + 2 * i) for i in range(result_words)]


def call_row(m: Machine, row, *values: int) -> tuple[int, int]:
    """Call a tool-table row with its declared parameters; (error, the result as one
    unsigned integer, low word first)."""
    assert len(values) == len(row.params)
    error, words = call_tool(m, row.number, list(zip(row.params, values)), row.result // 2)
    return error, sum(w << (16 * i) for i, w in enumerate(words))


def call_ok(m: Machine, number: int, params: Sequence[tuple[str, int]] = (),
            result_words: int = 0) -> list[int]:
    """call_tool that must succeed: the result words (the error named if there is one)."""
    error, words = call_tool(m, number, params, result_words)
    assert error == 0, f"${number:04X}: error ${error:04X}"
    return words


def start_up_tools(m: Machine, tools: Sequence[int], user_id: int = 0x1001,
                   record: int = 0x7800) -> int:
    """TLStartUp, then StartUpTools(user_id, refIsPointer, @record) with a StartStopRecord
    written at `record` (bank 0: flags 0, 640 mode, each tool set at version 0) naming
    `tools`; the reference StartUpTools answers (for ShutDownTools)."""
    write_word(m.mem, record, 0)                             # flags
    write_word(m.mem, record + 2, 0x0080)                    # videoMode: 640
    write_word(m.mem, record + 0x0A, len(tools))
    for i, toolset in enumerate(tools):
        write_word(m.mem, record + 0x0C + 4 * i, toolset)
        write_word(m.mem, record + 0x0E + 4 * i, 0)          # any version
    call_ok(m, 0x0201)                                       # TLStartUp
    low, high = call_ok(m, 0x1801, [("W", user_id), ("W", 0), ("L", record)], 2)
    return high << 16 | low
