"""The repository stands alone: its tracked files hold no half-resolved merge, and nothing
the packages or the docs say points outside the clone."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# A merge left by halves: git's markers at the start of a line, followed by a space
# (`<<<<<<< HEAD`, `>>>>>>> branch`); a lone `=======` is a Markdown heading underline.
CONFLICT = re.compile(r"^(<<<<<<<|>>>>>>>) ", re.MULTILINE)
# (the second alternative is spelt in two pieces so that this file does not match it)
OUTSIDE = re.compile(r"\.\./shared/|/work/" + "shared")
# Documents that are not in the repository: comments cite public sources and docs/.
OUTSIDE_DOCUMENTS = ("iigs-" + "toolbox.md", "DESIGN" + ".md")
TEXT_SUFFIXES = {".py", ".md", ".asm", ".macros", ".records", ".inc", ".toml", ".txt",
                 ".cfg", ""}


def tracked_text_files() -> list[Path]:
    try:
        listing = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                 check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (an installed copy): nothing tracked to read")
    return [ROOT / name for name in listing
            if name and Path(name).suffix in TEXT_SUFFIXES and (ROOT / name).is_file()]


def test_no_tracked_file_holds_merge_conflict_markers() -> None:
    hits = [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}"
            for path in tracked_text_files()
            for text in [path.read_text(errors="replace")]
            for m in CONFLICT.finditer(text)]
    assert hits == []


def test_no_code_or_doc_points_outside_the_repository() -> None:
    hits = [str(path.relative_to(ROOT)) for path in tracked_text_files()
            if "tests/cpu/vectors" not in path.as_posix()
            and OUTSIDE.search(path.read_text(errors="replace"))]
    assert hits == []


def test_no_tracked_file_cites_a_document_outside_the_repository() -> None:
    hits = [str(path.relative_to(ROOT)) for path in tracked_text_files()
            if "tests/cpu/vectors" not in path.as_posix()
            for text in [path.read_text(errors="replace")]
            if any(name in text for name in OUTSIDE_DOCUMENTS)]
    assert hits == []


def test_conflict_pattern_finds_a_marker() -> None:
    # The check above would pass on anything if the pattern never matched.
    assert CONFLICT.search("text\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> topic\n")
    assert not CONFLICT.search("Title\n=======\n")
