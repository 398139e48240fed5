"""What a disk image path on the host is, judged before anything opens it.

Follows POSIX `stat(2)` (the file type bits of `st_mode`) and `access(2)`. A path named
as a disk (`--disk PATH`) must be a regular file, or not exist yet; anything else —
a character or block device, a FIFO, a socket, a folder — is refused with one line
saying what it is, before it is opened (opening a FIFO would wait for a writer for
good) and without creating, moving or writing anything. A file larger than the
largest ProDOS volume (65,535 blocks; 32 MB with a 2IMG header) cannot be a disk and
is refused untouched, so no time goes into reading or setting aside a huge file.

A regular file whose mode has no write bit, or that this user may not write, or whose
folder cannot take the new copy an atomic save renames into place, is opened
read-only. Root may write any file whatever its mode, so the mode bits are asked
as well as `os.access`: an image made read-only with `chmod a-w` stays read-only for
root too.

A path ending in `.bram` is refused as a disk: that is the name of the battery RAM kept
beside a disk (`iigs.bram`), which would otherwise be the disk itself (issue 44).

The same judging serves the other files the host keeps (the battery RAM): a `FileRole`
names what the file is for, the largest it may be and what is done when it is refused.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from disk.errors import DiskError

MAX_IMAGE_BYTES = 32 * 1024 * 1024     # 65,535 blocks of 512 and a 2IMG header fit
ANY_WRITE_BIT = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH

# What a path is that is not a regular file, by its stat(2) file type.
KIND_NAMES = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


BATTERY_RAM_SUFFIX = ".bram"          # the battery RAM beside a disk (iigs.bram)


class PathRefused(DiskError):
    """The path cannot hold the file it was named for; nothing was touched."""


class ImagePathRefused(PathRefused):
    """The path cannot hold a disk image; nothing was touched."""


@dataclass(frozen=True)
class FileRole:
    """What a host file is named for: `noun` ('a disk image'), the largest it may be,
    why a larger one cannot be it, what was done when it is refused, and the exception
    that says so."""
    noun: str
    max_bytes: int
    too_big: str
    done: str
    refused: type[PathRefused]


DISK_IMAGE = FileRole("a disk image", MAX_IMAGE_BYTES,
                      "larger than a ProDOS volume can be (32 MB)",
                      "nothing was changed", ImagePathRefused)


def printable(path: str | os.PathLike) -> str:
    """`path` for a one-line message: control characters (a newline in a name) escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))


def kind_of(st: os.stat_result) -> str:
    """'a regular file', 'a folder', 'a character device', ... for a stat result."""
    for test, name in KIND_NAMES:
        if test(st.st_mode):
            return name
    if stat.S_ISREG(st.st_mode):
        return "a regular file"
    return "not a regular file"


@dataclass(frozen=True)
class ImagePath:
    """A disk image path that passed the checks.

    `real` is where the bytes live (symlinks followed): saves go beside it, so a link
    stays a link. `exists` is False for an image still to be made; `missing_folder`
    names the folder that must be made for it (None when it is there).
    `read_only` says why the image must not be written (None: it may be)."""
    given: Path
    real: Path
    exists: bool
    size: int = 0
    read_only: str | None = None
    missing_folder: Path | None = None


def refuse_kind(path: Path, st: os.stat_result, role: FileRole = DISK_IMAGE) -> None:
    """role.refused unless `st` (the stat of `path`) is a regular file no larger than
    `role` allows (a disk image: the size a ProDOS volume can have)."""
    if not stat.S_ISREG(st.st_mode):
        raise role.refused(f"{path} is {kind_of(st)}, not {role.noun}; {role.done}")
    if st.st_size > role.max_bytes:
        raise role.refused(f"{path} is {st.st_size:,} bytes, {role.too_big}; {role.done}")


def read_only_reason(real: Path, st: os.stat_result) -> str | None:
    """Why the regular file `real` (stat `st`) must not be written, or None."""
    if not st.st_mode & ANY_WRITE_BIT:
        return "its mode has no write permission"
    if not os.access(real, os.W_OK):
        return "this user may not write it"
    if not os.access(real.parent, os.W_OK | os.X_OK):
        return f"its folder {real.parent} cannot be written"
    return None


def check_image_path(path: str | os.PathLike, st: os.stat_result | None = None) -> ImagePath:
    """Judge `path` as a disk image without opening it.

    `st` is the path's stat result when the caller has one (tests hand it a made-up
    one to stand for a device); otherwise `os.stat` is asked, which follows
    symlinks and never opens the file. Raises ImagePathRefused for what cannot be
    a disk image."""
    given = Path(path)
    if given.suffix.lower() == BATTERY_RAM_SUFFIX:
        raise ImagePathRefused(f"{given} ends in {BATTERY_RAM_SUFFIX}, the name of the "
                               "battery RAM kept beside a disk, not of a disk image; "
                               "nothing was changed")
    if st is None:
        try:
            st = os.stat(given)
        except FileNotFoundError:
            return _not_there_yet(given)
        except NotADirectoryError:
            raise ImagePathRefused(f"{given}: a folder on the way is a file; "
                                   "nothing was changed") from None
        except OSError as err:
            raise ImagePathRefused(f"{given}: {err.strerror or err}; "
                                   "nothing was changed") from None
    refuse_kind(given, st)
    real = Path(os.path.realpath(given))
    return ImagePath(given, real, True, st.st_size, read_only_reason(real, st))


def _not_there_yet(given: Path) -> ImagePath:
    """A path with nothing at it (or a symlink to nothing): the image will be made at
    the real path; its folder, when missing, too."""
    real = Path(os.path.realpath(given))
    folder = real.parent
    # the nearest folder that exists must be a folder, and writable
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise ImagePathRefused(f"{given}: {existing} is {kind_of(os.stat(existing))}, "
                               "not a folder; nothing was changed")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise ImagePathRefused(f"{given}: the folder {existing} cannot be written; "
                               "nothing was changed")
    return ImagePath(given, real, False,
                     missing_folder=None if folder.is_dir() else folder)


def read_image(image: ImagePath) -> bytearray:
    """The bytes of the checked image (`read_checked`). A file that cannot be read is
    refused (it may well be a disk: it must not be taken for a damaged one and set
    aside)."""
    return read_checked(image.given, image.real, DISK_IMAGE)


def read_checked(given: Path, real: Path, role: FileRole = DISK_IMAGE) -> bytearray:
    """The bytes of `real` (the file `given` names, links followed), at most
    role.max_bytes + 1 of them. Opened without waiting (O_NONBLOCK) and checked again
    on the open file (`refuse_kind`), so a path swapped for a FIFO or a device since it
    was judged is refused too, never waited on or read; role.refused when it cannot
    be opened or read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(real, flags)
    except OSError as err:
        raise role.refused(f"cannot read {given}: {err.strerror or err}; "
                           f"{role.done}") from err
    try:
        refuse_kind(given, os.fstat(fd), role)
        with os.fdopen(os.dup(fd), "rb") as f:
            return bytearray(f.read(role.max_bytes + 1))
    except OSError as err:
        raise role.refused(f"cannot read {given}: {err.strerror or err}; "
                           f"{role.done}") from err
    finally:
        os.close(fd)
