"""The programmer's bench (issue 46): traces, breakpoints and the monitor driven by a
script, the profile, and `system.run_program`, on programs/machine_bench.asm."""
from __future__ import annotations

from system import run_program
from system.runner import EXIT_CRASH, EXIT_QUIT, EXIT_USAGE, main


def _program(tmp_path, build_program, brks=0, count=20000):
    data, labels = build_program("machine_bench", {"BRKS": brks, "COUNT": count})
    path = tmp_path / "BENCH.S16"
    path.write_bytes(data)
    return str(path), labels


def _at(labels, name):
    """The monitor's and the traces' spelling of a label in the Bench segment."""
    return f"Bench+${labels[name]:04X}"


def _script(tmp_path, *lines):
    path = tmp_path / "monitor.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_traces_tools_gsos_io_and_loader(tmp_path, build_program, capsys):
    program, labels = _program(tmp_path, build_program)
    out = tmp_path / "trace.txt"
    assert main(["run", program, "--headless", "--seconds", "5",
                 "--trace", "tools,gsos,io,irq,loader", "--trace-file", str(out)]) == EXIT_QUIT
    assert capsys.readouterr().out.startswith("6\n")
    lines = out.read_text().splitlines()
    assert all(line.split()[0].endswith("s") and line.split()[1].endswith("c")
               for line in lines)
    kinds = [line.split()[2] for line in lines]
    assert kinds == ["loader", "gsos", "tool", "io", "io", "io", "io", "gsos", "gsos",
                     "gsos"]
    loader, open_, tool, shadow, cyareg, unmodelled, _, write, p16, quit_ = lines
    size = labels["Text"] + 2
    assert loader.endswith(f'user $1001 seg 1 "Bench" at 02/0000 length ${size:04X}')
    assert (f"gsos $2010 Open from 02/0002 (Bench+$0002) pblock 02/{labels['OpenP']:04X} "
            'pCount=3 refNum=$0001 pathname=".CONSOLE" requestAccess=$0002 err $0000 '
            "noError") in open_
    assert ("tool $090B Multiply from 02/001D (Bench+$001D) in $0006 $0007 "
            "out $0000002A err $0000") in tool
    reader = "by 02/0023 (Bench+$0023)"           # LDA $E0C035: 16 bits, two registers
    assert shadow.endswith(f"io read $C035 SHADOW = $37 {reader}")
    assert cyareg.endswith(f"io read $C036 CYAREG = $80 {reader}")
    assert unmodelled.endswith("io write $C0A0 (unmodelled) = $37 by 02/0027 (Bench+$0027)")
    assert "gsos $2013 Write" in write and "transferCount=$00000002" in write
    assert p16.endswith(f"gsos $0010 OPEN from 02/{labels['AfterD'] + 16:04X} (Bench+$"
                        f"{labels['AfterD'] + 16:04X}) pblock 02/{labels['P16Open']:04X} "
                        # ProDOS 16 OPEN is answered now: no volume OLD on the disk
                        'pathname=":OLD:FILE" err $0045 volNotFound')
    assert "gsos $2029 Quit" in quit_
    first, last = (int(line.split()[1][:-1]) for line in (open_, write))
    assert last - first > 20000 * 5              # the busy loop ran between them


def test_brk_stopped_at_inspected_and_run_on(tmp_path, build_program, capsys):
    program, labels = _program(tmp_path, build_program, brks=1)
    shot = tmp_path / "at-brk.png"
    text = _at(labels, "Text")
    script = _script(tmp_path, "=", f"{text}.{_at(labels, 'Text')[:-4]}"
                     f"{labels['Text'] + 1:04X}", "h 3", "mm", "port",
                     f"shot {shot}", "bl", f"{_at(labels, 'AfterBrk')}=PC", "c")
    status = main(["run", program, "--headless", "--seconds", "5", "--break-on", "brk",
                   "--monitor-script", script])
    out = capsys.readouterr().out
    assert status == EXIT_QUIT, out               # the monitor moved the PC past the BRK
    brk_at = labels["AfterBrk"] - 2
    assert (f"monitor: stopped at 02/{brk_at:04X} (Bench+${brk_at:04X}): BRK $07"
            in out)
    assert f"02/{brk_at:04X}: 00 07        BRK $07" in out
    assert f"02/{labels['Text']:04X}: 36 0D" in out          # "6", return: the digit
    assert "Multiply($0006, $0007) -> $2A" in out            # the call history
    assert "GS/OS Write(pCount=4" in out
    size = labels["Text"] + 2                                  # the program's handle
    assert f"E0/0800  02/0000  ${size:06X}  $C010  $1001" in out
    assert "no current GrafPort" in out
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "break on: brk" in out
    assert f"PC=02/{labels['AfterBrk']:04X}" in out
    assert out.count("monitor: stopped") == 1
    assert out.startswith("6\nmonitor: stopped")  # printed before the BRK


def test_breakpoint_step_over_jsl_finish_and_a_changed_register(
        tmp_path, build_program, capsys):
    program, labels = _program(tmp_path, build_program)
    call = _at(labels, "CallD")
    script = _script(tmp_path, "n", f"{call}=PC", "3=A", "s", "f", "7=A", "c")
    status = main(["run", program, "--headless", "--seconds", "5",
                   "--break", call, "--monitor-script", script])
    out = capsys.readouterr().out
    assert status == EXIT_QUIT
    stops = [line for line in out.splitlines() if line.startswith("monitor: stopped")]
    after, double = labels["AfterD"], labels["Double"]
    assert stops == [
        f"monitor: stopped at 02/{labels['CallD']:04X} ({call}): breakpoint {call}",
        f"monitor: stopped at 02/{after:04X} (Bench+${after:04X}): stepped over the call",
        f"monitor: stopped at 02/{double:04X} (Bench+${double:04X}): step",
        f"monitor: stopped at 02/{after:04X} (Bench+${after:04X}): returned to the caller"]
    assert f"JSL $02{double:04X}      ; Bench+${double:04X}" in out
    blocks = out.split("monitor: stopped")
    assert "A=0006" in blocks[2] and "A=0003" in blocks[3] and "A=0006" in blocks[4]
    assert "A=0007" in blocks[4]                   # 7=A, after the finish
    assert out.splitlines()[-1] == "7"             # the run went on to another result


def test_break_on_a_tool_call_and_an_io_register(tmp_path, build_program, capsys):
    program, labels = _program(tmp_path, build_program)
    status = main(["run", program, "--headless", "--seconds", "5",
                   "--break-on", "tool:Multiply,io:$C0A0", "--break-on", "failure",
                   "--monitor-script", _script(tmp_path, "s", "00/17F9.17FC", "c")])
    out = capsys.readouterr().out
    assert status == EXIT_QUIT
    stops = [line for line in out.splitlines() if line.startswith("monitor: stopped")]
    assert stops[0].endswith("tool call Multiply ($090B) from 02/001D (Bench+$001D) in "
                             "$0006 $0007")
    assert "02/001D: 22 00 00 E1  JSL $E10000" in out      # the call, not the dispatcher
    # a step from the call: back in the program, the product on the stack
    assert stops[1] == "monitor: stopped at 02/0021 (Bench+$0021): step"
    assert "S=17F8" in out and "00/17F9: 2A 00 00 00" in out
    # the STA to $C0A0 has run; the machine stops before the next instruction
    assert stops[2] == ("monitor: stopped at 02/002B (Bench+$002B): I/O write of $C0A0 "
                        "= $37")
    assert len(stops) == 3


def test_a_failure_stops_in_the_monitor_before_the_report(tmp_path, build_program,
                                                          capsys):
    program, labels = _program(tmp_path, build_program, brks=1)
    status = main(["run", program, "--headless", "--seconds", "5",
                   "--break-on", "failure", "--monitor-script",
                   _script(tmp_path, "r", "c")])
    out = capsys.readouterr().out
    assert status == EXIT_CRASH
    assert out.index("monitor: stopped") < out.index("*** SYSTEM FAILURE ***")
    assert f"failure: BRK at 02/{labels['AfterBrk'] - 2:04X}" in out


def test_bad_bench_options_are_one_line_each(tmp_path, build_program, capsys):
    program, _ = _program(tmp_path, build_program)
    cases = [(["--trace", "tools,disk"], "unknown kind disk"),
             (["--break-on", "tool:"], "--break-on 'tool:'"),
             (["--break", "Nowhere+4"], "--break 'Nowhere+4' is neither"),
             (["--break", "Bench+4000"], "past the end of segment Bench"),
             (["--monitor-script", str(tmp_path / "none")], "cannot be read"),
             (["--trace-file", str(tmp_path / "t")], "--trace-file needs --trace")]
    for extra, message in cases:
        assert main(["run", program, "--headless", "--seconds", "1", *extra]) == EXIT_USAGE
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("iigs: ") and message in err[0], err


def test_run_program_profile_and_trace(tmp_path, build_program):
    """The example of docs/compatibility.md: a program's test in Python."""
    program, labels = _program(tmp_path, build_program)
    run = run_program(program, seconds=5, trace="gsos", profile=True)
    assert run.exit == 0
    assert run.console == "6\n"
    assert any('Open' in line and 'pathname=".CONSOLE"' in line for line in run.trace)
    top = run.profile.splitlines()[2]              # the busiest routine: the busy loop
    assert top.endswith(f"02/{labels['Busy']:04X} ({_at(labels, 'Busy')})")
    assert float(top.split()[1].rstrip("%")) > 90
    assert "Multiply" in run.profile and "GS/OS Open" in run.profile
    assert run.screen.shape == (200, 640, 3)
    data = (tmp_path / "BENCH.S16").read_bytes()    # a load file's bytes run as well
    stopped = run_program(data, seconds=5, break_on=["brk"], breaks=[
        _at(labels, "AfterD")], monitor=["2=A", "c"], screenshot_every=0.01,
        screenshot_dir=tmp_path / "shots")
    assert stopped.console == "2\n" and "breakpoint" in stopped.output
    assert [p.name for p in stopped.screenshots] == ["screen-0001.png", "screen-0002.png",
                                                     "screen-0003.png"]


def test_the_pause_key_in_the_window_stops_the_machine(tmp_path, build_program):
    import io

    import pygame

    from system.bench import BenchOptions, Session
    from iigs.host import WindowHost
    from system.machine import Machine
    data, labels = build_program("machine_bench", {"BRKS": 0, "COUNT": 60000})
    host = WindowHost(scale=1)
    try:
        machine = Machine(host=host, idle="stop")
        session = Session(machine, BenchOptions(script=["=", "c"], terminal=False),
                          window=True)
        session.monitor.out = out = io.StringIO()
        machine.load(data)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAUSE, mod=0,
                                             unicode="", scancode=0))
        assert machine.run(seconds=0.05) == "cycles"
        text = out.getvalue()
        assert text.count("monitor: stopped") == 1 and ": the stop key" in text
        busy = labels["Busy"]                          # stopped in the busy loop
        assert f"(Bench+${busy + 3:04X})" in text or f"(Bench+${busy + 4:04X})" in text
        assert machine.io.keyboard.data() < 0x80       # the program never saw the key
    finally:
        session.finish()
        host.close()


def test_the_monitor_ends_the_run(tmp_path, build_program, capsys):
    program, labels = _program(tmp_path, build_program)
    status = main(["run", program, "--headless", "--seconds", "5", "--break",
                   _at(labels, "CallD"), "--monitor-script", _script(tmp_path, "x", "q")])
    out = capsys.readouterr().out
    assert status == EXIT_QUIT
    assert "monitor: 'x': 'x' is neither BB/AAAA nor SEGNAME+OFFSET" in out
    assert out.rstrip().endswith("iigs: the monitor ended the run")
    assert "6" not in out.split("\n")                 # it never printed its digit
