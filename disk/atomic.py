"""Replacing a disk image on the host atomically.

The image is written whole to a temporary file in the same directory, fsync'd,
renamed over the real one with `os.replace` (atomic within one POSIX file system),
and the directory is fsync'd so the rename itself survives a power cut. A process
killed at any moment therefore leaves either the old image or the new one at the
path, never a mixture; at worst it leaves a stale temporary, which the next open
removes.

A symlink is followed: the new image is renamed over the file the link points to
(beside it, so the rename stays within one file system), and the link stays a
link. The new file takes the old one's permission bits and, where the user may set
them, its owner and group; an image made for the first time gets the mode any new
file gets here (0666 less the umask), not `mkstemp`'s private 0600.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def temp_prefix(path: Path) -> str:
    """Temporaries are hidden (dot) and named after their target."""
    return f".{path.name}."


def atomic_write(path: str | os.PathLike, data: bytes | bytearray | memoryview) -> None:
    """Put `data` at `path` so that a crash leaves the old or the new contents."""
    path = Path(os.path.realpath(path))            # a link's target, not the link
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=temp_prefix(path),
                                     suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            keep_attributes(out.fileno(), path)
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    fsync_directory(directory)


def new_file_mode() -> int:
    """The mode open(2) gives a new file: 0666 less the process's umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def keep_attributes(fd: int, original: Path) -> None:
    """Give the open temporary `fd` the mode (and owner and group, where allowed) of
    the file it will replace; a new file's usual mode when there is none."""
    try:
        st = os.stat(original)
    except OSError:
        os.fchmod(fd, new_file_mode())
        return
    try:
        os.fchown(fd, st.st_uid, st.st_gid)
    except OSError:                 # only root may give a file away: keep ours
        pass
    os.fchmod(fd, stat.S_IMODE(st.st_mode))    # after chown, which clears set-id bits


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
    """Delete temporaries a killed writer left beside `path` (beside the file a link
    points to); return what went."""
    path = Path(os.path.realpath(path))
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
