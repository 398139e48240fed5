"""CPU65816 behaviour the machine relies on: traps, run() stop reasons, interrupts.

Each test shows the assembly it runs; bytes are poked with a comment per instruction.
Datasheet = W65C816S datasheet (WDC); quotations are from it.
"""
from __future__ import annotations

import pytest

from iigs.cpu import CPU65816

ORG = 0x021000   # code in bank 2, as the IIGS loader places it


def make_cpu(code: bytes, org: int = ORG, native: bool = True) -> CPU65816:
    mem = bytearray(1 << 24)
    mem[org:org + len(code)] = code
    cpu = CPU65816(mem, pc=org & 0xFFFF)
    cpu.pbr = org >> 16
    if native:
        cpu.e = 0
    return cpu


def test_wdm_trap_hook_step_sees_pc_past_operand() -> None:
    # WDM $07 ; NOP
    cpu = make_cpu(bytes([0x42, 0x07, 0xEA]))
    seen = []
    cpu.trap_hook = lambda c, n: seen.append((n, c.pbr, c.pc)) or None
    cpu.step()
    assert seen == [(7, 0x02, 0x1002)]
    assert cpu.pc == 0x1002 and cpu.processorCycles == 2


def test_wdm_no_hook_two_byte_nop() -> None:
    # WDM $07 ; STP
    cpu = make_cpu(bytes([0x42, 0x07, 0xDB]))
    assert cpu.run(100) == 5
    assert cpu.stop_reason == "stp" and cpu.pc == 0x1003


def test_wdm_trap_hook_string_stops_run_with_trap_result() -> None:
    # WDM $01 ; NOP
    cpu = make_cpu(bytes([0x42, 0x01, 0xEA]))
    cpu.trap_hook = lambda c, n: "tool call"
    cycles = cpu.run(1000)
    assert (cpu.stop_reason, cpu.trap_result, cpu.pc, cycles) == ("trap", "tool call", 0x1002, 2)


def _rtl_hook(cpu: CPU65816, number: int) -> None:
    """Emulate an RTL, as the machine's tool dispatcher does after a JSL to a trap."""
    sp = cpu.sp
    low, high, bank = (cpu.memory[(sp + i) & 0xFFFF] for i in (1, 2, 3))
    cpu.sp = (sp + 3) & 0xFFFF
    cpu.pc = (((high << 8) | low) + 1) & 0xFFFF
    cpu.pbr = bank
    cpu.a = 0x1200 | number
    return None


@pytest.mark.parametrize("runner", ["run", "step"])
def test_wdm_trap_hook_jsl_e10000_returns_like_rtl(runner: str) -> None:
    # $02:1000 JSL $E10000   ; the tool entry point holds WDM $05
    # $02:1004 STP
    cpu = make_cpu(bytes([0x22, 0x00, 0x00, 0xE1, 0xDB]))
    cpu.memory[0xE10000:0xE10002] = bytes([0x42, 0x05])
    cpu.sp = 0x1FFF
    cpu.trap_hook = _rtl_hook
    if runner == "run":
        cpu.run(1000)
        assert cpu.stop_reason == "stp"
    else:
        for _ in range(3):
            cpu.step()
        assert cpu.stopped
    assert (cpu.pbr, cpu.pc, cpu.a, cpu.sp) == (0x02, 0x1005, 0x1205, 0x1FFF)
    assert cpu.processorCycles == 8 + 2 + 3   # JSL, WDM, STP


def test_run_cycles_budget_finishes_current_instruction() -> None:
    # loop: INX ; BRA loop
    cpu = make_cpu(bytes([0xE8, 0x80, 0xFD]))
    cycles = cpu.run(10)
    assert cpu.stop_reason == "cycles"
    assert cycles == 10 and cpu.processorCycles == 10   # 2+3+2+3
    assert cpu.x == 2


def test_stp_run_stops_and_stays_stopped() -> None:
    # STP ; NOP
    cpu = make_cpu(bytes([0xDB, 0xEA]))
    assert cpu.run(100) == 3 and cpu.stop_reason == "stp"
    assert cpu.run(100) == 0 and cpu.stop_reason == "stp"
    cpu.reset()   # STP: "Reset (RESB) is the only way to restart the processor"
    assert not cpu.stopped


def test_wai_run_stops_then_irq_with_i_clear_takes_native_vector() -> None:
    # CLI ; WAI ; STP        IRQ handler at $00:3000: STP
    cpu = make_cpu(bytes([0x58, 0xCB, 0xDB]))
    cpu.memory[0xFFEE:0xFFF0] = bytes([0x00, 0x30])   # native IRQ vector
    cpu.memory[0x3000] = 0xDB
    assert cpu.run(100) == 5 and cpu.stop_reason == "wai"
    assert cpu.run(100) == 0 and cpu.stop_reason == "wai"
    cpu.irq()
    assert (cpu.pbr, cpu.pc) == (0, 0x3000)
    # native mode pushes PBR, PCH, PCL (of the instruction after WAI), then P
    assert list(cpu.memory[0x1FC:0x200]) == [0x30, 0x02, 0x10, 0x02]
    cpu.run(100)
    assert cpu.stop_reason == "stp" and cpu.pc == 0x3001


def test_wai_irq_with_i_set_resumes_after_wai() -> None:
    # SEI ; WAI ; STP
    # "If ... I is set, WAI ... the processor will continue with the next instruction."
    cpu = make_cpu(bytes([0x78, 0xCB, 0xDB]))
    assert cpu.run(100) == 5 and cpu.stop_reason == "wai"
    cpu.irq()
    assert cpu.run(100) == 3 and cpu.stop_reason == "stp"
    assert cpu.pc == 0x1003


def test_brk_stop_on_brk_pc_at_opcode_not_executed() -> None:
    # NOP ; BRK $00
    cpu = make_cpu(bytes([0xEA, 0x00, 0x00]))
    cpu.stop_on_brk = True
    assert cpu.run(100) == 2
    assert (cpu.stop_reason, cpu.pc, cpu.pbr, cpu.sp) == ("brk", 0x1001, 0x02, 0x01FF)


def test_brk_native_pushes_pbr_and_vectors_ffe6() -> None:
    # BRK $00 (native): PBR, PC+2, P pushed; I set, D cleared, PBR=0; 8 cycles
    cpu = make_cpu(bytes([0x00, 0x00]))
    cpu.memory[0xFFE6:0xFFE8] = bytes([0x34, 0x12])
    cpu.p |= 0x08
    cpu.sp = 0x1FF
    cycles = cpu.run(1)
    assert cycles == 8 and cpu.stop_reason == "cycles"
    assert (cpu.pbr, cpu.pc) == (0, 0x1234)
    assert cpu.p & 0x0C == 0x04
    assert list(cpu.memory[0x1FC:0x200]) == [0x3C, 0x02, 0x10, 0x02]   # P as it was


def test_cop_stop_on_cop_and_emulation_vector_fff4() -> None:
    # COP $00 in emulation mode
    cpu = make_cpu(bytes([0x02, 0x00]), native=False)
    cpu.memory[0xFFF4:0xFFF6] = bytes([0x00, 0x40])
    cpu.stop_on_cop = True
    assert cpu.run(50) == 0 and cpu.stop_reason == "cop" and cpu.pc == 0x1000
    cpu.stop_on_cop = False
    assert cpu.run(7) == 7 and (cpu.pbr, cpu.pc) == (0, 0x4000)


def test_mvn_blk_full_move_in_run() -> None:
    # REP #$30 ; LDA #$02FF ; LDX #$2000 ; LDY #$8000 ; MVN $03,$04 ; STP
    # "MVN ... moves C+1 bytes"; 7 cycles per byte; DBR ends as the destination bank.
    code = bytes([0xC2, 0x30, 0xA9, 0xFF, 0x02, 0xA2, 0x00, 0x20, 0xA0, 0x00, 0x80,
                  0x54, 0x04, 0x03, 0xDB])
    cpu = make_cpu(code)
    source = bytes((i * 7 + 3) & 0xFF for i in range(0x300))
    cpu.memory[0x032000:0x032300] = source
    cycles = cpu.run(100_000)
    assert cpu.stop_reason == "stp"
    assert bytes(cpu.memory[0x048000:0x048300]) == source
    assert (cpu.a, cpu.x, cpu.y, cpu.dbr) == (0xFFFF, 0x2300, 0x8300, 0x04)
    assert cycles == 3 + 3 + 3 + 3 + 7 * 0x300 + 3


def test_mvp_blk_budget_stops_between_bytes() -> None:
    # LDA #$00FF (16-bit) ; MVP $00,$00 ; the budget runs out mid-move, PC stays on MVP
    code = bytes([0xC2, 0x30, 0xA9, 0xFF, 0x00, 0x44, 0x00, 0x00])
    cpu = make_cpu(code)
    cpu.run(3 + 3 + 7 * 10)
    assert cpu.stop_reason == "cycles" and cpu.pc == 0x1005 and cpu.a == 0x00FF - 10


def test_xce_emulation_forces_8bit_and_page1_stack() -> None:
    # REP #$30 ; LDX #$1234 ; LDA #$0777 ; TCS ; SEC ; XCE
    # "When E is set ... M and X are forced to 1, XH and YH to 0, SH to $01."
    code = bytes([0xC2, 0x30, 0xA2, 0x34, 0x12, 0xA9, 0x77, 0x07, 0x1B, 0x38, 0xFB])
    cpu = make_cpu(code)
    cpu.run(3 + 3 + 3 + 2 + 2 + 2)
    assert cpu.stop_reason == "cycles"
    assert (cpu.e, cpu.p & 0x30, cpu.x, cpu.sp) == (1, 0x30, 0x34, 0x0177)
    assert cpu.p & 0x01 == 0   # the old E (0) went to carry


def test_sep_x_clears_index_high_bytes() -> None:
    # REP #$10 ; LDY #$ABCD ; SEP #$10
    cpu = make_cpu(bytes([0xC2, 0x10, 0xA0, 0xCD, 0xAB, 0xE2, 0x10]))
    cpu.run(9)
    assert cpu.y == 0xCD


def test_lda_dp_dl_nonzero_adds_cycle() -> None:
    # LDA $10 with D=$0001: note 2, "add 1 cycle for direct register low (DL) not equal 0"
    cpu = make_cpu(bytes([0xA5, 0x10]))
    cpu.d = 0x0001
    cpu.step()
    assert cpu.processorCycles == 4


def test_bne_rel8_emulation_page_cross_adds_cycle() -> None:
    # $02:10FD BNE +$10 with Z clear, crossing into page $11: 2 + 1 taken + 1 crossing
    cpu = make_cpu(bytes([0xD0, 0x10]), org=0x0210FD, native=False)
    cpu.step()
    assert cpu.pc == 0x110F and cpu.processorCycles == 4


def test_run_bank_end_instruction_wraps_pc_in_bank() -> None:
    # $02:FFFE LDA #$1234 (16-bit): the operand's second byte is at $02:0000
    # "the program counter wraps within the program bank" (datasheet 7.x, PBR)
    cpu = make_cpu(bytes([0xA9, 0x34]), org=0x02FFFE)
    cpu.p &= ~0x20
    cpu.memory[0x020000] = 0x12
    cpu.memory[0x020001] = 0xDB   # STP
    cpu.run(100)
    assert (cpu.a, cpu.pbr, cpu.pc, cpu.stop_reason) == (0x1234, 0x02, 0x0002, "stp")


@pytest.mark.parametrize("runner", ["run", "step"])
def test_wdm_trap_hook_sees_current_processor_cycles(runner: str) -> None:
    # NOP ; NOP ; WDM $09 ; STP  -- the hook runs after 4 cycles (WDM's own not yet added)
    cpu = make_cpu(bytes([0xEA, 0xEA, 0x42, 0x09, 0xDB]))
    cpu.processorCycles = 1000
    seen = []
    cpu.trap_hook = lambda c, n: seen.append(c.processorCycles) or None
    if runner == "run":
        cpu.run(100)
    else:
        for _ in range(4):
            cpu.step()
    assert seen == [1004]
    assert cpu.stopped and cpu.processorCycles == 1000 + 2 + 2 + 2 + 3
