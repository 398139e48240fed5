"""S followed along a region's arm (issue 47): a return followed from its call in the
same pass takes the bytes the call pushed without reading them where nothing but
direct-page stores to names made at the arm's head can have written them and one test
at the arm's head says none of those is one of them and S does not wrap
(`iigs.blocks._Writer._returned`, `_stack_after`, `_forward_test`); a JSL to its own
bank sets no PBR, nor its return where nothing changed PBR between.

The programs store into the very bytes of the return address (through the direct page,
D sweeping across them; through `STA 1,S`; by pulling and pushing them again), move S
on every pass of a loop, run with S near $0000/$FFFF in native mode, and leave the
routine's bank by JML before its RTL; each against step() under random budgets, and
each analysis broken on purpose is caught.
"""
from __future__ import annotations

import random

import pytest

from gin_king.bench.assembler import Assembler, native_program
from iigs import blocks
from iigs.cpu import CPU65816
from iigs.tiers import Translator
from test_cpu_run_vs_step import clone, fresh, program_cpu, run_alike


PASSES = 24     # (even; enough for the batch to be translated while the loops run)


def stack_program(sp: int, translator: Translator, n: int = PASSES) -> CPU65816:
    """Bank 2, native, S at `sp`, each loop's arm following its routine and return, `n`
    passes each:
    1. JSL to a routine of bank 2 that stores the address of the INY after the call
       at D+$10, D stepping by 3 across the return bytes (below them, on the low and
       high bytes: the INY skipped, above them);
    2. JSL to bank 3, the routine pushing and pulling, and on odd passes pulling its
       return address, adding 1 and pushing it again (the INY skipped);
    3. JSL to a routine that on odd passes stores over its return address with STA 1,S;
    4. a loop that pushes three bytes each pass before its JSL, the routine storing through
       a direct page that meets the return bytes on the third pass only;
    5. JSR to a routine whose direct-page store is its return address, every pass;
    6. JSL to a routine that leaves for bank 3 by JML and returns from there (the
       loop of `jml_program` alone, whose arm follows it, catches a PBR left wrong);
    7. JSL to a routine of bank 3 with a loop of its own (budgets end inside it)."""
    mem = bytearray(1 << 24)
    a = Assembler(mem, 0x028000)
    low = (sp - 2) & 0xFFFF        # (a JSL's return low byte at S = sp)
    a.op("CLC")
    a.op("XCE")
    a.op("REP", "imm8", 0x30)
    a.op("LDY", "immx", 0, wide=True)
    first = (low - 6 - 0x10) & 0xFFFF
    a.op("LDA", "immm", first, wide=True)
    a.label("outer")
    a.op("TCD")
    a.op("LDX", "immx", n, wide=True)
    a.label("loop1")
    a.op("JSL", "absl", "hit_dp")
    iny1 = a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop1")
    a.op("TDC")
    a.op("CLC")
    a.op("ADC", "immm", 3, wide=True)
    a.op("CMP", "immm", (first + 12) & 0xFFFF, wide=True)
    a.op("BNE", "rel8", "outer")
    a.op("LDX", "immx", n, wide=True)
    a.label("loop2")
    a.op("JSL", "absl", "far_push")
    a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop2")
    a.op("LDX", "immx", n, wide=True)
    a.label("loop3")
    a.op("JSL", "absl", "hit_sr")
    iny3 = a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop3")
    # (pass k pushes three bytes from sp - 3k, its call's low byte at sp - 3k - 5: the
    # third pass's at sp - 11, above the fourth's bank byte at sp - 12)
    a.op("LDA", "immm", (sp - 11 - 0x20) & 0xFFFF, wide=True)
    a.op("TCD")
    a.op("LDX", "immx", n, wide=True)
    a.label("loop4")
    a.op("PHA")
    a.op("PHB")
    a.op("JSL", "absl", "hit_moving")
    iny4 = a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop4")
    a.op("TSC")
    a.op("CLC")
    a.op("ADC", "immm", 3 * n, wide=True)
    a.op("TCS")
    a.op("LDA", "immm", (sp - 1 - 0x30) & 0xFFFF, wide=True)
    a.op("TCD")
    a.op("LDX", "immx", n, wide=True)
    a.label("loop5")
    a.op("JSR", "abs", "hit_jsr")
    iny5 = a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop5")
    a.op("LDX", "immx", n, wide=True)
    a.label("loop6")
    a.op("JSL", "absl", "hop")
    a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop6")
    a.op("LDX", "immx", n, wide=True)
    a.label("loop7")
    a.op("JSL", "absl", "far_loop")
    a.op("INY")
    a.op("DEX")
    a.op("BNE", "rel8", "loop7")
    a.op("STP")
    a.label("hit_dp")
    a.op("LDA", "immm", iny1 & 0xFFFF, wide=True)
    a.op("STA", "dp", 0x10)
    a.op("RTL")
    a.label("hit_sr")
    a.op("TXA")
    a.op("LSR", "acc")
    a.op("BCC", "rel8", "kept3")
    a.op("LDA", "immm", iny3 & 0xFFFF, wide=True)
    a.op("STA", "sr", 1)
    a.label("kept3")
    a.op("RTL")
    a.label("hit_moving")
    a.op("LDA", "immm", iny4 & 0xFFFF, wide=True)
    a.op("STA", "dp", 0x20)
    a.op("RTL")
    a.label("hit_jsr")
    a.op("LDA", "immm", iny5 & 0xFFFF, wide=True)
    a.op("STA", "dp", 0x30)
    a.op("RTS")
    a.label("hop")
    a.op("JML", "absl", "far_return")
    a.pc = 0x039000
    a.label("far_push")
    a.op("PHA")
    a.op("PLA")
    a.op("TXA")
    a.op("LSR", "acc")
    a.op("BCC", "rel8", "kept2")
    a.op("PLA")
    a.op("INC", "acc")
    a.op("PHA")
    a.label("kept2")
    a.op("RTL")
    a.label("far_return")
    a.op("RTL")
    a.label("far_loop")
    a.op("LDA", "immm", 3, wide=True)
    a.label("far_inner")
    a.op("DEC", "acc")
    a.op("BNE", "rel8", "far_inner")
    a.op("RTL")
    a.assemble()
    return program_cpu(mem, 0x028000, translator, sp=sp, dbr=0x02)


def batched() -> Translator:
    """Candidates translated in a batch, lowest address first, as the run loop does
    (after 300 cycles, not 8,192: the program is short), so each loop's arm starts at
    its call."""
    return Translator(batch_cycles=300, share_compiled=False)


TRANSLATORS = {"hot-1": fresh, "batched": batched}


def budgets(seed: int) -> tuple[int, ...]:
    """Budgets that end the runs at many points of the passes, then a long one."""
    rng = random.Random(seed)
    return tuple(rng.randrange(1, 300) for _ in range(150)) + (60_000,)


# (S far from the ends; a JSL's three bytes across $FFFF/$0000 in turn; near $FFFF)
STACKS = [0x01F0, 0x0000, 0x0002, 0x0004, 0xFFFE]   # (page 1; across $0000, each side)


@pytest.mark.parametrize("translator", TRANSLATORS)
@pytest.mark.parametrize("sp", STACKS, ids=hex)
def test_returns_with_their_bytes_stored_over_match_step(sp: int, translator: str) -> None:
    fast = stack_program(sp, TRANSLATORS[translator]())
    reference = clone(fast)
    run_alike(fast, reference, budgets(sp))
    assert fast.stop_reason == "stp" and fast.pbr == 0x02
    # (loop 1's INYs four times over, loops 2-7's once, less those skipped: loop 1's
    # for one D of four, loops 2 and 3's on odd passes, loop 4's on its third pass,
    # loop 5's on every one)
    assert fast.y == 7 * PASSES - 1


def jml_program(translator: Translator) -> CPU65816:
    """A loop calling a routine of its own bank by JSL, which leaves for bank 3 by JML
    and returns from there: the RTL sets PBR back to the call's bank."""
    mem, a = native_program(0x028000)
    a.op("LDX", "immx", 100, wide=True)
    a.label("loop")
    a.op("JSL", "absl", "hop")
    a.op("DEX")
    a.op("BNE", "rel8", "loop")
    a.op("STP")
    a.label("hop")
    a.op("JML", "absl", "far")
    a.pc = 0x039000
    a.label("far")
    a.op("RTL")
    a.assemble()
    return program_cpu(mem, 0x028000, translator, dbr=0x02)


@pytest.mark.parametrize("translator", TRANSLATORS)
def test_a_return_from_another_bank_than_its_routines_matches_step(translator: str) -> None:
    fast = jml_program(TRANSLATORS[translator]())
    reference = clone(fast)
    run_alike(fast, reference, budgets(5))
    assert fast.stop_reason == "stp" and fast.pbr == 0x02


def test_the_routines_return_takes_the_bytes_pushed_where_the_head_says() -> None:
    # The bench's shape: a JSL in a loop to a routine of its own bank storing through
    # the direct page (loop 1), and a JSR (loop 5): their returns test the head's name
    # first, which tests those stores' addresses against the bytes and S's range.
    sources: list[str] = []
    real = blocks._forward_test

    def noted(call: tuple, ranged: bool = False) -> str:
        sources.append(real(call, ranged))
        return sources[-1]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blocks, "_forward_test", noted)
        fast = stack_program(0x01F0, batched())
        fast.run(60_000)
    assert fast.stop_reason == "stp"
    # (S's range tested at the loop's head: the names alone)
    assert any(s.startswith("not r_sp - 2 <= ") for s in sources)
    assert any(s.startswith("not r_sp - 1 <= ") for s in sources)


def _blind_to_pushes(real):
    def written(call, offset, writes, changes_bank):
        if writes and isinstance(writes, tuple) and isinstance(writes[0], int):
            writes = None
        return real(call, offset, writes, changes_bank)
    return written


def _blind_to_other_stores(real):
    def written(call, offset, writes, changes_bank):
        return real(call, offset, None if writes == "other" else writes, changes_bank)
    return written


def _blind_to_bank_changes(real):
    def written(call, offset, writes, changes_bank):
        return real(call, offset, writes, False)
    return written


def _no_names_tested(real):
    def test(call, ranged=False):
        return real(call[:3] + (frozenset(),) + call[4:], ranged)
    return test


BROKEN = {
    # the dp stores not tested at the head: loop 1's store over the bytes missed
    "names": ("_forward_test", _no_names_tested, 0x01F0),
    # a push into the call's bytes not seen: loop 2's return address pushed again
    "pushes": ("_written", _blind_to_pushes, 0x01F0),
    # a store of another mode not seen: loop 3's STA 1,S
    "other": ("_written", _blind_to_other_stores, 0x01F0),
    # JML to another bank not seen: the RTL sets no PBR (`jml_program`)
    "bank": ("_written", _blind_to_bank_changes, None),
}


@pytest.mark.parametrize("breakage", BROKEN)
def test_a_wrong_stack_analysis_is_caught(breakage: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    name, broken, sp = BROKEN[breakage]
    monkeypatch.setattr(blocks, name, broken(getattr(blocks, name)))
    fast = stack_program(sp, batched()) if sp is not None else jml_program(batched())
    reference = clone(fast)
    with pytest.raises(AssertionError):
        run_alike(fast, reference, budgets(sp or 5))


def test_s_moved_on_every_pass_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # A loop whose S differs from pass to pass (loop 4) taken for one where it does not:
    # the test made at the head for the first pass is wrong on the third.
    real = blocks._Writer._go

    def go(self, *args):
        lines = real(self, *args)
        self.moved_back = False
        return lines
    monkeypatch.setattr(blocks._Writer, "_go", go)
    fast = stack_program(0x01F0, fresh())
    reference = clone(fast)
    with pytest.raises(AssertionError):
        run_alike(fast, reference, budgets(1))


def test_a_jsl_to_another_bank_taken_for_its_own_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Every JSL's PBR left alone: loop 2's routine in bank 3 runs with PBR 2.
    monkeypatch.setattr(blocks._TemplateGen, "op_JSL", lambda self: (
        self.push(self.return_address(4, long=True), new_style=True, bytes_=True),
        self.finish("")))
    blocks._template.cache_clear()
    try:
        fast = stack_program(0x01F0, fresh())
        reference = clone(fast)
        with pytest.raises(AssertionError):
            run_alike(fast, reference, budgets(2))
    finally:
        monkeypatch.undo()
        blocks._template.cache_clear()


@pytest.mark.parametrize("sp", [0x0000, 0x0002], ids=hex)
def test_a_loop_s_range_left_untested_is_caught(sp: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # The offsets S reaches in an arm not noted: its pushes and pulls go unmasked with
    # S across $FFFF/$0000, and its returns take bytes pushed across the wrap
    # (`_Writer._note_range`, the test made at the arm's head).
    monkeypatch.setattr(blocks._Writer, "_note_range", lambda self, offset, facts: None)
    fast = stack_program(sp, batched())
    reference = clone(fast)
    with pytest.raises(AssertionError):
        run_alike(fast, reference, budgets(sp))
