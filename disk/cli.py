"""`gin-king disk`: look at and build the virtual ProDOS disk.

    gin-king disk info  [IMG]              volume name, size, free space, soundness
    gin-king disk ls    [IMG] [PATH] [-R]  a folder's entries (ProDOS catalog style)
    gin-king disk check [IMG]              the structural check; exit 1 if damaged
                                           (lost blocks are warnings: exit 0)
    gin-king disk build [IMG] [--program FILE] [--force]   a fresh /GINKING disk
    gin-king disk get   IMG PATH [-o OUT]  copy a file out (to stdout without -o)
    gin-king disk put   IMG PATH FILE [--type $5A] [--aux $0000]   copy a file in

IMG defaults to the user's disk (`disk.default_disk_path()`); a `.2mg` image (2IMG
header) works as a `.po` does. What is no disk image (a device, a FIFO, a folder...)
is refused untouched; a read-only or damaged image is looked at but `put` refuses it.
Every refusal is one line on stderr naming the image or file, the problem and what was
done about it (control characters escaped, `disk.errors.one_line`), exit status 1.
File type names follow the ProDOS file type list (Apple II File Type Notes).

A disk another session writes (`disk.lock`, issue 44) is looked at as it was last
saved, read-only (its temporaries left alone); `put` and `build --force` refuse it in
one line at once, changing nothing (they wait only for readers, a few seconds at most).
"""
from __future__ import annotations

import argparse
import struct
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from disk import lock
from disk.default import build_default, default_disk_path
from disk.errors import DiskError, VolumeFull, WriteProtected, one_line
from disk.host_path import ImagePathRefused, check_image_path
from disk.volume import FileInfo, Volume

# ProDOS file type abbreviations (Apple II File Type Notes; CiderPress2 FileTypes.cs).
TYPE_NAMES = {
    0x00: "NON", 0x04: "TXT", 0x06: "BIN", 0x0F: "DIR", 0x5A: "CFG", 0xB3: "S16",
    0xB5: "EXE", 0xB8: "NDA", 0xB9: "CDA", 0xBA: "TOL", 0xBC: "LDF", 0xC0: "PNT",
    0xC1: "PIC", 0xFF: "SYS",
}


def type_name(file_type: int) -> str:
    return TYPE_NAMES.get(file_type, f"${file_type:02X}")


def number(text: str) -> int:
    """'$5A', '0x5A' or '90'."""
    text = text.strip()
    if text.startswith("$"):
        return int(text[1:], 16)
    return int(text, 0)


class Refused(Exception):
    """A command cannot do what was asked: the whole line to print (the thing, the
    problem, what was done about it)."""


def opened(image: str | Path) -> Volume:
    """The volume at `image` to look at: as usual when no other session writes it;
    read-only, as last saved, its temporaries left alone, while one does. The lock
    is held only while the image is read: the copy in memory is ours."""
    where = check_image_path(image)
    if not where.exists or where.read_only:
        return Volume.open(image)
    try:
        held = lock.claim(where.real, write=False)
    except lock.LockRefused as refusal:
        return Volume.open(image, read_only=refusal.reason)
    try:
        return Volume.open(image)
    finally:
        if held is not None:
            held.release()


@contextmanager
def writing(image: str | Path, *, making: bool = False) -> Iterator[None]:
    """Hold the disk's lock exclusively while a command changes it (`making`: the
    image may not exist yet; its folder must). A disk another session holds raises
    Refused with the one line to show, before anything is changed."""
    where = check_image_path(image)
    held = None
    if not where.read_only and (where.exists or making):
        try:
            held = lock.claim(where.real, write=True)
        except lock.InUse as busy:
            raise Refused(f"{image} is in use by {busy.holder}; "
                          "nothing was changed") from None
        except lock.LockRefused as refusal:
            raise Refused(f"{image}: {refusal.reason}; nothing was changed") from None
    try:
        yield
    finally:
        if held is not None:
            held.release()


def format_entry(info: FileInfo, indent: str = "") -> str:
    modified = info.modified.strftime("%d-%b-%y %H:%M") if info.modified else "<no date>"
    name = one_line(info.name) + ("/" if info.is_dir else "")
    return (f"{indent}{name:<16} {type_name(info.file_type):>4} ${info.aux_type:04X} "
            f"{info.blocks_used:>5} {info.eof:>8}  {modified}  ${info.access:02X}")


def cmd_info(args: argparse.Namespace) -> int:
    volume = opened(args.image)
    files = sum(1 for _ in volume.walk())
    used = volume.total_blocks - volume.free_blocks
    print(one_line(f"/{volume.name}  {args.image}"))
    damage = volume.damage()
    state = "sound" if not damage else f"damaged: {damage[0]}"
    if len(damage) > 1:
        state += f" (and {len(damage) - 1} more: gin-king disk check lists them)"
    if volume.warnings:
        state += f"; {len(volume.warnings)} lost blocks"
    print(one_line(f"{volume.total_blocks} blocks ({volume.total_blocks // 2}K), "
                   f"{used} used, {volume.free_blocks} free; {files} files and folders; "
                   f"{state}"))
    if volume.read_only:
        print(one_line(f"{args.image}: read-only: {volume.read_only}"), file=sys.stderr)
    return 1 if damage else 0


def cmd_ls(args: argparse.Namespace) -> int:
    volume = opened(args.image)
    path = args.path.strip("/")
    prefix = volume.name + "/"
    if path.upper().startswith(prefix.upper()) or path.upper() == volume.name.upper():
        path = path[len(volume.name):].strip("/")
    if not volume.is_dir(path):
        raise Refused(f"{args.image}: there is no folder {path} on /{volume.name}; "
                      "nothing was listed")
    print(one_line(f"/{volume.name}/{path}".rstrip("/")))
    print(f"{'NAME':<16} {'TYPE':>4} {'AUX':>5} {'BLKS':>5} {'EOF':>8}  {'MODIFIED':<15}  ACC")
    entries = volume.walk(path) if args.recursive else volume.listdir(path)
    for info in entries:
        depth = info.path.count("/") - path.count("/") - (1 if path else 0)
        print(format_entry(info, "  " * depth))
    print(f"BLOCKS FREE: {volume.free_blocks}  USED: "
          f"{volume.total_blocks - volume.free_blocks}  TOTAL: {volume.total_blocks}")
    damaged = volume.damage()
    if damaged:
        print(one_line(f"{args.image}: the disk is damaged ({damaged[0]}); the listing "
                       "shows what could be read"), file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    volume = opened(args.image)
    damage = volume.damage()
    for problem in damage:
        print(one_line(f"{args.image}: {problem}"))
    for warning in volume.warnings:
        print(one_line(f"{args.image}: warning: {warning} "
                       "(a lost block: space wasted, no data lost)"))
    if not damage:
        print(one_line(f"{args.image}: /{volume.name} is sound"
                       + (f" ({len(volume.warnings)} lost blocks)" if volume.warnings
                          else "")))
    return 1 if damage else 0


def cmd_build(args: argparse.Namespace) -> int:
    image = Path(args.image)
    where = check_image_path(image)
    if where.exists and not args.force:
        raise Refused(f"{image} exists; nothing was changed (--force replaces it)")
    if where.exists and where.read_only:
        raise Refused(f"{image}: {where.read_only}; nothing was changed")
    program = read_host_file(args.program, "nothing was built") if args.program else None
    if where.missing_folder is not None:
        where.missing_folder.mkdir(parents=True)
        print(one_line(f"made the folder {where.missing_folder}"))
    with writing(image, making=True):
        volume = build_default(image, program)
    print(one_line(f"built /{volume.name} at {image}"
                   + (f" with {len(program)}-byte GIN.KING" if program else "")))
    return 0


def read_host_file(path: str, outcome: str) -> bytes:
    """The bytes of a file on the host, or Refused naming it and why."""
    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise Refused(f"cannot read {path}: {err.strerror or err}; {outcome}") from None


def volume_file(volume: Volume, image: str, path: str) -> str:
    """`path` on the volume, checked to be a file there (Refused otherwise)."""
    path = path.strip("/")
    if not volume.exists(path):
        raise Refused(f"{image}: there is no {path} on /{volume.name}; nothing was copied")
    if volume.is_dir(path):
        raise Refused(f"{image}: {path} is a folder, not a file; nothing was copied")
    return path


def cmd_get(args: argparse.Namespace) -> int:
    volume = opened(args.image)
    data = volume.read_file(volume_file(volume, args.image, args.path))
    if args.output:
        try:
            Path(args.output).write_bytes(data)
        except OSError as err:
            raise Refused(f"cannot write {args.output}: {err.strerror or err}; "
                          "the disk was not changed") from None
    else:
        sys.stdout.buffer.write(data)
    return 0


def option_number(option: str, text: str) -> int:
    """`number(text)`, or Refused naming the option."""
    try:
        return number(text)
    except ValueError:
        raise Refused(f"{option} {text} is not a number ($5A, 0x5A or 90); "
                      "nothing was changed") from None


def cmd_put(args: argparse.Namespace) -> int:
    file_type, aux_type = option_number("--type", args.type), option_number("--aux", args.aux)
    with writing(args.image):                    # the image is judged first
        data = read_host_file(args.file, "nothing was changed")
        volume = Volume.open(args.image)         # read under the lock: the last save
        try:
            volume.write_file(args.path.strip("/"), data, file_type, aux_type, replace=True)
        except VolumeFull:
            raise Refused(f"{args.image}: the disk has no room for {args.file} "
                          f"({len(data)} bytes, {volume.free_blocks} blocks free); "
                          "nothing was changed") from None
        except (FileNotFoundError, ValueError) as err:
            raise Refused(f"{args.image}: cannot put {args.file} at {args.path} ({err}); "
                          "nothing was changed") from None
        volume.commit()
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="gin-king disk",
                                  description="Look at and build the ProDOS disk.")
    sub = top.add_subparsers(dest="command", required=True)
    default = str(default_disk_path())

    p = sub.add_parser("info", help="volume name, size and free space")
    p.add_argument("image", nargs="?", default=default)
    p.set_defaults(run=cmd_info)

    p = sub.add_parser("ls", help="list a folder")
    p.add_argument("image", nargs="?", default=default)
    p.add_argument("path", nargs="?", default="")
    p.add_argument("-R", "--recursive", action="store_true")
    p.set_defaults(run=cmd_ls)

    p = sub.add_parser("check", help="check the volume's structure")
    p.add_argument("image", nargs="?", default=default)
    p.set_defaults(run=cmd_check)

    p = sub.add_parser("build", help="make a fresh /GINKING disk")
    p.add_argument("image", nargs="?", default=default)
    p.add_argument("--program", help="the GIN.KING load file to put on it")
    p.add_argument("--force", action="store_true", help="replace an existing image")
    p.set_defaults(run=cmd_build)

    p = sub.add_parser("get", help="copy a file out of the disk")
    p.add_argument("image")
    p.add_argument("path")
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_get)

    p = sub.add_parser("put", help="copy a host file onto the disk")
    p.add_argument("image")
    p.add_argument("path")
    p.add_argument("file")
    p.add_argument("--type", default="$06")
    p.add_argument("--aux", default="$0000")
    p.set_defaults(run=cmd_put)
    return top


def main(argv: list[str] | None = None) -> int:
    """Run one `gin-king disk` command; every refusal is one line on stderr, exit 1."""
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except Refused as err:
        line = str(err)
    except ImagePathRefused as err:            # names the path and what was done
        line = str(err)
    except DiskError as err:
        line = f"{args.image}: {err}; nothing was changed"
    except WriteProtected as err:
        line = f"{args.image}: {err.strerror}; nothing was changed"
    except OSError as err:          # the host refused a read or the atomic write
        line = f"{args.image}: {err.strerror or err}; nothing was changed"
    except (ValueError, IndexError, struct.error) as err:   # a2til lost on a damaged disk
        line = f"{args.image}: the disk is damaged where it was read ({err}); " \
               "nothing was changed"
    print(one_line(f"gin-king disk: {line}"), file=sys.stderr)
    return 1
