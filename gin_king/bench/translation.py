"""`gin-king bench translation`: what translating a workload's code costs in this tree,
and in another checkout of the project measured in the same run (`--against DIR`, a
`git worktree` of an earlier commit, say), so that the host's load falls on both alike.

The rounds alternate the trees, each a fresh process that runs the workload of `gin-king
bench cpu` from cold `--runs` times (a new CPU and translator each, no compiled code
shared) and keeps the least of each figure: host time compiling its shapes
(`iigs.blocks._compile`), in all and per instruction, and each region's whole
translation (discovery included). Instructions are counted two ways: as the tree counts
them (each compiled block's, where a tree whose blocks overlap compiles the instructions
they share once per block), and distinct, by address and state: the program's code
compiled (the same code in every tree for the compiled workload and the loops; where
regions are placed by shape, as in the unrolled workload, each tree compiles its own
share of it). `--workload GIN.KING` runs the program itself instead, `--seconds` of a
IIGS with File > New Game chosen, from a disk this tree makes, so that every tree runs
the same program.

Beside the cold figures, `_compile` warm: the shapes of one run compiled again and again
in a row (`--warm` times, the least kept), host caches and CPython's specialisation of
the translator's own code warm. The difference is what a translation pays for coming
after other work: the parser's, the compiler's and the translator's code and data
fetched again, a cost that does not shrink with the code made and weighs most on a
small region.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]   # this checkout

# What each process runs: written against the names every tree since the bench's
# translation figures has (`workloads`, `workload_cpu`, `Translator` and its
# `counters`, `blocks.discover`, `blocks._compile`, and for GIN.KING the runner's
# `run`, `system.runner` or before it `iigs.__main__`), so an earlier checkout runs it
# unchanged.
MEASURE = r'''
import gc, inspect, json, math, os, sys, time
from gin_king.bench import cpu as bench
from iigs import blocks
from iigs.tiers import Translator
prefix, runs, warm_runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
cold = ({"share_compiled": False}
        if "share_compiled" in inspect.signature(Translator).parameters else {})
if prefix == "GIN.KING":
    # The real program, from the disk the measuring tree made (argv[4]), a copy each run:
    # the runner's machine, its translator made as the workloads' are (none shared).
    import contextlib, io, shutil, tempfile
    try:
        from system import runner
    except ImportError:                  # (a tree from before `system`: the same `run`)
        import iigs.__main__ as runner
    disk, seconds = sys.argv[4], float(sys.argv[5])
    name = f"GIN.KING from its disk, {seconds:g} s of a IIGS with File/New Game"
    translators, init = [], Translator.__init__

    def noted(self, *args, **kwargs):
        init(self, *args, **{**cold, **kwargs})
        translators.append(self)

    Translator.__init__ = noted

    def run():
        with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stdout(io.StringIO()):
            status = runner.run(":GINKING:GIN.KING", disk=shutil.copy(disk, folder),
                                headless=True, seconds=seconds,
                                choices=[("File", "New Game")])
        if status != 124:                # (124: the seconds ran out, as asked)
            sys.exit(f"GIN.KING's run ended with status {status}, not at its time")
        return translators[-1].counters()
else:
    row = next((row for row in bench.workloads(3_000_000) if row[0].startswith(prefix)),
               None)
    if row is None:
        sys.exit(f"no `gin-king bench cpu` workload's name begins {prefix!r}")
    name, workload, cycles, _ = row

    def run():
        cpu = bench.workload_cpu(workload, Translator(**cold))
        cpu.run(cycles)
        return cpu.translator.counters()


# One run first, not timed, notes the instructions of each shape compiled (those of
# the blocks `discover` found last) and the shapes, compiled again warm at the end.
distinct, found, shapes = set(), [], []
discover, compile_shape = blocks.discover, blocks._compile


def discovering(*args, **kwargs):
    found.append(discover(*args, **kwargs))
    return found[-1]


def compiling(*args, **kwargs):
    distinct.update((i.at, i.key) for block in found[-1] for i in block.instructions)
    shapes.append((args, kwargs))
    return compile_shape(*args, **kwargs)


blocks.discover, blocks._compile = discovering, compiling
run()
blocks.discover, blocks._compile = discover, compile_shape
best = {"compile_ms": math.inf, "region_ms": math.inf, "warm_ms": math.inf}
for _ in range(runs):
    counts = run()
    made = counts["regions"] + counts["placed"]
    best["compile_ms"] = min(best["compile_ms"], 1e3 * counts["compile_seconds"])
    best["region_ms"] = min(best["region_ms"], 1e3 * counts["translate_seconds"] / made)
# (the collector paused, as translating pauses it)
gc.disable()
for _ in range(warm_runs):
    began = time.perf_counter()
    for args, kwargs in shapes:
        compile_shape(*args, **kwargs)
    best["warm_ms"] = min(best["warm_ms"], 1e3 * (time.perf_counter() - began))
gc.enable()
print(json.dumps({"tree": os.path.dirname(os.path.dirname(os.path.abspath(blocks.__file__))),
                  "workload": name, "instructions": counts["instructions"],
                  "distinct": len(distinct), "regions": made,
                  **best}))
'''

# (label, value of one process's figures) of each column printed
COLUMNS = (
    ("compile ms", lambda m: m["compile_ms"]),
    ("us/instruction", lambda m: 1e3 * m["compile_ms"] / m["instructions"]),
    ("us/distinct", lambda m: 1e3 * m["compile_ms"] / m["distinct"]),
    ("ms/region", lambda m: m["region_ms"]),
    ("warm ms", lambda m: m["warm_ms"]),
)


def measure(tree: Path, workload: str, runs: int, warm: int,
            program: tuple[str, ...] = ()) -> dict[str, float | str]:
    """One fresh process of `tree`'s code: its least figures over `runs` cold runs, and
    its shapes' `_compile` the least of `warm` in a row. `program`: for the workload
    GIN.KING, its disk's path and the seconds of a IIGS it runs."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(tree)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])))
    done = subprocess.run([sys.executable, "-c", MEASURE, workload, str(runs), str(warm),
                           *program], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"gin-king bench translation: {tree}: {last}")
    figures = json.loads(done.stdout.splitlines()[-1])
    # (a directory without the project's packages would run the installed ones instead)
    if Path(figures["tree"]).resolve() != tree.resolve():
        raise SystemExit(f"gin-king bench translation: {tree} is not a checkout of the "
                         f"project (the translator came from {figures['tree']})")
    return figures


def program_disk(folder: Path) -> Path:
    """A disk holding this tree's GIN.KING, for every tree measured to run the same
    program (a tree's translator and toolbox are what differ)."""
    from disk import lock
    from gin_king import app
    path = folder / "bench.po"
    volume, _ = app.prepare_disk(path, app.program_bytes())
    lock.release(volume)              # (each run copies it, and locks its copy)
    return path


def spread(values: list[float], digits: int) -> str:
    """`low-high` of `values` (one figure where they agree at that precision)."""
    low, high = f"{min(values):.{digits}f}", f"{max(values):.{digits}f}"
    return low if low == high else f"{low}-{high}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="gin-king bench translation", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="another checkout of the project, measured in the same rounds")
    parser.add_argument("--workload", default="compiled",
                        help="a `gin-king bench cpu` workload, by the start of its name "
                             "(default compiled), or GIN.KING: the program itself")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="a IIGS's seconds GIN.KING runs (default 10)")
    parser.add_argument("--rounds", type=int, default=4,
                        help="rounds, each a process of each tree in turn (default 4)")
    parser.add_argument("--runs", type=int, default=5,
                        help="cold runs per process, the least kept (default 5)")
    parser.add_argument("--warm", type=int, default=30,
                        help="warm compiles of the shapes per process, the least kept "
                             "(default 30)")
    args = parser.parse_args(argv)
    for name in ("rounds", "runs", "warm"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if not args.seconds > 0:
        parser.error("--seconds must be more than 0")
    trees = [ROOT] + ([args.against.resolve()] if args.against else [])
    for tree in trees:
        if not (tree / "iigs" / "blocks.py").is_file():
            parser.error(f"{tree} is not a checkout of the project (no iigs/blocks.py)")
    rounds: list[list[dict]] = [[] for _ in trees]
    with tempfile.TemporaryDirectory() as folder:
        program: tuple[str, ...] = ()
        if args.workload.upper() == "GIN.KING":
            args.workload = "GIN.KING"
            program = (str(program_disk(Path(folder))), str(args.seconds))
        for _ in range(args.rounds):
            for k, tree in enumerate(trees):
                rounds[k].append(measure(tree, args.workload, args.runs, args.warm, program))
    first = rounds[0][0]
    print(f"translation of {first['workload']}: {args.rounds} round(s), each tree the least "
          f"of {args.runs} cold run(s) a round (warm: of {args.warm} in a row); the least "
          f"of the rounds, then their range")
    print(f"{'tree':40} {'regions':>7} {'instructions':>12} {'(distinct)':>10}  "
          + "  ".join(f"{label:>14}" for label, _ in COLUMNS))
    for tree, runs in zip(trees, rounds):
        m = runs[-1]
        print(f"{str(tree)[-40:]:40} {m['regions']:>7} {m['instructions']:>12} "
              f"{'(' + str(m['distinct']) + ')':>10}  "
              + "  ".join(f"{min(value(r) for r in runs):>14.2f}" for _, value in COLUMNS))
        print(f"{'':73}" + "  ".join(f"{spread([value(r) for r in runs], 2):>14}"
                                     for _, value in COLUMNS))
    if args.against:
        print(f"{'this / against, the least of the rounds':73}" + "  ".join(
            f"{min(value(r) for r in rounds[0]) / min(value(r) for r in rounds[1]):>13.2f}x"
            for _, value in COLUMNS))
        print(f"{'... round by round':73}" + "  ".join(
            f"{spread([value(a) / value(b) for a, b in zip(*rounds)], 2) + 'x':>14}"
            for _, value in COLUMNS))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0
