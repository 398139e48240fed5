"""The default disk: where it lives and what a fresh one holds.

The volume is an 800K ProDOS disk named /GINKING (the size of a 3.5" IIGS
floppy) holding the program GIN.KING as a GS/OS application (file type $B3 S16,
aux type $DB03: GS/OS-aware desktop application, File Type Note $B3) and a
SETTINGS folder for the settings and history files (Apple II File Type Notes).
"""
from __future__ import annotations

import os
from pathlib import Path

from disk.volume import BLOCKS_800K, Volume

VOLUME_NAME = "GINKING"
PROGRAM_NAME = "GIN.KING"
SETTINGS_DIR = "SETTINGS"
IMAGE_NAME = "GinKing.po"
PROGRAM_FILE_TYPE = 0xB3            # S16: GS/OS application
PROGRAM_AUX_TYPE = 0xDB03           # $DBxx: bit 0 GS/OS-aware, bit 1 desktop app
DATA_DIR_NAME = "gin-king"


def data_directory(override: str | os.PathLike | None = None) -> Path:
    """The user's data folder: `override`, else $XDG_DATA_HOME/gin-king, else
    ~/.local/share/gin-king (XDG Base Directory Specification)."""
    if override is not None:
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / DATA_DIR_NAME


def default_disk_path(data_dir: str | os.PathLike | None = None) -> Path:
    """Where the default disk image lives (it need not exist yet)."""
    return data_directory(data_dir) / IMAGE_NAME


def build_default(path: str | os.PathLike | None, program: bytes | None = None,
                  *, blocks: int = BLOCKS_800K) -> Volume:
    """Make a fresh /GINKING volume (with GIN.KING when `program` is given) and,
    when `path` is given, commit it there atomically."""
    volume = Volume.create(path, VOLUME_NAME, blocks)
    with volume.transaction():
        if program is not None:
            volume.write_file(PROGRAM_NAME, program, PROGRAM_FILE_TYPE,
                              PROGRAM_AUX_TYPE)
        volume.mkdir(SETTINGS_DIR)
    volume.commit()
    return volume


def install_program(volume: Volume, program: bytes) -> None:
    """Put (or refresh) GIN.KING on an existing volume and commit."""
    volume.write_file(PROGRAM_NAME, program, PROGRAM_FILE_TYPE, PROGRAM_AUX_TYPE,
                      replace=True)
    volume.commit()
