"""OMF load files: the segment reader and the relocating loader.

Follows the Apple IIGS GS/OS Reference (Object Module Format v2.0/v2.1, the System
Loader chapter), File Type Note $B3, Technical Note #66 (ExpressLoad), CiderPress2's
`OMF-notes.md` and 6502bench's OMF loader. gsasm's `omf`, `linkiigs` and `expressload`
modules are the writer side this reader is tested against.

A load file is a concatenation of segments; each is a header and a body of records
ending with END. The body's records are read by gsasm's own OMF reader
(`gsasm.omf.parse_records`: one parser for the files gsasm writes and the files run
here); the header is read here, because gsasm's `parse_header` reads the v2 fields at
fixed offsets without bounds or sense checks (a v1 header, a truncated one, a
LENGTH past the address space or its BANKSIZE) and a hostile file must get one line
naming what is wrong, not an IndexError. ExpressLoad's directory segment is skipped,
not parsed: a plain loader need not honour it (TN #66). `read_load_file` turns the
bytes into `Segment`s whose body is already flattened: the memory image (LCONST and DS data, RESSPC zeros) and a list of
`Relocation`s (RELOC, cRELOC, INTERSEG, cINTERSEG and every patch a SUPER record
names). `load` places the segments through the caller's allocator, copies the images
and patches every relocation.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from gsasm import omf as gsasm_omf

from iigs.memory import RAM_BANKS, write_bytes


class OMFError(Exception):
    """A malformed or unloadable load file; names the segment and the file offset."""

    def __init__(self, message: str, segment: str | None = None,
                 offset: int | None = None) -> None:
        where = []
        if segment is not None:
            where.append(f"segment {segment!r}")
        if offset is not None:
            where.append(f"file offset ${offset:X}")
        super().__init__(f"{message} ({', '.join(where)})" if where else message)
        self.segment = segment
        self.offset = offset


class ForeignSegmentError(OMFError):
    """A relocation into a segment that is not in memory, or into another load file
    (the System Loader's idForeignSegErr)."""


# KIND: low 5 bits are the segment type, the high byte holds attribute flags (appendix F).
KIND_TYPE_MASK = 0x001F
KIND_CODE = 0x00
KIND_DATA = 0x01
KIND_JUMP_TABLE = 0x02
KIND_PATHNAME = 0x04
KIND_LIBRARY_DICTIONARY = 0x08
KIND_INIT = 0x10
KIND_DP_STACK = 0x12
KIND_BANK_RELATIVE = 0x0100
KIND_SKIP = 0x0200
KIND_RELOAD = 0x0400
KIND_ABSOLUTE_BANK = 0x0800
KIND_NO_SPECIAL_MEMORY = 0x1000
KIND_POSITION_INDEPENDENT = 0x2000
KIND_PRIVATE = 0x4000
KIND_DYNAMIC = 0x8000

# The linker-made directory segment of an expressed file (TN #66); a plain loader skips it.
EXPRESSLOAD_NAMES = ("~ExpressLoad", "ExpressLoad")

# Fixed part of a v2 header; v2.1 adds tempORG at $2C (DISPNAME = $30).
HEADER_SIZE = 0x2C
ADDRESS_SPACE = 0x1000000
LOADNAME_SIZE = 10
# The machine's RAM (banks $00-$7F): what all of a file's segments together may claim.
# Each segment's image is made LENGTH bytes long as it is read, so the LENGTHs are
# judged against this before any image is made: a small hostile file of many
# segments each claiming $FFFFFF bytes is refused at once, not after gigabytes.
RAM_BYTES = len(RAM_BANKS) * 0x10000


@dataclass(frozen=True)
class Relocation:
    """One patch: write `size` bytes of (base(target_segnum) + target_offset) shifted.

    offset:        where in this segment's image the value goes
    shift:         signed bit shift, negative = right (-16 stores the bank byte)
    target_segnum: segment whose load address is added (this segment for RELOC)
    file_num:      load file of the target; only 1 (this file) is loadable
    record:        the record it came from ("RELOC", "SUPER 26", ...) for reports
    """
    offset: int
    size: int
    shift: int
    target_segnum: int
    target_offset: int
    file_num: int = 1
    record: str = "RELOC"

    def value(self, target_base: int) -> int:
        value = target_base + self.target_offset
        value = value >> -self.shift if self.shift < 0 else value << self.shift
        return value & ((1 << (8 * self.size)) - 1)


@dataclass
class Segment:
    """One load segment: its header fields, memory image and relocations."""
    bytecnt: int
    resspc: int
    length: int
    kind: int
    lablen: int
    numlen: int
    version: int
    banksize: int
    org: int
    align: int
    numsex: int
    segnum: int
    entry: int
    dispname: int
    dispdata: int
    temporg: int
    loadname: bytes
    name: str
    file_offset: int
    image: bytes = b""
    relocations: list[Relocation] = field(default_factory=list)

    @property
    def type(self) -> int:
        return self.kind & KIND_TYPE_MASK

    @property
    def is_expressload(self) -> bool:
        return self.name in EXPRESSLOAD_NAMES

    @property
    def is_dynamic(self) -> bool:
        return bool(self.kind & KIND_DYNAMIC)

    @property
    def is_code(self) -> bool:
        return self.type == KIND_CODE

    @property
    def is_dp_stack(self) -> bool:
        return self.type == KIND_DP_STACK

    @property
    def is_loadable(self) -> bool:
        """False for segments the loader never places: ExpressLoad's directory,
        v2.1 skip segments, and library dictionaries."""
        return not (self.is_expressload or self.kind & KIND_SKIP
                    or self.type == KIND_LIBRARY_DICTIONARY)


class LoadedSegment(NamedTuple):
    name: str
    address: int
    length: int
    kind: int


@dataclass
class LoadedProgram:
    """Where a load file went: segment number -> (name, address, length, kind)."""
    segments: dict[int, LoadedSegment]
    entry: int
    dp_stack: LoadedSegment | None = None   # the KIND $12 direct-page/stack segment

    def address_of(self, segnum: int, offset: int = 0) -> int:
        return self.segments[segnum].address + offset

    def segment_named(self, name: str) -> LoadedSegment:
        for seg in self.segments.values():
            if seg.name == name:
                return seg
        raise KeyError(name)


# --------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------

def read_load_file(data: bytes) -> list[Segment]:
    """Parse every segment of an OMF load file (walked by BYTECNT); the segments'
    LENGTHs together may not exceed the machine's RAM (RAM_BYTES)."""
    data = bytes(data)
    segments: list[Segment] = []
    offset = 0
    claimed = 0
    while offset < len(data):
        # Padding to a block boundary after the last segment is zeros (v1 habit).
        if not any(data[offset:offset + 4]) and not any(data[offset:]):
            break
        seg = _read_segment(data, offset, claimed)
        segments.append(seg)
        claimed += seg.length
        offset += seg.bytecnt
    if not segments:
        raise OMFError("no segments in load file", offset=0)
    return segments


def _read_segment(data: bytes, start: int, claimed: int = 0) -> Segment:
    """One segment at `start`; its LENGTH must fit in the RAM beside the `claimed`
    bytes of the segments before it (checked before its image is made)."""
    if start + HEADER_SIZE > len(data):
        raise OMFError(f"truncated segment header ({len(data) - start} bytes)",
                       offset=start)
    h = data[start:start + HEADER_SIZE]
    version = h[0x0F]
    bytecnt, resspc, length = struct.unpack_from("<III", h, 0)
    if version == 1:
        # v1.0: the first field counts 512-byte blocks and KIND is one byte at $0C
        # (type in bits 0-4, attribute bits 5-7 map to the v2 high byte's top bits).
        bytecnt *= 512
        kind_v1 = h[0x0C]
        kind = (kind_v1 & 0x1F) | ((kind_v1 & 0xE0) << 8)
    elif version == 2:
        kind = struct.unpack_from("<H", h, 0x14)[0]
    else:
        raise OMFError(f"unsupported OMF version {version}", offset=start)
    lablen, numlen = h[0x0D], h[0x0E]
    banksize, = struct.unpack_from("<I", h, 0x10)
    org, align = struct.unpack_from("<II", h, 0x18)
    numsex = h[0x20]
    segnum, = struct.unpack_from("<H", h, 0x22)
    entry, = struct.unpack_from("<I", h, 0x24)
    dispname, dispdata = struct.unpack_from("<HH", h, 0x28)

    if bytecnt < HEADER_SIZE or start + bytecnt > len(data):
        raise OMFError(f"BYTECNT {bytecnt} runs past the end of the file "
                       f"({len(data) - start} bytes left)", offset=start)
    raw = data[start:start + bytecnt]
    if dispname < HEADER_SIZE or dispname + LOADNAME_SIZE >= bytecnt:
        raise OMFError(f"DISPNAME ${dispname:X} outside the segment", offset=start)
    temporg = struct.unpack_from("<I", raw, 0x2C)[0] if dispname >= 0x30 else 0
    loadname = raw[dispname:dispname + LOADNAME_SIZE]
    name_at = dispname + LOADNAME_SIZE
    if lablen == 0:
        name_len = raw[name_at]
        name_bytes = raw[name_at + 1:name_at + 1 + name_len]
        name_end = name_at + 1 + name_len
    else:
        name_bytes = raw[name_at:name_at + lablen]
        name_end = name_at + lablen
    name = name_bytes.decode("mac_roman").rstrip(" \0")
    if name_end > bytecnt:
        raise OMFError("segment name runs past the segment", segment=name, offset=start)
    if numsex != 0 or numlen != 4:
        raise OMFError(f"foreign segment (NUMSEX {numsex}, NUMLEN {numlen})",
                       segment=name, offset=start)
    if dispdata < name_end or dispdata >= bytecnt:
        raise OMFError(f"DISPDATA ${dispdata:X} outside the segment body",
                       segment=name, offset=start)
    if banksize > 0x10000 or align > 0x10000:
        raise OMFError(f"BANKSIZE ${banksize:X} / ALIGN ${align:X} above a bank",
                       segment=name, offset=start)
    if length > ADDRESS_SPACE:
        raise OMFError(f"LENGTH ${length:X} is larger than the address space",
                       segment=name, offset=start)
    if resspc > length:
        raise OMFError(f"RESSPC {resspc} exceeds LENGTH {length}",
                       segment=name, offset=start)
    if banksize and length > banksize:
        raise OMFError(f"LENGTH ${length:X} cannot fit in its BANKSIZE ${banksize:X}",
                       segment=name, offset=start)
    if claimed + length > RAM_BYTES:
        besides = f" beside the {claimed:,} bytes of the segments before it" \
            if claimed else ""
        raise OMFError(f"LENGTH ${length:X} does not fit in the machine's "
                       f"{RAM_BYTES // 0x100000} MB of RAM ({RAM_BYTES:,} bytes){besides}",
                       segment=name, offset=start)

    seg = Segment(bytecnt=bytecnt, resspc=resspc, length=length, kind=kind,
                  lablen=lablen, numlen=numlen, version=version, banksize=banksize,
                  org=org, align=align, numsex=numsex, segnum=segnum, entry=entry,
                  dispname=dispname, dispdata=dispdata, temporg=temporg,
                  loadname=loadname, name=name, file_offset=start)
    _read_body(seg, raw)
    return seg


# SUPER record types (appendix F): 0 RELOC2, 1 RELOC3, 2..13 INTERSEG1..12 (3 bytes; the
# target segment is the third byte stored at the patch), 14..25 INTERSEG13..24
# (2 bytes to segment type-13), 26..37 INTERSEG25..36 (2 bytes, bank byte of
# segment type-25).
SUPER_RELOC2 = 0
SUPER_RELOC3 = 1
SUPER_INTERSEG_3BYTE = range(2, 14)
SUPER_INTERSEG_2BYTE = range(14, 26)
SUPER_INTERSEG_BANK = range(26, 38)


# Records of a load file, as gsasm's reader names them; any other (the object file's
# EXPR, GLOBAL, LOCAL ..., or an opcode no OMF version has) does not belong here.
LOAD_RECORDS = {"END", "CONST", "LCONST", "DS", "RELOC", "cRELOC", "INTERSEG",
                "cINTERSEG", "SUPER"}
PARSE_ERROR = re.compile(r"(.*?) at offset (\d+)")


def _records(seg: Segment, raw: bytes) -> list[tuple[int, str, Any]]:
    """The body records, through gsasm's OMF reader (`gsasm.omf.parse_records`), up to
    END; a truncated record or body, or a record foreign to a load file, is an
    `OMFError` naming the segment and the record's file offset."""
    try:
        records, _ = gsasm_omf.parse_records(raw, seg.dispdata, numlen=4,
                                             lablen=seg.lablen)
    except gsasm_omf.OMFParseError as err:       # "<what> at offset N: <detail>"
        found = PARSE_ERROR.match(str(err))
        what, at = (found.group(1), int(found.group(2))) if found else (str(err), 0)
        raise OMFError(what, segment=seg.name, offset=seg.file_offset + at) from None
    if not records or (records[-1][1] != "END" and records[-1][2] != "UNHANDLED"):
        raise OMFError("truncated body (no END)", segment=seg.name,
                       offset=seg.file_offset + len(raw))
    for at, name, detail in records:
        if name not in LOAD_RECORDS or detail == "UNHANDLED":
            raise OMFError(f"record ${raw[at]:02X} does not belong in a load file",
                           segment=seg.name, offset=seg.file_offset + at)
    return records


def _read_body(seg: Segment, raw: bytes) -> None:
    """Build the image and collect the relocations from the body's records."""
    image = bytearray()
    relocations: list[Relocation] = []
    supers: list[tuple[int, int, list[int]]] = []     # (record offset, type, patches)
    file_at = seg.file_offset
    for at, name, detail in _records(seg, raw):
        if name in ("CONST", "LCONST"):
            image += detail
        elif name == "DS":
            if len(image) + detail > seg.length:
                raise OMFError(f"DS of {detail} bytes overruns LENGTH {seg.length}",
                               segment=seg.name, offset=file_at + at)
            image += bytes(detail)
        elif name in ("RELOC", "cRELOC"):
            size, shift, offset, target = detail
            relocations.append(Relocation(offset, size, _signed8(shift), seg.segnum,
                                          target, record=name))
        elif name == "INTERSEG":
            size, shift, offset, file_num, segnum, target = detail
            relocations.append(Relocation(offset, size, _signed8(shift), segnum, target,
                                          file_num=file_num, record=name))
        elif name == "cINTERSEG":
            size, shift, offset, _, segnum, target = detail
            relocations.append(Relocation(offset, size, _signed8(shift), segnum, target,
                                          record=name))
        elif name == "SUPER":
            supers.append((at, detail["type"], detail["offsets"]))

    if len(image) + seg.resspc > seg.length:
        raise OMFError(f"body ({len(image)} bytes) + RESSPC ({seg.resspc}) exceeds "
                       f"LENGTH {seg.length}", segment=seg.name, offset=file_at)
    image += bytes(seg.length - len(image))
    for at, stype, patches in supers:
        relocations.extend(_super_relocations(seg, image, stype, patches, file_at + at))
    for r in relocations:
        if not 1 <= r.size <= 4 or r.offset + r.size > seg.length:
            raise OMFError(f"{r.record} patch of {r.size} bytes at ${r.offset:X} "
                           f"outside the segment (LENGTH {seg.length})",
                           segment=seg.name, offset=file_at)
    seg.image = bytes(image)
    seg.relocations = relocations


def _signed8(b: int) -> int:
    return b - 0x100 if b & 0x80 else b


def _super_relocations(seg: Segment, image: bytearray, stype: int,
                       patches: list[int], at: int) -> list[Relocation]:
    """Expand one SUPER record: the offset into the target is the 16-bit value
    already stored at each patch location."""
    out = []
    for p in patches:
        if p + 2 > len(image):
            raise OMFError(f"SUPER {stype} patch at ${p:X} outside the segment",
                           segment=seg.name, offset=at)
        stored = image[p] | (image[p + 1] << 8)
        if stype == SUPER_RELOC2:
            r = Relocation(p, 2, 0, seg.segnum, stored, record="SUPER 0")
        elif stype == SUPER_RELOC3:
            r = Relocation(p, 3, 0, seg.segnum, stored, record="SUPER 1")
        elif stype in SUPER_INTERSEG_3BYTE:
            if p + 3 > len(image):
                raise OMFError(f"SUPER {stype} patch at ${p:X} outside the segment",
                               segment=seg.name, offset=at)
            r = Relocation(p, 3, 0, image[p + 2], stored, file_num=stype - 1,
                           record=f"SUPER {stype}")
        elif stype in SUPER_INTERSEG_2BYTE:
            r = Relocation(p, 2, 0, stype - 13, stored, record=f"SUPER {stype}")
        elif stype in SUPER_INTERSEG_BANK:
            r = Relocation(p, 2, -16, stype - 25, stored, record=f"SUPER {stype}")
        else:
            raise OMFError(f"unknown SUPER type {stype}", segment=seg.name, offset=at)
        out.append(r)
    return out


# --------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------

Allocator = Callable[[Segment], int]


def load(segments: list[Segment], mem: Any, allocate: Allocator,
         dynamic: bool = True) -> LoadedProgram:
    """Place, copy and relocate every loadable segment; return where they went.

    `allocate(segment)` returns the 24-bit load address and is responsible for the
    Memory Manager rules the segment carries (`org`, `align`, `banksize`, KIND
    $12 direct-page/stack in bank 0); this function checks the address honours
    them. With `dynamic` (the launch of an application, which has no jump table to
    load them later) dynamic segments are loaded with the static ones; without it
    (the System Loader's InitialLoad) they are left for `place_segment`. The entry
    point is the first static code segment's address + ENTRY (the System Loader).
    """
    placed: dict[int, LoadedSegment] = {}
    order: list[Segment] = []
    for seg in segments:
        if not seg.is_loadable or (seg.is_dynamic and not dynamic):
            continue
        if seg.segnum in placed:
            raise OMFError(f"segment number {seg.segnum} used twice",
                           segment=seg.name, offset=seg.file_offset)
        address = allocate(seg)
        _check_placement(seg, address)
        write_bytes(mem, address, seg.image)
        placed[seg.segnum] = LoadedSegment(seg.name, address, seg.length, seg.kind)
        order.append(seg)

    addresses = {n: s.address for n, s in placed.items()}
    for seg in order:
        _relocate(seg, mem, addresses)

    entry = None
    dp_stack = None
    for seg in order:
        if seg.is_dp_stack:
            dp_stack = dp_stack or placed[seg.segnum]
        elif entry is None and seg.is_code and not seg.is_dynamic:
            entry = placed[seg.segnum].address + seg.entry
    if entry is None:
        raise OMFError("no static code segment to start")
    return LoadedProgram(segments=placed, entry=entry & 0xFFFFFF, dp_stack=dp_stack)


def _relocate(seg: Segment, mem: Any, addresses: dict[int, int]) -> None:
    """Patch `seg` (already copied to addresses[seg.segnum]) against the segments
    in `addresses`; a reference to any other segment is an error."""
    base = addresses[seg.segnum]
    for r in seg.relocations:
        if r.file_num != 1:
            raise ForeignSegmentError(f"{r.record} at ${r.offset:X} refers to load file "
                           f"{r.file_num}; only file 1 is loadable",
                           segment=seg.name, offset=seg.file_offset)
        target = addresses.get(r.target_segnum)
        if target is None:
            raise ForeignSegmentError(f"{r.record} at ${r.offset:X} refers to segment "
                           f"{r.target_segnum}, which was not loaded",
                           segment=seg.name, offset=seg.file_offset)
        write_bytes(mem, base + r.offset, r.value(target).to_bytes(r.size, "little"))


def place_segment(seg: Segment, mem: Any, allocate: Allocator,
                  placed: dict[int, int]) -> int:
    """Load one more segment of a file whose other segments sit at `placed`
    (segment number -> address): a dynamic segment the program asks for. Its
    relocations may refer to itself and to those; returns its address."""
    address = allocate(seg)
    _check_placement(seg, address)
    write_bytes(mem, address, seg.image)
    _relocate(seg, mem, {**placed, seg.segnum: address})
    return address


def _check_placement(seg: Segment, address: int) -> None:
    """The allocator's answer must honour the header's placement rules."""
    def fail(why: str) -> None:
        raise OMFError(f"load address ${address:06X} {why}", segment=seg.name,
                       offset=seg.file_offset)

    if not 0 <= address or address + seg.length > ADDRESS_SPACE:
        fail("is outside the 24-bit address space")
    if seg.org and not seg.kind & KIND_ABSOLUTE_BANK and address != seg.org:
        fail(f"differs from the segment's ORG ${seg.org:06X}")
    if seg.org and seg.kind & KIND_ABSOLUTE_BANK and address >> 16 != seg.org >> 16:
        fail(f"is not in the ORG bank ${seg.org >> 16:02X}")
    if seg.align > 1 and address % seg.align:
        fail(f"is not aligned to ${seg.align:X}")
    if seg.banksize and (address % seg.banksize) + seg.length > seg.banksize:
        fail(f"crosses a ${seg.banksize:X}-byte bank boundary")
    if seg.is_dp_stack and address + seg.length > 0x10000:
        fail("puts the direct-page/stack segment outside bank 0")


def load_file(data: bytes, mem: Any, allocate: Allocator) -> LoadedProgram:
    """read_load_file + load, for callers holding the file's bytes."""
    return load(read_load_file(data), mem, allocate)
