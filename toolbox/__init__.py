"""The IIGS toolbox in Python, reached by `JSL $E10000` / `JSL $E100A8` as on the machine.

`ASM_DIR` (toolbox/asm/) is the toolbox's side of the native programs: the 65816 sources
every desktop program includes (`desktop.records`, `desktop.asm`: the tool start-up). Both
GIN.KING (gin_king/build.py) and the demo (system/demo) add it to their include folders.
"""
from pathlib import Path

ASM_DIR = Path(__file__).resolve().parent / "asm"


def asm_files(folder: Path = ASM_DIR) -> list[Path]:
    """The shared sources a native program's build reads (and hashes), in name order."""
    return sorted(p for p in folder.iterdir() if p.is_file())
