"""The IIGS-style machine: `python -m iigs run PROGRAM`, and `run_program` for a
program's own tests (`iigs.harness`, docs/compatibility.md)."""
from __future__ import annotations

from typing import Any

__all__ = ["run_program"]


def __getattr__(name: str) -> Any:
    """`iigs.run_program` without importing the machine until it is used."""
    if name == "run_program":
        from iigs.harness import run_program
        return run_program
    raise AttributeError(f"module 'iigs' has no attribute {name!r}")
