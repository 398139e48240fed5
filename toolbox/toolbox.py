"""The running toolbox: the state of every tool set, shared by the dispatcher.

Each tool set's state is a typed field of `Toolbox`, always present, so tool code
reaches another tool set's Python core as `tb.qd`, `tb.mm`, `tb.em`, ... (the way the
real toolbox calls across tool sets), and the program's memory as `tb.mem` (24-bit,
byte-indexed). Each tool module marks its state class with `@tool_state("attr")`, the
field it fills; `Toolbox()` checks that every marked class has its field
(docs/architecture.md).
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from toolbox.machine_port import MachinePort
    from toolbox.ace import ACE
    from toolbox.adb import AppleDesktopBus
    from toolbox.control import ControlManager
    from toolbox.cursor import CursorShape
    from toolbox.desk.manager import DeskManager
    from toolbox.dialog import DialogManager
    from toolbox.event import EventManager
    from toolbox.fontmgr import FontManager
    from toolbox.gsos import GSOS
    from toolbox.intmath import IntegerMath
    from toolbox.lineedit import LineEditManager
    from toolbox.listmgr import ListManager
    from toolbox.loader import SystemLoader
    from toolbox.locator import ToolLocator
    from toolbox.memorymgr import MemoryManager
    from toolbox.menu import MenuManager
    from toolbox.midi import MIDITools
    from toolbox.midisynth import MIDISynth
    from toolbox.misc import MiscTools
    from toolbox.noteseq import NoteSequencer
    from toolbox.notesynth import NoteSynthesizer
    from toolbox.orcashell import OrcaShell
    from toolbox.printmgr import PrintManager
    from toolbox.qdaux import QDAux
    from toolbox.quickdraw.core import QuickDraw
    from toolbox.resource import ResourceManager
    from toolbox.sane import Sane
    from toolbox.scheduler import Scheduler
    from toolbox.scrap import ScrapManager
    from toolbox.sound import SoundTools
    from toolbox.stdfile import StandardFile
    from toolbox.text import TextTools
    from toolbox.textedit.record import TextEditManager
    from toolbox.videooverlay import VideoOverlay
    from toolbox.window import WindowManager

STATE_CLASSES: dict[str, type] = {}

# Modules of the package that are not tool sets.
_NOT_TOOL_SETS = {"calls", "toolbox", "dispatch", "console", "machine_port"}


def tool_state(attr: str) -> Callable[[type], type]:
    """Mark a tool set's state class as the one `Toolbox()` makes as `tb.<attr>`."""

    def register(cls: type) -> type:
        if attr in STATE_CLASSES and STATE_CLASSES[attr] is not cls:
            raise ValueError(f"tool state {attr!r} registered twice")
        STATE_CLASSES[attr] = cls
        return cls

    return register


def load_tool_sets() -> None:
    """Import every tool module so its calls and state classes register."""
    import toolbox
    for info in pkgutil.iter_modules(toolbox.__path__):
        if info.name not in _NOT_TOOL_SETS and not info.name.startswith("_"):
            importlib.import_module(f"toolbox.{info.name}")


class Toolbox:
    """All tool sets' state for one machine.

    mem:     the 24-bit memory (bytearray or anything with integer [])
    machine: the machine, as the toolbox may use it (`toolbox.machine_port`), or None
             when a core is tested without the CPU
    host:    the host (window or script) input comes from and frames go to, or None

    The Toolbox is what the host presents frames from (`iigs.framesource.FrameSource`:
    `host.present(tb.mem, tb)`): QuickDraw II's screen mode and cursor, on its machine.
    """

    ace: ACE
    adb: AppleDesktopBus
    qd: QuickDraw
    sch: Scheduler
    em: EventManager
    wm: WindowManager
    ctl: ControlManager
    menu: MenuManager
    desk: DeskManager
    le: LineEditManager
    dlg: DialogManager
    fm: FontManager
    gsos: GSOS
    im: IntegerMath
    lm: ListManager
    loader: SystemLoader
    mm: MemoryManager
    rm: ResourceManager
    tl: ToolLocator
    midi: MIDITools
    ms: MIDISynth
    misc: MiscTools
    seq: NoteSequencer
    ns: NoteSynthesizer
    orcashell: OrcaShell
    pm: PrintManager
    qdaux: QDAux
    sane: Sane
    scrap: ScrapManager
    snd: SoundTools
    sf: StandardFile
    text: TextTools
    te: TextEditManager
    vd: VideoOverlay

    def __init__(self, mem: Any, machine: MachinePort | None = None,
                 host: Any = None) -> None:
        load_tool_sets()
        self.mem = mem
        self.machine = machine
        self.host = host
        self.call_log: list[str] = []     # "NewHandle($0000,...)" lines, newest last
        self.caller = 0                   # the tool call in progress: its JSL's address
        unknown = sorted(set(STATE_CLASSES) - set(Toolbox.__annotations__))
        if unknown:
            raise TypeError(f"tool state {', '.join(unknown)} has no field in Toolbox "
                            "(toolbox/toolbox.py): declare it there")
        state = STATE_CLASSES
        # Made in this order: a tool set's constructor may use the ones made before it.
        self.ace = state["ace"](self)
        self.adb = state["adb"](self)
        self.qd = state["qd"](self)
        self.sch = state["sch"](self)
        self.em = state["em"](self)
        self.wm = state["wm"](self)
        self.ctl = state["ctl"](self)
        self.menu = state["menu"](self)
        self.desk = state["desk"](self)
        self.le = state["le"](self)
        self.dlg = state["dlg"](self)
        self.fm = state["fm"](self)
        self.gsos = state["gsos"](self)
        self.im = state["im"](self)
        self.lm = state["lm"](self)
        self.loader = state["loader"](self)
        self.mm = state["mm"](self)
        self.rm = state["rm"](self)
        self.tl = state["tl"](self)
        self.midi = state["midi"](self)
        self.ms = state["ms"](self)
        self.misc = state["misc"](self)
        self.seq = state["seq"](self)
        self.ns = state["ns"](self)
        self.orcashell = state["orcashell"](self)
        self.pm = state["pm"](self)
        self.qdaux = state["qdaux"](self)
        self.sane = state["sane"](self)
        self.scrap = state["scrap"](self)
        self.snd = state["snd"](self)
        self.sf = state["sf"](self)
        self.text = state["text"](self)
        self.te = state["te"](self)
        self.vd = state["vd"](self)

    # -- what the host presents a frame from (iigs.framesource.FrameSource) -------------
    def screen_hardware(self) -> MachinePort | None:
        """The machine the toolbox runs on: its screen is the one shown."""
        return self.machine

    def screen_mode640(self) -> bool | None:
        """The screen mode QuickDraw II set (its master SCB), or None before QDStartUp."""
        return self.qd.screen_mode640()

    def visible_cursor(self) -> CursorShape | None:
        """QuickDraw II's cursor, or None while hidden or obscured."""
        return self.qd.visible_cursor()

    def mouse_moved(self) -> None:
        """The host saw the mouse move: an obscured cursor shows again (ObscureCursor)."""
        self.qd.cursor_moved()
