"""OMF records gsasm does not write, built by hand from the layouts in GS/OS Ref. appendix F,
and malformed files, which must raise OMFError naming the segment and offset."""
from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings, strategies as st

from iigs import omf


def segment(body: bytes, *, segnum: int = 1, kind: int = 0, name: bytes = b"CODE",
            length: int | None = None, resspc: int = 0, banksize: int = 0x10000,
            org: int = 0, align: int = 0, entry: int = 0, v21: bool = False,
            lablen: int = 0) -> bytes:
    """A v2.0 (or v2.1 with tempORG) segment around `body` (records, END included)."""
    dispname = 0x30 if v21 else 0x2C
    name_field = name.ljust(lablen) if lablen else bytes([len(name)]) + name
    dispdata = dispname + 10 + len(name_field)
    if length is None:
        length = _image_length(body) + resspc
    hdr = bytearray(dispname)
    struct.pack_into("<III", hdr, 0, 0, resspc, length)
    hdr[0x0D], hdr[0x0E], hdr[0x0F] = lablen, 4, 2
    struct.pack_into("<IH", hdr, 0x10, banksize, kind)
    struct.pack_into("<II", hdr, 0x18, org, align)
    struct.pack_into("<HI", hdr, 0x22, segnum, entry)
    struct.pack_into("<HH", hdr, 0x28, dispname, dispdata)
    seg = bytearray(hdr) + b"LOADNAME  " + name_field + body
    struct.pack_into("<I", seg, 0, len(seg))
    return bytes(seg)


def _image_length(body: bytes) -> int:
    """Bytes of image an LCONST/DS-only body makes (relocations add none)."""
    n, i = 0, 0
    while i < len(body) and body[i] != 0x00:
        op = body[i]
        if op == 0xF2:
            count = struct.unpack_from("<I", body, i + 1)[0]
            n, i = n + count, i + 5 + count
        elif op == 0xF1:
            n, i = n + struct.unpack_from("<I", body, i + 1)[0], i + 5
        elif op == 0xF7:
            i += 5 + struct.unpack_from("<I", body, i + 1)[0]
        elif op in RELOCATION_SIZES:
            i += RELOCATION_SIZES[op]
        else:                                   # a record a load file may not hold
            break
    return n


RELOCATION_SIZES = {0xE2: 11, 0xE3: 15, 0xF5: 7, 0xF6: 8}


def lconst(data: bytes) -> bytes:
    return b"\xF2" + struct.pack("<I", len(data)) + data


def ds(count: int) -> bytes:
    return b"\xF1" + struct.pack("<I", count)


def reloc(size, shift, offset, rel):
    return struct.pack("<BBbII", 0xE2, size, shift, offset, rel)


def creloc(size, shift, offset, rel):
    return struct.pack("<BBbHH", 0xF5, size, shift, offset, rel)


def interseg(size, shift, offset, filenum, segnum, segoff):
    return struct.pack("<BBbIHHI", 0xE3, size, shift, offset, filenum, segnum, segoff)


def cinterseg(size, shift, offset, segnum, segoff):
    return struct.pack("<BBbHBH", 0xF6, size, shift, offset, segnum, segoff)


def super_record(stype: int, pages: bytes) -> bytes:
    return b"\xF7" + struct.pack("<I", 1 + len(pages)) + bytes([stype]) + pages


END = b"\x00"

LAYOUT = {1: 0x021234, 2: 0x03FF00, 3: 0x001000}


def by_segnum(segment):
    return LAYOUT[segment.segnum]


def test_reloc_creloc_interseg_cinterseg_are_applied():
    code = segment(lconst(bytes(16)) + ds(4)
                   + reloc(3, 0, 0, 0x0008)            # long address of code+8
                   + creloc(2, 0, 3, 0x000A)           # word address of code+10
                   + reloc(1, -16, 5, 0x0002)          # bank byte of code+2
                   + interseg(3, 0, 6, 1, 2, 0x0010)   # long address of data+$10
                   + cinterseg(2, -8, 9, 2, 0x0020)    # (data+$20) >> 8
                   + cinterseg(1, -16, 11, 3, 0)       # bank of the stack segment
                   + reloc(2, 4, 12, 0x0001)           # (code+1) << 4, low word
                   + END, segnum=1)
    data = segment(lconst(b"\xAA" * 0x30) + END, segnum=2, kind=0x0001, name=b"DATA",
                   banksize=0)
    stack = segment(ds(0x400) + END, segnum=3, kind=0x0012, name=b"STACK")
    segments = omf.read_load_file(code + data + stack)
    assert [s.segnum for s in segments] == [1, 2, 3]
    assert segments[0].length == 20
    mem = bytearray(1 << 24)
    program = omf.load(segments, mem, by_segnum)
    c = LAYOUT[1]
    assert mem[c:c + 3] == (c + 8).to_bytes(3, "little")
    assert mem[c + 3:c + 5] == ((c + 10) & 0xFFFF).to_bytes(2, "little")
    assert mem[c + 5] == 0x02
    assert mem[c + 6:c + 9] == (0x03FF10).to_bytes(3, "little")
    assert mem[c + 9:c + 11] == ((0x03FF20 >> 8) & 0xFFFF).to_bytes(2, "little")
    assert mem[c + 11] == 0x00
    assert mem[c + 12:c + 14] == (((c + 1) << 4) & 0xFFFF).to_bytes(2, "little")
    assert mem[c + 16:c + 20] == bytes(4)                   # DS zeros
    assert mem[LAYOUT[2]:LAYOUT[2] + 0x30] == b"\xAA" * 0x30
    assert program.entry == c
    assert program.dp_stack == ("STACK", 0x001000, 0x400, 0x0012)


def test_super_types_decode_page_list_with_skips():
    """Page list: $81 skips one page; $01 = two offsets in page 1; then page 2."""
    image = bytearray(0x300)
    image[0x110:0x112] = (0x0040).to_bytes(2, "little")     # RELOC2 -> code+$40
    image[0x120:0x123] = bytes([0x50, 0x00, 0x02])          # INTERSEG1 seg 2 + $50
    image[0x205:0x207] = (0x0060).to_bytes(2, "little")     # INTERSEG13.. seg 2 + $60
    image[0x210:0x212] = (0x0070).to_bytes(2, "little")     # bank of seg 2
    body = (lconst(bytes(image))
            + super_record(0, b"\x81\x00\x10")
            + super_record(2, b"\x81\x00\x20")
            + super_record(15, b"\x82\x00\x05")
            + super_record(27, b"\x82\x00\x10")
            + END)
    code = segment(body, segnum=1)
    data = segment(lconst(bytes(0x100)) + END, segnum=2, kind=1, name=b"DATA")
    mem = bytearray(1 << 24)
    omf.load(omf.read_load_file(code + data), mem, by_segnum)
    c, d = LAYOUT[1], LAYOUT[2]
    assert mem[c + 0x110:c + 0x112] == ((c + 0x40) & 0xFFFF).to_bytes(2, "little")
    assert mem[c + 0x120:c + 0x123] == (d + 0x50).to_bytes(3, "little")
    assert mem[c + 0x205:c + 0x207] == ((d + 0x60) & 0xFFFF).to_bytes(2, "little")
    assert mem[c + 0x210:c + 0x212] == (d >> 16).to_bytes(2, "little")


def test_header_fields_v21_and_fixed_length_names():
    seg = segment(lconst(b"\xEA\x6B") + END, v21=True, lablen=10, name=b"MAIN",
                  resspc=6, align=0x100, entry=1, kind=0x4000)
    [s] = omf.read_load_file(seg)
    assert (s.version, s.dispname, s.lablen, s.name) == (2, 0x30, 10, "MAIN")
    assert (s.length, s.resspc, s.align, s.entry, s.kind) == (8, 6, 0x100, 1, 0x4000)
    assert s.image == b"\xEA\x6B" + bytes(6)
    mem = bytearray(1 << 24)
    mem[0x020000:0x020008] = b"\xFF" * 8
    program = omf.load([s], mem, lambda _s: 0x020000)
    assert mem[0x020000:0x020008] == b"\xEA\x6B" + bytes(6)  # RESSPC cleared
    assert program.entry == 0x020001


def test_skip_and_dynamic_segments():
    skip = segment(lconst(b"\x01") + END, segnum=1, kind=0x0200, name=b"SKIPME")
    code = segment(lconst(b"\x02") + END, segnum=2, kind=0x8000, name=b"DYN")
    main = segment(lconst(b"\x03") + END, segnum=3, kind=0x0000, name=b"MAIN")
    program = omf.load(omf.read_load_file(skip + code + main), bytearray(1 << 24),
                       lambda s: 0x020000 + s.segnum * 0x100)
    assert sorted(program.segments) == [2, 3]
    assert program.entry == 0x020300     # first *static* code segment


def test_static_segments_alone_refuse_a_reference_into_a_dynamic_one():
    # The System Loader's InitialLoad places the static segments only: a relocation
    # into a dynamic segment is a foreign one (its idForeignSegErr), and once that
    # segment is in memory too, place_segment relocates against it.
    main = segment(lconst(bytes(4)) + interseg(3, 0, 0, 1, 2, 0x0001) + END, segnum=1)
    dyn = segment(lconst(b"\x60") + END, segnum=2, kind=0x8000, name=b"DYN")
    segments = omf.read_load_file(main + dyn)
    place = lambda s: 0x020000 + s.segnum * 0x100          # noqa: E731
    with pytest.raises(omf.ForeignSegmentError):
        omf.load(segments, bytearray(1 << 24), place, dynamic=False)
    mem = bytearray(1 << 24)
    assert omf.place_segment(segments[1], mem, place, {}) == 0x020200
    assert omf.place_segment(segments[0], mem, place, {2: 0x020200}) == 0x020100
    assert mem[0x020100:0x020103] == (0x020201).to_bytes(3, "little")


@pytest.mark.parametrize("address, align, why", [
    (0x02FFF0, 0, "bank boundary"),       # 32 bytes from $02FFF0 cross into bank 3
    (0x020080, 0x100, "aligned"),
    (0xFFFFF0, 0, "24-bit"),
])
def test_allocator_answers_are_checked(address, align, why):
    seg = segment(lconst(bytes(32)) + END, align=align)
    with pytest.raises(omf.OMFError, match=why):
        omf.load(omf.read_load_file(seg), bytearray(1 << 24), lambda s: address)


@pytest.mark.parametrize("mutate, match", [
    (lambda b: b[:30], "truncated segment header"),
    (lambda b: b[:-1], "BYTECNT"),
    (lambda b: b[:0x0F] + b"\x07" + b[0x10:], "version 7"),
    (lambda b: b[:0x0E] + b"\x02" + b[0x0F:], "NUMLEN"),
])
def test_malformed_headers(mutate, match):
    good = segment(lconst(b"\xEA") + END)
    with pytest.raises(omf.OMFError, match=match):
        omf.read_load_file(mutate(good))


def test_malformed_records_name_segment_and_offset():
    expr = b"\xEB\x02\x81\x00\x00\x00\x00\x00"      # an object file's EXPR: 0, 2 bytes
    bad = segment(lconst(b"\xEA") + expr + END, name=b"BROKEN")
    first = segment(lconst(b"") + END, name=b"FIRST")
    with pytest.raises(omf.OMFError) as err:
        omf.read_load_file(first + bad)
    assert err.value.segment == "BROKEN"
    assert "$EB" in str(err.value) and "file offset" in str(err.value)
    assert err.value.offset == len(first) + bad.index(expr)
    # cut inside its expression: the reader says what is truncated, and where
    cut = segment(lconst(b"\xEA") + expr[:4], name=b"BROKEN")
    with pytest.raises(omf.OMFError, match="truncated expression") as err:
        omf.read_load_file(first + cut)
    assert err.value.segment == "BROKEN" and "\n" not in str(err.value)
    assert err.value.offset == len(first) + cut.index(expr[:4]) + 2
    no_end = segment(lconst(b"\xEA"))
    with pytest.raises(omf.OMFError, match="no END"):
        omf.read_load_file(no_end)
    outside = segment(lconst(bytes(4)) + reloc(2, 0, 3, 0) + END)
    with pytest.raises(omf.OMFError, match="outside the segment"):
        omf.read_load_file(outside)
    missing = segment(lconst(bytes(4)) + interseg(2, 0, 0, 1, 9, 0) + END)
    with pytest.raises(omf.OMFError, match="segment 9"):
        omf.load(omf.read_load_file(missing), bytearray(1 << 24), lambda s: 0x20000)


GOOD_FILE = (segment(lconst(bytes(range(40))) + reloc(3, 0, 0, 4)
                     + super_record(1, b"\x00\x08") + END, segnum=1)
             + segment(lconst(bytes(8)) + cinterseg(2, -16, 0, 1, 0) + END, segnum=2))


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_fuzzed_files_only_raise_omf_error(data):
    raw = bytearray(GOOD_FILE)
    for _ in range(data.draw(st.integers(1, 6))):
        pos = data.draw(st.integers(0, len(raw) - 1))
        raw[pos] = data.draw(st.integers(0, 255))
    raw = raw[:data.draw(st.integers(0, len(raw)))]
    try:
        segments = omf.read_load_file(bytes(raw))
        omf.load(segments, bytearray(1 << 24), lambda s: 0x020000 + 0x100 * s.segnum)
    except omf.OMFError:
        pass


def test_absurd_length_is_refused_not_allocated():
    seg = bytearray(segment(lconst(b"\xEA") + END))
    struct.pack_into("<I", seg, 8, 0xFFFFFFF0)
    with pytest.raises(omf.OMFError, match="LENGTH"):
        omf.read_load_file(bytes(seg))


def test_version_1_header_counts_blocks_and_has_byte_kind():
    """OMF v1.0: the first field counts 512-byte blocks; KIND is the byte at $0C
    (bit 7 dynamic, bit 6 private, bit 5 position-independent)."""
    v2 = bytearray(segment(lconst(b"\xEA\xEA\x6B") + END, kind=0))
    v1 = v2.ljust(512, b"\0")
    struct.pack_into("<I", v1, 0, 1)              # one block
    v1[0x0F] = 1
    v1[0x0C] = 0x40                                # private code
    [s] = omf.read_load_file(bytes(v1) + bytes(v1))[:1]
    assert (s.version, s.bytecnt, s.kind, s.image) == (1, 512, 0x4000, b"\xEA\xEA\x6B")
    assert len(omf.read_load_file(bytes(v1) + bytes(v1))) == 2


def test_lengths_are_judged_against_the_machine_memory_before_any_image():
    """A small file of many segments each claiming LENGTH $FFFFFF (issue 44: 4.2 GB
    allocated, or MemoryError) is refused at its first segment, having made nothing;
    segments that fit one by one but not together are refused where the RAM runs out."""
    import tracemalloc

    def claiming(length: int, count: int, banksize: int = 0) -> bytes:
        out = b""
        for n in range(1, count + 1):
            seg = bytearray(segment(lconst(b"\xEA") + END, segnum=n, banksize=banksize))
            struct.pack_into("<I", seg, 8, length)
            out += seg
        return out

    tracemalloc.start()
    try:
        with pytest.raises(omf.OMFError, match=r"LENGTH \$FFFFFF does not fit in the "
                           r"machine's 8 MB of RAM \(8,388,608 bytes\) \(") as err:
            omf.read_load_file(claiming(0xFFFFFF, 256))
        assert err.value.offset == 0
        with pytest.raises(omf.OMFError, match=r"cannot fit in its BANKSIZE \$10000"):
            omf.read_load_file(claiming(0xFFFFFF, 256, banksize=0x10000))
        assert tracemalloc.get_traced_memory()[1] < 1 << 20
        one = len(claiming(0x100000, 1))
        with pytest.raises(omf.OMFError, match=r"beside the 8,388,608 bytes of the "
                           "segments before it") as err:
            omf.read_load_file(claiming(0x100000, 9))      # 8 MB fit, the ninth does not
        assert err.value.offset == 8 * one
        assert tracemalloc.get_traced_memory()[1] < 3 * omf.RAM_BYTES
    finally:
        tracemalloc.stop()
    assert len(omf.read_load_file(claiming(0x100000, 8))) == 8
