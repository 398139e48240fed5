"""Returns followed from their calls (issue 47): where a region follows RTS/RTL from the
call of its arm (or the return has one place), it compares the bytes it pulls with those
the call pushed (`iigs.blocks._Writer._returned`), S moved and PBR the call's bank where
they agree, and makes its target and tests it against every place only where they do
not. The state is step()'s with the return taken, with a return address rewritten on the
stack (its low byte, its bank byte), with S wrapping at $FFFF in native mode and in page
1 in emulation mode, with budgets that end inside the routine called, and through the
I/O page's rare memory map; each test of the comparison broken on purpose is caught.
"""
from __future__ import annotations

import pytest

from gin_king.bench.assembler import Assembler, native_program
from iigs import blocks
from iigs.cpu import CPU65816
from iigs.tiers import Translator
from test_cpu_run_vs_step import REGISTERS, clone, fresh, memory_alike, program_cpu, run_alike

# Budgets that end the run at many points, inside the routines called among them.
BUDGETS = tuple(range(1, 90, 7)) + (333, 1_000, 4_000, 60_000)


def native_calls(sp: int, translator: Translator) -> CPU65816:
    """Bank 2 calls routines in bank 3 with JSL, each in a loop whose arm follows the
    routine and its return: one that adds 3 (the return taken), one with a loop of its
    own, one that on odd passes skips the INY after its call by adding 1 to its return
    address, and one that on the last pass sets the bank byte of its return address to 4,
    where the same offset holds other code. S starts at `sp`; bank 1 holds at $0000 the
    high and bank bytes of that call's return address, which a return reading past
    $FFFF instead of wrapping would take for the stack's."""
    mem, a = native_program(0x028000)
    a.op("LDA", "immm", 0, wide=True)
    a.op("LDX", "immx", 30, wide=True)
    a.label("loop")
    a.op("JSL", "absl", "add3")
    a.op("DEX")
    a.op("BNE", "rel8", "loop")
    a.op("LDX", "immx", 6, wide=True)
    a.label("loop2")
    a.op("JSL", "absl", "counted")
    a.op("DEX")
    a.op("BNE", "rel8", "loop2")
    a.op("LDX", "immx", 9, wide=True)
    a.label("loop3")
    a.op("JSL", "absl", "skip")
    a.op("INY")                                # (skipped on odd passes)
    a.op("DEX")
    a.op("BNE", "rel8", "loop3")
    a.op("LDX", "immx", 5, wide=True)
    a.label("loop4")
    a.op("JSL", "absl", "elsewhere")
    after = a.label("after")
    a.op("DEX")                                # (on the last pass the return goes to
    a.op("BNE", "rel8", "loop4")               # bank 4: not reached)
    a.op("STP")
    a.pc = 0x039000
    a.label("add3")
    a.op("CLC")
    a.op("ADC", "immm", 3, wide=True)
    a.op("RTL")
    a.label("counted")
    a.op("LDY", "immx", 4, wide=True)
    a.label("inner")
    a.op("ADC", "immm", 1, wide=True)
    a.op("DEY")
    a.op("BNE", "rel8", "inner")
    a.op("RTL")
    a.label("skip")
    a.op("PHA")
    a.op("TXA")
    a.op("LSR", "acc")
    a.op("BCC", "rel8", "kept")
    a.op("LDA", "sr", 3)                       # (the return address's low and high bytes)
    a.op("INC", "acc")
    a.op("STA", "sr", 3)
    a.label("kept")
    a.op("PLA")
    a.op("RTL")
    a.label("elsewhere")
    a.op("CPX", "immx", 1, wide=True)
    a.op("BNE", "rel8", "home")
    a.op("SEP", "imm8", 0x20)
    a.op("LDA", "immm", 0x04)
    a.op("STA", "sr", 3)                       # (the return address's bank byte)
    a.op("REP", "imm8", 0x20)
    a.label("home")
    a.op("RTL")
    a.assemble()
    b = Assembler(mem, 0x040000 | (after & 0xFFFF))
    b.op("LDA", "immm", 0x4444, wide=True)
    b.op("STP")
    b.assemble()
    mem[0x010000] = ((after - 1) >> 8) & 0xFF
    mem[0x010001] = 0x02
    cpu = CPU65816(mem, pc=0x8000, translator=translator)
    cpu.pbr = cpu.dbr = 0x02
    cpu.sp = sp
    return cpu


def emulation_calls(sp: int, translator: Translator) -> CPU65816:
    """The same in emulation mode, in bank 0, each in a loop whose arm follows the
    routine: JSR to one that adds 3, JSL to one that adds 5 (pushed with all of S, S kept
    in page 1: run with S at $01F0), JSR to one with a loop of its own, to one that on odd
    passes skips the INY after its call, and to one that on the last pass pulls its
    return address and pushes it back with another high byte, where other code is. S
    starts at `sp`; $0200 holds the high byte of that call's return address, which a
    return reading past $01FF instead of wrapping in page 1 would take for the stack's."""
    mem = bytearray(1 << 24)
    a = Assembler(mem, 0x0800)
    a.op("LDA", "immm", 0)
    a.op("LDX", "immx", 30)
    a.label("loop")
    a.op("JSR", "abs", "add3")
    a.op("DEX")
    a.op("BNE", "rel8", "loop")
    a.op("LDX", "immx", 0xF0)
    a.op("TXS")
    a.op("LDX", "immx", 20)
    a.label("loop_long")
    a.op("JSL", "absl", "add5")
    a.op("DEX")
    a.op("BNE", "rel8", "loop_long")
    a.op("LDX", "immx", sp & 0xFF)
    a.op("TXS")
    a.op("LDX", "immx", 6)
    a.label("loop2")
    a.op("JSR", "abs", "counted")
    a.op("DEX")
    a.op("BNE", "rel8", "loop2")
    a.op("LDX", "immx", 9)
    a.label("loop3")
    a.op("JSR", "abs", "skip")
    a.op("INY")                                # (skipped on odd passes)
    a.op("DEX")
    a.op("BNE", "rel8", "loop3")
    a.op("LDX", "immx", 5)
    a.label("loop4")
    a.op("JSR", "abs", "elsewhere")
    after = a.label("after")
    a.op("DEX")                                # (on the last pass the return goes to
    a.op("BNE", "rel8", "loop4")               # page 9: not reached)
    a.op("STP")
    a.label("add3")
    a.op("CLC")
    a.op("ADC", "immm", 3)
    a.op("RTS")
    a.label("add5")
    a.op("CLC")
    a.op("ADC", "immm", 5)
    a.op("RTL")
    a.label("counted")
    a.op("LDY", "immx", 4)
    a.label("inner")
    a.op("ADC", "immm", 1)
    a.op("DEY")
    a.op("BNE", "rel8", "inner")
    a.op("RTS")
    a.label("skip")
    a.op("TXA")
    a.op("LSR", "acc")
    a.op("BCC", "rel8", "kept")
    a.op("PLA")                                # (the return address's low byte)
    a.op("INC", "acc")
    a.op("PHA")
    a.label("kept")
    a.op("RTS")
    a.label("elsewhere")
    a.op("CPX", "immx", 1)
    a.op("BNE", "rel8", "home")
    a.op("PLA")
    a.op("TAY")
    a.op("PLA")
    a.op("LDA", "immm", 0x09)                  # (the high byte: page 9)
    a.op("PHA")
    a.op("TYA")
    a.op("PHA")
    a.label("home")
    a.op("RTS")
    a.assemble()
    b = Assembler(mem, 0x0900 | (after & 0xFF))
    b.op("LDA", "immm", 0x44)
    b.op("STP")
    b.assemble()
    mem[0x0200] = ((after - 1) >> 8) & 0xFF
    cpu = CPU65816(mem, pc=0x0800, translator=translator)
    cpu.sp = sp
    return cpu


# (native S: far from the ends; each JSL's three bytes across $FFFF/$0000 in turn)
NATIVE_SP = [0x01F0, 0x0000, 0x0001, 0x0002, 0x0003]
# (emulation S: in page 1, a JSR's two bytes across $0100/$01FF in turn)
EMULATION_SP = [0x01F0, 0x0100, 0x0101, 0x01FF]


@pytest.mark.parametrize("sp", NATIVE_SP, ids=hex)
def test_native_calls_and_returns_match_step(sp: int) -> None:
    fast = native_calls(sp, fresh())
    reference = clone(fast)
    run_alike(fast, reference, BUDGETS)
    assert fast.stop_reason == "stp" and fast.pbr == 0x04 and fast.a == 0x4444
    assert fast.y == 4                          # (the INY skipped on odd passes)


@pytest.mark.parametrize("sp", EMULATION_SP, ids=hex)
def test_emulation_calls_and_returns_match_step(sp: int) -> None:
    fast = emulation_calls(sp, fresh())
    reference = clone(fast)
    run_alike(fast, reference, BUDGETS)
    assert fast.stop_reason == "stp" and fast.a & 0xFF == 0x44 and fast.pc >> 8 == 0x09


@pytest.mark.parametrize("native, sp", [(True, 0x01F0), (True, 0x0001),
                                         (False, 0x01F0), (False, 0x0100)])
def test_returns_through_the_rare_memory_map_match_step(native: bool, sp: int) -> None:
    # With an I/O page and RAMRD/RAMWRT on, stack accesses go through the map (`BANK`):
    # the bytes a return compares are read there too.
    from iigs.io import ST_RAMRD, ST_RAMWRT, IOPage

    def with_io(cpu: CPU65816) -> CPU65816:
        cpu.io = IOPage(cpu.memory, clock=lambda: cpu.processorCycles,
                        cycles_per_frame=46666)
        cpu.io.set_statereg(cpu.io.statereg | ST_RAMRD | ST_RAMWRT)
        return cpu
    build = native_calls if native else emulation_calls
    fast, reference = with_io(build(sp, fresh())), with_io(build(sp, fresh()))
    assert fast.io.rare_map
    for budget in BUDGETS:
        fast.run(budget)
        reference.run_reference(budget)
        assert [getattr(fast, n) for n in REGISTERS] == \
            [getattr(reference, n) for n in REGISTERS]
        memory_alike(fast.memory, reference.memory)
    assert fast.stop_reason == "stp"
    assert any(len(key) == 4 and key[3] == 2 and regions
               for key, (regions, _) in fast.translator.caches.items())


def test_a_followed_return_compares_the_bytes_its_call_pushed() -> None:
    # The loop's arm follows JSL add3, the routine and its RTL back to the loop: the RTL
    # compares three bytes (S unwrapped) and sets PBR to a parameter, and makes `t` on
    # the other path alone.
    sources: list[str] = []
    real = blocks._return_test

    def noted(unwrapped: str, pulled: tuple, pushed: tuple) -> str:
        sources.append(real(unwrapped, pulled, pushed))
        return sources[-1]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blocks, "_return_test", noted)
        fast = native_calls(0x01F0, fresh())
        fast.run(2_000)
    assert any(s.startswith("r_sp < 0xfffd and mem[r_sp + 1] == 'P") and
               s.count("==") == 3 for s in sources)


BROKEN = {
    # the bank byte not compared: `elsewhere`'s return to bank 4 is taken for its call's
    "bank-byte": lambda real: lambda unwrapped, pulled, pushed: real(
        unwrapped, pulled[:2], pushed[:2]),
    # S's wrap not tested: bytes read past $FFFF (page 1's end) are taken for the stack's
    "no-wrap-test": lambda real: lambda unwrapped, pulled, pushed: real(
        "", pulled, pushed),
    # the low byte not compared: `skip`'s return one byte on is taken for its call's
    "low-byte": lambda real: lambda unwrapped, pulled, pushed: real(
        unwrapped, pulled[1:], pushed[1:]),
}


@pytest.mark.parametrize("native, sp, breakage", [
    (True, 0x01F0, "bank-byte"), (True, 0x0001, "no-wrap-test"),
    (True, 0x01F0, "low-byte"), (False, 0x0100, "no-wrap-test"),
    (False, 0x01F0, "low-byte")])
def test_a_wrong_return_test_is_caught(native: bool, sp: int, breakage: str,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blocks, "_return_test", BROKEN[breakage](blocks._return_test))
    if breakage == "no-wrap-test":
        # (S's range not followed: a loop's arm does not test it at its head, which
        # would leave a return across $FFFF to the interpreter, `_Writer.arm`)
        monkeypatch.setattr(blocks._Writer, "_note_range",
                            lambda self, offset, facts: setattr(self, "s_known", False))
    fast = (native_calls if native else emulation_calls)(sp, fresh())
    reference = clone(fast)
    with pytest.raises(AssertionError):
        run_alike(fast, reference, BUDGETS)


def return_to_itself(translator: Translator) -> CPU65816:
    """`JSR r / r: RTS` (the RTS returns to itself once, then to the caller): the RTS's
    block is a place its own return goes back to, so its arm loops though no loop has
    its head there. A return pushed by PEA, to an address no call in the region pushed,
    leaves that arm at its end (`blocks._Writer.arm`'s `straight`)."""
    mem, a = native_program(0x8000)
    a.op("LDX", "immx", 7, wide=True)
    a.label("loop")
    a.op("JSR", "abs", "f")
    a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop")
    a.op("PEA", "pea", "done", offset=-1)       # (RTS adds 1)
    a.op("JMP", "abs", "r")
    a.label("done")
    a.op("INX")
    a.op("STP")
    a.label("f")
    a.op("JSR", "abs", "r")
    a.label("r")
    a.op("RTS")
    a.assemble()
    return program_cpu(mem, 0x8000, translator)


def test_a_return_to_its_own_block_leaves_its_loop_right() -> None:
    fast = return_to_itself(Translator(hot=1, batch_cycles=0, share_compiled=False))
    reference = clone(fast)
    run_alike(fast, reference, BUDGETS)
    assert fast.stop_reason == "stp" and fast.x == 1 and fast.y == 7
