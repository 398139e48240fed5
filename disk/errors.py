"""What can go wrong with the disk, as exceptions (ProDOS error numbers where they have one)."""
from __future__ import annotations

import errno


class DiskError(Exception):
    """The image cannot be used: it does not open or its structure is damaged."""


class VolumeFull(OSError):
    """No free blocks for the change (ProDOS error $48)."""

    def __init__(self, message: str = "volume full") -> None:
        super().__init__(errno.ENOSPC, message)


class VolumeDirectoryFull(VolumeFull):
    """The volume directory has no free entry; it never grows (ProDOS error $49)."""


class WriteProtected(OSError):
    """The volume is open read-only; nothing may change (ProDOS error $2B)."""

    def __init__(self, reason: str = "the disk is read-only") -> None:
        super().__init__(errno.EROFS, reason)


def shown(path: object) -> str:
    """A path as it goes into a one-line message: control characters escaped, so a
    newline in a file name cannot break the line."""
    text = str(path)
    return text if text.isprintable() else repr(text)[1:-1]
