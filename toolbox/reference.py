"""The Toolbox Reference's own list of calls, implemented here or not.

`reference_calls.txt` holds one row per call that Apple documents (Toolbox Reference
vols. 1-3 and the System 6 additions): number, name, parameter signature and result
size, in the letters of `toolbox.calls` (W word, L long). It is the yardstick two
things are held to:

  * every `@tool` row must match it exactly (tests/machine/test_machine_reference.py),
    so a program never meets a misnamed or inverted call;
  * the dispatcher's Tool Locator answer for a call this toolbox lacks drops the
    parameters the row gives (see `toolbox.dispatch`).

A row whose signature the sources do not give has `params`/`result` None ("?").
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from toolbox.calls import PARAM_BYTES

TABLE_FILE = Path(__file__).with_name("reference_calls.txt")
NO_PARAMS = "-"
UNKNOWN = "?"


@dataclass(frozen=True)
class ReferenceCall:
    """One documented call: `params` and `result` are None when not known."""
    toolset: int
    function: int
    name: str
    params: str | None
    result: int | None

    @property
    def number(self) -> int:
        return (self.function << 8) | self.toolset

    @property
    def param_bytes(self) -> int | None:
        if self.params is None:
            return None
        return sum(PARAM_BYTES[c] for c in self.params)


def parse_row(line: str) -> ReferenceCall:
    """'5204 NotEmptyRect L 2' -> ReferenceCall (ValueError on a malformed row)."""
    fields = line.split()
    if len(fields) != 4:
        raise ValueError(f"reference row needs 4 fields: {line!r}")
    number, name, params, result = fields
    value = int(number, 16)
    if params == UNKNOWN:
        sig = None
    elif params == NO_PARAMS:
        sig = ""
    elif all(c in PARAM_BYTES for c in params):
        sig = params
    else:
        raise ValueError(f"bad signature in {line!r}")
    size = None if result == UNKNOWN else int(result)
    return ReferenceCall(value & 0xFF, value >> 8, name, sig, size)


@lru_cache(maxsize=1)
def reference_table() -> dict[int, ReferenceCall]:
    """number (function << 8 | tool set) -> ReferenceCall, read once."""
    table: dict[int, ReferenceCall] = {}
    for raw in TABLE_FILE.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        row = parse_row(line)
        if row.number in table:
            raise ValueError(f"${row.number:04X} listed twice in {TABLE_FILE.name}")
        table[row.number] = row
    return table


def reference_toolsets() -> dict[int, list[ReferenceCall]]:
    """tool set -> its documented calls, in function order."""
    sets: dict[int, list[ReferenceCall]] = {}
    for row in sorted(reference_table().values(), key=lambda r: (r.toolset, r.function)):
        sets.setdefault(row.toolset, []).append(row)
    return sets


# Tool set names as the Toolbox Reference titles its chapters.
TOOLSET_NAMES = {
    0x01: "Tool Locator", 0x02: "Memory Manager", 0x03: "Miscellaneous Tool Set",
    0x04: "QuickDraw II", 0x05: "Desk Manager", 0x06: "Event Manager",
    0x07: "Scheduler", 0x08: "Sound Tool Set", 0x09: "Apple Desktop Bus Tool Set",
    0x0A: "SANE", 0x0B: "Integer Math Tool Set", 0x0C: "Text Tool Set",
    0x0E: "Window Manager", 0x0F: "Menu Manager", 0x10: "Control Manager",
    0x11: "System Loader", 0x12: "QuickDraw II Auxiliary", 0x13: "Print Manager",
    0x14: "LineEdit Tool Set", 0x15: "Dialog Manager", 0x16: "Scrap Manager",
    0x17: "Standard File Operations", 0x19: "Note Synthesizer", 0x1A: "Note Sequencer",
    0x1B: "Font Manager", 0x1C: "List Manager", 0x1D: "Audio Compression and Expansion",
    0x1E: "Resource Manager", 0x20: "MIDI Tool Set", 0x21: "Video Overlay Tool Set",
    0x22: "TextEdit Tool Set", 0x23: "MIDI Synth",
}


def coverage_rows(implemented: set[int]) -> list[tuple[int, str, int, int]]:
    """(tool set, name, calls implemented, calls in the Toolbox Reference) per set."""
    rows = []
    for toolset, calls in reference_toolsets().items():
        done = sum(1 for c in calls if c.number in implemented)
        rows.append((toolset, TOOLSET_NAMES.get(toolset, "?"), done, len(calls)))
    return rows


def coverage_markdown(implemented: set[int]) -> str:
    """The coverage table of docs/compatibility.md."""
    lines = ["| Set | Tool set | Implemented | In the Toolbox Reference |",
             "|---|---|---|---|"]
    total_done = total = 0
    for toolset, name, done, count in coverage_rows(implemented):
        lines.append(f"| ${toolset:02X} | {name} | {done} | {count} |")
        total_done += done
        total += count
    lines.append(f"| | **All** | **{total_done}** | **{total}** |")
    return "\n".join(lines)


if __name__ == "__main__":          # python -m toolbox.reference: the coverage table
    from toolbox.calls import TOOL_TABLE
    from toolbox.toolbox import load_tool_sets
    load_tool_sets()
    print(coverage_markdown(set(TOOL_TABLE)))
