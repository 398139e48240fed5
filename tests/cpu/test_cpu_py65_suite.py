"""py65's own 6502 and 65C02 test suites run against CPU65816 in emulation mode.

The W65C816S datasheet (section 7) documents emulation mode as 65C02-compatible apart
from the differences listed in `DIFFERENCES_65C02` / `DIFFERENCES_6502`, each with
its reason. py65's tests see an
8-bit stack pointer and a 64K memory; `Py65View` gives them that view: S is kept in page 1
while an instruction runs and shown as its low byte between instructions.
"""
from __future__ import annotations

from py65.tests.devices import test_mpu6502, test_mpu65c02

from iigs.cpu import CPU65816


class Py65View(CPU65816):
    """CPU65816 as py65's tests expect to see it: 8-bit S between steps."""

    def __init__(self, memory=None, pc=0x0000):
        super().__init__([0xAA] * 0x10000 if memory is None else memory, pc)
        self.sp &= 0xFF

    def _around(self, action) -> None:
        # The tests may write P with bits 5 and 4 clear; in emulation mode they read 1.
        self.p |= 0x30
        self.sp = 0x100 | (self.sp & 0xFF)
        action()
        self.sp &= 0xFF

    def step(self):
        self._around(super().step)
        return self

    def reset(self) -> None:
        super().reset()
        self.sp &= 0xFF

    def irq(self) -> None:
        self._around(super().irq)

    def nmi(self) -> None:
        self._around(super().nmi)


# test name -> why the 65816 in emulation mode differs from py65's model.
RESET_SETS_I = "reset sets I (with M and X; datasheet 2.25); py65 leaves P=$30"
NO_BIT_OPS = ("RMBn/SMBn are Rockwell/WDC 65C02 opcodes; on the 65816 $07..$F7 are "
              "[d] and [d],y loads and stores (datasheet Table 5-4)")
BRA_CYCLES = ("BRA takes 3 cycles, 4 crossing a page in emulation mode (Table 5-7 note 5); "
              "py65 counts 2 and 3")
JMP_IND_CYCLES = "JMP (a) takes 5 cycles on the 65816 (Table 5-7), 6 on the 65C02"
BCD_FLAGS = ("decimal ADC sets N from the decimal result on the 65816 (and the real 65C02); "
             "py65 keeps the NMOS binary-result N for the invalid BCD operand $9C+$9D")
NO_B_FLAG = ("P bit 4 always reads 1 in emulation mode (datasheet 7.8: B exists only in the "
             "copy pushed by BRK); py65 clears it in P after IRQ/NMI")
NMOS_BRK_D = "BRK clears D on the 65816 as on the 65C02; the NMOS 6502 leaves it"
NMOS_JMP_BUG = "the NMOS JMP ($xxFF) page-wrap bug is fixed on the 65C02 and 65816"

_COMMON = {
    "test_reset_sets_registers_to_initial_states": RESET_SETS_I,
    "test_adc_bcd_on_immediate_9c_plus_9d": BCD_FLAGS,
    "test_irq_pushes_pc_and_correct_status_then_sets_pc_to_irq_vector": NO_B_FLAG,
    "test_nmi_pushes_pc_and_correct_status_then_sets_pc_to_nmi_vector": NO_B_FLAG,
}
DIFFERENCES_65C02: dict[str, str] = {
    **_COMMON,
    "test_bra_forward": BRA_CYCLES,
    "test_bra_backward": BRA_CYCLES,
    "test_jmp_ind_does_not_have_page_wrap_bug": JMP_IND_CYCLES,
    **{f"test_rmb{n}_clears_bit_{n}_without_affecting_other_bits": NO_BIT_OPS for n in range(8)},
    **{f"test_rmb{n}_does_not_affect_status_register": NO_BIT_OPS for n in range(8)},
    **{f"test_smb{n}_sets_bit_{n}_without_affecting_other_bits": NO_BIT_OPS for n in range(8)},
    **{f"test_smb{n}_does_not_affect_status_register": NO_BIT_OPS for n in range(8)},
}
DIFFERENCES_6502: dict[str, str] = {
    **_COMMON,
    "test_brk_preserves_decimal_flag_when_it_is_set": NMOS_BRK_D,
    "test_jmp_jumps_to_address_with_page_wrap_bug": NMOS_JMP_BUG,
}


def _deselect(cls: type, reasons: dict[str, str]) -> type:
    """Remove the named inherited tests (each listed above with its reason)."""
    for name in reasons:
        if hasattr(cls, name):
            setattr(cls, name, None)
    return cls


class TestPy65C02SuiteOn65816(test_mpu65c02.MPUTests):
    def _get_target_class(self):
        return Py65View

    def test_repr(self):
        self.assertIn("65C816", repr(self._make_mpu()))


class TestPy6502SuiteOn65816(test_mpu6502.MPUTests):
    def _get_target_class(self):
        return Py65View

    def test_repr(self):
        self.assertIn("65C816", repr(self._make_mpu()))


_deselect(TestPy65C02SuiteOn65816, DIFFERENCES_65C02)
_deselect(TestPy6502SuiteOn65816, DIFFERENCES_6502)


def test_differences_name_real_tests() -> None:
    # Every deselected name exists in py65's suites, so the list cannot hide a typo.
    for suite, names in ((test_mpu65c02.MPUTests, DIFFERENCES_65C02),
                         (test_mpu6502.MPUTests, DIFFERENCES_6502)):
        assert all(callable(getattr(suite, name, None)) for name in names), names
