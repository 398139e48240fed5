"""`python -m system run PROGRAM ...`: the runner (`system.runner`), as the installed
`iigs run PROGRAM ...` command is."""
from system.runner import main

if __name__ == "__main__":
    raise SystemExit(main(prog="python -m system"))
