"""The bridge module imports without OpenSpiel and names the extra when it is missing."""
from __future__ import annotations

import sys

import pytest


def test_without_pyspiel_the_bridge_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)      # import pyspiel -> ImportError
    from gin_king import openspiel as bridge
    with pytest.raises(RuntimeError, match=r"\[openspiel\]"):
        bridge.pyspiel_module()
    assert bridge.main(["--p1", "shark", "--hands", "2"]) == 2
