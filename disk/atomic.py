"""Replacing a disk image on the host atomically.

The image is written whole to a temporary file in the same directory, fsync'd,
renamed over the real one with `os.replace` (atomic within one POSIX file system),
and the directory is fsync'd so the rename itself survives a power cut. A process
killed at any moment therefore leaves either the old image or the new one at the
path, never a mixture; at worst it leaves a stale temporary, which the next open
removes.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def temp_prefix(path: Path) -> str:
    """Temporaries are hidden (dot) and named after their target."""
    return f".{path.name}."


def atomic_write(path: str | os.PathLike, data: bytes | bytearray | memoryview) -> None:
    """Put `data` at `path` so that a crash leaves the old or the new contents."""
    path = Path(path)
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=temp_prefix(path),
                                     suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    fsync_directory(directory)


def fsync_directory(directory: Path) -> None:
    """Make a rename in `directory` durable (a no-op where directories can't be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temporaries(path: str | os.PathLike) -> list[Path]:
    """Delete temporaries a killed writer left beside `path`; return what went."""
    path = Path(path)
    removed = []
    if not path.parent.is_dir():
        return removed
    for candidate in path.parent.glob(temp_prefix(path) + "*" + TEMP_SUFFIX):
        try:
            candidate.unlink()
            removed.append(candidate)
        except OSError:
            pass
    return removed
