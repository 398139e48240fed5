"""The 2IMG (`.2mg`) container: a 64-byte header in front of the ProDOS blocks.

Follows the 2IMG format as the Apple II community documents it (and as a2til's
`ImageHeader` reads it): "2IMG", a four-character creator, the header size (64),
version 1, the image format (1 = ProDOS block order), flags (bit 31: the disk is
locked, i.e. write-protected), the number of 512-byte blocks, then the offset and
length of the disk data; optional comment and creator chunks may follow the data.
a2til finds the header by itself and works on the blocks behind it, so a `.2mg` is
saved whole, header and chunks as they were.
"""
from __future__ import annotations

import os
import struct
from pathlib import Path

MAGIC = b"2IMG"
HEADER_SIZE = 64
VERSION = 1
FORMAT_PRODOS = 1
FLAG_LOCKED = 0x80000000
CREATOR = b"GKGS"                  # who wrote a new .2mg: Gin King GS
SUFFIX = ".2mg"

# id, creator, header size, version, format, flags, blocks, data offset, data length
HEADER = struct.Struct("<4s4sHHIIIII")
FLAGS_OFFSET = 0x10


def is_2img(image: bytes | bytearray) -> bool:
    return bytes(image[:4]) == MAGIC and len(image) >= HEADER_SIZE


def is_locked(image: bytes | bytearray) -> bool:
    """The header's write-protect flag (bit 31 of the flags)."""
    if not is_2img(image):
        return False
    return bool(struct.unpack_from("<I", image, FLAGS_OFFSET)[0] & FLAG_LOCKED)


def wants_2img(path: str | os.PathLike | None) -> bool:
    """A new image at `path` gets a 2IMG header when its name ends in .2mg."""
    return path is not None and Path(path).suffix.lower() == SUFFIX


def wrap(blocks: bytes | bytearray) -> bytearray:
    """A ProDOS-order image with a 2IMG header in front of it."""
    header = bytearray(HEADER_SIZE)
    HEADER.pack_into(header, 0, MAGIC, CREATOR, HEADER_SIZE, VERSION, FORMAT_PRODOS, 0,
                     len(blocks) // 512, HEADER_SIZE, len(blocks))
    return header + bytearray(blocks)
