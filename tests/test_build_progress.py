"""The first start says what it is doing (issue 38 §5): with no cached build,
`ensure_built` puts one line on stderr — what is built, why, a progress bar, the time —
and nothing when the cache is good. A one-unit program stands in for GIN.KING so the
test builds in a second, through the real assemble, link and cache steps."""
from __future__ import annotations

import io

import pytest

from gin_king import build
from gin_king.build_progress import BuildProgress

TINY = "        MACHINE M65816\nTiny    PROC    EXPORT\n        rtl\n        ENDP\n        END\n"


@pytest.fixture
def tiny_program(tmp_path, monkeypatch):
    src = tmp_path / "asm"
    src.mkdir()
    (src / "tiny.asm").write_text(TINY)
    monkeypatch.setattr(build, "ASM_DIR", src)
    monkeypatch.setattr(build, "MACRO_DIR", src)
    monkeypatch.setattr(build, "SOURCES", [build.Source("tiny.asm", "stands for GIN.KING")])
    monkeypatch.setattr(build, "GENERATED", {})
    monkeypatch.setattr(build, "LOCAL_BUILD_DIR", tmp_path / "cache")
    monkeypatch.setattr(build, "_memo", None)
    return src / "tiny.asm"


def test_the_first_build_says_so_in_one_line_and_a_cached_one_says_nothing(tiny_program,
                                                                            capsys):
    path, symbols = build.ensure_built()
    assert path.exists() and "TINY" in symbols
    err = capsys.readouterr().err
    assert err.startswith("Building GIN.KING (first start only)")
    assert err.count("\n") == 1 and err.split()[-4:-2] == ["done", "in"]
    build._memo = None                          # a new process: the cache on disk answers
    assert build.ensure_built()[0] == path
    assert capsys.readouterr().err == ""
    tiny_program.write_text(TINY.replace("rtl", "nop\n        rtl"))
    build.ensure_built()
    assert capsys.readouterr().err.startswith("Building GIN.KING (its sources changed)")


def test_a_failed_build_ends_its_line(tiny_program, capsys):
    tiny_program.write_text(TINY.replace("rtl", "frobnicate"))
    with pytest.raises(build.BuildError):
        build.ensure_built()
    err = capsys.readouterr().err
    assert err.startswith("Building GIN.KING") and err.endswith("failed\n")


class Terminal(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_bar_is_redrawn_in_place():
    out = Terminal()
    line = BuildProgress("GIN.KING", "first start only", out)
    for done in range(1, 5):
        line.step(done, 4)
    line.finish()
    text = out.getvalue()
    assert text.startswith("Building GIN.KING (first start only)…")
    assert text.count("\r") == 4 and text.count("\n") == 1
    assert f"[{'#' * 12}{'-' * 12}] 2/4" in text and f"[{'#' * 24}] 4/4 done in" in text


def test_a_stream_that_cannot_show_an_ellipsis_gets_three_dots():
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    BuildProgress("GIN.KING", "first start only", out)
    out.seek(0)
    assert out.buffer.getvalue().startswith(b"Building GIN.KING (first start only)...")
