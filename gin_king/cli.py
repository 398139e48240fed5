"""`gin-king`: the command line.

Each sub-command lives in the module that owns its work; this file is only the table
that names them, so adding a command never means editing another part's code.
"""
from __future__ import annotations

import importlib
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
}

# `gin-king bench NAME`: one module per benchmark under gin_king/bench/.
BENCHES: tuple[str, ...] = ("cpu", "video", "oracle", "native", "idle", "build")

USAGE = """usage: gin-king [play] [--disk IMG] [--script FILE]   play Gin King
       gin-king compare [--positions N] [--games M] [--seed S] [--json]
       gin-king tournament --p1 NAME --p2 NAME [--games N] [--seed S]
       gin-king openspiel --p1 NAME [--p2 simple|NAME] [--hands N] [--seed S] [--json]
       gin-king agent --player NAME      a computer player on stdin/stdout (JSON lines)
       gin-king bench {%s}
       gin-king disk ...""" % ",".join(BENCHES)


def _resolve(target: str):
    module, _, func = target.partition(":")
    return getattr(importlib.import_module(module), func)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(USAGE)
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
