"""gin_king.build: assemble + link GIN.KING, the symbol map, the cache, error reports."""
from __future__ import annotations

import json
import shutil

import pytest

from gin_king import build
from iigs import omf


ENGINE_SYMBOLS = ("GK_Seed", "GK_Deal", "GK_Deadwood", "GK_Canon", "GK_Decide", "PosBlock",
                  "DecBlock", "RunDeadwood", "GK_Showdown", "GK_FinalScore")


@pytest.mark.parametrize("engine_only", [True, False])
def test_ensure_built_gives_a_relocatable_load_file_and_symbol_map(engine_only):
    path, symbols = build.ensure_built(engine_only=engine_only)
    assert path.name == ("GIN.ENGINE" if engine_only else "GIN.KING")
    segments = omf.read_load_file(path.read_bytes())
    loaded = [s for s in segments if s.is_loadable]
    assert [s.segnum for s in loaded] == [1, 2]           # code, then the data segment
    assert loaded[0].relocations                          # SUPER and cINTERSEG records
    for name in ENGINE_SYMBOLS:
        assert name in symbols and symbols[name]["segment"] == (2 if name == "RunDeadwood" else 1)
    saved = json.loads(path.with_name(path.name + ".json").read_text())
    assert saved["symbols"] == symbols and saved["key"] == build.source_hash(engine_only)


def test_the_engine_alone_leaves_out_the_desktop_program():
    assert all(not s.file.startswith("app/") for s in build.engine_sources())
    assert {s.file for s in build.engine_sources()} >= {"rng.asm", "deadwood.asm", "decide.asm"}


def test_second_ensure_built_uses_the_cache(monkeypatch):
    path, _ = build.ensure_built(engine_only=True)
    build._engine_memo = None                                # as a fresh process would
    monkeypatch.setattr(build, "build", lambda *a, **k: pytest.fail("rebuilt"))
    assert build.ensure_built(engine_only=True)[0] == path


def test_source_hash_changes_with_a_source(tmp_path, monkeypatch):
    before = build.source_hash()
    monkeypatch.setattr(build, "SOURCES", build.SOURCES + [build.Source("x.asm", "extra")])
    assert build.source_hash() != before


def test_the_shared_start_up_is_in_both_desktop_programs_keys(tmp_path, monkeypatch):
    """toolbox/asm/ (StartDesktop): GIN.KING and the demo are rebuilt when it changes; the
    engine alone does not read it."""
    import system.demo as demo
    shared = tmp_path / "asm"
    shutil.copytree(build.SHARED_DIR, shared)
    monkeypatch.setattr(build, "SHARED_DIR", shared)
    monkeypatch.setattr(demo, "SHARED_DIR", shared)
    app_key, engine_key = build.source_hash(), build.source_hash(engine_only=True)
    first = demo.build()
    with open(shared / "desktop.asm", "a") as f:
        f.write("; one comment more\n")
    assert build.source_hash() != app_key
    assert build.source_hash(engine_only=True) == engine_key
    assert demo.build() is not first


def test_assembler_errors_name_file_and_line(tmp_path, monkeypatch):
    bad = tmp_path / "bad.asm"
    bad.write_text("        MACHINE M65816\nBad     PROC\n        lda #1\n        frobnicate 3\n"
                   "        ENDP\n        END\n")
    monkeypatch.setattr(build, "ASM_DIR", tmp_path)
    monkeypatch.setattr(build, "MACRO_DIR", tmp_path)
    monkeypatch.setattr(build, "SOURCES", [build.Source("bad.asm", "broken on purpose")])
    monkeypatch.setattr(build, "GENERATED", {})
    with pytest.raises(build.BuildError) as err:
        build.build(tmp_path / "out", engine_only=True)
    assert "bad.asm:4:" in str(err.value) and "frobnicate" in str(err.value)


def test_unresolved_import_is_an_error(tmp_path, monkeypatch):
    src = tmp_path / "imp.asm"
    src.write_text("        MACHINE M65816\nUser    PROC    EXPORT\n        IMPORT  Nowhere\n"
                   "        jsl     Nowhere\n        rtl\n        ENDP\n        END\n")
    monkeypatch.setattr(build, "ASM_DIR", tmp_path)
    monkeypatch.setattr(build, "MACRO_DIR", tmp_path)
    monkeypatch.setattr(build, "SOURCES", [build.Source("imp.asm", "imports nothing real")])
    monkeypatch.setattr(build, "GENERATED", {})
    with pytest.raises(build.BuildError, match="(?i)nowhere"):
        build.build(tmp_path / "out", engine_only=True)


def test_generated_tables_follow_the_oracle():
    from gin_king.oracle.cards import card_value
    assert build._rank_values() == [card_value(r) for r in range(13)]
    values = build._rank_values()
    assert build.run_deadwood(0b0000000000111, values) == 0          # A 2 3
    assert build.run_deadwood(0b0000000001011, values) == 1 + 2 + 4  # A 2 . 4
    assert build.run_deadwood(0b1111000000000, values) == 0          # 10 J Q K


def test_no_pascal_string_passes_255_characters():
    """A `DC.B '...'` under `STRING PASCAL` gets a length byte: a longer text would be cut
    short on the screen (its length taken modulo 256) without a word from the assembler.
    Every source's Pascal strings fit."""
    import re
    longest = {}
    for path in sorted(build.ASM_DIR.rglob("*.asm")):
        pascal = False
        for number, line in enumerate(path.read_text(encoding="latin-1").splitlines(), 1):
            mode = re.match(r"\s+STRING\s+(\w+)", line)
            if mode:
                pascal = mode.group(1).upper() == "PASCAL"
                continue
            text = re.match(r"^\S*\s+DC\.B\s+'((?:[^']|'')*)'", line)
            if pascal and text:
                longest[f"{path.name}:{number}"] = len(text.group(1).replace("''", "'"))
    assert len(longest) > 50
    assert {at: n for at, n in longest.items() if n > 255} == {}
