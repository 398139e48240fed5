"""What can go wrong with the disk, as exceptions (ProDOS error numbers where they have one)."""
from __future__ import annotations

import errno

# A message's text on one line, control characters escaped: the host files' routine.
from iigs.hostfile import printable as one_line  # noqa: F401 (disk's callers use it)


class DiskError(Exception):
    """The image cannot be used: it does not open or its structure is damaged."""


class VolumeFull(OSError):
    """No free blocks for the change (ProDOS error $48)."""

    def __init__(self, message: str = "volume full") -> None:
        super().__init__(errno.ENOSPC, message)


class VolumeDirectoryFull(VolumeFull):
    """The volume directory has no free entry; it never grows (ProDOS error $49)."""


class DamagedFile(OSError):
    """A file whose blocks cannot be followed on a damaged disk: an index past the end
    of the volume, an EOF beyond its blocks (ProDOS answers I/O error $27)."""

    def __init__(self, reason: str) -> None:
        super().__init__(errno.EIO, reason)


class WriteProtected(OSError):
    """The volume is open read-only; nothing may change (ProDOS error $2B)."""

    def __init__(self, reason: str = "the disk is read-only") -> None:
        super().__init__(errno.EROFS, reason)
