"""TextEdit (tool set $22): styled, word-wrapped, scrolling text records and controls.

`model` is the editing model (text, style runs, selection, keys, wrapped lines) alone;
`record` the records, their control, scroll bar and drawing; `calls` the tool calls.
"""
from toolbox.textedit import calls, model, record  # noqa: F401  (register them)
