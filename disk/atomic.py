"""Replacing a disk image on the host atomically.

The image is written whole to a temporary file in the same directory, fsync'd,
renamed over the real one with `os.replace` (atomic within one POSIX file system),
and the directory is fsync'd so the rename itself survives a power cut. A process
killed at any moment therefore leaves either the old image or the new one at the
path, never a mixture; at worst it leaves a stale temporary, which the next open
removes.

A temporary is named `.NAME.gin-king-HASH-RAND.tmp`: hidden, the target's name (cut to
200 bytes, so the whole fits NAME_MAX, 255 bytes, whatever the target is called), the
program's own marker `gin-king-`, the first 16 hex digits of the SHA-256 of the
target's full name, and 8 random hex digits. Only a regular file whose name matches
that pattern exactly, hash included, is ever removed as stale: a user's own
`.GinKing.po.notes.tmp` is never touched.

A symlink is followed: the new image is renamed over the file the link points to
(beside it, so the rename stays within one file system), and the link stays a
link. The new file takes the old one's permission bits and, where the user may set
them, its owner and group; an image made for the first time gets the mode any new
file gets here (0666 less the umask), not `mkstemp`'s private 0600.
"""
from __future__ import annotations

import hashlib
import os
import re
import secrets
import stat
from pathlib import Path

TEMP_MARKER = "gin-king-"
TEMP_SUFFIX = ".tmp"
NAME_BYTES = 200          # of the target's name; the rest of the name takes 40 bytes
HASH_DIGITS = 16
RANDOM_DIGITS = 8


def temp_stem(path: Path) -> str:
    """What every temporary of `path` begins with: `.NAME.gin-king-HASH-` (NAME cut
    to NAME_BYTES bytes, whole characters or not: the bytes stay the name's own)."""
    name = os.fsencode(path.name)
    digest = hashlib.sha256(name).hexdigest()[:HASH_DIGITS]
    return f".{os.fsdecode(name[:NAME_BYTES])}.{TEMP_MARKER}{digest}-"


def temp_pattern(path: Path) -> re.Pattern[str]:
    """The exact names of `path`'s temporaries, and nothing else."""
    return re.compile(re.escape(temp_stem(path)) + f"[0-9a-f]{{{RANDOM_DIGITS}}}"
                      + re.escape(TEMP_SUFFIX))


def create_temporary(path: Path) -> tuple[int, Path]:
    """A new empty temporary beside `path`, opened for writing (mode 0600 until
    `keep_attributes`): its descriptor and path."""
    while True:
        temporary = path.with_name(temp_stem(path) + secrets.token_hex(RANDOM_DIGITS // 2)
                                   + TEMP_SUFFIX)
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), temporary
        except FileExistsError:             # 1 in 4 billion: draw again
            continue


def atomic_write(path: str | os.PathLike, data: bytes | bytearray | memoryview) -> None:
    """Put `data` at `path` so that a crash leaves the old or the new contents."""
    path = Path(os.path.realpath(path))            # a link's target, not the link
    directory = path.parent
    directory.mkdir(parents=True, exist_ok=True)
    fd, temporary = create_temporary(path)
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
    points to): regular files named exactly as `atomic_write` names them for this
    path, nothing else; return what went."""
    path = Path(os.path.realpath(path))
    pattern = temp_pattern(path)
    removed: list[Path] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        candidate = path.parent / name
        try:
            if not pattern.fullmatch(name) or not stat.S_ISREG(os.lstat(candidate).st_mode):
                continue
            candidate.unlink()
            removed.append(candidate)
        except OSError:
            pass
    return removed
