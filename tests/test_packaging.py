"""Every file the packages read at run time ships with them: a non-editable install
(``pip install .``) must carry the assembly sources, macros, records and tables that the
builds and the toolbox open beside their modules."""
from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_OUTPUT = {"_build", "__pycache__"}      # made at run time, never shipped


def globbed(relative: str, pattern: str) -> bool:
    """Does setuptools' glob ``pattern`` take ``relative``? A ``*`` stays inside one
    folder, as in glob."""
    parts, wanted = relative.split("/"), pattern.split("/")
    return len(parts) == len(wanted) and all(map(fnmatch.fnmatchcase, parts, wanted))


def test_every_data_file_of_a_package_is_in_its_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]
    missing = []
    for package in ("gin_king", "iigs", "toolbox", "disk", "system"):
        base = ROOT / package
        for path in base.rglob("*"):
            relative = path.relative_to(base)
            if (path.is_dir() or path.suffix == ".py"
                    or BUILD_OUTPUT & set(relative.parts)):
                continue
            if not any(globbed(relative.as_posix(), p) for p in patterns.get(package, [])):
                missing.append(f"{package}/{relative.as_posix()}")
    assert missing == [], "not in [tool.setuptools.package-data]: " + ", ".join(missing)


def test_every_console_script_names_a_function_of_the_packages() -> None:
    # `gin-king` and `iigs` (the runner, on the system floor) are what an install puts
    # on the path: each must name a function that is there.
    import importlib
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["iigs"] == "system.runner:main"
    for name, target in scripts.items():
        module, _, function = target.partition(":")
        assert callable(getattr(importlib.import_module(module), function)), name
