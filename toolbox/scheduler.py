"""Scheduler (tool set $07): tasks a program queues to run when the system is free.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 19 "Scheduler". On a IIGS a
routine that must not run while the system is busy (inside GS/OS or a tool that is
not reentrant) is queued with SchAddTask; the Scheduler runs each queued task once,
with JSL in full native mode, at the first heartbeat (or DecBusyFlg) that finds the
busy flag clear, and takes it off the queue. SchAddTask answers TRUE when the task
was queued and FALSE when the queue (four tasks, as in the ROM) is full; SchFlush
empties the queue without running anything.

The busy flag is the byte at $E1/00FF, raised and lowered through the firmware's
IncBusyFlg ($E1/0064) and DecBusyFlg ($E1/0068) (`iigs.interrupts`): a program (or a
native tool set) raises it around work a task must not interrupt, and GS/OS raises it
for the length of each of its calls (`toolbox.dispatch`); the Tool Locator's
dispatcher does not, so a tool call leaves it as it was. The system also counts as
busy while the firmware's dispatch runs from inside one of this toolbox's tool calls
that wait tick after tick (MenuSelect, ModalDialog: their Python is not reentrant).
Queued tasks run, in the order they were queued, when the system is not busy, at
whichever comes first: the heartbeat (the VBL interrupt's firmware handler,
`toolbox.misc`; SchAddTask turns VBL interrupts on, as the ROM has them from
power-on) when the program runs with interrupts enabled, the DecBusyFlg that brings
the flag to 0, or the program's next event poll (GetNextEvent, EventAvail or
TaskMaster, the Event Manager's `next_event`, before the event is looked for).
"""
from __future__ import annotations

from toolbox._housekeeping import register_housekeeping
from toolbox.calls import tool
from toolbox.toolbox import tool_state

TOOLSET = 0x07
SCH_VERSION = 0x0101
QUEUE_SIZE = 4                 # tasks the ROM's queue holds
TRUE, FALSE = 0xFFFF, 0x0000


@tool_state("sch")
class Scheduler:
    """Scheduler state: started flag and the queue of task addresses."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.queue: list[int] = []
        self.ran: list[int] = []          # tasks run so far (for the log and tests)
        self._running = False
        irq = getattr(tb.machine, "interrupts", None)
        if irq is not None:
            irq.set_firmware("not_busy", lambda: run_queued_tasks(tb))

    def reset(self) -> None:
        """SchReset: the queue is emptied (a system reset)."""
        self.queue.clear()

    def add(self, task: int) -> bool:
        if len(self.queue) >= QUEUE_SIZE:
            self.tb.call_log.append(f"SchAddTask(${task:06X}): queue full")
            return False
        self.queue.append(task & 0xFFFFFF)
        irq = getattr(self.tb.machine, "interrupts", None)
        if irq is not None:
            irq.set_source("vbl", True)    # the heartbeat that runs the queue
        return True

    def run_tasks(self) -> int:
        """Run every queued task once (JSL, full native mode); how many ran."""
        machine = self.tb.machine
        if not self.queue or machine is None or self._running:
            return 0
        self._running = True          # a task that polls for events does not recurse
        count = 0
        try:
            while self.queue:
                task = self.queue.pop(0)
                self.tb.call_log.append(f"Scheduler: task ${task:06X} runs")
                machine.call(task)
                self.ran.append(task)
                count += 1
        finally:
            self._running = False
        return count


def run_queued_tasks(tb) -> None:
    """A moment the Scheduler may use (a heartbeat, DecBusyFlg to 0, an event poll):
    run what it holds, unless the system is busy."""
    sch = tb.sch
    irq = getattr(tb.machine, "interrupts", None)
    if sch.queue and not (irq is not None and irq.system_busy):
        sch.run_tasks()


register_housekeeping(TOOLSET, "Sch", "sch", SCH_VERSION)


@tool(TOOLSET, 0x09, "L", 2)
def SchAddTask(tb, task_ptr: int) -> int:
    """SchAddTask(taskPtr:L): taskAdded:W (FALSE when the queue is full)"""
    return TRUE if tb.sch.add(task_ptr) else FALSE


@tool(TOOLSET, 0x0A, "")
def SchFlush(tb) -> None:
    """SchFlush(): the queued tasks are dropped, none runs."""
    tb.sch.queue.clear()
