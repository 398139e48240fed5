"""The signal between the I/O page and the CPU's tiers that a clock read came too early.

Its own module so that the CPU (`iigs.cpu_fast`, which catches it) does not import the
I/O page and what that imports (the sound chip and numpy): a program that only runs the
CPU, such as `gin-king bench cpu`'s cold start, starts that much sooner.
"""


class StaleClock(Exception):
    """A TIMED register was read while `IOPage.clock_exact` is False (see
    `iigs.cpu_fast.stale_clock_step`)."""
