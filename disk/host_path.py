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

The judging itself (what a path is, `FileRole`, reading without waiting) is the host
files' own (`iigs.hostfile`), shared with the battery RAM; this module adds what makes
a path a disk image.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from disk.errors import DiskError
from iigs.bram import BATTERY_RAM_SUFFIX
from iigs.hostfile import FileRole, HostPathRefused, kind_of, read_checked, \
    read_only_reason, refuse_kind

MAX_IMAGE_BYTES = 32 * 1024 * 1024     # 65,535 blocks of 512 and a 2IMG header fit


class PathRefused(DiskError, HostPathRefused):
    """The path cannot hold the file it was named for; nothing was touched (a disk
    error, and a host path refused)."""


class ImagePathRefused(PathRefused):
    """The path cannot hold a disk image; nothing was touched."""


DISK_IMAGE = FileRole("a disk image", MAX_IMAGE_BYTES,
                      "larger than a ProDOS volume can be (32 MB)",
                      "nothing was changed", ImagePathRefused)


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
    refuse_kind(given, st, DISK_IMAGE)
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
