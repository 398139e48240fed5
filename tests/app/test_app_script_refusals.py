"""`gin-king --script FILE` never hangs or prints a traceback on what a user hands it
(issue 44). A script that cannot be read (missing, a folder, a FIFO, not UTF-8) or a
line the script language cannot take (`key x foo`, `drag 1 2`, `screenshot FOLDER`) is
refused in one line on stderr naming the line, exit status 2, before the disk is
opened: no disk is made, nothing is written. A crash of the machine under a script is
the machine's report, exit 3, as under --headless. Scripts' lines are fuzzed: each is
run or answered with a line-numbered error, never an exception."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gin_king import app
from gin_king.automation import (COMMANDS, KEY_NAMES, MODIFIER_NAMES, AutomationError,
                                 ScriptError, parse_script, run_steps)

ROOT = Path(__file__).resolve().parents[2]


def gin_king(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    """`gin-king ARGS` from `cwd`, this worktree's code first on the path."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    return subprocess.run([sys.executable, "-m", "gin_king.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)


def one_line(stderr: str) -> str:
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    return lines[0]


def test_scripts_that_cannot_run_are_refused_before_the_disk(tmp_path):
    """Run as a user runs it: each refusal is one line, exit 2, and no disk is made."""
    (tmp_path / "shots").mkdir()
    fifo = tmp_path / "steps.fifo"
    os.mkfifo(fifo)                            # opening it would wait for a writer
    scripts = {
        "key.txt": ("choose File / New Game\nkey q apple\nkey x foo\n",
                    "key.txt line 3: key takes KEY [MODIFIER ...]: 'foo' is not a "
                    "modifier key"),
        "drag.txt": ("# drags\n\ndrag 1 2\n",
                     "drag.txt line 3: drag takes H V H V: argument 3 (H) is missing"),
        "shot.txt": ("screenshot shots\n",
                     "shot.txt line 1: screenshot takes PATH: shots is a folder, not a "
                     "PNG file"),
        "latin1.txt": ("type caf\u00e9\n".encode("latin-1"),
                       "latin1.txt is not UTF-8 text (byte $E9 at offset 8)"),
    }
    for name, (text, want) in scripts.items():
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text)
    cases = [(name, want) for name, (_, want) in scripts.items()] + [
        ("missing.txt", "missing.txt: no such file"),
        ("odd\nname.txt", "'odd\\nname.txt': no such file"),    # quoted, escaped
        ("shots", "shots is a folder, not a script"),
        (str(fifo), f"{fifo} is a FIFO (named pipe), not a script"),
    ]
    before = sorted(p.name for p in tmp_path.iterdir())
    for script, want in cases:
        done = gin_king(tmp_path, "--disk", "g.po", "--script", script)
        assert done.returncode == app.EXIT_USAGE, done
        line = one_line(done.stderr)
        assert line.startswith(f"gin-king: {want}") and line.endswith("; nothing was run")
        assert done.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before    # no g.po, no PNG
    assert not any((tmp_path / "shots").iterdir())


def test_a_failed_step_stops_the_script_said_on_stderr(tmp_path, program, capsys):
    script = tmp_path / "s.txt"
    script.write_text("expect-text Choose New Game\n"
                      "choose Sheep / Shear\nkey q apple\n")
    assert app.main(["--disk", str(tmp_path / "g.po"), "--script", str(script)]) == \
        app.EXIT_FAILED
    line = one_line(capsys.readouterr().err)
    assert line.startswith(f"gin-king: {script} line 2: no menu 'Sheep' in the bar")
    assert line.endswith("; the script stopped")


def crashing_program(tmp_path: Path) -> bytes:
    """A load file whose first instruction is BRK $42."""
    import gsasm.asm
    import gsasm.linkiigs
    import gsasm.omf
    source = tmp_path / "crash.asm"
    source.write_text("* Crashes at once.\nCrash   PROC\n        BRK     $42\n"
                      "        ENDP\n        END\n")
    a = gsasm.asm.assemble(str(source), [], defines=None)
    assert not a.errors, a.errors
    return gsasm.linkiigs.link([(gsasm.omf.emit(a), a)], {"merge": True, "super": True})


def test_a_crash_under_a_script_is_the_machines_report(tmp_path, program, monkeypatch,
                                                       capsys):
    """A read-only disk boots the current build from memory; here that build is a
    program that crashes at once. The script gets the same report as --headless."""
    image = tmp_path / "g.po"
    app.prepare_disk(image, program)
    image.chmod(0o444)
    kept = image.read_bytes()
    monkeypatch.setattr(app, "program_bytes", lambda: crashing_program(tmp_path))
    script = tmp_path / "s.txt"
    script.write_text("click 10 10\nexpect-text never reached\n")
    assert app.main(["--disk", str(image), "--script", str(script)]) == app.EXIT_CRASH
    err = capsys.readouterr().err
    assert "Traceback" not in err and "MachineError" not in err
    assert "*** SYSTEM FAILURE ***" in err and "BRK $42 executed" in err
    assert image.read_bytes() == kept
    assert app.main(["--disk", str(image), "--headless"]) == app.EXIT_CRASH
    assert "BRK $42 executed" in capsys.readouterr().err


# -- fuzzing script lines (in-process: parsed, and those that parse run on one table) ----

JUNK = st.one_of(
    st.integers(-5, 700).map(str),
    st.sampled_from(["/", "'", '"', "#", "1e3", "nan", "é", ".", "shots", "apple"]),
    st.text(st.characters(codec="utf-8", exclude_characters="\n"), min_size=1, max_size=5))
# Words of the kind each argument takes (so that most lines parse and run), by the
# kind's name in the usage line.
GOOD = {
    "H": st.integers(0, 639).map(str),
    "V": st.integers(0, 199).map(str),
    "KEY": st.sampled_from(list(KEY_NAMES) + list("abq1?")),
    "[MODIFIER ...]": st.lists(st.sampled_from(list(MODIFIER_NAMES)), max_size=2)
    .map(" ".join),
    "TEXT": st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=6),
    "MENU / ITEM": st.sampled_from(["File / New Game", "Options / Sound", "Sheep / Shear",
                                    '"Settings" "Enter Name..."']),
    "PATH": st.sampled_from(["shots/a.png", "b.png"]),
    "N": st.integers(0, 3).map(str),
}


@st.composite
def script_line(draw) -> str:
    """A command (mostly one the language has) with words mostly of the right kinds."""
    name = draw(st.one_of(st.sampled_from(list(COMMANDS)),
                          st.text(st.characters(exclude_characters="\n"), max_size=6)))
    words = [name]
    for kind in getattr(COMMANDS.get(name), "args", ()):
        words.append(draw(st.one_of(GOOD[kind.name], GOOD[kind.name], GOOD[kind.name],
                                    JUNK)))
    words += draw(st.lists(JUNK, max_size=1 if draw(st.integers(0, 5)) == 0 else 0))
    return " ".join(words)


@pytest.fixture(scope="module")
def fuzz_table(tmp_path_factory):
    from gk_table import boot_table
    t = boot_table(tmp_path_factory.mktemp("fuzz"), app.program_bytes(), 1234)
    yield t
    t.s.close()


@settings(max_examples=50, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(script_line(), min_size=1, max_size=3))
def test_fuzzed_script_lines_run_or_are_line_numbered_errors(fuzz_table, tmp_path,
                                                             lines):
    text = "\n".join(lines)
    try:
        steps = parse_script(text, tmp_path)
    except ScriptError as err:
        number = int(str(err).split()[1].rstrip(":"))
        assert str(err).startswith(f"line {number}: ") and 1 <= number <= len(lines)
        assert "\n" not in str(err)
        return
    try:
        run_steps(fuzz_table.s, steps)
    except AutomationError as err:
        assert str(err).startswith("line ") and "\n" not in str(err)
