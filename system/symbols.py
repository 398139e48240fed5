"""Addresses as a IIGS programmer names them: `BB/AAAA`, and `SEGNAME+$OFFSET` from the
load segments the System Loader placed (`toolbox.loader`: the launched program and
everything InitialLoad or LoadSegNum brought in), with the OMF segment names.

The traces, the profile and the monitor (`system.trace`, `system.profile`, `system.monitor`)
all print addresses through `Symbols.describe`, and the monitor and `--break` read them
through `Symbols.resolve`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

BANK_ADDRESS = re.compile(r"^\$?([0-9A-Fa-f]{1,2})/([0-9A-Fa-f]{1,4})$")
LONG_ADDRESS = re.compile(r"^\$?([0-9A-Fa-f]{1,6})$")
SEGMENT_OFFSET = re.compile(r"^([^+\s]+)(?:\+\$?([0-9A-Fa-f]{1,6}))?$")


@dataclass(frozen=True)
class PlacedSegment:
    """One load segment in memory."""
    name: str
    address: int
    length: int
    kind: int
    user_id: int
    segnum: int

    def holds(self, address: int) -> bool:
        return self.address <= address < self.address + max(self.length, 1)


def bank_text(address: int) -> str:
    """`BB/AAAA`, the IIGS monitor's spelling of a 24-bit address."""
    return f"{(address >> 16) & 0xFF:02X}/{address & 0xFFFF:04X}"


class Symbols:
    """The segments of the files the System Loader holds, looked up both ways."""

    def __init__(self, machine: Any) -> None:
        self.machine = machine
        self._key: tuple = ()
        self._segments: list[PlacedSegment] = []

    def segments(self) -> list[PlacedSegment]:
        """Every placed segment, lowest address first (recomputed when the loader's
        books change: a dynamic segment loaded or unloaded)."""
        files = self.machine.tb.loader.files
        key = tuple((uid, tuple(sorted((n, p.address) for n, p in lf.placed.items())))
                    for uid, lf in files.items())
        if key != self._key:
            found = []
            for uid, lf in files.items():
                for segnum, placed in lf.placed.items():
                    seg = lf.segments.get(segnum)
                    if seg is None:
                        continue
                    found.append(PlacedSegment(seg.name.strip() or f"seg{segnum}",
                                               placed.address, seg.length, seg.kind,
                                               lf.user_id, segnum))
            self._segments = sorted(found, key=lambda s: s.address)
            self._key = key
        return self._segments

    def segment_at(self, address: int) -> PlacedSegment | None:
        for seg in self.segments():
            if seg.holds(address):
                return seg
        return None

    def label(self, address: int) -> str:
        """`NAME+$OFFS` for an address inside a load segment, else ""."""
        seg = self.segment_at(address & 0xFFFFFF)
        if seg is None:
            return ""
        offset = (address & 0xFFFFFF) - seg.address
        return seg.name if offset == 0 else f"{seg.name}+${offset:04X}"

    def describe(self, address: int) -> str:
        """`BB/AAAA` with the segment label after it when there is one."""
        label = self.label(address)
        return bank_text(address) + (f" ({label})" if label else "")

    def resolve(self, text: str, bank: int | None = None) -> int:
        """`BB/AAAA`, `$BBAAAA` (or a bare hex address, in `bank` when it has four
        digits or fewer and a bank is given), `SEGNAME` or `SEGNAME+OFFSET` (hex).
        ValueError naming what is wrong."""
        text = text.strip()
        match = BANK_ADDRESS.match(text)
        if match:
            return (int(match.group(1), 16) << 16) | int(match.group(2), 16)
        match = LONG_ADDRESS.match(text)
        if match and (text.startswith("$") or not self._named(text)):
            value = int(match.group(1), 16)
            if bank is not None and len(match.group(1)) <= 4:
                value |= bank << 16
            return value
        match = SEGMENT_OFFSET.match(text)
        if match:
            seg = self._named(match.group(1))
            if seg is not None:
                offset = int(match.group(2), 16) if match.group(2) else 0
                if offset >= max(seg.length, 1):
                    raise ValueError(f"{text}: offset ${offset:X} is past the end of "
                                     f"segment {seg.name} (${seg.length:X} bytes)")
                return seg.address + offset
        names = ", ".join(s.name for s in self.segments()) or "none loaded"
        raise ValueError(f"{text!r} is neither BB/AAAA nor SEGNAME+OFFSET "
                         f"(segments: {names})")

    def _named(self, name: str) -> PlacedSegment | None:
        for seg in self.segments():
            if seg.name.lower() == name.lower():
                return seg
        return None
