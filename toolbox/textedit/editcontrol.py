"""TextEdit's control (editTextControl, defProc family $05) as the Control Manager sees
it: a control definition registered in `toolbox.control.CONTROL_DEFS`, as the List
Manager's list control is. DrawOneCtl/DrawControls draw the record's view (TEUpdate's
drawing), FindControl answers its part code, TrackControl is TEClick's tracking at the
local point, DisposeControl is TEKill's work, NewControl2 takes a TEParamBlock as its
template.
"""
from __future__ import annotations

from toolbox import control
from toolbox.textedit.record import EDIT_TEXT_CONTROL, TERecord

EDIT_TEXT_PART = 0x85            # FindControl/TrackControl's part code for one


class EditTextControl:
    """The keeper of TextEdit controls: the TextEdit records behind them."""

    def __init__(self, tb) -> None:
        self.tb = tb

    def _record(self, ctl: control.Control) -> TERecord | None:
        return self.tb.te.records.get(ctl.handle)

    def draw(self, qd, ctl: control.Control) -> None:
        """The view, the selection or caret and the scroll bar; TextEdit sets the port
        and clips to the view itself (ControlDef.own_port)."""
        rec = self._record(ctl)
        if rec is not None:
            self.tb.te.draw(rec)

    def part_at(self, ctl: control.Control, v: int, h: int) -> int:
        return EDIT_TEXT_PART

    def track(self, ctl: control.Control, v: int, h: int) -> int:
        """TEClick's tracking from a local point: the caret there, a drag selecting."""
        rec = self._record(ctl)
        if rec is not None:
            self.tb.te.click(rec, v, h, extend=False)
        return EDIT_TEXT_PART

    def follow(self, ctl: control.Control) -> None:
        """Nothing follows the CtlRec: TextEdit keeps its own fields (TERecord)."""

    def dispose(self, ctl: control.Control) -> None:
        """TEKill's work: the record, its own scroll bar and the control record (the
        TERecord) freed, the control forgotten."""
        rec = self._record(ctl)
        if rec is not None:
            self.tb.te.dispose(rec)

    def from_template(self, tb, owner: int, addr: int) -> control.Control:
        """A TextEdit control from its TEParamBlock (NewControl2's template), drawn."""
        from toolbox.textedit.calls import new_from_param_block
        rec = new_from_param_block(tb, owner, addr)
        tb.te.draw(rec)
        return tb.ctl.control(rec.handle)


control.CONTROL_DEFS[EDIT_TEXT_CONTROL & 0x7F000000] = control.ControlDef(
    EDIT_TEXT_PART, EditTextControl, own_port=True)
