"""The system entry points: the tool dispatcher ($E1/0000, $E1/0004) and GS/OS ($E1/00A8,
$E1/00B0), as trap handlers for the machine.

Follows the Apple IIGS Toolbox Reference vol. 1 ch. 1 (entry points, registers, the
stack protocol of a tool call), ORCA/C's code generator and the Merlin 32 tool macros
(the same protocol), the GS/OS Reference (in-line and stack call forms; ORCA/C gsos.h)
and Apple IIGS Technical Note #87 for the second entry ($E10004).

Tool call, as the trap sees it (S = stack pointer after the JSL):

    S+1..S+3                    return address (the JSL's last byte; RTL adds 1)
    S+4 ..                      Pn ... P1 (last pushed first)
    S+4+paramBytes ..           result space

The dispatcher reads X, finds the row in TOOL_TABLE, decodes the parameters, calls the
Python function, stores its result in the result space, drops the parameters, returns
like RTL, and sets A = error (0) and carry = error. X, Y, D and B are preserved. Each
call is logged in `tb.call_log`. A call made outside full native mode and a call whose
stack frame cannot be right are fatal: `MachineError` with the report (tool number,
caller, registers, disassembly).

A call the table lacks is answered as the IIGS Tool Locator answers it (Toolbox
Reference vol. 2, ch. 24, error codes): toolNotFoundErr $0001 when its tool set is
absent, funcNotFoundErr $0002 when the set is here but the function is not, in A with
carry set. When `toolbox.reference` knows the call's sizes its parameters are dropped
and its result space left for the caller to pull, so a program that checks the error
carries on; a call the Toolbox Reference does not list leaves the stack as it was (the
ROM's dispatcher knows no sizes). Every such call is logged and kept in `missing`
(listed when the machine stops). In strict mode (`Machine(strict=True)`, GIN.KING's own
tests) a missing call is fatal instead, with the tool number and the caller's address.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iigs.memory import TOOL_RETURN_RTL, read_long, read_word
from iigs.report import MachineError, SystemFailure
from toolbox.calls import (FUNC_NOT_FOUND, PARAM_BYTES, TOOL_NOT_FOUND, TOOL_TABLE,
                           OpwordFrame, ToolCall, ToolError, UnknownOpword)
from toolbox.costs import DEFAULT_CYCLES, call_cycles, drawing_cycles
from toolbox.machine_port import MachinePort
from toolbox.reference import reference_table
from toolbox.toolbox import Toolbox

CARRY, ZERO, OVERFLOW, NEGATIVE = 0x01, 0x02, 0x40, 0x80
M_FLAG, X_FLAG = 0x20, 0x10

# The call log keeps this many lines (the program loops on TaskMaster for hours).
CALL_LOG_LIMIT = 2000

# A call takes the cycles `toolbox.costs` gives it (SANE's operations thousands, the
# pixels QuickDraw II draws ten a byte), so a program that times its work with GetTick
# sees a IIGS's time pass; a missing call, a native tool set's dispatch and a GS/OS
# call take the default.
TOOL_CALL_CYCLES = DEFAULT_CYCLES

# Python frames a toolbox-fault report shows
PYTHON_FRAMES = 3

# GS/OS Quit (class 1 and class 0): stops the machine (GS/OS Reference; gsos.h).
QUIT_CALLS = (0x2029, 0x0029)

# Keeps a user tool call apart from the system call of the same number in `missing`.
USER_TOOL_FLAG = 0x10000


def _python_where(exc: BaseException) -> list[str]:
    """The innermost Python frames of a toolbox fault, for the report."""
    frames = traceback.extract_tb(exc.__traceback__)[-PYTHON_FRAMES:]
    return [f"  at {Path(f.filename).name}:{f.lineno} in {f.name}" for f in frames]


def _bank0(addr: int) -> int:
    return addr & 0xFFFF


@dataclass
class MissingCall:
    """A tool call the program made that this toolbox lacks, as the report lists it."""
    number: int
    name: str                 # the Toolbox Reference's name, or "" when it lists none
    error: int                # TOOL_NOT_FOUND or FUNC_NOT_FOUND
    first_caller: int         # address of the first JSL that made it
    dropped: int | None       # parameter bytes dropped (None: stack left as it was)
    count: int = 0

    def describe(self) -> str:
        name = f" {self.name}" if self.name else ""
        where = f"{self.first_caller >> 16:02X}/{self.first_caller & 0xFFFF:04X}"
        stack = ("stack left as it was" if self.dropped is None
                 else f"{self.dropped} parameter bytes dropped")
        kind = "toolNotFoundErr" if self.error == TOOL_NOT_FOUND else "funcNotFoundErr"
        return (f"${self.number:04X}{name}: {kind} ${self.error:04X}, {self.count} "
                f"call{'s' if self.count != 1 else ''}, first from {where} ({stack})")


class Dispatcher:
    """Trap handlers for the system entry points of one machine."""

    def __init__(self, tb: Toolbox) -> None:
        if tb.machine is None:
            raise ValueError("the dispatcher needs a toolbox with a machine")
        self.tb = tb
        self.machine: MachinePort = tb.machine
        self.mem = tb.mem
        self.missing: dict[int, MissingCall] = {}
        # Bytes drawn by the calls made inside each call under way (innermost last).
        self._nested_drawn: list[int] = []

    # -- helpers -------------------------------------------------------------------------
    def _return_address(self, cpu: Any, at: int) -> int:
        """The 24-bit address an RTL from stack slot S+at would return to."""
        s = cpu.sp
        mem = self.mem
        return (mem[_bank0(s + at)] | (mem[_bank0(s + at + 1)] << 8)
                | (mem[_bank0(s + at + 2)] << 16))

    def _rtl(self, cpu: Any, drop: int, frames: int = 1) -> None:
        """Remove `drop` bytes under the `frames` return addresses, then RTL."""
        mem = self.mem
        s = cpu.sp
        if drop:
            keep = 3 * frames
            saved = bytes(mem[_bank0(s + 1 + i)] for i in range(keep))
            for i, b in enumerate(saved):
                mem[_bank0(s + 1 + drop + i)] = b
            s = _bank0(s + drop)
        ret = mem[_bank0(s + 1)] | (mem[_bank0(s + 2)] << 8)
        cpu.pbr = mem[_bank0(s + 3)]
        cpu.pc = (ret + 1) & 0xFFFF
        cpu.sp = _bank0(s + 3)

    def _bytes_drawn(self) -> int:
        """QuickDraw II's count of pixel-image bytes changed so far."""
        return self.tb.qd.bytes_drawn

    def _drawn_since(self, start: int) -> int:
        """The bytes a call that began at count `start` drew itself: less what calls
        made inside it (a content-draw procedure's PaintRect inside TaskMaster) drew,
        which they were charged for. Closes the call's entry in `_nested_drawn`."""
        total = self._bytes_drawn() - start
        own = total - self._nested_drawn.pop()
        if self._nested_drawn:
            self._nested_drawn[-1] += total
        return own

    @staticmethod
    def _set_result(cpu: Any, error: int) -> None:
        cpu.a = error & 0xFFFF
        p = cpu.p & ~(CARRY | ZERO | NEGATIVE)
        if error:
            p |= CARRY
        else:
            p |= ZERO
        if error & 0x8000:
            p |= NEGATIVE
        cpu.p = p

    def _log(self, line: str) -> None:
        log = self.tb.call_log
        log.append(line)
        if len(log) > 2 * CALL_LOG_LIMIT:
            del log[:-CALL_LOG_LIMIT]

    def _fail(self, cpu: Any, title: str, caller: int, details: list[str]) -> MachineError:
        return self.machine.crash(title, where=caller, details=details)

    # -- tool calls ----------------------------------------------------------------------
    def tool_call(self, cpu: Any, extra_rtl: bool = False) -> str | None:
        """Trap for JSL $E10000 (and $E10004 with `extra_rtl`)."""
        frames = 2 if extra_rtl else 1
        caller = (self._return_address(cpu, 1) - 3) & 0xFFFFFF   # the JSL itself
        number = cpu.x & 0xFFFF
        row = TOOL_TABLE.get(number)
        if cpu.e or cpu.p & X_FLAG:
            raise self._fail(cpu, "Tool call outside full native mode", caller, [
                f"Tool call X=${number:04X} with E={cpu.e}, "
                f"X flag={1 if cpu.p & X_FLAG else 0}: the toolbox needs 16-bit X "
                "(Toolbox Reference vol. 1 ch. 1)."])
        table = self.tb.tl.function_table(False, number & 0xFF)
        if table:                  # a system tool set the program replaced (SetTSPtr)
            return self._native_call(cpu, table, number, caller, extra_rtl, False)
        if row is None:
            return self._missing_call(cpu, number, caller, frames)
        if row.params is None:
            return self._opword_call(cpu, row, caller, frames)
        self._check_frame(cpu, row, caller, frames)
        base = cpu.sp + 1 + 3 * frames
        args, addr = [], base
        for letter in reversed(row.params):
            size = PARAM_BYTES[letter]
            args.append(read_word(self.mem, _bank0(addr)) if size == 2 else
                        read_word(self.mem, _bank0(addr))
                        | (read_word(self.mem, _bank0(addr + 2)) << 16))
            addr += size
        args.reverse()
        shown = ", ".join(f"${a:0{2 * PARAM_BYTES[l]}X}" for a, l in zip(args, row.params))
        cpu.processorCycles += call_cycles(number, args)
        drawn = self._bytes_drawn()
        self._nested_drawn.append(0)
        self.tb.caller = caller              # MMStartUp finds the caller's user ID by it
        try:
            result = row.impl(self.tb, *args)
            error = 0
        except ToolError as err:
            result, error = None, err.code
        except SystemFailure as fail:
            raise self._fail(cpu, f"SysFailMgr ${fail.code:04X}", caller, [
                f"SysFailMgr(${fail.code:04X}): {fail.message}",
                f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}."])
        except MachineError:
            raise
        except Exception as exc:             # a fault in the toolbox itself: still a report
            raise self._fail(cpu, f"Toolbox fault in {row.name}", caller, [
                f"{row.name}({shown}) raised {type(exc).__name__}: {exc}",
                *_python_where(exc),
                f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}."]) from exc
        finally:
            own_drawn = self._drawn_since(drawn)
        cpu.processorCycles += drawing_cycles(own_drawn)
        if not error and row.result and result is not None:
            data = (result if isinstance(result, (bytes, bytearray))
                    else (int(result) & ((1 << (8 * row.result)) - 1)).to_bytes(row.result, "little"))
            for i, b in enumerate(data[:row.result]):
                self.mem[_bank0(addr + i)] = b
        self._log(f"{row.name}({shown})" + (f" -> ${result:X}" if isinstance(result, int)
                                             and row.result else "")
                  + (f" error ${error:04X}" if error else ""))
        self._rtl(cpu, row.param_bytes, frames)
        self._set_result(cpu, error)
        return self.machine.take_stop_request()

    def _opword_call(self, cpu: Any, row: ToolCall, caller: int, frames: int) -> str | None:
        """A call whose operands follow an opword (SANE's FP816, DecStr816, Elems816):
        the implementation reads its frame and says how many bytes to drop and which of
        X, Y and the N V Z C flags it sets (A = 0, carry as the flags say)."""
        frame = OpwordFrame(self.mem, cpu.sp + 1 + 3 * frames)
        cpu.processorCycles += call_cycles(row.number, opword=frame.opword)
        try:
            answer = row.impl(self.tb, frame)
        except MachineError:
            raise
        except UnknownOpword as unknown:      # the program's mistake (or a gap): in words
            raise self._fail(cpu, f"{row.name}: unknown opword ${unknown.opword:04X}",
                             caller, [f"{row.name}: {unknown.message}.",
                                      f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}."])
        except Exception as exc:             # a fault in the toolbox itself: still a report
            raise self._fail(cpu, f"Toolbox fault in {row.name}", caller, [
                f"{row.name}(opword ${frame.opword:04X}) raised {type(exc).__name__}: {exc}",
                *_python_where(exc),
                f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}."]) from exc
        self._log(f"{row.name}(${frame.opword:04X})")
        self._rtl(cpu, answer.drop, frames)
        self._set_result(cpu, 0)
        if answer.x is not None:
            cpu.x = answer.x & 0xFFFF
        if answer.y is not None:
            cpu.y = answer.y & 0xFFFF
        if answer.flags is not None:
            cpu.p = (cpu.p & ~(NEGATIVE | OVERFLOW | ZERO | CARRY)) | answer.flags
        return self.machine.take_stop_request()

    def _missing_call(self, cpu: Any, number: int, caller: int, frames: int) -> str | None:
        """A call the tool table lacks: the Tool Locator's answer, or (strict) the report."""
        toolset = number & 0xFF
        known_set = any(c.toolset == toolset for c in TOOL_TABLE.values())
        code = FUNC_NOT_FOUND if known_set else TOOL_NOT_FOUND
        ref = reference_table().get(number)
        name = ref.name if ref is not None else ""
        if self.machine.strict:
            what = (f"function ${number >> 8:02X} of tool set ${toolset:02X}"
                    if known_set else f"tool set ${toolset:02X}")
            named = f" ({name})" if name else ""
            raise self._fail(cpu, f"Unimplemented tool call ${number:04X}", caller, [
                f"Tool call ${number:04X}{named}: {what} is not implemented "
                f"(Tool Locator error ${code:04X}).",
                f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}."])
        drop = ref.param_bytes if ref is not None else None
        return self._answer_missing(cpu, MissingCall(number, name, code, caller, drop),
                                    number, frames)

    def _answer_missing(self, cpu: Any, call: MissingCall, key: int,
                        frames: int = 1) -> str | None:
        """Note the call in `missing` (under `key`) and the log, drop what it knows of
        the parameters, and return like RTL with the error in A and carry set."""
        entry = self.missing.setdefault(key, call)
        entry.count += 1
        cpu.processorCycles += TOOL_CALL_CYCLES
        self._log(f"{call.name or 'tool'} ${call.number:04X} missing from "
                  f"{call.first_caller >> 16:02X}/{call.first_caller & 0xFFFF:04X} "
                  f"error ${call.error:04X}")
        self._rtl(cpu, call.dropped or 0, frames)
        self._set_result(cpu, call.error)
        return self.machine.take_stop_request()

    def missing_report(self) -> list[str]:
        """The missing calls, in the order first made, for the stop report."""
        return [m.describe() for m in self.missing.values()]

    def _check_frame(self, cpu: Any, row: ToolCall, caller: int, frames: int) -> None:
        """A frame that runs off the program's stack block is a stack imbalance: the
        caller pushed less than the call's parameters and result space need (or its
        pushes and pulls have drifted out of the block). The block is the loader's
        direct-page/stack block, or, when S has left it, the bank-0 block that holds S:
        a program may move its stack into memory it allocated itself (issue 49)."""
        block = self.machine.stack_block
        if block is None:
            return
        low, high = block
        if not low <= cpu.sp + 1 <= high:
            low, high = self._stack_block_at(cpu.sp + 1) or block
        top_needed = cpu.sp + 3 * frames + row.param_bytes + row.result
        if cpu.sp + 1 < low or top_needed > high:
            raise self._fail(cpu, f"Stack imbalance at {row.name}", caller, [
                f"{row.name} (${row.number:04X}) needs {row.param_bytes} bytes of "
                f"parameters and {row.result} of result space above the return address,",
                f"but S=${cpu.sp:04X} leaves the frame outside the stack block "
                f"${low:04X}-${high:04X}.",
                f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}."])

    def _stack_block_at(self, address: int) -> tuple[int, int] | None:
        """The bank-0 Memory Manager block holding `address` (first and last byte), for
        a program that moved its stack into memory it allocated (NewHandle with
        attrBank and attrFixed in bank 0, then TCS), or None when no block holds it."""
        handle = self.tb.mm.find_handle(address & 0xFFFF)
        if not handle:
            return None
        b = self.tb.mm.block(handle)
        return b.address, b.address + b.size - 1

    def user_tool_call(self, cpu: Any, extra_rtl: bool = False) -> str | None:
        """Trap for JSL $E10008 (and $E1000C with `extra_rtl`): a user tool set the
        program installed with SetTSPtr runs; for any other the Tool Locator answers
        toolNotFoundErr (no sizes are known: the stack stays)."""
        caller = (self._return_address(cpu, 1) - 3) & 0xFFFFFF
        number = cpu.x & 0xFFFF
        table = self.tb.tl.function_table(True, number & 0xFF)
        if table:
            return self._native_call(cpu, table, number, caller, extra_rtl, True)
        if self.machine.strict:
            raise self._fail(cpu, f"User tool call ${number:04X}", caller, [
                f"User tool set ${number & 0xFF:02X} is not installed (Tool Locator "
                f"error ${TOOL_NOT_FOUND:04X}).",
                f"Called from {caller >> 16:02X}/{caller & 0xFFFF:04X}."])
        return self._answer_missing(
            cpu, MissingCall(number, "user tool", TOOL_NOT_FOUND, caller, None),
            number | USER_TOOL_FLAG)

    def _native_call(self, cpu: Any, table: int, number: int, caller: int,
                     extra_rtl: bool, user: bool) -> str | None:
        """Hand the call to a tool set in 65816 code, as the Tool Locator does: its
        function pointer table (a count of functions + 1, then each function's address
        - 1) gives the entry; with the first entry of a pair the dispatcher's own RTL
        address goes on the stack, so the function always finds two RTL addresses (6
        bytes) above its parameters. X holds the call number, A and Y the set's work
        area pointer (low word in A). The function returns through RTL or ToStrip."""
        mem = self.mem
        function = number >> 8
        if not 1 <= function < read_long(mem, table):
            return self._answer_missing(
                cpu, MissingCall(number, "user tool" if user else "", FUNC_NOT_FOUND,
                                 caller, None),
                number | (USER_TOOL_FLAG if user else 0), 2 if extra_rtl else 1)
        entry = (read_long(mem, table + 4 * function) + 1) & 0xFFFFFF
        if not extra_rtl:
            ret = TOOL_RETURN_RTL - 1
            s = cpu.sp
            for offset, byte in enumerate((ret >> 16, (ret >> 8) & 0xFF, ret & 0xFF)):
                mem[_bank0(s - offset)] = byte
            cpu.sp = _bank0(s - 3)
        wap = self.tb.tl.work_area(user, number & 0xFF)
        cpu.a, cpu.y = wap & 0xFFFF, (wap >> 16) & 0xFFFF
        cpu.pbr, cpu.pc = entry >> 16, entry & 0xFFFF
        cpu.processorCycles += TOOL_CALL_CYCLES
        self._log(f"{'user ' if user else ''}tool ${number:04X} -> "
                  f"{entry >> 16:02X}/{entry & 0xFFFF:04X}")
        return None

    def to_busy_strip(self, cpu: Any) -> str | None:
        """Trap for ToBusyStrip ($E10180): DecBusyFlg (the tool function raised the
        busy flag at its entry), then ToStrip."""
        self.machine.interrupts.dec_busy()
        return self.to_strip(cpu)

    def to_strip(self, cpu: Any) -> str | None:
        """Trap for ToStrip ($E10184), a native tool function's exit (Technical Note
        #73): X = error code, Y = bytes of parameters to strip. The two RTL addresses
        move up over the parameters, A and carry take the error, and the function
        returns to whoever called the tool."""
        error, drop = cpu.x & 0xFFFF, cpu.y & 0xFFFF
        self._rtl(cpu, drop, frames=2)
        self._set_result(cpu, error)
        return self.machine.take_stop_request()

    # -- GS/OS ---------------------------------------------------------------------------
    def gsos_inline(self, cpu: Any) -> str | None:
        """Trap for JSL $E100A8 / DC I2 callnum / DC I4 pblock (GS/OS Reference)."""
        ret = self._return_address(cpu, 1)
        # The six in-line bytes follow the JSL in the caller's bank (PC wraps in a bank).
        inline = bytes(self.mem[(ret & 0xFF0000) | ((ret + k) & 0xFFFF)] for k in range(1, 7))
        callnum = int.from_bytes(inline[0:2], "little")
        pblock = int.from_bytes(inline[2:5], "little")
        error = self._gsos(cpu, callnum, pblock, "in-line", (ret - 3) & 0xFFFFFF)
        cpu.sp = _bank0(cpu.sp + 3)
        cpu.pbr = ret >> 16
        cpu.pc = (ret + 7) & 0xFFFF
        self._set_result(cpu, error)
        return self._after_gsos(callnum, error)

    def gsos_stack(self, cpu: Any) -> str | None:
        """Trap for PEA ^pblock / PEA pblock / PEA callnum / JSL $E100B0."""
        caller = (self._return_address(cpu, 1) - 3) & 0xFFFFFF
        callnum = read_word(self.mem, _bank0(cpu.sp + 4))
        pblock = read_long(self.mem, _bank0(cpu.sp + 6)) & 0xFFFFFF
        error = self._gsos(cpu, callnum, pblock, "stack", caller)
        self._rtl(cpu, 6)
        self._set_result(cpu, error)
        return self._after_gsos(callnum, error)

    def _gsos(self, cpu: Any, callnum: int, pblock: int, form: str, caller: int) -> int:
        """A GS/OS call, with the busy flag raised while it runs (GS/OS calls
        IncBusyFlg and DecBusyFlg around its work: the Scheduler's queue may run as it
        returns)."""
        irq = self.machine.interrupts
        irq.inc_busy()
        try:
            error = self._gsos_call(cpu, callnum, pblock, form, caller)
        except BaseException:
            irq.dec_busy(run_tasks=False)
            raise
        irq.dec_busy()
        return error

    def _gsos_call(self, cpu: Any, callnum: int, pblock: int, form: str,
                   caller: int) -> int:
        cpu.processorCycles += TOOL_CALL_CYCLES
        logged = len(self.tb.call_log)
        try:
            error = self.tb.gsos.call(callnum, pblock) or 0
        except SystemFailure as fail:
            raise self._fail(cpu, f"GS/OS failure ${fail.code:04X}", caller,
                             [fail.message])
        except Exception as exc:
            raise self._fail(cpu, f"GS/OS fault in call ${callnum:04X}", caller, [
                f"GS/OS ${callnum:04X}(${pblock:06X}) raised "
                f"{type(exc).__name__}: {exc}", *_python_where(exc)]) from exc
        if len(self.tb.call_log) == logged:       # GS/OS did not log the call itself
            self._log(f"GS/OS ${callnum:04X}(${pblock:06X}) [{form}]"
                      + (f" error ${error:04X}" if error else ""))
        return error & 0xFFFF

    def _after_gsos(self, callnum: int, error: int) -> str | None:
        gsos = self.tb.gsos
        if (callnum in QUIT_CALLS and not error) or gsos.quit_requested:
            return "quit"
        return self.machine.take_stop_request()
