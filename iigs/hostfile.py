"""The host's files: what a path is, judged before anything opens it, and files
replaced atomically.

Follows POSIX `stat(2)` (the file type bits of `st_mode`), `open(2)` and `access(2)`.
Opening a FIFO waits for a writer (or a reader) for good and a device may never end, so
a path is stat'ed before anything opens it: what is not a regular file is refused with
one line saying what it is (`kind_of`), and nothing is read, written or made. Reads and
writes then open without waiting (O_NONBLOCK) and check the open file again, so a path
swapped for a FIFO since the check is refused too. Every refusal is a HostPathRefused.

Two ways of judging share those checks:

- the runners' files (a load file, a script, a PNG): `read_file`, `write_file`. A file
  to write may be missing (it is made); its folder must be there, unless the caller
  makes missing folders (a script's `screenshot shots/a.png`), in which case the
  nearest folder that is there must be a folder this user may write. Paths are shown
  with control characters escaped (`shown`), so a newline in a name cannot break an
  error line in two.
- the files kept beside a disk (the disk image itself, `disk.host_path`; the battery
  RAM, `iigs.bram`): a `FileRole` names what the file is for, the largest it may be,
  what is done when it is refused and the exception that says so (`refuse_kind`,
  `read_checked`, `read_only_reason`, `printable`). A regular file whose mode has no
  write bit, or that this user may not write, or whose folder cannot take the new copy
  an atomic save renames into place, must not be written. Root may write any file
  whatever its mode, so the mode bits are asked as well as `os.access`.

Such a file is replaced atomically (`atomic_write`): written whole to a temporary file
in the same directory, fsync'd, renamed over the real one with `os.replace` (atomic
within one POSIX file system), and the directory is fsync'd so the rename itself
survives a power cut. A process killed at any moment therefore leaves either the old
file or the new one at the path, never a mixture; at worst it leaves a stale temporary,
which the next open removes (`remove_stale_temporaries`).

A temporary is named `.NAME.gin-king-HASH-RAND.tmp`: hidden, the target's name (cut to
200 bytes, so the whole fits NAME_MAX, 255 bytes, whatever the target is called), the
program's own marker `gin-king-`, the first 16 hex digits of the SHA-256 of the
target's full name, and 8 random hex digits. Only a regular file whose name matches
that pattern exactly, hash included, is ever removed as stale: a user's own
`.GinKing.po.notes.tmp` is never touched.

A symlink is followed: the new file is renamed over the file the link points to
(beside it, so the rename stays within one file system), and the link stays a
link. The new file takes the old one's permission bits and, where the user may set
them, its owner and group; a file made for the first time gets the mode any new
file gets here (0666 less the umask), not `mkstemp`'s private 0600.
"""
from __future__ import annotations

import hashlib
import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
ANY_WRITE_BIT = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH

# What a path is that is not a regular file, by its stat(2) file type.
KIND_NAMES = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


class HostPathRefused(Exception):
    """The path cannot be read or written as asked; nothing was touched. The message
    names the path and what is wrong; the caller says what it did about it."""


def kind_of(st: os.stat_result) -> str:
    """'a regular file', 'a folder', 'a character device', ... for a stat result."""
    for test, name in KIND_NAMES:
        if test(st.st_mode):
            return name
    if stat.S_ISREG(st.st_mode):
        return "a regular file"
    return "not a regular file"


def shown(path: str | os.PathLike) -> str:
    """`path` for an error line: as it is, or quoted with each control or other
    unprintable character escaped (printable) when it holds one, so the reader sees
    where the odd name begins and ends."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    return text if text.isprintable() else f"'{printable(text)}'"


def _stat(path: Path) -> os.stat_result | None:
    """os.stat of `path`, None when nothing is there; HostPathRefused when the path
    cannot be looked at (a file on the way, no permission, a name too long)."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise HostPathRefused(f"{shown(path)}: a folder on the way is a file") from None
    except (OSError, ValueError) as err:       # ValueError: a NUL in the name
        raise HostPathRefused(f"{shown(path)}: {_why(err)}") from None


def _why(err: Exception) -> str:
    return (getattr(err, "strerror", None) or str(err)).lower()


def check_readable(path: str | os.PathLike, what: str, limit: int) -> int:
    """HostPathRefused unless `path` is a regular file of at most `limit` bytes
    (`what` names what it should be: "a load file", "a script"); returns its size."""
    path = Path(path)
    st = _stat(path)
    if st is None:
        raise HostPathRefused(f"{shown(path)}: no such file")
    _refuse_kind(path, st, what)
    if st.st_size > limit:
        raise HostPathRefused(f"{shown(path)} is {st.st_size:,} bytes, more than "
                              f"{what} can be ({limit:,})")
    return st.st_size


def _refuse_kind(path: Path, st: os.stat_result, what: str) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise HostPathRefused(f"{shown(path)} is {kind_of(st)}, not {what}")


def read_file(path: str | os.PathLike, what: str, limit: int) -> bytes:
    """The bytes of the regular file `path` (judged by `check_readable` first)."""
    path = Path(path)
    check_readable(path, what, limit)
    try:
        fd = os.open(path, os.O_RDONLY | NONBLOCK)
    except OSError as err:
        raise HostPathRefused(f"cannot read {shown(path)}: {_why(err)}") from None
    try:
        _refuse_kind(path, os.fstat(fd), what)
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(limit + 1)
    except OSError as err:
        raise HostPathRefused(f"cannot read {shown(path)}: {_why(err)}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise HostPathRefused(f"{shown(path)} is more than {what} can be ({limit:,} bytes)")
    return data


def check_writable(path: str | os.PathLike, what: str, make_folders: bool = False) -> None:
    """HostPathRefused unless `path` can take `what` ("a PNG file"): a regular file, or
    nothing yet in a folder this user may write (with `make_folders`, the nearest
    folder that is there)."""
    path = Path(path)
    st = _stat(path)
    if st is not None:
        _refuse_kind(path, st, what)
        if not os.access(path, os.W_OK):
            raise HostPathRefused(f"{shown(path)} cannot be written")
        return
    folder = Path(os.path.abspath(path)).parent
    if not make_folders:
        st = _stat(folder)
        if st is None:
            raise HostPathRefused(f"{shown(path)}: the folder {shown(folder)} "
                                  "does not exist")
    else:
        while (st := _stat(folder)) is None and folder != folder.parent:
            folder = folder.parent
    if st is None or not stat.S_ISDIR(st.st_mode):
        raise HostPathRefused(f"{shown(path)}: {shown(folder)} is "
                              f"{kind_of(st) if st else 'missing'}, not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise HostPathRefused(f"{shown(path)}: the folder {shown(folder)} "
                              "cannot be written")


def write_file(path: str | os.PathLike, data: bytes, what: str,
               make_folders: bool = False) -> None:
    """Write `data` to `path` (judged by `check_writable` first), making its missing
    folders when asked."""
    path = Path(path)
    check_writable(path, what, make_folders)
    try:
        if make_folders:
            path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NONBLOCK, 0o666)
    except OSError as err:
        raise HostPathRefused(f"cannot write {shown(path)}: {_why(err)}") from None
    try:
        _refuse_kind(path, os.fstat(fd), what)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError as err:
        raise HostPathRefused(f"cannot write {shown(path)}: {_why(err)}") from None
    finally:
        os.close(fd)


# -- files kept beside a disk (a FileRole) ----------------------------------------


@dataclass(frozen=True)
class FileRole:
    """What a host file is named for: `noun` ('a disk image'), the largest it may be,
    why a larger one cannot be it, what was done when it is refused, and the exception
    that says so."""
    noun: str
    max_bytes: int
    too_big: str
    done: str
    refused: type[HostPathRefused]


def printable(path: str | os.PathLike) -> str:
    """`path` (or a whole message) for one line: each control or other unprintable
    character (a newline in a name) escaped as Python writes it ("\\n", "\\x1b")."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))


def refuse_kind(path: Path, st: os.stat_result, role: FileRole) -> None:
    """role.refused unless `st` (the stat of `path`) is a regular file no larger than
    `role` allows."""
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


def read_checked(given: Path, real: Path, role: FileRole) -> bytearray:
    """The bytes of `real` (the file `given` names, links followed), at most
    role.max_bytes + 1 of them. Opened without waiting (O_NONBLOCK) and checked again
    on the open file (`refuse_kind`), so a path swapped for a FIFO or a device since it
    was judged is refused too, never waited on or read; role.refused when it cannot
    be opened or read."""
    try:
        fd = os.open(real, os.O_RDONLY | NONBLOCK)
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


# -- replacing a file atomically ---------------------------------------------------

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
