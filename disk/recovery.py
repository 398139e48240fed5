"""Opening the user's disk, and what happens when it is odd, locked or damaged.

Nothing the disk path points at is harmed (issue 38):
- what cannot be a disk image (a device, a FIFO, a socket, a folder, a file larger
  than a ProDOS volume) is refused with one line, untouched (`disk.host_path`);
- a missing image is made, and a missing folder for it too, said in one line;
- a file that is no ProDOS volume at all is set aside by renaming it (never by
  copying) to `NAME.damaged-<UTC timestamp>.EXT`, and a fresh default disk takes
  its place; a read-only one is refused instead, as nothing may replace it;
- a read-only image, or one whose damage a write could make worse, opens read-only:
  the program runs from it, the user is told once that nothing will be saved, and
  the file is never written (`Volume.read_only`);
- lost blocks are harmless and open as usual (`disk check` lists them as warnings);
- one process writes a disk at a time (issue 44, `disk.lock`): the lock is taken
  before the image is read, so the holder reads the last save of whoever held it
  before; a disk another session holds opens read-only, said in one line, and is
  neither written, nor recovered, nor swept of temporaries.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from disk import lock
from disk.default import build_default
from disk.errors import DiskError, one_line
from disk.host_path import ImagePath, ImagePathRefused, check_image_path
from disk.volume import Volume

NOT_SAVED = "settings and games will not be saved"
NAME_MAX = 255                  # bytes in one file name (POSIX, Linux and macOS)
MAX_SUFFIX_BYTES = 16


def damaged_copy_path(path: Path, when: datetime | None = None) -> Path:
    """`GinKing.po` -> `GinKing.damaged-20261121T211500Z.po` (made unique; the name
    cut so that the whole fits NAME_MAX, 255 bytes, however long the image's is)."""
    stamp = (when or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    stem, suffix = path.stem, path.suffix
    if len(os.fsencode(suffix)) > MAX_SUFFIX_BYTES:        # no extension, only a dot
        stem, suffix = path.name, ""

    def named(n: int) -> Path:
        tail = f".damaged-{stamp}{f'-{n}' if n > 1 else ''}{suffix}"
        room = NAME_MAX - len(os.fsencode(tail))
        return path.with_name(os.fsdecode(os.fsencode(stem)[:room]) + tail)

    n = 1
    candidate = named(n)
    while candidate.exists() or candidate.is_symlink():
        n += 1
        candidate = named(n)
    return candidate


def read_only_notice(path: Path, volume: Volume) -> str:
    return one_line(f"The disk {path} is open read-only ({volume.read_only}); {NOT_SAVED}.")


def in_use_notice(path: Path, refusal: lock.InUse) -> str:
    return one_line(f"The disk {path} is in use by {refusal.holder}; it is open read-only; "
                    f"{NOT_SAVED}.")


def open_or_recover(path: str | os.PathLike,
                    program: bytes | None = None) -> tuple[Volume, str | None]:
    """Open the disk at `path`, creating it (and its folder) if missing.

    Returns the volume and None, or a volume and what the user should be told (one
    line each): a folder made, a read-only disk, a disk in use by another session, a
    file that was no disk kept aside under another name and a fresh default volume in
    its place. Raises ImagePathRefused, with the line to show, when the path cannot
    hold a disk. A writable volume holds the disk's lock until `disk.lock.release`
    (or the end of the process)."""
    path = Path(path)
    where = check_image_path(path)
    said = None
    if not where.exists and where.missing_folder is not None:
        where.missing_folder.mkdir(parents=True, exist_ok=True)
        said = f"Made the folder {one_line(where.missing_folder)} for the disk."
    if where.read_only:                     # never written: no lock needed
        return _open_or_make(path, where, program)
    try:
        held = lock.claim(where.real, write=True)
    except lock.LockRefused as refusal:
        return _open_held_elsewhere(path, where, refusal, program)
    try:
        where = check_image_path(path)       # as it is now: the last holder may have saved
        volume, message = _open_or_make(path, where, program)
    except BaseException:
        if held is not None:
            held.release()
        raise
    if volume.read_only and held is not None:     # damaged or locked: never written
        held.release()
    else:
        lock.hold(volume, held)
    return volume, message or said


def _open_or_make(path: Path, where: ImagePath,
                  program: bytes | None) -> tuple[Volume, str | None]:
    """Open the image (made if missing, replaced if no disk) as the one who may write it."""
    if not where.exists:
        return build_default(where.given, program), None
    try:
        volume = Volume.open(path)
    except ImagePathRefused:
        raise
    except DiskError as err:
        problem = str(err)
    else:
        return volume, read_only_notice(path, volume) if volume.read_only else None
    if where.read_only:
        raise ImagePathRefused(one_line(f"{path} is not a disk image ({problem}), and "
                                        f"{where.read_only}: nothing was changed"))
    aside = damaged_copy_path(where.real)
    os.rename(where.real, aside)          # the same folder: a rename, never a copy
    volume = build_default(where.given, program)
    kept = aside.name if aside.parent == path.parent else str(aside)
    return volume, one_line(f"The disk {path} could not be used ({problem}). "
                            f"It was kept unchanged as {kept}, and a new disk was made.")


def _open_held_elsewhere(path: Path, where: ImagePath, refusal: lock.LockRefused,
                         program: bytes | None) -> tuple[Volume, str]:
    """The disk as another session left it, read-only: never written, recovered or
    swept. Where there is no disk to read (the holder is making it, or setting a
    damaged file aside), a fresh one in memory stands in for it."""
    try:
        volume = Volume.open(path, read_only=refusal.reason)
    except DiskError:
        volume = build_default(None, program)
        volume.path, volume.read_only = where.given, refusal.reason
    if isinstance(refusal, lock.InUse):
        return volume, in_use_notice(path, refusal)
    return volume, read_only_notice(path, volume)
