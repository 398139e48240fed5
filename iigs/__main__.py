"""`python -m iigs` runs nothing: the hardware floor has no runner (it would have to
import the toolbox above it). The runner is the system's (docs/architecture.md)."""
import sys

MESSAGE = ("python -m iigs: the runner is the system's: use `python -m system run "
           "PROGRAM ...` (or `iigs run PROGRAM ...` once installed); nothing was run")

if __name__ == "__main__":
    print(MESSAGE, file=sys.stderr)
    raise SystemExit(2)
