"""Opening the user's disk, and what happens when it is damaged.

A damaged image (one that does not open, or that a2til's checker finds fault
with) is never edited: it is copied aside untouched as
`NAME.damaged-<UTC timestamp>.EXT`, the user is told, and a fresh default disk
takes its place so the program carries on.
"""
from __future__ import annotations

import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

from disk.default import build_default
from disk.volume import DiskError, Volume


def damaged_copy_path(path: Path, when: datetime | None = None) -> Path:
    """`GinKing.po` -> `GinKing.damaged-20261121T211500Z.po` (made unique)."""
    stamp = (when or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    candidate = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    return candidate


def open_or_recover(path: str | os.PathLike,
                    program: bytes | None = None) -> tuple[Volume, str | None]:
    """Open the disk at `path`, creating it if missing.

    Returns the volume and None, or — when the disk was damaged — a fresh
    default volume and a message saying what was wrong and where the damaged
    image was kept.
    """
    path = Path(path)
    if not path.exists():
        return build_default(path, program), None
    try:
        return Volume.open(path), None
    except DiskError as err:
        problem = str(err)
    aside = damaged_copy_path(path)
    shutil.copy2(path, aside)
    volume = build_default(path, program)
    return volume, (f"The disk {path} could not be used ({problem}). "
                    f"It was kept unchanged as {aside.name}, and a new disk was made.")
