"""The system: the IIGS as a program sees it, the hardware (`iigs/`) with the toolbox
(`toolbox/`), the host and the disk (`disk/`) composed above both. The runner
(`python -m iigs run`) and GIN.KING start a `system.Machine` (docs/architecture.md)."""
from system.machine import Machine

__all__ = ["Machine"]
