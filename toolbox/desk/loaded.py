"""New desk accessories loaded from the disk: NDA load files in SYSTEM/DESK.ACCS.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 5 "Desk Manager" ("Writing
your own NDA"): an NDA is a load file of file type $B8 in the boot disk's
SYSTEM/DESK.ACCS folder; the System Loader loads it at start-up and its first segment
begins with the NDA header:

    +$00 open:L     routine: returns the NDA's window pointer in the 4 bytes of
                    result space the Desk Manager pushes before the JSL
    +$04 close:L    routine: no inputs, no outputs (it closes its window)
    +$08 action:L   routine: A = action code, X = low word and Y = high word of the
                    action's parameter (eventAction: a pointer to the event record);
                    returns A nonzero when it handled the action
    +$0C init:L     routine: A nonzero at DeskStartUp, zero at DeskShutDown
    +$10 period:W   ticks between run actions (0: every SystemTask, $FFFF: never)
    +$12 eventMask:W  the events (1 << what) its eventAction wants
    +$14 menuLine   C string: two leading characters, the name, then "\\H**"

Every routine is called with JSL in full native mode and returns with RTL. The
accessory's window is its own (it calls SetSysWindow so that TaskMaster hands the
window's events to the Desk Manager); its updates are drawn by the window's
content-draw routine when it has one, else passed to the action routine as an
eventAction with the update event, as the Desk Manager does.

An NDA is a program of its own (issue 49): its code is in blocks under its own user
ID, so MMStartUp answers that ID (not the application's), LGetPathname2 and
OpenResourceFileByID find its own file, and the resource application it makes current
is put back to the application's when each of its routines returns.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from iigs.memory import read_cstring, read_long, read_word
from toolbox.desk.nda import EVENT_ACTION, NewDeskAccessory
from toolbox.event import UPDATE_EVT, Event, write_event

NDA_FILE_TYPE = 0xB8
DESK_ACCS_FOLDER = "SYSTEM/DESK.ACCS"
DESK_ACCESSORY_ID_TYPE = 0x5000      # GetNewID type for desk accessories
EVENT_RECORD_SIZE = 0x10


def menu_name(line: bytes) -> bytes:
    """The Apple menu text of an NDA's menu line ("--Name\\H**" -> "Name")."""
    return line[2:].split(b"\\", 1)[0]


class LoadedDeskAccessory(NewDeskAccessory):
    """An NDA from the disk, driven through its header's routines."""

    def __init__(self, tb, header: int, user_id: int, file_name: str) -> None:
        super().__init__(tb)
        mem = tb.mem
        self.header = header
        self.user_id = user_id
        self.file_name = file_name
        (self.open_proc, self.close_proc, self.action_proc,
         self.init_proc) = (read_long(mem, header + 4 * i) & 0xFFFFFF for i in range(4))
        self.period = read_word(mem, header + 0x10)
        self.event_mask = read_word(mem, header + 0x12)
        self.menu_name = menu_name(read_cstring(mem, header + 0x14, 256))
        self._event_rec = 0

    def _call(self, routine: int, **regs):
        """JSL to one of the header's routines. The application's current resource
        application is its own again afterwards: an NDA that makes its own ID current
        (ResourceStartUp, SetCurResourceApp) leaves the host's search path alone."""
        rm = self.tb.rm
        saved = rm.cur_app
        try:
            return self.tb.machine.call(routine, **regs)
        finally:
            if saved in rm.apps:
                rm.cur_app = saved

    def init(self, starting: bool) -> None:
        self._call(self.init_proc, a=0xFFFF if starting else 0)

    def open(self) -> None:
        regs = self._call(self.open_proc, stack_args=[0, 0])
        ptr = read_long(self.tb.mem, (regs.sp + 1) & 0xFFFF)
        self.window = self.tb.wm.find(ptr)

    def close(self) -> None:
        if self.window is None:
            return
        self._call(self.close_proc)
        self.window = None

    def action(self, code: int, event: Event | None = None) -> bool:
        param = 0
        if event is not None:
            if not self._event_rec:
                _, self._event_rec = self.tb.wm.alloc(EVENT_RECORD_SIZE)
            write_event(self.tb.mem, self._event_rec, event)
            param = self._event_rec
        regs = self._call(self.action_proc, a=code, x=param & 0xFFFF,
                                 y=param >> 16)
        return bool(regs.a & 0xFFFF)

    def draw(self) -> None:
        win = self.window
        if win is None:
            return
        wm = self.tb.wm
        if win.cont_draw:
            with wm.window_drawing(win):
                self._call(win.cont_draw)
        else:
            self.action(EVENT_ACTION, Event(UPDATE_EVT, win.ptr, self.tb.em.ticks(), 0, 0, 0))


def load_from_desk_accs(tb, wanted: Callable[[Any], bool],
                        kind: str) -> Iterator[tuple[str, int, int]]:
    """Load each file of the boot disk's SYSTEM/DESK.ACCS that `wanted(FileInfo)`
    takes, in directory order, with the System Loader's core under a desk accessory
    user ID: (file name, its first segment's address, user ID) each. One that does not
    load is left out and noted in the call log, with `kind` ("NDA", "CDA")."""
    machine = tb.machine
    volume = tb.gsos.volume
    if machine is None or volume is None or not volume.is_dir(DESK_ACCS_FOLDER):
        return
    for info in volume.listdir(DESK_ACCS_FOLDER):
        if info.is_dir or not wanted(info):
            continue
        path = f"{DESK_ACCS_FOLDER}/{info.name}"
        try:
            user_id, loaded, _ = tb.loader.load_segments(
                volume.read_file(path), DESK_ACCESSORY_ID_TYPE,
                f":{volume.name}:{path.replace('/', ':')}")
        except Exception as exc:             # a damaged file: the others still load
            tb.call_log.append(f"Desk Manager: {kind} {info.name} not loaded ({exc})")
            continue
        header = loaded.segments[min(loaded.segments)].address
        tb.call_log.append(f"Desk Manager: loaded {kind} {info.name} at ${header:06X}")
        yield info.name, header, user_id


def load_desk_accessories(tb) -> list[LoadedDeskAccessory]:
    """Every NDA (file type $B8) in the boot disk's SYSTEM/DESK.ACCS."""
    return [LoadedDeskAccessory(tb, header, user_id, name)
            for name, header, user_id in load_from_desk_accs(
                tb, lambda info: info.file_type == NDA_FILE_TYPE, "NDA")]
