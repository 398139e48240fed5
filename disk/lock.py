"""One writer a disk: an advisory lock beside the image (issue 44).

A session holds the whole image in memory and every save writes it whole
(`iigs.hostfile.atomic_write`), so two processes writing one disk would undo each other's saves.
A process that may write the disk therefore first takes an exclusive `flock(2)`
on a small lock file beside the real image (symlinks followed, as saves are):
`.GinKing.po.lock` beside `GinKing.po`, holding the holder's process ID so that
others can name it. A second writer finds the lock held and is told who holds it
(`InUse`); the disk then opens read-only for it (`disk.recovery`), or `gin-king
disk put` refuses (`disk.cli`).

Readers (`gin-king disk ls|get|info|check`) take the lock shared while they read
the image: they never wait for a writer (a game session may last hours) but open
read-only and leave temporaries alone while one holds the disk; a writer waits
for readers at most READER_WAIT_S, as they finish in moments.

Why flock on a file of its own:
- the OS frees the lock when its holder dies, even by SIGKILL: no stale lock;
- the image itself is replaced by a rename at every save, so a lock on it would
  sit on a file no longer at the path;
- the descriptor is close-on-exec: a program the holder starts does not keep it.

The last holder to let go removes the lock file, so nothing is left beside the disk
between sessions (one killed leaves it; the next session takes it over). That is
safe because a lock counts only on the file that is at the path: the file is
removed only by a holder that has it exclusively, and whoever locks a file checks,
once locked, that it is still the one at the path, and otherwise locks again
(`_is_at`). No temporary sweep matches the name (`.NAME.*.tmp`).

The lock is the process's: opening one disk twice in one process (a program that
opens it again, the tests) shares one lock (`DiskLock.count`), released when the
last holder lets go. A file system without flock (`ENOLCK`, `EOPNOTSUPP`) gets no
lock, and the disk is used as before the lock existed.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import stat
import threading
import time
import weakref
from pathlib import Path
from typing import Any

from disk.errors import DiskError, one_line
from iigs.hostfile import HASH_DIGITS, NAME_BYTES, kind_of

LOCK_SUFFIX = ".lock"
NAME_MAX = 255               # bytes in a file name (POSIX NAME_MAX on Linux)
READER_WAIT_S = 3.0          # a writer waits this long at most for readers to finish
POLL_S = 0.01
RELEASE_GRACE_S = 0.25       # longer than a reader's letting go, shorter than a writer's hold
PID_BYTES = 32               # the holder's process ID and a newline; more is not read
RELOCK_TRIES = 100           # lock files removed under us in a row before giving up

_held: dict[str, "DiskLock"] = {}       # lock file -> this process's exclusive lock
_held_guard = threading.Lock()
_volume_holds: "weakref.WeakKeyDictionary[Any, weakref.finalize]" = weakref.WeakKeyDictionary()


class LockRefused(DiskError):
    """The disk's lock cannot be had. `reason` completes "open read-only (...)"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InUse(LockRefused):
    """Another process writes the disk (`pid` when it said so), or readers kept it
    past READER_WAIT_S (`holder` says which)."""

    def __init__(self, pid: int | None, holder: str | None = None) -> None:
        self.pid = pid
        self.holder = holder or ("another session" + (f" (pid {pid})" if pid else ""))
        super().__init__(f"it is in use by {self.holder}")


def lock_path(real: str | os.PathLike) -> Path:
    """The lock file of the image at `real` (a path with its links followed):
    `.NAME.lock` beside it; for a name too long for that to fit NAME_MAX (255 bytes),
    `.NAME.HASH.lock` with NAME cut as a temporary's is (`iigs.hostfile.NAME_BYTES`)."""
    real = Path(real)
    name = os.fsencode(real.name)
    if len(name) + len(LOCK_SUFFIX) + 1 <= NAME_MAX:
        return real.with_name(f".{real.name}{LOCK_SUFFIX}")
    digest = hashlib.sha256(name).hexdigest()[:HASH_DIGITS]
    return real.with_name(f".{os.fsdecode(name[:NAME_BYTES])}.{digest}{LOCK_SUFFIX}")


class DiskLock:
    """A flock held on a disk's lock file: exclusive (a writer) or shared (a reader)."""

    def __init__(self, path: Path, fd: int, exclusive: bool) -> None:
        self.path = path
        self.fd: int | None = fd
        self.exclusive = exclusive
        self.count = 1                 # holders in this process (exclusive locks)

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self) -> None:
        """Let go once; the last holder closes the file, which frees the lock."""
        with _held_guard:
            if self.fd is None:
                return
            self.count -= 1
            if self.count > 0:
                return
            if _held.get(str(self.path)) is self:
                del _held[str(self.path)]
            fd, self.fd = self.fd, None
        _let_go(self.path, fd)

    def __enter__(self) -> "DiskLock":
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def claim(real: str | os.PathLike, *, write: bool,
          reader_wait: float = READER_WAIT_S) -> DiskLock | None:
    """Lock the disk whose image is (or will be) at `real`, links followed.

    `write`: exclusively, waiting up to `reader_wait` seconds for readers, never for
    a writer. Otherwise shared, never waiting. Returns the lock, or None where the
    file system has no locks; raises InUse when another process holds the disk, and
    LockRefused when the lock file cannot be used (it is a link, a folder, ...)."""
    path = lock_path(real)
    with _held_guard:
        mine = _held.get(str(path))
        if mine is not None:      # this process writes it already: a reader or a
            mine.count += 1       # second writer here shares that lock
            return mine
    for _ in range(RELOCK_TRIES):
        fd = _open_lock_file(path)
        try:
            if not _flock(fd, write, reader_wait):
                os.close(fd)
                return None
        except BaseException:
            os.close(fd)
            raise
        if _is_at(path, fd):
            break
        os.close(fd)              # its holder removed it as we locked it: lock anew
    else:
        raise InUse(None)
    lock = DiskLock(path, fd, write)
    if write:
        _say_pid(fd)
        with _held_guard:
            _held[str(path)] = lock
    return lock


def _open_lock_file(path: Path) -> int:
    """The lock file's descriptor, made if missing (mode 0666 less the umask, so any
    user who may write the disk may lock it). Never follows a link, never waits on a
    FIFO; read-only when this user may not write it (flock needs no write access)."""
    common = os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    try:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | common, 0o666)
        except PermissionError:
            fd = os.open(path, os.O_RDONLY | common)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise LockRefused(f"its lock file {one_line(path)} is a symbolic link") from None
        if err.errno == errno.EISDIR:
            raise LockRefused(f"its lock file {one_line(path)} is a folder") from None
        raise LockRefused(f"its lock file {one_line(path)} cannot be opened: "
                          f"{err.strerror or err}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise LockRefused(f"its lock file {one_line(path)} is {kind_of(st)}")
    return fd


def _flock(fd: int, exclusive: bool, reader_wait: float) -> bool:
    """Take the lock on `fd`; False where the file system has none. A writer that
    finds only readers (a shared lock can still be had) tries again until
    `reader_wait` has passed. One that finds a writer gives up, after RELEASE_GRACE_S:
    a reader letting go holds the lock exclusively for an instant (`_let_go`), and
    must not be taken for a writer."""
    start = time.monotonic()
    wanted = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
    while True:
        try:
            fcntl.flock(fd, wanted | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            pass
        except OSError:                   # ENOLCK, EOPNOTSUPP, ...: no locks here
            return False
        waited = time.monotonic() - start
        if not exclusive or _held_exclusively(fd):
            if waited >= RELEASE_GRACE_S:
                raise InUse(_holder_pid(fd))
        elif waited >= reader_wait:
            raise InUse(None, "another program reading it")
        time.sleep(POLL_S)


def _held_exclusively(fd: int) -> bool:
    """Does another holder have the lock on `fd` exclusively (not shared)?"""
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    fcntl.flock(fd, fcntl.LOCK_UN)
    return False


def _is_at(path: Path, fd: int) -> bool:
    """Is the file open at `fd` the one at `path` (not one a last holder removed)?"""
    try:
        here = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    st = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (st.st_dev, st.st_ino)


def _let_go(path: Path, fd: int) -> None:
    """Close the lock file, removing it first when no one else holds it (a writer
    holds it alone already; a reader only when it can have it exclusively)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if _is_at(path, fd):
            os.unlink(path)
    except OSError:                       # held by another reader, or not ours to remove
        pass
    finally:
        os.close(fd)


def _say_pid(fd: int) -> None:
    """Write this process's ID into the lock file: written over the old one, then cut
    to length, so the first line a reader sees is always a whole ID."""
    text = f"{os.getpid()}\n".encode()
    try:
        os.pwrite(fd, text, 0)
        os.ftruncate(fd, len(text))
    except OSError:                       # opened read-only: the holder goes unnamed
        pass


def _holder_pid(fd: int) -> int | None:
    """The process ID the holder wrote, or None."""
    try:
        first = os.pread(fd, PID_BYTES, 0).split(b"\n", 1)[0]
        pid = int(first)
    except (OSError, ValueError):
        return None
    return pid if pid > 0 else None


# -- a lock held for as long as a volume is in use -----------------------------------------

def hold(volume: Any, lock: DiskLock | None) -> None:
    """Keep `lock` while `volume` lives: released by `release(volume)`, when the
    volume is collected, or at exit (the OS frees it at any rate when the process
    ends)."""
    if lock is not None:
        _volume_holds[volume] = weakref.finalize(volume, lock.release)


def release(volume: Any) -> None:
    """The session on `volume` has ended: let its disk go (nothing if it held none)."""
    done = _volume_holds.pop(volume, None)
    if done is not None:
        done()


def holds(volume: Any) -> bool:
    """Does `volume` hold its disk's lock?"""
    done = _volume_holds.get(volume)
    return done is not None and done.alive
