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


@pytest.fixture(autouse=True)
def _analyses_kept_apart(request: pytest.FixtureRequest):
    """A test that breaks an analysis on purpose (with `monkeypatch`) neither reads nor
    leaves behind the results kept per process of the analyses (`blocks.forget_derived`)."""
    from iigs import blocks
    if "monkeypatch" not in request.fixturenames:
        yield
        return
    blocks.forget_derived()
    yield
    blocks.forget_derived()
