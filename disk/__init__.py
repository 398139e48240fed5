"""The virtual ProDOS disk (a2til): open, check, commit atomically, build; one writer
a disk at a time (`disk.lock`)."""
from disk import lock
from disk.default import (PROGRAM_NAME, SETTINGS_DIR, VOLUME_NAME, build_default,
                          default_disk_path, install_program)
from disk.errors import (DiskError, VolumeDirectoryFull, VolumeFull, WriteProtected,
                         one_line)
from disk.host_path import ImagePathRefused
from disk.recovery import open_or_recover
from disk.volume import FileInfo, Volume

__all__ = ["Volume", "FileInfo", "DiskError", "VolumeFull", "VolumeDirectoryFull",
           "WriteProtected", "ImagePathRefused", "open_or_recover",
           "build_default", "default_disk_path", "install_program",
           "VOLUME_NAME", "PROGRAM_NAME", "SETTINGS_DIR", "one_line"]
