"""A whole machine (CPU, memory, toolbox) with the desktop started from Python and a
scripted host, for desktop tests whose toolbox calls back into 65816 code (desk
accessories, filter procedures)."""
import functools
import importlib.util
from pathlib import Path

from iigs.hostinput import HostInput
from iigs.memory import write_bytes
from toolbox import control, dialog, event, lineedit, menu, window
from toolbox.desk import manager as desk

USER_ID = 0x1001


@functools.lru_cache(maxsize=None)
def _machine_build():
    path = Path(__file__).parents[1] / "machine" / "conftest.py"
    spec = importlib.util.spec_from_file_location("machine_programs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.build


def call_tool(m, number, params=(), result_words=0):
    """tests/machine/toolcall.py's call_tool: the call made by JSL $E10000 from 65816
    code; (error, result words)."""
    path = Path(__file__).parents[1] / "machine" / "toolcall.py"
    spec = importlib.util.spec_from_file_location("machine_toolcall", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.call_tool(m, number, params, result_words)


def machine_build(name, defines=None):
    """Assemble and link tests/machine/programs/NAME.asm (as the machine tests do)."""
    return _machine_build()(name, defines)


class Host:
    """A scripted host (as tests/desktop/conftest.py's), for a whole machine."""
    interactive = False

    def __init__(self):
        self.inputs, self.beeps = [], 0

    def poll(self):
        out, self.inputs = self.inputs, []
        return out

    def present(self, mem, tb):
        pass

    def wait(self, seconds):
        pass

    def beep(self):
        self.beeps += 1

    def click(self, h, v):
        self.inputs += [HostInput("down", h, v), HostInput("up", h, v)]


def start_desktop(m):
    """QuickDraw (640 mode), Event, Window, Control, Menu, LineEdit, Dialog and Desk
    Managers started, and an Apple menu (About, then the desk accessories)."""
    tb = m.tb
    tb.qd.QDStartUp(0x1000, 0x80, 0, USER_ID)
    event.EMStartUp(tb, 0x1300, 0, 0, 639, 0, 199, USER_ID)
    window.WindStartUp(tb, USER_ID)
    window.RefreshDesktop(tb, 0)
    control.CtlStartUp(tb, USER_ID, 0x1400)
    menu.MenuStartUp(tb, USER_ID, 0x1500)
    lineedit.LEStartUp(tb, USER_ID, 0x1600)
    dialog.DialogStartUp(tb, USER_ID)
    desk.DeskStartUp(tb)
    _, text = tb.wm.alloc(64)
    write_bytes(tb.mem, text, b">>@\\XN1\0--About\\N256V\0.\0")
    menu.InsertMenu(tb, menu.NewMenu(tb, text), 0)
    desk.FixAppleMenu(tb, 1)
    menu.FixMenuBar(tb)
    menu.DrawMenuBar(tb)
    return tb


