"""ChooseFont's dialog (Font Manager, Toolbox Reference vol. 1 ch. 8): a modal dialog of
the Dialog Manager in which the user picks a family, a size and a style, answered as a
font ID (family in the low word, style in bits 16-23, size in bits 24-31), or 0 when the
user cancels.

Its layout is this toolbox's own (Apple's dialog is not described in the interfaces at
hand; docs/compatibility.md): a radio button per family the Font Manager lists, the
size in an edit line (selected, so typing replaces it), check boxes for QuickDraw II's
five styles, OK (the default: Return) and Cancel (Escape, Apple-period). A size that is
not a number from 1 to 255 beeps and leaves the dialog up.
"""
from __future__ import annotations

from iigs.memory import write_pstring
from toolbox.dialog import (BUTTON_ITEM, CANCEL_ITEM, CHECK_ITEM, EDIT_LINE, ITEM_DISABLE,
                            OK_ITEM, RADIO_ITEM, STAT_TEXT)

SIZE_ITEM = 3
STYLE_ITEMS = 4                       # 4..8: bold, italic, underline, outline, shadow
FAMILY_ITEMS = 10                     # a radio button per family from here
LABEL_ITEMS = 40                      # the static texts
STYLES = ((b"Bold", 0x01), (b"Italic", 0x02), (b"Underline", 0x04),
          (b"Outline", 0x08), (b"Shadow", 0x10))          # QuickDraw II's text faces
WIDTH, ROW = 320, 14
MAX_SIZE_CHARS = 3
LOCKED = 0xC000
SYSTEM_OWNER = 0x1000


def font_id(family: int, style: int, size: int) -> int:
    """A FontID: famNum, then the style and size bytes."""
    return (family & 0xFFFF) | (style & 0xFF) << 16 | (size & 0xFF) << 24


class FontDialog:
    """One ChooseFont: the dialog made, run until OK or Cancel, closed."""

    def __init__(self, tb, families: list[tuple[int, bytes]], current: int) -> None:
        self.tb = tb
        self.families = families
        self.family = current & 0xFFFF
        if self.family not in [f for f, _ in families]:
            self.family = families[0][0]
        self.style = (current >> 16) & 0xFF
        self.size = (current >> 24) & 0xFF

    def run(self, default_size: int) -> int:
        """The font ID chosen, or 0 for Cancel."""
        tb = self.tb
        dm = tb.dlg
        size = self.size or default_size
        texts = [b"OK", b"Cancel", b"Family:", b"Size:", str(size).encode(),
                 *(name for name, _ in STYLES), *(name for _, name in self.families)]
        handle = tb.mm.new_handle(sum(len(t) + 1 for t in texts),
                                  tb.mm.app_user_id or SYSTEM_OWNER, LOCKED)
        addrs, at = [], tb.mm.deref(handle)
        for text in texts:
            write_pstring(tb.mem, at, text)
            addrs.append(at)
            at += len(text) + 1
        ok_text, cancel_text, family_text, size_text, size_value = addrs[:5]
        style_texts, family_texts = addrs[5:5 + len(STYLES)], addrs[5 + len(STYLES):]
        rows = max(len(self.families), 2)
        height = 20 + rows * ROW + 2 * ROW + 30
        screen_width = 640 if tb.qd.master_scb & 0x80 else 320
        left = max((screen_width - WIDTH) // 2, 0)
        dlg = dm.new_modal((30, left, 30 + height, left + WIDTH), True, 0)
        try:
            dm.new_item(dlg, LABEL_ITEMS, (8, 10, 18, 70), STAT_TEXT | ITEM_DISABLE,
                        family_text, 0, 0)
            for i, (family, _) in enumerate(self.families):
                dm.new_item(dlg, FAMILY_ITEMS + i, (6 + i * ROW, 76, 0, 0), RADIO_ITEM,
                            family_texts[i], int(family == self.family), 1)
            dm.new_item(dlg, LABEL_ITEMS + 1, (8, 200, 18, 240), STAT_TEXT | ITEM_DISABLE,
                        size_text, 0, 0)
            dm.new_item(dlg, SIZE_ITEM, (6, 244, 19, 300), EDIT_LINE, size_value,
                        MAX_SIZE_CHARS, 0)
            top = 14 + rows * ROW
            for i, (_, bit) in enumerate(STYLES):
                v, h = top + (i // 3) * ROW, 10 + (i % 3) * 100
                dm.new_item(dlg, STYLE_ITEMS + i, (v, h, 0, 0), CHECK_ITEM,
                            style_texts[i], int(bool(self.style & bit)), 0)
            bottom = height - 20
            dm.new_item(dlg, CANCEL_ITEM, (bottom, 120, bottom + 13, 200), BUTTON_ITEM,
                        cancel_text, 0, 0)
            dm.new_item(dlg, OK_ITEM, (bottom, 220, bottom + 13, 300), BUTTON_ITEM,
                        ok_text, 0, 0)
            return self._loop(dlg)
        finally:
            dm.close(dlg)
            tb.mm.dispose(handle)

    def _loop(self, dlg) -> int:
        dm = self.tb.dlg
        while True:
            hit = dm.modal(dlg)
            if hit in (0, CANCEL_ITEM):
                return 0
            if hit == OK_ITEM:
                text = bytes(dlg.item(SIZE_ITEM).edit.model.text)
                if text.isdigit() and 1 <= int(text) <= 255:
                    return font_id(self.family, self.style, int(text))
                self.tb.snd.beep()
            elif STYLE_ITEMS <= hit < STYLE_ITEMS + len(STYLES):
                self.style ^= STYLES[hit - STYLE_ITEMS][1]
                self._set(dlg, hit, int(bool(self.style & STYLES[hit - STYLE_ITEMS][1])))
            elif FAMILY_ITEMS <= hit < FAMILY_ITEMS + len(self.families):
                self.family = self.families[hit - FAMILY_ITEMS][0]
                for i in range(len(self.families)):
                    self._set(dlg, FAMILY_ITEMS + i, int(FAMILY_ITEMS + i == hit))

    def _set(self, dlg, item_id: int, value: int) -> None:
        item = dlg.item(item_id)
        item.value = value
        if item.control is not None:
            self.tb.ctl.set_value(item.control, value)
