"""The MIDI Tool Set ($20), the MIDI Synth's output and conversion calls ($23) and the
Print Manager's port driver calls ($13), made as a program makes them (JSL $E10000),
on a IIGS with no MIDI interface: what each answers, the records it writes, and what
reaches the port (the MIDI packets and messages kept; the printer driver's bytes in a
file beside the disk)."""
from __future__ import annotations

from disk import Volume
from iigs.machine import CPU_HZ
from iigs.memory import read_pstring, read_word, write_bytes, write_long, write_pstring, \
    write_word
from system.machine import Machine
from toolbox.midi import Packet
from toolcall import call_ok as ok, call_tool, start_up_tools

DATA = 0x7400                    # bank 0: records and buffers the calls are given
INFO = 0x7500                    # a MiDriverInfo / MiBufInfo
COUNTER = 0x7F00                 # what the completion routine counts
COMPLETION = 0x6800              # LDA >COUNTER; INC A; STA >COUNTER; RTL
USER_ID = 0x1000


def error_of(m: Machine, number: int, params=(), result_words: int = 0) -> int:
    return call_tool(m, number, params, result_words)[0]


def driver_disk(tmp_path):
    image = tmp_path / "midi.po"
    volume = Volume.create(image, "MIDI", 800)
    volume.mkdir("DRIVERS")
    volume.write_file("DRIVERS/MIDI.DRIVER", b"\x6b", file_type=0xBB, aux_type=0x0300)
    volume.write_file("DRIVERS/NOTES", b"notes", file_type=0x04)
    volume.commit()
    return image


def driver_info(m: Machine, pathname: bytes) -> int:
    write_word(m.mem, INFO, 2)                        # slot 2 (the modem port)
    write_word(m.mem, INFO + 2, 0)                    # internal
    write_pstring(m.mem, INFO + 4, pathname)
    return INFO


def buf_info(m: Machine, size: int, address: int) -> int:
    write_word(m.mem, INFO, size)
    write_long(m.mem, INFO + 2, address)
    return INFO


def test_midi_tool_set_with_a_driver_and_no_interface(tmp_path):
    m = Machine(disk=driver_disk(tmp_path))
    assert ok(m, 0x0620, result_words=1) == [0]                         # MidiStatus
    assert error_of(m, 0x0C20, [("W", 7)], 2) == 0x2000                 # miStartUpErr
    start = [("W", USER_ID), ("W", 0x0D00)]
    assert error_of(m, 0x0220, start) == 0x2004                         # miToolsErr
    ok(m, 0x0208, [("W", 0x0C00)])                                      # SoundStartUp
    ok(m, 0x0219, [("W", 0x80), ("L", 0)])                              # NSStartUp
    ok(m, 0x0220, start)
    assert ok(m, 0x0620, result_words=1) == [0xFFFF]
    assert ok(m, 0x0420, result_words=1) == [0x0102]                    # MidiVersion

    # the driver: none yet; the selection dialog has none to offer
    assert error_of(m, 0x0920, [("W", 5), ("L", 0)]) == 0x200C          # miNoDevErr
    assert error_of(m, 0x0E20, [("L", DATA)], 1) == 0x200C
    assert error_of(m, 0x0A20, [("W", 0), ("L", 0)]) == 0x2080          # miDevNotAvail
    assert error_of(m, 0x0A20, [("W", 1), ("L", driver_info(m, b"*/DRIVERS/NOTES"))]) \
        == 0x2008                                                       # miDriverErr
    assert error_of(m, 0x0A20, [("W", 1), ("L", driver_info(m, b"*/DRIVERS/NONE"))]) \
        == 0x0046                                                       # fileNotFound
    ok(m, 0x0A20, [("W", 1), ("L", driver_info(m, b"*/DRIVERS/MIDI.DRIVER"))])
    assert m.tb.midi.driver.slot == 2

    # output: a buffer first, then started, then packets go out
    assert error_of(m, 0x0920, [("W", 5), ("L", 0)]) == 0x2007          # miNoBufErr
    ok(m, 0x0920, [("W", 3), ("L", buf_info(m, 0, 0))])                 # miSetOutBuf
    out = m.tb.midi.buffers["out"]
    assert out.size == 0x400 and out.handle in m.tb.mm.blocks
    assert m.tb.mm.blocks[out.handle].user_id == USER_ID
    assert ok(m, 0x0C20, [("W", 4)], 2) == [0x400, 0]                   # miMaxOutChars
    packet = bytes([8, 0x78, 0x56, 0x34, 0x12, 0x90, 60, 100])
    write_bytes(m.mem, DATA, packet)
    assert error_of(m, 0x0E20, [("L", DATA)], 1) == 0x2005              # miOutOffErr
    ok(m, 0x0920, [("W", 5), ("L", 0)])                                 # miStartOutput
    assert ok(m, 0x0E20, [("L", DATA)], 1) == [8]
    write_bytes(m.mem, DATA, bytes([5, 0, 0, 0, 0]))
    assert error_of(m, 0x0E20, [("L", DATA)], 1) == 0x2001              # miPacketErr
    assert m.tb.midi.written == [Packet(0x12345678, bytes([0x90, 60, 100]))]
    assert ok(m, 0x0C20, [("W", 2)], 2) == [0, 0]                       # miOutputChars

    # input: nothing ever arrives
    assert error_of(m, 0x0D20, [("L", DATA), ("W", 0x100)], 1) == 0x2007
    ok(m, 0x0920, [("W", 2), ("L", buf_info(m, 0x100, 0x7600))])        # miSetInBuf
    ok(m, 0x0920, [("W", 4), ("L", 0)])                                 # miStartInput
    assert ok(m, 0x0D20, [("L", DATA), ("W", 0x100)], 1) == [0]
    assert ok(m, 0x0C20, [("W", 0)], 2) == [0, 0]                       # miNextPktLen
    assert ok(m, 0x0C20, [("W", 3)], 2) == [0x100, 0]                   # miMaxInChars
    ok(m, 0x0920, [("W", 12), ("L", 1)])                                # miSetInMode
    assert m.tb.midi.modes["in"] == 1

    # the time stamp clock counts with the machine's time at its frequency
    assert error_of(m, 0x0B20, [("W", 3), ("L", 0)]) == 0x2009          # miBadFreqErr
    ok(m, 0x0B20, [("W", 3), ("L", 1000)])                              # miSetFreq
    ok(m, 0x0B20, [("W", 0), ("L", 500)])                               # miSetClock
    m.skip_idle_to(m.elapsed_cycles + CPU_HZ)
    assert ok(m, 0x0C20, [("W", 7)], 2) == [500, 0]                     # stopped
    ok(m, 0x0B20, [("W", 1), ("L", 0)])                                 # miStartClock
    m.skip_idle_to(m.elapsed_cycles + CPU_HZ // 10)
    low, high = ok(m, 0x0C20, [("W", 7)], 2)
    assert 600 <= low <= 602 and high == 0
    ok(m, 0x0B20, [("W", 2), ("L", 0)])                                 # miStopClock
    stopped = ok(m, 0x0C20, [("W", 7)], 2)
    m.skip_idle_to(m.elapsed_cycles + CPU_HZ)
    assert ok(m, 0x0C20, [("W", 7)], 2) == stopped
    assert ok(m, 0x0C20, [("W", 8)], 2) == [1000, 0]                    # miClockFreq

    ok(m, 0x0320)                                                       # MidiShutDown
    assert out.handle not in m.tb.mm.blocks
    assert ok(m, 0x0620, result_words=1) == [0]
    assert not m.missing_calls()


def test_start_up_tools_starts_the_midi_tool_set_after_the_sound_tools():
    m = Machine()
    ref = start_up_tools(m, [0x03, 0x08, 0x19, 0x20, 0x23], USER_ID)
    assert ok(m, 0x0620, result_words=1) == [0xFFFF]                    # MidiStatus
    assert m.tb.midi.dpage and m.tb.midi.user_id & 0xF0FF == USER_ID
    ok(m, 0x1901, [("W", 0), ("L", ref)])                               # ShutDownTools
    assert ok(m, 0x0620, result_words=1) == [0]


def test_midi_synth_output_conversions_and_direct_page():
    m = Machine()
    assert error_of(m, 0x1F23, result_words=4) == 0x2302                # msNotStarted
    ok(m, 0x0223)                                                       # MSStartUp
    dp, reserved = (lambda w: (w[0] | w[1] << 16, w[2] | w[3] << 16))(
        ok(m, 0x1F23, result_words=4))                                  # GetMSData
    assert reserved == 0 and dp & 0xFF == 0 and dp < 0x10000
    assert dp == m.tb.mm.deref(m.tb.ms.dp_handle)

    # measure 2, beat 3 at 24 ticks a beat, 4 beats a measure: (4 + 2) * 24
    assert ok(m, 0x2023, [("W", 24), ("W", 4), ("W", 3), ("W", 2)], 2) == [144, 0]
    assert ok(m, 0x2123, [("W", 24), ("W", 4), ("L", 149)], 3) == [2, 3, 5]
    assert ok(m, 0x2123, [("W", 24), ("W", 4), ("L", 0)], 3) == [1, 1, 0]
    assert error_of(m, 0x2023, [("W", 0), ("W", 4), ("W", 1), ("W", 1)], 2) == 0x230A
    assert error_of(m, 0x2023, [("W", 24), ("W", 4), ("W", 1), ("W", 0)], 2) == 0x230A
    assert error_of(m, 0x2123, [("W", 24), ("W", 0), ("L", 9)], 3) == 0x230A

    message = [("W", 0), ("W", 3), ("W", 0x90), ("W", 60), ("W", 100)]
    assert error_of(m, 0x1A23, message) == 0x2310                       # no driver
    assert error_of(m, 0x2823) == 0x2310
    driver = [("W", 2), ("W", 0), ("W", USER_ID), ("L", 0x7800)]
    ok(m, 0x2723, driver)                                               # InitMIDIDriver
    assert error_of(m, 0x2723, driver) == 0x2311                        # msDriverAlreadySet
    ok(m, 0x1A23, message)                                              # MIDIMessage
    assert error_of(m, 0x1A23, [("W", 0), ("W", 4), ("W", 0x90), ("W", 60),
                                ("W", 100)]) == 0x230A
    ok(m, 0x1323, [("W", 0), ("W", 1)])                                 # output disabled
    assert error_of(m, 0x1A23, message) == 0x230D
    ok(m, 0x1323, [("W", 0), ("W", 0)])
    write_bytes(m.mem, DATA, bytes([0xF0, 0x43, 0x10, 0xF7, 0x99]))
    ok(m, 0x1823, [("L", DATA), ("W", 0), ("L", 0)])                    # SysExOut
    write_bytes(m.mem, DATA, bytes([0x43, 0x10, 0xF7]))
    assert error_of(m, 0x1823, [("L", DATA), ("W", 0), ("L", 0)]) == 0x230E
    assert m.tb.ms.sent == [bytes([0x90, 60, 100]), bytes([0xF0, 0x43, 0x10, 0xF7])]
    ok(m, 0x2823)                                                       # RemoveMIDIDriver

    handle = m.tb.ms.dp_handle
    ok(m, 0x0323)                                                       # MSShutDown
    assert handle not in m.tb.mm.blocks
    assert error_of(m, 0x1F23, result_words=4) == 0x2302


def test_print_manager_port_driver_calls_write_the_job_stream_beside_the_disk(tmp_path):
    image = tmp_path / "print.po"
    Volume.create(image, "PRINT", 800).commit()
    m = Machine(disk=image)
    write_bytes(m.mem, COMPLETION, bytes([0xAF, 0x00, 0x7F, 0x00, 0x1A,
                                          0x8F, 0x00, 0x7F, 0x00, 0x6B]))
    write_word(m.mem, COUNTER, 0)
    ok(m, 0x0213, [("W", USER_ID), ("W", 0x0E00)])                      # PMStartUp
    write_pstring(m.mem, INFO, b"ImageWriter")
    ok(m, 0x1A13, [("L", INFO), ("L", 0)])                              # PrDevStartup
    assert m.tb.pm.port_printer == b"ImageWriter"
    assert ok(m, 0x3013, result_words=1) == [0xFFFF]                    # PrDevIsItSafe
    ok(m, 0x1C13, [("L", COMPLETION), ("L", 0)])                        # PrDevOpen
    first, second = b"\x1b?HELLO\r", b"\x0cPAGE 2"
    write_bytes(m.mem, DATA, first)
    write_bytes(m.mem, DATA + 0x40, second)
    ok(m, 0x1E13, [("L", COMPLETION), ("L", DATA), ("W", len(first))])  # PrDevWrite
    ok(m, 0x2213, [("L", 0), ("W", len(second)), ("L", DATA + 0x40)])   # ...Background
    assert ok(m, 0x1D13, [("L", DATA), ("W", 8)], 1) == [0]             # PrDevRead
    assert ok(m, 0x2113, [("L", COMPLETION), ("W", 8), ("L", DATA)], 1) == [0]
    ok(m, 0x2013, [("L", DATA + 0x80)])                                 # PrDevStatus
    assert read_pstring(m.mem, DATA + 0x80) == b"Page Printer: ready"
    assert read_word(m.mem, COUNTER) == 3                               # completions
    assert not list(tmp_path.glob("PORT-*"))
    ok(m, 0x1F13)                                                       # PrDevClose
    assert (tmp_path / "PORT-0001.prn").read_bytes() == first + second
    ok(m, 0x1F13)                                                       # nothing open
    assert sorted(p.name for p in tmp_path.glob("PORT-*")) == ["PORT-0001.prn"]

    assert error_of(m, 0x3413, [("W", 3)]) == 0x1309                    # badLoadParam
    ok(m, 0x3413, [("W", 2)])                                           # PMUnloadDriver
    assert error_of(m, 0x1C13, [("L", 0), ("L", 0)]) == 0x1301          # missingDriver
    assert error_of(m, 0x3013, result_words=1) == 0x1301
    ok(m, 0x3513, [("W", 0)])                                           # PMLoadDriver
    assert ok(m, 0x3013, result_words=1) == [0xFFFF]
    ok(m, 0x1B13)                                                       # PrDevShutDown
    assert not m.missing_calls()
