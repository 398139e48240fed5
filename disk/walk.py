"""Walking the directories of a ProDOS volume that may be damaged or hostile.

Follows the ProDOS 8 Technical Reference Manual, Appendix B.2: a directory is a chain
of 512-byte blocks, each opening with the number of the block before it (+$00; 0 in the
key block) and after it (+$02; 0 in the last block); the key block's first entry is
the directory's header (the volume header in block 2, with the bitmap's first block at
+$27 and the volume's size at +$29); names are 1 to 15 letters, digits and periods,
starting with a letter.

On a damaged disk a `next` pointer may name a block past the end of the volume or a
block already read (a loop: ProDOS would go round it for ever), and a folder's entry
may name a directory already walked (a folder inside itself). a2til follows some of
these and not others: it stops a chain at a block it has seen, but raises at a block
past the end, its check recurses without end into a folder inside itself, and its
writers follow `next` with no bound at all. So `BoundedProDOS` is a2til's volume with
every directory read bounded by the volume's size, and `structure_damage` walks the
whole tree once, each chain at most once per block and each folder at most once, and
says in words what breaks the rules: nothing here raises or runs on for a damaged disk.
"""
from __future__ import annotations

import errno
from dataclasses import dataclass, field

from a2til import prodos

VOLUME_DIR_BLOCK = 2
ENTRIES_PER_BLOCK = prodos.MAX_ENTRIES_PER_BLOCK       # 13 entries of 39 bytes
MAX_DEPTH = 32                      # folders in a 64-character ProDOS pathname
# Deeper than any pathname (256 characters and more) and well within the recursion
# a2til's check needs (two Python frames a folder): a tree this deep is damage.
DEEPEST_TREE = 128
STORAGE_DIRECTORY = 0xD


@dataclass
class Chain:
    """The blocks of one directory, in chain order, as far as they can be followed;
    `problem` says why the chain stopped early or broke the rules (None: sound)."""
    blocks: list[int] = field(default_factory=list)
    problem: str | None = None


def follow_chain(device: prodos.BlockDevice, key_block: int, total_blocks: int) -> Chain:
    """The directory chain from `key_block`, read through `device` (a2til's block
    device), never more blocks than the volume has and never one twice."""
    chain, seen = Chain(), set()
    if not 0 <= key_block < total_blocks:
        chain.problem = f"its key block {key_block} is past the end of the volume"
        return chain
    block, previous = key_block, 0
    while True:
        chain.blocks.append(block)
        seen.add(block)
        raw = device.read_unit(block)
        back, after = raw[0] | raw[1] << 8, raw[2] | raw[3] << 8
        if back != previous and chain.problem is None:
            chain.problem = (f"block {block} says the block before it is {back}, "
                             f"not {previous}")
        if after == 0:
            return chain
        if not 0 <= after < total_blocks:
            chain.problem = (f"block {block} links to block {after}, past the end of "
                             f"the volume ({total_blocks} blocks); what follows cannot be read")
            return chain
        if after in seen:                # so at most total_blocks blocks are read
            chain.problem = (f"block {block} links back to block {after}, a loop; "
                             f"each block is read once")
            return chain
        block, previous = after, block


def legal_name(name: str) -> bool:
    """Is `name` a name ProDOS allows (1-15 letters, digits, periods; a letter first)?"""
    return bool(prodos.pname_re.match(name))


def bitmap_in_range(volume: prodos.Volume) -> bool:
    """Does the volume's free-space bitmap lie within the image?"""
    header = volume._vh
    first = header.bit_map_pointer
    return 0 < first and first * 512 + (header.total_blocks + 7) // 8 <= len(volume._dev._mem)


def bitmap_damage(volume: prodos.Volume) -> list[str]:
    """A free-space bitmap outside the image, in words (or nothing)."""
    if bitmap_in_range(volume):
        return []
    return [f"the free-space bitmap's block {volume._vh.bit_map_pointer} lies outside "
            f"the volume"]


class BoundedProDOS(prodos.Volume):
    """a2til's ProDOS volume with its directory reads bounded (`follow_chain`): a chain
    that leaves the volume or loops ends where it breaks, a key block past the end reads
    as an empty folder, and a change to a broken directory is refused (EIO) instead of
    following it for ever. What is wrong is for `structure_damage` to say."""

    def _iter_dir_slots(self, blockno, *, write=False):
        """(entry, block, slot) of each live entry, as a2til's, over `follow_chain`."""
        per_block = ENTRIES_PER_BLOCK
        for n, block_no in enumerate(follow_chain(self._dev, blockno,
                                                  self._vh.total_blocks).blocks):
            block = self._dev.write_unit(block_no) if write else self._dev.read_unit(block_no)
            if n == 0:               # the header's count, never past a block's room
                per_block = min(self._dir_header(block).entries_per_block,
                                ENTRIES_PER_BLOCK)
            entries = prodos.DirBlock(block)
            for slot in range(1 if n == 0 else 0, per_block):
                entry = entries[slot]
                if entry.storage_type != 0:
                    yield entry, block_no, slot

    def _refuse_broken(self, dir_blockno: int) -> None:
        problem = follow_chain(self._dev, dir_blockno, self._vh.total_blocks).problem
        if problem is not None:
            raise OSError(errno.EIO, f"the directory at block {dir_blockno} is damaged: "
                                     f"{problem}")

    def _dir_writer(self, dir_blockno):
        self._refuse_broken(dir_blockno)
        return super()._dir_writer(dir_blockno)

    def rmdir(self, path):
        comps = self._components(path)
        entry = self._find_entry(self._dir_block(comps[:-1]), comps[-1]) if comps else None
        if entry is not None and entry.is_dir():
            self._refuse_broken(entry.key_pointer)
        return super().rmdir(path)

    @property
    def free_blocks(self):
        """Free blocks by the bitmap; none when the bitmap lies outside the image."""
        return self._bitmap().free_count() if bitmap_in_range(self) else 0


def structure_damage(volume: BoundedProDOS) -> tuple[list[str], bool]:
    """What breaks ProDOS's rules in the volume name and the directory tree, in
    words, and whether the tree is one a2til's own check can walk (no directory
    reached twice, none past DEEPEST_TREE, every chain whole; that
    check then reports a bitmap outside the volume, here `bitmap_damage`).

    Each folder is walked once, so the walk ends on any disk."""
    problems: list[str] = []
    total = volume._vh.total_blocks
    name = volume._vh.name
    if not legal_name(name):
        problems.append(f"the volume name {name!r} is not one ProDOS allows "
                        f"(1-15 letters, digits and periods, a letter first)")
    walkable = True
    walked: dict[int, str] = {}                     # key block -> the folder's path
    pending = [(VOLUME_DIR_BLOCK, "/" + name, 0)]
    while pending:
        key, path, depth = pending.pop()
        if key in walked:
            problems.append(f"folder {path} is the folder {walked[key]} again "
                            f"(a folder inside itself); it is not walked twice")
            walkable = False
            continue
        if depth > DEEPEST_TREE:
            problems.append(f"folder {path} is nested more than {DEEPEST_TREE} folders "
                            f"deep, far past any pathname; it is not walked")
            walkable = False
            continue
        walked[key] = path
        chain = follow_chain(volume._dev, key, total)
        if chain.problem is not None:
            problems.append(f"directory {path}: {chain.problem}")
            walkable = False
        if not chain.blocks:
            continue
        subfolders = [(entry.key_pointer, f"{path}/{entry.name}", depth + 1)
                      for entry, _block, _slot in volume._iter_dir_slots(key)
                      if entry.storage_type == STORAGE_DIRECTORY]
        pending.extend(reversed(subfolders))
    return problems, walkable
