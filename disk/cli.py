"""`gin-king disk`: look at and build the virtual ProDOS disk.

    gin-king disk info  [IMG]              volume name, size, free space, soundness
    gin-king disk ls    [IMG] [PATH] [-R]  a folder's entries (ProDOS catalog style)
    gin-king disk check [IMG]              a2til's structural check; exit 1 if damaged
                                           (lost blocks are warnings: exit 0)
    gin-king disk build [IMG] [--program FILE] [--force]   a fresh /GINKING disk
    gin-king disk get   IMG PATH [-o OUT]  copy a file out (to stdout without -o)
    gin-king disk put   IMG PATH FILE [--type $5A] [--aux $0000]   copy a file in

IMG defaults to the user's disk (`disk.default_disk_path()`); a `.2mg` image (2IMG
header) works as a `.po` does. What is no disk image (a device, a FIFO, a folder...)
is refused untouched; a read-only or damaged image is looked at but `put` refuses it.
File type names follow the ProDOS file type list (Apple II File Type Notes).

A disk another session writes (`disk.lock`, issue 44) is looked at as it was last
saved, read-only (its temporaries left alone); `put` and `build --force` refuse it in
one line at once, changing nothing (they wait only for readers, a few seconds at most).
"""
from __future__ import annotations

import argparse
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from disk import lock
from disk.default import build_default, default_disk_path
from disk.errors import DiskError, VolumeFull, WriteProtected, shown
from disk.host_path import check_image_path
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
    DiskError with the one line to show, before anything is changed."""
    where = check_image_path(image)
    held = None
    if not where.read_only and (where.exists or making):
        try:
            held = lock.claim(where.real, write=True)
        except lock.InUse as busy:
            raise DiskError(f"{shown(image)} is in use by {busy.holder}; "
                            "nothing was changed") from None
        except lock.LockRefused as refusal:
            raise DiskError(f"{shown(image)}: {refusal.reason}; nothing was changed") from None
    try:
        yield
    finally:
        if held is not None:
            held.release()


def format_entry(info: FileInfo, indent: str = "") -> str:
    modified = info.modified.strftime("%d-%b-%y %H:%M") if info.modified else "<no date>"
    name = info.name + ("/" if info.is_dir else "")
    return (f"{indent}{name:<16} {type_name(info.file_type):>4} ${info.aux_type:04X} "
            f"{info.blocks_used:>5} {info.eof:>8}  {modified}  ${info.access:02X}")


def cmd_info(args: argparse.Namespace) -> int:
    volume = opened(args.image)
    files = sum(1 for _ in volume.walk())
    used = volume.total_blocks - volume.free_blocks
    print(f"/{volume.name}  {args.image}")
    damage = volume.damage()
    state = "sound" if not damage else f"damaged: {damage[0]}"
    if volume.warnings:
        state += f"; {len(volume.warnings)} lost blocks"
    print(f"{volume.total_blocks} blocks ({volume.total_blocks // 2}K), {used} used, "
          f"{volume.free_blocks} free; {files} files and folders; {state}")
    if volume.read_only:
        print(f"{args.image}: read-only: {volume.read_only}", file=sys.stderr)
    return 1 if damage else 0


def cmd_ls(args: argparse.Namespace) -> int:
    volume = opened(args.image)
    path = args.path.strip("/")
    prefix = volume.name + "/"
    if path.upper().startswith(prefix.upper()) or path.upper() == volume.name.upper():
        path = path[len(volume.name):].strip("/")
    print(f"/{volume.name}/{path}".rstrip("/"))
    print(f"{'NAME':<16} {'TYPE':>4} {'AUX':>5} {'BLKS':>5} {'EOF':>8}  {'MODIFIED':<15}  ACC")
    entries = volume.walk(path) if args.recursive else volume.listdir(path)
    for info in entries:
        depth = info.path.count("/") - path.count("/") - (1 if path else 0)
        print(format_entry(info, "  " * depth))
    print(f"BLOCKS FREE: {volume.free_blocks}  USED: "
          f"{volume.total_blocks - volume.free_blocks}  TOTAL: {volume.total_blocks}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    volume = opened(args.image)
    damage = volume.damage()
    for problem in damage:
        print(f"{args.image}: {problem}")
    for warning in volume.warnings:
        print(f"{args.image}: warning: {warning} (a lost block: space wasted, no data lost)")
    if not damage:
        print(f"{args.image}: /{volume.name} is sound"
              + (f" ({len(volume.warnings)} lost blocks)" if volume.warnings else ""))
    return 1 if damage else 0


def cmd_build(args: argparse.Namespace) -> int:
    image = Path(args.image)
    where = check_image_path(image)
    if where.exists and not args.force:
        print(f"{image} exists; use --force to replace it", file=sys.stderr)
        return 1
    if where.exists and where.read_only:
        print(f"{image}: {where.read_only}; nothing was changed", file=sys.stderr)
        return 1
    if where.missing_folder is not None:
        where.missing_folder.mkdir(parents=True)
        print(f"made the folder {where.missing_folder}")
    program = Path(args.program).read_bytes() if args.program else None
    with writing(image, making=True):
        volume = build_default(image, program)
    print(f"built /{volume.name} at {image}" + (f" with {len(program)}-byte GIN.KING"
                                               if program else ""))
    return 0


def cmd_get(args: argparse.Namespace) -> int:
    data = opened(args.image).read_file(args.path.strip("/"))
    if args.output:
        Path(args.output).write_bytes(data)
    else:
        sys.stdout.buffer.write(data)
    return 0


def cmd_put(args: argparse.Namespace) -> int:
    with writing(args.image):
        volume = Volume.open(args.image)         # read under the lock: the last save
        volume.write_file(args.path.strip("/"), Path(args.file).read_bytes(),
                          number(args.type), number(args.aux), replace=True)
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
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except DiskError as err:
        print(f"gin-king disk: {err}", file=sys.stderr)
        return 1
    except VolumeFull:
        print("gin-king disk: the disk is full", file=sys.stderr)
        return 1
    except WriteProtected as err:
        print(f"gin-king disk: {args.image}: {err.strerror}; nothing was changed",
              file=sys.stderr)
        return 1
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, ValueError) as err:
        print(f"gin-king disk: {err}", file=sys.stderr)
        return 1
