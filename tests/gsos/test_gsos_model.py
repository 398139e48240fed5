"""Random sequences of Write/Read/SetMark/SetEOF/Flush on one open file agree with
a plain bytearray model, and what Close leaves on the host is the model's bytes."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from gsos_helpers import FLUSH, GET_EOF, GET_MARK, SET_EOF, SET_MARK, Machine
from toolbox import gsos

OPS = st.lists(st.one_of(
    st.tuples(st.just("write"), st.binary(min_size=0, max_size=700)),
    st.tuples(st.just("read"), st.integers(0, 900)),
    st.tuples(st.just("mark"), st.integers(0, 3), st.integers(0, 3000)),
    st.tuples(st.just("eof"), st.integers(0, 3), st.integers(0, 3000)),
    st.tuples(st.just("flush")),
), max_size=25)


def target(base: int, displacement: int, mark: int, eof: int) -> int:
    return [displacement, eof - displacement, mark + displacement,
            mark - displacement][base]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(initial=st.binary(max_size=1500), ops=OPS)
def test_gsos_file_calls_match_model(tmp_path_factory, initial, ops):
    m = Machine(tmp_path_factory.mktemp("model") / "GinKing.po")
    m.save_file("DATA", initial)
    model, mark = bytearray(initial), 0
    error, refnum = m.open("DATA", 3)
    assert error == 0
    for op in ops:
        if op[0] == "write":
            assert m.write(refnum, op[1]) == (0, len(op[1]))
            model[mark:mark + len(op[1])] = op[1]
            mark += len(op[1])
        elif op[0] == "read":
            error, got = m.read(refnum, op[1])
            want = bytes(model[mark:mark + op[1]])
            assert got == want
            assert error == (gsos.EOF_ENCOUNTERED if op[1] and not want else 0)
            mark += len(want)
        elif op[0] == "mark":
            new = target(op[1], op[2], mark, len(model))
            error = m.set_position(SET_MARK, refnum, op[1], op[2])
            if 0 <= new <= len(model):
                assert error == 0
                mark = new
            else:
                assert error == gsos.OUT_OF_RANGE
        elif op[0] == "eof":
            new = target(op[1], op[2], mark, len(model))
            error = m.set_position(SET_EOF, refnum, op[1], op[2])
            if 0 <= new:
                assert error == 0
                model = model[:new] + bytes(max(0, new - len(model)))
                mark = min(mark, new)
            else:
                assert error == gsos.OUT_OF_RANGE
        else:
            assert m.call(FLUSH, ("W", refnum))[0] == 0
            assert m.on_host().read_file("DATA") == bytes(model)
        assert m.get_position(GET_MARK, refnum) == (0, mark)
        assert m.get_position(GET_EOF, refnum) == (0, len(model))
    assert m.close(refnum) == 0
    host = m.on_host()
    assert host.read_file("DATA") == bytes(model)
    assert host.check() == []
