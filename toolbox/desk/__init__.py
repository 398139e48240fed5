"""The Desk Manager and its desk accessories (tool set $05).

`manager` is the Desk Manager (its state and tool calls); `install` its calls that
install and remove desk accessories, the run queue, the CDA menu's strings and the
saved screen; `nda` the desk accessory protocol and registry; `control_panel` the
Control Panel NDA.
"""
from toolbox.desk import control_panel, install, manager, nda  # noqa: F401  (register them)
