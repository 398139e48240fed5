"""Fixtures of the application tests: the built program, and tables (sessions of
GIN.KING booted from fresh disks) that are closed after each test. The helpers live in
gk_table.py."""
from __future__ import annotations

import pytest

from gin_king import app
from gk_table import Table, boot_table


@pytest.fixture(scope="session")
def program() -> bytes:
    return app.program_bytes()


@pytest.fixture
def table_factory(tmp_path, program):
    made: list[Table] = []

    def make(seed: int | None = 1234, **kw) -> Table:
        t = boot_table(tmp_path, program, seed, **kw)
        made.append(t)
        return t

    yield make
    for t in made:
        t.s.close()
