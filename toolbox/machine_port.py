"""What the toolbox may ask of the machine: the one interface between the two floors.

`Toolbox.machine` is a `MachinePort` (or None when a tool set's core is tested without
a CPU); `system.machine.Machine` implements it. The toolbox never imports the machine:
it reaches memory, the call in progress, idle time, a stop and the interrupt hardware
through these members alone, and allocates and loads through its own Memory Manager
and System Loader (docs/architecture.md, "The toolbox reaches the machine through one
interface"). tests/test_layers.py checks that every use of `tb.machine` in `toolbox/`
is one of them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

if TYPE_CHECKING:
    from iigs.doc import DOC
    from iigs.interrupts import Interrupts
    from iigs.io import IOPage
    from iigs.report import MachineError

# A trap's handler: called with the CPU when the trap's WDM runs; a string stops the run.
TrapHandler = Callable[[Any], "str | None"]


class CallResult(Protocol):
    """The registers a routine left (`MachinePort.call`)."""
    a: int
    x: int
    y: int
    p: int
    cycles: int

    @property
    def carry(self) -> bool: ...


class LaunchedProgram(Protocol):
    """The application the machine launched: its user ID and the file it came from."""
    user_id: int
    path: str | None


class MachinePort(Protocol):
    """The machine as the toolbox sees it."""

    # -- memory and the hardware the tool sets drive ----------------------------------
    mem: bytearray                      # the 24-bit address space
    io: IOPage                          # soft switches (the Classic Desk Accessories)
    interrupts: Interrupts              # sources, vectors, the firmware's handlers
    doc: DOC                            # the Ensoniq DOC the Sound Tool Set plays
    cycles_per_second: int              # the CPU's clock (emulated cycles a second)

    # -- the call in progress -----------------------------------------------------------
    strict: bool                        # a missing tool call stops the machine
    stack_block: tuple[int, int] | None  # the program's direct-page/stack block
    program: LaunchedProgram | None

    @property
    def stack_pointer(self) -> int:
        """S now: where a routine the toolbox calls finds its stack."""

    def call(self, addr: int, a: int = 0, x: int = 0, y: int = 0,
             stack_args: Sequence[int] | bytes = (), *, d: int | None = None,
             dbr: int | None = None, max_cycles: int = ..., p: int = 0x00,
             stack: int | None = None,
             between_ticks: Callable[[], bool] | None = None) -> CallResult:
        """JSL to a program's routine (a filter, a task, a desk accessory) and back."""

    def trap(self, addr: int, handler: TrapHandler) -> int:
        """A routine of the toolbox's own at `addr` (`WDM n`), for programs to JSL to."""

    def crash(self, title: str, where: int | None = None,
              details: Sequence[str] = ()) -> MachineError:
        """The report that stops the machine (the caller raises it)."""

    # -- idle and stop ------------------------------------------------------------------
    @property
    def ticks(self) -> int:
        """60 Hz ticks since power-on."""

    @property
    def elapsed_cycles(self) -> int:
        """Emulated cycles since power-on."""

    def note_idle(self) -> None:
        """The program waits for input: time passes to the next tick."""

    def take_stop_request(self) -> str | None:
        """A stop asked for (the window closed, a breakpoint), once, or None."""
