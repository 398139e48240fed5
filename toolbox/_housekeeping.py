"""The six housekeeping calls every tool set has (BootInit, StartUp, ShutDown, Version,
Reset, Status: functions 1-6), registered from a table for the tool sets whose
housekeeping is the standard one (Note Synthesizer, Note Sequencer, ACE, Video
Overlay, MIDI Synth, ADB, Integer Math, Text Tools, Scheduler, Font Manager,
QuickDraw Auxiliary, Scrap Manager): one definition instead of six copies in each.

The set's state object (`tb.<attr>`) has `started`, and `start_up(*params)` /
`shut_down()` / `reset()` when it keeps more.
"""
from __future__ import annotations

from typing import Any, Callable

from toolbox.calls import ToolError, tool

TRUE, FALSE = 0xFFFF, 0x0000


def register_housekeeping(toolset: int, prefix: str, attr: str, version: int,
                          start_params: str = "", already_started: int = 0
                          ) -> tuple[Callable[..., Any], ...]:
    """Register <prefix>BootInit .. <prefix>Status for `toolset`. StartUp takes
    `start_params` (W/L letters); `already_started` nonzero: the error StartUp answers
    when the set is started already. The six calls, in that order (for a module that
    names them: callers in Python take them as impl(tb, *params))."""

    version_word = version

    def state(tb):
        return getattr(tb, attr)

    def boot_init(tb) -> None:
        pass

    def start_up(tb, *params: int) -> None:
        st = state(tb)
        if st.started and already_started:
            raise ToolError(already_started, f"{prefix}StartUp: already started")
        if hasattr(st, "start_up"):
            st.start_up(*params)
        st.started = True

    def shut_down(tb) -> None:
        st = state(tb)
        if hasattr(st, "shut_down"):
            st.shut_down()
        st.started = False

    def version_call(tb) -> int:
        return version_word

    def reset(tb) -> None:
        st = state(tb)
        if hasattr(st, "reset"):
            st.reset()

    def status(tb) -> int:
        return TRUE if state(tb).started else FALSE

    calls = []
    for function, impl, params, result, name in (
            (0x01, boot_init, "", 0, "BootInit"), (0x02, start_up, start_params, 0, "StartUp"),
            (0x03, shut_down, "", 0, "ShutDown"), (0x04, version_call, "", 2, "Version"),
            (0x05, reset, "", 0, "Reset"), (0x06, status, "", 2, "Status")):
        impl.__name__ = impl.__qualname__ = prefix + name
        calls.append(tool(toolset, function, params, result, name=prefix + name)(impl))
    return tuple(calls)
