"""Every CPU has its own translator (`iigs.tiers.Translator`): a test that wants another
policy than the default gives its CPU one through the constructor."""
from __future__ import annotations

import pytest

from iigs.tiers import Translator


@pytest.fixture
def translate_at_once() -> Translator:
    """A translator that translates a block the first time it is reached, not batched
    (`hot=1`, `batch_cycles=0`): regions everywhere, at once."""
    return Translator(hot=1, batch_cycles=0)
