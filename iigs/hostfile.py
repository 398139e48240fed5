"""Host files the runners read (a load file, a script) or write (a PNG), judged first.

Follows POSIX `stat(2)` and `open(2)`, as `disk.host_path` does for disk images, whose
`kind_of` names what a path is. Opening a FIFO waits for a writer (or a reader) for
good and a device may never end, so a path is stat'ed before anything opens it: what
is not a regular file is refused with one line saying what it is, and nothing is read,
written or made. Reads and writes then open without waiting (O_NONBLOCK) and check the
open file again, so a path swapped for a FIFO since the check is refused too.

A file to write may be missing (it is made); its folder must be there, unless the
caller makes missing folders (a script's `screenshot shots/a.png`), in which case the
nearest folder that is there must be a folder this user may write.

Paths are shown with control characters escaped (`shown`), so a newline in a name
cannot break an error line in two.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from disk.host_path import kind_of

NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


class HostPathRefused(Exception):
    """The path cannot be read or written as asked; nothing was touched. The message
    names the path and what is wrong; the caller says what it did about it."""


def shown(path: str | os.PathLike) -> str:
    """`path` for an error line: as it is, or its repr when it holds a control or
    other unprintable character."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    return text if text.isprintable() else repr(text)


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
