"""Window Manager calls as a program makes them (JSL $E10000 with its parameters on the
stack): the long results' words in the order the interfaces give, the window record in
memory, and the program's own routines the Window Manager calls (the information bar's
drawing routine, the content-draw routine UpdateWindow runs)."""
from __future__ import annotations

from system.machine import Machine
from iigs.memory import read_long, read_word, write_bytes, write_long, write_word
from toolcall import call_ok as ok, start_up_tools

PARAMS = 0x7900                 # NewWindow's list
TITLE = 0x7A00
INFO_PROC = 0x7B00              # the information bar's routine
DRAW_PROC = 0x7B40              # the content-draw routine
MARK = 0x7C00                   # what the routines leave: infoRefCon's low word, a count
DESKTOP = [0x03, 0x04, 0x06, 0x0E, 0x10, 0x0F, 0x14, 0x15]
F_INFO = 0x0010
CONTENT = (40, 100, 140, 400)

# LDA 8,S (infoRefCon's low word); STA MARK; then drop the 12 bytes of parameters
# under the return address and RTL.
INFO_CODE = bytes([0xA3, 0x08, 0x8F, MARK & 0xFF, MARK >> 8, 0x00,
                   0xA3, 0x02, 0x83, 0x0E, 0xA3, 0x01, 0x83, 0x0D,
                   0x3B, 0x18, 0x69, 0x0C, 0x00, 0x1B, 0x6B])
# INC MARK+2 (long address: LDA; INC A; STA); RTL
DRAW_CODE = bytes([0xAF, (MARK + 2) & 0xFF, (MARK + 2) >> 8, 0x00, 0x1A,
                   0x8F, (MARK + 2) & 0xFF, (MARK + 2) >> 8, 0x00, 0x6B])


def long_result(m: Machine, number: int, params=()) -> int:
    low, high = ok(m, number, params, 2)
    return high << 16 | low


def start_desktop(m: Machine) -> None:
    start_up_tools(m, DESKTOP)


def new_window(m: Machine) -> int:
    mem = m.mem
    write_bytes(mem, PARAMS, bytes(0x4E))
    write_word(mem, PARAMS, 0x4E)
    write_word(mem, PARAMS + 2, 0xC0A0 | F_INFO)
    write_bytes(mem, TITLE, b"\x03Doc")
    write_long(mem, PARAMS + 4, TITLE)
    write_word(mem, PARAMS + 0x1C, 400)                    # wDataH
    write_word(mem, PARAMS + 0x1E, 800)                    # wDataW
    write_long(mem, PARAMS + 0x2C, 0x1234)                 # wInfoRefCon
    write_word(mem, PARAMS + 0x30, 10)                     # wInfoHeight
    write_long(mem, PARAMS + 0x36, INFO_PROC)              # wInfoDefProc
    write_long(mem, PARAMS + 0x3A, DRAW_PROC)              # wContDefProc
    for i, value in enumerate(CONTENT):
        write_word(mem, PARAMS + 0x3E + 2 * i, value)
    write_long(mem, PARAMS + 0x46, 0xFFFFFFFF)
    return long_result(m, 0x090E, [("L", PARAMS)])


def test_window_calls_through_the_dispatcher_keep_the_record_and_call_the_program():
    m = Machine()
    mem = m.mem
    write_bytes(mem, INFO_PROC, INFO_CODE)
    write_bytes(mem, DRAW_PROC, DRAW_CODE)
    start_desktop(m)
    ptr = new_window(m)
    assert read_word(mem, MARK) == 0x1234                  # the info bar was drawn
    # long results: low word the vertical / height, high word the horizontal / width
    assert long_result(m, 0x400E, [("L", ptr)]) == 800 << 16 | 400      # GetDataSize
    ok(m, 0x3F0E, [("W", 6), ("W", 16), ("L", ptr)])                  # SetContentOrigin
    assert long_result(m, 0x3E0E, [("L", ptr)]) == 6 << 16 | 16        # GetContentOrigin
    write_bytes(mem, 0x7D00, bytes([20, 0, 10, 0, 120, 0, 110, 0]))  # (20,10)-(120,110)
    assert long_result(m, 0x210E, [("W", 500), ("W", 0), ("L", 0x7D00)]) == \
        109 << 16 | 20                                                 # PinRect
    # MoveWindow: the port's boundsRect and the structure region follow
    ok(m, 0x190E, [("W", 200), ("W", 60), ("L", ptr)])
    assert read_word(mem, ptr + 0x08) == (-60 + 16) & 0xFFFF           # boundsRect top
    rgn = long_result(m, 0x2E0E, [("L", ptr)])                         # GetStructRgn
    assert read_long(mem, ptr + 0xBA) == rgn
    block = read_long(mem, rgn) & 0xFFFFFF                             # its master pointer
    assert [read_word(mem, block + 2 + 2 * i) for i in range(4)] == [60 - 10 - 12, 198, 161, 502]
    # HiliteWindow FALSE: fHilited off in the record's wFrame and GetWFrame
    ok(m, 0x220E, [("W", 0), ("L", ptr)])
    assert not read_word(mem, ptr + 0xCE) & 1
    assert not ok(m, 0x2C0E, [("L", ptr)], 1)[0] & 1
    ok(m, 0x220E, [("W", 1), ("L", ptr)])
    # UpdateWindow: the program's content-draw routine runs; DrawInfoBar its bar's
    write_word(mem, MARK, 0)
    write_word(mem, MARK + 2, 0)
    ok(m, 0x6C0E, [("W", 0), ("L", ptr)])
    assert read_word(mem, MARK + 2) == 1 and read_word(mem, MARK) == 0x1234
    write_word(mem, MARK, 0)
    ok(m, 0x550E, [("L", ptr)])                                        # DrawInfoBar
    assert read_word(mem, MARK) == 0x1234
    # CheckUpdate: none left after UpdateWindow
    assert ok(m, 0x0A0E, [("L", 0x7E00)], 1) == [0]
    assert not m.missing_calls()
