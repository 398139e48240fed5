"""StringToText's substitutions (Misc Tool Set, System 6): 7-bit text for the IIGS's
8-bit characters ($80-$FF, the Apple character set the desktop fonts draw), so a
program can show desktop text where only ASCII shows (the text screen, a CDA, a shell's
console).

Each character has a one-character stand-in and, where one character says it badly,
a longer one that fAllowLongerSubs allows (at most 4 characters, as a caller sizing
its buffer at 4 characters an input character expects). The table is this toolbox's
own (Apple's was not at hand; docs/compatibility.md): accented letters lose their
accents, ligatures and symbols are spelled out.
"""
from __future__ import annotations

# code -> (the one-character stand-in, the longer one or "")
SUBSTITUTIONS: dict[int, tuple[str, str]] = {
    0x80: ("A", ""), 0x81: ("A", ""), 0x82: ("C", ""), 0x83: ("E", ""),
    0x84: ("N", ""), 0x85: ("O", ""), 0x86: ("U", ""), 0x87: ("a", ""),
    0x88: ("a", ""), 0x89: ("a", ""), 0x8A: ("a", ""), 0x8B: ("a", ""),
    0x8C: ("a", ""), 0x8D: ("c", ""), 0x8E: ("e", ""), 0x8F: ("e", ""),
    0x90: ("e", ""), 0x91: ("e", ""), 0x92: ("i", ""), 0x93: ("i", ""),
    0x94: ("i", ""), 0x95: ("i", ""), 0x96: ("n", ""), 0x97: ("o", ""),
    0x98: ("o", ""), 0x99: ("o", ""), 0x9A: ("o", ""), 0x9B: ("o", ""),
    0x9C: ("u", ""), 0x9D: ("u", ""), 0x9E: ("u", ""), 0x9F: ("u", ""),
    0xA0: ("+", ""), 0xA1: ("o", ""), 0xA2: ("c", ""), 0xA3: ("L", ""),
    0xA4: ("S", ""), 0xA5: ("*", ""), 0xA6: ("P", ""), 0xA7: ("B", "ss"),
    0xA8: ("R", "(R)"), 0xA9: ("C", "(C)"), 0xAA: ("T", "(TM)"), 0xAB: ("'", ""),
    0xAC: ('"', ""), 0xAD: ("#", "<>"), 0xAE: ("A", "AE"), 0xAF: ("O", ""),
    0xB0: ("8", ""), 0xB1: ("+", "+/-"), 0xB2: ("<", "<="), 0xB3: (">", ">="),
    0xB4: ("Y", ""), 0xB5: ("u", ""), 0xB6: ("d", ""), 0xB7: ("S", ""),
    0xB8: ("P", ""), 0xB9: ("p", "pi"), 0xBA: ("S", ""), 0xBB: ("a", ""),
    0xBC: ("o", ""), 0xBD: ("O", ""), 0xBE: ("a", "ae"), 0xBF: ("o", ""),
    0xC0: ("?", ""), 0xC1: ("!", ""), 0xC2: ("-", ""), 0xC3: ("v", ""),
    0xC4: ("f", ""), 0xC5: ("~", ""), 0xC6: ("D", ""), 0xC7: ("<", "<<"),
    0xC8: (">", ">>"), 0xC9: (".", "..."), 0xCA: (" ", ""), 0xCB: ("A", ""),
    0xCC: ("A", ""), 0xCD: ("O", ""), 0xCE: ("O", "OE"), 0xCF: ("o", "oe"),
    0xD0: ("-", ""), 0xD1: ("-", "--"), 0xD2: ('"', ""), 0xD3: ('"', ""),
    0xD4: ("'", ""), 0xD5: ("'", ""), 0xD6: ("/", ""), 0xD7: ("o", ""),
    0xD8: ("y", ""),
}
NO_SUBSTITUTE = "?"          # a character the table lacks, unless passed through


def substitute(code: int, longer: bool, pass_through: bool) -> bytes:
    """The 7-bit text for one character: ASCII ($00-$7F) as it is; an 8-bit one by the
    table (the longer form when allowed); one the table lacks as "?", or unchanged
    when passing through."""
    if code < 0x80:
        return bytes([code])
    entry = SUBSTITUTIONS.get(code)
    if entry is None:
        return bytes([code]) if pass_through else NO_SUBSTITUTE.encode("ascii")
    short, long = entry
    return (long if longer and long else short).encode("ascii")
