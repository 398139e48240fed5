"""The system: the IIGS as a program sees it, the hardware (`iigs/`) with the toolbox
(`toolbox/`), the host and the disk (`disk/`) composed above both. The runner
(`iigs run`, `python -m system run`; `system.runner`), its bench and GIN.KING start a
`system.Machine`; `run_program` runs a program from a Python test (`system.harness`,
docs/bench.md). See docs/architecture.md."""
from __future__ import annotations

from typing import Any

__all__ = ["Machine", "run_program"]


def __getattr__(name: str) -> Any:
    """`system.Machine` and `system.run_program` without importing the machine until
    one is used: the runner refuses a bad command line before it does."""
    if name == "Machine":
        from system.machine import Machine
        return Machine
    if name == "run_program":
        from system.harness import run_program
        return run_program
    raise AttributeError(f"module 'system' has no attribute {name!r}")
