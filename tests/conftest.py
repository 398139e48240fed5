"""Test-wide set-up: everything runs headless, and the machine is strict (a tool call
the toolbox lacks stops it with the report, as GIN.KING's tests require); tests of the
Tool Locator's answers ask for Machine(strict=False)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("IIGS_STRICT", "1")
