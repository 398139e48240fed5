"""The hardware of the IIGS-style machine: the 65C816, memory, the I/O page, interrupts,
video, the DOC and its GLU, the clock and traps (`iigs.machine.Hardware`). It imports
nothing above it; the system (`system/`) composes it with the toolbox and the disk, and
runs programs (`iigs run PROGRAM`, `system.run_program`; docs/architecture.md)."""
