"""`gin-king`: the command line.

Each sub-command lives in the module that owns its work; this file is only the table
that names them, so adding a command never means editing another part's code.
"""
from __future__ import annotations

import contextlib
import importlib
import io
import sys

# sub-command -> "module:function"; the function takes the remaining argv and returns
# an exit status.
COMMANDS: dict[str, str] = {
    "play": "gin_king.app:main",
    "compare": "gin_king.compare:main",
    "tournament": "gin_king.oracle.tournament:main",
    "disk": "disk.cli:main",
    "screens": "gin_king.screens:main",
    "openspiel": "gin_king.openspiel:main",
    "agent": "gin_king.agent:main",
    "soak": "gin_king.soak:main",
}

# `gin-king bench NAME`: one module per benchmark under gin_king/bench/.
BENCHES: tuple[str, ...] = ("cpu", "translation", "video", "oracle", "native", "idle",
                           "build", "sound", "agent", "ui")

# commands whose own sub-commands each have options (`gin-king disk ls --help` ...)
SUBCOMMANDS: dict[str, tuple[str, ...]] = {
    "disk": ("info", "ls", "check", "build", "get", "put"),
    "soak": ("kill",),
}

KEYS = """keys while playing (README "Playing"): Command (Alt or the Windows key on a PC,
Command on a Mac) with a menu's letter; F3 Undo; F6 Show Cards; Return, keypad Enter or
the space bar continue after a hand; Escape cancels a dialog; keypad Clear (Num Lock on
a PC) is the IIGS Clear key; Option is right Alt (AltGr) on a PC, Option on a Mac."""

USAGE = """usage: gin-king [play] [--disk IMG] [--script FILE]   play Gin King
       gin-king compare [--positions N] [--games M] [--seed S] [--rules R,R...] [--json]
       gin-king tournament --p1 NAME --p2 NAME [--games N] [--seed S] [--rules R,R...]
       gin-king openspiel --p1 NAME [--p2 simple|NAME] [--hands N] [--seed S] [--json]
       gin-king agent --player NAME      a computer player on stdin/stdout (JSON lines)
       gin-king bench {%s}
       gin-king soak kill [--times N] [--seed S]   SIGKILLs while the game is saved
       gin-king disk ...""" % ",".join(BENCHES)


def _resolve(target: str):
    module, _, func = target.partition(":")
    return getattr(importlib.import_module(module), func)


def _own_help(argv: list[str]) -> str:
    """What `gin-king ARGV --help` prints (the command's own argparse help)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main(argv + ["--help"])
        except SystemExit:
            pass
    return out.getvalue().rstrip()


def full_help() -> str:
    """The summary, then every command's and benchmark's own help: every option."""
    parts = [USAGE, KEYS]
    for command in COMMANDS:
        parts.append(_own_help([command]))
        for sub in SUBCOMMANDS.get(command, ()):
            parts.append(_own_help([command, sub]))
    for bench in BENCHES:
        parts.append(_own_help(["bench", bench]))
    return "\n\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(full_help())
        return 0
    if argv and argv[0] == "bench":
        if len(argv) < 2 or argv[1] not in BENCHES:
            print(USAGE, file=sys.stderr)
            return 2
        return int(_resolve(f"gin_king.bench.{argv[1]}:main")(argv[2:]) or 0)
    if argv and argv[0] in COMMANDS:
        return int(_resolve(COMMANDS[argv[0]])(argv[1:]) or 0)
    # No sub-command (or only options): play.
    return int(_resolve(COMMANDS["play"])(argv) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
