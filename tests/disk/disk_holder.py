"""A second process on a disk, for the tests of the disk lock (issue 44): it opens the
disk as a session does and then does what the test tells it on standard input, one
command a line, answering each with one line ("ok ...", or "error ..."):

    python disk_holder.py open DISK      open it as `gin-king` opens it (open_or_recover)
    python disk_holder.py game DISK      and boot GIN.KING from it, as `gin-king` does
    python disk_holder.py read DISK      hold it as `gin-king disk ls` does while it reads

    step LINE        a `gin-king --script` step (`game` only)
    put PATH TEXT    write TEXT to the file PATH on the disk and save the disk
    read PATH        the file's bytes, in hex
    release          let the disk go, as the session's end does
    quit             end (the disk goes with the process)

The first line it prints is `ready PID READONLY` (READONLY: `-`, or why), and what the
opening said goes to standard error, as `gin-king` says it.
"""
from __future__ import annotations

import os
import sys


def main(mode: str, path: str) -> None:
    import disk
    from gin_king import app
    session = None
    if mode == "read":
        volume = disk.lock.claim(os.path.realpath(path), write=False)
        print(f"ready {os.getpid()} -", flush=True)
    else:
        volume, message = disk.open_or_recover(path, app.program_bytes()
                                               if mode == "game" else None)
        if message:
            print(message, file=sys.stderr, flush=True)
        if mode == "game":
            session = app.session(volume, app.program_bytes() if volume.read_only else None)
            session.run_until_idle()
        print(f"ready {os.getpid()} {volume.read_only or '-'}", flush=True)
    for line in sys.stdin:
        command, _, rest = line.rstrip("\n").partition(" ")
        try:
            answer = run(command, rest, volume, session)
        except Exception as err:           # said to the test, which decides
            answer = f"error {type(err).__name__}: {err}"
        print(answer, flush=True)
        if command == "quit":
            break
    if session is not None:
        session.close()


def run(command: str, rest: str, volume, session) -> str:
    import disk
    if command == "step":
        from gin_king.automation import run_script
        run_script(session, rest)
        return "ok"
    if command == "put":
        name, _, text = rest.partition(" ")
        volume.write_file(name, text.encode(), 0x04, replace=True)
        volume.commit()
        return "ok"
    if command == "read":
        return "ok " + volume.read_file(rest).hex()
    if command == "release":
        if isinstance(volume, disk.lock.DiskLock):
            volume.release()                    # `read`: the lock itself
        else:
            disk.lock.release(volume)
        return "ok"
    if command == "quit":
        return "ok"
    return f"error no such command {command!r}"


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
