"""The system's machine: the hardware (`iigs.machine.Hardware`) with the toolbox, its
system entry points, the disk and the launch of a program.

Follows the Toolbox Reference vol. 1 ch. 1 (the system entry points in bank $E1,
trapped here and answered by `toolbox.dispatch`), and the GS/OS Reference's System
Loader (loading a load file, the launch state). The battery RAM lives beside the
mounted disk (`iigs.bram`). This floor composes the ones below it; nothing below imports
it (docs/architecture.md).

Public API:
    m = Machine(disk=None, host=None, idle=None, strict=None)
    m.load(path_or_bytes) -> Program
    m.run(max_cycles=None, seconds=None) -> reason   ("quit", "idle", "cycles", ...)
    m.call(addr, a=0, x=0, y=0, stack_args=()) -> Registers
    m.console.text()  (what the program printed; toolbox/text.py)
    m.tb              (the toolbox: every tool set's state)

A tool call the toolbox lacks is answered as the Tool Locator does (see
`toolbox.dispatch`) and listed in `missing_calls()`; with `strict` it stops the machine
instead. `strict=None` takes the environment's IIGS_STRICT (set to 1 by the test suite,
so GIN.KING's own tests stay strict).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from iigs.bram import SPEED_FAST, SYS_SPEED
from iigs.framesource import FrameSource
from iigs.interrupts import RTL
from iigs.machine import Hardware, MachineError, Program
from iigs.memory import (GSOS_INLINE_ENTRY, GSOS_STACK_ENTRY, TO_BUSY_STRIP, TO_STRIP,
                         TOOL_ENTRY, TOOL_ENTRY_2, TOOL_RETURN_RTL, USER_TOOL_ENTRY,
                         USER_TOOL_ENTRY_2)
from toolbox.dispatch import Dispatcher
from toolbox.loader import APPLICATION_ID_TYPE, ATTR_LOCKED_FIXED
from toolbox.memorymgr import ATTR_BANK, ATTR_NO_CROSS, ATTR_PAGE
from toolbox.toolbox import Toolbox

__all__ = ["Machine", "MachineError", "Program"]

# Launch defaults (GS/OS Reference, System Loader).
DEFAULT_DP_STACK_SIZE = 0x1000      # when the load file has no KIND $12 segment
SHELL_IDENTIFIER = b"BYTEWRKS"      # what the ORCA shell puts before a command line

STRICT_ENV = "IIGS_STRICT"          # "1": missing tool calls stop the machine


def strict_default() -> bool:
    """Strict mode when IIGS_STRICT is set to anything but "", "0" or "no"."""
    return os.environ.get(STRICT_ENV, "").strip().lower() not in ("", "0", "no", "false")


class Machine(Hardware):
    """The hardware with the toolbox, the disk and loading: what a program runs on."""

    def __init__(self, disk: Any = None, host: Any = None, idle: str | None = None,
                 strict: bool | None = None) -> None:
        self.strict = strict_default() if strict is None else strict
        self.disk_message: str | None = None   # set when a damaged disk was replaced
        super().__init__(host=host, idle=idle)
        if disk is not None:
            self.mount(disk)

    # -- the hooks of the hardware -------------------------------------------------------
    def _install_entry_points(self) -> None:
        """The toolbox and its dispatcher at the system entry points of bank $E1."""
        self.tb = Toolbox(self.mem, machine=self, host=self.host)
        self.dispatcher = Dispatcher(self.tb)
        self.trap(TOOL_ENTRY, self.dispatcher.tool_call)
        self.trap(TOOL_ENTRY_2, lambda cpu: self.dispatcher.tool_call(cpu, extra_rtl=True))
        self.trap(USER_TOOL_ENTRY, self.dispatcher.user_tool_call)
        self.trap(USER_TOOL_ENTRY_2,
                  lambda cpu: self.dispatcher.user_tool_call(cpu, extra_rtl=True))
        self.trap(TO_STRIP, self.dispatcher.to_strip)
        self.trap(TO_BUSY_STRIP, self.dispatcher.to_busy_strip)
        self.mem[TOOL_RETURN_RTL] = RTL
        self.trap(GSOS_INLINE_ENTRY, self.dispatcher.gsos_inline)
        self.trap(GSOS_STACK_ENTRY, self.dispatcher.gsos_stack)

    def _tick_software(self) -> None:
        self.tb.em.poll_for_hardware()  # host keys into the $C000 latch before EMStartUp
        self.tb.text.present()          # a program that only prints: its text window
        self.tb.snd.tick()              # the DOC up to time, the host's mixer topped up
        self.tb.misc.tick()             # GetAddr's tick count, when a program asked

    def _frame_source(self) -> FrameSource:
        return self.tb                  # QuickDraw II's screen mode and cursor, on self

    def _inputs_applied(self) -> int:
        return self.tb.em.inputs_applied

    def _window_closed(self) -> bool:
        return self.tb.em.quit_requested

    def _fast(self) -> bool:
        return self.tb.misc.bram.param(SYS_SPEED) == SPEED_FAST

    def _report_calls(self) -> list[str]:
        return self.tb.call_log

    def missing_calls(self) -> list[str]:
        """One line per tool call the program made that the toolbox lacks."""
        return self.dispatcher.missing_report()

    @property
    def console(self) -> Any:
        """The console programs print to (Text Tools slot 3, GS/OS `.CONSOLE`): its
        `text()` is what they printed, `feed()` queues typed input."""
        return self.tb.text.console


    # -- disk and program ----------------------------------------------------------------
    def mount(self, disk: Any) -> None:
        """Put a disk (a `disk.Volume` or an image path) in GS/OS's drive. A path that
        cannot hold a disk raises disk.DiskError (nothing touched). The battery RAM
        lives beside the image (iigs.bram: only a battery RAM file there is read or
        replaced; its `message` says what else was found); beside a read-only image it
        is read, never written."""
        if isinstance(disk, (str, Path)):
            import disk as disk_pkg
            disk, message = disk_pkg.open_or_recover(disk)
            self.disk_message = message   # what the user must be told about the disk
        self.tb.gsos.mount(disk)
        path = getattr(disk, "path", None)
        if path is not None:
            from iigs.bram import BatteryRAM, bram_path
            read_only = bool(getattr(disk, "read_only", None))
            self.tb.misc.use_bram(BatteryRAM(bram_path(path), read_only=read_only,
                                             disk=path))

    def release_disk(self) -> None:
        """The session is over: the disk's lock goes (disk.lock, issue 44), so another
        session may write the disk. The volume stays in the drive."""
        volume = self.tb.gsos.volume
        if volume is not None:
            from disk import lock
            lock.release(volume)

    def load(self, source: str | Path | bytes, pathname: str = "") -> Program:
        """Load an S16 file and set up the launch state (GS/OS Reference, System Loader):
        segments placed by the Memory Manager under a new application user ID, the
        direct-page/stack block in bank 0, native mode with 16-bit registers, A = user
        ID, D = bottom of the block, S = its top (below a return address that catches a
        main that RTLs instead of quitting), B = K = the entry segment's bank.
        `pathname` is the file's GS/OS pathname, for the System Loader's books."""
        path = None
        if isinstance(source, (str, Path)):
            path = str(source)
            data = Path(source).read_bytes()
        else:
            data = bytes(source)
        user_id, loaded, handles = self.tb.loader.load_segments(
            data, APPLICATION_ID_TYPE, pathname or (path or ""))
        self.tb.mm.app_user_id = user_id
        mm = self.tb.mm
        if loaded.dp_stack is not None:
            dp_base, dp_size = loaded.dp_stack.address, loaded.dp_stack.length
        else:
            handle = mm.new_handle(DEFAULT_DP_STACK_SIZE, user_id,
                                   ATTR_LOCKED_FIXED | ATTR_BANK | ATTR_PAGE | ATTR_NO_CROSS)
            handles.append(handle)
            dp_base, dp_size = mm.deref(handle), DEFAULT_DP_STACK_SIZE
        self.program = Program(user_id, loaded.entry, loaded.segments, dp_base, dp_size,
                               handles, path)
        gsos = self.tb.gsos
        if path and gsos.volume is not None:
            gsos.set_launch(path)
        self._launch()
        return self.program

    def load_from_disk(self, pathname: str) -> Program:
        """Load the program at GS/OS `pathname` on the mounted disk (its data fork) and
        launch it as the Finder would: prefixes 8, 9 (and 0, 1) name its folder and the
        launch path its file, so StartUpTools finds the program's resource fork there.
        A partial pathname is taken from the volume directory (prefix 8). ValueError
        when there is no disk or no such file."""
        from toolbox.gsos import GSOSError
        gs = self.tb.gsos
        if gs.volume is None:
            raise ValueError("no disk mounted")
        try:
            components = gs.resolve(pathname)
            path = gs.on_volume(components)
            data = gs.volume.read_file(path)
        except (GSOSError, FileNotFoundError, IsADirectoryError) as err:
            raise ValueError(f"{pathname}: not a file on the disk ({err})") from None
        except OSError as err:                      # its blocks lie off a damaged disk
            raise ValueError(f"{pathname}: cannot be read ({err})") from None
        program = self.load(data, ":" + ":".join(components))
        gs.set_launch("/" + "/".join(components))
        program.path = pathname
        return program

    def set_command_line(self, line: str) -> int:
        """Hand the loaded program a command line as the ORCA and GS/OS shells do: X
        (high word) and Y (low word) point to the 8-byte shell identifier "BYTEWRKS"
        followed by the command line (the program's name, then its arguments) as a C
        string, in a block the program owns. Returns the block's address."""
        if self.program is None:
            raise RuntimeError("no program loaded")
        data = SHELL_IDENTIFIER + line.encode("ascii", "replace") + b"\0"
        mm = self.tb.mm
        handle = mm.new_handle(len(data), self.program.user_id, ATTR_LOCKED_FIXED)
        address = mm.deref(handle)
        self.mem[address:address + len(data)] = data
        self.cpu.x, self.cpu.y = address >> 16, address & 0xFFFF
        return address

