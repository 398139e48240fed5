"""TextEdit (tool set $22): styled, word-wrapped, scrolling text records and controls.

`model` is the editing model (text, style runs, selection, keys, wrapped lines) alone;
`record` the records, their scroll bar and drawing; `editcontrol` their control as the
Control Manager keeps it (a control definition); `calls` the tool calls.
"""
from toolbox.textedit import calls, editcontrol, model, record  # noqa: F401  (register them)
