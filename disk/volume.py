"""The virtual ProDOS disk: one image file on the host, edited through a2til.

Follows the ProDOS 8 Technical Reference Manual (Appendix B, file organisation) as
a2til implements it, and the GS/OS Reference (storage types, access bits; ORCA/C gsos.h).

a2til edits an image in place. To keep the file on the host whole at every
instant, `Volume` works on an in-memory copy of the image (a2til's `Volume` over a
`bytearray`) and `commit()` writes that copy out atomically (`iigs.hostfile.atomic_write`). Each
mutator runs inside one a2til transaction, so a failed operation (a full disk, a
bad name) leaves the copy exactly as it was.

A volume opened read-only (`read_only` says why: the file's mode, a locked 2IMG
header, or damage that a write could make worse) refuses every change with
WriteProtected (ProDOS error $2B) and never writes its file. Lost blocks (marked
used, owned by nothing) are only warnings: they waste space and lose nothing.

Paths given to `Volume` are relative to the volume directory, components
separated by '/': "GIN.KING", "SETTINGS/PREFS"; "" is the volume directory.
"""
from __future__ import annotations

import errno
import re
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Iterator

from a2til import prodos

from disk import two_img
from iigs.hostfile import atomic_write, remove_stale_temporaries
from disk.errors import DamagedFile, DiskError, VolumeDirectoryFull, VolumeFull, WriteProtected
from disk.walk import (MAX_DEPTH, BoundedProDOS, bitmap_damage, follow_chain,
                       structure_damage)

BLOCK_SIZE = 512
BLOCKS_800K = 1600
DIRECTORY_FILE_TYPE = 0x0F

# ProDOS storage types (ProDOS 8 Technical Reference, Appendix B).
STORAGE_SEEDLING = 0x1
STORAGE_SAPLING = 0x2
STORAGE_TREE = 0x3
STORAGE_EXTENDED = 0x5
STORAGE_DIRECTORY = 0xD
STORAGE_VOLUME = 0xF

# Access byte: destroy, rename, backup-needed, write, read (an unlocked file).
ACCESS_UNLOCKED = 0xE3


# a2til's words for a block the bitmap holds but no file owns: space lost, nothing
# else (CiderPress ignores them too). Every other finding could cost data on a write.
LOST_BLOCK = re.compile(r"^block \d+ is marked used but unreferenced$")


def is_lost_block(problem: str) -> bool:
    return bool(LOST_BLOCK.match(problem))


@dataclass(frozen=True)
class FileInfo:
    """One directory entry as GS/OS GetFileInfo/GetDirEntry report it."""
    name: str
    path: str                  # relative to the volume directory
    file_type: int
    aux_type: int
    access: int
    storage_type: int
    eof: int                   # data fork length (directories: bytes of blocks)
    blocks_used: int
    created: datetime | None
    modified: datetime | None
    resource_eof: int = 0

    @property
    def is_dir(self) -> bool:
        return self.storage_type == STORAGE_DIRECTORY


def _date(entry, field: str) -> datetime | None:
    """A ProDOS date field; an impossible date (day 31 of February, hour 40)
    reads as "no date", as the Finder shows it, rather than failing."""
    try:
        return getattr(entry, field)
    except ValueError:
        return None


def split_path(path: str) -> list[str]:
    return [part for part in path.split("/") if part]


def blocks_for_size(size: int) -> int:
    """Blocks a standard file of `size` bytes needs, index blocks included
    (an upper bound: a2til stores all-zero blocks sparsely)."""
    data = max(1, -(-size // BLOCK_SIZE))
    if data == 1:
        return 1                                      # seedling
    if data <= 256:
        return 1 + data                               # sapling: one index block
    return 1 + -(-data // 256) + data                 # tree: master + index blocks


class Volume:
    """A ProDOS volume image held in memory and committed atomically to `path`."""

    def __init__(self, image: bytearray, path: str | Path | None = None,
                 read_only: str | None = None) -> None:
        self._image = image
        self.path = Path(path) if path is not None else None
        self._dirty = False
        self.read_only = read_only          # why nothing may be written, or None
        self.warnings: list[str] = []       # harmless findings (lost blocks)
        try:
            self._vol = BoundedProDOS(self._image)
        except Exception as err:                      # a2til raises many kinds on garbage
            raise DiskError(f"not a ProDOS volume: {err}") from err

    # -- opening and saving ----------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, *, read_only: str | None = None) -> "Volume":
        """Load the image at `path` (checked first: a device, FIFO, socket, folder or
        oversized file is refused untouched, disk.host_path).

        Raises DiskError when it is no ProDOS volume. Opens it read-only — `read_only`
        says why — when asked, when the file may not be written, when its 2IMG header
        is locked, or when a2til's check finds damage a write could make worse; lost
        blocks are kept in `warnings`."""
        from disk.host_path import check_image_path, read_image
        where = check_image_path(path)
        if not where.exists:
            raise DiskError("there is no such file")
        read_only = read_only or where.read_only
        if read_only is None:
            remove_stale_temporaries(where.real)
        image = read_image(where)
        if two_img.is_locked(image):
            read_only = read_only or "its 2IMG header marks it locked"
        volume = cls(image, where.given, read_only)
        damage = volume.damage()
        if damage and not volume.read_only:
            volume.read_only = (f"it is damaged: {damage[0]}"
                                + (f" (and {len(damage) - 1} more)" if len(damage) > 1
                                   else ""))
        return volume

    def damage(self) -> list[str]:
        """The check's findings that a write could turn into lost data (files sharing
        a block, a block outside the volume, a used block marked free, ...); lost
        blocks go to `warnings` instead."""
        problems = self.check()
        self.warnings = [p for p in problems if is_lost_block(p)]
        return [p for p in problems if not is_lost_block(p)]

    @classmethod
    def create(cls, path: str | Path | None, name: str,
               blocks: int = BLOCKS_800K) -> "Volume":
        """A fresh empty volume; written to `path` (if given) by `commit()`."""
        image = bytearray(prodos.format_image(name, blocks))
        if two_img.wants_2img(path):
            image = two_img.wrap(image)
        volume = cls(image, path)
        volume._dirty = True
        return volume

    def commit(self) -> bool:
        """Write the image to its path atomically if it changed; True if written.
        A read-only volume is never written."""
        if not self._dirty or self.path is None or self.read_only:
            return False
        self._vol.flush()       # a DOS-order 5.25" image is edited in a ProDOS-order copy
        atomic_write(self.path, self._image)
        self._dirty = False
        return True

    @property
    def dirty(self) -> bool:
        return self._dirty

    def image_bytes(self) -> bytes:
        if self._vol._tx is None:
            self._vol.flush()
        return bytes(self._image)

    # -- the volume ------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._vol.name

    @property
    def total_blocks(self) -> int:
        return self._vol.total_blocks

    @property
    def free_blocks(self) -> int:
        return self._vol.free_blocks

    def check(self) -> list[str]:
        """The structural check: an empty list means the volume is sound.

        First the bounded walk of the header and the directory tree (disk.walk: a
        loop, a link past the end, a folder inside itself, a name ProDOS does not
        allow); then, if the tree is one it can walk, a2til's check of every file's
        blocks against the bitmap."""
        problems, walkable = structure_damage(self._vol)
        bitmap = bitmap_damage(self._vol)
        if not walkable:
            return problems + bitmap
        try:
            found = list(self._vol.check())
        except Exception as err:                      # too damaged to walk at all
            found = [f"the check could not follow the disk: {err}"]
        if bitmap:                      # said once, in the words above, not a2til's two
            found = [p for p in found if not p.startswith("bitmap")]
        return problems + bitmap + found

    def directory_damage(self, path: str = "") -> str | None:
        """Why the folder at `path` cannot be read to its end (a loop, a link past
        the end of the volume), or None when its chain of blocks is whole."""
        key = (prodos.VOLUME_DIR_BLOCK if not split_path(path)
               else self._vol.entry_for(self._full(path)).key_pointer)
        return follow_chain(self._vol._dev, key, self.total_blocks).problem

    # -- reading ---------------------------------------------------------------------

    def _full(self, path: str) -> str:
        # Name the volume first: a2til strips exactly one leading volume name, so a
        # folder that shares the volume's name is still reachable. A damaged name
        # that no path component can equal (empty, or holding '/') is left out.
        name = self.name
        head = [name] if name and "/" not in name else []
        return "/" + "/".join([*head, *split_path(path)])

    def exists(self, path: str) -> bool:
        try:
            self.info(path)
            return True
        except FileNotFoundError:
            return False

    def is_dir(self, path: str) -> bool:
        if not split_path(path):
            return True
        try:
            return self.info(path).is_dir
        except FileNotFoundError:
            return False

    def info(self, path: str) -> FileInfo:
        """The entry at `path`; FileNotFoundError if it (or a folder on the way)
        is missing."""
        parts = split_path(path)
        if not parts:
            return self.volume_info()
        try:
            entry = self._vol.entry_for(self._full(path))
        except (FileNotFoundError, IsADirectoryError):
            raise FileNotFoundError(path) from None
        return self._file_info(entry, "/".join(parts))

    def volume_info(self) -> FileInfo:
        header = self._vol._vh
        return FileInfo(name=self.name, path="", file_type=DIRECTORY_FILE_TYPE,
                        aux_type=0, access=header.access, storage_type=STORAGE_VOLUME,
                        eof=0, blocks_used=self.total_blocks - self.free_blocks,
                        created=_date(header, "creation"),
                        modified=_date(header, "creation"))

    def _file_info(self, entry, path: str) -> FileInfo:
        eof, resource_eof = entry.eof, 0
        if entry.storage_type == STORAGE_EXTENDED:
            try:
                eof = self._vol._resolve_fork(entry, "data")[2]
                resource_eof = self._vol._resolve_fork(entry, "rsrc")[2]
            except ValueError:              # its key block is past the end: damage
                eof = 0
        return FileInfo(name=entry.name, path=path, file_type=entry.type,
                        aux_type=entry.aux_type, access=entry.access,
                        storage_type=entry.storage_type, eof=eof,
                        blocks_used=entry.blocks_used, created=_date(entry, "creation"),
                        modified=_date(entry, "last_mod"), resource_eof=resource_eof)

    def listdir(self, path: str = "") -> list[FileInfo]:
        """The entries of the folder at `path`, in directory order."""
        if not self.is_dir(path):
            raise NotADirectoryError(path)
        base = split_path(path)
        return [self._file_info(e.stat(), "/".join([*base, e.name]))
                for e in self._vol.scandir(self._full(path))]

    def walk(self, path: str = "") -> Iterator[FileInfo]:
        """Every entry below `path`, depth first. Each folder is entered once and no
        deeper than a ProDOS pathname can reach (64 characters: 32 folders), so a
        damaged disk whose folders form a loop ends."""
        if not self.is_dir(path):
            raise NotADirectoryError(path)
        entered: set[int] = set()

        def below(folder: str, key: int) -> Iterator[FileInfo]:
            entered.add(key)
            base = split_path(folder)
            for entry in self._vol._iter_dir(key):
                info = self._file_info(entry, "/".join([*base, entry.name]))
                yield info
                if (info.is_dir and entry.key_pointer not in entered
                        and info.path.count("/") < MAX_DEPTH):
                    yield from below(info.path, entry.key_pointer)

        key = (prodos.VOLUME_DIR_BLOCK if not split_path(path)
               else self._vol.entry_for(self._full(path)).key_pointer)
        yield from below(path, key)

    def read_file(self, path: str, fork: str = "data") -> bytes:
        """A fork of the file at `path`; DamagedFile when its blocks cannot be
        followed (an index past the end of the volume, an EOF beyond its blocks)."""
        try:
            return self._vol.read_file(self._full(path), fork)
        except IsADirectoryError:
            raise
        except FileNotFoundError:
            raise FileNotFoundError(path) from None
        except (ValueError, IndexError) as err:
            raise DamagedFile(f"{path} is damaged and cannot be read ({err})") from None

    # -- writing (each call is one a2til transaction) ----------------------------------

    @contextmanager
    def transaction(self) -> Iterator["Volume"]:
        """Several changes as one: all of them stand, or none (the image is
        restored if the body raises)."""
        self._refuse_if_read_only()
        with self._vol.transaction():
            yield self
        self._dirty = True

    def _refuse_if_read_only(self) -> None:
        if self.read_only:
            raise WriteProtected(f"the disk is read-only: {self.read_only}")

    def _mutate(self, action, *args, **kwargs):
        self._refuse_if_read_only()
        try:
            if self._vol._tx is not None:          # inside an explicit transaction
                return action(*args, **kwargs)
            with self._vol.transaction():
                result = action(*args, **kwargs)
        except OSError as err:
            if err.errno == errno.ENOSPC:
                if "directory" in str(err):
                    raise VolumeDirectoryFull(str(err)) from None
                raise VolumeFull(str(err)) from None
            raise
        self._dirty = True
        return result

    def write_file(self, path: str, data: bytes, file_type: int = 0x06,
                   aux_type: int = 0, *, access: int | None = None,
                   created: datetime | None = None, modified: datetime | None = None,
                   resource: bytes | None = None, replace: bool = False) -> None:
        """Create (or with `replace`, rewrite) the file at `path`.

        A rewrite keeps the old creation date and access unless given, and runs
        in one transaction: if the new contents do not fit, the old file is
        still there, whole.
        """
        def write() -> None:
            full = self._full(path)
            old = None
            if replace:
                try:
                    old = self._vol.entry_for(full)
                except FileNotFoundError:
                    old = None
            old_created = _date(old, "creation") if old is not None else None
            old_access = old.access if old is not None else None
            self._vol.write_file(full, bytes(data), file_type=file_type,
                                 aux_type=aux_type, overwrite=old is not None,
                                 resource=resource)
            now = datetime.now().replace(second=0, microsecond=0)
            self._vol.set_file_info(
                full, access=access if access is not None else old_access,
                creation=created or old_created or now, last_mod=modified or now)
        self._mutate(write)

    def create_file(self, path: str, file_type: int, aux_type: int, access: int,
                    *, created: datetime | None = None,
                    modified: datetime | None = None) -> None:
        """An empty file (GS/OS Create of a standard file)."""
        self.write_file(path, b"", file_type, aux_type, access=access,
                        created=created, modified=modified)

    def mkdir(self, path: str, *, access: int | None = None,
              created: datetime | None = None) -> None:
        def make() -> None:
            self._vol.mkdir(self._full(path))
            if access is not None or created is not None:
                self._vol.set_file_info(self._full(path), access=access,
                                        creation=created, last_mod=created)
        self._mutate(make)

    def remove(self, path: str) -> None:
        """Delete a file, or an empty folder."""
        if self.is_dir(path):
            self._mutate(self._vol.rmdir, self._full(path))
        else:
            self._mutate(self._vol.remove, self._full(path))

    def rename(self, path: str, new_path: str) -> None:
        self._mutate(self._vol.rename, self._full(path), self._full(new_path))

    def set_file_info(self, path: str, *, access: int | None = None,
                      file_type: int | None = None, aux_type: int | None = None,
                      created: datetime | None = None,
                      modified: datetime | None = None) -> None:
        self._mutate(self._vol.set_file_info, self._full(path), access=access,
                     file_type=file_type, aux_type=aux_type, creation=created,
                     last_mod=modified)

    def fits(self, path: str, new_size: int) -> bool:
        """Would rewriting `path` with `new_size` bytes fit in the free blocks?"""
        try:
            held = self.info(path).blocks_used
        except FileNotFoundError:
            held = 0
        return blocks_for_size(new_size) <= self.free_blocks + held
