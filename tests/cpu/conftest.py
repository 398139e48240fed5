"""Every CPU test starts with no translations: regions, shapes and the bytes known to be
rewritten are shared by all CPUs of a process (`iigs.tiers.REGION_CACHES`,
`iigs.blocks.REWRITTEN`), so one test's self-modifying code would change how the next
one's blocks are decoded."""
from __future__ import annotations

from typing import Iterator

import pytest

from iigs import tiers


@pytest.fixture(autouse=True)
def no_translations() -> Iterator[None]:
    tiers.forget_translations()
    yield
    tiers.forget_translations()


@pytest.fixture
def translate_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A block is translated the first time it is reached, not batched (`tiers.HOT`,
    `tiers.BATCH_CYCLES`): regions everywhere, at once."""
    monkeypatch.setattr(tiers, "HOT", 1)
    monkeypatch.setattr(tiers, "BATCH_CYCLES", 0)
