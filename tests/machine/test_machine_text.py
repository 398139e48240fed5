"""The Text Tool Set (toolbox/text.py) called the way a program calls it: 65816 code that
pushes the result space and parameters and does JSL $E10000, with the console the
machine owns catching what is written and feeding what is read; and a small MPW IIgs
program that prints through the Text Tools and through GS/OS `.CONSOLE`."""
from __future__ import annotations

import pytest

from system.machine import Machine
from iigs.memory import read_bytes, read_word, write_bytes
from toolbox import text as tt
from toolbox.calls import TOOL_TABLE, ToolError
from toolcall import call_row

BUF = 0x7100             # a string buffer

CALLS = {                # Apple's numbers (Toolbox Reference vol. 2 ch. 23, TextTool.h)
    "TextBootInit": 0x010C, "TextStartUp": 0x020C, "TextShutDown": 0x030C,
    "TextVersion": 0x040C, "TextReset": 0x050C, "TextStatus": 0x060C,
    "SetInGlobals": 0x090C, "SetOutGlobals": 0x0A0C, "SetErrGlobals": 0x0B0C,
    "GetInGlobals": 0x0C0C, "GetOutGlobals": 0x0D0C, "GetErrGlobals": 0x0E0C,
    "SetInputDevice": 0x0F0C, "SetOutputDevice": 0x100C, "SetErrorDevice": 0x110C,
    "GetInputDevice": 0x120C, "GetOutputDevice": 0x130C, "GetErrorDevice": 0x140C,
    "InitTextDev": 0x150C, "CtlTextDev": 0x160C, "StatusTextDev": 0x170C,
    "WriteChar": 0x180C, "ErrWriteChar": 0x190C, "WriteLine": 0x1A0C,
    "ErrWriteLine": 0x1B0C, "WriteString": 0x1C0C, "ErrWriteString": 0x1D0C,
    "TextWriteBlock": 0x1E0C, "ErrWriteBlock": 0x1F0C, "WriteCString": 0x200C,
    "ErrWriteCString": 0x210C, "ReadChar": 0x220C, "TextReadBlock": 0x230C,
    "ReadLine": 0x240C,
}


@pytest.fixture
def m() -> Machine:
    return Machine()


def call(m: Machine, name: str, *params: int) -> tuple[int, int]:
    """Call Text Tools' `name` through JSL $E10000; (error, result as one unsigned
    integer read from the result space, low word first)."""
    row = TOOL_TABLE[CALLS[name]]
    assert row.name == name
    return call_row(m, row, *params)


def ok(m: Machine, name: str, *params: int) -> int:
    error, result = call(m, name, *params)
    assert error == 0, f"{name} error ${error:04X}"
    return result


def test_every_call_of_the_tool_set_is_here():
    assert {n: TOOL_TABLE[v].name for n, v in CALLS.items()} == {n: n for n in CALLS}
    assert sum(1 for row in TOOL_TABLE.values() if row.toolset == 0x0C) == len(CALLS)


def test_the_tool_locator_loads_the_tool_set(m):
    from toolbox import locator
    locator.LoadOneTool(m.tb, 0x0C, tt.TEXT_VERSION)       # LoadOneTool($0C, version)
    with pytest.raises(ToolError) as info:
        locator.LoadOneTool(m.tb, 0x0C, tt.TEXT_VERSION + 1)
    assert info.value.code == locator.TOOL_VERSION_ERR
    assert 0x0C in locator.START_UP                           # StartUpTools starts it


def test_housekeeping(m):
    assert ok(m, "TextStatus") == 0
    ok(m, "TextStartUp")
    assert ok(m, "TextStatus") == 0xFFFF
    assert ok(m, "TextVersion") == tt.TEXT_VERSION
    ok(m, "TextShutDown")
    assert ok(m, "TextStatus") == 0


def test_globals_come_back_as_a_txtmaskrec(m):
    # TxtMaskRec: orMask nearest the stack pointer, then andMask
    assert ok(m, "GetOutGlobals") == 0x00FF_0080                # AND $FF, OR $80
    ok(m, "SetInGlobals", 0x7F, 0x00)
    ok(m, "SetOutGlobals", 0x7F, 0x20)
    ok(m, "SetErrGlobals", 0xDF, 0x80)
    assert ok(m, "GetInGlobals") == 0x007F_0000
    assert ok(m, "GetOutGlobals") == 0x007F_0020
    assert ok(m, "GetErrGlobals") == 0x00DF_0080
    ok(m, "TextReset")
    assert ok(m, "GetInGlobals") == 0x00FF_0080


def test_devices_come_back_as_a_devicerec(m):
    # DeviceRec: ptrOrSlot long nearest the stack pointer, then deviceType
    assert ok(m, "GetOutputDevice") == (tt.PASCAL_TYPE << 32) | 3
    ok(m, "SetOutputDevice", tt.BASIC_TYPE, 1)
    ok(m, "SetErrorDevice", tt.RAM_BASED, 0x12_3456)
    ok(m, "SetInputDevice", tt.BASIC_TYPE, 3)
    assert ok(m, "GetOutputDevice") == 1
    assert ok(m, "GetErrorDevice") == (tt.RAM_BASED << 32) | 0x12_3456
    assert ok(m, "GetInputDevice") == 3
    assert call(m, "SetOutputDevice", 3, 3) == (tt.BAD_DEV_TYPE, 0)
    assert call(m, "InitTextDev", 3) == (tt.BAD_DEV_NUM, 0)
    assert call(m, "CtlTextDev", 4, 0) == (tt.BAD_DEV_NUM, 0)
    ok(m, "InitTextDev", 1)
    ok(m, "CtlTextDev", 0, 0)


def test_each_write_call_reaches_the_console(m):
    write_bytes(m.mem, BUF, b"\x05Hello, world\0")
    ok(m, "WriteChar", ord(">"))
    ok(m, "WriteString", BUF)                    # "Hello"
    ok(m, "WriteLine", BUF)                      # "Hello" + CR
    ok(m, "TextWriteBlock", BUF, 7, 6)           # " world"
    ok(m, "WriteCString", BUF + 1)               # "Hello, world"
    ok(m, "ErrWriteChar", ord("!"))
    ok(m, "ErrWriteString", BUF)
    ok(m, "ErrWriteLine", BUF)
    ok(m, "ErrWriteBlock", BUF, 1, 2)
    ok(m, "ErrWriteCString", BUF + 8)
    console = m.console
    assert console.text("out") == ">HelloHello\n worldHello, world"
    assert console.text("err") == "!HelloHello\nHeworld"
    # The output masks (AND $FF, OR $80) reach the device: the screen's normal text.
    assert console.streams["out"][:2] == bytes([0x80 | ord(">"), 0x80 | ord("H")])


def test_output_masks_and_other_slots(m):
    ok(m, "SetOutGlobals", 0x5F, 0x00)           # AND $5F: lower case to upper
    ok(m, "WriteChar", ord("a"))
    assert m.console.streams["out"] == b"A"
    ok(m, "SetOutputDevice", tt.PASCAL_TYPE, 1)  # the printer slot: not the console
    ok(m, "WriteChar", ord("b"))
    assert m.console.text() == "A"
    assert m.tb.text.elsewhere[(tt.PASCAL_TYPE, 1)] == b"B"


def test_control_characters_on_the_console(m):
    write_bytes(m.mem, BUF, b"\x0cab\x08c\r\nd\ne\x07\0")
    ok(m, "WriteCString", BUF)
    assert m.console.text() == "ac\nd\ne"


def test_readchar_takes_fed_keys_with_masks_and_echo(m):
    m.console.feed("xy")
    assert ok(m, "ReadChar", 0) == 0x80 | ord("x")          # input OR $80
    assert m.console.text() == ""
    ok(m, "SetInGlobals", 0x7F, 0x00)
    assert ok(m, "ReadChar", 1) == ord("y")                 # echoed
    assert m.console.text() == "y"
    assert ok(m, "ReadChar", 0) == 0                        # no key can come: NUL


def test_readchar_takes_keys_from_the_event_manager(m):
    m.tb.em.post(3, ord("k"))                               # keyDown, as the host gives
    assert ok(m, "ReadChar", 0) & 0x7F == ord("k")


def test_statustextdev_says_whether_a_key_waits(m):
    assert call(m, "StatusTextDev", 0, 1) == (tt.DEV_ERR, 0)
    m.console.feed("q")
    ok(m, "StatusTextDev", 0, 1)
    ok(m, "StatusTextDev", 1, 0)


def test_readline_stops_at_the_eol_character(m):
    m.console.feed("hello\nworld")
    ok(m, "SetInGlobals", 0x7F, 0x00)
    write_bytes(m.mem, BUF, b"\xEE" * 16)
    assert ok(m, "ReadLine", BUF, 10, 0x0D, 1) == 5
    assert read_bytes(m.mem, BUF, 7) == b"hello\r\xEE"       # EOL stored, not counted
    assert m.console.text() == "hello\n"                     # the return echoes too
    assert ok(m, "ReadLine", BUF, 3, 0x8D, 0) == 3          # maxCount first
    assert read_bytes(m.mem, BUF, 4) == b"worl"               # no room for an EOL
    assert ok(m, "ReadLine", BUF, 10, 0x0D, 0) == 2         # input ends: what came
    assert read_bytes(m.mem, BUF, 2) == b"ld"


def test_textreadblock_fills_at_an_offset(m):
    m.console.feed("abcdef")
    write_bytes(m.mem, BUF, b"\xEE" * 8)
    ok(m, "TextReadBlock", BUF, 2, 4, 0)
    assert read_bytes(m.mem, BUF, 8) == b"\xEE\xEE\xE1\xE2\xE3\xE4\xEE\xEE"


# -- a program -------------------------------------------------------------------------
def test_a_program_prints_through_text_tools_and_console(build_program):
    data, labels = build_program("machine_text")
    m = Machine()
    m.console.feed("Ann\n")
    prog = m.load(data)
    assert m.run(max_cycles=1_000_000) == "quit"
    dp = prog.dp_base
    assert m.console.text() == "Hello from Text Tools\nHello, Ann\nfrom GS/OS\n"
    assert m.console.text("err") == ""
    assert read_word(m.mem, dp + labels["status"]) == 0xFFFF
    assert read_word(m.mem, dp + labels["stdErr"]) == 0          # GetStdRefNum(11) ok
    assert read_word(m.mem, dp + labels["stdRef"]) == read_word(m.mem, dp + labels["ref"])
    assert read_word(m.mem, dp + labels["noStd"]) == 0x0043      # before the Open
    assert not m.tb.text.started                                  # TextShutDown ran


def test_the_runner_echoes_the_console_to_the_terminal(tmp_path, build_program, capsys):
    from system.runner import EXIT_QUIT, main
    data, _ = build_program("machine_text")
    program = tmp_path / "text.s16"
    program.write_bytes(data)
    assert main(["run", str(program), "--headless", "--seconds", "5"]) == EXIT_QUIT
    out = capsys.readouterr().out
    # No one types in a headless run: the name is empty, the program goes on.
    assert out.startswith("Hello from Text Tools\nHello, \nfrom GS/OS\n")


def test_the_console_is_a_text_window_on_the_screen_without_quickdraw(m):
    from iigs.memory import SHR_PIXELS, SHR_SCB
    write_bytes(m.mem, BUF, b"x" * 100 + b"\r" + b"line\0")
    ok(m, "WriteCString", BUF)
    assert m.console.screen_lines() == ["x" * 80, "x" * 20, "line"]
    m.tb.qd.started = True                       # a QuickDraw program keeps its screen
    assert not m.tb.text.present()
    m.tb.qd.started = False
    m._on_tick()                                 # the machine's next 60 Hz tick draws it
    assert m.mem[SHR_SCB] & 0x80                 # 640 mode
    first_rows = bytes(m.mem[SHR_PIXELS:SHR_PIXELS + 160 * 24])
    assert any(first_rows) and not any(m.mem[SHR_PIXELS + 160 * 40:SHR_PIXELS + 32000])
    assert not m.tb.text.present()               # drawn once per change
