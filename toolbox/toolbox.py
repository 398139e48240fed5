"""The running toolbox: the state of every tool set, shared by the dispatcher.

Each tool module registers a state class with `@tool_state("attr")`; a `Toolbox`
builds one of each, so tool code reaches another tool set's Python core as
`tb.qd`, `tb.mm`, `tb.em`, ... (the way the real toolbox calls across tool sets),
and the program's memory as `tb.mem` (24-bit, byte-indexed).
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any, Callable

STATE_CLASSES: dict[str, type] = {}

# Modules of the package that are not tool sets.
_NOT_TOOL_SETS = {"calls", "toolbox", "dispatch", "console"}


def tool_state(attr: str) -> Callable[[type], type]:
    """Register a tool set's state class; Toolbox() makes one as `tb.<attr>`."""

    def register(cls: type) -> type:
        if attr in STATE_CLASSES and STATE_CLASSES[attr] is not cls:
            raise ValueError(f"tool state {attr!r} registered twice")
        STATE_CLASSES[attr] = cls
        return cls

    return register


def load_tool_sets() -> None:
    """Import every tool module so its calls and state classes register."""
    import toolbox
    for info in pkgutil.iter_modules(toolbox.__path__):
        if info.name not in _NOT_TOOL_SETS and not info.name.startswith("_"):
            importlib.import_module(f"toolbox.{info.name}")


class Toolbox:
    """All tool sets' state for one machine.

    mem:     the 24-bit memory (bytearray or anything with integer [])
    machine: the Machine (None when a core is tested without the CPU)
    host:    the host (window or script) input comes from and frames go to, or None
    """

    def __init__(self, mem: Any, machine: Any = None, host: Any = None) -> None:
        load_tool_sets()
        self.mem = mem
        self.machine = machine
        self.host = host
        self.call_log: list[str] = []     # "NewHandle($0000,...)" lines, newest last
        for attr, cls in STATE_CLASSES.items():
            setattr(self, attr, cls(self))
