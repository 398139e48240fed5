"""Building GIN.KING: assemble the 65816 sources with gsasm and link an OMF S16 load file.

The sources are a table (`SOURCES`); generated data sources are a second table
(`GENERATED`), each produced by a Python function from the oracle's own definitions so
the tables cannot drift from the rules. The result is cached under `gin_king/_build/`
(or the user cache directory when the package is read-only), keyed by a hash of every
source, every include, every generated text and the gsasm version: `ensure_built()`
rebuilds only when one of them changed, so nobody ever runs a build step by hand.

The load file has two relocatable segments. Segment 1 is the code and its variables (gsasm
`merge` + `super`, see docs/architecture.md, "Toolchain"); segment 2 is a data segment of
the generated units named in `DATA_SEGMENT_UNITS` (the big lookup tables), which the code
reaches with long
addressing and the loader relocates with cINTERSEG records (`_link`). Beside the load
file, `GIN.KING.json` is the symbol map: name -> {"segment": n, "offset": m}.
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from toolbox import ASM_DIR as SHARED_DIR, asm_files   # what every desktop program shares

ASM_DIR = Path(__file__).resolve().parent / "asm"
MACRO_DIR = ASM_DIR / "macros"
LOCAL_BUILD_DIR = Path(__file__).resolve().parent / "_build"
LOAD_FILE_NAME = "GIN.KING"
ENGINE_FILE_NAME = "GIN.ENGINE"   # the engine units alone (native.py, compare, bench)
SYMBOLS_SUFFIX = ".json"
APP_PREFIX = "app/"               # sources under asm/app/ are the desktop program


Progress = Callable[[int, int], None]     # (steps done, steps in all)


class BuildError(Exception):
    """Assembly or link failed; the message lists every error as `file:line: text`."""


@dataclass(frozen=True)
class Source:
    """One assembly unit of GIN.KING."""
    file: str          # path relative to gin_king/asm/
    role: str          # what it holds, for the map and for readers of this table


# The units of GIN.KING, linked in this order. The desktop program adds its rows here.
SOURCES: list[Source] = [
    Source("app/main.asm", "the desktop program: start-up, menus, table, game flow, dialogs, files"),
    Source("rules.asm", "RulesBlock: the house rules the engine plays by (docs/native-abi.md)"),
    Source("rng.asm", "xorshift32, below(n), Fisher-Yates shuffle, the deal (docs/rng.md)"),
    Source("deadwood.asm", "deadwood and best melds of a hand of four suit masks"),
    Source("advice.asm", "advice text: literals, cards, numbers, melds, card lists"),
    Source("decide.asm", "position and decision blocks; GK_Decide and its jump table"),
    Source("knock.asm", "knocking advice; the always-knock decision"),
    Source("irv.asm", "Irv: random draw and discard from his own generator"),
    Source("willy.asm", "Willy: deadwood-reducing draw; least-deadwood discard"),
    Source("sonia.asm", "Sonia: melded-cards draw (also Mort, Bernie, Phyllis, Shark, King)"),
    Source("measures.asm", "per-card measures: live melds, opponent partners, helpers"),
    Source("outlook.asm", "King's one-draw look-ahead: expected deadwood after the next draw"),
    Source("remember.asm", "Mort, Bernie, Phyllis (Shark), King discards; MORT and BERNIE advice"),
    Source("shark.asm", "Shark: the score-aware knock rules over Phyllis's knock"),
    Source("king.asm", "King: look-ahead draw, knock with KNOCK_MAX and the gin outs"),
    Source("layoff.asm", "the showdown: knocker's melds, laying off, knock legality"),
    Source("scoring.asm", "hand and game scoring; Oklahoma knock limit and doubling"),
    Source("entry.asm", "User Supplied Cards: reading an entry; the closest available card"),
    Source("app/text.asm", "the Help pages: text drawn through long pointers (data segment)"),
    Source("app/columns.asm", "the table dialogs' column buffers (data segment)"),
]


RANKS_PER_SUIT = 13
SUIT_MASKS = 1 << RANKS_PER_SUIT
RUN_MIN_LENGTH = 3


def _rank_values() -> list[int]:
    """Deadwood value of each rank (Ace..King), from the oracle when it is present."""
    try:
        from gin_king.oracle.cards import card_value
        return [card_value(r) for r in range(RANKS_PER_SUIT)]   # card r: the clubs of rank r
    except (ImportError, AttributeError):
        # docs/rng.md: Ace 1, 2..10 their rank, J/Q/K 10.
        return [min(r + 1, 10) for r in range(RANKS_PER_SUIT)]


def run_deadwood(mask: int, values: list[int]) -> int:
    """Deadwood of one suit's cards when only runs may be formed: every card outside a
    block of >= 3 consecutive ranks. (Splitting a long run never lowers it.)"""
    dead = 0
    r = 0
    while r < RANKS_PER_SUIT:
        if not mask >> r & 1:
            r += 1
            continue
        start = r
        while r < RANKS_PER_SUIT and mask >> r & 1:
            r += 1
        if r - start < RUN_MIN_LENGTH:
            dead += sum(values[start:r])
    return dead


def _scan_order() -> list[int]:
    """The discard scan order of docs/personalities.md section 1, from the oracle."""
    try:
        from gin_king.oracle.measures import SCAN_ORDER
        return [int(c) for c in SCAN_ORDER]
    except ImportError:
        return [s * RANKS_PER_SUIT + r for r in range(12, -1, -1) for s in range(3, -1, -1)]


MELD_PAIRS_MAX = 6


def _three_card_melds(corner: bool = False) -> list[list[tuple[int, int]]]:
    """docs/personalities.md section 1, "the three-card melds of c", from the oracle (with
    ``corner``, CORNER_THREE_CARD_MELDS: runs around the corner)."""
    from gin_king.oracle.melds import CORNER_THREE_CARD_MELDS, THREE_CARD_MELDS
    melds = CORNER_THREE_CARD_MELDS if corner else THREE_CARD_MELDS
    return [[(int(x), int(y)) for x, y in pairs] for pairs in melds]


def _meld_pairs(corner: bool = False) -> list[int]:
    """MeldPairs (or MeldPairsCorner): per card its partner pairs, MELD_PAIRS_MAX pairs of
    bytes, $FF after the last."""
    flat: list[int] = []
    for pairs in _three_card_melds(corner):
        flat += [v for pair in pairs for v in pair] + [0xFF] * (2 * (MELD_PAIRS_MAX - len(pairs)))
    return flat


def _byte_table(label: str, comment: str, values: list[int]) -> list[str]:
    lines = [f"; {comment}", f"{label}"]
    for i in range(0, len(values), 32):
        lines.append("        DC.B    " + ",".join(str(v) for v in values[i:i + 32]))
    return lines


_HEADER = ["; Generated by gin_king/build.py from the oracle's definitions. Do not edit.",
           "        MACHINE M65816", "        CASE    ON", ""]


def _suit_deadwood() -> list[int]:
    values = _rank_values()
    return [run_deadwood(m, values) for m in range(SUIT_MASKS)]


def _generate_run_deadwood() -> str:
    """RunDeadwood: one byte per 13-bit suit mask, its deadwood with runs only."""
    out = _HEADER + ["RunDeadwoodTable PROC EXPORT", "        EXPORT  RunDeadwood"]
    out += _byte_table("RunDeadwood", "deadwood of a suit mask, runs only", _suit_deadwood())
    return "\n".join(out + ["        ENDP", "        END", ""])


def _suit_gain() -> list[int]:
    """Per 13-bit suit mask, the deadwood its best discard removes."""
    dead = _suit_deadwood()
    gain = [0] * SUIT_MASKS
    for m in range(1, SUIT_MASKS):
        # clamped at 0: a negative gain only occurs when every card of the suit is in a
        # run of exactly three, and then the hand has a better arrangement anyway
        gain[m] = max(0, dead[m] - min(dead[m & ~(1 << r)]
                                       for r in range(RANKS_PER_SUIT) if m >> r & 1))
    return gain


def _generate_run_gain() -> str:
    """RunGain: one byte per 13-bit suit mask, the deadwood its best discard removes."""
    out = _HEADER + ["RunGainTable PROC EXPORT", "        EXPORT  RunGain"]
    out += _byte_table("RunGain", "deadwood removed by discarding the suit's best card",
                       _suit_gain())
    return "\n".join(out + ["        ENDP", "        END", ""])


# ---- runs around the corner (house rule; docs/rules.md "House rules") ----------------------

def _corner_suit_deadwood() -> list[int]:
    """Per suit mask, its deadwood with runs around the corner only (Q-K-A, K-A-2, ...; a
    dead ace worth 15): every card outside the oracle's corner run candidates held
    (melds.py `_corner_runs_in_suit_mask`, `_CORNER_RUNS`), valued by `_corner_value`."""
    from gin_king.oracle.melds import _CORNER_RUNS, _corner_runs_in_suit_mask, _corner_value
    dead = []
    for m in range(SUIT_MASKS):
        covered = 0
        for start, length in _corner_runs_in_suit_mask(m):
            covered |= _CORNER_RUNS[start, length].mask      # clubs: card r is bit r
        dead.append(sum(_corner_value(r) for r in range(RANKS_PER_SUIT)
                        if (m & ~covered) >> r & 1))
    return dead


def _gain_table(dead: list[int]) -> list[int]:
    """Per suit mask, the deadwood its best discard removes, clamped at 0 (a negative gain
    only occurs when every card of the suit is in a run of exactly three, and then the
    hand has a better arrangement anyway)."""
    gain = [0] * SUIT_MASKS
    for m in range(1, SUIT_MASKS):
        gain[m] = max(0, dead[m] - min(dead[m & ~(1 << r)]
                                       for r in range(RANKS_PER_SUIT) if m >> r & 1))
    return gain


def _generate_corner_deadwood() -> str:
    """RunDeadwoodCorner: RunDeadwood with runs around the corner and a dead ace 15."""
    out = _HEADER + ["RunDeadwoodCornerTable PROC EXPORT", "        EXPORT  RunDeadwoodCorner"]
    out += _byte_table("RunDeadwoodCorner", "deadwood of a suit mask, runs around the corner",
                       _corner_suit_deadwood())
    return "\n".join(out + ["        ENDP", "        END", ""])


def _generate_corner_gain() -> str:
    """RunGainCorner: RunGain with runs around the corner and a dead ace 15."""
    out = _HEADER + ["RunGainCornerTable PROC EXPORT", "        EXPORT  RunGainCorner"]
    out += _byte_table("RunGainCorner", "deadwood removed by the suit's best discard, "
                       "runs around the corner", _gain_table(_corner_suit_deadwood()))
    return "\n".join(out + ["        ENDP", "        END", ""])


def _generate_corner_meld_pairs() -> str:
    """MeldPairsCorner: MeldPairs with runs around the corner (every card 6 pairs)."""
    out = _HEADER + ["MeldPairsCornerTable PROC EXPORT", "        EXPORT  MeldPairsCorner"]
    out += _byte_table("MeldPairsCorner", "per card: its three-card melds around the corner "
                       "as partner pairs (x, y), 6 pairs", _meld_pairs(corner=True))
    return "\n".join(out + ["        ENDP", "        END", ""])


def _generate_card_tables() -> str:
    """Per-card tables: CardSuit2, CardRank2, CardBit (words), the discard ScanOrder and
    each card's three-card melds (MeldPairs)."""
    out = _HEADER + ["CardTables PROC EXPORT", "        EXPORT  CardSuit2", "        EXPORT  CardBit",
                     "        EXPORT  CardRank2", "        EXPORT  ScanOrder",
                     "        EXPORT  MeldPairs", "        EXPORT  MeldPairsScratch"]
    out += ["; suit * 2 of each card 0..51 (an offset into a Hand record)", "CardSuit2"]
    out += ["        DC.W    " + ",".join(str(2 * (c // RANKS_PER_SUIT)) for c in range(s, s + 13))
            for s in range(0, 52, 13)]
    out += ["; rank * 2 of each card 0..51", "CardRank2"]
    out += ["        DC.W    " + ",".join(str(2 * (c % RANKS_PER_SUIT)) for c in range(s, s + 13))
            for s in range(0, 52, 13)]
    out += ["; discard candidates in scan order: King down to Ace, spades down to clubs",
            "ScanOrder"]
    out += ["        DC.B    " + ",".join(str(c) for c in _scan_order())]
    out += ["; per card: its three-card melds as partner pairs (x, y), 6 pairs, $FF = none",
            "MeldPairs"]
    for c, pairs in enumerate(_three_card_melds()):
        flat = [v for pair in pairs for v in pair] + [0xFF] * (2 * (MELD_PAIRS_MAX - len(pairs)))
        out.append("        DC.B    " + ",".join(str(v) for v in flat) + f"   ; card {c}")
    out += ["; one more row, written: Measure copies a card's row of MeldPairsCorner here (runs",
            "; around the corner) and reads it as MeldPairs row 52",
            f"MeldPairsScratch DS.B {2 * MELD_PAIRS_MAX}"]
    out += ["; 1 << rank of each card 0..51 (its bit in its suit mask)", "CardBit"]
    out += ["        DC.W    " + ",".join(f"${1 << (c % RANKS_PER_SUIT):04X}" for c in range(s, s + 13))
            for s in range(0, 52, 13)]
    return "\n".join(out + ["        ENDP", "        END", ""])


# Generated units: file name (placed in the build dir) -> generator returning its text.
GENERATED: dict[str, Callable[[], str]] = {
    "rundeadwood.asm": _generate_run_deadwood,
    "rungain.asm": _generate_run_gain,
    "rundeadwoodcorner.asm": _generate_corner_deadwood,    # house rule: around the corner
    "rungaincorner.asm": _generate_corner_gain,
    "meldpairscorner.asm": _generate_corner_meld_pairs,
    "cardtables.asm": _generate_card_tables,
}

# The units that go to the data segment (segment 2) instead of the code segment: generated
# ones by their GENERATED name, hand-written ones by their SOURCES path. The code reaches
# their labels with long addressing only (`lda >Label,x`, `adc >Label,x`, `cmp >Label,x`,
# `dc.l Label`, `#^Label`, `pea Label>>16` with `pea Label`): the code segment's bank is
# DBR, theirs is not. A unit listed here must hold data alone (no relocated address).
# Segment 1 must fit in one bank (BANK_SIZE): what the code does not need in its own bank
# belongs here.
DATA_SEGMENT_UNITS: tuple[str, ...] = (
    "rundeadwood.asm",
    "rungain.asm",
    "rundeadwoodcorner.asm",
    "rungaincorner.asm",
    "meldpairscorner.asm",
    "app/text.asm",
    "app/columns.asm",
)

CODE_SEGMENT = 1                  # SEGNUM of the program (code and its variables)
DATA_SEGMENT = 2                  # SEGNUM of the data segment
DATA_SEGMENT_NAME = b"GinKingTables"
KIND_DATA = 0x0001                # OMF KIND: a static data segment
BANK_SIZE = 0x10000               # BANKSIZE: a segment may not cross a bank boundary


# --------------------------------------------------------------------------------------
# cache key and output location

def _gsasm_version() -> str:
    try:
        return importlib.metadata.version("gsasm")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover
        return "unknown"


def engine_sources() -> list[Source]:
    """The rows of SOURCES that are the engine (everything outside asm/app/)."""
    return [s for s in SOURCES if not s.file.startswith(APP_PREFIX)]


def _all_inputs(engine_only: bool = False) -> list[Path]:
    """Every hand-written file the build reads: sources and includes, in every folder
    under asm/, and the desktop start-up the desktop program includes from SHARED_DIR
    (toolbox/asm/). The engine alone leaves out asm/app/ and SHARED_DIR."""
    files = sorted(p for p in ASM_DIR.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    if engine_only:
        app_dir = ASM_DIR / APP_PREFIX.rstrip("/")
        return [p for p in files if app_dir not in p.parents]
    return files + asm_files(SHARED_DIR)


def _generated_texts() -> dict[str, str]:
    return {name: gen() for name, gen in GENERATED.items()}


# What the generated units are computed from: this file and the oracle's definitions.
GENERATOR_INPUTS: tuple[Path, ...] = (
    Path(__file__).resolve(),
    Path(__file__).resolve().parent / "oracle" / "cards.py",
    Path(__file__).resolve().parent / "oracle" / "melds.py",
    Path(__file__).resolve().parent / "oracle" / "rules.py",       # CORNER_ACE_VALUE
    Path(__file__).resolve().parent / "oracle" / "measures.py",
)


def source_hash(engine_only: bool = False) -> str:
    """A hash of all sources and includes, the source table, the generators' inputs and
    gsasm's version: what the load file depends on. Cheap: nothing is generated."""
    h = hashlib.sha256()
    h.update(_gsasm_version().encode())
    sources = engine_sources() if engine_only else SOURCES
    h.update(repr([(s.file, s.role) for s in sources]).encode())
    h.update(repr(sorted(GENERATED)).encode())
    h.update(repr(DATA_SEGMENT_UNITS).encode())
    for p in _all_inputs(engine_only) + [p for p in GENERATOR_INPUTS if p.exists()]:
        h.update(str(p.relative_to(p.anchor)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def _writable(d: Path) -> bool:
    try:
        d.mkdir(parents=True, exist_ok=True)
        probe = d / ".probe"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def build_dir() -> Path:
    """gin_king/_build/ when writable, else the user cache directory."""
    if _writable(LOCAL_BUILD_DIR):
        return LOCAL_BUILD_DIR
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    d = base / "gin-king" / "build"
    d.mkdir(parents=True, exist_ok=True)
    return d


# --------------------------------------------------------------------------------------
# assemble and link

def _assemble_unit(path: str, include_dirs: list[str]):
    """Assemble one unit and emit its object (runs in a worker process)."""
    from gsasm import asm as gs_asm, omf
    try:
        a = gs_asm.assemble(path, include_dirs)
    except Exception as exc:  # gsasm raises on some malformed input
        return None, None, [f"{Path(path).name}: error: {exc}"]
    if a.errors:
        return None, a, list(a.errors)
    return omf.emit(a), a, []


def _assemble_all(units: list[Path], include_dirs: list[str],
                  progress: Progress | None = None) -> list[tuple]:
    """Every unit, in parallel when there are several processors; results in unit order.
    `progress(done, total)` is told as each unit is finished."""
    tell = progress or (lambda done, total: None)
    workers = min(len(units), os.cpu_count() or 1)
    if workers > 1:
        try:
            from concurrent.futures import ProcessPoolExecutor, as_completed
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(_assemble_unit, str(u), include_dirs) for u in units]
                for done, _ in enumerate(as_completed(futures), 1):
                    tell(done, len(units) + 1)
                return [f.result() for f in futures]
        except (OSError, ImportError):  # no processes available: assemble here
            pass
    results = []
    for u in units:
        results.append(_assemble_unit(str(u), include_dirs))
        tell(len(results), len(units) + 1)
    return results


def build(out_dir: Path | None = None, engine_only: bool = False,
          progress: Progress | None = None) -> tuple[Path, dict[str, dict[str, int]]]:
    """Assemble and link every unit now (no cache check). Returns (load file, symbols).
    `engine_only`: leave out the desktop program (GIN.ENGINE instead of GIN.KING).
    `progress(done, total)`: told after each unit and after the link (the last step)."""
    out_dir = out_dir or build_dir()
    gen_dir = out_dir / "generated"
    gen_dir.mkdir(parents=True, exist_ok=True)
    generated = _generated_texts()
    for name, text in generated.items():
        # atomically, and only when changed: a parallel build may be reading it
        path = gen_dir / name
        if not path.exists() or path.read_text() != text:
            _atomic_write(path, text.encode())

    include_dirs = [str(ASM_DIR), str(MACRO_DIR), str(gen_dir), str(SHARED_DIR)]
    sources = engine_sources() if engine_only else SOURCES
    # the data segment's units last: the code segment is everything before them
    data_units = ([ASM_DIR / s.file for s in sources if s.file in DATA_SEGMENT_UNITS]
                  + [gen_dir / n for n in GENERATED if n in DATA_SEGMENT_UNITS])
    units = ([ASM_DIR / s.file for s in sources if s.file not in DATA_SEGMENT_UNITS]
             + [gen_dir / n for n in GENERATED if n not in DATA_SEGMENT_UNITS] + data_units)
    errors: list[str] = []
    objects = []
    # the big generated tables first, so they start early on their own worker
    order = sorted(range(len(units)), key=lambda i: units[i].parent != gen_dir)
    results = dict(zip(order, _assemble_all([units[i] for i in order], include_dirs,
                                            progress)))
    for i, path in enumerate(units):
        obj, a, errs = results[i]
        errors.extend(_with_path(e, path) for e in errs)
        if obj is not None:
            objects.append((obj, a))
    if errors:
        raise BuildError("\n".join(errors))
    _check_imports([a for _, a in objects], units)

    n_code = len(objects) - len(data_units)
    from gsasm import linkiigs
    placement = linkiigs._place(objects, 0)     # where each unit goes, for both below
    symbols = _symbol_map(objects, n_code, placement)
    load_file = _link(objects, n_code, [u.name for u in units], symbols, placement)

    key = source_hash(engine_only)
    out = out_dir / (ENGINE_FILE_NAME if engine_only else LOAD_FILE_NAME)
    _atomic_write(out, load_file)
    _atomic_write(out.with_name(out.name + SYMBOLS_SUFFIX),
                  json.dumps({"key": key, "symbols": symbols}, indent=0, sort_keys=True).encode())
    if progress is not None:
        progress(len(units) + 1, len(units) + 1)
    return out, symbols


def _with_path(err: str, path: Path) -> str:
    """gsasm reports `name:line: ...`; show the path relative to the package."""
    try:
        rel = path.relative_to(ASM_DIR.parent.parent)
    except ValueError:
        rel = path
    for prefix in (str(path), path.name):
        if err.startswith(prefix + ":"):
            return str(rel) + err[len(prefix):]
    return f"{rel}: {err}"


def _check_imports(asms: list, units: list[Path]) -> None:
    exported: set[str] = set()
    for a in asms:
        exported |= {n.upper() for n in getattr(a, "exports", ())}
    missing = []
    for a, path in zip(asms, units):
        for name in sorted(getattr(a, "imports", ()) or ()):
            if name.upper() not in exported:
                missing.append(f"{path.name}: error: IMPORTed '{name}' is EXPORTed by no unit")
    if missing:
        raise BuildError("\n".join(missing))


def _symbol_map(objects: list, n_code: int,
                placement: tuple | None = None) -> dict[str, dict[str, int]]:
    """Every code/data label of every unit -> its segment and offset in it: the first
    `n_code` objects are the code segment, the rest the data segment. `placement`:
    gsasm's `linkiigs._place(objects, 0)` when the caller has it already."""
    from gsasm import linkiigs
    _placed, obj_seg_bases, _idx = placement or linkiigs._place(objects, 0)
    split = _data_start(obj_seg_bases, n_code)
    symbols: dict[str, dict[str, int]] = {}
    for i, ((_obj, a), bases) in enumerate(zip(objects, obj_seg_bases)):
        segment, origin = (CODE_SEGMENT, 0) if i < n_code else (DATA_SEGMENT, split)
        for name, kind in a.symtype.items():
            if kind != "label" or name.startswith("@") or "." in name:
                continue
            seg = a.symseg.get(name)
            if seg is None or seg >= len(bases):
                continue
            entry = {"segment": segment,
                     "offset": bases[seg] + (a.symbols[name] & 0xFFFF) - origin}
            # exported names win over same-named locals of other units
            if name in symbols and name not in a.exports:
                continue
            symbols[name] = entry
    return symbols


# --------------------------------------------------------------------------------------
# the two load segments

# Opcodes whose 16-bit operand is an immediate value (and PEA's): the only places a code
# unit may use the low word of a data segment address. Anywhere else a 16-bit operand is
# an address in the code segment's bank (DBR), not the data's: long addressing is needed.
_IMMEDIATE_OPCODES = frozenset({0x09, 0x29, 0x49, 0x69, 0x89, 0xA0, 0xA2, 0xA9, 0xC0,
                                0xC9, 0xE0, 0xE9, 0xF4})


@dataclass(frozen=True)
class DataReference:
    """A field of the code segment that holds a data segment address."""
    site: int          # offset of the field in the code segment
    size: int          # its bytes (3: `lda >Label,x`)
    shift: int         # right shift of the address stored (16: the bank byte, `#^Label`)
    target: int        # offset of the address in the data segment
    label: str         # the data label named
    unit: str          # the unit that refers to it


def _data_start(obj_seg_bases: list, n_code: int) -> int:
    """Where the data units begin in the joint placement of all units."""
    return obj_seg_bases[n_code][0] if n_code < len(obj_seg_bases) else 0


def _data_references(placement: tuple, n_code: int, unit_names: list[str],
                     symbols: dict[str, dict[str, int]]) -> list[DataReference]:
    """Every field of the code units that names a data label, from their OMF expression
    records (walked as gsasm's SUPER scan walks them). Raises BuildError for what one
    load segment cannot hold of another: a code label mixed in, a relative branch into
    the data, an address inside the data units themselves."""
    from gsasm import omf as gs_omf
    from gsasm.expressload import _get_shift, _needs_reloc, _reloc_weight
    placed, _bases, placed_obj_idx = placement
    labels = {name: e["offset"] for name, e in symbols.items() if e["segment"] == DATA_SEGMENT}
    refs: list[DataReference] = []
    for (_name, recs, seg_base, _hdr, a), oi in zip(placed, placed_obj_idx):
        unit = unit_names[oi]
        own = {n for n, k in a.symtype.items() if k != "import"}
        offset = 0
        for _at, rec, d in recs:
            if rec == "END":
                break
            if rec in ("CONST", "LCONST"):
                offset += len(d)
                continue
            if rec == "DS":
                offset += d
                continue
            if rec not in ("LEXPR", "BEXPR", "EXPR", "RELEXPR"):
                continue
            size, ops = d[0], d[1]
            site = seg_base + offset
            offset += size
            if oi >= n_code:
                if rec == "RELEXPR" or _needs_reloc(ops):
                    raise BuildError(f"{unit}: the data segment holds an address to "
                                     f"relocate (at ${site:X}); keep such tables in code")
                continue
            names = [op[1] for op in ops if isinstance(op, tuple) and op[0].startswith("sym")]
            named = [n for n in names if n in labels and n not in own]
            if not named:
                continue
            if rec == "RELEXPR" or len(named) != len(names):
                raise BuildError(f"{unit}: {named[0]} is in the data segment: reach it by "
                                 "its long address plus constants only")
            weight = _reloc_weight(ops)
            if weight == 0:             # a difference of two data labels: a constant
                continue
            shift = _get_shift(ops)
            if weight != 1 or shift < 0:
                raise BuildError(f"{unit}: {named[0]} is in the data segment: this "
                                 "expression of its address cannot be relocated")
            unshifted = ops
            if shift:
                unshifted = ops[:-3] + ["end"]
            target = gs_omf._eval(unshifted, labels) & 0xFFFFFF
            refs.append(DataReference(site, size, shift, target, named[0], unit))
    return refs


def _check_bank(segnum: int, name: bytes | str, length: int) -> None:
    """A load segment longer than its bank (BANKSIZE $10000) is refused here, at build
    time, as the System Loader would refuse it at launch."""
    if isinstance(name, bytes):
        name = name.decode("latin-1")
    if length > BANK_SIZE:
        raise BuildError(f"segment {segnum} '{name.strip()}' is LENGTH ${length:X}, more "
                         f"than its BANKSIZE ${BANK_SIZE:X}: move data the code does not "
                         "need in its own bank to the data segment (DATA_SEGMENT_UNITS)")


def _link(objects: list, n_code: int, unit_names: list[str],
          symbols: dict[str, dict[str, int]], placement: tuple) -> bytes:
    """The load file: segment 1, the code (the first `n_code` units); segment 2, the data.

    gsasm links the units into one merged segment (`merge` + `super`: SUPER relocation
    records), the data units last, so the code is the front of it and the data the rest.
    It is cut there. Each code field naming a data label (`DataReference`) leaves the
    SUPER records, which would relocate it against segment 1, for a cINTERSEG record
    (INTERSEG when wider than 16 bits) to segment 2, and holds the label's offset in
    segment 2, as a linker writes it. Segment 2 is KIND data with BANKSIZE $10000: the
    loader puts it inside one bank, so a table indexed by X never crosses into the next.
    """
    from gsasm import linkiigs, omf as gs_omf
    from gsasm.expressload import emit_cinterseg, emit_interseg
    joint = linkiigs.link(objects, {"merge": True, "super": True})
    seg = next(gs_omf.iter_segments(joint))
    hdr = seg["hdr"]
    if n_code == len(objects):
        _check_bank(CODE_SEGMENT, hdr["SEGNAME"], hdr["LENGTH"])
        return joint
    split = _data_start(placement[1], n_code)
    _check_bank(CODE_SEGMENT, hdr["SEGNAME"], split)
    _check_bank(DATA_SEGMENT, DATA_SEGMENT_NAME, hdr["LENGTH"] - split)
    image = bytearray(b"".join(d for _at, rec, d in seg["recs"] if rec in ("CONST", "LCONST")))
    if len(image) != hdr["LENGTH"]:
        raise BuildError(f"the linked image is {len(image)} bytes, LENGTH {hdr['LENGTH']}")
    supers = gs_omf.parse_super(seg["raw"])

    inter = b""
    moved: set[int] = set()
    for r in _data_references(placement, n_code, unit_names, symbols):
        mask = (1 << 8 * r.size) - 1
        joint_value = split + r.target
        stored = int.from_bytes(image[r.site:r.site + r.size], "little")
        if stored not in ((joint_value >> r.shift) & mask, joint_value & mask):
            raise BuildError(f"{r.unit}: {r.label} at ${r.site:X} linked as ${stored:X}, "
                             f"not ${joint_value:X}")
        if r.size == 2 and r.shift == 0 and image[r.site - 1] not in _IMMEDIATE_OPCODES:
            raise BuildError(f"{r.unit}: {r.label} is in the data segment: use long "
                             f"addressing (>{r.label}) at ${r.site - 1:X}")
        image[r.site:r.site + r.size] = ((r.target >> r.shift) & mask).to_bytes(r.size, "little")
        moved.add(r.site)
        if r.site <= 0xFFFF and r.target <= 0xFFFF:
            inter += emit_cinterseg(r.size, r.shift, r.site, DATA_SEGMENT, r.target)
        else:
            inter += emit_interseg(r.size, r.shift, r.site, DATA_SEGMENT, r.target)
    supers = {t: [o for o in offs if o not in moved] for t, offs in supers.items()}
    stray = sorted(o for offs in supers.values() for o in offs if o >= split)
    if stray:
        raise BuildError(f"a relocation at ${stray[0]:X} falls in the data segment")
    tail = b"".join(gs_omf.emit_super(t, sorted(offs)) for t, offs in sorted(supers.items())
                    if offs)
    code = gs_omf._make_segment(hdr["SEGNAME"], hdr["LOADNAME"], hdr["ORG"], hdr["KIND"],
                                CODE_SEGMENT, bytes(image[:split]), tail_recs=tail + inter)
    data = bytearray(gs_omf._make_segment(DATA_SEGMENT_NAME, hdr["LOADNAME"], 0, KIND_DATA,
                                          DATA_SEGMENT, bytes(image[split:])))
    data[0x10:0x14] = BANK_SIZE.to_bytes(4, "little")   # gsasm leaves a data segment's 0
    return code + bytes(data)


def _atomic_write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


def symbol_address(program, symbols: dict[str, dict[str, int]], name: str) -> int:
    """The 24-bit address of label `name` of a loaded GIN.KING or GIN.ENGINE: its
    segment's load address (`program.address_of`) plus its offset there."""
    entry = symbols[name]
    return program.address_of(entry["segment"], entry["offset"])


# --------------------------------------------------------------------------------------
# the cached entry point

_memo: tuple[str, Path, dict] | None = None          # GIN.KING
_engine_memo: tuple[str, Path, dict] | None = None   # GIN.ENGINE


def ensure_built(engine_only: bool = False) -> tuple[Path, dict[str, dict[str, int]]]:
    """The current GIN.KING (or, `engine_only`, GIN.ENGINE) and its symbol map,
    rebuilding only when a source changed."""
    global _memo, _engine_memo
    key = source_hash(engine_only)
    memo = _engine_memo if engine_only else _memo
    if memo is not None and memo[0] == key and memo[1].exists():
        return memo[1], memo[2]
    out_dir = build_dir()
    out = out_dir / (ENGINE_FILE_NAME if engine_only else LOAD_FILE_NAME)
    sym_path = out.with_name(out.name + SYMBOLS_SUFFIX)
    result = None
    if out.exists() and sym_path.exists():
        try:
            data = json.loads(sym_path.read_text())
            if data.get("key") == key:
                result = (out, data["symbols"])
        except (OSError, ValueError, KeyError):
            pass
    if result is None:
        result = _build_telling(out_dir, engine_only, first=not out.exists())
    if engine_only:
        _engine_memo = (key, result[0], result[1])
    else:
        _memo = (key, result[0], result[1])
    return result


def _build_telling(out_dir: Path, engine_only: bool,
                   first: bool) -> tuple[Path, dict[str, dict[str, int]]]:
    """`build`, saying so on stderr in one line with a progress bar (a build takes
    20-60 s: the first start must not look hung)."""
    from gin_king.build_progress import BuildProgress
    name = ENGINE_FILE_NAME if engine_only else LOAD_FILE_NAME
    line = BuildProgress(name, "first start only" if first else "its sources changed")
    try:
        result = build(out_dir, engine_only, progress=line.step)
    except BaseException:
        line.finish(ok=False)
        raise
    line.finish()
    return result


def main(argv: list[str] | None = None) -> int:
    """`python -m gin_king.build`: build now and print where the load file went."""
    t0 = time.perf_counter()
    try:
        out, symbols = build()
    except BuildError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{out} ({out.stat().st_size} bytes, {len(symbols)} symbols) "
          f"in {time.perf_counter() - t0:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
